"""A game's glossary.yaml: Korean texts that use a rejected variant are located content errors."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from missionkit.content import ContentError, load_game
from missionkit.content.glossary import check_folder, read_glossary, uses
from tests.conftest import CONTENT

GLOSSARY = """\
terms:
  - en: board
    ko: 게임 판
    reject: [보드]
    note: the original's word
  - en: check marker
    ko: 원형 마커
    reject: [체크]
  - en: sold treasures
    ko: 팔린 보물
    reject: [판 보물 더미]
"""


def _folder(tmp_path: Path, glossary: str | None, **files: str) -> Path:
    tmp_path.mkdir(parents=True, exist_ok=True)
    for name, text in files.items():
        (tmp_path / f"{name}.yaml").write_text(text, encoding="utf-8")
    if glossary is not None:
        (tmp_path / "glossary.yaml").write_text(glossary, encoding="utf-8")
    return tmp_path


def _messages(folder: Path) -> list[str]:
    return [str(p).replace(f"{folder}/", "") for p in check_folder(folder)]


@pytest.mark.parametrize(("text", "variant", "expected"), [
    ("보드에 놓는다", "보드", True),             # particle attached
    ("게임 보드에서도 쓴다", "보드", True),       # stacked particles
    ("(보드)", "보드", True),                    # punctuation around the word
    ("보드", "보드", True),
    ("키보드를 친다", "보드", False),            # the variant inside another word
    ("보드게임", "보드", False),                 # a longer word that starts with it
    ("도시들을 체크하여 맞춘다", "체크", False),  # a verb, not the marker
    ("체크 마커 2개", "체크", True),
    ("판 보물 더미에서 가져온다", "판 보물 더미", True),
    ("게임 판 보물", "판 보물 더미", False),
    ("경보기가 울린다", "경보", False),
    ("경보가 울린다", "경보", True),
])
def test_a_variant_counts_only_as_a_whole_word(text: str, variant: str, expected: bool):
    assert uses(text, variant) is expected


def test_rejected_variants_are_named_with_file_line_field_and_term(tmp_path: Path):
    folder = _folder(tmp_path, GLOSSARY, cards="""\
cards:
  - name: {en: Board, ko: 게임 판}
    text:
      en: Put it on the board.
      ko: 보드에 놓는다.
  - name: {en: Check, ko: 체크}
    note: 보드 (notes are not Korean card text)
