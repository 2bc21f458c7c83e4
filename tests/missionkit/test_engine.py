"""The rules engine: the rulebook's first round, every refusal, abilities, undo, end of game."""

from __future__ import annotations

import random

import pytest

from missionkit.double_mission.engine import replay, resolve_rolls, try_apply
from missionkit.double_mission.state import IllegalEvent, Setup

SEATS = [("Jack", "jack"), ("Queen", "queen"), ("King", "king"), ("Joker", "joker")]


def placement(game, **fixed):
    """Every city a treasure (4 of each type), with `fixed` cities set as given."""
    pool = {t.id: t.count for t in game.treasures}
    for t in fixed.values():
        pool[t] -= 1
    rest = [t for t, n in sorted(pool.items()) for _ in range(n)]
    out, i = {}, 0
    for city in game.cities:
        if city.id in fixed:
            out[city.id] = fixed[city.id]
        else:
            out[city.id] = rest[i]
            i += 1
    return out


def setup(game, seats=SEATS, sides="AAAA", abilities=True, **kw):
    titles = kw.pop("titles", None) or ["archaeologist", "artist", "spy", "gold_runner",
                                        "star_picker", "painting_collector"][:len(seats) + 2]
    return Setup.model_validate({
        "players": [{"name": n, "character": c, "side": s}
                    for (n, c), s in zip(seats, sides, strict=False)],
        "options": {"abilities": abilities, **kw.pop("options", {})},
        "placement": kw.pop("placement", None) or placement(
            game, seoul="cultural_asset", shanghai="cultural_asset", madrid="artifact",
            sydney="artifact"),
        "titles": titles, **kw})


def op(player, city, a, helper=None, h=None, **kw):
    e = {"type": "operation", "player": player, "city": city, "active_successes": a, **kw}
    if helper is not None:
        e |= {"helper": helper, "helper_successes": h}
    return e


def end(p):
    return {"type": "end_turn", "player": p}


FIRST_ROUND = [
    {"type": "action", "player": 0, "kind": "move"},  # Kagoshima -> Seoul
    op(0, "seoul", 2),
    {"type": "take_millions", "player": 0},
    {"type": "buy_die", "player": 0},
    end(0),
    op(1, "madrid", 2),
    {"type": "action", "player": 1, "kind": "move"},
    {"type": "action", "player": 1, "kind": "move"},
    end(1),
    {"type": "play_card", "player": 2, "card": "extortion", "target": 0,
     "treasure": "cultural_asset"},
    {"type": "action", "player": 2, "kind": "move"},
    {"type": "take_millions", "player": 2},
    {"type": "play_card", "player": 2, "card": "dismantle_safe"},
    op(2, "shanghai", 1, helper=3, h=2),
    {"type": "claim_title", "player": 2, "title": "archaeologist"},
    end(2),
    {"type": "play_card", "player": 3, "card": "remote_job"},
    op(3, "sydney", 2, helper=0, h=2),
    {"type": "take_millions", "player": 3},
    {"type": "action", "player": 3, "kind": "draw_plan"},
    {"type": "sell", "player": 3, "treasure": "artifact"},
    end(3),
]


def test_rulebook_first_round(game):
    s = replay(setup(game, abilities=False), FIRST_ROUND, game)
    assert [p.score for p in s.players] == [4, 3, 3, 14]
    assert s.round_marker == 16
    assert s.values["artifact"] == 5 and set(v for k, v in s.values.items()
                                             if k != "artifact") == {7}
    assert s.players[2].titles == ["archaeologist"]
    assert [p.millions for p in s.players] == [1, 2, 3, 4]
    assert [p.dice for p in s.players] == [3, 2, 2, 2]
    assert dict(s.players[2].treasures) == {"cultural_asset": 2}
    assert s.players[1].treasures["artifact"] == 1 and sum(s.players[0].treasures.values()) == 0
    assert sorted(s.robbed()) == ["madrid", "seoul", "shanghai", "sydney"]
    assert dict(s.sold) == {"artifact": 1}
    assert all(not p.evidence for p in s.players)
    assert s.turn.player == 0 and s.status == "playing"


def refused(game, events, bad, message, **kw):
    s = replay(setup(game, **kw), events, game)
    with pytest.raises(IllegalEvent, match=message):
        try_apply(s, bad)
    return s


