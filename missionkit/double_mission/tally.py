"""The end-game tally: the same function serves the web app, the CLI and the JSON API.

Order (decisions page): Jack B takes from the sold pile; missions (Queen B: both; Close Watch
takes titles; Comeback held back); held treasures at their value (Value Manipulation: 6);
titles (Notorious Super Star: again); evidence; Comeback by rank; ranking by total then
Millions.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from ..messages import Message, as_json, msg
from .messages import CATALOGUE, game_namer
from .model import (
    DicePairs,
    DoubleMission,
    FixedValue,
    Ladder,
    LastOnBoard,
    PerRobbedCity,
    PerSoldSet,
    PerValueSpace,
    RankBonus,
    RevealTitles,
    TitlesAgain,
)
from .rules import competition_ranks, title_met
from .snapshot import PlayerSnapshot, Snapshot, check_snapshot


@dataclass
class Line:
    """One player's running tally."""

    name: str
    track: int
    millions: int
    held: Counter[str]
    titles: list[str]
    missions: int = 0
    treasures: int = 0
    title_points: int = 0
    evidence: int = 0
    comeback: int = 0
    gained: list[str] = field(default_factory=list)
    by_mission: dict[str, int] = field(default_factory=dict)  # mission id -> its points

    @property
    def total(self) -> int:
        return (self.track + self.missions + self.treasures + self.title_points + self.evidence
                + self.comeback)


def _cap(points: int, cap: int | None) -> int:
    return min(points, cap) if cap is not None else points


def tally(snap: Snapshot, game: DoubleMission) -> dict[str, Any]:
    """Score a consistent end-game snapshot; raises TallyError if it is not consistent."""
    check_snapshot(snap, game)
    sold: Counter[str] = Counter(snap.sold or {})
    lines = [Line(p.name, p.track, p.millions, Counter(p.held()), list(p.titles or []))
             for p in snap.players]
    notes: list[Message] = []
    for seat, (p, line) in enumerate(zip(snap.players, lines, strict=True)):  # 1. Jack B
        for t in p.jack_b_take or []:
            sold[t] -= 1
            line.held[t] += 1
        if p.jack_b_take:
            notes.append(msg("dm.note.jack_b", player=seat, character="jack",
                             treasures=list(p.jack_b_take)))
    robbed = set(snap.board.robbed_cities)
    for seat, (p, line) in enumerate(zip(snap.players, lines, strict=True)):  # 2. missions
        missions = [game.mission_by_id[m] for m in p.missions]
        # Close Watch first, so Notorious Super Star counts the titles it brings (decisions).
        missions.sort(key=lambda m: not isinstance(m.scoring, RevealTitles))
        value_of = dict(snap.values)
        for mission in missions:
            s = mission.scoring
            if not isinstance(s, RankBonus):  # Comeback's points are its `comeback`
                line.by_mission.setdefault(mission.id, 0)
            if isinstance(s, RevealTitles):
                _close_watch(snap, game, p, line, notes, seat)
            elif isinstance(s, FixedValue):
                value_of = {t: s.value for t in value_of}
            elif isinstance(s, TitlesAgain):
                pass  # scored after titles are known, below
            elif not isinstance(s, RankBonus):
                points = _cap(_mission_points(s, snap, game, p, line, sold, robbed), mission.cap)
                line.missions += points
                line.by_mission[mission.id] = points
        line.treasures = sum(value_of[t] * k for t, k in line.held.items())  # 3.
        line.title_points = sum(game.title_by_id[t].points for t in line.titles)  # 4.
        for m in p.missions:
            if isinstance(game.mission_by_id[m].scoring, TitlesAgain):
                line.missions += line.title_points
                line.by_mission[m] = line.title_points
        line.evidence = -sum(p.evidence or [])  # 5.
    _comeback(snap, game, lines, notes)  # 6.
    ranks = competition_ranks([(line.total, line.millions) for line in lines])  # 7.
    notes += _tie_notes(lines, ranks)
    namer = game_namer(game, [line.name for line in lines])
    result: dict[str, Any] = {
        "players": [{"name": x.name, "track": x.track, "missions": x.missions,
                     "treasures": x.treasures, "titles": x.title_points, "evidence": x.evidence,
                     "comeback": x.comeback, "total": x.total, "rank": r,
                     "titles_gained": x.gained} for x, r in zip(lines, ranks, strict=True)],
        "winners": [x.name for x, r in zip(lines, ranks, strict=True) if r == 1],
        "teams": None,
        "notes": [CATALOGUE.english(n, namer) for n in notes],
        "note_messages": [as_json(n) for n in notes],
        "detail": _detail(snap, lines),
    }
    if snap.team_mode:
        _teams(snap, lines, result)
    return result


