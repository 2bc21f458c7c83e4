"""The Dice Mission round engine: a whole game, N and R, completions, SPECIALs, undo."""

from __future__ import annotations

import random

import pytest

from missionkit.dice_mission.engine import hand_check, replay, resolve_rolls, try_apply
from missionkit.game import IllegalEvent

from .helpers import DISPLAY, armed, complete, dice, draw, end, lines, mission_phase, setup
from .test_properties import snapshot_of


def refused(dm, events, bad, field, n=3, **kw):
    """Apply `events`, then check `bad` is refused naming `field`; returns the message."""
    state = replay(setup(n, **kw), events, dm)
    with pytest.raises(IllegalEvent) as exc:
        try_apply(state, bad)
    assert exc.value.field == field, exc.value.message
    return exc.value.message


ROUND_1 = [
    dice(0, [4, 4, 6, 6, 6], rolls=2), end(0),
    dice(1, [1, 3, 2, 2, 2], rolls=2), end(1),
    dice(2, [1, 3, 2, 2, 5]), end(2),
    # solo_01: a pair of 4s and another pair; team_01: as many 1s as 3s (suitcase)
    complete(0, "solo_01"), complete(0, "team_01"), draw(0), end(0),
    draw(1), end(1),
    {"type": "exchange", "player": 2, "card_type": "solo"}, end(2),
]
ROUND_2 = [  # Tom is the active agent
    dice(1, [1, 2, 3, 4], rolls=3), end(1),
    dice(2, [2, 3, 4, 5], rolls=1), end(2),
    dice(0, [1, 1, 2, 2], rolls=3), end(0),
    draw(1), end(1), end(2),
    # versus_01: the only agent with two pairs; special_01: four dice showing 1 or 2
    complete(0, "versus_01"), complete(0, "special_01", refill="special_05"),
]


def test_a_whole_game_ends_with_a_win_declared_at_the_end_of_the_winners_turn(dm):
    state = replay(setup(), ROUND_1, dm)
    assert state.round.number == 2 and state.round.agent == 1 and state.round.side == "mission"
    assert state.progress(0) == {"solo": (1, 1), "versus": (0, 1), "team": (1, 1),
                                 "special": (0, 1)}
    assert [p.gadgets for p in state.players] == [1, 1, 0]
    assert all(p.dice is None for p in state.players)
    state = replay(setup(), ROUND_1 + ROUND_2, dm)
    assert state.status == "playing"  # every card done, but the turn is not over yet
    assert state.display == ["special_05", "special_11", "special_10"]
    state = try_apply(state, end(0))
    assert (state.status, state.winner) == ("finished", 0)
    assert lines(state)[-1] == "Cecile has completed every mission and wins!"
    with pytest.raises(IllegalEvent, match="game is over"):
        try_apply(state, end(1))


def test_two_players_need_two_of_each_type_and_a_special(dm):
    state = replay(setup(2), [], dm)
    assert {t: need for t, (_, need) in state.progress(0).items()} == {
        "solo": 2, "versus": 2, "team": 2, "special": 1}
    events = [dice(0, [4, 4, 6, 6, 6]), end(0), dice(1, [1, 3, 2, 2, 2]), end(1),
              complete(0, "solo_01"), complete(0, "team_01"), draw(0), end(0), end(1),
              dice(1, [1, 2, 3, 4]), end(1), dice(0, [1, 1, 2, 2]), end(0), end(1),
              complete(0, "versus_01"), complete(0, "special_01"), end(0)]
    state = replay(setup(2), events, dm)  # one of each type and a SPECIAL: halfway there
    assert state.status == "playing" and state.progress(0)["solo"] == (1, 2)
    assert state.round.number == 3


def test_the_active_agent_sets_n_and_their_rolls_set_r_for_the_others(dm):
    state = replay(setup(), [dice(0, [1, 2, 3, 4], rolls=2), end(0)], dm)
    assert (state.round.n, state.round.r, state.round.turn) == (4, 2, 1)
    assert "Everyone rolls 4 dice, at most 2 rolls." in lines(state)
    assert "rolls 4 dice, not 3" in refused(dm, [dice(0, [1, 2, 3, 4], rolls=2), end(0)],
                                            dice(1, [1, 2, 3]), "event.faces")
    refused(dm, [dice(0, [1, 2, 3, 4], rolls=2), end(0)], dice(1, [1, 2, 3, 4], rolls=3),
            "event.rolls")
    refused(dm, [], dice(0, [1, 2, 3, 4], rolls=4), "event.rolls")
    refused(dm, [], dice(0, [1, 2, 3, 4, 5, 6]), "event.faces")  # N is 2-5
    refused(dm, [], dice(0, [1]), "event.faces")
    refused(dm, [], dice(0, [1, 2], count=3), "event.faces")
    refused(dm, [], dice(1, [1, 2]), "event.player")  # the active agent rolls first


