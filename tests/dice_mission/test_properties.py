"""Property test: random event sequences never crash, keep the invariants, and replay
(the undo path) rebuilds exactly the state reached one event at a time."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from missionkit.dice_mission.engine import hand_check, replay, try_apply
from missionkit.dice_mission.state import State, new_state
from missionkit.game import IllegalEvent

from .helpers import setup

MISSION_GADGETS = ["new_deal", "forced_relaunch", "extra_chance", "target_lock",
                   "change_of_mission"]
DEBRIEFING_GADGETS = ["theft", "delete", "adaptation", "transaction", "transfer"]
TYPES = ["solo", "versus", "team", "special"]
CARDS = [f"{t}_{i:02}" for t in TYPES[:3] for i in range(1, 33)]


def snapshot_of(state: State) -> tuple:
    """Everything an undo must restore."""
    return (state.players, state.round, state.display, state.specials_out, state.gadget_deck,
            state.gadget_discard, state.draws, state.status, state.winner, list(state.log))


faces = st.integers(1, 6)


@st.composite
def an_event(draw, state: State) -> dict:
    """An event of a kind the phase allows, from the player whose turn it is (mostly)."""
    rnd, n = state.round, len(state.players)
    seat = draw(st.sampled_from([rnd.turn] * 8 + list(range(n))))
    p = state.players[seat]
    if rnd.side == "mission":
        if p.dice is None and draw(st.integers(0, 9)) < 8:
            count = rnd.n or draw(st.integers(1, 6))
            joker = draw(st.booleans())
            return {"type": "dice", "player": seat, "rolls": draw(st.integers(1, 4)),
                    "joker": joker, "faces": draw(st.lists(
                        faces, min_size=count + joker, max_size=count + joker))}
        kind = draw(st.sampled_from(["end_turn"] * 4 + ["reroll"] + MISSION_GADGETS))
    else:
        kind = draw(st.sampled_from(["end_turn"] * 3 + ["complete"] * 4 + ["draw_gadget",
                                    "exchange"] + DEBRIEFING_GADGETS))
    return draw(with_fields(state, {"type": kind, "player": seat}))


@st.composite
def with_fields(draw, state: State, event: dict) -> dict:
    """The fields an event of this kind takes, drawn near the legal values."""
    kind, n, index = event["type"], len(state.players), st.integers(0, 6)
    if kind in ("reroll", "forced_relaunch", "extra_chance"):
        picked = draw(st.lists(index, min_size=1, max_size=3, unique=True))
        event |= {"dice": picked, "faces": draw(st.lists(faces, min_size=len(picked),
                                                         max_size=len(picked)))}
    if kind in ("forced_relaunch", "target_lock") or kind in DEBRIEFING_GADGETS:
        event["target"] = draw(st.integers(0, n - 1))
    if kind in DEBRIEFING_GADGETS:
        event["die"] = draw(index)
    if kind == "adaptation":
        event["face"] = draw(faces)
    if kind == "transaction":
        event |= {"other": draw(st.integers(0, n - 1)), "other_die": draw(index)}
    if kind == "new_deal":
        event["count"] = draw(st.integers(1, 6))
    if kind == "complete":  # mostly a card the dice meet, so that games reach a win
        some = draw(st.lists(st.sampled_from(CARDS), min_size=8, max_size=8)) + state.display
        met = [c for c, ok in hand_check(state, event["player"], some).items() if ok]
        event["card"] = draw(st.sampled_from(met * 4 + some))
    if kind in ("exchange", "change_of_mission"):
        event["card_type"] = draw(st.sampled_from(TYPES))
        if event["card_type"] == "special" and state.display:
            event["card"] = draw(st.sampled_from(state.display))
    if kind == "draw_gadget" and state.players[event["player"]].gadgets >= \
            state.limits.hand_limit:
        event |= {"discard": draw(st.sampled_from([g.id for g in state.game.gadgets])),
                  "discarded_new": draw(st.booleans())}
    return event


def check_invariants(before: State, after: State) -> None:
    lim, game = after.limits, after.game
    copies = sum(g.copies for g in game.gadgets)
    held = sum(p.gadgets for p in after.players)
    assert after.gadget_deck + len(after.gadget_discard) + held == copies
    for p in after.players:
        assert 0 <= p.drawn <= p.gadgets <= lim.hand_limit
        assert all(1 <= f <= 6 for f in p.dice or [])
        assert p.jokers <= lim.joker_uses
    done = [c for p in after.players for c in p.completed]
    assert len(done) == len(set(done))  # every card is completed once at most
    assert not set(after.display) & set(after.specials_out)
    assert len(after.display) <= max(lim.display, len(after.players) + lim.very_special_plus)
    for seat in range(len(after.players)):
        assert all(d <= need for d, need in after.progress(seat).values())
    if before.round.number == after.round.number and after.round.side == "debriefing" \
            and before.round.side == "debriefing":  # gadgets move dice, never make or lose one
        def on_table(s: State) -> int:
            return sum(len(p.dice or []) for p in s.players) + len(s.round.deleted)
        assert on_table(after) == on_table(before)


@settings(max_examples=50, deadline=None, suppress_health_check=[
    HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_random_event_sequences_keep_the_invariants_and_replay(dm, data):
    n = data.draw(st.sampled_from([2, 3, 3, 4, 5]), label="players")
    variants = {"very_special": data.draw(st.booleans(), label="very_special"),
                "joker": n < 5 and data.draw(st.booleans(), label="joker")}
    the_setup = setup(n, variants=variants, seed=data.draw(st.integers(0, 99), label="seed"),
                      display=None, first_agent=data.draw(st.integers(0, n - 1), label="agent"))
    state = new_state(the_setup, dm)
    events: list[dict] = []
    for _ in range(data.draw(st.integers(1, 300), label="steps")):
        if state.status == "finished":
            break
        event = data.draw(an_event(state))
        try:
            after = try_apply(state, event)
        except IllegalEvent as exc:
            assert exc.field.startswith("event"), exc.field
            continue
        check_invariants(state, after)
        events.append(event)
        # undo = replay without the last event: restores the previous state exactly
        assert snapshot_of(replay(the_setup, events[:-1], dm)) == snapshot_of(state)
        state = after
    assert snapshot_of(replay(the_setup, events, dm)) == snapshot_of(state)
