"""GET /kit/<game>.zip: each game's print kit, built by the companion with its own address in
every QR code, kept and served again at once."""

from __future__ import annotations

import io
import json
import threading
import time
import zipfile

import pytest

from companion import create_app

LAN = "http://192.0.2.30:5000/"  # a LAN-like address from the documentation range


@pytest.fixture
def app(tmp_path):
    return create_app({"DATABASE": str(tmp_path / "test.db"), "TESTING": True,
                       "KIT_CACHE": str(tmp_path / "kits"), "PUBLIC_URL": None,
                       "LAN_URL": LAN})


@pytest.fixture
def client(app):
    return app.test_client()


def _zip(data: bytes) -> zipfile.ZipFile:
    return zipfile.ZipFile(io.BytesIO(data))


@pytest.mark.parametrize(("query", "field"), [("lang=fr", "lang"), ("paper=a3", "paper"),
                                              ("lang=en&paper=A4", "paper"), ("lang=", "lang")])
def test_a_bad_language_or_paper_is_refused_naming_the_field(client, query, field):
    r = client.get(f"/kit/double-mission.zip?{query}")
    assert r.status_code == 422
    assert r.json["field"] == field and field in r.json["error"]


def test_an_unknown_game_is_not_found(client):
    r = client.get("/kit/chess.zip?lang=en&paper=a4")
    assert r.status_code == 404
    assert r.json["field"] == "game" and "double-mission" in r.json["error"]


def test_the_kit_holds_every_pdf_and_the_manifest_with_the_companions_address(client):
    r = client.get("/kit/dice-mission.zip?lang=ko&paper=letter")
    assert r.status_code == 200 and r.mimetype == "application/zip"
    assert "dice-mission-ko-letter.zip" in r.headers["Content-Disposition"]
    kit = _zip(r.data)
    manifest = json.loads(kit.read("dice-mission-ko-letter/manifest.json"))
    assert (manifest["game"], manifest["lang"], manifest["paper"]) == ("dice-mission", "ko",
                                                                        "letter")
    # opened on 127.0.0.1 (the test client's host is localhost): the LAN address goes in
    assert manifest["companion_url"] == LAN
    expected = {f"dice-mission-ko-letter/{f['path']}" for f in manifest["files"]}
    assert "dice-mission-ko-letter/player-aids.pdf" in expected
    assert set(kit.namelist()) == expected | {"dice-mission-ko-letter/manifest.json"}
    for name in expected:
        assert kit.read(name).startswith(b"%PDF-"), name


def test_a_second_request_is_served_from_the_cache(client, app, tmp_path):
    start = time.perf_counter()
    first = client.get("/kit/mission-improbable.zip?lang=en&paper=a4")
    cold = time.perf_counter() - start
    start = time.perf_counter()
    second = client.get("/kit/mission-improbable.zip?lang=en&paper=a4")
    warm = time.perf_counter() - start
    assert first.status_code == second.status_code == 200
    assert first.data == second.data
    assert cold < 10, cold  # the bound for a kit built on request
    assert warm < 0.5 and warm < cold / 3, (cold, warm)
    assert len(list((tmp_path / "kits").glob("*.zip"))) == 1


def test_the_kit_follows_the_address_the_phones_use(client):
    """A request that came in on a LAN address (a phone's) gets that address; the configured
    public URL wins over both."""
    r = client.get("/kit/mission-improbable.zip", base_url="http://192.0.2.40:5000")
    manifest = json.loads(_zip(r.data).read("mission-improbable-en-a4/manifest.json"))
    assert manifest["companion_url"] == "http://192.0.2.40:5000/"
    client.application.config["PUBLIC_URL"] = "https://kit.example.org/"
    r = client.get("/kit/mission-improbable.zip")
    manifest = json.loads(_zip(r.data).read("mission-improbable-en-a4/manifest.json"))
    assert manifest["companion_url"] == "https://kit.example.org/"


def test_concurrent_requests_build_a_kit_once(client, app, monkeypatch):
    import cardgen.build

    builds = []
    real = cardgen.build.build

    def counted(*args, **kwargs):
        builds.append(args[0].game)
        return real(*args, **kwargs)

    monkeypatch.setattr(cardgen.build, "build", counted)
    answers = []

    def fetch():
        with app.test_client() as c:
            answers.append(c.get("/kit/dice-mission.zip?lang=en&paper=a4").data)

    threads = [threading.Thread(target=fetch) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert builds == ["dice-mission"]
    assert len(answers) == 4 and len(set(answers)) == 1


def test_only_the_newest_kits_stay_in_the_cache(app, tmp_path, monkeypatch):
    from companion import kits

    monkeypatch.setattr(kits, "KEEP", 2)
    client = app.test_client()
    for paper in ("a4", "letter"):
        for lang in ("en", "ko"):
            assert client.get(f"/kit/mission-improbable.zip?lang={lang}&paper={paper}"
                              ).status_code == 200
    left = sorted(p.name for p in (tmp_path / "kits").glob("*.zip"))
    assert len(left) == 2 and all("letter" in name for name in left), left
    assert not list((tmp_path / "kits").glob(".build-*"))  # no scratch folder left behind


def test_the_home_page_links_each_kit_of_the_chosen_game(client):
    html = client.get("/?game=dice-mission").data.decode()
    for lang in ("en", "ko"):
        for paper in ("a4", "letter"):
            assert f'href="/kit/dice-mission.zip?lang={lang}&amp;paper={paper}"' in html
    assert "Print this game" in html


def test_a_companion_only_this_computer_reaches_prints_no_qr(tmp_path):
    """Opened at 127.0.0.1 with no LAN or public address known: the kit gets the box to write
    the address in, never a QR of the loopback address."""
    app = create_app({"DATABASE": str(tmp_path / "test.db"), "TESTING": True,
                      "KIT_CACHE": str(tmp_path / "kits"), "PUBLIC_URL": None, "LAN_URL": None})
    r = app.test_client().get("/kit/double-mission.zip", base_url="http://127.0.0.1:5000")
    kit = _zip(r.data)
    manifest = json.loads(kit.read("double-mission-en-a4/manifest.json"))
    assert manifest["companion_url"] is None
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(kit.read("double-mission-en-a4/player-aids.pdf"))
    text = doc[0].get_textpage().get_text_range()
    assert "write the companion's address here" in text and "127.0.0.1" not in text
