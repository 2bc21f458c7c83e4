"""Game setup and state: plain data the engine folds events into.

The app tracks what is face up plus the dice: agents in play with their assets and states,
missions in play with the obstacles on them (face-down ones only as a count), completion
piles, and the turn. The deck and every hand stay physical.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints

from missionkit.draws import Seed, stream

from ..game import IllegalEvent
from ..gamelog import GameLog
from ..messages import msg
from . import rulebook
from .messages import refuse_setup

Name = Annotated[str, StringConstraints(min_length=1, max_length=40, strip_whitespace=True)]
Alignment = Literal["good", "bad"]


class SeatSetup(BaseModel):
    """One player: the organisation's name, its alignment and the seat of its nemesis."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    name: Name
    alignment: Alignment
    nemesis: Annotated[int, Field(ge=0)]


OptionValue = bool | int | str | None


class Setup(BaseModel):
    """How a game starts. `turn_order` lists seats (indexes into `players`) in playing order;
    left out, it is drawn from `seed`. `options` sets the content's options by id (game.yaml
    `options`: mp_target, deck_end, joint_attempt, undercover, ...); one left out takes its
    default, `null` turns off one that may be off (the MP target)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    players: list[SeatSetup] = Field(max_length=8)  # the count is checked against the content
    options: dict[str, OptionValue] = {}
    seed: Seed = 0
    turn_order: list[int] | None = None


@dataclass
class Agent:
    id: str
    assets: list[str] = field(default_factory=list)  # attached, oldest first
    wounded: int = 0  # owner's turns still to sit out, the current one included (MID-22)
    security_risk: int = 0
    captured_by: int | None = None  # seat of the player holding it

    @property
    def usable(self) -> bool:
        """May go on a mission: neither wounded, a security risk nor captured."""
        return not (self.wounded or self.security_risk or self.captured_by is not None)

    def clone(self) -> Agent:
        new = object.__new__(Agent)
        new.__dict__.update(self.__dict__, assets=list(self.assets))
        return new


@dataclass
class Mission:
    id: str
    face_up: list[str] = field(default_factory=list)  # revealed obstacles, top first
    face_down: int = 0  # obstacles not yet revealed, under the face-up ones

    def clone(self) -> Mission:
        return Mission(self.id, list(self.face_up), self.face_down)


@dataclass
class PlayerState:
    name: str
    alignment: str
    nemesis: int
    agents: dict[str, Agent] = field(default_factory=dict)  # in play, captured ones included
    missions: dict[str, Mission] = field(default_factory=dict)  # in play, in play order
    completed: list[str] = field(default_factory=list)  # completion pile
    killed: list[str] = field(default_factory=list)  # for Fake Death
    mp: int = 0
    lost: int = 0  # agents killed over the game (Fake Death does not undo the loss)

    def clone(self) -> PlayerState:
        new = object.__new__(PlayerState)
        new.__dict__.update(
            self.__dict__, agents={k: a.clone() for k, a in self.agents.items()},
            missions={k: m.clone() for k, m in self.missions.items()},
            completed=list(self.completed), killed=list(self.killed))
        return new


@dataclass
class AttemptState:
    """A mission attempt under way: obstacles are walked one card at a time."""

    mission: str
    owner: int  # whose mission (another player's with Co-opt Mission)
    agents: list[str]  # the agents that have rolled (several with Partners/Team)
    overcome: int = 0
    used: list[str] = field(default_factory=list)  # equipment to discard at the end
    done: int = 0  # checks of the mission card already passed (Partners/Team, pick_one)


@dataclass
class Turn:
    """The active player's turn; the counters start from game.yaml `per_turn`."""

    player: int
    recruits: int  # agents still to recruit in the Recruit phase
    assets: int  # assets still to attach
    missions: int  # missions still to put into play
    spy_rolls: int
    mission_phases: int  # attempts still to start
    phase: int = 0  # index into the game's phases
    late_recruits: int = 0  # Sleeper's agents: recruited at once, lost when the phase ends
    intercept_played: bool = False
    team_size: int = 1  # Partners 2, Team 3
    co_opt: bool = False
    attempt: AttemptState | None = None
    pending_failure: str | None = None  # agent awaiting its Mission Failure roll
    # a Spy roll kept until the mission it discards is named: (the roller's seat, whose)
    pending_discard: tuple[int, str] | None = None
    captures_rolled: list[str] = field(default_factory=list)
    # (agent, "wounded" | "security_risk") timers dealt to the active player's agents this
    # turn: this turn is not one of their N (MID-22), so its end does not count them down
    timers_set: list[tuple[str, str]] = field(default_factory=list)

    def clone(self) -> Turn:
        new = object.__new__(Turn)
        attempt = self.attempt
        if attempt is not None:
            attempt = AttemptState(attempt.mission, attempt.owner, list(attempt.agents),
                                   attempt.overcome, list(attempt.used), attempt.done)
        new.__dict__.update(self.__dict__, attempt=attempt,
                            captures_rolled=list(self.captures_rolled),
                            timers_set=list(self.timers_set))
        return new


