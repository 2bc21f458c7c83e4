"""Issue 13: every plan card and character scores as the rulebook says.

Each case drives a fresh game through the JSON API to the situation and checks the exact
score, Millions, treasures, investigation tokens and round marker. KO/EN line numbers refer to
the Korean and English rulebooks; Dnn to the project's rule decisions.
"""

from __future__ import annotations

import pytest

from tests.companion.table_api import P, Table, card, op

KING_B = [("Kim", "king", "B"), ("Bo", "queen", "A")]
QUEEN = [("Ann", "queen", "A"), ("Bo", "ace", "A")]
JACK = [("Jay", "jack", "A"), ("Bo", "queen", "A")]


# 1 ---------------------------------------------------------------------------------------

def test_king_b_inverted_real_success_scores_its_dice_as_a_failure(client, game):
    """KO 388 "이때에도 작업 점수는 변함없이 성공한 주사위의 개수만큼"; EN King B; D15:
    2 of 2 successes inverted is a failure that still scores +2, with a token and no
    treasure."""
    t = Table(client, game, KING_B, seoul="jewel")
    t.post("declare_inversion", 0)
    assert t.state["table"]["inversion_declared"] is True
    op(t, 0, "seoul", 2)
    assert t.scores() == [2, 1] and t.tokens() == [1, 0] and t.treasures(0) == {}
    assert t.millions() == [2, 2] and t.marker() == 12 and "seoul" not in t.state["robbed_cities"]
    assert t.state["table"]["inversion_declared"] is False  # spent on that operation


def test_king_b_inversion_in_the_operation_event_still_works(client, game):
    """KO 386-388: 1 of 2 dice inverted is a success: treasure and 1 point."""
    t = Table(client, game, KING_B, seoul="jewel")
    op(t, 0, "seoul", 1, invert=True)
    assert t.scores() == [1, 1] and t.treasures(0) == {"jewel": 1} and t.marker() == 11
    assert t.tokens() == [0, 0]


# 2 ---------------------------------------------------------------------------------------

def test_jack_a_scores_nothing_with_without_anyone_knowing(client, game):
    """KO 529 "작업 점수는 얻을 수 없고"; KO 354-355 (Jack's +1 comes with operation points);
    D16: the treasure, 0 points."""
    t = Table(client, game, JACK, new_york="painting")
    card(t, 0, "without_anyone_knowing")
    op(t, 0, "new_york", 1)
    assert t.scores() == [0, 1] and t.treasures(0) == {"painting": 1}
    assert t.millions() == [1, 2] and t.tokens() == [0, 0] and t.marker() == 11


# 3 ---------------------------------------------------------------------------------------

def test_perfect_job_right_after_a_success_doubles_it(client, game):
    """EN 350 "Gain double points after a successful Operation. If you are Jack, apply his
    bonus first"; KO 525-526: Jack A 2 dice +1 = 3, doubled = 6."""
    t = Table(client, game, JACK, seoul="jewel")
    op(t, 0, "seoul", 2)
    assert t.scores() == [3, 1]
    card(t, 0, "perfect_job")
    assert t.scores() == [6, 1] and t.millions() == [1, 2] and t.treasures(0) == {"jewel": 1}
    assert t.tokens() == [0, 0] and t.marker() == 11


def test_perfect_job_before_the_roll_and_wasted_on_a_failure(client, game):
    """Played before, Perfect Job doubles the next operation; a failure after it wastes it,
    and played after another event it waits for the next operation (no doubling now)."""
    t = Table(client, game, JACK, seoul="jewel", madrid="gold_bar")
    card(t, 0, "perfect_job")
    op(t, 0, "seoul", 1)
    assert t.scores() == [0, 1] and t.tokens() == [1, 0] and t.millions() == [1, 2]
    t.post("end_turn", 0)
    t.post("end_turn", 1)
    op(t, 0, "madrid", 2)  # Perfect Job was wasted: 2 + 1, not doubled
    assert t.scores() == [3, 1] and t.marker() == 11
    t.post("take_millions", 0)
    card(t, 0, "perfect_job")  # not right after the success: nothing doubles now
    assert t.scores() == [3, 1] and t.millions() == [2, 2]


