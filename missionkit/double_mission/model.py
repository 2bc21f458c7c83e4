"""Typed content model of Double Mission, one class per component kind.

Rule constants live in `Rules`; cards name what the rules engine does with them through a
small vocabulary (`TitleCondition`, `MissionScoring`, `PlanEffect`).
"""

from __future__ import annotations

from dataclasses import field
from functools import cached_property
from typing import Annotated, Any, Literal

from annotated_types import Ge, Le, MinLen

from ..content.base import (
    Count,
    HexColor,
    Id,
    Localized,
    Positive,
    Tagged,
    Text,
    TextRule,
    model,
)
from ..content.guide import GuideSection

# --- board -----------------------------------------------------------------------------

LonLat = tuple[Annotated[float, Ge(-180), Le(180)], Annotated[float, Ge(-90), Le(90)]]


@model
class City:
    id: Id
    name: Localized
    security: Positive
    seaport: bool = False
    airport: bool = False
    group: Literal["us", "china", "none"] = "none"
    pos: tuple[Annotated[float, Ge(0), Le(100)], Annotated[float, Ge(0), Le(60)]]
    # where the city really is, [longitude, latitude] in degrees: the board's coastlines are
    # bent so that this spot lands on `pos` (the printed spot, spread out for legibility)
    lonlat: LonLat | None = None


@model
class BoardFile:
    cities: list[City]
    lines: list[tuple[Id, Id]]
    wrap_lines: list[tuple[Id, Id]] = field(default_factory=list)


# --- treasures -------------------------------------------------------------------------

TreasureIcon = Literal["urn", "gem", "bars", "folder", "canvas", "statuette"]


@model
class Treasure:
    id: Id
    name: Localized
    color: HexColor
    icon: TreasureIcon
    count: Positive


@model
class TreasuresFile:
    treasures: list[Treasure]
    note: str = ""


# --- characters ------------------------------------------------------------------------


@model
class Side:
    name: Localized
    text: Localized
    note: str = ""


@model
class Character:
    id: Id
    name: Localized
    color: HexColor
    sides: dict[Literal["A", "B"], Side]
    optional: bool = False
    note: str = ""

    def __post_init__(self) -> None:  # checked once validated (pydantic calls it)
        if set(self.sides) != {"A", "B"}:
            raise ValueError("a character needs both sides, A and B")


@model
class CharactersFile:
    characters: list[Character]


# --- titles ----------------------------------------------------------------------------


@model
class HoldType:
    kind: Literal["hold_type"]
    treasure: Id
    count: Positive


@model
class HoldEach:
    kind: Literal["hold_each"]
    treasures: Annotated[list[Id], MinLen(2)]


@model
class HoldAnyType:
    kind: Literal["hold_any_type"]
    count: Positive


@model
class HoldTotal:
    kind: Literal["hold_total"]
    count: Positive


@model
class OwnDice:
    kind: Literal["own_dice"]
    count: Positive


@model
class OwnTitles:
    kind: Literal["own_titles"]
    count: Positive


@model
class RobbedSecurity:
    kind: Literal["robbed_security"]
    level: Positive


@model
class ScoreAtLeast:
    kind: Literal["score_at_least"]
    points: Positive


TitleCondition = Annotated[
    HoldType | HoldEach | HoldAnyType | HoldTotal | OwnDice | OwnTitles | RobbedSecurity
    | ScoreAtLeast,
    Tagged("kind"),
]


@model
class Title:
    id: Id
    name: Localized
    points: Positive
    condition: TitleCondition
    imitable: bool
    text: Localized
    note: str = ""


@model
class TitlesFile:
    titles: list[Title]


# --- missions --------------------------------------------------------------------------


@model
class Ladder:
    kind: Literal["ladder"]
    counts: Literal["types_held", "robbed_seaports", "robbed_airports"]
    points: Annotated[list[Count], MinLen(1)]


@model
class FixedValue:
    kind: Literal["fixed_value"]
    value: Positive


@model
class LastOnBoard:
    kind: Literal["last_on_board"]


@model
class PerSoldSet:
    kind: Literal["per_sold_set"]
    size: Positive
    points: Positive


@model
class PerValueSpace:
    kind: Literal["per_value_space"]
    points: dict[int, Positive]


@model
class PerRobbedCity:
    kind: Literal["per_robbed_city"]
    group: Literal["us_china"]
    points: Positive


