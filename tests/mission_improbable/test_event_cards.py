"""Event cards the engine tracks, Partners/Team, Co-opt Mission, the odds preview."""

from __future__ import annotations

import pytest

from missionkit.game import IllegalEvent
from missionkit.mission_improbable.attempts import preview

from .helpers import end, ev, play, refusal, start, with_mission


def two_agents_each(mi, **options):
    """MI6: Bond and China Doll with a mission; SPECTRE: Vlad with a mission."""
    return play(start(mi, **options), ev("recruit", agent="mr_bond"),
                ev("play_mission", mission="industrial_espionage"), end(0),
                ev("recruit", 1, agent="vlad_the_impaler"),
                ev("play_mission", 1, mission="prisoner_exchange"), end(1),
                ev("recruit", agent="china_doll"), ev("phase", phase="capture"), end(0),
                end(1))


def test_sleeper_second_chance_and_police_interference(mi):
    state = play(start(mi), ev("recruit", agent="mr_bond"))
    state = play(state, ev("play_event", card="sleeper"))
    state = play(state, ev("recruit", agent="china_doll"))  # at once, in the Intercept phase
    assert list(state.players[0].agents) == ["mr_bond", "china_doll"]
    assert state.phase == "intercept" and not state.spy_allowed
    assert refusal(state, ev("recruit", agent="punjab")).field == "event.type"  # one, not two
    state = play(start(mi), ev("play_event", card="sleeper"))
    assert state.turn.late_recruits == 1 and not state.spy_allowed
    state = two_agents_each(mi)
    stopped = play(state, ev("play_event", 1, card="police_interference", target=0))
    assert refusal(stopped, ev("attempt", agent="mr_bond", mission="industrial_espionage",
                               card="industrial_espionage", dice=[[9, 1]])).field == "event.type"
    again = play(state, ev("attempt", agent="china_doll", mission="industrial_espionage",
                           card="industrial_espionage", dice=[[1, 10]]),
                 ev("failure", die=8), ev("play_event", card="second_chance"),
                 ev("attempt", agent="mr_bond", mission="industrial_espionage",
                    card="industrial_espionage", dice=[[10, 1], [10, 1]]))
    assert again.players[0].mp == 2


def test_sleepers_agent_is_recruited_at_once_or_not_at_all(mi):
    skipped = play(start(mi), ev("play_event", card="sleeper"),
                   ev("recruit", agent="china_doll"))  # the Recruit phase's own agent is gone
    assert list(skipped.players[0].agents) == ["china_doll"]
    assert refusal(skipped, ev("recruit", agent="punjab")).field == "event.type"
    twice = play(start(mi), ev("play_event", card="sleeper"), ev("play_event", card="mole",
                                                                 target=1))
    assert twice.turn.late_recruits == 1  # still in the Intercept phase
    moved_on = play(start(mi), ev("play_event", card="sleeper"), ev("phase", phase="mission"))
    assert refusal(moved_on, ev("recruit", agent="china_doll")).field == "event.type"
    assert refusal(play(start(mi), ev("phase", phase="intercept")),
                   ev("recruit", agent="china_doll")).field == "event.type"  # no Sleeper
    theirs = play(start(mi), ev("play_event", card="sleeper"))
    assert refusal(theirs, ev("recruit", 1, agent="china_doll")).field == "event.player"


def test_partners_let_a_second_agent_roll_in_the_same_attempt(mi):
    state = play(two_agents_each(mi), ev("phase", phase="capture"), end(0),
                 ev("counter", 1, mission="industrial_espionage"), end(1))
    go = {"mission": "industrial_espionage"}
    alone = play(state, ev("attempt", agent="mr_bond", **go, card="tiger", dice=[[10, 1]]))
    assert refusal(alone, ev("attempt", agent="china_doll", **go, card="industrial_espionage",
                             dice=[[10, 1], [10, 1]])).field == "event.agent"
    paired = play(state, ev("play_event", card="partners", agent="mr_bond"),
                  ev("attempt", agent="mr_bond", **go, card="tiger", dice=[[10, 1]]),
                  ev("attempt", agent="china_doll", **go, card="industrial_espionage",
                     dice=[[10, 1], [10, 1]]))
    assert paired.players[0].mp == 2


