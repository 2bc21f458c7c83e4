"""Dice Mission setup and state: plain data the engine folds events into.

The state holds only what the whole table may see: dice, the token, completed (revealed)
cards, the face-up SPECIALs, gadget counts and the public discard pile. Hands are secret and
never stored; a hand card enters the state when its holder reveals it by completing it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints

from missionkit.draws import Seed, stream

from ..game import IllegalEvent
from ..gamelog import GameLog
from ..messages import msg
from .limits import SPECIAL, Limits, limits
from .messages import refuse_setup
from .model import DiceMission

Name = Annotated[str, StringConstraints(min_length=1, max_length=40, strip_whitespace=True)]


class PlayerSetup(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    name: Name
    colour: str


class Variants(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    very_special: bool = False
    joker: bool = False


class Setup(BaseModel):
    """How a game starts, seats in clockwise order. `display` (the face-up SPECIAL ids) may be
    given (a table's real cards) or left out, in which case it is drawn from `seed`."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    players: list[PlayerSetup] = Field(max_length=8)  # the count is checked against the content
    variants: Variants = Variants()
    first_agent: Annotated[int, Field(ge=0)] = 0
    seed: Seed = 0
    display: list[str] | None = None


@dataclass
class PlayerState:
    name: str
    colour: str
    completed: list[str] = field(default_factory=list)  # revealed mission ids, in order
    gadgets: int = 0  # gadget cards in hand (their names stay secret)
    drawn: int = 0  # of those, drawn this round: playable from the next round on
    draws_due: int = 0  # suitcase rewards not drawn yet (the reminder)
    jokers: int = 0  # mission phases this player has added the Joker die to
    played: int = 0  # gadgets played so far (for the result)
    dice: list[int] | None = None  # faces as they lie; None = not rolled this round
    rolls: int = 0  # rolls counted against the limit this round

    def clone(self) -> PlayerState:
        new = object.__new__(PlayerState)
        new.__dict__.update(self.__dict__, completed=list(self.completed),
                            dice=None if self.dice is None else list(self.dice))
        return new


@dataclass
class Round:
    number: int
    agent: int  # the active agent's seat
    side: Literal["mission", "debriefing"] = "mission"
    turn: int = 0  # whose rolling or debriefing turn it is
    n: int | None = None  # dice to roll this round (set by the active agent)
    r: int | None = None  # the others' roll limit (set when the active agent stops rolling)
    locked: list[int] = field(default_factory=list)  # Target Lock: seats no gadget may touch
    deleted: list[int] = field(default_factory=list)  # faces taken off the table (Delete)
    kept_n: dict[int, int] = field(default_factory=dict)  # locked seats New Deal skipped (DMD-32)
    done_types: list[str] = field(default_factory=list)  # types completed this debriefing turn
    failure: bool = False  # the failure option was used this debriefing turn

    def clone(self) -> Round:
        new = object.__new__(Round)
        new.__dict__.update(self.__dict__, locked=list(self.locked), deleted=list(self.deleted),
                            done_types=list(self.done_types), kept_n=dict(self.kept_n))
        return new

    def n_for(self, seat: int) -> int | None:
        """The dice `seat` rolls this round: N, or the N a Target Lock kept them (DMD-32)."""
        return self.kept_n.get(seat, self.n)


@dataclass
class State:
    game: DiceMission
    setup: Setup
    limits: Limits
    players: list[PlayerState]
    round: Round
    display: list[str]  # face-up SPECIAL ids
    specials_out: list[str]  # SPECIALs completed, or set aside (Very Special: in the box)
    gadget_deck: int  # cards in the gadget deck
    gadget_discard: list[str] = field(default_factory=list)  # face up, public
    draws: int = 0  # SPECIALs the app has drawn for the table (seeds the next draw)
    status: Literal["playing", "finished"] = "playing"
    winner: int | None = None
    log: GameLog = field(default_factory=GameLog)

    def clone(self) -> State:
        """A copy safe to change: mutable parts copied, content and setup shared."""
        new = object.__new__(State)
        new.__dict__.update(
            self.__dict__, players=[p.clone() for p in self.players], round=self.round.clone(),
            display=list(self.display), specials_out=list(self.specials_out),
            gadget_discard=list(self.gadget_discard), log=self.log.copy())
        return new

    @property
    def current(self) -> PlayerState:
        """The player whose rolling or debriefing turn it is."""
        return self.players[self.round.turn]

    def table(self) -> tuple[tuple[int, ...], ...]:
        """Every player's dice as they lie (none for a player yet to roll), by seat."""
        return tuple(tuple(p.dice or ()) for p in self.players)

    def progress(self, seat: int) -> dict[str, tuple[int, int]]:
        """Completed and needed cards per type for one player."""
        target = self.limits.target(len(self.players))
        done = {t: 0 for t in target}
        for card in self.players[seat].completed:
            done[self.game.mission(card).type] += 1
        return {t: (done[t], need) for t, need in target.items()}

    def has_won(self, seat: int) -> bool:
        return all(done >= need for done, need in self.progress(seat).values())

    def specials(self) -> list[str]:
        """Every SPECIAL id in the content."""
        return [m.id for m in self.game.missions if m.type == SPECIAL]

    def special_deck(self) -> list[str]:
        """SPECIALs still face down in the deck (neither shown, completed nor boxed)."""
        gone = set(self.display) | set(self.specials_out)
        return [m for m in self.specials() if m not in gone]

    def order(self) -> list[int]:
        """Seats in turn order this round: clockwise from the active agent."""
        n = len(self.players)
        return [(self.round.agent + k) % n for k in range(n)]


def new_state(setup: Setup, game: DiceMission) -> State:
    """The table after setup: hands dealt (secretly), SPECIALs laid out, gadget deck shuffled."""
    lim = limits(game)
    _check_setup(setup, game, lim)
    n = len(setup.players)
    shown = n + lim.very_special_plus if setup.variants.very_special else lim.display
    specials = [m.id for m in game.missions if m.type == SPECIAL]
    if setup.display is not None:
        display = list(setup.display)
        if len(set(display)) != shown or not set(display) <= set(specials):
            raise IllegalEvent(f"the display holds {shown} different SPECIAL ids", "display")
    else:
        display = stream(setup.seed, "special-display").sample(specials, shown)
    boxed = [s for s in specials if s not in display] if setup.variants.very_special else []
    players = [PlayerState(p.name, p.colour) for p in setup.players]
    agent = setup.first_agent
    state = State(game, setup, lim, players, Round(1, agent, turn=agent), display, boxed,
                  sum(g.copies for g in game.gadgets))
    state.log.append(msg("dc.round", round=1, player=agent))
    return state


def _check_setup(setup: Setup, game: DiceMission, lim: Limits) -> None:
    n = len(setup.players)
    if n not in lim.player_counts:
        refuse_setup(game, "dc.no.player_count", "players", low=min(lim.player_counts),
                     high=max(lim.player_counts), n=n)
    seen: set[str] = set()
    for i, p in enumerate(setup.players):
        if p.colour not in lim.colours:
            refuse_setup(game, "dc.no.unknown_colour", f"players[{i}].colour", value=p.colour,
                         colours=list(lim.colours))
        if p.colour in seen:
            refuse_setup(game, "dc.no.colour_taken", f"players[{i}].colour", colour=p.colour)
        seen.add(p.colour)
    if setup.first_agent >= n:
        refuse_setup(game, "dc.no.no_seat", "first_agent", number=setup.first_agent)
    if setup.variants.joker and n not in lim.joker_players:
        refuse_setup(game, "dc.no.joker_players", "variants.joker", low=min(lim.joker_players),
                     high=max(lim.joker_players))