@model
class TitlesAgain:
    kind: Literal["titles_again"]


@model
class DicePairs:
    kind: Literal["dice_pairs"]
    points: Positive


@model
class RevealTitles:
    kind: Literal["reveal_titles"]
    count: Positive


@model
class RankBonus:
    kind: Literal["rank_bonus"]
    points: Annotated[list[Count], MinLen(1)]


MissionScoring = Annotated[
    Ladder | FixedValue | LastOnBoard | PerSoldSet | PerValueSpace | PerRobbedCity
    | TitlesAgain | DicePairs | RevealTitles | RankBonus,
    Tagged("kind"),
]


@model
class Mission:
    id: Id
    name: Localized
    scoring: MissionScoring
    cap: Positive | None = None
    phase: Literal["missions", "after_penalties"] = "missions"
    text: Localized
    note: str = ""


@model
class MissionsFile:
    missions: list[Mission]


# --- plan cards ------------------------------------------------------------------------

EffectKind = Literal[
    "gain_millions", "gain_points", "lower_security", "move_anywhere", "operate_anywhere",
    "copy_discard", "cancel_card", "swap_treasure", "take_random_card", "force_reroll",
    "fix_own_die", "extra_operation", "double_points", "single_die", "imitation",
    "take_treasure_here", "buy_back", "easy_pickings", "double_cross",
]
_NEEDS_AMOUNT = {"gain_millions", "gain_points", "lower_security"}


@model
class PlanEffect:
    kind: EffectKind
    amount: Positive | None = None

    def __post_init__(self) -> None:
        if self.kind in _NEEDS_AMOUNT and self.amount is None:
            raise ValueError(f"effect '{self.kind}' needs an amount")
        if self.kind not in _NEEDS_AMOUNT and self.amount is not None:
            raise ValueError(f"effect '{self.kind}' takes no amount")


@model
class PlanCard:
    id: Id
    name: Localized
    aliases: list[Text] = field(default_factory=list)
    cost: Count
    timing: Literal["own_turn", "any_time"]
    copies: Positive
    effect: PlanEffect
    text: Localized
    note: str = ""


@model
class PlanCardsFile:
    plan_cards: list[PlanCard]


# --- guide prose (player aid, rules summary) -------------------------------------------


# --- game-wide rules -------------------------------------------------------------------


@model
class Components:
    cities: Positive
    treasures: Positive
    plan_cards: Positive
    mission_cards: Positive
    titles: Positive
    characters: Positive
    investigation_tokens: Positive
    million_tokens: Positive
    value_tokens: Positive
    dice_per_player: Positive


MAX_PLAYERS = 8  # seats a setup may list (state.Setup); shipped: 2-4
MAX_DICE = 20  # dice a player may own, faces of a die; shipped: 6 (a page lists each count)
Players = Annotated[int, Ge(1), Le(MAX_PLAYERS)]
DiceNumber = Annotated[int, Ge(1), Le(MAX_DICE)]


@model
class PlayerCount:
    count: Players
    titles_on_offer: Positive
    end_trigger: Positive
    starting_scores: list[Count]

    def __post_init__(self) -> None:
        if len(self.starting_scores) != self.count:
            raise ValueError(
                f"starting_scores has {len(self.starting_scores)} entries for {self.count} players"
            )


@model
class Turn:
    actions: Positive
    operations: Positive
    move_steps: Positive
    note: str = ""


@model
class Dice:
    start: DiceNumber
    max: DiceNumber
    price: Positive
    faces: DiceNumber
    success_faces: DiceNumber
    note: str = ""

    @property
    def success_chance(self) -> float:
        """Chance that one die shows a success face."""
        return self.success_faces / self.faces


@model
class Millions:
    start: Count
    per_action: Positive
    note: str = ""


@model
class PlanHand:
    start: Count
    limit: Positive
    draw: Positive
    draw_after_discard: Positive
    note: str = ""


@model
class MissionsDealt:
    dealt: Positive
    kept: Positive
    kept_queen_b: Positive
    note: str = ""


@model
class Security:
    printed_min: Positive
    printed_max: Positive
    floor: Positive
    note: str = ""


