"""Where the invites send the table: `companion serve`'s options and the invite's address.

The LAN address printed by --lan is only read here, never connected to (the two-host test,
test_table_reach.py, does that inside its own namespaces)."""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from companion import create_app
from companion import lan as lan_module
from missionkit import siteconfig
from tests.companion.conftest import free_port
from tests.conftest import ROOT

CLEAN = {k: v for k, v in os.environ.items()
         if k not in (siteconfig.ENV_URL, siteconfig.ENV_CONFIG)}


def serve_output(tmp_path: Path, *options: str, env: dict[str, str] | None = None,
                 wait_for: str = "Mission Kit companion on") -> tuple[str, int | None]:
    """What `companion serve OPTIONS` prints before it is stopped, and its exit code if it
    ended by itself."""
    log = tmp_path / "serve.log"
    with log.open("w") as out:
        proc = subprocess.Popen([sys.executable, "-m", "companion", "serve", "--db",
                                 str(tmp_path / "c.db"), *options], cwd=tmp_path, stdout=out,
                                stderr=subprocess.STDOUT,
                                env={**CLEAN, "PYTHONUNBUFFERED": "1",
                                     "PYTHONPATH": str(ROOT), **(env or {})})
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and proc.poll() is None:
        if wait_for in log.read_text() and ("Join:" in log.read_text() or "--lan" not in
                                            options or "No network" in log.read_text()):
            time.sleep(0.3)
            break
        time.sleep(0.1)
    code = proc.poll()
    if code is None:
        proc.terminate()
        proc.wait(timeout=10)
    return log.read_text(), code


def test_a_busy_port_is_one_line_naming_it(tmp_path):
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        out, code = serve_output(tmp_path, "--port", str(port))
    assert code == 1
    assert "Traceback" not in out and "Mission Kit companion on" not in out
    lines = out.strip().splitlines()
    assert len(lines) == 1 and f"port {port} is already in use" in lines[0]
    suggested = int(re.search(r"try --port (\d+)", lines[0]).group(1))
    with socket.socket() as check:  # the port it suggests can be had
        check.bind(("127.0.0.1", suggested))


def test_a_busy_port_suggests_one_that_is_free(tmp_path):
    held = []
    try:
        for _ in range(50):  # two ports in a row, both busy
            first = socket.socket()
            first.bind(("127.0.0.1", 0))
            port = first.getsockname()[1]
            second = socket.socket()
            try:
                second.bind(("127.0.0.1", port + 1))
            except OSError:
                first.close()
                continue
            held = [first, second]
            break
        for s in held:
            s.listen()
        out, code = serve_output(tmp_path, "--port", str(port))
    finally:
        for s in held:
            s.close()
    assert code == 1
    assert f"--port {port + 1}" not in out and "try --port" in out


def test_versions():
    for tool in ("companion", "cardgen"):
        done = subprocess.run([sys.executable, "-m", tool, "--version"], capture_output=True,
                              text=True, timeout=60, env=CLEAN)
        assert done.returncode == 0, done.stderr
        assert re.fullmatch(rf"{tool} \d+\.\d+\.\d+\S*", done.stdout.strip()), done.stdout


def test_plain_serve_says_only_this_computer_can_open_it(tmp_path):
    out, _ = serve_output(tmp_path, "--port", str(free_port()))
    assert "Only this computer can open it" in out and "companion serve --lan" in out
    assert "Join:" not in out


def test_lan_prints_a_join_url_per_address_and_a_qr(tmp_path, monkeypatch):
    found = lan_module.addresses()
    port = free_port()
    out, _ = serve_output(tmp_path, "--lan", "--port", str(port))
    joins = re.findall(r"Join: (\S+)", out)
    assert joins == [a.url("http", port) for a in found]
    if found:
        assert "▀" in out or "█" in out  # the QR, drawn with block characters
    else:
        assert "No network address found" in out


def test_public_url_wins_from_option_env_and_config_file(tmp_path):
    port = free_port()
    out, _ = serve_output(tmp_path, "--lan", "--port", str(port), "--public-url",
                          "https://games.example.org")
    assert re.findall(r"Join: (\S+)", out) == ["https://games.example.org/"]
    env_out, _ = serve_output(tmp_path, "--port", str(free_port()),
                              env={siteconfig.ENV_URL: "http://table.example:8080"})
    assert re.findall(r"Join: (\S+)", env_out) == ["http://table.example:8080/"]
    (tmp_path / "mission-kit.toml").write_text('public_url = "http://10.9.8.7:5000"\n')
    file_out, _ = serve_output(tmp_path, "--port", str(free_port()))
    assert re.findall(r"Join: (\S+)", file_out) == ["http://10.9.8.7:5000/"]
    (tmp_path / "mission-kit.toml").write_text("public_url = 5\n")
    bad, code = serve_output(tmp_path, "--port", str(free_port()))
    assert code == 2 and "public_url" in bad and "Traceback" not in bad