def test_no_retreat_before_an_obstacle_is_overcome(mi):
    """MID-26: partners who split a mission's checks have overcome no obstacle, so the attempt
    goes on: no retreat, no leaving the Mission phase, no ending the turn."""
    state = play(two_agents_each(mi), ev("play_event", card="partners", agent="mr_bond"),
                 ev("attempt", agent="mr_bond", mission="industrial_espionage",
                    card="industrial_espionage", checks=1, dice=[[10, 1]]))
    assert state.turn.attempt.done == 1 and state.turn.attempt.overcome == 0
    for event in (ev("retreat"), ev("phase", phase="objectives"), end(0)):
        err = refusal(state, event)
        assert (err.field, err.msg_id) == ("event.type", "mi.no.retreat_early"), event
    done = play(state, ev("attempt", agent="china_doll", mission="industrial_espionage",
                          card="industrial_espionage", dice=[[10, 1]]))
    assert done.players[0].mp == 2


def test_ending_the_turn_after_an_obstacle_pulls_the_agent_out(mi):
    state = with_mission(mi, agent="mr_white_the_albino", equipment_discard="after_attempt")
    state = play(state, ev("phase", phase="capture"), end(0),
                 ev("counter", 1, mission="surveillance_mission", count=2), end(1),
                 ev("attach", agent="mr_white_the_albino", asset="silencer"),
                 ev("attempt", agent="mr_white_the_albino", mission="surveillance_mission",
                    card="ninjas", assets=["silencer"], dice=[[5, 1]]), end(0))
    assert state.turn.player == 1 and state.turn.attempt is None
    assert state.players[0].agents["mr_white_the_albino"].assets == []  # spent on the attempt
    assert "silencer" in state.discard


def test_co_opt_mission_scores_an_opponents_mission(mi):
    state = two_agents_each(mi)
    theirs = {"agent": "mr_bond", "mission": "prisoner_exchange", "card": "prisoner_exchange",
              "dice": [[9, 1]]}
    assert refusal(state, ev("attempt", **theirs)).field == "event.mission"
    assert refusal(state, ev("play_event", card="co_opt_mission",
                             mission="industrial_espionage")).field == "event.mission"
    state = play(state, ev("play_event", card="co_opt_mission", mission="prisoner_exchange"),
                 ev("attempt", **theirs))
    assert state.players[0].completed == ["prisoner_exchange"] and state.players[1].missions == {}


def test_diversion_amnesia_confiscation_medical_attention_fake_death(mi):
    state = play(two_agents_each(mi), ev("attach", agent="mr_bond", asset="silencer"), end(0),
                 ev("recruit", 1, agent="commando_9"), end(1))
    gone = play(state, ev("play_event", card="diversion", mission="prisoner_exchange"))
    assert gone.players[1].missions == {} and "prisoner_exchange" in gone.discard
    forgot = play(state, end(0), ev("play_event", 1, card="amnesia", agent="mr_bond"))
    assert "mr_bond" not in forgot.players[0].agents and "silencer" in forgot.discard
    taken = play(state, end(0), ev("play_event", 1, card="confiscation", agent="mr_bond",
                                   asset="silencer", to_agent="commando_9"))
    assert taken.players[1].agents["commando_9"].assets == ["silencer"]
    hurt = play(state, ev("attempt", agent="china_doll", mission="industrial_espionage",
                          card="industrial_espionage", dice=[[1, 10]]),
                ev("failure", die=6, wound_die=10), end(0), end(1))
    assert hurt.players[0].agents["china_doll"].wounded == 5  # MI6's next 5 turns
    healed = play(hurt, ev("play_event", card="medical_attention", agent="china_doll"))
    assert healed.players[0].agents["china_doll"].usable
    dead = play(state, ev("attempt", agent="china_doll", mission="industrial_espionage",
                          card="industrial_espionage", dice=[[1, 10]]), ev("failure", die=3))
    assert refusal(dead, ev("play_event", card="fake_death",
                            agent="mr_bond")).field == "event.agent"
    back = play(dead, ev("play_event", card="fake_death", agent="china_doll"))
    assert back.players[0].killed == [] and "china_doll" not in back.discard
    assert play(back, end(0), end(1), ev("recruit", agent="china_doll")).players[0].agents


