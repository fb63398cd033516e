"""One player's 3x3 machine: cells, adjacency, gear-card chain reactions and end-game scoring.

A machine is two lists of nine: the part card id in each cell (None when empty) and the side
facing up (0 green, 1 yellow, 2 orange, 3 red = stopped). Cells are numbered row by row,
``r1c1`` = 0 ... ``r3c3`` = 8. These functions are pure, so tests can call them directly.
"""

from __future__ import annotations

from collections.abc import Sequence

from tabletop_games.windup_machines.cards import STOPPED, CardRules

CELLS = tuple(range(9))
CELL_NAMES = tuple(f"r{r}c{c}" for r in (1, 2, 3) for c in (1, 2, 3))
CELL_INDEX = {name: i for i, name in enumerate(CELL_NAMES)}
NEIGHBOURS = tuple(
    tuple(r2 * 3 + c2 for r2, c2 in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)) if 0 <= r2 < 3 and 0 <= c2 < 3)
    for r in range(3) for c in range(3)
)
LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8))
LINE_NAMES = ("row 1", "row 2", "row 3", "column 1", "column 2", "column 3")


def gear_turns(parts: Sequence[str | None], sides: Sequence[int], sizes: Sequence[int], cards: CardRules) -> list[int]:
    """The cells a gear card turns clockwise in this machine, in the order they turn.

    Every part of a printed size turns; then each part that turned turns its adjacent parts
    of a smaller gear size, and so on. A part turns at most once; a part already stopped
    neither turns nor passes the turn on. Which part is reached first never changes the
    result, because only a part's own turn can stop it.
    """
    table = cards.parts
    size = [table[p].size if p is not None else 0 for p in parts]
    turned: list[int] = []
    seen = [False] * 9
    for cell in CELLS:
        if parts[cell] is not None and size[cell] in sizes and sides[cell] != STOPPED:
            seen[cell] = True
            turned.append(cell)
    i = 0
    while i < len(turned):
        cell = turned[i]
        i += 1
        for nb in NEIGHBOURS[cell]:
            if not seen[nb] and parts[nb] is not None and size[nb] < size[cell] and sides[nb] != STOPPED:
                seen[nb] = True
                turned.append(nb)
    return turned


def line_set(sizes: Sequence[int], cards: CardRules) -> tuple[str, int]:
    """The set one full row or column makes: ("ordered run" | "unordered run" | "three of a kind" | "", points)."""
    a, b, c = sizes
    rules = cards.rules
    if a == b == c:
        return "three of a kind", rules["three_of_a_kind"]
    if (b - a == 1 and c - b == 1) or (a - b == 1 and b - c == 1):
        return "ordered run", rules["ordered_run"]
    low = min(sizes)
    if sorted(sizes) == [low, low + 1, low + 2]:
        return "unordered run", rules["unordered_run"]
    return "", 0


def machine_sets(parts: Sequence[str | None], cards: CardRules) -> list[tuple[str, str, int]]:
    """Every full row and column that makes a set: (line name, set name, points).

    A stopped part still counts ("a stopped part will still contribute to a set").
    """
    table = cards.parts
    found = []
    for name, line in zip(LINE_NAMES, LINES, strict=True):
        if all(parts[c] is not None for c in line):
            kind, points = line_set([table[parts[c]].size for c in line], cards)
            if kind:
                found.append((name, kind, points))
    return found


def machine_score(parts: Sequence[str | None], sides: Sequence[int], cards: CardRules) -> dict[str, int]:
    """Gear sizes of parts not stopped, set points (capped), decoration points of one machine."""
    table = cards.parts
    gears = decorations = best_decoration = 0
    for cell in CELLS:
        pid = parts[cell]
        if pid is None:
            continue
        part = table[pid]
        side = sides[cell]
        if side != STOPPED:
            gears += part.size
        if part.kind == "decoration":
            points = part.sides[side]
            decorations += points
            best_decoration = max(best_decoration, points)
    sets = min(sum(points for _, _, points in machine_sets(parts, cards)), cards.rules["set_cap"])
    return {"gears": gears, "sets": sets, "decorations": decorations, "best_decoration": best_decoration}


def prism_bonus(prisms: Sequence[int], bonus: int) -> list[int]:
    """The most-prisms bonus per seat, split evenly among the tied leaders (none if nobody has any)."""
    most = max(prisms)
    if most <= 0:
        return [0] * len(prisms)
    leaders = [s for s, p in enumerate(prisms) if p == most]
    share = bonus // len(leaders)
    return [share if s in leaders else 0 for s in range(len(prisms))]


def placements(parts: Sequence[str | None]) -> list[int]:
    """Cells where a new part may go: an empty cell touching a part, or any part (replacement)."""
    out = []
    for cell in CELLS:
        if parts[cell] is not None:
            out.append(cell)
        elif any(parts[nb] is not None for nb in NEIGHBOURS[cell]):
            out.append(cell)
    return out