def test_refusals(game):
    refused(game, [], {"type": "take_millions", "player": 1}, "it is Jack's turn")
    two = [{"type": "take_millions", "player": 0}] * 2
    refused(game, two, {"type": "action", "player": 0, "kind": "move"}, "no actions left")
    refused(game, [], {"type": "buy_die", "player": 0}, "costs 3 Millions; Jack has 2")
    rich = [{"type": "play_card", "player": 0, "card": "account_siphon"}] * 5 + [
        {"type": "buy_die", "player": 0}] * 4
    refused(game, rich, {"type": "buy_die", "player": 0}, "already owns 6 dice")
    refused(game, [], {"type": "sell", "player": 0, "treasure": "jewel"}, "holds no Jewel")
    refused(game, [op(0, "seoul", 2)], op(0, "madrid", 2), "operation for this turn is used")
    robbed = [op(0, "seoul", 2), end(0)]
    refused(game, robbed, op(1, "seoul", 2), "already been robbed")
    refused(game, [], op(0, "new_york", 2), "owns 2 dice; this operation needs 6")
    refused(game, [{"type": "take_millions", "player": 0}],
            {"type": "claim_title", "player": 0, "title": "archaeologist"},
            "does not meet the condition")
    refused(game, [], {"type": "claim_title", "player": 0, "title": "phantom"}, "not on offer")
    refused(game, [], {"type": "play_card", "player": 0, "card": "easy_pickings"},
            "Easy Pickings costs 2 Millions; Jack has 2|pick a city")
    refused(game, [], {"type": "operation", "player": 0, "city": "atlantis",
                       "active_successes": 1}, "unknown city")
    refused(game, [], {"type": "fly", "player": 0}, "does not match any of the expected tags")
    refused(game, [], {"type": "play_card", "player": 0, "card": "disguise"} | {"x": 1},
            "Extra inputs are not permitted")


def test_title_taken_cannot_be_claimed_twice(game):
    events = [op(0, "seoul", 2), end(0), {"type": "play_card", "player": 1, "card": "extortion",
                                          "target": 0, "treasure": "cultural_asset"},
              {"type": "play_card", "player": 1, "card": "dismantle_safe"}, op(1, "shanghai", 2)]
    s = replay(setup(game, sides="AAAA"), events, game)
    s2 = try_apply(s, {"type": "claim_title", "player": 1, "title": "archaeologist"})
    assert s2.players[1].titles == ["archaeologist"] and "archaeologist" not in s2.offer
    with pytest.raises(IllegalEvent, match="one title per turn|not on offer"):
        try_apply(s2, {"type": "claim_title", "player": 1, "title": "archaeologist"})


def test_sale_or_title_option(game):
    events = [op(0, "seoul", 2), end(0), {"type": "play_card", "player": 1, "card": "extortion",
                                          "target": 0, "treasure": "cultural_asset"},
              {"type": "play_card", "player": 1, "card": "dismantle_safe"}, op(1, "shanghai", 2),
              {"type": "claim_title", "player": 1, "title": "archaeologist"}]
    sell = {"type": "sell", "player": 1, "treasure": "cultural_asset"}
    refused(game, events, sell, "a sale or a title, not both")
    s = replay(setup(game, options={"sale_and_title": True}), events, game)
    assert try_apply(s, sell).players[1].score > s.players[1].score


def test_failed_operation_draws_a_hidden_token(game):
    s = replay(setup(game), [op(0, "seoul", 1)], game)
    assert len(s.players[0].evidence) == 1 and s.players[0].score == 0
    assert s.cities["seoul"] == "cultural_asset"


def test_failed_cooperation_gives_both_a_token(game):
    s = replay(setup(game), [op(0, "seoul", 1, helper=1, h=1)], game)
    assert [len(p.evidence) for p in s.players[:2]] == [1, 1]


def test_jack_a_bonus_and_perfect_job(game):
    events = [{"type": "play_card", "player": 0, "card": "perfect_job"}, op(0, "seoul", 2)]
    s = replay(setup(game), events, game)
    assert s.players[0].score == (2 + 1) * 2  # Jack's +1 before doubling
    s = replay(setup(game, abilities=False), events, game)
    assert s.players[0].score == 4


def test_jack_a_scores_as_helper_even_with_failed_dice(game):
    events = [end(0), op(1, "madrid", 2, helper=0, h=1)]
    s = replay(setup(game), events, game)
    assert s.players[0].score == 0 + 1 + 1  # seat 0 starts on 0; 1 success + Jack's 1


def test_joker_a_lowers_security_on_his_turn(game):
    events = [end(0), end(1), end(2), op(3, "shanghai", 2)]
    s = replay(setup(game), events, game)
    assert s.players[3].score == 3 + 2 and s.cities["shanghai"] is None
    refused(game, events[:3], op(3, "shanghai", 3), "3 successes from 2 dice")


