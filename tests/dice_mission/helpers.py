"""Event builders for the Dice Mission engine tests."""

from __future__ import annotations

from missionkit.dice_mission.state import Setup

NAMES = ["Cecile", "Tom", "Aurelie", "Dana", "Eun"]
COLOURS = ["red", "blue", "green", "yellow", "white"]
DISPLAY = ["special_01", "special_11", "special_10"]  # four 1-2s; four 3-4s; five, total <= 10


def setup(n=3, **kw):
    kw.setdefault("display", DISPLAY if not kw.get("variants", {}).get("very_special") else None)
    return Setup.model_validate({
        "players": [{"name": NAMES[i], "colour": COLOURS[i]} for i in range(n)], **kw})


def dice(p, faces, rolls=1, **kw):
    return {"type": "dice", "player": p, "faces": faces, "rolls": rolls, **kw}


def end(p):
    return {"type": "end_turn", "player": p}


def complete(p, card, **kw):
    return {"type": "complete", "player": p, "card": card, **kw}


def draw(p, **kw):
    return {"type": "draw_gadget", "player": p, **kw}


def order(n, agent):
    return [(agent + k) % n for k in range(n)]


def mission_phase(n, agent, faces):
    """Every seat rolls `faces[seat]` (one roll each) and ends its rolling turn."""
    out = []
    for seat in order(n, agent):
        out += [dice(seat, faces[seat]), end(seat)]
    return out


def draw_round(n, agent, faces=None):
    """A whole round where everyone rolls and takes a gadget as the failure option."""
    faces = faces or [[1, 2]] * n
    out = mission_phase(n, agent, faces)
    for seat in order(n, agent):
        out += [draw(seat), end(seat)]
    return out


def armed(n=3, rounds=1):
    """Events after which every player holds `rounds` playable gadgets, at round rounds+1."""
    out = []
    for r in range(rounds):
        out += draw_round(n, r % n)
    return out


def lines(state):
    """The state's log in English, as a phone set to English reads it."""
    from missionkit.dice_mission.messages import english

    return [english(state, m) for m in state.log]