@model
class ValueTrack:
    spaces: Annotated[list[Positive], MinLen(1)]
    note: str = ""

    def __post_init__(self) -> None:
        if any(a <= b for a, b in zip(self.spaces, self.spaces[1:], strict=False)):
            raise ValueError("value track spaces must fall from left to right")

    @property
    def floor(self) -> int:
        return self.spaces[-1]


@model
class TokenMix:
    evidence: Count
    count: Positive


@model
class ScoreTrack:
    length: Positive
    marks: list[Positive] = field(default_factory=list)
    note: str = ""


@model
class EndOfTurn:
    sale_and_title: bool
    note: str = ""


@model
class RuleOption:
    id: Id
    default: bool
    name: Localized
    note: str = ""


@model
class Decision:
    id: Annotated[str, TextRule(pattern=r"^D\d\d$")]
    note: Text
    # the rulebook's "Rules clarified" line, player-facing (no ids, file or option names);
    # {name} takes a number from the game's rulebook values()
    en: str = ""
    ko: str = ""  # the same line in Korean
    rulebook: bool = True  # False: about making the kit, not a rule; not printed


@model
class GameFile:
    """`game.yaml`: identity, component counts and every rule constant."""

    id: Annotated[str, TextRule(pattern=r"^[a-z][a-z0-9-]*$")]
    name: Localized
    subtitle: Localized
    components: Components
    players: Annotated[list[PlayerCount], MinLen(1)]
    players_note: str = ""
    turn: Turn
    dice: Dice
    millions: Millions
    plan_hand: PlanHand
    missions_dealt: MissionsDealt
    security: Security
    value_track: ValueTrack
    investigation_tokens: Annotated[list[TokenMix], MinLen(1)]
    investigation_note: str = ""
    score_track: ScoreTrack
    end_of_turn: EndOfTurn
    options: list[RuleOption] = field(default_factory=list)
    decisions: list[Decision] = field(default_factory=list)
    # BoardGameGeek's id for the game, when known for certain (BG Stats links carry it)
    bgg_id: int | None = None


# --- the whole game --------------------------------------------------------------------


@model
class DoubleMission:
    """Everything about Double Mission, validated and cross-checked."""

    game: GameFile
    treasures: list[Treasure]
    cities: list[City]
    lines: list[tuple[Id, Id]]
    wrap_lines: list[tuple[Id, Id]]
    characters: list[Character]
    titles: list[Title]
    missions: list[Mission]
    plan_cards: list[PlanCard]
    guide: list[GuideSection]

    @property
    def id(self) -> str:
        return self.game.id

    @cached_property
    def city_by_id(self) -> dict[str, City]:
        return {c.id: c for c in self.cities}

    @cached_property
    def treasure_by_id(self) -> dict[str, Treasure]:
        return {t.id: t for t in self.treasures}

    @cached_property
    def title_by_id(self) -> dict[str, Title]:
        return {t.id: t for t in self.titles}

    @cached_property
    def mission_by_id(self) -> dict[str, Mission]:
        return {m.id: m for m in self.missions}

    @cached_property
    def character_by_id(self) -> dict[str, Character]:
        return {c.id: c for c in self.characters}

    @cached_property
    def plan_card_by_id(self) -> dict[str, PlanCard]:
        return {p.id: p for p in self.plan_cards}

    @cached_property
    def odds_tables(self) -> dict[tuple[Any, ...], list[dict[str, Any]]]:
        """Operation odds tables already built from these rules (table.operation_odds)."""
        return {}

    def player_count(self, n: int) -> PlayerCount:
        """The setup row for `n` players."""
        for row in self.game.players:
            if row.count == n:
                return row
        raise KeyError(f"Double Mission is for {self.supported_players()} players, not {n}")

    def supported_players(self) -> str:
        counts = sorted(r.count for r in self.game.players)
        return f"{counts[0]}-{counts[-1]}"

    def component_counts(self) -> dict[str, int]:
        """Physical pieces in the kit, keyed as in the build manifest."""
        g = self.game.components
        return {
            "city": len(self.cities),
            "plan_card": sum(p.copies for p in self.plan_cards),
            "mission_card": len(self.missions),
            "character_card": len(self.characters),
            "title": len(self.titles),
            "investigation_token": sum(t.count for t in self.game.investigation_tokens),
            "million_token": g.million_tokens,
            "treasure_sticker": sum(t.count for t in self.treasures),
            "value_token": len(self.treasures),
        }
