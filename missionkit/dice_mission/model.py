"""Typed content model of Dice Mission, one class per component kind.

A mission's `check` is a predicate in the vocabulary of `vocabulary.py` (checked on load by
`checks.py`); `predicates.py` evaluates it on the dice of a table. Rule constants live in
`game.yaml` (`GameFile`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Annotated, Any, Literal

from annotated_types import Ge, Le, MinLen

from ..content.base import Count, HexColor, Id, Localized, Positive, Text, TextRule, model
from ..content.guide import GuideSection

MissionType = Literal["solo", "versus", "team", "special"]
MISSION_TYPES: tuple[MissionType, ...] = ("solo", "versus", "team", "special")
Face = Annotated[int, Ge(1), Le(6)]


@dataclass(frozen=True)
class Check:
    """A mission's predicate (`rule`, the YAML mapping) and the scope it is read in (the
    mission type: SOLO and SPECIAL look at your dice, VERSUS at yours against each
    opponent's, TEAM at the whole table)."""

    scope: MissionType
    rule: dict[str, Any]

    @classmethod
    def __get_pydantic_core_schema__(cls, source: Any, handler: Any) -> Any:
        from pydantic_core import core_schema

        # The YAML gives the bare mapping; Mission.__post_init__ sets the scope from `type`.
        # Dumped back as that mapping, so a game's stored rules copy reads back equal.
        return core_schema.no_info_after_validator_function(
            lambda rule: cls("solo", rule), core_schema.dict_schema(core_schema.str_schema()),
            serialization=core_schema.plain_serializer_function_ser_schema(
                lambda check: check.rule, when_used="always"))


# --- missions --------------------------------------------------------------------------


@model
class Mission:
    id: Id
    type: MissionType
    name: Localized
    text: Localized
    suitcase: bool
    check: Check
    note: str = ""

    def __post_init__(self) -> None:  # pydantic calls it once the fields are validated
        if self.check.scope != self.type:
            object.__setattr__(self, "check", Check(self.type, self.check.rule))


@model
class MissionsFile:
    missions: list[Mission]


# --- gadgets ---------------------------------------------------------------------------

GadgetEffect = Literal[
    "set_dice_count", "force_reroll", "exchange_mission", "extra_roll", "lock_player",
    "steal_die", "delete_die", "change_face", "swap_dice", "give_die",
]


@model
class Gadget:
    id: Id
    name: Localized
    phase: Literal["mission", "debriefing"]
    copies: Positive
    effect: GadgetEffect
    text: Localized
    note: str = ""


@model
class GadgetsFile:
    gadgets: list[Gadget]


# --- guide prose (player aid, rules summary) -------------------------------------------


# --- game-wide rules -------------------------------------------------------------------


@model
class Components:
    mission_cards: dict[MissionType, Positive]
    gadget_cards: Positive
    dice: Positive
    dice_colours: Positive
    active_agent_tokens: Positive
    player_aids: Positive
    note: str = ""


@model
class Colour:
    id: Id
    name: Localized
    color: HexColor
    symbol: Literal["circle", "square", "triangle", "diamond", "star"]


# The odds (odds.chance) are for 2-5 players and 1-6 dice, as the physical game is; the
# rolls a table may take are listed on its page, 9 at most (the odds API's limit).
Players = Annotated[int, Ge(2), Le(5)]
DiceCount = Annotated[int, Ge(1), Le(6)]
Rolls = Annotated[int, Ge(1), Le(9)]


@model
class Setup:
    """One player count: what each player is dealt and what wins."""

    players: Players
    dealt: dict[Literal["solo", "versus", "team"], Positive]
    specials_to_win: Positive
    joker: bool

    @property
    def missions_in_hand(self) -> int:
        return sum(self.dealt.values())

    @property
    def target(self) -> int:
        """Missions to complete to win: the hand plus the SPECIALs."""
        return self.missions_in_hand + self.specials_to_win


@model
class Round:
    """The mission phase's limits and the hand and display sizes."""

    dice_min: DiceCount
    dice_max: DiceCount
    rolls_max: Rolls
    gadget_hand_limit: Positive
    special_display: Positive
    exchange_draw: Positive
    missions_per_type_per_turn: Positive
    specials_per_game: Positive
    note: str = ""


