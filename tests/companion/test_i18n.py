"""English and Korean: the catalogue covers every UI string, and a Korean page shows none of
the English ones (checked against the catalogue's msgids)."""

from __future__ import annotations

import re
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PO = ROOT / "companion/translations/ko/LC_MESSAGES/messages.po"
PLACEHOLDER = re.compile(r"%\(\w+\)[sd]|\{\w+\}|%%")
KO = {"Accept-Language": "ko-KR,ko;q=0.9,en;q=0.5"}


def catalogue():
    from babel.messages.pofile import read_po

    with PO.open("rb") as f:
        return read_po(f)


# Latin a Korean page keeps although a msgid holds it: Mission Improbable's MP (the glossary's
# term, printed on its Korean cards)
KEPT = {"MP", "1D5"}  # the unit and the dice notation, the same in both languages


def english_fragments() -> set[str]:
    """The English words of every msgid, split at its placeholders."""
    out = set()
    for m in catalogue():
        for text in (m.id if isinstance(m.id, tuple) else (m.id,)):
            for part in PLACEHOLDER.split(text):
                part = part.strip(" :·.,()–—…")
                if re.search(r"[A-Za-z]", part) and part not in KEPT:
                    out.add(part)
    return out


def english_in(text: str) -> list[str]:
    """The catalogue's English strings found in `text` (links, with their random tokens, are
    not UI strings)."""
    text = re.sub(r"https?://\S+", " ", text)
    return sorted(f for f in english_fragments()
                  if re.search(r"(?<![A-Za-z])" + re.escape(f) + r"(?![A-Za-z])", text))


class Visible(HTMLParser):
    """Text a reader meets: text nodes and the labels in attributes (not scripts), the event
    log's lines too (the engines give them as messages, worded in the page's language);
    `log=False` leaves the log out. A `<span lang="en">` is English by declaration (a
    language's own name, "English", on a kit link) and is left out too."""

    def __init__(self, log: bool = True):
        super().__init__()
        self.parts, self.skipping, self.log = [], [], log

    def handle_starttag(self, tag, attrs):
        if tag in ("script", "style") or (
                tag == "ol" and ("class", "log") in attrs and not self.log) or (
                tag == "span" and ("lang", "en") in attrs):
            self.skipping.append(tag)
        for name, value in attrs:
            if name in ("alt", "title", "aria-label", "placeholder", "content") and value \
                    and not value.startswith("{"):
                self.parts.append(value)

    def handle_endtag(self, tag):
        if self.skipping and tag == self.skipping[-1]:
            self.skipping.pop()

    def handle_data(self, data):
        if not self.skipping:
            self.parts.append(data)


def visible(html: bytes, log: bool = True) -> str:
    parser = Visible(log)
    parser.feed(html.decode())
    return "\n".join(parser.parts)


def test_every_msgid_has_a_korean_translation():
    cat = catalogue()
    missing = [m.id for m in cat if m.id and not all(
        s.strip() for s in (m.string if isinstance(m.string, tuple) else (m.string,)))]
    assert len(cat) > 150 and missing == []


def catalogue_faults(cat) -> list[str]:
    """Entries a Korean page would show wrongly: empty, fuzzy (a guess pybabel made from a
    neighbour), or a message whose `{name}` placeholders or particle specs do not fit."""
    from missionkit.korean import FORMS

    out = []
    for m in cat:
        if not m.id:
            continue
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        if m.fuzzy or not all(s.strip() for s in strings):
            out.append(f"{m.id!r}: {'fuzzy' if m.fuzzy else 'empty'}")
            continue
        if "python-brace-format" in m.flags:
            wanted = set(re.findall(r"\{(\w+)\}", m.id))
            for s in strings:
                if set(re.findall(r"\{(\w+)[:}]", s)) != wanted:
                    out.append(f"{m.id!r}: placeholders differ")
                bad = [spec for spec in re.findall(r"\{\w+:([^}]*)\}", s) if spec not in FORMS]
                if bad:
                    out.append(f"{m.id!r}: not a particle {bad}")
    return out


SEAM = re.compile(r"(%\(\w+\)[sd]|\{\w+\})(은|는|이|가|을|를|와|과|으로|로)(?![가-힣])")


def test_no_korean_particle_is_glued_to_a_placeholder():
    """"%(name)s와" prints "민준와": a particle after a name or number goes in the spec
    ("{player:와}"), where the noun chooses its form."""
    seams = [m.id for m in catalogue() if m.id and any(
        SEAM.search(s) for s in (m.string if isinstance(m.string, tuple) else (m.string,)))]
    assert seams == []


def test_players_are_named_alike_in_every_game():
    """A name is data: "민준의 턴", "MI6의 턴" alike, not 님 in two games and not the third."""
    cat = catalogue()
    assert [m.id for m in cat if m.id and "님" in str(m.string)] == []


HAERACHE = re.compile(r"(?<!니)다(?=[.!)]|$|\s*\()")


