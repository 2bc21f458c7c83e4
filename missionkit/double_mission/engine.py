"""The rules engine: apply one validated event to a state, or refuse it and change nothing.

State is a fold over the event log (`replay`); undo is a replay without the last event.
Pure Python: no web, no database. Moves and plan-card hands are physical and not tracked.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable
from typing import Any

from pydantic import ValidationError

from missionkit.draws import stream

from ..content.errors import field_path
from ..game import Handlers, IllegalEvent
from . import cards, table
from .events import (
    EVENT,
    Action,
    BuyDie,
    ClaimTitle,
    DeclareInversion,
    EndTurn,
    Operation,
    PlayCard,
    Reshuffle,
    Score,
    Sell,
    TakeInvestigation,
    TakeMillions,
    TeamExchange,
)
from .messages import log, refuse
from .model import DoubleMission
from .operation import dice_for, draw_token, require_tie_choices, resolve
from .rules import title_met
from .snapshot import Snapshot, TallyError
from .state import OpRecord, Recent, State, Turn, new_state
from .tally import tally


def parse_event(raw: Any, *, strict: bool = False) -> Any:
    """Validate an event's shape; IllegalEvent names the first bad field.

    A new event is read strictly (`"player": "1"`, `false` or `0.0` are not a seat), so the
    log stores only exact values; a stored log is replayed as it was accepted."""
    try:
        return EVENT.validate_python(raw, strict=strict)
    except ValidationError as exc:
        err = exc.errors()[0]
        loc = err["loc"][1:]  # a tagged union puts the event's type first: drop it
        return _raise(err["msg"], field_path(("event", *loc)))


def _raise(message: str, field: str = "event") -> Any:
    """A refusal with no message id: the shape checks' own words (pydantic's)."""
    raise IllegalEvent(message, field)


def replay(setup: Any, events: Iterable[Any], game: DoubleMission) -> State:
    """The state after `events` (raw dicts or parsed), starting from `setup`."""
    state = new_state(setup, game)
    for raw in events:
        apply(state, raw if not isinstance(raw, dict) else parse_event(raw))
    return state


def try_apply(state: State, raw: dict) -> State:
    """Apply a raw event to a copy of `state`; the original is untouched on refusal."""
    event = parse_event(raw, strict=True)
    trial = state.clone()
    trial.asking = True
    apply(trial, event)
    trial.asking = False
    return trial


def resolve_rolls(state: State, raw: dict, rng: random.Random) -> dict:
    """Turn an operation's `roll: true` into success counts, so the stored event is exact."""
    if not isinstance(raw, dict) or not raw.get("roll"):
        return raw
    if raw.get("type") == "play_card":
        return cards.resolve_reroll(state, raw, rng)
    if raw.get("type") != "operation":
        return raw
    event = parse_event(raw)
    need, helper_need = operation_dice(state, event)
    p = state.game.game.dice.success_chance
    out = {k: v for k, v in raw.items() if k != "roll"}
    out["active_successes"] = sum(rng.random() < p for _ in range(need))
    if event.helper is not None:
        out["helper_successes"] = sum(rng.random() < p for _ in range(helper_need))
    return out


HANDLERS = Handlers()
handles = HANDLERS.on


def apply(state: State, event: Any) -> None:
    """Apply a parsed event in place; raise IllegalEvent (state unspecified) if refused."""
    if isinstance(event, Score):
        return _score(state, event)
    if state.status == "finished":
        refuse(state, "dm.no.game_over")
    if not 0 <= event.player < len(state.players):
        refuse(state, "dm.no.no_player", "event.player", number=event.player)
    _turn_closing(state, event)
    if not isinstance(event, PlayCard):
        state.recent = None  # a reaction must come right after what it answers
    HANDLERS[type(event)](state, event)


def _turn_closing(state: State, event: Any) -> None:
    """After the sale or the title only the end of the turn is left (EN: sell only at the end
    of your turn; KO 203-204), apart from any-time cards played by others."""
    turn = state.turn
    if not (turn.sold or turn.titled) or isinstance(
            event, EndTurn | Sell | ClaimTitle | TakeInvestigation | Reshuffle):
        return
    if isinstance(event, PlayCard) and event.player != turn.player:
        card = state.game.plan_card_by_id.get(event.card)
        if card is None or card.timing == "any_time":
            return
    refuse(state, "dm.no.sold_turn_ends" if turn.sold else "dm.no.titled_turn_ends",
           player=turn.player)


