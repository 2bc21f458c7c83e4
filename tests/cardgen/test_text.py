"""Korean wraps at word boundaries without stranding a one-syllable word or a last word."""

from __future__ import annotations

import pytest
from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase.pdfmetrics import stringWidth

from cardgen.text import wrap
from tests.cardgen.test_build import _korean_font_installed
from tests.conftest import require

SIZE = 9.0


@pytest.fixture(scope="module")
def ko_font() -> str:
    require(_korean_font_installed(), "no Korean font (apt-get install fonts-nanum)")
    from cardgen.fonts import fonts_for

    return fonts_for("ko").body


def test_the_last_word_is_not_left_alone(ko_font):
    text = "문화재를 2개 이상 가지고 있다."
    width = stringWidth("문화재를 2개 이상 가지고", ko_font, SIZE) + 1
    assert simpleSplit(text, ko_font, SIZE, width)[-1] == "있다."  # what plain wrapping does
    assert wrap(text, ko_font, SIZE, width) == ["문화재를 2개 이상", "가지고 있다."]


@pytest.mark.parametrize("text", ["사망한다. 요원과 모든 경력을 버린다.",
                                  "요원의 장비를 버린다.",
                                  "상대가 진행 중인 미션 하나를 버린다."])
def test_no_word_is_left_alone_on_a_middle_or_first_line(ko_font, text):
    """Moving a word down to keep the last line company never strands another word above it
    ("요원과 / 모든 / 경력을 버린다."), at any width the text breaks."""
    words = text.split()
    for n in range(2, len(words)):
        width = stringWidth(" ".join(words[:n]), ko_font, SIZE) + 1
        lines = wrap(text, ko_font, SIZE, width)
        for line, after in zip(lines, lines[1:], strict=False):
            joined = f"{line} {after.split()[0]}"  # a lone word the next could have joined
            assert len(line.split()) >= 2 or stringWidth(joined, ko_font, SIZE) > width, (
                n, lines)
        assert " ".join(lines) == text


def test_a_one_syllable_word_stays_with_the_next(ko_font):
    text = "작업이 성공하면 내 작업 점수가 두 배가 된다."
    width = stringWidth("작업이 성공하면 내 작업 점수가 두", ko_font, SIZE) + 1
    lines = wrap(text, ko_font, SIZE, width)
    assert not any(line.endswith((" 두", " 내")) for line in lines)
    assert any("두 배가" in line for line in lines)
    assert " ".join(lines) == text
    assert all(stringWidth(line, ko_font, SIZE) <= width for line in lines)


def test_a_dependent_noun_stays_with_the_word_before(ko_font):
    text = "이번 게임에 쓰지 않은 타이틀 중 3개를 무작위로 공개한다."
    width = stringWidth("이번 게임에 쓰지 않은 타이틀 중", ko_font, SIZE) - 1
    lines = wrap(text, ko_font, SIZE, width)
    assert not any(line.startswith("중") for line in lines)
    assert any(line.endswith("타이틀 중") or "타이틀 중 " in line for line in lines)


def test_english_wraps_as_before():
    text = "Take the treasure of a lowest-security city that still has one."
    assert wrap(text, "Helvetica", SIZE, 120) == simpleSplit(text, "Helvetica", SIZE, 120)


@pytest.mark.parametrize(("text", "kept"), [
    ("테이블 위에 같은 눈이 (요원 수 + 2)개 이상 있다.", "(요원 수 + 2)개"),
    ("테이블 위 주사위 합이 요원 수 × 17 이상이다.", "요원 수 × 17"),
    ("테이블 위의 6의 개수가 요원 수와 정확히 같다.", "요원 수와"),
    ("미션 카드 1장을 교환한다 (미션 실패 참고).", "(미션 실패 참고)."),
])
def test_a_phrase_is_not_split_at_any_width(ko_font, text, kept):
    """A dependent noun with its particle, an operator with both operands and a short
    parenthesised phrase stay on one line, wherever the box makes the line break."""
    words = text.split()
    for n in range(1, len(words)):  # a width that ends the first line after each word
        width = stringWidth(" ".join(words[:n]), ko_font, SIZE) + 1
        lines = wrap(text, ko_font, SIZE, max(width, stringWidth(kept, ko_font, SIZE) + 1))
        assert any(kept in line for line in lines), (n, lines)
        assert " ".join(lines) == text


def test_a_bracket_keeps_its_first_two_words_together(ko_font):
    text = "작업이 성공하면 내 작업 점수가 두 배가 된다 (잭의 +1을 먼저 더한다)."
    width = stringWidth("작업이 성공하면 내 작업 점수가 두 배가 된다 (잭의", ko_font, SIZE) + 1
    lines = wrap(text, ko_font, SIZE, width)
    assert not any(line.endswith("(잭의") for line in lines), lines
    assert any("(잭의 +1을" in line for line in lines), lines
    assert " ".join(lines) == text