def test_rerolls_count_against_the_limit(dm):
    events = [dice(0, [1, 2, 3], rolls=1),
              {"type": "reroll", "player": 0, "dice": [0, 2], "faces": [6, 6]}]
    state = replay(setup(), events, dm)
    assert state.players[0].dice == [6, 2, 6] and state.players[0].rolls == 2
    events += [{"type": "reroll", "player": 0, "dice": [1], "faces": [5]}, end(0),
               dice(1, [1, 1, 1], rolls=2)]
    refused(dm, events[:3], {"type": "reroll", "player": 0, "dice": [1], "faces": [5]},
            "event.dice")  # a fourth roll
    refused(dm, events[:1], {"type": "reroll", "player": 0, "dice": [3], "faces": [5]},
            "event.dice[0]")
    refused(dm, events[:1], {"type": "reroll", "player": 0, "dice": [1, 1], "faces": [5, 5]},
            "event.dice[1]")
    refused(dm, events[:1], {"type": "reroll", "player": 0, "dice": [1], "faces": [5, 5]},
            "event.faces")
    refused(dm, [], {"type": "reroll", "player": 0, "dice": [1], "faces": [5]}, "event.dice")


def test_turn_order_and_phases_are_enforced(dm):
    refused(dm, [dice(0, [1, 2])], end(1), "event.player")
    refused(dm, [], end(0), "event.player")  # no dice entered yet
    refused(dm, [dice(0, [1, 2])], complete(0, "solo_02"), "event.type")
    refused(dm, [dice(0, [1, 2])], dice(0, [3, 4]), "event.faces")  # entered already
    refused(dm, mission_phase(3, 0, [[6, 6]] * 3), dice(0, [1, 2]), "event.type")
    refused(dm, [], dice(7, [1, 2]), "event.player")


def test_players_take_turns_clockwise_from_the_active_agent(dm):
    state = replay(setup(4, first_agent=2), [dice(2, [3, 3]), end(2)], dm)
    assert state.order() == [2, 3, 0, 1] and state.round.turn == 3
    events = [dice(2, [3, 3]), end(2)] + [e for s in (3, 0, 1) for e in (dice(s, [1, 1]), end(s))]
    state = replay(setup(4, first_agent=2), events, dm)
    assert (state.round.side, state.round.turn) == ("debriefing", 2)


def test_the_joker_die_adds_one_die_once_per_game(dm):
    joker = {"variants": {"joker": True}}
    state = replay(setup(**joker), [dice(0, [1, 2, 3, 4, 5, 6], count=5, joker=True)], dm)
    assert state.round.n == 5 and state.players[0].jokers == 1
    events = [dice(0, [1, 2, 3], joker=True), end(0), dice(1, [1, 1, 1], joker=True)]
    state = replay(setup(**joker), events, dm)
    assert state.round.n == 2 and len(state.players[1].dice) == 3
    refused(dm, [], dice(0, [1, 2, 3], joker=True), "event.joker")  # variant not in play
    first = [dice(0, [1, 2, 3], joker=True)] + armed(3, 3)[1:]  # round 4: Cecile again
    refused(dm, first, dice(0, [1, 2, 3], joker=True), "event.joker", **joker)
    refused(dm, [], dice(0, [1, 2, 3, 4, 5, 6, 1], joker=True), "event.faces", **joker)


def test_completions_are_checked_against_the_dice_as_they_lie(dm):
    rolled = mission_phase(3, 0, [[4, 4, 6, 6], [1, 1, 1, 1], [2, 5, 5, 5]])
    state = replay(setup(), rolled + [complete(0, "solo_27")], dm)  # a pair of 6s
    assert state.players[0].completed == ["solo_27"]
    assert "do not meet" in refused(dm, rolled, complete(0, "solo_06"), "event.card")  # 4 alike
    refused(dm, rolled, complete(0, "nope"), "event.card")
    refused(dm, rolled + [complete(0, "solo_27")], complete(0, "solo_01"), "event.card")
    refused(dm, rolled + [complete(0, "solo_27"), end(0)], complete(1, "solo_27"), "event.card")
    refused(dm, rolled, complete(0, "solo_27", refill="special_05"), "event.refill")
    refused(dm, rolled, complete(0, "special_05"), "event.card")  # not face up
    refused(dm, rolled, complete(1, "solo_06"), "event.player")  # Tom waits his turn