@dataclass
class State:
    game: object
    setup: Setup
    players: list[PlayerState]
    order: list[int]  # seats in turn order
    turn: Turn
    options: dict[str, OptionValue]  # every option in force, defaults filled in
    round: int = 1
    status: Literal["playing", "final_round", "finished"] = "playing"
    deck_empty: bool = False
    discard: list[str] = field(default_factory=list)  # face-up discard pile (MID-07)
    log: GameLog = field(default_factory=GameLog)
    result: list[dict] | None = None  # the final ranking once finished

    def clone(self) -> State:
        """A copy safe to change: every mutable part copied, the content and setup shared."""
        new = object.__new__(State)
        new.__dict__.update(self.__dict__, players=[p.clone() for p in self.players],
                            turn=self.turn.clone(), discard=list(self.discard),
                            log=self.log.copy())
        return new

    @property
    def active(self) -> PlayerState:
        return self.players[self.turn.player]

    @property
    def phase(self) -> str:
        """The current phase's id (what the turn tracker shows)."""
        return rulebook.phases(self.game)[self.turn.phase]

    @property
    def spy_allowed(self) -> bool:
        """A Spy roll may be taken now (none if an Intercept card was played this turn)."""
        return self.turn.spy_rolls > 0 and self.turn.phase <= rulebook.phases(
            self.game).index("spy")

    def captures_owed(self) -> list[str]:
        """The active player's captured agents still to roll on the Capture Table."""
        return [a.id for a in self.active.agents.values()
                if a.captured_by is not None and a.id not in self.turn.captures_rolled]

    def owner_of(self, agent: str) -> int | None:
        """The seat whose agent this is (in play), or None."""
        return next((i for i, p in enumerate(self.players) if agent in p.agents), None)

    def mission_owner(self, mission: str) -> int | None:
        return next((i for i, p in enumerate(self.players) if mission in p.missions), None)

    def on_table(self) -> set[str]:
        """Every card id face up on the table (one copy of each card exists)."""
        out: set[str] = set()
        for p in self.players:
            for a in p.agents.values():
                out.add(a.id)
                out.update(a.assets)
            for m in p.missions.values():
                out.add(m.id)
                out.update(m.face_up)
            out.update(p.completed)
        return out


def new_state(setup: Setup, game: object) -> State:
    """The table after setup: nothing in play, the first player in turn order to play."""
    _check_setup(setup, game)
    options = _options(setup, game)
    order = list(setup.turn_order) if setup.turn_order is not None else _shuffled(setup)
    players = [PlayerState(s.name, s.alignment, s.nemesis) for s in setup.players]
    state = State(game, setup, players, order, fresh_turn(game, order[0]), options)
    state.log.append(msg("mi.turn_order", order=list(order)))
    return state


def fresh_turn(game: object, seat: int) -> Turn:
    limits = rulebook.per_turn(game)
    return Turn(seat, recruits=limits.recruit, assets=limits.assets,
                missions=limits.missions_into_play, spy_rolls=limits.spy_rolls,
                mission_phases=limits.mission_attempts)


def _options(setup: Setup, game: object) -> dict[str, OptionValue]:
    """Every option of the content, set from `setup` or left at its default."""
    known = rulebook.options(game)
    for key, value in setup.options.items():
        field = f"options.{key}"
        option = known.get(key)
        if option is None:
            raise IllegalEvent(f"unknown option '{key}'", field)
        if value is None:
            if not option.off_allowed:
                raise IllegalEvent(f"{option.name.en} cannot be off", field)
        elif option.choices and value not in option.choices:
            raise IllegalEvent(f"choose one of {list(option.choices)}", field)
        elif not option.choices and not _in_range(value, option.min, option.max):
            raise IllegalEvent(f"a number from {option.min} to {option.max}", field)
    chosen = {k: setup.options.get(k, o.default) for k, o in known.items()}
    deck, target = rulebook.end_options(game)
    if not chosen[deck] and chosen[target] is None:  # MID-01: a game must be able to end
        refuse_setup(game, "mi.no.no_end", "options")
    return chosen


def _in_range(value: OptionValue, low: int | None, high: int | None) -> bool:
    if not isinstance(value, int) or isinstance(value, bool):
        return False
    return (low is None or value >= low) and (high is None or value <= high)


def _shuffled(setup: Setup) -> list[int]:
    order = list(range(len(setup.players)))
    stream(setup.seed, "turn-order").shuffle(order)
    return order


def _check_setup(setup: Setup, game: object) -> None:
    low, high = rulebook.player_counts(game)
    n = len(setup.players)
    if not low <= n <= high:
        refuse_setup(game, "mi.no.player_count", "players", low=low, high=high, n=n)
    rules = rulebook.alignment_rules(game)
    sides = {s.alignment for s in setup.players}
    if len(sides) < 2 and (n == 2 or rules.mix == "at_least_one_each"):
        refuse_setup(game, "mi.no.both_sides", "players")
    for i, seat in enumerate(setup.players):
        if seat.nemesis >= n or seat.nemesis == i:
            refuse_setup(game, "mi.no.nemesis_other", f"players[{i}].nemesis")
        if setup.players[seat.nemesis].alignment == seat.alignment:
            refuse_setup(game, "mi.no.nemesis_side", f"players[{i}].nemesis", name=seat.name,
                         alignment=seat.alignment)
    if setup.turn_order is not None and sorted(setup.turn_order) != list(range(n)):
        refuse_setup(game, "mi.no.turn_order", "turn_order")
