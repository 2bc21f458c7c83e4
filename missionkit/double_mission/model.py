"""Typed content model of Double Mission, one class per component kind.

Rule constants live in `Rules`; cards name what the rules engine does with them through a
small vocabulary (`TitleCondition`, `MissionScoring`, `PlanEffect`).
"""

from __future__ import annotations

from functools import cached_property
from typing import Annotated, Literal

from pydantic import Field, model_validator

from ..content.base import Count, HexColor, Id, Localized, Model, Positive, Text

# --- board -----------------------------------------------------------------------------


class City(Model):
    id: Id
    name: Localized
    security: Positive
    seaport: bool = False
    airport: bool = False
    group: Literal["us", "china", "none"] = "none"
    pos: tuple[Annotated[float, Field(ge=0, le=100)], Annotated[float, Field(ge=0, le=60)]]


class BoardFile(Model):
    cities: list[City]
    lines: list[tuple[Id, Id]]
    wrap_lines: list[tuple[Id, Id]] = []


# --- treasures -------------------------------------------------------------------------

TreasureIcon = Literal["urn", "gem", "bars", "folder", "canvas", "statuette"]


class Treasure(Model):
    id: Id
    name: Localized
    color: HexColor
    icon: TreasureIcon
    count: Positive


class TreasuresFile(Model):
    treasures: list[Treasure]
    note: str = ""


# --- characters ------------------------------------------------------------------------


class Side(Model):
    name: Localized
    text: Localized


class Character(Model):
    id: Id
    name: Localized
    color: HexColor
    sides: dict[Literal["A", "B"], Side]
    optional: bool = False
    note: str = ""

    @model_validator(mode="after")
    def _two_sides(self) -> Character:
        if set(self.sides) != {"A", "B"}:
            raise ValueError("a character needs both sides, A and B")
        return self


class CharactersFile(Model):
    characters: list[Character]


# --- titles ----------------------------------------------------------------------------


class HoldType(Model):
    kind: Literal["hold_type"]
    treasure: Id
    count: Positive


class HoldEach(Model):
    kind: Literal["hold_each"]
    treasures: list[Id] = Field(min_length=2)


class HoldAnyType(Model):
    kind: Literal["hold_any_type"]
    count: Positive


class HoldTotal(Model):
    kind: Literal["hold_total"]
    count: Positive


class OwnDice(Model):
    kind: Literal["own_dice"]
    count: Positive


class OwnTitles(Model):
    kind: Literal["own_titles"]
    count: Positive


class RobbedSecurity(Model):
    kind: Literal["robbed_security"]
    level: Positive


class ScoreAtLeast(Model):
    kind: Literal["score_at_least"]
    points: Positive


TitleCondition = Annotated[
    HoldType | HoldEach | HoldAnyType | HoldTotal | OwnDice | OwnTitles | RobbedSecurity
    | ScoreAtLeast,
    Field(discriminator="kind"),
]


class Title(Model):
    id: Id
    name: Localized
    points: Positive
    condition: TitleCondition
    imitable: bool
    text: Localized
    note: str = ""


class TitlesFile(Model):
    titles: list[Title]


# --- missions --------------------------------------------------------------------------


class Ladder(Model):
    kind: Literal["ladder"]
    counts: Literal["types_held", "robbed_seaports", "robbed_airports"]
    points: list[Count] = Field(min_length=1)


class FixedValue(Model):
    kind: Literal["fixed_value"]
    value: Positive


class LastOnBoard(Model):
    kind: Literal["last_on_board"]


class PerSoldSet(Model):
    kind: Literal["per_sold_set"]
    size: Positive
    points: Positive


class PerValueSpace(Model):
    kind: Literal["per_value_space"]
    points: dict[int, Positive]


class PerRobbedCity(Model):
    kind: Literal["per_robbed_city"]
    group: Literal["us_china"]
    points: Positive


class TitlesAgain(Model):
    kind: Literal["titles_again"]


class DicePairs(Model):
    kind: Literal["dice_pairs"]
    points: Positive


class RevealTitles(Model):
    kind: Literal["reveal_titles"]
    count: Positive


class RankBonus(Model):
    kind: Literal["rank_bonus"]
    points: list[Count] = Field(min_length=1)


MissionScoring = Annotated[
    Ladder | FixedValue | LastOnBoard | PerSoldSet | PerValueSpace | PerRobbedCity
    | TitlesAgain | DicePairs | RevealTitles | RankBonus,
    Field(discriminator="kind"),
]


class Mission(Model):
    id: Id
    name: Localized
    scoring: MissionScoring
    cap: Positive | None = None
    phase: Literal["missions", "after_penalties"] = "missions"
    text: Localized
    note: str = ""


