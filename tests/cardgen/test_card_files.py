"""Which card file prints which cards: families sharing a file, and a deck's few last cards
moved into another file's free slots (kit.spill) so they take no sheet of their own."""

from __future__ import annotations

from types import SimpleNamespace

from cardgen.kit import CardFamily, card_files


def _family(key: str, count: int, sheet_file: str = "") -> CardFamily:
    items = [SimpleNamespace(id=f"{key}{i}") for i in range(count)]
    return CardFamily(key=key, items=items, face=print, back=print, boxes={}, source=key,
                      sheet_file=sheet_file)


def _counts(files: list[list[CardFamily]]) -> list[list[tuple[str, int]]]:
    return [[(run.key, len(run.items)) for run in runs] for runs in files]


def test_a_one_card_last_sheet_moves_into_the_file_with_room():
    families = [_family("plan", 25), _family("missions", 12, "small"),
                _family("titles", 19, "small")]
    files = card_files(families, per_sheet=8)
    assert _counts(files) == [[("plan", 24)], [("missions", 12), ("titles", 19), ("plan", 1)]]
    assert [run.items[0].id for run in files[1]][-1] == "plan24"  # the deck's last card


def test_without_a_sheet_size_or_room_every_deck_keeps_its_cards():
    families = [_family("plan", 25), _family("missions", 32)]
    assert _counts(card_files(families)) == [[("plan", 25)], [("missions", 32)]]
    assert _counts(card_files(families, per_sheet=8)) == [[("plan", 25)], [("missions", 32)]]


def test_more_than_a_quarter_sheet_or_a_one_sheet_file_stays():
    three_left = [_family("plan", 27), _family("missions", 4)]  # 3 of 8 on the last sheet
    assert _counts(card_files(three_left, per_sheet=8)) == [[("plan", 27)], [("missions", 4)]]
    one_sheet = [_family("token", 1), _family("missions", 4)]  # the file would vanish
    assert _counts(card_files(one_sheet, per_sheet=8)) == [[("token", 1)], [("missions", 4)]]


def test_a_file_that_took_cards_gives_none_away():
    families = [_family("a", 17), _family("b", 9)]  # each ends with 1 card on a sheet of 8
    files = card_files(families, per_sheet=8)
    assert sum(len(r.items) for runs in files for r in runs) == 26
    assert _counts(files) == [[("a", 16)], [("b", 9), ("a", 1)]]