def test_siteconfig_refuses_what_is_not_an_address():
    for bad in ("games.example.org", "ftp://x/", "http://", "http://x:port/", "http://x/?a=1"):
        with pytest.raises(siteconfig.ConfigError):
            siteconfig.normalise(bad, "test")
    assert siteconfig.normalise(" http://x:5000 ", "t") == "http://x:5000/"
    for host in ("localhost", "127.0.0.1", "127.0.0.2", "::1", "[::1]", "app.localhost"):
        assert siteconfig.is_loopback_host(host), host
    for host in ("198.51.100.1", "example.org", "", None, "::ffff:10.0.0.1"):
        assert not siteconfig.is_loopback_host(host), host


def test_lan_addresses_rank_private_ranges_first(monkeypatch):
    class Ip:
        def __init__(self, ip):
            self.ip = ip

    class Adapter:
        def __init__(self, name, ips):
            self.nice_name, self.ips = name, [Ip(i) for i in ips]

    monkeypatch.setattr(lan_module.ifaddr, "get_adapters", lambda: [
        Adapter("lo", ["127.0.0.1", ("::1", 0, 0)]),
        Adapter("docker0", ["172.17.0.1"]),
        Adapter("eth0", ["198.51.100.7", ("fe80::1", 0, 2)]),
        Adapter("wlan0", ["192.168.1.20", "169.254.3.3"]),
        Adapter("tun0", ["10.8.0.2"])])
    assert [(a.ip, a.interface) for a in lan_module.addresses()] == [
        ("192.168.1.20", "wlan0"), ("10.8.0.2", "tun0"), ("198.51.100.7", "eth0"),
        ("172.17.0.1", "docker0")]
    assert lan_module.Address("192.168.1.20", "wlan0").url("http", 5000) == \
        "http://192.168.1.20:5000/"
    assert lan_module.Address("192.168.1.20", "").url("https", 443) == "https://192.168.1.20/"


def _invite(client, host: str):
    created = client.post("/api/v1/games", json={"players": [
        {"name": "Ann", "character": "jack", "side": "A"},
        {"name": "Bo", "character": "queen", "side": "A"}]},
        base_url=f"http://{host}").get_json()
    page = client.get(f"/t/{created['edit_token']}", base_url=f"http://{host}")
    return created, page.get_data(as_text=True)


def test_invite_from_loopback_uses_the_lan_address(tmp_path):
    app = create_app({"TESTING": True, "WTF_CSRF_ENABLED": False, "PUBLIC_URL": None,
                      "DATABASE": str(tmp_path / "c.db"),
                      "LAN_URL": "http://198.51.100.1:5000/"})
    client = app.test_client()
    created, html = _invite(client, "127.0.0.1:5000")
    token = created["edit_token"]
    assert created["join_url"] == f"http://198.51.100.1:5000/t/{token}"
    assert f'href="http://198.51.100.1:5000/t/{token}"' in html
    assert 'id="invite-loopback"' not in html
    # a phone that came in on a LAN address shares that address
    other, html = _invite(client, "198.51.100.1:5000")
    assert other["join_url"].startswith("http://198.51.100.1:5000/t/")


def test_a_loopback_only_invite_says_so_and_what_to_do(tmp_path):
    app = create_app({"TESTING": True, "WTF_CSRF_ENABLED": False, "PUBLIC_URL": None,
                      "DATABASE": str(tmp_path / "c.db")})
    client = app.test_client()
    for host in ("127.0.0.1:5000", "localhost:5000"):
        created, html = _invite(client, host)
        assert created["join_url"].startswith(f"http://{host}/t/")
        assert 'id="invite-loopback"' in html
        assert "Other phones cannot open this link" in html and "--lan" in html
        assert "Scan to join" not in html and "on this computer only" in html
    created, html = _invite(client, "198.51.100.9:5000")
    assert 'id="invite-loopback"' not in html


def test_the_configured_public_url_wins_everywhere(tmp_path):
    app = create_app({"TESTING": True, "WTF_CSRF_ENABLED": False,
                      "PUBLIC_URL": "https://games.example.org/",
                      "DATABASE": str(tmp_path / "c.db"), "LAN_URL": "http://198.51.100.1:5/"})
    client = app.test_client()
    created, html = _invite(client, "127.0.0.1:5000")
    assert created["join_url"].startswith("https://games.example.org/t/")
    assert 'id="invite-loopback"' not in html
    svg = client.get(f"/t/{created['edit_token']}/qr.svg", base_url="http://127.0.0.1:5000")
    assert svg.status_code == 200
