"""Operations: the dice they need, how they resolve, and how a card right after undoes one.

A resolved operation leaves an `OpRecord` of everything it changed (points, treasure, tokens,
round marker), so Enforcement and Security Disruption can revert it exactly and resolve it
again on new dice, and Perfect Job or Double-Cross can build on it.
"""

from __future__ import annotations

from dataclasses import replace

from .messages import log, refuse
from .state import OpRecord, State

BAG = -1  # the source of a token drawn from the bag


def dice_for(state: State, player: int, city_id: str) -> tuple[int, int]:
    """Dice the active player and a helper roll: the effective level (floor 1), or 1 die."""
    city = state.game.city_by_id.get(city_id)
    if city is None:
        refuse(state, "dm.no.unknown_city", "event.city", value=city_id)
    level = effective_level(state, city.security, security_cut(state, player))
    return (1 if state.turn.single_die else level), level


def security_cut(state: State, player: int) -> int:
    """How much this turn's security card and Joker A (D14) lower every city's level."""
    return state.turn.security_card + (1 if state.ability(player, "joker", "A") else 0)


def effective_level(state: State, printed: int, cut: int) -> int:
    return max(state.game.game.security.floor, printed - cut)


def succeeded(rec: OpRecord) -> tuple[bool, bool]:
    """(the active roll succeeded, the helper's roll succeeded); King B's may be inverted."""
    active = (rec.active_successes < rec.need) if rec.invert else (
        rec.active_successes == rec.need)
    helper = rec.helper is not None and rec.helper_successes == rec.helper_need
    return active, helper


def _rollers(rec: OpRecord) -> list[tuple[int, int]]:
    out = [(rec.player, rec.active_successes)]
    if rec.helper is not None:
        out.append((rec.helper, rec.helper_successes or 0))
    return out


def _points(state: State, rec: OpRecord, seat: int, successes: int) -> int:
    """Operation points of one roller in a success. Without Anyone Knowing scores none, and
    Jack A's +1 comes only with operation points (KO 354-355, 529; D16)."""
    if rec.single_die and seat == rec.player:
        return 0
    points = successes + (1 if state.ability(seat, "jack", "A") else 0)
    return points * rec.multiplier if seat == rec.player else points


def resolve(state: State, rec: OpRecord) -> OpRecord:
    """Apply the operation's outcome; return the record with what it changed."""
    active_ok, helper_ok = succeeded(rec)
    city = state.game.city_by_id[rec.city]
    if active_ok or helper_ok:
        before = state.status
        state.cities[rec.city] = None
        state.players[rec.player].treasures[rec.treasure] += 1
        state.turn.robbed_levels.append(rec.level)
        points = tuple((s, _points(state, rec, s, n)) for s, n in _rollers(rec))
        for seat, n in points:
            state.players[seat].score += n
        scored = dict(points)
        if rec.helper is None:
            log(state, "dm.rob", player=rec.player, city=city.id, treasure=rec.treasure,
                points=scored[rec.player])
        else:
            log(state, "dm.rob_together", player=rec.player, city=city.id,
                treasure=rec.treasure, points=scored[rec.player], helper=rec.helper,
                helper_points=scored[rec.helper])
        robbed_one(state)
        return replace(rec, success=True, holder=rec.player, points=points, tokens=(),
                       status_before=before)
    points, tokens = [], []
    for seat, successes in _rollers(rec):
        # King B scores his success dice even when his inversion turns them into a failure
        # (KO 388, D15); Ace B scores them on any failure (D18).
        scores = state.ability(seat, "ace", "B") or (seat == rec.player and rec.invert)
        points.append((seat, successes if scores else 0))
        state.players[seat].score += points[-1][1]
        choice = rec.token_from if seat == rec.player else rec.helper_token_from
        field = "event.token_from" if seat == rec.player else "event.helper_token_from"
        source = draw_token(state, seat, choice, field)
        if source is not None:
            tokens.append((seat, source))
    if rec.helper is None:
        log(state, "dm.alarm", city=city.id, player=rec.player)
    else:
        log(state, "dm.alarm_together", city=city.id, player=rec.player, helper=rec.helper)
    return replace(rec, success=False, holder=None, points=tuple(points), tokens=tuple(tokens),
                   status_before=state.status)


