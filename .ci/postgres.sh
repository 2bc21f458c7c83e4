#!/usr/bin/env bash
# Start Debian's PostgreSQL cluster and make a role and database for the tests.
# Prints the SQLAlchemy URL to use. Idempotent: safe to run again.
set -euo pipefail
version=$(ls /usr/lib/postgresql | sort -n | tail -1)
cluster=$(pg_lsclusters -h | awk -v v="$version" '$1 == v {print $2; exit}')
if [ -z "$cluster" ]; then
  pg_createcluster "$version" main >/dev/null
  cluster=main
fi
pg_ctlcluster "$version" "$cluster" start 2>/dev/null || true
for _ in $(seq 1 30); do
  pg_isready -q -h 127.0.0.1 && break
  sleep 0.5
done
as_pg() { su postgres -c "$1" >/dev/null; }
as_pg "psql -tAc \"SELECT 1 FROM pg_roles WHERE rolname = 'missionkit'\" | grep -q 1 || psql -c \"CREATE ROLE missionkit LOGIN PASSWORD 'missionkit'\""
as_pg "psql -tAc \"SELECT 1 FROM pg_database WHERE datname = 'missionkit_test'\" | grep -q 1 || createdb -O missionkit missionkit_test"
echo "postgresql+psycopg://missionkit:missionkit@127.0.0.1:5432/missionkit_test"