def test_what_the_turn_tracker_offers(mi):
    state = play(start(mi), ev("recruit", agent="mr_bond"))
    assert state.spy_allowed and state.captures_owed() == []
    assert not play(state, ev("spy", die=2)).spy_allowed
    assert not play(state, ev("phase", phase="mission")).spy_allowed


def test_odds_preview_walks_the_face_up_obstacles_then_the_mission(mi):
    state = with_mission(mi, agent="mr_white_the_albino")
    state = play(state, ev("attach", agent="mr_white_the_albino", asset="martial_arts"),
                 ev("phase", phase="capture"), end(0),
                 ev("counter", 1, mission="surveillance_mission"), end(1),
                 ev("attempt", agent="mr_white_the_albino", mission="surveillance_mission",
                    card="tiger", dice=[[1, 10]]), ev("failure", die=8))
    seen = preview(state, "mr_white_the_albino", "surveillance_mission")
    assert [(c.skill, c.delta) for c in seen.checks] == [("animals", -1), ("surveillance", -1)]
    assert seen.chance == pytest.approx(0.45 * 0.45)
    with pytest.raises(IllegalEvent) as err:
        preview(state, "mr_white_the_albino", "defend_destroy_base")
    assert err.value.field == "card"


def test_a_partners_experience_adds_up_with_add_bonuses(mi):
    state = play(two_agents_each(mi, joint_attempt="add_bonuses"),
                 ev("attach", agent="china_doll", asset="acrobat"),
                 ev("play_event", card="partners", agent="mr_bond"))
    # stealth: Bond 1 + China Doll 2 + acrobat 2 + 1 >= 4 + 2; surveillance: 0 + 2 + 10 >= 1 + 2
    done = play(state, ev("attempt", agent="mr_bond", mission="industrial_espionage",
                          card="industrial_espionage", partners=["china_doll"],
                          dice=[[1, 4], [10, 1]]))
    assert done.players[0].mp == 2


def test_partners_split_a_missions_checks(mi):
    state = play(start(mi), ev("recruit", agent="china_doll"),
                 ev("play_mission", mission="rescue_kidnapping"), end(0), end(1),
                 ev("recruit", agent="mr_white_the_albino"))
    go = {"mission": "rescue_kidnapping", "card": "rescue_kidnapping"}
    split = ev("attempt", agent="china_doll", **go, checks=1, dice=[[5, 5]])
    assert refusal(state, split).field == "event.checks"  # no Partners played
    state = play(state, ev("play_event", card="partners", agent="china_doll"), split)
    assert state.players[0].mp == 0 and state.turn.attempt.done == 1
    assert refusal(state, ev("attempt", agent="mr_white_the_albino", **go,
                             dice=[[5, 5], [5, 5]])).field == "event.dice"
    state = play(state, ev("attempt", agent="mr_white_the_albino", **go, dice=[[4, 5]]))
    assert state.players[0].mp == 2  # Combat: 4 + 3 >= 5 + 2 for Mr. White


def test_undercover_option_lets_your_own_events_through(mi):
    def covered(**options):
        return play(start(mi, **options), ev("recruit", agent="china_doll"),
                    ev("attach", agent="china_doll", asset="undercover"),
                    ev("play_mission", mission="industrial_espionage"), end(0), end(1))
    partners = ev("play_event", card="partners", agent="china_doll")
    assert refusal(covered(), partners).field == "event.agent"
    assert play(covered(undercover="opponents_events"), partners).turn.team_size == 2
    hidden = play(covered(undercover="opponents_events"), end(0))
    assert refusal(hidden, ev("play_event", 1, card="assassination",
                              agent="china_doll")).field == "event.agent"
