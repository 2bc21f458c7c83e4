"""Dice Mission's log lines and refusals as data: each id's English sentence, and how its
parameters are named (seats by the player's name, missions and gadgets by the content's
`en`/`ko` name, card types and phases as rules words the page translates)."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any, NoReturn

from ..messages import N_, SEAT, TERM, Catalogue, Namer, Speaker, content_namer

TEMPLATES = {
    # the log
    "dc.round": N_("Round {round}: {player} is the active agent."),
    "dc.rolls": N_("{player} rolls: {faces} ({rolls} roll)."),
    "dc.rolls_many": N_("{player} rolls: {faces} ({rolls} rolls)."),
    "dc.rolls_joker": N_("{player} rolls with the Joker die: {faces} ({rolls} roll)."),
    "dc.rolls_joker_many": N_("{player} rolls with the Joker die: {faces} ({rolls} rolls)."),
    "dc.rerolls": N_("{player} rerolls: {faces} (roll {rolls})."),
    "dc.everyone_rolls": N_("Everyone rolls {n} dice, at most {r} roll."),
    "dc.everyone_rolls_many": N_("Everyone rolls {n} dice, at most {r} rolls."),
    "dc.debriefing": N_("The token turns to {side}."),
    "dc.wins": N_("{player} has completed every mission and wins!"),
    "dc.complete": N_("{player} completes {mission} ({type})."),
    "dc.complete_suitcase": N_("{player} completes {mission} ({type}); suitcase: draw a "
                               "gadget."),
    "dc.complete_turned_up": N_("{player} completes {mission} ({type}); {new} is turned up."),
    "dc.complete_turned_up_suitcase": N_("{player} completes {mission} ({type}); {new} is "
                                         "turned up; suitcase: draw a gadget."),
    "dc.gadget_reshuffle": N_("The gadget discard pile is shuffled into a new deck."),
    "dc.draw_suitcase": N_("{player} draws a gadget (a suitcase reward)."),
    "dc.draw_failure": N_("{player} draws a gadget (the failure option)."),
    "dc.draw_suitcase_discard": N_("{player} draws a gadget (a suitcase reward) and discards "
                                   "{gadget}."),
    "dc.draw_failure_discard": N_("{player} draws a gadget (the failure option) and discards "
                                  "{gadget}."),
    "dc.exchange_hand": N_("{player} exchanges a {type} card from their hand."),
    "dc.exchange_special": N_("{player} exchanges the {type} {mission} for {new}."),
    # a gadget played: "{player} plays {gadget}: " and what it did
    "dc.gadget.set_dice_count": N_("{player} plays {gadget}: players still to roll roll {n} "
                                   "dice."),
    "dc.gadget.force_reroll": N_("{player} plays {gadget}: {target} rerolls, now {faces}."),
    "dc.gadget.extra_roll": N_("{player} plays {gadget}: one more roll, now {faces}."),
    "dc.gadget.lock_player": N_("{player} plays {gadget}: {target}'s dice are locked until the "
                                "round ends."),
    "dc.gadget.exchange_hand": N_("{player} plays {gadget}: {player} exchanges a {type} card "
                                  "from their hand."),
    "dc.gadget.exchange_special": N_("{player} plays {gadget}: {player} exchanges the {type} "
                                     "{mission} for {new}."),
    "dc.gadget.steal_die": N_("{player} plays {gadget}: takes a {face} from {target}."),
    "dc.gadget.delete_die": N_("{player} plays {gadget}: {target}'s {face} leaves the table."),
    "dc.gadget.change_face": N_("{player} plays {gadget}: {target}'s {old} turns to {face}."),
    "dc.gadget.swap_dice": N_("{player} plays {gadget}: {target}'s {face} and {other}'s "
                              "{other_face} swap."),
    "dc.gadget.give_die": N_("{player} plays {gadget}: gives a {face} to {target}."),
    # refusals
    "dc.no.agent_dice": N_("the active agent rolls {low} to {high} dice"),
    "dc.no.agent_first": N_("the active agent rolls first"),
    "dc.no.everyone_rolls": N_("this round everyone rolls {n} dice"),
    "dc.no.game_over": N_("the game is over: {player} has won"),
    "dc.no.no_player": N_("there is no player {number}"),
    "dc.no.dice_entered": N_("{player}'s dice are entered; reroll, or undo to correct them"),
    "dc.no.joker_variant": N_("the Joker die variant is not in play"),
    "dc.no.joker_used": N_("{player} has already used the Joker die"),
    "dc.no.enter_faces": N_("enter the faces (or ask the app to roll)"),
    "dc.no.joker_max": N_("with the Joker die a roll holds at most {n} dice"),
    "dc.no.dice_number": N_("{player} rolls {count} dice, not {given}"),
    "dc.no.most_rolls": N_("at most {n} rolls"),
    "dc.no.rolls_made": N_("{player} has made {rolls} of {limit} rolls"),
    "dc.no.completed": N_("'{mission}' is already completed"),
    "dc.no.took_failure": N_("{player} took the failure option this turn"),
    "dc.no.type_this_turn": N_("{player} has completed a {type} card this turn"),
    "dc.no.not_face_up": N_("'{mission}' is not a face-up {type}"),
    "dc.no.none_left": N_("{player} has no {type} card left to complete"),
    "dc.no.special_done": N_("{player} has completed a {type} already"),
    "dc.no.only_special_refilled": N_("only a {type} is refilled"),
    "dc.no.not_met": N_("the dice on the table do not meet '{mission}'"),
    "dc.no.no_gadget_left": N_("no gadget left to draw"),
    "dc.no.discard_only_past": N_("discard only on drawing past {n} gadgets"),
    "dc.no.name_discard": N_("{player} already holds {n} gadgets: name the one discarded"),
    "dc.no.completed_no_failure": N_("{player} completed a mission this turn: no failure "
                                     "option"),
    "dc.no.failure_used": N_("{player} has used the failure option this turn"),
    "dc.no.unknown_gadget": N_("unknown gadget '{value}'"),
    "dc.no.all_discarded": N_("all {n} {gadget} cards are already in the discard pile"),
    "dc.no.no_playable": N_("{player} holds no gadget playable this round"),
    "dc.no.no_playable_drawn": N_("{player} holds no gadget playable this round (gadgets drawn "
                                  "this round wait for the next)"),
    "dc.no.effect_mismatch": N_("the content's '{value}' does '{effect}', not what this event "
                                "records"),
    "dc.no.choose_opponent": N_("choose an opponent"),
    "dc.no.dice_count_range": N_("the dice count is {low} to {high}"),
    "dc.no.dice_count_same": N_("this round's dice count is already {n}"),
    "dc.no.already_shows": N_("that die already shows {face}"),
    "dc.no.swap_two": N_("a swap is between two players"),
    "dc.no.wrong_phase": N_("this is the {side} phase, not the {wanted} phase"),
    "dc.no.not_your_turn": N_("it is {active}'s turn, not {player}'s"),
    "dc.no.unknown_mission": N_("unknown mission card '{value}'"),
    "dc.no.not_rolled": N_("{player} has not rolled this round"),
    "dc.no.no_such_die": N_("{player} has {n} dice; there is no die {index}"),
    "dc.no.locked": N_("{player}'s dice are under {gadget} this round"),
    "dc.no.die_twice": N_("die {index} is named twice"),
    "dc.no.enter_new_faces": N_("enter the new faces (or ask the app to roll)"),
    "dc.no.faces_number": N_("{n} dice rerolled, {given} faces given"),
    "dc.no.never_refilled": N_("Very Special Missions: the display is never refilled"),
    "dc.no.not_in_deck": N_("'{mission}' is not in the {type} deck"),
    "dc.no.hand_secret": N_("a card in hand stays secret: give only its type"),
    "dc.no.holds_no_type": N_("{player} holds no {type} card"),
    "dc.no.specials_kept": N_("Very Special Missions: the SPECIALs cannot be exchanged"),
    "dc.no.deck_empty": N_("the {type} deck is empty"),
    "dc.no.choose_kept": N_("draw {n} {type} cards and choose the one you keep"),
    # a new game's setup
    "dc.no.player_count": N_("Dice Mission needs {low} to {high} players; this setup has {n}"),
    "dc.no.unknown_colour": N_("unknown colour '{value}' (one of {colours})"),
    "dc.no.colour_taken": N_("{colour} is already taken"),
    "dc.no.no_seat": N_("there is no seat {number}"),
    "dc.no.joker_players": N_("the Joker die needs {low} to {high} players"),
}

KINDS = {"player": SEAT, "active": SEAT, "target": SEAT, "other": SEAT,
         "mission": "mission", "new": "mission", "gadget": "gadget",
         "type": TERM, "side": TERM, "wanted": TERM, "colour": "colour", "colours": "colour"}

CATALOGUE = Catalogue(TEMPLATES, KINDS)


def names(state: Any, lang: str = "en") -> Namer:
    """Names in `lang` for this game's seats and content ids."""
    game = state.game
    tables = {"mission": game.mission_by_id, "gadget": game.gadget_by_id,
              "colour": {c.id: c for c in game.colours}}
    return content_namer(tables, [p.name for p in state.players], lang)


SPEAKER = Speaker(CATALOGUE, names)
english, refuse, log = SPEAKER.english, SPEAKER.refuse, SPEAKER.log


def faces(dice: list[int] | None) -> str:
    """Faces as the log shows them ("1 2 6"); "-" for none."""
    return " ".join(str(f) for f in dice or []) or "-"


def word(card_type: str) -> str:
    """A card type or token side as the rules word ("solo" -> "SOLO")."""
    return card_type.upper()


def refuse_setup(game: Any, msg_id: str, field: str, **params: Any) -> NoReturn:
    """Refuse a new game's setup (no players seated yet: names come from the content)."""
    refuse(SimpleNamespace(game=game, players=[]), msg_id, field, **params)