# 4 ---------------------------------------------------------------------------------------

def test_hacking_copies_account_siphon_and_headline(client, game):
    """EN 338; KO 510 "디스 카드 덱의 맨 위에 있는 카드와 똑같은 효과"; D33: Hacking pays
    only its own cost (1)."""
    t = Table(client, game, QUEEN)
    card(t, 0, "account_siphon")
    card(t, 0, "hacking")
    assert t.millions() == [2 + 4 - 1 + 4, 2] and t.state["table"]["discard_top"] == "hacking"
    t.post("end_turn", 0)
    t.post("take_millions", 1)
    card(t, 1, "headline")
    card(t, 1, "hacking")
    assert t.scores() == [0, 1 + 5 + 5] and t.millions() == [9, 4 - 2 - 1]
    assert t.tokens() == [0, 0] and t.marker() == 12


def test_hacking_after_perfect_job_gives_four_times_the_points(client, game):
    """EN 350 "If you use Hacking after Perfect Job, you will gain 4 times the points";
    KO 527 "4배": 2 dice = 2 points, x4 = 8."""
    t = Table(client, game, QUEEN, seoul="jewel")
    op(t, 0, "seoul", 2)
    card(t, 0, "perfect_job")
    card(t, 0, "hacking")
    assert t.scores() == [8, 1] and t.millions() == [0, 2] and t.treasures(0) == {"jewel": 1}
    assert t.marker() == 11 and t.tokens() == [0, 0]


def test_hacking_a_perfect_job_played_before_the_roll(client, game):
    """KO 527: the copy before the roll also quadruples: Jack A (2 + 1) x 4 = 12."""
    t = Table(client, game, JACK, seoul="jewel")
    card(t, 0, "perfect_job")
    card(t, 0, "hacking")
    op(t, 0, "seoul", 2)
    assert t.scores() == [12, 1] and t.millions() == [0, 2] and t.marker() == 11


def test_hacking_after_enforcement_fixes_a_second_die(client, game):
    """EN 347 "If you use Hacking after Enforcement continuously, you would be able to change
    2 failed dice"; KO 487-488: 0 of 2 becomes 2 of 2, a success without a token."""
    t = Table(client, game, QUEEN, seoul="jewel")
    op(t, 0, "seoul", 0)
    assert t.tokens() == [1, 0]
    card(t, 0, "enforcement")
    assert t.tokens() == [1, 0] and t.treasures(0) == {}  # 1 of 2: still a failure
    card(t, 0, "hacking")
    assert t.scores() == [2, 1] and t.treasures(0) == {"jewel": 1} and t.tokens() == [0, 0]
    assert t.millions() == [0, 2] and t.marker() == 11


def test_hacking_after_making_an_imitation_is_a_second_imitation(client, game):
    """KO 532-534; D41: two uses lower Clean Sweep's 4 of a type to 2, never below 1."""
    t = Table(client, game, QUEEN, titles=["clean_sweep", "artist", "spy", "gold_runner"],
              seoul="jewel", madrid="jewel")
    op(t, 0, "seoul", 2)
    t.post("end_turn", 0)
    t.post("end_turn", 1)
    op(t, 0, "madrid", 2)
    card(t, 0, "making_an_imitation")
    t.refused("claim_title", 0, "does not meet", "event.title", title="clean_sweep",
              imitations=1)
    card(t, 0, "hacking")
    t.post("claim_title", 0, title="clean_sweep", imitations=2)
    assert t.player(0)["titles"] == 1 and t.treasures(0) == {"jewel": 2}
    assert t.scores() == [4, 1] and t.millions() == [0, 2] and t.marker() == 10


