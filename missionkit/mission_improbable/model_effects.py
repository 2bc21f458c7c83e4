"""What a table result or a card does, as typed data the engine applies (one `kind` each).

The same vocabulary serves the three D10 tables, the event cards and the one experience card
with a rule (Undercover), so "captured" or "look at a face-down card" means one thing
everywhere. A number of turns or cards may be `d5` (MID-04: a D10 halved, rounded up).
"""

from __future__ import annotations

from typing import Annotated, Literal

from annotated_types import Ge

from ..content.base import Id, Positive, Tagged, model

Roll = Positive | Literal["d5"]
"""A fixed number, or `d5` for a roll of 1D5."""

TableId = Literal["spy", "mission_failure", "capture"]

# --- on an agent -----------------------------------------------------------------------


@model
class Captured:
    """The agent is held by a nemesis until it escapes or dies (Capture Table)."""

    kind: Literal["captured"]
    by: Literal["nemesis"] = "nemesis"


@model
class Killed:
    """The agent goes to the discard pile with the named assets (the rest too, MID-07)."""

    kind: Literal["killed"]
    discard: Literal["all_assets", "experience"]


@model
class Wounded:
    """The agent may not go on missions for `turns` of its owner's turns (MID-22)."""

    kind: Literal["wounded"]
    turns: Roll


@model
class DiscardEquipment:
    """Every equipment card attached to the agent is discarded."""

    kind: Literal["discard_equipment"]


@model
class Escape:
    """A captured agent is its owner's again."""

    kind: Literal["escape"]


@model
class SecurityRisk:
    """The agent may not go on missions for `turns` of its owner's turns (MID-22)."""

    kind: Literal["security_risk"]
    turns: Roll


@model
class TakeControl:
    """The agent changes sides with its assets (MID-33)."""

    kind: Literal["take_control"]


@model
class TakeEquipment:
    """One equipment card moves from an enemy agent to one of yours (MID-35)."""

    kind: Literal["take_equipment"]
    count: Positive = 1


@model
class ShuffleIntoDeck:
    """The agent is shuffled back into the deck; its assets are discarded (MID-34)."""

    kind: Literal["shuffle_into_deck"]


@model
class HealWounds:
    """Wounds end at once; how many agents is the `medical_attention` option (MID-32)."""

    kind: Literal["heal_wounds"]


@model
class ReturnKilledAgent:
    """One of your killed agents goes from the discard pile back to your hand."""

    kind: Literal["return_killed_agent"]


@model
class UntargetableByEvents:
    """No event card may target this agent; whose events is the `undercover` option."""

    kind: Literal["untargetable_by_events"]


# --- information -----------------------------------------------------------------------


@model
class LookFaceDown:
    """Look at face-down obstacle/location cards (MID-21, MID-27 say which)."""

    kind: Literal["look_face_down"]
    count: Roll
    where: Literal["any_mission", "attempted_mission"] = "any_mission"


@model
class LookDeck:
    """Look at the top cards of the deck and put them back in the same order (MID-21)."""

    kind: Literal["look_deck"]
    count: Roll


@model
class LookAtHand:
    """Look at every card in one opponent's hand."""

    kind: Literal["look_at_hand"]


@model
class RevealHandCard:
    """Your nemesis looks at random cards of your hand."""

    kind: Literal["reveal_hand_card"]
    count: Positive
    to: Literal["nemesis"] = "nemesis"


@model
class CancelLook:
    """An opponent's look at a face-down card does not happen."""

    kind: Literal["cancel_look"]


# --- missions, turns and tables --------------------------------------------------------


@model
class NemesisRolls:
    """Your nemesis rolls on this table instead and uses the result (MID-21)."""

    kind: Literal["nemesis_rolls"]
    on_repeat: Literal["nothing"] = "nothing"


@model
class DiscardMission:
    """A mission in play goes to the discard pile with its obstacles, no MP (MID-37)."""

    kind: Literal["discard_mission"]
    whose: Literal["opponent", "any"]


@model
class SkillBonus:
    """A one-off bonus to one check in the named skill."""

    kind: Literal["skill_bonus"]
    skill: Id
    amount: int


@model
class TableModifier:
    """Added to one roll on a D10 table; modifiers stack, results clamp (MID-24)."""

    kind: Literal["table_modifier"]
    table: TableId
    amount: int


@model
class RollTable:
    """Roll on a table now, `times` times."""

    kind: Literal["roll_table"]
    table: TableId
    times: Positive = 1


@model
class JointAttempt:
    """Several of your agents make one mission attempt together (MID-28)."""

    kind: Literal["joint_attempt"]
    agents: Annotated[int, Ge(2)]


@model
class SkipMissionPhase:
    """An opponent skips their next Mission phase."""

    kind: Literal["skip_mission_phase"]


@model
class ExtraRecruit:
    """Recruit more agents this turn: at once, in the phase the card is played (MID-36)."""

    kind: Literal["extra_recruit"]
    count: Positive = 1


@model
class ExtraMissionPhase:
    """Take another Mission phase this turn."""

    kind: Literal["extra_mission_phase"]
    count: Positive = 1


@model
class AttemptOpponentMission:
    """One of your agents may attempt an opponent's mission; the MP are yours (MID-29)."""

    kind: Literal["attempt_opponent_mission"]


@model
class Redraw:
    """Discard any number of cards from your hand, then draw as many."""

    kind: Literal["redraw"]


Effect = Annotated[
    Captured | Killed | Wounded | DiscardEquipment | Escape | SecurityRisk | TakeControl
    | TakeEquipment | ShuffleIntoDeck | HealWounds | ReturnKilledAgent | UntargetableByEvents
    | LookFaceDown | LookDeck | LookAtHand | RevealHandCard | CancelLook | NemesisRolls
    | DiscardMission | SkillBonus | TableModifier | RollTable | JointAttempt | SkipMissionPhase
    | ExtraRecruit | ExtraMissionPhase | AttemptOpponentMission | Redraw,
    Tagged("kind"),
]
"""One effect; the `kind` picks the class."""

EFFECT_KINDS: tuple[str, ...] = (
    "captured", "killed", "wounded", "discard_equipment", "escape", "security_risk",
    "take_control", "take_equipment", "shuffle_into_deck", "heal_wounds", "return_killed_agent",
    "untargetable_by_events", "look_face_down", "look_deck", "look_at_hand", "reveal_hand_card",
    "cancel_look", "nemesis_rolls", "discard_mission", "skill_bonus", "table_modifier",
    "roll_table", "joint_attempt", "skip_mission_phase", "extra_recruit", "extra_mission_phase",
    "attempt_opponent_mission", "redraw",
)
