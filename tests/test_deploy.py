"""The hosted instance in deploy/, checked without a Docker engine (none here or in CI): the
compose file's services and their health, the image's user, health check and command, the
Caddyfile's upstream, and that every variable the files pass is one the app reads."""

from __future__ import annotations

import re
import shlex
import tomllib
from urllib.parse import urlsplit

import pytest
import yaml

from companion.cli import parser
from tests.conftest import ROOT

DEPLOY = ROOT / "deploy"


@pytest.fixture(scope="module")
def compose() -> dict:
    return yaml.safe_load((DEPLOY / "compose.yaml").read_text())


def dockerfile() -> list[tuple[str, str]]:
    """(instruction, arguments) per Dockerfile instruction, continuation lines joined."""
    text = re.sub(r"\\\n", " ", (DEPLOY / "Dockerfile").read_text())
    lines = [line.strip() for line in text.splitlines()]
    return [tuple(line.split(None, 1)) for line in lines if line and not line.startswith("#")]


def instructions(name: str) -> list[str]:
    return [args for op, args in dockerfile() if op == name]


def env_file() -> dict[str, str]:
    pairs = [line.split("=", 1) for line in (DEPLOY / ".env.example").read_text().splitlines()
             if line.strip() and not line.startswith("#")]
    return {k.strip(): v.strip() for k, v in pairs}


def interpolated(value: str, given: dict[str, str]) -> str:
    """`value` as compose fills it in from deploy/.env: ${X}, ${X:-default}, ${X:?error}."""
    def fill(m: re.Match) -> str:
        name, op, rest = m[1], m[2], m[3]
        if name in given:
            return given[name]
        assert op == ":-", f"{name} is required but .env.example does not set it"
        return rest

    return re.sub(r"\$\{(\w+)(?:(:[-?])([^}]*))?\}", fill, value)


def command(environment: dict[str, str]) -> list[str]:
    """The image's command as the shell would run it, with `environment`'s values."""
    (cmd,) = instructions("CMD")
    argv = yaml.safe_load(cmd)  # the exec form is a JSON array
    assert argv[:2] == ["sh", "-c"], argv
    script = re.sub(r"\$\{(\w+):-([^}]*)\}", lambda m: environment.get(m[1], m[2]), argv[2])
    script = re.sub(r"\$(\w+)", lambda m: environment[m[1]], script)
    words = shlex.split(script)
    assert words[0] == "exec", words
    return words[1:]


def app_reads() -> set[str]:
    """Every MISSION_KIT_* name the app's Python source mentions."""
    names: set[str] = set()
    for folder in ("companion", "missionkit"):
        for path in (ROOT / folder).rglob("*.py"):
            names |= set(re.findall(r"MISSION_KIT_[A-Z_]+", path.read_text()))
    return names


def test_four_services_and_the_companion_waits_for_healthy_stores(compose):
    services = compose["services"]
    assert set(services) == {"companion", "postgres", "redis", "caddy"}
    needs = services["companion"]["depends_on"]
    assert needs == {"postgres": {"condition": "service_healthy"},
                     "redis": {"condition": "service_healthy"}}
    for store in ("postgres", "redis"):
        assert services[store]["healthcheck"]["test"], store
    assert services["caddy"]["depends_on"]["companion"]["condition"] == "service_healthy"


def test_postgres_keeps_its_data_in_a_named_volume(compose):
    mounts = compose["services"]["postgres"]["volumes"]
    volume = next(m.split(":")[0] for m in mounts if m.endswith(":/var/lib/postgresql/data"))
    assert volume in compose["volumes"]
    assert compose["services"]["postgres"]["image"].startswith("postgres:17")


def test_the_image_runs_as_a_user_and_checks_its_health():
    assert instructions("FROM") == ["python:3.11-slim"]
    (user,) = instructions("USER")
    assert user.split(":")[0] not in ("root", "0")
    created = " ".join(instructions("RUN"))
    assert "useradd" in created and user in created
    (health,) = instructions("HEALTHCHECK")
    assert "/api/v1/health" in health and "http://127.0.0.1:5000/" in health
    assert "'.[deploy]'" in created  # redis for the shared rate-limit counters
    assert instructions("EXPOSE") == ["5000"]


def test_the_image_command_is_one_companion_serve_accepts(compose):
    given = env_file()
    environment = {k: interpolated(str(v), given)
                   for k, v in compose["services"]["companion"]["environment"].items()}
    argv = command(environment)
    assert argv[:2] == ["companion", "serve"]
    args = parser().parse_args(argv[1:])
    assert (args.host, args.port) == ("0.0.0.0", 5000)
    assert args.workers == int(given["MISSION_KIT_WORKERS"])
    assert args.public_url == f"https://{given['MISSION_KIT_DOMAIN']}/"
    assert args.db == environment["DATABASE_URL"]
    assert args.public_url == environment["MISSION_KIT_PUBLIC_URL"]
    db = urlsplit(args.db)
    assert db.scheme == "postgresql+psycopg" and db.hostname == "postgres"
    assert urlsplit(environment["MISSION_KIT_RATELIMIT_STORAGE"]).hostname == "redis"


def test_caddy_proxies_to_the_companion_port(compose):
    text = (DEPLOY / "Caddyfile").read_text()
    assert re.search(r"^\{\$MISSION_KIT_DOMAIN\} \{", text, re.M)
    assert re.search(r"^\s*reverse_proxy companion:5000\b", text, re.M)
    assert compose["services"]["companion"]["expose"] == ["5000"]
    assert "MISSION_KIT_DOMAIN" in compose["services"]["caddy"]["environment"]
    mounts = compose["services"]["caddy"]["volumes"]
    assert "./Caddyfile:/etc/caddy/Caddyfile:ro" in mounts
    assert any(m.endswith(":/data") for m in mounts)  # certificates survive a restart


def test_every_variable_passed_is_one_the_app_or_the_image_reads(compose):
    environment = compose["services"]["companion"]["environment"]
    (cmd,) = instructions("CMD")
    image_reads = set(re.findall(r"\$\{?(\w+)", cmd))
    reads = app_reads()
    for name in environment:
        assert name in reads or name in image_reads, f"{name}: nothing reads it"
    assert {"MISSION_KIT_RATELIMIT_STORAGE", "MISSION_KIT_PROXY_FIX", "MISSION_KIT_SECRET_KEY",
            "MISSION_KIT_SECURE_COOKIES", "MISSION_KIT_PUBLIC_URL"} <= set(environment) & reads
    assert image_reads <= set(environment)


def test_the_env_example_fills_every_variable_compose_needs():
    text = (DEPLOY / "compose.yaml").read_text()
    wanted = set(re.findall(r"\$\{(\w+)", text))
    given = env_file()
    assert wanted == set(given), (wanted, set(given))
    assert (DEPLOY / "Caddyfile").read_text().count("{$MISSION_KIT_DOMAIN}") == 1
    ignored = (ROOT / ".gitignore").read_text().splitlines()
    assert "deploy/.env" in ignored


def test_the_deploy_extra_brings_the_redis_client():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert any(req.startswith("redis") for req in project["optional-dependencies"]["deploy"])


def test_docs_say_the_image_was_not_built_here():
    text = (ROOT / "docs" / "deploy.md").read_text()
    assert "docker compose" in text and "not built here" in text.lower()
