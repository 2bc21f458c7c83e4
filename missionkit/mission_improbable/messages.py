"""Mission Improbable's log lines and refusals as data: each id's English sentence, and how
its parameters are named (seats by the organisation's name; cards, phases, tables and table
rows by the content's `en`/`ko` text).

A card parameter is its id, or "id@good" / "id@bad" for the half of a mission an alignment
reads; a table row is "table/index"."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any, NoReturn

from ..messages import N_, NAME, SEAT, SEATS, TERM, Catalogue, Namer, Speaker

TEMPLATES = {
    # the log
    "mi.turn_order": N_("Turn order: {order}."),
    "mi.phase": N_("{player}: {phase} phase."),
    "mi.recruits": N_("{player} recruits {agent}."),
    "mi.attaches": N_("{player} attaches {asset} to {agent}."),
    "mi.equipment_to": N_("{asset} goes to {agent}."),
    "mi.spy_table": N_("{table} ({player}): {row}"),
    "mi.into_play": N_("{player} puts {mission} into play."),
    "mi.obstacles": N_("{player} plays {count} face-down obstacle(s) on {owner}'s {mission}."),
    "mi.capture_table": N_("{table} for {agent}: {row}"),
    "mi.failure_table": N_("{table}: {row}"),
    "mi.deck_empty": N_("The deck is empty."),
    "mi.deck_reshuffle": N_("The deck is empty: shuffle the discard pile into a new deck."),
    "mi.end_turn": N_("{player} ends the turn."),
    "mi.game_over": N_("The game is over."),
    "mi.last_round": N_("This round is the last."),
    "mi.mission_discarded": N_("{mission} is discarded with {count} obstacles."),
    "mi.pulls_out": N_("{player} pulls the agent out."),
    "mi.fails": N_("{agent} fails {card}: roll the {table}."),
    "mi.passes": N_("{agent} passes {count} check(s) of {card}."),
    "mi.overcomes": N_("{agent} overcomes {card}."),
    "mi.completes": N_("{player} completes {mission} (+{points} MP, {total} in all)."),
    "mi.plays": N_("{player} plays {card}."),
    "mi.works_for": N_("{agent} now works for {player}."),
    "mi.healed": N_("{agent} is healed."),
    "mi.killed": N_("{agent} is killed."),
    "mi.removed": N_("{agent} is shuffled back into the deck."),
    "mi.loses": N_("{agent} loses {lost}."),
    "mi.captured": N_("{agent} is captured by {player}."),
    "mi.wounded": N_("{agent} is wounded for {turns} turns."),
    "mi.escapes": N_("{agent} escapes."),
    "mi.ready": N_("{agent} is ready for missions again."),
    "mi.security_risk": N_("{agent} is a security risk for {turns} turns."),
    # refusals
    "mi.no.not_your_turn": N_("it is {active}'s turn, not {player}'s"),
    "mi.no.phase_over": N_("the {phase} phase is over (now: {now})"),
    "mi.no.enter_die": N_("enter the die (or ask the app to roll)"),
    "mi.no.die_range": N_("a die shows 1 to {sides}, not {face}"),
    "mi.no.game_over": N_("the game is over"),
    "mi.no.no_player": N_("there is no player {number}"),
    "mi.no.failure_first": N_("roll the {table} for {agent} first"),
    "mi.no.unknown_phase": N_("unknown phase '{value}'"),
    "mi.no.recruit_limit": N_("no more agents to recruit this turn ({card} recruits one more)"),
    "mi.no.attach_limit": N_("no more assets to attach this turn"),
    "mi.no.no_carrier": N_("none of your agents carries the equipment '{value}'"),
    "mi.no.captured_trades": N_("a captured agent trades nothing"),
    "mi.no.already_there": N_("the equipment is already there"),
    "mi.no.spy_roll": N_("no Spy roll now: a card was played in the Intercept phase, or the "
                         "roll is taken"),
    "mi.no.discard_any": N_("name a mission in play to discard"),
    "mi.no.discard_opponent": N_("name an opponent's mission in play to discard"),
    "mi.no.discard_first": N_("the {table} roll discards a mission: name it first"),
    "mi.no.mission_limit": N_("no more missions go into play this turn"),
    "mi.no.obstacles_where": N_("obstacles go onto an opponent's mission in play"),
    "mi.no.own_captured": N_("name one of your captured agents"),
    "mi.no.capture_once": N_("each captured agent rolls once per turn"),
    "mi.no.deck_already_empty": N_("the deck is already empty; this round is the last"),
    "mi.no.capture_first": N_("roll the {table} for {agent} first"),
    "mi.no.not_kind": N_("'{value}' is not {kinds}"),
    "mi.no.on_table": N_("{card} is already on the table"),
    "mi.no.not_your_agent": N_("'{value}' is not one of your agents in play"),
    "mi.no.is_captured": N_("{agent} is captured"),
    "mi.no.not_attached": N_("'{value}' is not attached to {agent}"),
    "mi.no.split_checks": N_("only partners (Partners or Team, pick_one) split a mission's "
                             "checks"),
    "mi.no.checks_remain": N_("{count} check(s) remain on this card"),
    "mi.no.adds_nothing": N_("{card} adds nothing to this card's checks"),
    "mi.no.agent_not_in_play": N_("'{value}' is not an agent in play"),
    "mi.no.mission_not_in_play": N_("'{value}' is not a mission in play"),
    "mi.no.no_attempt": N_("no attempt is under way"),
    "mi.no.retreat_early": N_("the agent may retreat only after overcoming an obstacle: go on "
                              "with the attempt"),
    "mi.no.no_failure_roll": N_("no failed check awaits a Mission Failure roll"),
    "mi.no.finish_attempt": N_("finish or end the attempt under way first"),
    "mi.no.no_mission_phase": N_("no Mission phase left this turn"),
    "mi.no.others_mission": N_("that mission is another player's (Co-opt Mission lets you try "
                               "it)"),
    "mi.no.unusable": N_("{agent} is wounded, a security risk or captured"),
    "mi.no.cannot_join": N_("another agent cannot join this attempt"),
    "mi.no.partners_limit": N_("at most {n} partners (play Partners or Team; the add_bonuses "
                               "option)"),
    "mi.no.partner_cannot": N_("'{value}' cannot join the attempt"),
    "mi.no.top_obstacle": N_("the top obstacle is {card}"),
    "mi.no.face_down_first": N_("{count} face-down obstacle(s) come first: name the one turned "
                                "up"),
    "mi.no.no_obstacle_left": N_("no obstacle is left: attempt the mission itself"),
    "mi.no.dice_each": N_("this card has {count} check(s): enter the dice for each (or ask the "
                          "app to roll)"),
    "mi.no.die_sides": N_("a die shows 1 to {sides}"),
    "mi.no.ended_at": N_("the attempt ended at check {n}"),
    "mi.no.check_count": N_("this card has {count} check(s)"),
    "mi.no.not_event": N_("'{value}' is not an event card"),
    "mi.no.play_with_check": N_("play {card} with the check it helps"),
    "mi.no.play_with_failure": N_("play {card} with the Mission Failure roll"),
    "mi.no.play_with_capture": N_("play {card} with the Capture roll"),
    "mi.no.play_with_roll": N_("play {card} with the roll it changes"),
    "mi.no.opponents_turn": N_("this card is played on an opponent's turn"),
    "mi.no.before_mission": N_("play it before the Mission phase"),
    "mi.no.name_opponent": N_("name an opponent"),
    "mi.no.name_mission": N_("name a mission in play"),
    "mi.no.name_agent": N_("name a targeted agent in play"),
    "mi.no.own_agent": N_("target one of your own agents"),
    "mi.no.enemy_agent": N_("target an opponent's agent"),
    "mi.no.undercover": N_("{agent} is undercover: no event card targets it"),
    "mi.no.name_equipment": N_("name equipment that agent carries"),
    "mi.no.receiver": N_("name one of your agents to receive it"),
    "mi.no.own_wounded": N_("name one of your wounded agents"),
    "mi.no.own_killed": N_("name one of your killed agents in the discard pile"),
    "mi.no.opponent_mission": N_("name an opponent's mission in play"),
    "mi.no.owed_roll": N_("the app rolls the {table} only when it is owed"),
    "mi.no.whose_turn": N_("play it on the player whose turn it is"),
    "mi.no.attempt_under_way": N_("an attempt is under way"),
    "mi.no.no_row": N_("table '{value}' has no row for {result}"),
    "mi.no.not_modifier": N_("'{value}' does not modify the {table}"),
    "mi.no.played_twice": N_("a card is played twice"),
    # a new game's setup
    "mi.no.player_count": N_("Mission Improbable needs {low} to {high} players; this setup has "
                             "{n}"),
    "mi.no.both_sides": N_("the game needs at least one good and one bad organisation "
                           "(opposite alignments with 2 players, MID-19)"),
    "mi.no.nemesis_other": N_("the nemesis must be another player"),
    "mi.no.nemesis_side": N_("{name} is {alignment}: the nemesis must be of the opposite "
                             "alignment"),
    "mi.no.turn_order": N_("the turn order must list every seat once"),
    "mi.no.no_end": N_("the game needs an end: keep the MP target, or let the empty deck end "
                       "the game (MID-01)"),
}

KINDS = {"player": SEAT, "active": SEAT, "owner": SEAT, "order": SEATS,
         "agent": "card", "asset": "card", "card": "card", "mission": "card", "lost": "card",
         "phase": "phase", "now": "phase", "table": "table", "row": "row", "kinds": TERM,
         "alignment": TERM, "name": NAME}
# the card kinds a refusal may name (TERM words the page translates)
KIND_WORDS = (N_("agent"), N_("mission"), N_("equipment"), N_("experience"), N_("connection"),
              N_("event"), N_("obstacle"), N_("location"))

CATALOGUE = Catalogue(TEMPLATES, KINDS)


def names(state: Any, lang: str = "en") -> Namer:
    """Names in `lang` for seats, cards ("id" or "id@good"), phases, tables and rows; `state`
    may be the game itself where no player is named (a table lookup)."""
    game = getattr(state, "game", state)
    players = [p.name for p in getattr(state, "players", [])]
    phases = {p.id: p.name for p in game.guide.phases}

    def pick(text: Any) -> str:
        return (lang == "ko" and getattr(text, "ko", None)) or getattr(text, "en", str(text))

    def name(kind: str, value: Any) -> str:
        try:
            if kind == SEAT:
                return players[value]
            if kind == "card":
                card_id, _, side = str(value).partition("@")
                found = game.card(card_id)
                return pick(found.name_for(side) if side and hasattr(found, "name_for")
                            else found.display_name)
            if kind == "phase":
                return pick(phases[value])
            if kind == "table":
                return pick(game.tables[value].name)
            if kind == "row":
                table, _, index = str(value).partition("/")
                return pick(game.tables[table].rows[int(index)].result)
        except (KeyError, IndexError, ValueError, TypeError):
            pass
        return str(value)
    return name


SPEAKER = Speaker(CATALOGUE, names)
english, refuse, log = SPEAKER.english, SPEAKER.refuse, SPEAKER.log


def row_ref(game: Any, table_id: str, row: Any) -> str:
    """A table row (as looked up) as a message parameter: "table/index"."""
    rows = list(game.tables[table_id].rows)
    return f"{table_id}/{next(i for i, r in enumerate(rows) if r.result == row.result)}"


def refuse_setup(game: Any, msg_id: str, field: str, **params: Any) -> NoReturn:
    """Refuse a new game's setup (no players seated yet: names come from the content)."""
    refuse(SimpleNamespace(game=game, players=[]), msg_id, field, **params)
