"""Double Mission's log lines and refusals as data: each id's English sentence, and how its
parameters are named (seats by the player's name, ids by the content's `en`/`ko` name)."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any, NoReturn

from ..messages import N_, SEAT, SEATS, Catalogue, Namer, Speaker, content_namer

TEMPLATES = {
    # the log
    "dm.play": N_("{player} plays {card}."),
    "dm.play_free": N_("{player} plays {card} (free)."),
    "dm.hacking_copies": N_("{card} copies {copied}."),
    "dm.take_millions": N_("{player} takes {millions} Millions."),
    "dm.move": N_("{player}: move."),
    "dm.draw_plan": N_("{player}: draw plan."),
    "dm.buy_die": N_("{player} buys a die ({dice} now)."),
    "dm.declare_inversion": N_("{player} declares an inversion for the next operation."),
    "dm.sell": N_("{player} sells {count} {treasure} for {points}; the value drops to "
                  "{value}."),
    "dm.claim_title": N_("{player} claims a title (face down)."),
    "dm.take_investigation": N_("{player} takes an investigation token."),
    "dm.end_turn": N_("{player} ends the turn."),
    "dm.extra_turn": N_("{player} ({character} B) takes an extra turn."),
    "dm.play_over": N_("Play is over: record missions to see the final tally."),
    "dm.tally": N_("Final tally revealed."),
    "dm.rob": N_("{player} robs {city}: {treasure}; {player} +{points}."),
    "dm.rob_together": N_("{player} robs {city}: {treasure}; {player} +{points}, "
                          "{helper} +{helper_points}."),
    "dm.alarm": N_("The alarm sounds in {city}: {player} takes an investigation token."),
    "dm.alarm_together": N_("The alarm sounds in {city}: {player} and {helper} each take an "
                            "investigation token."),
    "dm.last_round": N_("The round marker reaches 0: this is the last round."),
    "dm.points_double": N_("{player}'s operation points double."),
    "dm.die_to_success": N_("{player} turns a failed die into a success."),
    "dm.disrupted_active": N_("{card} voids the success: the active player rolls again."),
    "dm.disrupted_helper": N_("{card} voids the success: the helper rolls again."),
    "dm.disrupted_both": N_("{card} voids the success: the active player and the helper "
                            "roll again."),
    "dm.cancelled": N_("{player}'s {card} is cancelled."),
    "dm.reshuffle": N_("The discard pile is shuffled into a new plan deck."),
    "dm.exchange": N_("{player} and {partner} exchange treasures and Millions."),
    # refusals
    "dm.no.game_over": N_("the game is over; only final scoring remains"),
    "dm.no.no_player": N_("there is no player {number}"),
    "dm.no.sold_turn_ends": N_("{player} has sold: the turn ends now (only end_turn is left)"),
    "dm.no.titled_turn_ends": N_("{player} has claimed a title: the turn ends now (only "
                                 "end_turn is left)"),
    "dm.no.not_your_turn": N_("it is {active}'s turn, not {player}'s"),
    "dm.no.no_actions": N_("no actions left this turn"),
    "dm.no.most_dice": N_("{player} already owns {dice} dice, the most there are"),
    "dm.no.die_cost": N_("a die costs {price} Millions; {player} has {millions}"),
    "dm.no.operation_used": N_("the operation for this turn is used"),
    "dm.no.robbed": N_("{city} has already been robbed"),
    "dm.no.too_few_dice": N_("{player} owns {dice} dice; this operation needs {need}"),
    "dm.no.helper_other": N_("the helper must be another player"),
    "dm.no.single_die_coop": N_("{card} cannot be used in a cooperation"),
    "dm.no.helper_dice": N_("{player} owns {dice} dice; helping needs {need}"),
    "dm.no.enter_dice": N_("enter the dice results (or ask the app to roll)"),
    "dm.no.too_many_successes": N_("{successes} successes from {dice} dice"),
    "dm.no.helper_rolls": N_("the helper rolls {dice} dice"),
    "dm.no.king_b_inverts": N_("only {character} side B can invert a roll"),
    "dm.no.inversion_declared": N_("the inversion is already declared"),
    "dm.no.unknown_treasure": N_("unknown treasure '{value}'"),
    "dm.no.holds_none": N_("{player} holds no {treasure}"),
    "dm.no.one_sale": N_("one sale per turn"),
    "dm.no.sale_or_title": N_("a turn ends with a sale or a title, not both"),
    "dm.no.not_on_offer": N_("'{title}' is not on offer"),
    "dm.no.one_title": N_("one title per turn"),
    "dm.no.title_before_sale": N_("claim the title before the sale"),
    "dm.no.imitation_first": N_("play {card} first"),
    "dm.no.condition": N_("{player} does not meet the condition of '{title}'"),
    "dm.no.not_over": N_("final scoring starts when play is over"),
    "dm.no.tally_revealed": N_("the final tally is already revealed; undo it to score again"),
    "dm.no.close_watch_three": N_("{mission} reveals 3 different titles"),
    "dm.no.close_watch_unused": N_("'{title}' was laid out this game (or is unknown): "
                                   "{mission} reveals unused titles"),
    "dm.no.mission_lists": N_("one mission list per player"),
    "dm.no.unknown_card": N_("unknown plan card '{value}'"),
    "dm.no.card_cost": N_("{card} costs {cost} Millions; {player} has {millions}"),
    "dm.no.security_card": N_("one security card per operation (D13)"),
    "dm.no.other_player": N_("choose another player"),
    "dm.no.no_such_treasure": N_("{player} holds no such treasure"),
    "dm.no.nothing_to_give": N_("{player} holds no such treasure to give"),
    "dm.no.sold_pile": N_("the sold pile has no such treasure"),
    "dm.no.lowest_security": N_("pick a city with a treasure at the lowest security ({level})"),
    "dm.no.discard_empty": N_("the discard pile is empty: there is nothing to copy"),
    "dm.no.hacking_hacking": N_("{card} cannot copy {card}"),
    "dm.no.after_success": N_("{card} is played right after a successful operation"),
    "dm.no.after_failure": N_("{card} is played right after your failed operation"),
    "dm.no.after_coop": N_("{card} is played right after a successful cooperation"),
    "dm.no.after_operation": N_("{card} is played right after an operation"),
    "dm.no.own_failure": N_("{card} answers your own failed operation"),
    "dm.no.no_failed_die": N_("none of your dice failed"),
    "dm.no.answers_success": N_("{card} answers a successful operation"),
    "dm.no.enter_new_dice": N_("enter the new dice results (or ask the app to roll)"),
    "dm.no.only_winners_reroll": N_("only whoever succeeded rolls again"),
    "dm.no.answers_coop": N_("{card} answers a successful cooperation"),
    "dm.no.only_helper": N_("only the helper, on someone else's turn, can double-cross"),
    "dm.no.takes_just_won": N_("{card} takes the {treasure} just won"),
    "dm.no.no_longer_holds": N_("{player} no longer holds it"),
    "dm.no.threaten_other": N_("{card} cancels a card another player has just played"),
    "dm.no.bag_empty": N_("the bag is empty: take from a player with the most tokens "
                          "({players})"),
    "dm.no.bag_tie": N_("the bag is empty and {players} tie for the most tokens: say whom "
                        "{player} takes one from"),
    "dm.no.unknown_city": N_("unknown city '{value}'"),
    "dm.no.team_only": N_("exchanges are part of the team variant"),
    "dm.no.teammate_only": N_("{player} exchanges only with a teammate"),
    "dm.no.either_turn": N_("teammates exchange on either one's turn"),
    "dm.no.holds_count": N_("{player} holds {count} {treasure}"),
    "dm.no.has_millions": N_("{player} has {millions} Millions"),
    # a new game's setup
    "dm.no.player_count": N_("Double Mission needs {low} to {high} players; this setup has {n}"),
    "dm.no.unknown_character": N_("unknown character '{value}'"),
    "dm.no.character_taken": N_("{character} is already taken"),
    "dm.no.team_count": N_("the team variant needs 4 players, two in team A and two in B"),
    "dm.no.team_seating": N_("teammates may not sit next to each other: seat the teams A, B, A, "
                             "B (KO 294-295)"),
    "dm.no.placement": N_("placement must give every city one treasure, 4 of each type"),
    "dm.no.titles": N_("titles must be {n} different title ids"),
    # the card-count warning, and the tally's notes
    "dm.warn.copies": N_("{card} played {times} times since the last reshuffle, but the deck "
                         "holds {copies}: check the cards or record the reshuffle."),
    "dm.note.jack_b": N_("{player} ({character} B) took {treasures} from the sold pile."),
    "dm.note.close_watch": N_("{player} ({mission}) gained {titles}."),
    "dm.note.comeback": N_("{player} ({mission}) was ranked {rank} after evidence: +{points}."),
    "dm.note.tie_same": N_("{players} tie on {points} points and {millions} Millions: they "
                           "share rank {rank}."),
    "dm.note.tie_millions": N_("{players} tie on {points} points; more Millions ranks higher, "
                               "in this order: {order}."),
}

KINDS = {"player": SEAT, "active": SEAT, "helper": SEAT, "partner": SEAT, "players": SEATS,
         "order": SEATS,
         "card": "card", "copied": "card", "city": "city", "treasure": "treasure",
         "treasures": "treasure", "title": "title", "titles": "title",
         "character": "character", "mission": "mission"}

CATALOGUE = Catalogue(TEMPLATES, KINDS)


def names(state: Any, lang: str = "en") -> Namer:
    """Names in `lang` for this game's seats and content ids."""
    return game_namer(state.game, [p.name for p in state.players], lang)


def game_namer(game: Any, players: list[str], lang: str = "en") -> Namer:
    tables = {"card": game.plan_card_by_id, "city": game.city_by_id,
              "treasure": game.treasure_by_id, "title": game.title_by_id,
              "character": game.character_by_id, "mission": game.mission_by_id}
    return content_namer(tables, players, lang)


SPEAKER = Speaker(CATALOGUE, names)
english, refuse, log = SPEAKER.english, SPEAKER.refuse, SPEAKER.log


def refuse_setup(game: Any, msg_id: str, field: str, **params: Any) -> NoReturn:
    """Refuse a new game's setup (no players seated yet: names come from the content)."""
    refuse(SimpleNamespace(game=game, players=[]), msg_id, field, **params)
