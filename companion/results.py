"""After the game: one shape for every game's result, and what the players take away from
it: BG Stats' push link, a CSV a spreadsheet reads safely, and the entry this browser keeps
in its history. A game builds its `Result` (`CompanionGame.result`); nothing here knows a
game by name.
"""

from __future__ import annotations

import csv
import io
import json
import time
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import quote

BGSTATS = "https://app.bgstatsapp.com/createPlay.html?data="
SOURCE = "Mission Kit"
# OWASP (CSV injection): a text cell starting with one of these is read as a formula by a
# spreadsheet; a single quote in front makes it text.
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


@dataclass(frozen=True)
class Row:
    """One line of a player's tally; a player's rows add up to their score."""

    label: str
    points: int
    kind: str = ""  # what the row is, for the page's styling (a mission, a track)


@dataclass(frozen=True)
class Column:
    """One column of the CSV: a part of the score (`scoring`: the parts add up to it) or a
    fact about the player (Millions, gadgets used)."""

    key: str
    label: str
    scoring: bool = True
    csv_only: bool = False  # a list the tally's rows already show (mission names)


@dataclass
class PlayerResult:
    seat: int
    name: str
    score: int
    rank: int
    winner: bool
    start_player: bool
    values: dict[str, Any]  # by column key
    rows: list[Row]  # the tally, adding up to `score`


@dataclass
class Result:
    """A finished game's result, its labels in the language it was built in."""

    game: str  # the game's id
    score_label: str  # what the score counts: points, MP, missions completed
    columns: list[Column]
    players: list[PlayerResult]  # by seat
    facts: list[tuple[str, str]] = field(default_factory=list)  # game-wide (rounds played)
    detail: Any = None  # the engine's own result as JSON, for `companion tally --format json`
    player_label: str = ""  # what a seat is called, if not "Player" (an organisation)

    def ranked(self) -> list[PlayerResult]:
        return sorted(self.players, key=lambda p: (p.rank, p.seat))

    @property
    def winners(self) -> list[str]:
        return [p.name for p in self.ranked() if p.winner]


def competition_ranks(keys: list[tuple[Any, ...]]) -> list[int]:
    """Ranks for `keys` (higher is better), ties sharing a rank and skipping the next."""
    return [1 + sum(1 for other in keys if other > key) for key in keys]


@dataclass(frozen=True)
class Played:
    """When a play started and ended (Unix seconds, UTC; None where not known)."""

    start: int | None = None
    end: int | None = None

    @classmethod
    def from_span(cls, created: int | None, first: int | None, last: int | None) -> Played:
        """From the game's creation and its events' times: it started when it was made (or
        at its first event, for a game made before games kept their time)."""
        known = [t for t in (created, first) if t is not None]
        return cls(min(known) if known else None, last)

    @classmethod
    def from_times(cls, created: int | None, times: list[Any] | None) -> Played:
        stamps = [t for t in times or [] if isinstance(t, int) and not isinstance(t, bool)]
        ok = created if isinstance(created, int) and not isinstance(created, bool) else None
        return cls.from_span(ok, min(stamps, default=None), max(stamps, default=None))

    def date(self) -> str | None:
        """The start as BG Stats reads it, "YYYY-MM-DD HH:MM:SS", in this computer's time
        zone (the companion runs at the table)."""
        if self.start is None:
            return None
        return time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(self.start))

    def minutes(self) -> int | None:
        if self.start is None or self.end is None or self.end <= self.start:
            return None
        return max(1, round((self.end - self.start) / 60))


def bgstats(result: Result, *, name: str, play_id: str, played: Played,
            bgg_id: int | None = None) -> dict[str, Any]:
    """The play in BG Stats' push format (createPlay.html?data=): each player with their
    score, rank, winner and start player. Only what the whole table saw at the end."""
    game: dict[str, Any] = {"name": name, "sourceGameId": result.game, "highestWins": True}
    if bgg_id is not None:
        game["bggId"] = bgg_id
    play: dict[str, Any] = {"sourceName": SOURCE, "sourcePlayId": play_id}
    if played.date() is not None:
        play["playDate"] = played.date()
    if played.minutes() is not None:
        play["durationMin"] = played.minutes()
    play["game"] = game
    play["players"] = [{"name": p.name, "sourcePlayerId": f"seat{p.seat + 1}",
                        "score": p.score, "winner": p.winner, "rank": p.rank,
                        "startPlayer": p.start_player} for p in result.players]
    return play


def bgstats_link(play: dict[str, Any]) -> str:
    text = json.dumps(play, ensure_ascii=False, separators=(",", ":"))
    return BGSTATS + quote(text, safe="")


def safe_cell(value: Any) -> Any:
    """A cell a spreadsheet shows as written: numbers as numbers, text that would start a
    formula behind a single quote."""
    if isinstance(value, bool) or value is None:
        return "" if value is None else str(value).lower()
    if isinstance(value, int):
        return value
    text = str(value)
    return "'" + text if text.startswith(FORMULA_START) else text


def csv_text(result: Result, rank: str, player: str) -> str:
    """One row per player (by rank), one column per part of the score and per fact, headed
    in the result's language; UTF-8 with a byte-order mark, so a spreadsheet reads Korean."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    head = (rank, result.player_label or player, result.score_label,
            *(c.label for c in result.columns))
    writer.writerow([safe_cell(t) for t in head])
    for p in result.ranked():
        writer.writerow([safe_cell(v) for v in (
            p.rank, p.name, p.score, *(p.values.get(c.key, "") for c in result.columns))])
    return "\ufeff" + out.getvalue()


def history_entry(result: Result, *, play_id: str, name: str, played: Played
                  ) -> dict[str, Any]:
    """What this browser keeps of the play (app.js: "mk-history")."""
    return {"id": play_id, "game": result.game, "name": name, "when": played.date() or "",
            "winners": result.winners, "scores": {p.name: p.score for p in result.players}}


def as_json(result: Result, *, name: str, play_id: str | None, played: Played
            ) -> dict[str, Any]:
    """The result as `companion tally --format json` prints it."""
    return {"game": result.game, "name": name, "play_id": play_id, "date": played.date(),
            "duration_min": played.minutes(), "score": result.score_label,
            "winners": result.winners,
            "players": [{"name": p.name, "seat": p.seat, "score": p.score, "rank": p.rank,
                         "winner": p.winner, "start_player": p.start_player,
                         **{c.key: p.values.get(c.key) for c in result.columns},
                         "rows": [{"label": r.label, "points": r.points} for r in p.rows]}
                        for p in result.players],
            "facts": [{"label": k, "value": v} for k, v in result.facts],
            "detail": result.detail}
