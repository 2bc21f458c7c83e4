"""The gallery's card editor without a browser: fields from the content model, tries that
write nothing, saves that change one line, refusals that write nothing, undo, add and delete
where the game's counts allow, and the guard that keeps other sites from writing."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import pytest

from cardgen.build import BuildOptions
from cardgen.editor import Editor, Refused
from cardgen.preview import View, create_preview_app
from cardgen.watch import PREVIEW_DPI, watch
from tests.cardgen.test_watch import pdf_text

GAME, CARD = "double-mission", "plan_cards/account_siphon-face"
TEXT_EN = ["plan_cards", 0, "text", "en"]
OLD_LINE = '    text: {en: "Take 4 Millions from the bank.", ko: "즉시 4밀리언을 얻는다."}\n'


@pytest.fixture
def editor(content_copy) -> Editor:
    return Editor(content_copy, PREVIEW_DPI)


def _plans(content: Path) -> Path:
    return content / "double_mission" / "plan_cards.yaml"


def _changed_lines(before: str, after: str) -> list[tuple[str, str]]:
    a, b = before.splitlines(keepends=True), after.splitlines(keepends=True)
    assert len(a) == len(b)
    return [(x, y) for x, y in zip(a, b, strict=True) if x != y]


def test_the_form_has_every_text_in_both_languages_and_the_numbers(editor):
    form = editor.form(GAME, "en", CARD)
    assert form["file"].endswith("double_mission/plan_cards.yaml") and form["line"] == 5
    assert [f["label"] for f in form["fields"]] == [
        "name (EN)", "name (KO)", "cost", "copies", "effect › amount", "text (EN)", "text (KO)"]
    assert form["fields"][5] == {"loc": TEXT_EN, "kind": "text", "lang": "en",
                                 "label": "text (EN)", "value": "Take 4 Millions from the bank."}


def test_a_try_draws_the_card_and_writes_nothing(editor, content_copy):
    before = _plans(content_copy).read_bytes()
    result = editor.render(GAME, "en", CARD, [{"loc": TEXT_EN, "value": "Take 5 Millions."}])
    assert result["image"].startswith("/renders/") and not result["problems"]
    assert editor.renders[result["image"].split("/")[-1][:-4]][:8] == b"\x89PNG\r\n\x1a\n"
    assert _plans(content_copy).read_bytes() == before


def test_save_changes_exactly_one_line_and_undo_puts_it_back(editor, content_copy):
    before = _plans(content_copy).read_text(encoding="utf-8")
    form = editor.form(GAME, "en", CARD)
    result = editor.save(GAME, "en", CARD, [{"loc": TEXT_EN, "value": 'Take 5 "big" Millions.'}],
                         form["stamp"])
    assert result["saved"]
    after = _plans(content_copy).read_text(encoding="utf-8")
    assert _changed_lines(before, after) == [
        (OLD_LINE, '    text: {en: "Take 5 \\"big\\" Millions.", ko: "즉시 4밀리언을 얻는다."}\n')]
    editor.undo_last()
    assert _plans(content_copy).read_text(encoding="utf-8") == before


@pytest.mark.parametrize(("loc", "value", "field", "says"), [
    (["plan_cards", 0, "text", "ko"], "그리고 계속 말한다 " * 25, "plan_cards[0].text.ko",
     "text does not fit its box"),
    (TEXT_EN, "Take 4 Millions " * 40, "plan_cards[0].text.en", "characters too many"),
    (["plan_cards", 0, "cost"], "-1", "plan_cards[0].cost", "greater than or equal to 0"),
    (["plan_cards", 0, "cost"], "two", "plan_cards[0].cost", "expected a whole number"),
    (["plan_cards", 0, "text", "ko"], "즉시 턴 끝에 4밀리언을 얻는다.", "plan_cards[0].text.ko",
     "use '턴 종료' (glossary.yaml)"),
])
def test_a_bad_value_is_shown_at_its_field_and_never_saved(editor, content_copy, loc, value,
                                                           field, says):
    before = _plans(content_copy).read_bytes()
    form = editor.form(GAME, "en", CARD)
    for attempt in (lambda: editor.render(GAME, "en", CARD, [{"loc": loc, "value": value}]),
                    lambda: editor.save(GAME, "en", CARD, [{"loc": loc, "value": value}],
                                        form["stamp"])):
        with pytest.raises(Refused) as caught:
            attempt()
        assert caught.value.status == 422
        assert any(says in m for m in caught.value.problems[field]), caught.value.body()
    assert _plans(content_copy).read_bytes() == before


def test_save_refuses_when_the_file_changed_since_the_form_opened(editor, content_copy):
    form = editor.form(GAME, "en", CARD)
    path = _plans(content_copy)
    path.write_text(path.read_text(encoding="utf-8") + "# a note added elsewhere\n",
                    encoding="utf-8")
    on_disk = path.read_bytes()
    with pytest.raises(Refused) as caught:
        editor.save(GAME, "en", CARD, [{"loc": TEXT_EN, "value": "Take 5."}], form["stamp"])
    assert caught.value.status == 409 and "changed on disk" in caught.value.message
    assert path.read_bytes() == on_disk


def test_a_field_outside_the_card_is_refused(editor):
    with pytest.raises(Refused) as caught:
        editor.render(GAME, "en", CARD, [{"loc": ["plan_cards", 1, "cost"], "value": "3"}])
    assert caught.value.status == 400


def test_add_and_delete_follow_the_games_counts(editor, content_copy):
    form = editor.form(GAME, "en", CARD)
    with pytest.raises(Refused) as caught:  # 27 plan cards where game.yaml says 25
        editor.add(GAME, "en", CARD, "account_siphon_2", form["stamp"])
    assert "does not allow this" in caught.value.message and "25" in caught.value.message
    game_yaml = content_copy / "double_mission" / "game.yaml"
    text = game_yaml.read_text(encoding="utf-8")
    assert "  plan_cards: 25\n" in text
    game_yaml.write_text(text.replace("  plan_cards: 25\n", "  plan_cards: 27\n"),
                         encoding="utf-8")
    # the gallery shows the content's error now (25 plan cards, 27 counted); adding the two
    # copies of the new card mends it
    before = _plans(content_copy).read_text(encoding="utf-8")
    result = editor.add(GAME, "en", CARD, "account_siphon_2", form["stamp"])
    assert result["card"] == "plan_cards/account_siphon_2-face"
    after = _plans(content_copy).read_text(encoding="utf-8")
    block = before.split("  - id: private_jet")[0].split("plan_cards:\n")[1]
    assert after == before.replace(block, block + block.replace("account_siphon",
                                                                "account_siphon_2", 1))
    copy = "plan_cards/account_siphon_2-face"
    editor.form(GAME, "en", copy)  # the new card loads and has its form
    game_yaml.write_text(text, encoding="utf-8")  # back to 25: deleting the copy is allowed
    editor.remove(GAME, "en", copy, result["stamp"])  # the stamp the add answered with
    assert _plans(content_copy).read_text(encoding="utf-8") == before


def _client(content: Path, tmp_path: Path):
    view = View(GAME, "en", tmp_path / "gallery", tmp_path / "cards")
    app = create_preview_app([view], editor=Editor(content, PREVIEW_DPI), token="t0ken")
    return app.test_client()


def test_only_this_page_on_this_machine_may_write(content_copy, tmp_path):
    client = _client(content_copy, tmp_path)
    body = {"view": f"{GAME}/en", "card": CARD, "values": [{"loc": TEXT_EN, "value": "x"}]}
    local = {"X-Edit-Token": "t0ken"}
    ok = client.post("/api/render", json=body, headers=local,
                     base_url="http://127.0.0.1:8765")
    assert ok.status_code == 200, ok.json
    for headers, base in [({}, "http://127.0.0.1:8765"),  # no token
                          ({"X-Edit-Token": "guess"}, "http://127.0.0.1:8765"),
                          ({**local, "Origin": "http://evil.example"}, "http://127.0.0.1:8765"),
                          (local, "http://evil.example:8765")]:  # DNS rebinding
        refused = client.post("/api/save", json={**body, "stamp": "x"}, headers=headers,
                              base_url=base)
        assert refused.status_code == 403, (headers, base)
    page = client.get("/", base_url="http://127.0.0.1:8765")
    assert b'name="edit-token" content="t0ken"' in page.data
    assert b"listens on 127.0.0.1 only" in page.data
    assert "'unsafe-inline'" not in page.headers["Content-Security-Policy"]
    assert b"<script>" not in page.data  # no inline script: the CSP allows none


def test_watch_rebuilds_english_and_korean_of_two_games_from_one_process(content_copy,
                                                                          tmp_path):
    out = tmp_path / "out"
    opts = [BuildOptions(game, lang, "a4", out, content_copy)
            for game in ("double-mission", "dice-mission") for lang in ("en", "ko")]
    reports = []
    stop = threading.Event()
    thread = threading.Thread(target=watch, args=(opts, reports.append, stop), daemon=True)
    thread.start()
    try:
        _wait(lambda: len(reports) >= 4)
        assert sorted(r.label for r in reports) == [
            "dice-mission en a4", "dice-mission ko a4", "double-mission en a4",
            "double-mission ko a4"]
        assert not any(r.errors for r in reports)
        plans = _plans(content_copy)
        plans.write_text(plans.read_text(encoding="utf-8").replace(
            '"Score 5 points now."', '"Score 5 points at once."'), encoding="utf-8")
        _wait(lambda: len(reports) >= 6)
        gadgets = content_copy / "dice_mission" / "gadgets.yaml"
        gadgets.write_text(gadgets.read_text(encoding="utf-8") + "# a note\n", encoding="utf-8")
        _wait(lambda: len(reports) >= 8)
    finally:
        stop.set()
        thread.join(timeout=30)
    assert sorted(r.label for r in reports[4:6]) == ["double-mission en a4",
                                                     "double-mission ko a4"]
    assert [r.rendered for r in reports[4:6]] == [["plan_cards/headline-face"]] * 2
    assert sorted(r.label for r in reports[6:8]) == ["dice-mission en a4", "dice-mission ko a4"]
    for game in ("double-mission", "dice-mission"):
        for lang in ("en", "ko"):
            assert (out / game / f"{lang}-a4" / "manifest.json").exists()


def _wait(ready, seconds: float = 120) -> None:
    deadline = time.monotonic() + seconds
    while not ready() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert ready(), "watch did not report in time"


def test_one_rebuilder_builds_a_kit_per_paper_from_one_set_of_card_images(content_copy,
                                                                           tmp_path):
    from cardgen.watch import Rebuilder

    out = tmp_path / "out"
    rebuilder = Rebuilder(BuildOptions(GAME, "ko", "a4", out, content_copy),
                          papers=["a4", "letter"])
    first = rebuilder.rebuild()
    assert not first.errors and first.label == "double-mission ko a4 letter"
    assert len(first.rendered) == 59  # once, not once per paper
    plans = _plans(content_copy)
    plans.write_text(plans.read_text(encoding="utf-8").replace(
        '"즉시 5점을 얻는다."', '"즉시 5점을 바로 얻는다."'), encoding="utf-8")
    report = rebuilder.rebuild()
    assert report.rendered == ["plan_cards/headline-face"]
    # the edited card, the deck's last, prints in the plan file on A4 and, on Letter, in the
    # small decks' free slot (kit.spill): the rebuild reaches it there too
    for paper, name in (("a4", "plan-cards.pdf"), ("letter", "missions-characters-titles.pdf")):
        pdf = out / GAME / f"ko-{paper}" / name
        assert "즉시 5점을 바로 얻는다." in " ".join(pdf_text(pdf).split()), paper
