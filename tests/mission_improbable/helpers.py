"""Shared helpers of the Mission Improbable engine tests: a two-player table, events."""

from __future__ import annotations

import pytest

from missionkit.game import IllegalEvent
from missionkit.mission_improbable.engine import try_apply
from missionkit.mission_improbable.state import Setup, new_state

MI6 = {"name": "MI6", "alignment": "good", "nemesis": 1}
SPECTRE = {"name": "SPECTRE", "alignment": "bad", "nemesis": 0}


def setup(players=(MI6, SPECTRE), **extra) -> Setup:
    return Setup.model_validate({"players": list(players), "turn_order": [0, 1]} | extra)


def start(mi, **options):
    return new_state(setup(options=options), mi)


def play(state, *events):
    for event in events:
        state = try_apply(state, event)
    return state


def refusal(state, event) -> IllegalEvent:
    with pytest.raises(IllegalEvent) as err:
        try_apply(state, event)
    return err.value


def ev(type: str, player: int = 0, **fields) -> dict:
    return {"type": type, "player": player, **fields}


def end(player: int = 0) -> dict:
    return ev("end_turn", player)


def with_mission(mi, agent="mr_bond", mission="surveillance_mission", **options):
    """MI6 has `agent` and `mission` in play; it is MI6's turn again."""
    state = play(start(mi, **options), ev("recruit", agent=agent),
                 ev("play_mission", mission=mission), end(0), end(1))
    assert state.turn.player == 0
    return state
