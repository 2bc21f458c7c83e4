"""Game setup and state: plain data the engine folds events into."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from missionkit.draws import Seed, stream

from ..game import IllegalEvent as IllegalEvent  # (re-exported: tests import it here)
from ..game import PlayerName
from ..gamelog import GameLog
from .messages import refuse_setup
from .model import DoubleMission

Name = PlayerName


class SeatSetup(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    name: Name
    character: str
    side: Literal["A", "B"]
    team: Literal["A", "B"] | None = None


class Options(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    sale_and_title: bool = False
    abilities: bool = True
    team_mode: bool = False


class Setup(BaseModel):
    """How a game starts. `placement` and `titles` may be given (a table's real setup)
    or left out, in which case they are drawn from `seed`."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    players: list[SeatSetup] = Field(max_length=8)  # the count is checked against the content
    options: Options = Options()
    seed: Seed = 0
    placement: dict[str, str] | None = None
    titles: list[str] | None = None


@dataclass
class PlayerState:
    name: str
    character: str
    side: str
    team: str | None
    score: int
    millions: int
    dice: int
    treasures: Counter[str] = field(default_factory=Counter)
    titles: list[str] = field(default_factory=list)
    evidence: list[int] = field(default_factory=list)  # hidden until the end

    def has(self, character: str, side: str) -> bool:
        return (self.character, self.side) == (character, side)

    def clone(self) -> PlayerState:
        new = object.__new__(PlayerState)
        new.__dict__.update(self.__dict__, treasures=_copy(self.treasures),
                            titles=list(self.titles), evidence=list(self.evidence))
        return new


def _copy(counter: Counter[str]) -> Counter[str]:
    """A copy of a Counter without Counter.update's Python-level loop (clone's hot path)."""
    new: Counter[str] = Counter.__new__(Counter)  # empty, without Counter.__init__'s Python
    dict.update(new, counter)
    return new


@dataclass
class Turn:
    player: int = 0
    actions_left: int = 2
    operations_left: int = 1
    sold: bool = False
    titled: bool = False
    cards_played: int = 0
    security_card: int = 0
    perfect_job: int = 0
    single_die: bool = False
    imitations: int = 0
    robbed_levels: list[int] = field(default_factory=list)
    extra: bool = False  # Joker B's extra turn
    invert: bool = False  # King B declared an inversion for the next operation


@dataclass(frozen=True)
class OpRecord:
    """One resolved operation: its dice and what it changed, so a card right after it can
    revert and resolve it again (Enforcement, Security Disruption) or build on it."""

    player: int
    helper: int | None
    city: str
    treasure: str
    level: int  # printed security, for Infiltration Genius
    need: int
    helper_need: int
    active_successes: int
    helper_successes: int | None
    invert: bool
    single_die: bool
    multiplier: int
    token_from: int | None = None
    helper_token_from: int | None = None
    success: bool = False
    holder: int | None = None  # who holds the treasure won (Double-Cross changes it)
    points: tuple[tuple[int, int], ...] = ()  # (seat, points scored)
    tokens: tuple[tuple[int, int], ...] = ()  # (taker, source seat; -1 = the bag)
    status_before: str = "playing"


@dataclass(frozen=True)
class CardPlay:
    """A plan card just played, with the table as it was before its effect (for Threaten)."""

    seat: int
    card: str
    before: State


@dataclass(frozen=True)
class Recent:
    """What the last event leaves open to a reaction: an operation, a card, or both."""

    op: OpRecord | None = None
    card: CardPlay | None = None


@dataclass
class State:
    game: DoubleMission
    setup: Setup
    players: list[PlayerState]
    cities: dict[str, str | None]
    values: dict[str, int]
    offer: list[str]
    laid_out: list[str]
    bag: list[int]
    round_marker: int
    turn: Turn
    status: Literal["playing", "final_round", "finished"] = "playing"
    sold: Counter[str] = field(default_factory=Counter)
    log: GameLog = field(default_factory=GameLog)
    result: dict | None = None
    recent: Recent | None = None
    discard_top: str | None = None  # the last plan card played; None after a reshuffle
    card_plays: Counter[str] = field(default_factory=Counter)  # since the last reshuffle
    # on while a new event is tried (`engine.try_apply`), off in a replay: what a new event
    # must say that an older stored log may leave out (whom an empty bag's tie takes from)
    asking: bool = False

    def clone(self) -> State:
        """A copy safe to change: every mutable part is copied, the content and setup shared.

        Much faster than deepcopy, which would walk the whole log and content model."""
        turn = object.__new__(Turn)
        turn.__dict__.update(self.turn.__dict__, robbed_levels=list(self.turn.robbed_levels))
        new = object.__new__(State)
        new.__dict__.update(
            self.__dict__, players=[p.clone() for p in self.players], cities=dict(self.cities),
            values=dict(self.values), offer=list(self.offer), bag=list(self.bag), turn=turn,
            sold=_copy(self.sold), log=self.log.copy(), card_plays=_copy(self.card_plays))
        return new

    def restore(self, before: State) -> None:
        """Put the table back as it was in `before` (a snapshot never changed afterwards);
        the log, the discard pile and the card counts stay as they are now."""
        old = before.clone()
        for name in ("players", "cities", "values", "offer", "bag", "round_marker", "turn",
                     "status", "sold", "recent"):
            setattr(self, name, getattr(old, name))

    @property
    def active(self) -> PlayerState:
        return self.players[self.turn.player]

    def ability(self, seat: int, character: str, side: str) -> bool:
        return self.setup.options.abilities and self.players[seat].has(character, side)

    def robbed(self) -> list[str]:
        return [c for c, t in self.cities.items() if t is None]


def new_state(setup: Setup, game: DoubleMission) -> State:
    """The table after setup: treasures placed, titles laid out, tokens shuffled."""
    _check_setup(setup, game)
    row = game.player_count(len(setup.players))
    if setup.placement is not None:
        cities = {c.id: setup.placement[c.id] for c in game.cities}
    else:
        pool = [t.id for t in game.treasures for _ in range(t.count)]
        stream(setup.seed, "placement").shuffle(pool)
        cities = dict(zip([c.id for c in game.cities], pool, strict=True))
    titles = list(setup.titles) if setup.titles else stream(setup.seed, "titles").sample(
        [t.id for t in game.titles], row.titles_on_offer)
    bag = [m.evidence for m in game.game.investigation_tokens for _ in range(m.count)]
    stream(setup.seed, "bag").shuffle(bag)
    g = game.game
    players = [PlayerState(s.name, s.character, s.side, s.team, row.starting_scores[i],
                           g.millions.start, g.dice.start) for i, s in enumerate(setup.players)]
    turn = Turn(actions_left=g.turn.actions, operations_left=g.turn.operations)
    return State(game, setup, players, cities, {t.id: g.value_track.spaces[0]
                                                 for t in game.treasures},
                 titles, list(titles), bag, row.end_trigger, turn)


def _check_setup(setup: Setup, game: DoubleMission) -> None:
    counts = [r.count for r in game.game.players]
    if len(setup.players) not in counts:
        refuse_setup(game, "dm.no.player_count", "players", low=min(counts), high=max(counts),
                     n=len(setup.players))
    seen: set[str] = set()
    for i, seat in enumerate(setup.players):
        if seat.character not in game.character_by_id:
            refuse_setup(game, "dm.no.unknown_character", f"players[{i}].character",
                         value=seat.character)
        if seat.character in seen:
            refuse_setup(game, "dm.no.character_taken", f"players[{i}].character",
                         character=seat.character)
        seen.add(seat.character)
    if setup.options.team_mode:
        teams = Counter(s.team for s in setup.players)
        if len(setup.players) != 4 or teams != Counter({"A": 2, "B": 2}):
            refuse_setup(game, "dm.no.team_count", "options.team_mode")
        seats = [s.team for s in setup.players]
        if any(seats[i] == seats[(i + 1) % 4] for i in range(4)):
            refuse_setup(game, "dm.no.team_seating", "options.team_mode")
    if setup.placement is not None:
        want = Counter({t.id: t.count for t in game.treasures})
        if set(setup.placement) != set(game.city_by_id) or Counter(
                setup.placement.values()) != want:
            refuse_setup(game, "dm.no.placement", "placement")
    if setup.titles is not None:
        row = game.player_count(len(setup.players))
        if len(set(setup.titles)) != row.titles_on_offer or not set(setup.titles) <= set(
                game.title_by_id):
            refuse_setup(game, "dm.no.titles", "titles", n=row.titles_on_offer)
