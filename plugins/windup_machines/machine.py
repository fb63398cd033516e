"""One player's 3x3 machine: cells, adjacency, gear-card chain reactions and end-game scoring.

A machine is two lists of nine: the part card id in each cell (None when empty) and the side
facing up (0 green, 1 yellow, 2 orange, 3 red = stopped). Cells are numbered row by row,
``r1c1`` = 0 ... ``r3c3`` = 8: a frame around the machine, which floats inside it (a part
installed one step beyond an edge, e.g. ``r0c2``, moves the machine so it stays in the frame).
These functions are pure, so tests can call them directly.
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
    turned = [cell for cell in CELLS
              if parts[cell] is not None and sides[cell] != STOPPED and table[parts[cell]].size in sizes]
    if not turned:      # no part of a printed size: nothing turns (the usual case, checked cheaply)
        return turned
    size = [table[p].size if p is not None else 0 for p in parts]
    seen = [False] * 9
    for cell in turned:
        seen[cell] = True
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


def spot_name(row: int, col: int) -> str:
    """``r1c1`` .. ``r3c3`` inside the frame; row or column 0 or 4 is one step beyond its edge."""
    return f"r{row + 1}c{col + 1}"


#: Every spot a part may be named at: the frame and one step beyond each edge (0-based -1 .. 3).
SPOTS = {spot_name(r, c): (r, c) for r in range(-1, 4) for c in range(-1, 4)}


def _occupied(parts: Sequence[str | None]) -> list[tuple[int, int]]:
    return [divmod(cell, 3) for cell in CELLS if parts[cell] is not None]


def frame_shift(parts: Sequence[str | None], row: int, col: int) -> tuple[int, int] | None:
    """The (rows, columns) the machine moves so that it and a new part at (row, col) fit the frame.

    None when no 3x3 box holds them all ("cannot be placed in a way that would break the 3x3
    grid"); (0, 0) for a spot inside the frame.
    """
    spots = _occupied(parts) + [(row, col)]
    rows = [r for r, _ in spots]
    cols = [c for _, c in spots]
    if max(rows) - min(rows) > 2 or max(cols) - min(cols) > 2:
        return None
    return (-min(rows) if min(rows) < 0 else min(0, 2 - max(rows)),
            -min(cols) if min(cols) < 0 else min(0, 2 - max(cols)))


def placements(parts: Sequence[str | None]) -> list[str]:
    """Where a new part may go: over a part (replacing it), or on an empty spot touching the
    machine left-right or top-bottom, as long as the whole machine still fits some 3x3 box.

    The machine floats: a spot one step beyond the frame's edge (row or column 0 or 4) is
    allowed when the machine does not fill that direction yet; installing there shifts it.
    """
    taken = set(_occupied(parts))
    out = []
    for name, (row, col) in SPOTS.items():
        if (row, col) in taken:
            out.append(name)
        elif (any((row + dr, col + dc) in taken for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)))
              and frame_shift(parts, row, col) is not None):
            out.append(name)
    return out


def shifted(cells: Sequence, shift: tuple[int, int], empty=None) -> list:
    """A machine list (parts or sides) moved by (rows, columns) inside the frame."""
    dr, dc = shift
    out = [empty] * 9
    for cell in CELLS:
        r, c = divmod(cell, 3)
        if 0 <= r + dr < 3 and 0 <= c + dc < 3:
            out[(r + dr) * 3 + c + dc] = cells[cell]
    return out


def moved_cell(cell: int, shift: tuple[int, int]) -> int:
    r, c = divmod(cell, 3)
    return (r + shift[0]) * 3 + c + shift[1]


def install(parts: Sequence[str | None], sides: Sequence[int], spot: str, pid: str):
    """The machine after installing ``pid`` green side up at ``spot``: (parts, sides, cell, shift)."""
    row, col = SPOTS[spot]
    shift = frame_shift(parts, row, col)
    new_parts, new_sides = shifted(parts, shift), shifted(sides, shift, 0)
    cell = (row + shift[0]) * 3 + col + shift[1]
    new_parts[cell] = pid
    new_sides[cell] = 0
    return new_parts, new_sides, cell, shift