def _own_turn(state: State, event: Any) -> None:
    if event.player != state.turn.player:
        refuse(state, "dm.no.not_your_turn", "event.player", active=state.turn.player,
               player=event.player)


def _use_action(state: State, event: Any) -> None:
    _own_turn(state, event)
    if state.turn.actions_left <= 0:
        refuse(state, "dm.no.no_actions")
    state.turn.actions_left -= 1


@handles(TakeMillions)
def _take_millions(state: State, event: TakeMillions) -> None:
    _use_action(state, event)
    state.active.millions += state.game.game.millions.per_action
    log(state, "dm.take_millions", player=state.turn.player,
        millions=state.game.game.millions.per_action)


@handles(Action)
def _action(state: State, event: Action) -> None:
    _use_action(state, event)
    log(state, f"dm.{event.kind}", player=state.turn.player)


@handles(BuyDie)
def _buy_die(state: State, event: BuyDie) -> None:
    _own_turn(state, event)
    dice, p = state.game.game.dice, state.active
    if p.dice >= dice.max:
        refuse(state, "dm.no.most_dice", player=event.player, dice=dice.max)
    if p.millions < dice.price:
        refuse(state, "dm.no.die_cost", price=dice.price, player=event.player,
               millions=p.millions)
    p.millions -= dice.price
    p.dice += 1
    log(state, "dm.buy_die", player=event.player, dice=p.dice)


def operation_dice(state: State, event: Operation) -> tuple[int, int]:
    """Dice the active player and a helper roll: the effective level (floor 1), or 1 die."""
    return dice_for(state, event.player, event.city)


@handles(Operation)
def _operation(state: State, event: Operation) -> None:
    _own_turn(state, event)
    if state.turn.operations_left <= 0:
        refuse(state, "dm.no.operation_used")
    if state.cities.get(event.city, "") is None:
        refuse(state, "dm.no.robbed", "event.city", city=event.city)
    need, helper_need = operation_dice(state, event)
    active, helper = state.active, None
    if active.dice < need:
        refuse(state, "dm.no.too_few_dice", player=event.player, dice=active.dice, need=need)
    if event.helper is not None:
        if event.helper == event.player or event.helper >= len(state.players):
            refuse(state, "dm.no.helper_other", "event.helper")
        if state.turn.single_die:
            refuse(state, "dm.no.single_die_coop", "event.helper", card="without_anyone_knowing")
        helper = state.players[event.helper]
        if helper.dice < helper_need:
            refuse(state, "dm.no.helper_dice", "event.helper", player=event.helper,
                   dice=helper.dice, need=helper_need)
    if event.roll or event.active_successes is None:
        refuse(state, "dm.no.enter_dice", "event.active_successes")
    if event.active_successes > need:
        refuse(state, "dm.no.too_many_successes", "event.active_successes",
               successes=event.active_successes, dice=need)
    if helper is not None and (event.helper_successes is None
                               or event.helper_successes > helper_need):
        refuse(state, "dm.no.helper_rolls", "event.helper_successes", dice=helper_need)
    if event.invert and not state.ability(event.player, "king", "B"):
        refuse(state, "dm.no.king_b_inverts", "event.invert", character="king")
    require_tie_choices(state, event.player, event.token_from, event.helper,
                        event.helper_token_from)
    turn = state.turn
    rec = OpRecord(
        player=event.player, helper=event.helper, city=event.city,
        treasure=state.cities[event.city], level=state.game.city_by_id[event.city].security,
        need=need, helper_need=helper_need, active_successes=event.active_successes,
        helper_successes=event.helper_successes if helper is not None else None,
        invert=event.invert or turn.invert, single_die=turn.single_die,
        multiplier=2 ** turn.perfect_job, token_from=event.token_from,
        helper_token_from=event.helper_token_from)
    state.recent = Recent(op=resolve(state, rec))
    turn.operations_left -= 1
    turn.security_card = turn.perfect_job = 0
    turn.single_die = turn.invert = False


