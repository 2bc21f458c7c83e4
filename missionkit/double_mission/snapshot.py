"""The end-game snapshot: the table when play has stopped, as the tally reads it.

Shape and ids follow the end-game spec. `check_snapshot` enforces every consistency rule
and raises TallyError naming the most specific field involved, never guessing.
"""

from __future__ import annotations

from collections import Counter
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints

from .model import DoubleMission

Name = Annotated[str, StringConstraints(min_length=1, max_length=40, strip_whitespace=True)]
NonNeg = Annotated[int, Field(ge=0)]


class TallyError(ValueError):
    """An inconsistent or invalid snapshot; `field` names where (e.g. players[1].titles)."""

    def __init__(self, field: str, message: str):
        self.field, self.message = field, message
        super().__init__(f"{field}: {message}")


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class PlayerSnapshot(_Strict):
    name: Name
    character: str
    side: Literal["A", "B"]
    track: NonNeg
    millions: NonNeg
    dice: Annotated[int, Field(ge=1, le=20)]
    treasures: dict[str, NonNeg] | None = None
    titles: list[str] | None = None
    missions: list[str]
    evidence: list[Annotated[int, Field(ge=0, le=3)]] | None = None
    gamble_successes: NonNeg | None = None
    jack_b_take: list[str] | None = None
    team: Literal["A", "B"] | None = None

    def held(self) -> dict[str, int]:
        return {k: v for k, v in (self.treasures or {}).items() if v}


class BoardSnapshot(_Strict):
    remaining: dict[str, NonNeg]
    robbed_cities: list[str]


class Snapshot(_Strict):
    game: Literal["double-mission"]
    team_mode: bool | None = False
    players: list[PlayerSnapshot]
    board: BoardSnapshot
    values: dict[str, NonNeg]
    sold: dict[str, NonNeg] | None = None
    close_watch_reveal: list[str] | None = None


def _known(ids: set[str], value: str, field: str, what: str) -> None:
    if value not in ids:
        raise TallyError(field, f"unknown {what} '{value}'")


def check_snapshot(snap: Snapshot, game: DoubleMission) -> None:
    """Raise TallyError for the first rule the snapshot breaks."""
    types = set(game.treasure_by_id)
    n = len(snap.players)
    counts = sorted(r.count for r in game.game.players)
    if not counts[0] <= n <= counts[-1]:
        raise TallyError("players", f"{n} players; Double Mission is for {counts[0]}-{counts[-1]}")
    _check_ids(snap, game, types)
    _check_treasures(snap, game)
    _check_board(snap, game)
    _check_values(snap, game)
    _check_cards(snap, game)
    _check_evidence(snap, game)
    _check_teams(snap)


def _check_ids(snap: Snapshot, game: DoubleMission, types: set[str]) -> None:
    for field, mapping in (("board.remaining", snap.board.remaining), ("values", snap.values),
                           ("sold", snap.sold or {})):
        for key in mapping:
            _known(types, key, f"{field}.{key}", "treasure type")
    for t in types:
        if t not in snap.values:
            raise TallyError(f"values.{t}", "missing value for this treasure type")
    seen_chars: dict[str, int] = {}
    for i, p in enumerate(snap.players):
        base = f"players[{i}]"
        _known(set(game.character_by_id), p.character, f"{base}.character", "character")
        if p.character in seen_chars:
            first = seen_chars[p.character]
            raise TallyError(f"{base}.character",
                             f"'{p.character}' is already played by players[{first}]")
        seen_chars[p.character] = i
        for key in p.treasures or {}:
            _known(types, key, f"{base}.treasures.{key}", "treasure type")
        for j, title in enumerate(p.titles or []):
            _known(set(game.title_by_id), title, f"{base}.titles[{j}]", "title")
        for j, mission in enumerate(p.missions):
            _known(set(game.mission_by_id), mission, f"{base}.missions[{j}]", "mission")
        for j, t in enumerate(p.jack_b_take or []):
            _known(types, t, f"{base}.jack_b_take[{j}]", "treasure type")
        if p.dice > game.game.dice.max or p.dice < game.game.dice.start:
            dice = game.game.dice
            raise TallyError(f"{base}.dice",
                             f"{p.dice} dice; a player owns {dice.start}-{dice.max}")


def _check_treasures(snap: Snapshot, game: DoubleMission) -> None:
    for tr in game.treasures:
        held = sum((p.treasures or {}).get(tr.id, 0) for p in snap.players)
        on_board = snap.board.remaining.get(tr.id, 0)
        sold = (snap.sold or {}).get(tr.id, 0)
        if held + on_board + sold != tr.count:
            raise TallyError(f"sold.{tr.id}", f"held {held} + on the board {on_board} + sold "
                             f"{sold} = {held + on_board + sold}, but there are {tr.count}")


