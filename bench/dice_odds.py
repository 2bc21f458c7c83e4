"""Benchmark: the odds of all 116 Dice Mission cards at N = 5 dice, R = 3 rolls, 3 players,
and of every card at every table: 2-5 players x 2-5 dice (1,856 figures, R = 3).

Target (issue 26): under 2 s for every card at every table, from cold caches (the DP's
state space, each card's table and the others' dice distributions are rebuilt).
Baselines, measured in the same run: rolling 100,000 dice with `random.randint` in a Python
loop, and one plain DP of a simple card (solo_02, three of a kind) from cold caches. The
ratios say how many of each the whole deck costs, so a slower machine does not hide a
regression. Usage: python bench/dice_odds.py [--runs N] [--cards]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections import defaultdict

from missionkit.content import load_game
from missionkit.dice_mission import odds

DICE, ROLLS, PLAYERS = 5, 3, 3


def cold() -> None:
    odds.clear_caches()


def roll_dice(n: int = 100_000) -> float:
    rng = random.Random(1)
    start = time.perf_counter()
    for _ in range(n):
        rng.randint(1, 6)
    return time.perf_counter() - start


def one_card(game) -> float:
    cold()
    start = time.perf_counter()
    odds.chance(game.mission("solo_02"), DICE, ROLLS, PLAYERS)
    return time.perf_counter() - start


def whole_deck(game) -> tuple[float, dict[str, float], dict[str, float]]:
    cold()
    by_type: dict[str, float] = defaultdict(float)
    figures = {}
    start = time.perf_counter()
    for mission in game.missions:
        t = time.perf_counter()
        figures[mission.id] = odds.chance(mission, DICE, ROLLS, PLAYERS)
        by_type[mission.type] += time.perf_counter() - t
    return time.perf_counter() - start, by_type, figures


def every_table(game) -> float:
    """Every card x 2-5 players x 2-5 dice, cold: what the phones may ever ask for."""
    cold()
    start = time.perf_counter()
    for mission in game.missions:
        for players in (2, 3, 4, 5):
            for dice in (2, 3, 4, 5):
                odds.chance(mission, dice, ROLLS, players)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--cards", action="store_true", help="print every card's figure")
    args = parser.parse_args()
    game = load_game("dice-mission")
    dice_t, card_t, deck_t, cpu_t, grid_t, grid_cpu = [], [], [], [], [], []
    by_type: dict[str, list[float]] = defaultdict(list)
    for _ in range(args.runs):
        dice_t.append(roll_dice())
        card_t.append(one_card(game))
        cpu = time.process_time()
        total, types, figures = whole_deck(game)
        cpu_t.append(time.process_time() - cpu)
        deck_t.append(total)
        for kind, t in types.items():
            by_type[kind].append(t)
        cpu = time.process_time()
        grid_t.append(every_table(game))
        grid_cpu.append(time.process_time() - cpu)
    deck, dice, card = (statistics.median(x) for x in (deck_t, dice_t, card_t))
    if args.cards:
        for card_id, x in figures.items():
            print(f"{card_id:12s} {x * 100:5.1f} %")
    print(f"all 116 cards, N={DICE}, R={ROLLS}, {PLAYERS} players: {deck:.3f} s "
          f"(median of {args.runs}; target < 2 s)")
    for kind in ("solo", "versus", "team", "special"):
        n = len(game.missions_of(kind))
        print(f"  {kind:8s} {n:3d} cards  {statistics.median(by_type[kind]):.3f} s")
    print(f"baseline: 100,000 dice rolled in a Python loop: {dice:.3f} s "
          f"-> deck / baseline = {deck / dice:.1f}")
    print(f"baseline: one plain DP (solo_02, cold): {card * 1000:.1f} ms "
          f"-> deck / baseline = {deck / card:.0f}")
    print(f"CPU time of the whole deck: {statistics.median(cpu_t):.3f} s "
          "(wall time above; they differ when the machine is busy)")
    print(f"every card at every table (116 x 2-5 players x 2-5 dice, R={ROLLS}), cold: "
          f"{statistics.median(grid_t):.3f} s wall, {statistics.median(grid_cpu):.3f} s CPU "
          f"(median of {args.runs}; target < 2 s)")


if __name__ == "__main__":
    main()
