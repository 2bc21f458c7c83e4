"""A small stand-in for the Dice Mission content model, shaped like `DiceMission`.

The engine tests run on it until the real content lands; its checks are simple rules this
module evaluates itself (`evaluate`), mirroring the real evaluator's signature.
"""

from __future__ import annotations

from collections import Counter
from types import SimpleNamespace as NS


def _card(id, type, rule, suitcase=False):
    return NS(id=id, type=type, suitcase=suitcase, check=NS(scope=type, rule=rule),
              name=NS(en=id.replace("_", " ").title()))


MISSIONS = [
    _card("solo_01", "solo", {"contains": [4, 4]}),
    _card("solo_02", "solo", {"contains": [6]}),
    _card("solo_03", "solo", {"contains": [1, 1, 1]}, suitcase=True),
    _card("versus_01", "versus", {"most_sum": True}),
    _card("versus_02", "versus", {"most_sum": True}),
    _card("versus_03", "versus", {"most_sum": True}),
    _card("team_01", "team", {"table_has": [1, 3]}),
    _card("team_02", "team", {"table_has": [6]}),
    _card("team_03", "team", {"table_has": [2, 5]}, suitcase=True),
] + [_card(f"special_{i:02}", "special", {"contains": [i % 6 + 1]}) for i in range(1, 9)]

GADGETS = [NS(id=i, phase=p, copies=2, effect=e) for i, p, e in [
    ("new_deal", "mission", "set_dice_count"), ("forced_relaunch", "mission", "force_reroll"),
    ("change_of_mission", "mission", "exchange_mission"), ("extra_chance", "mission", "extra_roll"),
    ("target_lock", "mission", "lock_player"), ("theft", "debriefing", "steal_die"),
    ("delete", "debriefing", "delete_die"), ("adaptation", "debriefing", "change_face"),
    ("transaction", "debriefing", "swap_dice"), ("transfer", "debriefing", "give_die")]]


def _row(n):
    k = 2 if n == 2 else 1
    return NS(players=n, dealt={"solo": k, "versus": k, "team": k}, specials_to_win=1,
              joker=n < 5)


class FakeGame:
    missions = tuple(MISSIONS)
    gadgets = tuple(GADGETS)
    setup = {n: _row(n) for n in (2, 3, 4, 5)}
    round = NS(dice_min=2, dice_max=5, rolls_max=3, gadget_hand_limit=3, special_display=3,
               exchange_draw=2, missions_per_type_per_turn=1, specials_per_game=1)
    variants = NS(very_special=NS(display_plus=1, refill=False, special_exchange=False),
                  joker=NS(players=[2, 3, 4], extra_dice=1, max_dice=6, uses_per_game=1))
    colours = tuple(NS(id=c) for c in ("red", "blue", "green", "yellow", "white"))

    def mission(self, mission_id):
        return {m.id: m for m in self.missions}[mission_id]

    def gadget(self, gadget_id):
        return {g.id: g for g in self.gadgets}[gadget_id]


def evaluate(check, player, dice) -> bool:
    rule = check.rule
    mine = Counter(dice[player])
    if "contains" in rule:
        return not Counter(rule["contains"]) - mine
    if "table_has" in rule:
        table = {f for row in dice for f in row}
        return set(rule["table_has"]) <= table
    others = [sum(row) for i, row in enumerate(dice) if i != player]
    return all(sum(dice[player]) > s for s in others)