def revert(state: State, rec: OpRecord) -> None:
    """Undo everything `rec`'s resolution changed (its dice stay rolled)."""
    for seat, n in rec.points:
        state.players[seat].score -= n
    for taker, source in reversed(rec.tokens):
        token = state.players[taker].evidence.pop()
        if source == BAG:
            state.bag.append(token)
        else:
            state.players[source].evidence.append(token)
    if rec.success:
        state.players[rec.holder].treasures[rec.treasure] -= 1
        state.cities[rec.city] = rec.treasure
        levels = state.turn.robbed_levels
        del levels[len(levels) - 1 - levels[::-1].index(rec.level)]
        trigger = state.game.player_count(len(state.players)).end_trigger
        state.round_marker = max(0, trigger - len(state.robbed()))
        state.status = rec.status_before


def robbed_one(state: State) -> None:
    """A city lost its treasure: the round marker moves (D26); at 0 the last round starts."""
    state.round_marker = max(0, state.round_marker - 1)
    if state.round_marker == 0 and state.status == "playing":
        state.status = "final_round"
        log(state, "dm.last_round")


def tied_for_most(state: State, seat: int) -> list[int]:
    """The players `seat` would take a token from, with the bag empty: those with the most
    tokens (other than `seat`); empty while the bag holds tokens or nobody has one."""
    if state.bag:
        return []
    others = [i for i in range(len(state.players)) if i != seat and state.players[i].evidence]
    most = max((len(state.players[i].evidence) for i in others), default=0)
    return [i for i in others if len(state.players[i].evidence) == most]


def require_tie_choice(state: State, seat: int, choice: int | None, field: str) -> None:
    """Before the dice: a new operation by `seat` facing an empty bag's tie names whom a
    failure takes from (D27), whatever the dice show, so a refusal never depends on them."""
    tied = tied_for_most(state, seat)
    if state.asking and choice is None and len(tied) > 1:
        refuse(state, "dm.no.bag_tie", field, player=seat, players=tied)


def require_tie_choices(state: State, player: int, token_from: int | None,
                        helper: int | None, helper_token_from: int | None) -> None:
    """Before an operation's dice: the choices a failure would need (D27), checked as the
    failure would draw, the active player first, then the helper on what is left."""
    require_tie_choice(state, player, token_from, "event.token_from")
    if helper is None or not state.asking or state.bag:
        return
    after = state.clone()
    draw_token(after, player, token_from)  # as a failure would (refuses a bad choice)
    require_tie_choice(after, helper, helper_token_from, "event.helper_token_from")
    tied = tied_for_most(after, helper)
    if helper_token_from is not None and tied and helper_token_from not in tied:
        refuse(state, "dm.no.bag_empty", "event.helper_token_from", players=tied)


def draw_token(state: State, seat: int, choice: int | None = None,
               field: str = "event.token_from") -> int | None:
    """Draw an investigation token; from an empty bag take one from a player with the most,
    the taker choosing among tied players (D27): a new event must name one (`choice`); a
    log stored before that was asked replays with the lowest seat (`state.asking` off).
    Returns where it came from (BAG or a seat), or None when there was none to take."""
    if state.bag:
        state.players[seat].evidence.append(state.bag.pop())
        return BAG
    tied = tied_for_most(state, seat)
    if not tied:
        return None
    if choice is not None and choice not in tied:
        refuse(state, "dm.no.bag_empty", field, players=tied)
    if choice is None and len(tied) > 1 and state.asking:
        refuse(state, "dm.no.bag_tie", field, player=seat, players=tied)
    source = tied[0] if choice is None else choice
    state.players[seat].evidence.append(state.players[source].evidence.pop())
    return source
