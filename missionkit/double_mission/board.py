"""The movement graph: printed lines, wrap lines and the seaport / airport networks."""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Mapping

from .model import City


def neighbours(
    cities: Iterable[City], lines: Iterable[tuple[str, str]]
) -> dict[str, set[str]]:
    """Cities one step away from each city (lines, wrap lines and network hops)."""
    cities = list(cities)
    graph: dict[str, set[str]] = {c.id: set() for c in cities}
    for a, b in lines:
        if a in graph and b in graph:
            graph[a].add(b)
            graph[b].add(a)
    for flag in ("seaport", "airport"):
        members = [c.id for c in cities if getattr(c, flag)]
        for a in members:
            graph[a].update(m for m in members if m != a)
    return graph


def distances(graph: Mapping[str, set[str]], start: str) -> dict[str, int]:
    """Steps from `start` to every reachable city (breadth-first search)."""
    seen = {start: 0}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        for nxt in graph[here]:
            if nxt not in seen:
                seen[nxt] = seen[here] + 1
                queue.append(nxt)
    return seen


def components(graph: Mapping[str, set[str]]) -> list[set[str]]:
    """Groups of cities that can reach each other, largest first."""
    left = set(graph)
    groups = []
    while left:
        group = set(distances(graph, next(iter(sorted(left)))))
        groups.append(group)
        left -= group
    return sorted(groups, key=lambda g: (-len(g), sorted(g)))


def moves_needed(steps: int, steps_per_move: int) -> int:
    """Move actions needed to cover `steps` steps."""
    return -(-steps // steps_per_move)