def test_one_special_per_player_and_the_display_is_refilled(dm):
    rolled = mission_phase(3, 0, [[1, 1, 2, 2], [3, 3, 4, 4], [5, 5, 6, 6]])
    state = replay(setup(), rolled + [complete(0, "special_01", refill="special_06")], dm)
    assert state.display == ["special_06", "special_11", "special_10"]
    assert "special_01" not in state.special_deck()
    refused(dm, rolled + [complete(0, "special_01")], complete(0, "special_11"), "event.card")
    refused(dm, rolled, complete(0, "special_01", refill="special_11"), "event.refill")
    drawn = replay(setup(seed=7), rolled + [complete(0, "special_01")], dm)
    again = replay(setup(seed=7), rolled + [complete(0, "special_01")], dm)
    assert drawn.display == again.display and drawn.display[0] not in DISPLAY_AND_DONE
    rounds = rolled + [complete(0, "special_01"), end(0), end(1), end(2)]
    rounds += mission_phase(3, 1, [[3, 3, 4, 4]] * 3)
    refused(dm, rounds + [end(1), end(2)], complete(0, "special_11"), "event.card")


DISPLAY_AND_DONE = {"special_01", "special_11", "special_10"}


def test_very_special_lays_out_players_plus_one_and_never_refills(dm):
    state = replay(setup(4, variants={"very_special": True}, seed=3), [], dm)
    assert len(state.display) == 5 and len(state.special_deck()) == 0
    shown = {"display": DISPLAY + ["special_12", "special_13"],
             "variants": {"very_special": True}}
    events = mission_phase(4, 0, [[1, 1, 2, 2]] + [[3, 4, 5, 6]] * 3)
    after = replay(setup(4, **shown), events + [complete(0, "special_01")], dm)
    assert after.display == ["special_11", "special_10", "special_12", "special_13"]
    refused(dm, events, complete(0, "special_01", refill="special_08"), "event.refill", n=4,
            **shown)
    refused(dm, events, {"type": "exchange", "player": 0, "card_type": "special",
                         "card": "special_11"}, "event.card_type", n=4, **shown)


def test_the_failure_option_comes_after_completing_nothing(dm):
    rolled = mission_phase(3, 0, [[4, 4, 6, 6], [1, 1, 1, 1], [2, 5, 5, 5]])
    refused(dm, rolled + [complete(0, "solo_27")], draw(0), "event.type")
    refused(dm, rolled + [draw(0)], draw(0), "event.type")
    refused(dm, rolled + [draw(0)], complete(0, "solo_27"), "event.card")
    ex = {"type": "exchange", "player": 0, "card_type": "special", "card": "special_11",
          "keep": "special_07"}
    state = replay(setup(), rolled + [ex], dm)
    assert state.display == ["special_01", "special_07", "special_10"]
    refused(dm, rolled, ex | {"card": "special_07"}, "event.card")
    refused(dm, rolled, ex | {"keep": "special_01"}, "event.keep")
    refused(dm, rolled, {"type": "exchange", "player": 0, "card_type": "solo", "card": "solo_01"},
            "event.card")  # a hand card stays secret
    done = rolled + [complete(0, "solo_27"), end(0), end(1), end(2)]
    done += mission_phase(3, 1, [[1, 1]] * 3) + [end(1), end(2)]
    refused(dm, done, {"type": "exchange", "player": 0, "card_type": "solo"}, "event.card_type")


def test_a_suitcase_card_owes_a_gadget_drawn_for_next_round(dm):
    rolled = mission_phase(3, 0, [[1, 1, 1, 1], [2, 2, 2, 2], [3, 3, 3, 3]])
    state = replay(setup(), rolled + [complete(0, "solo_06")], dm)  # four alike: a suitcase
    assert state.players[0].draws_due == 1 and "suitcase" in lines(state)[-1]
    state = try_apply(state, draw(0))
    assert (state.players[0].gadgets, state.players[0].drawn, state.players[0].draws_due) == (
        1, 1, 0)
    assert state.gadget_deck == 19
    theft = {"type": "theft", "player": 0, "target": 1, "die": 0}
    assert "next" in refused(dm, rolled + [complete(0, "solo_06"), draw(0)], theft,
                             "event.player")