@model
class VerySpecial:
    name: Localized
    text: Localized
    display_plus: Count  # face-up SPECIALs = players + display_plus
    refill: bool
    special_exchange: bool
    note: str = ""


@model
class Joker:
    name: Localized
    text: Localized
    players: Annotated[list[Players], MinLen(1)]
    extra_dice: DiceCount
    max_dice: DiceCount
    uses_per_game: Positive
    note: str = ""


@model
class Variants:
    very_special: VerySpecial
    joker: Joker


@model
class Decision:
    id: Annotated[str, TextRule(pattern=r"^[A-Z]+-\d\d$")]
    choice: Text
    note: Text
    # the rulebook's "Rules clarified" line, player-facing (no ids, file or option names);
    # {name} takes a number from the game's rulebook values()
    en: str = ""
    ko: str = ""  # the same line in Korean
    rulebook: bool = True  # False: about making the kit, not a rule; not printed


@model
class GameFile:
    """`game.yaml`: identity, components, setup, round limits, variants and decisions."""

    id: Annotated[str, TextRule(pattern=r"^[a-z][a-z0-9-]*$")]
    name: Localized
    subtitle: Localized
    components: Components
    colours: Annotated[list[Colour], MinLen(1)]
    setup: Annotated[list[Setup], MinLen(1)]
    round: Round
    variants: Variants
    decisions: list[Decision] = field(default_factory=list)
    # BoardGameGeek's id for the game, when known for certain (BG Stats links carry it)
    bgg_id: int | None = None


# --- the whole game --------------------------------------------------------------------


@model
class DiceMission:
    """Everything about Dice Mission, validated and cross-checked."""

    game: GameFile
    missions: tuple[Mission, ...]
    gadgets: tuple[Gadget, ...]
    guide: tuple[GuideSection, ...]

    @property
    def id(self) -> str:
        return self.game.id

    @property
    def colours(self) -> tuple[Colour, ...]:
        return tuple(self.game.colours)

    @property
    def setup(self) -> dict[int, Setup]:
        """Setup rows by player count."""
        return {row.players: row for row in self.game.setup}

    @property
    def round(self) -> Round:
        return self.game.round

    @property
    def variants(self) -> Variants:
        return self.game.variants

    @property
    def decisions(self) -> tuple[Decision, ...]:
        return tuple(self.game.decisions)

    @cached_property
    def mission_by_id(self) -> dict[str, Mission]:
        return {m.id: m for m in self.missions}

    @cached_property
    def gadget_by_id(self) -> dict[str, Gadget]:
        return {g.id: g for g in self.gadgets}

    def mission(self, mission_id: str) -> Mission:
        """The mission card `mission_id` (KeyError if unknown)."""
        return self.mission_by_id[mission_id]

    def gadget(self, gadget_id: str) -> Gadget:
        """The gadget `gadget_id` (KeyError if unknown)."""
        return self.gadget_by_id[gadget_id]

    def missions_of(self, kind: MissionType) -> tuple[Mission, ...]:
        return tuple(m for m in self.missions if m.type == kind)

    def table_dice(self, players: int) -> tuple[int, int]:
        """Fewest and most dice on the table in one round at `players` players."""
        if players not in self.setup:
            raise KeyError(f"Dice Mission is for {self.supported_players()} players, "
                           f"not {players}")
        return players * self.round.dice_min, players * self.round.dice_max

    def supported_players(self) -> str:
        counts = sorted(self.setup)
        return f"{counts[0]}-{counts[-1]}"

    def component_counts(self) -> dict[str, int]:
        """Printed pieces in the kit, keyed as in the build manifest (dice: see `bought`)."""
        return {
            "mission_card": len(self.missions),
            "gadget_card": sum(g.copies for g in self.gadgets),
            "player_aid": self.game.components.player_aids,
            "active_agent_token": self.game.components.active_agent_tokens,
        }

    def bought(self) -> tuple[str, ...]:
        """What the kit needs but does not print (DMD-28)."""
        c = self.game.components
        return (f"{c.dice} six-sided dice in {c.dice_colours} colours",)
