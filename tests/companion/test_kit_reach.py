"""Issue 23 at a real table (two network namespaces, tests/netns.py): the kit a phone
downloads from `companion serve --lan` prints a QR code that opens that companion on the LAN,
and so does the kit the host downloads on the companion's own computer at 127.0.0.1."""

from __future__ import annotations

import io
import json
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from tests.netns import serve, table, zbar  # noqa: F401

# the page (from 1) of each game's player aids that carries the companion's QR (Dice
# Mission's: the backs, two aids to a sheet)
QR_PAGE = {"double-mission": 1, "mission-improbable": 1, "dice-mission": 2}
FETCH = ("import sys, urllib.request; "
         "open(sys.argv[2], 'wb').write(urllib.request.urlopen(sys.argv[1], timeout=60).read())")


@pytest.fixture
def served(table, tmp_path, monkeypatch):  # noqa: F811
    """`companion serve --lan` on the server host, no public URL configured anywhere."""
    monkeypatch.delenv("MISSION_KIT_PUBLIC_URL", raising=False)
    running = serve(table, tmp_path, "--lan", env={
        "MISSION_KIT_CONFIG": str(tmp_path / "no-such-config.toml"),
        "MISSION_KIT_KITS": str(tmp_path / "kits")})
    yield running
    running.stop()


def _fetch(net, host: str, url: str, out: Path) -> zipfile.ZipFile:
    done = net.run(host, [sys.executable, "-c", FETCH, url, str(out)], timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    return zipfile.ZipFile(io.BytesIO(out.read_bytes()))


def _aid_qr(kit: zipfile.ZipFile, game: str, tmp: Path) -> tuple[list[str], str]:
    """What zbar reads on the aid's QR page rendered at 150 dpi, and the kit's content
    version."""
    folder = f"{game}-en-a4"
    manifest = json.loads(kit.read(f"{folder}/manifest.json"))
    pdf = tmp / f"{game}-aids.pdf"
    pdf.write_bytes(kit.read(f"{folder}/player-aids.pdf"))
    page = str(QR_PAGE[game])
    subprocess.run(["pdftoppm", "-r", "150", "-png", "-f", page, "-l", page, "-singlefile",
                    str(pdf), str(tmp / game)], check=True)
    return zbar(tmp / f"{game}.png"), manifest["content_version"]


@pytest.mark.parametrize("game", list(QR_PAGE))
def test_a_phone_downloads_a_kit_whose_qr_opens_the_companion_on_the_lan(
        table, served, tmp_path, game):  # noqa: F811
    lan = f"http://{table.server_ip}:{served.port}/"
    assert served.join_url == lan
    kit = _fetch(table, table.phone, f"{lan}kit/{game}.zip?lang=en&paper=a4",
                 tmp_path / "kit.zip")
    codes, version = _aid_qr(kit, game, tmp_path)
    assert codes and set(codes) == {f"{lan}?game={game}&v={version}"}, codes


def test_the_host_downloading_at_127_0_0_1_still_gets_the_lan_address(
        table, served, tmp_path):  # noqa: F811
    lan = f"http://{table.server_ip}:{served.port}/"
    for game in QR_PAGE:
        kit = _fetch(table, table.server,
                     f"http://127.0.0.1:{served.port}/kit/{game}.zip?lang=en&paper=a4",
                     tmp_path / f"{game}.zip")
        codes, version = _aid_qr(kit, game, tmp_path)
        assert codes and set(codes) == {f"{lan}?game={game}&v={version}"}, (game, codes)