class MissionsFile(Model):
    missions: list[Mission]


# --- plan cards ------------------------------------------------------------------------

EffectKind = Literal[
    "gain_millions", "gain_points", "lower_security", "move_anywhere", "operate_anywhere",
    "copy_discard", "cancel_card", "swap_treasure", "take_random_card", "force_reroll",
    "fix_own_die", "extra_operation", "double_points", "single_die", "imitation",
    "take_treasure_here", "buy_back", "easy_pickings", "double_cross",
]
_NEEDS_AMOUNT = {"gain_millions", "gain_points", "lower_security"}


class PlanEffect(Model):
    kind: EffectKind
    amount: Positive | None = None

    @model_validator(mode="after")
    def _amount_matches_kind(self) -> PlanEffect:
        if self.kind in _NEEDS_AMOUNT and self.amount is None:
            raise ValueError(f"effect '{self.kind}' needs an amount")
        if self.kind not in _NEEDS_AMOUNT and self.amount is not None:
            raise ValueError(f"effect '{self.kind}' takes no amount")
        return self


class PlanCard(Model):
    id: Id
    name: Localized
    aliases: list[Text] = []
    cost: Count
    timing: Literal["own_turn", "any_time"]
    copies: Positive
    effect: PlanEffect
    text: Localized
    note: str = ""


class PlanCardsFile(Model):
    plan_cards: list[PlanCard]


# --- guide prose (player aid, rules summary) -------------------------------------------


class GuideSection(Model):
    id: Id
    heading: Localized
    aid: bool
    points: list[Localized] = Field(min_length=1)


class GuideFile(Model):
    sections: list[GuideSection]


# --- game-wide rules -------------------------------------------------------------------


class Components(Model):
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


class PlayerCount(Model):
    count: Positive
    titles_on_offer: Positive
    end_trigger: Positive
    starting_scores: list[Count]

    @model_validator(mode="after")
    def _one_score_per_seat(self) -> PlayerCount:
        if len(self.starting_scores) != self.count:
            raise ValueError(
                f"starting_scores has {len(self.starting_scores)} entries for {self.count} players"
            )
        return self


class Turn(Model):
    actions: Positive
    operations: Positive
    move_steps: Positive
    note: str = ""


class Dice(Model):
    start: Positive
    max: Positive
    price: Positive
    faces: Positive
    success_faces: Positive
    note: str = ""

    @property
    def success_chance(self) -> float:
        """Chance that one die shows a success face."""
        return self.success_faces / self.faces


class Millions(Model):
    start: Count
    per_action: Positive
    note: str = ""


class PlanHand(Model):
    start: Count
    limit: Positive
    draw: Positive
    draw_after_discard: Positive
    note: str = ""


class MissionsDealt(Model):
    dealt: Positive
    kept: Positive
    kept_queen_b: Positive
    note: str = ""


class Security(Model):
    printed_min: Positive
    printed_max: Positive
    floor: Positive
    note: str = ""


class ValueTrack(Model):
    spaces: list[Positive] = Field(min_length=1)
    note: str = ""

    @model_validator(mode="after")
    def _falling(self) -> ValueTrack:
        if any(a <= b for a, b in zip(self.spaces, self.spaces[1:], strict=False)):
            raise ValueError("value track spaces must fall from left to right")
        return self

    @property
    def floor(self) -> int:
        return self.spaces[-1]


class TokenMix(Model):
    evidence: Count
    count: Positive


class ScoreTrack(Model):
    length: Positive
    marks: list[Positive] = []
    note: str = ""


class EndOfTurn(Model):
    sale_and_title: bool
    note: str = ""


class RuleOption(Model):
    id: Id
    default: bool
    name: Localized
    note: str = ""


class Decision(Model):
    id: Annotated[str, Field(pattern=r"^D\d\d$")]
    note: Text


class GameFile(Model):
    """`game.yaml`: identity, component counts and every rule constant."""

    id: Annotated[str, Field(pattern=r"^[a-z][a-z0-9-]*$")]
    name: Localized
    subtitle: Localized
    components: Components
    players: list[PlayerCount] = Field(min_length=1)
    players_note: str = ""
    turn: Turn
    dice: Dice
    millions: Millions
    plan_hand: PlanHand
    missions_dealt: MissionsDealt
    security: Security
    value_track: ValueTrack
    investigation_tokens: list[TokenMix] = Field(min_length=1)
    investigation_note: str = ""
    score_track: ScoreTrack
    end_of_turn: EndOfTurn
    options: list[RuleOption] = []
    decisions: list[Decision] = []


# --- the whole game --------------------------------------------------------------------


class DoubleMission(Model):
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