def test_hacking_needs_a_card_on_the_discard_pile(client, game):
    """D33: unplayable with an empty discard pile (also right after a reshuffle)."""
    t = Table(client, game, QUEEN)
    t.refused("play_card", 0, "discard pile is empty", "event.card", card="hacking")
    card(t, 0, "account_siphon")
    t.post("reshuffle", 1)
    t.refused("play_card", 0, "discard pile is empty", "event.card", card="hacking")
    assert t.millions() == [6, 2]


# 5 ---------------------------------------------------------------------------------------

def test_threaten_cancels_the_card_just_played(client, game):
    """EN 339 "Cancel a Plan Card just played. The costs are still paid"; KO 514-516:
    Headline's 5 points go, its 2 Millions stay paid; Threaten costs 1."""
    t = Table(client, game, QUEEN)
    t.post("take_millions", 0)
    card(t, 0, "headline")
    assert t.scores() == [5, 1]
    card(t, 1, "threaten")  # any-time: on Ann's turn
    assert t.scores() == [0, 1] and t.millions() == [2, 1]
    assert t.state["table"]["discard_top"] == "threaten"
    assert t.state["table"]["cards_since_reshuffle"] == {"headline": 1, "threaten": 1}
    assert t.tokens() == [0, 0] and t.marker() == 12


def test_threaten_cancels_easy_pickings_and_the_round_marker_moves_back(client, game):
    """KO 514-516 with Easy Pickings (KO 489-491): the treasure returns to its city."""
    t = Table(client, game, QUEEN, seoul="jewel")
    t.post("take_millions", 0)
    card(t, 0, "easy_pickings", city="seoul")
    assert t.marker() == 11 and t.treasures(0) == {"jewel": 1}
    card(t, 1, "threaten")
    assert t.marker() == 12 and t.treasures(0) == {} and t.state["cities"]["seoul"] == "jewel"
    assert t.millions() == [2, 1] and t.scores() == [0, 1]


def test_threaten_only_answers_another_players_card_right_away(client, game):
    t = Table(client, game, QUEEN)
    card(t, 0, "account_siphon")
    t.refused("play_card", 0, "another player", "event.card", card="threaten")
    t.post("take_millions", 0)
    t.refused("play_card", 1, "another player", "event.card", card="threaten")
    assert t.millions() == [8, 2]


# 6 ---------------------------------------------------------------------------------------

def test_enforcement_turns_a_failure_into_a_success(client, game):
    """EN 347; KO 485 "실패한 작업 주사위 1개를 성공으로 변경": 1 of 2 becomes 2 of 2: the
    treasure, 2 points, the round marker moves and the token goes back."""
    t = Table(client, game, QUEEN, seoul="jewel")
    op(t, 0, "seoul", 1)
    assert t.tokens() == [1, 0] and t.marker() == 12
    card(t, 0, "enforcement")
    assert t.scores() == [2, 1] and t.treasures(0) == {"jewel": 1} and t.tokens() == [0, 0]
    assert t.millions() == [1, 2] and t.marker() == 11


def test_enforcement_only_right_after_your_own_failure(client, game):
    t = Table(client, game, QUEEN, seoul="jewel")
    t.refused("play_card", 0, "right after", "event.card", card="enforcement")
    op(t, 0, "seoul", 2)
    t.refused("play_card", 0, "own failed operation", "event.card", card="enforcement")


# 7 ---------------------------------------------------------------------------------------

def test_security_disruption_voids_a_success_and_the_reroll_decides(client, game):
    """EN 346 "force the dice to be rerolled"; KO 483: 2 of 2 is voided, the reroll gives
    1 of 2: a failure with a token; the treasure stays in Seoul."""
    t = Table(client, game, QUEEN, seoul="jewel")
    op(t, 0, "seoul", 2)
    card(t, 1, "security_disruption", active_successes=1)
    assert t.scores() == [0, 1] and t.treasures(0) == {} and t.tokens() == [1, 0]
    assert t.millions() == [2, 1] and t.marker() == 12
    assert t.state["cities"]["seoul"] == "jewel"