def _detail(snap: Snapshot, lines: list[Line]) -> list[dict[str, Any]]:
    """Per player, what the totals are made of: each mission's points in the order held
    (Comeback's are its `comeback`), titles held, evidence token values, treasures held."""
    return [{"name": x.name, "millions": x.millions,
             "missions": [{"id": m, "points": x.by_mission.get(m, x.comeback)}
                          for m in p.missions],
             "titles": list(x.titles), "evidence_tokens": list(p.evidence or []),
             "held": {t: k for t, k in x.held.items() if k}}
            for p, x in zip(snap.players, lines, strict=True)]


def _mission_points(s: Any, snap: Snapshot, game: DoubleMission, p: PlayerSnapshot, line: Line,
                    sold: Counter[str], robbed: set[str]) -> int:
    cities = game.city_by_id
    if isinstance(s, Ladder):
        if s.counts == "types_held":
            n = sum(1 for k in line.held.values() if k > 0)
        elif s.counts == "robbed_seaports":
            n = sum(1 for c in robbed if cities[c].seaport)
        else:
            n = sum(1 for c in robbed if cities[c].airport)
        return s.points[min(n, len(s.points)) - 1] if n else 0
    if isinstance(s, LastOnBoard):
        return sum(snap.values[t] for t, k in snap.board.remaining.items() if k == 1)
    if isinstance(s, PerSoldSet):
        return sum(sold.values()) // s.size * s.points
    if isinstance(s, PerValueSpace):
        return sum(s.points.get(v, 0) for v in snap.values.values())
    if isinstance(s, PerRobbedCity):
        return s.points * sum(1 for c in robbed if cities[c].group in ("us", "china"))
    if isinstance(s, DicePairs):
        return (p.gamble_successes or 0) // 2 * s.points
    raise TypeError(f"no scorer for {s!r}")


def _close_watch(snap: Snapshot, game: DoubleMission, p: PlayerSnapshot, line: Line,
                 notes: list[Message], seat: int) -> None:
    owned_before = len(line.titles)
    for title_id in snap.close_watch_reveal or []:
        title = game.title_by_id[title_id]
        if title_met(title, treasures=line.held, dice=p.dice, titles_owned=owned_before,
                     track=p.track):
            line.titles.append(title_id)
            line.gained.append(title_id)
    if line.gained:
        notes.append(msg("dm.note.close_watch", player=seat, mission="close_watch",
                         titles=list(line.gained)))


def _comeback(snap: Snapshot, game: DoubleMission, lines: list[Line],
              notes: list[Message]) -> None:
    for seat, (p, line) in enumerate(zip(snap.players, lines, strict=True)):
        for m in p.missions:
            s = game.mission_by_id[m].scoring
            if isinstance(s, RankBonus):
                ranks = competition_ranks([(x.total, x.millions) for x in lines])
                me = ranks[lines.index(line)]
                line.comeback = s.points[:len(lines)][me - 1]
                notes.append(msg("dm.note.comeback", player=seat, mission=m, rank=me,
                                 points=line.comeback))


def _tie_notes(lines: list[Line], ranks: list[int]) -> list[Message]:
    notes = []
    by_total: dict[int, list[int]] = {}
    for i, line in enumerate(lines):
        by_total.setdefault(line.total, []).append(i)
    for total, group in sorted(by_total.items(), reverse=True):
        if len(group) < 2:
            continue
        if len({lines[i].millions for i in group}) == 1:
            notes.append(msg("dm.note.tie_same", players=group, points=total,
                             millions=lines[group[0]].millions, rank=ranks[group[0]]))
        else:
            order = sorted(group, key=lambda i: ranks[i])
            notes.append(msg("dm.note.tie_millions", players=group, points=total,
                             order=order))
    return notes


def _teams(snap: Snapshot, lines: list[Line], result: dict[str, Any]) -> None:
    teams: dict[str, list[Line]] = {}
    for p, line in zip(snap.players, lines, strict=True):
        teams.setdefault(p.team or "", []).append(line)
    names = sorted(teams)
    keys = [(sum(x.total for x in teams[t]), sum(x.millions for x in teams[t])) for t in names]
    ranks = competition_ranks(keys)
    result["teams"] = [{"team": t, "total": k[0], "millions": k[1], "rank": r}
                       for t, k, r in zip(names, keys, ranks, strict=True)]
    best = {t for t, r in zip(names, ranks, strict=True) if r == 1}
    result["winners"] = [p.name for p in snap.players if p.team in best]
