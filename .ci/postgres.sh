#!/usr/bin/env bash
# Start Debian's PostgreSQL cluster and make a role and database for the tests.
# Prints only the SQLAlchemy URL on stdout, so it can be captured:
#   MISSION_KIT_PG_URL="$(bash .ci/postgres.sh)"
# Everything else goes to stderr, and the server is started with no handle on the captured
# pipe (a daemon holding it would make the capture wait forever). Idempotent.
set -euo pipefail

setup() {
  local version cluster
  version=$(ls /usr/lib/postgresql | sort -n | tail -1)
  cluster=$(pg_lsclusters -h | awk -v v="$version" '$1 == v {print $2; exit}')
  if [ -z "$cluster" ]; then
    pg_createcluster "$version" main
    cluster=main
  fi
  pg_ctlcluster "$version" "$cluster" start || true
  for _ in $(seq 1 60); do
    pg_isready -q -h 127.0.0.1 && break
    sleep 0.5
  done
  su postgres -c "psql -tAc \"SELECT 1 FROM pg_roles WHERE rolname = 'missionkit'\" | grep -q 1 || psql -c \"CREATE ROLE missionkit LOGIN PASSWORD 'missionkit'\""
  su postgres -c "psql -tAc \"SELECT 1 FROM pg_database WHERE datname = 'missionkit_test'\" | grep -q 1 || createdb -O missionkit missionkit_test"
}

setup >&2 </dev/null
echo "postgresql+psycopg://missionkit:missionkit@127.0.0.1:5432/missionkit_test"