def test_security_disruption_in_a_cooperation_rerolls_only_who_succeeded(client, game):
    """EN 346 "only the player, or players, who succeeded reroll"; KO 484: Bo helped and
    succeeded; Ann failed. Bo rerolls 2 of 2 again: still a success, points as rerolled."""
    t = Table(client, game, QUEEN, seoul="jewel")
    op(t, 0, "seoul", 1, helper=1, h=2)
    assert t.scores() == [1, 3]
    t.refused("play_card", 1, "only whoever succeeded", "event.active_successes",
              card="security_disruption", active_successes=2, helper_successes=2)
    card(t, 1, "security_disruption", helper_successes=2)
    assert t.scores() == [1, 3] and t.treasures(0) == {"jewel": 1} and t.marker() == 11
    assert t.millions() == [2, 1] and t.tokens() == [0, 0]


def test_security_disruption_can_ask_the_app_to_roll(client, game):
    t = Table(client, game, QUEEN, seoul="jewel")
    op(t, 0, "seoul", 2)
    card(t, 1, "security_disruption", roll=True)
    again = t.state["cities"]["seoul"] is None  # the app rolled 2 of 2 again
    assert t.scores() == ([2, 1] if again else [0, 1]) and t.millions() == [2, 1]
    assert t.tokens() == ([0, 0] if again else [1, 0]) and t.marker() == (11 if again else 12)
    assert t.treasures(0) == ({"jewel": 1} if again else {})


# 8 ---------------------------------------------------------------------------------------

def test_double_cross_only_by_the_helper_right_after_a_successful_cooperation(client, game):
    """KO 493-494 "다른 플레이어의 턴에 공동 작업에 참여하여 성공했을 때 … 보물을 빼앗아";
    D39: the helper takes the treasure; both keep the points of their dice."""
    t = Table(client, game, QUEEN, seoul="jewel", madrid="gold_bar")
    t.refused("play_card", 1, "right after", "event.card", card="double_cross")
    op(t, 0, "seoul", 2)
    t.refused("play_card", 1, "successful cooperation", "event.card", card="double_cross")
    t.post("end_turn", 0)
    t.post("end_turn", 1)
    op(t, 0, "madrid", 2, helper=1, h=2)
    t.refused("play_card", 0, "only the helper", "event.player", card="double_cross")
    card(t, 1, "double_cross")
    assert t.treasures(0) == {"jewel": 1} and t.treasures(1) == {"gold_bar": 1}
    assert t.scores() == [2 + 2, 1 + 2] and t.millions() == [2, 1] and t.marker() == 10
    assert t.tokens() == [0, 0]


# 9 ---------------------------------------------------------------------------------------

def test_after_a_sale_only_the_end_of_the_turn_is_left(client, game):
    """EN 161 "You can only sell Treasures at the end of your turn"; KO 201-206: after the
    sale no action, operation, die or own card; the sold treasure cannot come back."""
    t = Table(client, game, QUEEN, seoul="jewel")
    op(t, 0, "seoul", 2)
    t.post("sell", 0, treasure="jewel")
    for type_, fields in (("take_millions", {}), ("buy_die", {}),
                          ("action", {"kind": "move"}),
                          ("play_card", {"card": "buy_back", "treasure": "jewel"}),
                          ("operation", {"city": "madrid", "active_successes": 2})):
        t.refused(type_, 0, "the turn ends now", **fields)
    assert t.scores() == [2 + 7, 1] and t.treasures(0) == {} and t.millions() == [2, 2]
    assert t.state["values"]["jewel"] == 5 and t.marker() == 11 and t.tokens() == [0, 0]
    t.post("end_turn", 0)
    assert t.state["turn"]["player"] == 1


def test_after_a_title_only_the_end_of_the_turn_is_left(client, game):
    """EN 173 "Titles can only be earned at the end of your turn"; KO 201-202."""
    t = Table(client, game, QUEEN, titles=["star_picker", "artist", "spy", "gold_runner"],
              seoul="jewel")
    card(t, 0, "making_an_imitation")
    op(t, 0, "seoul", 2)
    t.post("claim_title", 0, title="star_picker", imitations=1)
    t.refused("take_millions", 0, "the turn ends now")
    t.refused("play_card", 0, "the turn ends now", card="account_siphon")
    assert t.player(0)["titles"] == 1 and t.millions() == [1, 2] and t.scores() == [2, 1]