""")
    assert _messages(folder) == [
        "cards.yaml:5: cards[0].text.ko: '보드' is not this game's word for 'board': "
        "use '게임 판' (glossary.yaml)",
        "cards.yaml:6: cards[1].name.ko: '체크' is not this game's word for 'check marker': "
        "use '원형 마커' (glossary.yaml)",
    ]


def test_a_variant_spelled_with_yaml_escapes_is_found(tmp_path: Path):
    folder = _folder(tmp_path, GLOSSARY, a='x: {en: a, ko: "\\uBCF4\\uB4DC\\uC5D0"}\n')
    assert _messages(folder) == [
        "a.yaml:1: x.ko: '보드' is not this game's word for 'board': use '게임 판' (glossary.yaml)"]


def test_a_clean_folder_and_a_folder_without_glossary_pass(tmp_path: Path):
    assert _messages(_folder(tmp_path / "clean", GLOSSARY, a="x: {en: a, ko: 키보드}\n")) == []
    assert _messages(_folder(tmp_path / "none", None, a="x: {en: a, ko: 보드}\n")) == []


@pytest.mark.parametrize(("glossary", "expected"), [
    ("terms:\n  - en: board\n    reject: [보드]\n",
     "glossary.yaml:2: terms[0].ko: required field is missing"),
    ("terms:\n  - en: board\n    ko: 게임 판\n    reject: 보드\n",
     "glossary.yaml:4: terms[0].reject: expected a list, got '보드'"),
    ("terms:\n  - en: board\n    ko: 게임 판\n    rejects: [보드]\n",
     "glossary.yaml:4: terms[0].rejects: unknown field; did you mean 'reject'?"),
    ("terms:\n  - en: board\n    ko: 게임 보드\n    reject: [보드]\n",
     "glossary.yaml:3: terms[0].ko: '게임 보드' uses '보드', which the term 'board' rejects"),
    ("- en: board\n", "glossary.yaml:1: expected a mapping (key: value) at the top"),
])
def test_a_malformed_glossary_is_a_located_content_error(tmp_path: Path, glossary: str,
                                                         expected: str):
    folder = _folder(tmp_path, glossary, a="x: {en: a, ko: 보드}\n")
    assert _messages(folder) == [expected]


def test_the_real_game_refuses_a_rejected_term_on_load(content_copy: Path):
    guide = content_copy / "double_mission" / "guide.yaml"
    text = guide.read_text(encoding="utf-8")
    lines = text.splitlines()
    line = next(i for i, s in enumerate(lines, 1) if "heading: {en: End of turn" in s)
    guide.write_text(text.replace("ko: 턴 종료}", "ko: 턴 끝}"), encoding="utf-8")
    with pytest.raises(ContentError) as err:
        load_game("double-mission", content_copy)
    assert str(err.value) == (
        f"{guide}:{line}: sections[5].heading.ko: '턴 끝' is not this game's word for "
        "'end of turn': use '턴 종료' (glossary.yaml)")


def test_without_its_glossary_the_game_loads_unchecked(content_copy: Path):
    folder = content_copy / "double_mission"
    (folder / "glossary.yaml").unlink()
    guide = folder / "guide.yaml"
    guide.write_text(guide.read_text(encoding="utf-8").replace("ko: 턴 종료}", "ko: 턴 끝}"),
                     encoding="utf-8")
    loaded = load_game("double-mission", content_copy)
    assert any(s.heading.ko == "턴 끝" for s in loaded.guide)


def test_glossary_problems_come_with_the_game_loaders_own(content_copy: Path):
    folder = content_copy / "double_mission"
    titles = folder / "titles.yaml"
    titles.write_text(titles.read_text(encoding="utf-8").replace("points: 4", "points: four", 1),
                      encoding="utf-8")
    guide = folder / "guide.yaml"
    guide.write_text(guide.read_text(encoding="utf-8").replace("ko: 턴 종료}", "ko: 턴 끝}"),
                     encoding="utf-8")
    with pytest.raises(ContentError) as err:
        load_game("double-mission", content_copy)
    fields = [p.field for p in err.value.problems]
    assert fields == ["sections[5].heading.ko", "titles[0].points"]


def test_every_term_of_double_missions_glossary_names_the_original():
    terms, problems = read_glossary(CONTENT / "double_mission")
    assert problems == [] and terms
    assert all("KO rulebook L" in t.note for t in terms)
    words = {t.ko for t in terms}
    assert {"실패", "원형 마커", "게임 판", "팔린 보물", "디스카드 덱", "턴 종료",
            "점수 계산"} <= words


# issue 25: each drift a native review found, reintroduced into a Korean text of the kit
DRIFTS = [("점수 라인", "점수 트랙"), ("선 플레이어", "첫 플레이어"),
          ("이번 턴인 플레이어", "작업을 제안한 플레이어"), ("턴을 가지다", "턴을 하도록"),
          ("관계없이", "상관없이"), ("행동을 소모하지 않습니다", "행동을 쓰지 않는다"),
          ("타이틀 획득", "타이틀을 얻을"), ("타이틀 획득", "타이틀 얻기"),
          ("나무 디스크", "나무 원판"), ("단 1개만", "딱 1개만")]


@pytest.mark.parametrize(("word", "drift"), DRIFTS)
def test_the_glossary_check_fails_when_a_drift_comes_back(content_copy: Path, word: str,
                                                          drift: str):
    guide = content_copy / "double_mission" / "guide.yaml"
    text = guide.read_text(encoding="utf-8")
    guide.write_text(text.replace("ko: 턴 종료}", f"ko: \"{drift} 때\"}}"), encoding="utf-8")
    with pytest.raises(ContentError) as err:
        load_game("double-mission", content_copy)
    assert f"'{drift}' is not this game's word" in str(err.value) and f"'{word}'" in str(err.value)


def test_the_app_uses_none_of_double_missions_rejected_words():
    """Double Mission's log lines and refusals in the catalogue, and the screen words the
    review found drifting, speak the kit's words (the glossary is read, not copied). The
    catalogue is shared by the three games, whose own words differ, so only these."""
    from missionkit.double_mission.messages import TEMPLATES
    from tests.companion.test_i18n import catalogue

    terms, _ = read_glossary(CONTENT / "double_mission")
    cat = catalogue()
    ids = [*TEMPLATES.values(), "Score track", "Invert the roll (King B, declared before rolling)"]
    texts = [cat.get(i).string for i in ids if cat.get(i) is not None]
    assert len(texts) >= len(TEMPLATES)
    found = [(text, v) for text in texts for t in terms for v in t.reject if uses(text, str(v))]
    assert found == []


def test_king_b_says_inversion_on_the_card_and_in_the_app():
    from tests.companion.test_i18n import catalogue

    cat = catalogue()
    assert "반전" in cat.get("Invert the roll (King B, declared before rolling)").string
    assert "뒤집기" not in cat.get("Invert the roll (King B, declared before rolling)").string


@pytest.mark.parametrize(("drift", "text"), [
    ("만든다", "같은 눈 3개를 만든다."), ("모든 상대 각각보다", "모든 상대 각각보다 6이 많다."),
    ("미션 실패 참고", "미션 카드 1장을 교환한다 (미션 실패 참고)."),
])
def test_dice_missions_glossary_catches_its_calques(content_copy: Path, drift: str, text: str):
    missions = content_copy / "dice_mission" / "missions.yaml"
    body = missions.read_text(encoding="utf-8")
    first = re.search(r'ko: "[^"]*모은다\."', body).group(0)
    missions.write_text(body.replace(first, f'ko: "{text}"', 1), encoding="utf-8")
    with pytest.raises(ContentError) as err:
        load_game("dice-mission", content_copy)
    assert f"'{drift}' is not this game's word" in str(err.value)


def test_a_plan_card_does_not_take_a_missions_or_titles_word():
    """잠입 names the original's two missions and its title 잠입의 귀재; a plan card named 잠입
    too made three cards and a title share one word (issue 25)."""
    game = load_game("double-mission")
    taken = {re.sub(r" I+$", "", m.name.ko) for m in game.missions}
    taken |= {re.sub(r"의$", "", t.name.ko.split()[0]) for t in game.titles}
    assert "잠입" in taken
    assert [c.name.ko for c in game.plan_cards if c.name.ko in taken] == []


def test_the_kits_korean_words_keep_the_originals():
    """The kit's own strings (not content, so not under the loader's check): the plan card's
    type label says 계획 카드 as the original always does, the discs are 나무 디스크."""
    from cardgen.double_mission.strings import t

    assert t("ko", "plan") == "계획 카드"
    assert "나무 디스크" in t("ko", "buy_small", n=24)
    assert "나무 원판" not in t("ko", "buy_large", n=6)