def _check_board(snap: Snapshot, game: DoubleMission) -> None:
    robbed = snap.board.robbed_cities
    for j, city in enumerate(robbed):
        _known(set(game.city_by_id), city, f"board.robbed_cities[{j}]", "city")
    dupes = [c for c, k in Counter(robbed).items() if k > 1]
    if dupes:
        raise TallyError("board.robbed_cities", f"'{dupes[0]}' is listed twice")
    remaining = sum(snap.board.remaining.values())
    if len(robbed) != len(game.cities) - remaining:
        raise TallyError("board.robbed_cities", f"{len(robbed)} robbed cities, but "
                         f"{remaining} treasures remain on {len(game.cities)} cities")


def _check_values(snap: Snapshot, game: DoubleMission) -> None:
    spaces = game.game.value_track.spaces
    for t, value in snap.values.items():
        if value not in spaces:
            raise TallyError(f"values.{t}", f"{value} is not a value-track space "
                             f"({', '.join(map(str, spaces))})")
        sold = (snap.sold or {}).get(t, 0)
        highest = spaces[min(sold, len(spaces) - 1)]
        if value > highest:
            raise TallyError(f"values.{t}", f"{sold} sold means at least {sold} sales, so the "
                             f"value is at most {highest}, not {value}")


def _check_cards(snap: Snapshot, game: DoubleMission) -> None:
    owner: dict[str, int] = {}
    mission_owner: dict[str, int] = {}
    held_titles: set[str] = set()
    for i, p in enumerate(snap.players):
        base = f"players[{i}]"
        want = game.game.missions_dealt.kept_queen_b if (p.character, p.side) == ("queen", "B") \
            else game.game.missions_dealt.kept
        if len(p.missions) != want:
            raise TallyError(f"{base}.missions", f"{len(p.missions)} missions; this player keeps "
                             f"{want}")
        for m in p.missions:
            if m in mission_owner:
                raise TallyError(f"{base}.missions", f"'{m}' is also held by "
                                 f"players[{mission_owner[m]}]")
            mission_owner[m] = i
        for t in p.titles or []:
            if t in owner:
                raise TallyError(f"{base}.titles", f"'{t}' is also held by players[{owner[t]}]")
            owner[t] = i
            held_titles.add(t)
        if "gamble" in p.missions:
            if p.gamble_successes is None:
                raise TallyError(f"{base}.gamble_successes", "required for the Gamble mission")
            if p.gamble_successes > p.dice:
                raise TallyError(f"{base}.gamble_successes",
                                 f"{p.gamble_successes} successes from {p.dice} dice")
        take = p.jack_b_take or []
        if take and (p.character, p.side) != ("jack", "B"):
            raise TallyError(f"{base}.jack_b_take", "only Jack side B takes from the sold pile")
        if len(take) > 2:
            raise TallyError(f"{base}.jack_b_take",
                             f"{len(take)} treasures; Jack B takes at most 2")
        for t, k in Counter(take).items():
            if k > (snap.sold or {}).get(t, 0):
                raise TallyError(f"{base}.jack_b_take", f"takes {k} {t} but the sold pile has "
                                 f"{(snap.sold or {}).get(t, 0)}")
    if "close_watch" in mission_owner:
        reveal = snap.close_watch_reveal
        if reveal is None:
            raise TallyError("close_watch_reveal", "required: someone holds Close Watch")
        if len(reveal) != 3 or len(set(reveal)) != 3:
            raise TallyError("close_watch_reveal", "needs 3 different titles")
        for j, t in enumerate(reveal):
            _known(set(game.title_by_id), t, f"close_watch_reveal[{j}]", "title")
            if t in held_titles:
                raise TallyError(f"close_watch_reveal[{j}]", f"'{t}' is held by a player")


def _check_evidence(snap: Snapshot, game: DoubleMission) -> None:
    bag = {m.evidence: m.count for m in game.game.investigation_tokens}
    drawn: Counter[int] = Counter()
    for i, p in enumerate(snap.players):
        drawn.update(p.evidence or [])
        for value, k in drawn.items():
            if k > bag.get(value, 0):
                raise TallyError(f"players[{i}].evidence", f"{k} tokens of {value} evidence "
                                 f"revealed, but the bag has {bag.get(value, 0)}")


def _check_teams(snap: Snapshot) -> None:
    if not snap.team_mode:
        return
    if len(snap.players) != 4:
        raise TallyError("team_mode", "the team variant is for 4 players")
    for i, p in enumerate(snap.players):
        if p.team is None:
            raise TallyError(f"players[{i}].team", "required in team mode")
    sizes = Counter(p.team for p in snap.players)
    if sizes != Counter({"A": 2, "B": 2}):
        raise TallyError("players", "team mode needs two players in team A and two in team B")