# 10 --------------------------------------------------------------------------------------

TEAMS = [("Ann", "queen", "A", "A"), ("Bo", "king", "A", "B"), ("Cy", "joker", "B", "A"),
         ("Di", "ace", "A", "B")]


def test_teammates_may_not_sit_next_to_each_other(client, game):
    """KO 294-295 "한 팀인 두 플레이어가 연속으로 턴을 가질 수 없습니다"."""
    seats = [{"name": n, "character": c, "side": s, "team": team}
             for n, c, s, team in (TEAMS[0], TEAMS[2], TEAMS[1], TEAMS[3])]
    r = client.post("/api/v1/games", json={"players": seats, "options": {"team_mode": True}})
    assert r.status_code == 422 and "next to each other" in r.json["error"]


def test_teammates_exchange_treasures_and_millions(client, game):
    """EN 229 "Each team can freely exchange or share Treasure, Millions"; KO 299-302: both
    ways or one way, no action used; only with a teammate, on either one's turn."""
    t = Table(client, game, TEAMS, options={"team_mode": True}, seoul="jewel")
    op(t, 0, "seoul", 2)
    t.post("team_exchange", 0, partner=2, give={"jewel": 1}, get_millions=1)
    assert t.treasures(0) == {} and t.treasures(2) == {"jewel": 1}
    assert t.millions() == [3, 2, 1, 2] and t.state["turn"]["actions_left"] == 2
    t.refused("team_exchange", 0, "only with a teammate", "event.partner", partner=1,
              give_millions=1)
    t.refused("team_exchange", 2, "holds 0 Gold Bar", "event.get.gold_bar", partner=0,
              get={"gold_bar": 1})
    t.post("end_turn", 0)
    t.refused("team_exchange", 2, "either one's turn", "event.player", partner=0,
              give_millions=1)
    assert t.scores() == [2, 1, 2, 3] and t.marker() == 19 and t.tokens() == [0, 0, 0, 0]


# 11 --------------------------------------------------------------------------------------

def test_empty_bag_the_taker_chooses_among_tied_players(client, game):
    """D27: with the bag empty, take from the player with the most tokens; the taker breaks
    a tie (here Cy, not the lower seat Bo)."""
    seats = [("Ann", "queen", "A"), ("Bo", "king", "A"), ("Cy", "joker", "B")]
    t = Table(client, game, seats, seoul="jewel")
    for i in range(20):
        t.post("take_investigation", 1 + i % 2)
    assert t.tokens() == [0, 10, 10]
    op(t, 0, "seoul", 1, token_from=2)
    assert t.tokens() == [1, 10, 9] and t.scores() == [0, 1, 2] and t.marker() == 15
    t.refused("take_investigation", 0, "most tokens (Bo)", "event.token_from", token_from=2)
    t.post("take_investigation", 0)  # no tie: Bo, the only one with the most
    assert t.tokens() == [2, 9, 9] and t.millions() == [2, 2, 2]


# 12 --------------------------------------------------------------------------------------