def test_every_screen_sentence_is_in_the_polite_register():
    """The app speaks 합니다체 ("교환합니다"); 해라체 ("교환한다") is the cards' rules text."""
    plain = [m.id for m in catalogue() if m.id and isinstance(m.string, str)
             and HAERACHE.search(m.string)]
    assert plain == []


def test_the_catalogue_has_no_empty_fuzzy_or_misfitting_entry():
    assert catalogue_faults(catalogue()) == []


@pytest.mark.parametrize("fault", ["empty", "fuzzy", "placeholder", "particle"])
def test_the_catalogue_check_fails_on_each_fault(fault):
    cat = catalogue()
    m = cat.get("{player} ends the turn.")
    if fault == "empty":
        m.string = ""
    elif fault == "fuzzy":
        m.flags.add("fuzzy")
    elif fault == "placeholder":
        m.string = "{name:가} 턴을 마칩니다."
    else:
        m.string = "{player:에게} 턴을 마칩니다."
    assert len(catalogue_faults(cat)) == 1


def test_the_investigation_token_has_its_glossary_name_on_korean_screens():
    """The kit prints 수사 기록 for the investigation token (and the number on its back) and
    Double Mission's glossary rejects 증거: the app's tally and reveal say it the same way."""
    from missionkit.content.glossary import read_glossary, uses

    terms, _ = read_glossary(ROOT / "content" / "double_mission")
    token = next(t for t in terms or [] if str(t.en).startswith("investigation token"))
    found = [m for m in catalogue() if m.id and "evidence" in str(m.id).lower()]
    assert found
    for m in found:
        assert str(token.ko) in m.string, (m.id, m.string)
        assert not any(uses(m.string, str(v)) for v in token.reject), (m.id, m.string)


def test_the_catalogue_holds_every_string_of_the_templates(tmp_path):
    pot = tmp_path / "messages.pot"
    subprocess.run([sys.executable, "-m", "babel.messages.frontend", "extract", "-F",
                    str(ROOT / "babel.cfg"), "-k", "_l", "--no-location", "-o", str(pot),
                    str(ROOT)], check=True, capture_output=True, cwd=ROOT)
    from babel.messages.pofile import read_po

    with pot.open("rb") as f:
        wanted = {m.id for m in read_po(f) if m.id}
    assert wanted - {m.id for m in catalogue() if m.id} == set()


def korean_pages(client) -> dict[str, bytes]:
    client.set_cookie("lang", "ko")
    r = client.post("/api/v1/games", json={"players": [
        {"name": "Ann", "character": "jack", "side": "A"},
        {"name": "Bo", "character": "queen", "side": "B"}]})
    d = client.post("/api/v1/games", json={"game": "dice-mission", "players": [
        {"name": "Ann", "colour": "red"}, {"name": "Bo", "colour": "blue"}]})
    return {"home": client.get("/").data, "dice-home": client.get("/?game=dice-mission").data,
            "game": client.get("/t/" + r.json["edit_token"]).data,
            "view": client.get("/t/" + r.json["view_token"]).data,
            "dice": client.get("/t/" + d.json["edit_token"]).data}


@pytest.mark.parametrize("name", ["home", "dice-home", "game", "view", "dice"])
def test_a_korean_page_shows_no_english_ui_string(client, name):
    html = korean_pages(client)[name]
    assert b'<html lang="ko">' in html
    assert english_in(visible(html)) == []
    assert re.search("[가-힣]", visible(html))


def test_the_language_follows_the_browser_and_the_switch(client):
    assert b'<html lang="ko">' in client.get("/", headers=KO).data
    assert b'<html lang="en">' in client.get("/").data
    r = client.get("/lang/ko?next=/%3Fgame%3Ddice-mission")
    assert r.status_code == 303 and r.headers["Location"] == "/?game=dice-mission"
    assert b'<html lang="ko">' in client.get("/").data  # remembered (cookie)
    assert client.get("/lang/en?next=//evil.example").headers["Location"] == "/"
    assert b'<html lang="en">' in client.get("/", headers=KO).data


def test_content_names_come_from_the_content_korean(client):
    page = visible(korean_pages(client)["game"])
    for word in ("보석", "금괴", "잭", "퀸"):  # treasures and characters, from the YAML
        assert word in page


@pytest.mark.parametrize("next_", [
    "%2F%09%2Fevil.example", "/%0a", "/%0d", "/%0d%0aSet-Cookie:%20x=1", "%2F%5Cevil.example",
    "/%20/evil.example", "https://evil.example/", "/ok/%2F%2Fevil", "/a//b", "javascript:x",
    "%E2%80%8B/evil.example"])
def test_the_language_switch_goes_nowhere_but_this_site(client, next_):
    r = client.get(f"/lang/ko?next={next_}")
    assert r.status_code == 303
    location = r.headers["Location"]
    assert location == "/" or (location.startswith("/") and not location.startswith("//")
                               and "evil" not in location.split("?")[0].split("/")[1])
    assert "\n" not in location and "\r" not in location and "\t" not in location


def test_the_language_switch_keeps_a_page_of_this_site(client):
    r = client.get("/lang/ko?next=/t/abc%3Fx%3D1")
    assert r.headers["Location"] == "/t/abc?x=1"