def test_the_gadget_hand_holds_three(dm):
    events = armed(3, 3)
    state = replay(setup(), events, dm)
    assert [p.gadgets for p in state.players] == [3, 3, 3]
    events += mission_phase(3, 0, [[1, 2]] * 3)
    refused(dm, events, draw(0), "event.discard")
    state = replay(setup(), events + [draw(0, discard="theft", discarded_new=True)], dm)
    assert (state.players[0].gadgets, state.players[0].drawn) == (3, 0)
    assert state.gadget_discard == ["theft"]
    state = replay(setup(), events + [draw(0, discard="delete")], dm)
    assert state.players[0].drawn == 1
    refused(dm, events[:-6] + [dice(0, [1, 2]), end(0), dice(1, [1, 2]), end(1),
                               dice(2, [1, 2]), end(2)], draw(0, discard="nope"),
            "event.discard")


def test_undo_is_a_replay_without_the_last_event(dm):
    events = ROUND_1 + ROUND_2 + [end(0)]
    state = replay(setup(), [], dm)
    for cut in range(len(events)):
        after = try_apply(state, events[cut])
        assert snapshot_of(replay(setup(), events[:cut + 1], dm)) == snapshot_of(after)
        assert snapshot_of(replay(setup(), events[:cut], dm)) == snapshot_of(state)  # undo
        assert snapshot_of(after) != snapshot_of(state)
        state = after
    assert state.winner == 0


def test_an_empty_gadget_deck_is_refilled_from_the_discard_pile(dm):
    def full_hands(r):  # every hand is full: each player draws and discards the new card
        out = mission_phase(5, r, [[1, 2]] * 5)
        for seat in [(r + k) % 5 for k in range(5)]:
            out += [draw(seat, discard=SOME[seat], discarded_new=True), end(seat)]
        return out

    events = armed(5, 3) + full_hands(3)  # 15 held; the deck's last 5 drawn and discarded
    state = replay(setup(5), events, dm)
    assert (state.gadget_deck, state.gadget_discard) == (0, [SOME[(3 + k) % 5] for k in range(5)])
    state = replay(setup(5), events + full_hands(4)[:11], dm)  # the next round's first draw
    assert (state.gadget_deck, state.gadget_discard) == (4, [SOME[4]])
    assert "The gadget discard pile is shuffled into a new deck." in lines(state)


SOME = ["theft", "delete", "adaptation", "transfer", "transaction"]


def test_a_refused_event_changes_nothing(dm):
    state = replay(setup(), ROUND_1[:6], dm)
    snapshot = (state.players, state.round, list(state.log))
    with pytest.raises(IllegalEvent):
        try_apply(state, complete(0, "solo_06"))
    assert (state.players, state.round, list(state.log)) == snapshot


def test_event_shapes_are_validated_with_the_field_named(dm):
    refused(dm, [], {"type": "fly", "player": 0}, "event.type")
    refused(dm, [], {"player": 0}, "event.type")
    refused(dm, [], {"type": "dice", "player": 0, "faces": [1, 2, 7]}, "event.faces[2]")
    refused(dm, [], {"type": "end_turn", "player": 0, "extra": 1}, "event.extra")
    refused(dm, [], {"type": "dice", "player": 9, "faces": [1, 2]}, "event.player")


def test_setup_is_checked_against_the_content(dm):
    for kw, field in [({"n": 1}, "players"), ({"n": 5, "variants": {"joker": True}},
                                              "variants.joker"),
                      ({"first_agent": 3}, "first_agent"), ({"display": ["special_01"]},
                                                            "display")]:
        n = kw.pop("n", 3)
        with pytest.raises(IllegalEvent) as exc:
            replay(setup(n, **kw), [], dm)
        assert exc.value.field == field
    s = setup().model_copy(update={"players": [
        setup().players[0], setup().players[0].model_copy(update={"colour": "pink"})]})
    with pytest.raises(IllegalEvent) as exc:
        replay(s, [], dm)
    assert exc.value.field == "players[1].colour"
    s = setup(2).model_copy(update={"players": [setup().players[0]] * 2})
    with pytest.raises(IllegalEvent, match="already taken"):
        replay(s, [], dm)