def test_security_floor_is_one(game):
    events = [end(0), end(1), end(2), {"type": "play_card", "player": 3, "card": "account_siphon"},
              {"type": "play_card", "player": 3, "card": "disguise"}, op(3, "seoul", 1)]
    s = replay(setup(game), events, game)
    assert s.players[3].score == 3 + 1


def test_one_security_card_per_operation(game):
    events = [{"type": "play_card", "player": 0, "card": "dismantle_safe"}]
    refused(game, events, {"type": "play_card", "player": 0, "card": "disguise"},
            "one security card per operation")


def test_queen_a_sells_at_7_and_the_value_still_drops(game):
    events = [end(0), op(1, "madrid", 2), {"type": "sell", "player": 1, "treasure": "artifact"},
              end(1), end(2), end(3), end(0), op(1, "sydney", 2),
              {"type": "sell", "player": 1, "treasure": "artifact"}]
    s = replay(setup(game), events, game)
    assert s.players[1].score == 1 + 2 + 7 + 2 + 7 and s.values["artifact"] == 4


def test_selling_two_at_once_drops_two_spaces(game):
    events = [op(0, "seoul", 2), end(0), end(1), end(2), end(3),
              {"type": "play_card", "player": 0, "card": "dismantle_safe"}, op(0, "shanghai", 2),
              {"type": "sell", "player": 0, "treasure": "cultural_asset"}]
    s = replay(setup(game, abilities=False), events, game)
    assert s.players[0].score == 2 + 2 + 14 and s.values["cultural_asset"] == 4


def test_king_a_first_card_free_and_king_b_inversion(game):
    events = [end(0), end(1), {"type": "play_card", "player": 2, "card": "private_jet"},
              {"type": "play_card", "player": 2, "card": "dismantle_safe"}]
    s = replay(setup(game), events, game)
    assert s.players[2].millions == 2 - 0 - 1
    inv = [end(0), end(1), op(2, "madrid", 1, invert=True)]
    s = replay(setup(game, sides="AABA"), inv, game)
    assert s.players[2].treasures["artifact"] == 1 and s.players[2].score == 2 + 1
    refused(game, [end(0), end(1)], op(2, "madrid", 2, invert=True), "only King side B",
            sides="AAAA")


def test_ace_b_scores_dice_on_failure(game):
    seats = [("Ann", "ace"), ("Bo", "queen")]
    s = replay(setup(game, seats=seats, sides="BA", titles=["spy", "artist", "archaeologist",
                                                           "phantom"]), [op(0, "madrid", 1)], game)
    assert s.players[0].score == 1 and len(s.players[0].evidence) == 1


def test_without_anyone_knowing(game):
    events = [{"type": "play_card", "player": 0, "card": "without_anyone_knowing"}]
    s = replay(setup(game), [*events, op(0, "new_york", 1)], game)
    assert s.players[0].treasures and s.players[0].score == 0  # no points: no Jack A +1 either
    refused(game, events, op(0, "seoul", 1, helper=1, h=2), "cannot be used in a cooperation")


def test_roll_for_me_is_stored_as_exact_counts(game):
    s = replay(setup(game), [], game)
    raw = resolve_rolls(s, {"type": "operation", "player": 0, "city": "seoul", "roll": True,
                            "helper": 1}, random.Random(4))
    assert "roll" not in raw and 0 <= raw["active_successes"] <= 2
    assert 0 <= raw["helper_successes"] <= 2
    try_apply(s, raw)


def test_end_of_game_after_the_marker_hits_zero(game):
    seats = [("Jack", "jack"), ("Joker", "joker")]
    st = setup(game, seats=seats, sides="AB", titles=["spy", "artist", "archaeologist",
                                                      "phantom"])
    cheap = sorted((c for c in game.cities if c.security <= 3), key=lambda c: c.id)
    events, seat = [], 0
    for n, city in enumerate(cheap[:11]):
        if n < 2:  # each player first buys a third die
            events += [{"type": "play_card", "player": seat, "card": "account_siphon"},
                       {"type": "buy_die", "player": seat}]
        events += [op(seat, city.id, city.security), end(seat)]
        seat = 1 - seat
    s = replay(st, events, game)
    assert s.round_marker == 1 and s.status == "playing" and s.turn.player == 1
    last = cheap[11]
    s = replay(st, [*events, op(1, last.id, last.security)], game)
    assert s.round_marker == 0 and s.status == "final_round"
    s = replay(st, [*events, op(1, last.id, last.security), end(1)], game)
    assert s.status == "final_round" and s.turn.extra and s.turn.player == 1  # Joker B
    s = replay(st, [*events, op(1, last.id, last.security), end(1), end(1)], game)
    assert s.status == "finished"
    with pytest.raises(IllegalEvent, match="the game is over"):
        try_apply(s, {"type": "take_millions", "player": 0})
    scored = try_apply(s, {"type": "score", "player": 0,
                           "missions": [["collection"], ["sabotage"]]})
    totals = {p["name"]: p["total"] for p in scored.result["players"]}
    assert totals["Jack"] >= s.players[0].score - 3 * len(s.players[0].evidence)