@handles(DeclareInversion)
def _declare_inversion(state: State, event: DeclareInversion) -> None:
    _own_turn(state, event)
    if not state.ability(event.player, "king", "B"):
        refuse(state, "dm.no.king_b_inverts", "event.player", character="king")
    if state.turn.operations_left <= 0:
        refuse(state, "dm.no.operation_used")
    if state.turn.invert:
        refuse(state, "dm.no.inversion_declared")
    state.turn.invert = True
    log(state, "dm.declare_inversion", player=state.turn.player)


@handles(Sell)
def _sell(state: State, event: Sell) -> None:
    _own_turn(state, event)
    p, turn = state.active, state.turn
    count = p.treasures.get(event.treasure, 0)
    if event.treasure not in state.values:
        refuse(state, "dm.no.unknown_treasure", "event.treasure", value=event.treasure)
    if count == 0:
        refuse(state, "dm.no.holds_none", "event.treasure", player=event.player,
               treasure=event.treasure)
    if turn.sold:
        refuse(state, "dm.no.one_sale")
    if turn.titled and not state.setup.options.sale_and_title:
        refuse(state, "dm.no.sale_or_title")
    value = state.values[event.treasure]
    each = 7 if state.ability(event.player, "queen", "A") else value
    p.score += each * count
    spaces = state.game.game.value_track.spaces
    state.values[event.treasure] = spaces[min(spaces.index(value) + count, len(spaces) - 1)]
    p.treasures[event.treasure] = 0
    state.sold[event.treasure] += count
    turn.sold = True
    log(state, "dm.sell", player=event.player, count=count, treasure=event.treasure,
        points=each * count, value=state.values[event.treasure])


def eligible_titles(state: State, seat: int, imitations: int = 0) -> list[str]:
    """Titles on offer that player `seat` could claim now."""
    p = state.players[seat]
    levels = state.turn.robbed_levels if seat == state.turn.player else []
    return [t for t in state.offer if title_met(
        state.game.title_by_id[t], treasures=p.treasures, dice=p.dice, titles_owned=len(p.titles),
        track=p.score, robbed_levels=levels, imitations=imitations)]


@handles(ClaimTitle)
def _claim_title(state: State, event: ClaimTitle) -> None:
    _own_turn(state, event)
    turn, p = state.turn, state.active
    if event.title not in state.offer:
        refuse(state, "dm.no.not_on_offer", "event.title", title=event.title)
    if turn.titled:
        refuse(state, "dm.no.one_title")
    if turn.sold:
        refuse(state, "dm.no.title_before_sale" if state.setup.options.sale_and_title
               else "dm.no.sale_or_title")
    if event.imitations > turn.imitations:
        refuse(state, "dm.no.imitation_first", "event.imitations", card="making_an_imitation")
    if event.title not in eligible_titles(state, event.player, event.imitations):
        refuse(state, "dm.no.condition", "event.title", player=event.player, title=event.title)
    state.offer.remove(event.title)
    p.titles.append(event.title)
    turn.titled = True
    log(state, "dm.claim_title", player=event.player)


@handles(TakeInvestigation)
def _take_investigation(state: State, event: TakeInvestigation) -> None:
    draw_token(state, event.player, event.token_from)
    log(state, "dm.take_investigation", player=event.player)


@handles(PlayCard)
def _play_card(state: State, event: PlayCard) -> None:
    cards.play(state, event, _own_turn)


@handles(Reshuffle)
def _reshuffle(state: State, event: Reshuffle) -> None:
    table.reshuffle(state)


@handles(TeamExchange)
def _team_exchange(state: State, event: TeamExchange) -> None:
    table.team_exchange(state, event)


@handles(EndTurn)
def _end_turn(state: State, event: EndTurn) -> None:
    _own_turn(state, event)
    n = len(state.players)
    ending, last_seat = state.turn, event.player == n - 1
    log(state, "dm.end_turn", player=state.turn.player)
    board_empty = all(t is None for t in state.cities.values())
    if ending.extra or board_empty:
        return _finish(state)
    if state.status == "final_round" and last_seat:
        joker_b = next((i for i in range(n) if state.ability(i, "joker", "B")), None)
        if joker_b is not None:
            state.turn = _fresh_turn(state, joker_b, extra=True)
            log(state, "dm.extra_turn", player=joker_b, character="joker")
            return None
        return _finish(state)
    state.turn = _fresh_turn(state, (event.player + 1) % n)
    return None