def test_resolve_rolls_turns_a_roll_request_into_faces(dm):
    state = replay(setup(), [], dm)
    raw = {"type": "dice", "player": 0, "count": 4, "roll": True}
    out = resolve_rolls(state, raw, random.Random(1))
    assert "roll" not in out and len(out["faces"]) == 4 and set(out["faces"]) <= set(range(1, 7))
    assert out == resolve_rolls(state, raw, random.Random(1))
    state = try_apply(state, out)
    state = try_apply(state, end(0))
    out = resolve_rolls(state, {"type": "dice", "player": 1, "roll": True, "joker": True},
                        random.Random(2))
    assert len(out["faces"]) == 5
    raw = {"type": "reroll", "player": 1, "dice": [0, 3], "roll": True}
    assert len(resolve_rolls(state, raw, random.Random(3))["faces"]) == 2
    assert resolve_rolls(state, end(1), random.Random(3)) == end(1)
    rolled = mission_phase(3, 0, [[1, 1, 2, 2], [1, 1, 1, 3], [2, 5, 5, 4]])
    state = replay(setup(), rolled, dm)
    out = resolve_rolls(state, complete(0, "special_01"), random.Random(4))
    assert out["refill"] in state.special_deck()
    assert try_apply(state, out).display[0] == out["refill"]
    ex = {"type": "exchange", "player": 0, "card_type": "special", "card": "special_11"}
    assert resolve_rolls(state, ex, random.Random(4)) == ex  # the player keeps one: never random
    for raw in (complete(0, "solo_27"), ex | {"card_type": "solo"}, ex | {"keep": "special_07"}):
        assert resolve_rolls(state, raw, random.Random(4)) == raw
    refused(dm, [dice(0, [1, 2]), end(0)], {"type": "dice", "player": 1, "roll": True},
            "event.faces")
    with pytest.raises(IllegalEvent) as exc:
        resolve_rolls(replay(setup(), [], dm), {"type": "dice", "player": 0, "roll": True},
                      random.Random(1))
    assert exc.value.field == "event.count"



def test_a_hand_is_checked_on_one_phone_without_touching_the_state(dm):
    table = [[4, 4, 6, 6], [1, 1, 1, 1], [2, 5, 5, 5]]
    state = replay(setup(), mission_phase(3, 0, table), dm)
    before = (state.players, state.round, list(state.log))
    assert hand_check(state, 0, ["solo_01", "solo_06", "team_05"]) == {
        "solo_01": True, "solo_06": False, "team_05": True}  # 7 high dice against 5 low
    assert hand_check(state, 1, ["solo_06"]) == {"solo_06": True}
    assert (state.players, state.round, list(state.log)) == before
    with pytest.raises(IllegalEvent) as exc:
        hand_check(state, 0, ["solo_01", "nope"])
    assert exc.value.field == "cards[1]"


def test_the_suitcase_gadget_is_drawn_on_the_completing_turn_only(dm):
    """Rulebook l. 53: the gadget is drawn on completing the card, not on a later turn."""
    rolled = mission_phase(3, 0, [[1, 1, 1, 1], [2, 2, 2, 2], [3, 3, 3, 3]])
    done = rolled + [complete(0, "solo_06"), end(0)]  # a suitcase owed, the turn passed
    assert replay(setup(), done, dm).players[0].draws_due == 0
    assert "Tom's turn" in refused(dm, done, draw(0), "event.player")
    later = done + [end(1), end(2)] + mission_phase(3, 1, [[1, 2]] * 3)
    later += [end(1), end(2)]  # round 2, Cecile's own debriefing turn: no suitcase left
    state = try_apply(replay(setup(), later, dm), draw(0))
    assert lines(state)[-1] == "Cecile draws a gadget (the failure option)."


def test_a_special_exchange_draws_two_and_the_player_keeps_one(dm):
    """Rulebook l. 57: draw two cards of the discarded card's deck and keep one of them."""
    from missionkit.dice_mission.table import exchange_choices

    assert dm.round.exchange_draw == 2
    rolled = mission_phase(3, 0, [[1, 2, 3, 4], [1, 1, 1, 3], [2, 5, 5, 4]])
    shown = replay(setup(seed=5, display=None), [], dm).display  # the app deals the SPECIALs
    ex = {"type": "exchange", "player": 0, "card_type": "special", "card": shown[1]}
    assert "keep" in refused(dm, rolled, ex, "event.keep", seed=5, display=None)
    state = replay(setup(seed=5, display=None), rolled, dm)
    two = exchange_choices(state)
    assert len(two) == 2 and set(two) <= set(state.special_deck())
    assert two == exchange_choices(replay(setup(seed=5, display=None), rolled, dm))
    after = try_apply(state, ex | {"keep": two[1]})
    assert after.display[1] == two[1] and two[0] in after.special_deck()
    other = next(c for c in state.special_deck() if c not in two)  # the table's own draw
    assert try_apply(state, ex | {"keep": other}).display[1] == other
    # a table playing its own SPECIAL deck names the card it kept, whichever it is
    assert "keep" in refused(dm, rolled, ex | {"card": "special_11"}, "event.keep")