def test_undo_is_a_replay_without_the_last_event(game):
    events = FIRST_ROUND[:6]
    before = replay(setup(game), events[:-1], game)
    after = replay(setup(game), events, game)
    assert after.players[1].score != before.players[1].score
    again = replay(setup(game), events[:-1], game)
    assert again.players == before.players and again.cities == before.cities


def test_an_empty_bag_tie_is_the_takers_choice_in_a_new_event(game):
    """D27: with the bag empty and two players tied for the most tokens, a new event names
    whom the taker takes from (refused without one, naming the field); a log stored before
    that was asked still replays, with the lowest seat."""
    s = setup(game, SEATS[:3])
    draws = [{"type": "take_investigation", "player": 1 + i % 2} for i in range(20)]
    state = replay(s, draws, game)
    assert [len(p.evidence) for p in state.players] == [0, 10, 10] and not state.bag
    with pytest.raises(IllegalEvent) as exc:
        try_apply(state, {"type": "take_investigation", "player": 0})
    assert exc.value.field == "event.token_from" and exc.value.msg_id == "dm.no.bag_tie"
    for successes in (0, 2):  # an operation asks before its dice, whatever they show
        with pytest.raises(IllegalEvent) as exc:
            try_apply(state, op(0, "madrid", successes))
        assert exc.value.field == "event.token_from"
    chosen = try_apply(state, op(0, "madrid", 0, token_from=2))
    assert [len(p.evidence) for p in chosen.players] == [1, 10, 9]
    older = replay(s, [*draws, {"type": "take_investigation", "player": 0}], game)
    assert [len(p.evidence) for p in older.players] == [1, 9, 10]
    assert not chosen.asking and not older.asking


def test_a_cooperation_names_the_helpers_pick_before_the_dice_too(game):
    """D27 with a helper: the active player takes first, then the helper from what is
    left; both picks are asked before the dice (a refusal never costs a roll)."""
    s = setup(game, SEATS)  # Jack, Queen, King, Joker; King and Joker hold 10 tokens each
    state = replay(s, [{"type": "take_investigation", "player": 2 + i % 2}
                       for i in range(20)], game)
    # Jack takes from King (9 left): Joker alone has the most for Queen, no question asked
    ok = try_apply(state, op(0, "madrid", 2, helper=1, h=2, token_from=2))
    assert [len(p.evidence) for p in ok.players] == [0, 0, 10, 10]  # a success draws none
    failed = try_apply(state, op(0, "madrid", 0, helper=1, h=0, token_from=2))
    assert [len(p.evidence) for p in failed.players] == [1, 1, 9, 9]
    with pytest.raises(IllegalEvent) as exc:  # Queen's pick must be among the most: Joker
        try_apply(state, op(0, "madrid", 2, helper=1, h=2, token_from=2, helper_token_from=2))
    assert exc.value.field == "event.helper_token_from"


def test_the_helper_names_a_pick_when_the_active_players_draw_leaves_a_tie(game):
    s = setup(game, SEATS)
    draws = [0] * 6 + [2] * 7 + [3] * 7  # Jack 6, King 7, Joker 7
    state = replay(s, [{"type": "take_investigation", "player": p} for p in draws], game)
    # Jack takes from King (6 left): Jack and Joker then tie at 7 for Queen
    with pytest.raises(IllegalEvent) as exc:
        try_apply(state, op(0, "madrid", 0, helper=1, h=0, token_from=2))
    assert exc.value.field == "event.helper_token_from" and exc.value.msg_id == "dm.no.bag_tie"
    done = try_apply(state, op(0, "madrid", 0, helper=1, h=0, token_from=2,
                               helper_token_from=0))
    assert [len(p.evidence) for p in done.players] == [6, 1, 6, 7]