def test_close_watch_titles_revealed_at_the_table_can_be_entered(client, game):
    """KO 474-475 "남아있는 타이틀을 무작위로 3개 공개하여 … 획득 가능한 타이틀을 모두";
    D31: the table enters what it revealed; Ann holds 2 jewels and takes Star Picker."""
    seats = [("Ann", "joker", "A"), ("Bo", "queen", "A")]
    level3 = [c.id for c in game.cities if c.security == 3]  # Joker A: 2 dice
    level2 = [c.id for c in game.cities if c.security == 2]
    t = Table(client, game, seats, titles=["archaeologist", "artist", "spy", "gold_runner"],
              **dict(zip(level3, ["jewel", "jewel", "gold_bar", "top_secret", "painting",
                                  "artifact"], strict=True)))
    for ann, bo in zip(level3[:6], level2[:6], strict=True):
        op(t, 0, ann, 2)
        t.post("end_turn", 0)
        op(t, 1, bo, 2)
        t.post("end_turn", 1)
    assert t.state["status"] == "finished" and t.marker() == 0
    assert t.treasures(0) == {"jewel": 2, "gold_bar": 1, "top_secret": 1, "painting": 1,
                              "artifact": 1}
    score = {"missions": [["close_watch"], ["collection"]],
             "close_watch_reveal": ["archaeologist", "star_picker", "phantom"]}
    t.refused("score", 0, "laid out this game", "event.close_watch_reveal[0]", **score)
    t.refused("score", 0, "3 different titles", "event.close_watch_reveal", missions=score[
        "missions"], close_watch_reveal=["star_picker", "star_picker", "phantom"])
    t.refused("score", 0, "also held by", "event.missions[1]",
              missions=[["close_watch"], ["close_watch"]])  # refused, not a server error
    score["close_watch_reveal"][0] = "master_of_operation"
    t.post("score", 0, **score)
    ann, bo = t.state["result"]["players"]
    assert ann["titles_gained"] == ["star_picker"] and ann["titles"] == 4
    assert ann["track"] == 12 and bo["track"] == 13 and bo["titles_gained"] == []
    assert t.tokens() == [0, 0] and t.millions() == [2, 2]


# 13 --------------------------------------------------------------------------------------

def _odds(t, city):
    return next(o for o in t.state["table"]["operations"] if o["city"] == city)


def test_odds_without_anyone_knowing_show_no_cooperation(client, game):
    """KO 529 "공동 작업을 할 수 없습니다"; D12: one die, 5/6, and no co-op odds."""
    t = Table(client, game, QUEEN, seoul="jewel")
    assert _odds(t, "seoul")["coop"] == pytest.approx(1 - (1 - P * P) ** 2)
    card(t, 0, "without_anyone_knowing")
    seoul = _odds(t, "seoul")
    assert seoul["dice"] == 1 and seoul["solo"] == pytest.approx(P) and seoul["coop"] is None
    assert t.millions() == [1, 2]


def test_odds_after_king_b_declares_the_inversion(client, game):
    """KO 386-387: declared before rolling, the roll succeeds if any die fails."""
    t = Table(client, game, KING_B, seoul="jewel")
    assert _odds(t, "seoul")["solo"] == pytest.approx(P * P)
    t.post("declare_inversion", 0)
    seoul = _odds(t, "seoul")
    assert seoul["inverted"] and seoul["solo"] == pytest.approx(1 - P * P)
    assert seoul["coop"] == pytest.approx(1 - (P * P) * (1 - P * P))


# what stays physical -------------------------------------------------------------------------

def test_more_plays_than_copies_warn_until_the_reshuffle(client, game):
    """Hands and the deck are physical: a card played more often than its copies since the
    last reshuffle is a warning, not a refusal."""
    t = Table(client, game, QUEEN)
    assert t.state["table"]["not_tracked"] == "not tracked: moves, hands, how many copies are left"
    card(t, 0, "account_siphon")
    card(t, 0, "account_siphon")
    assert t.state["table"]["warnings"] == []
    card(t, 0, "account_siphon")
    assert t.millions() == [14, 2] and len(t.state["table"]["warnings"]) == 1
    assert "Account Siphon played 3 times" in t.state["table"]["warnings"][0]
    t.post("reshuffle", 0)
    assert t.state["table"]["warnings"] == [] and t.state["table"]["discard_top"] is None


def test_openapi_lists_the_new_events(client):
    doc = client.get("/api/v1/openapi.json").json
    schemas = doc["components"]["schemas"]
    for name in ("DeclareInversion", "Reshuffle", "TeamExchange"):
        assert name in schemas
    assert {"active_successes", "token_from"} <= set(schemas["PlayCard"]["properties"])
    assert "close_watch_reveal" in schemas["Score"]["properties"]