def _fresh_turn(state: State, seat: int, *, extra: bool = False) -> Turn:
    t = state.game.game.turn
    return Turn(player=seat, actions_left=t.actions, operations_left=t.operations, extra=extra)


def _finish(state: State) -> None:
    state.status = "finished"
    log(state, "dm.play_over")


def _score(state: State, event: Score) -> None:
    if state.status != "finished":
        refuse(state, "dm.no.not_over")
    if state.result is not None:
        refuse(state, "dm.no.tally_revealed", "event.type")
    try:
        state.result = tally(snapshot(state, event), state.game)
    except TallyError as exc:  # the table's scoring inputs contradict the game
        _raise(exc.message, _score_field(exc.field))
    log(state, "dm.tally")


def _score_field(field: str) -> str:
    """The score event's field behind a snapshot field the tally refused
    (`players[1].missions` is the second player's missions: `event.missions[1]`)."""
    match = re.fullmatch(r"players\[(\d+)\]\.(missions|gamble_successes|jack_b_take)(.*)",
                         field)
    if match is None:
        return "event.missions" if field.startswith("close_watch") else "event"
    seat, name, _ = match.groups()
    return {"missions": f"event.missions[{seat}]", "gamble_successes":
            f"event.gamble_successes.{seat}", "jack_b_take": "event.jack_b_take"}[name]


def _close_watch_reveal(state: State, event: Score) -> list[str] | None:
    """The 3 unused titles Close Watch reveals: as entered at the table, or drawn (D31)."""
    unused = [t.id for t in state.game.titles if t.id not in state.laid_out]
    if event.close_watch_reveal is None:
        rng = stream(state.setup.seed, "close-watch")
        return rng.sample(unused, 3) if len(unused) >= 3 else None
    if len(set(event.close_watch_reveal)) != 3:
        refuse(state, "dm.no.close_watch_three", "event.close_watch_reveal",
               mission="close_watch")
    for i, title in enumerate(event.close_watch_reveal):
        if title not in unused:
            refuse(state, "dm.no.close_watch_unused", f"event.close_watch_reveal[{i}]",
                   title=title, mission="close_watch")
    return list(event.close_watch_reveal)


def snapshot(state: State, event: Score) -> Snapshot:
    """The end-game snapshot of a finished game plus the table's scoring inputs."""
    if len(event.missions) != len(state.players):
        refuse(state, "dm.no.mission_lists", "event.missions")
    reveal = _close_watch_reveal(state, event)
    jack_b = next((i for i, p in enumerate(state.players) if p.has("jack", "B")), None)
    players = []
    for i, p in enumerate(state.players):
        players.append({
            "name": p.name, "character": p.character, "side": p.side, "track": p.score,
            "millions": p.millions, "dice": p.dice, "treasures": dict(p.treasures),
            "titles": list(p.titles), "missions": event.missions[i],
            "evidence": list(p.evidence),
            "gamble_successes": event.gamble_successes.get(str(i)),
            "jack_b_take": event.jack_b_take if i == jack_b and state.setup.options.abilities
            else None,
            "team": p.team if state.setup.options.team_mode else None,
        })
    remaining: dict[str, int] = {t.id: 0 for t in state.game.treasures}
    for t in state.cities.values():
        if t is not None:
            remaining[t] += 1
    data = {"game": "double-mission", "team_mode": state.setup.options.team_mode,
            "players": players, "board": {"remaining": remaining,
                                          "robbed_cities": state.robbed()},
            "values": dict(state.values), "sold": dict(state.sold),
            "close_watch_reveal": reveal if any("close_watch" in m for m in event.missions)
            else None}
    try:
        return Snapshot.model_validate(data)
    except ValidationError as exc:
        err = exc.errors()[0]
        return _raise(err["msg"], field_path(("event", *err["loc"])))
