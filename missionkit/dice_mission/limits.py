"""The rule constants the round engine needs, read from the content model in one place.

Every number here comes from `content/dice_mission/game.yaml` through the model; the engine
never writes one down itself. If the model's field names move, only `limits()` changes.
"""

from __future__ import annotations

from dataclasses import dataclass

from .model import DiceMission

HAND_TYPES = ("solo", "versus", "team")  # the card types dealt into hands (vocabulary, not rule)
SPECIAL = "special"


@dataclass(frozen=True)
class Limits:
    player_counts: tuple[int, ...]  # table sizes the game supports
    dealt: dict[int, dict[str, int]]  # players -> hand cards dealt per hand type
    specials_to_win: dict[int, int]  # players -> SPECIALs needed to win
    display: int  # face-up SPECIALs at setup
    very_special_plus: int  # Very Special: players + this face up, the rest boxed
    very_special_refill: bool  # ... and whether the display is refilled
    very_special_exchange: bool  # ... and whether a SPECIAL may be exchanged
    dice_min: int  # N, the dice count the active agent sets
    dice_max: int
    rolls_max: int  # the active agent's roll limit (R for the others is what they used)
    hand_limit: int  # gadgets in hand
    per_type_per_turn: int  # missions of one type completed in one debriefing turn
    specials_per_game: int  # SPECIALs one player may complete
    exchange_draw: int  # cards drawn in an exchange, of which the player keeps one
    joker_players: tuple[int, ...]  # table sizes allowed the Joker die
    joker_dice: int  # dice the Joker adds to one mission phase
    joker_max_dice: int  # most dice one roll may hold with the Joker
    joker_uses: int  # mission phases per game a player may add it to
    colours: tuple[str, ...]  # dice colours, one per player

    def target(self, players: int) -> dict[str, int]:
        """Cards a player must complete to win, per type: the hand as dealt, plus SPECIALs."""
        return {**self.dealt[players], SPECIAL: self.specials_to_win[players]}


_CACHE: dict[int, tuple[DiceMission, Limits]] = {}


def limits(game: DiceMission) -> Limits:
    """The engine's constants from a `DiceMission` model (computed once per model)."""
    hit = _CACHE.get(id(game))
    if hit is not None and hit[0] is game:
        return hit[1]
    rows, rnd, vs, joker = game.setup, game.round, game.variants.very_special, game.variants.joker
    out = Limits(
        player_counts=tuple(sorted(rows)),
        dealt={n: {t: row.dealt.get(t, 0) for t in HAND_TYPES} for n, row in rows.items()},
        specials_to_win={n: row.specials_to_win for n, row in rows.items()},
        display=rnd.special_display, very_special_plus=vs.display_plus,
        very_special_refill=vs.refill, very_special_exchange=vs.special_exchange,
        dice_min=rnd.dice_min, dice_max=rnd.dice_max, rolls_max=rnd.rolls_max,
        hand_limit=rnd.gadget_hand_limit, per_type_per_turn=rnd.missions_per_type_per_turn,
        specials_per_game=rnd.specials_per_game, exchange_draw=rnd.exchange_draw,
        joker_players=tuple(n for n in sorted(rows) if rows[n].joker and n in joker.players),
        joker_dice=joker.extra_dice, joker_max_dice=joker.max_dice,
        joker_uses=joker.uses_per_game, colours=tuple(c.id for c in game.colours))
    _CACHE[id(game)] = (game, out)
    return out
