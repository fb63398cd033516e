"""Load and check Wind Up's card data (cards.toml) into one immutable rules table.

Parts, gear cards and workers are kept as card ids (strings) in the game state; this
module turns the data into lookup tables the hot paths read (side values, sizes, costs).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from tabletop.plugin_api import CardDataError, Field, load_toml, validate_section, validate_table

CARDS_FILE = Path(__file__).with_name("cards.toml")

KINDS = ("generator", "smelter", "processor", "crafter", "decoration")
PRODUCERS = ("smelter", "processor", "crafter")
#: What each producer makes, as the state's resource name.
MAKES = {"smelter": "iron", "processor": "gold", "crafter": "prisms"}
SIDES = ("green", "yellow", "orange", "red")
STOPPED = 3
ABILITIES = ("saboteur", "tuner", "thief", "exchange", "energy", "jammer_redraw", "jammer_stop", "vandal")


@dataclass(frozen=True, slots=True)
class Part:
    id: str
    kind: str
    size: int
    cost: int
    players: str
    #: Per side (green, yellow, orange, red): generator energy, decoration points, or for a
    #: producer (energy cost, resources made, maximum per turn); red is always stopped.
    sides: tuple


@dataclass(frozen=True, slots=True)
class Worker:
    id: str
    name: str
    ability: str
    cost: int
    uses: int
    pay_iron: int = 0
    pay_gold: int = 0
    pay_prisms: int = 0
    get_iron: int = 0
    get_gold: int = 0
    get_prisms: int = 0
    get_energy: int = 0
    unwinds: int = 0
    steal: str = ""
    winds: int = 0


@dataclass(frozen=True, slots=True)
class CardRules:
    """Everything the rules read from the card data."""

    parts: dict[str, Part]
    part_copies: dict[str, int]
    gears: dict[str, tuple[int, ...]]
    gear_copies: dict[str, int]
    winders: tuple[str, ...]            # stack order, top (first hired) first
    workers: dict[str, Worker]          # winders included (ability "winder")
    worker_copies: dict[str, int]       # the shuffled worker deck (winders excluded)
    rules: dict[str, int]
    start_kinds: tuple[str, ...]


_PART = {
    "id": Field(str),
    "kind": Field(str, choices=KINDS),
    "size": Field(int, minimum=3, maximum=8),
    "cost": Field(int, minimum=0, maximum=30),
    "players": Field(str, choices=("", "3", "4")),
    "count": Field(int, minimum=1, maximum=12),
    "green": Field(list, item_type=int, max_items=3),
    "yellow": Field(list, item_type=int, max_items=3),
    "orange": Field(list, item_type=int, max_items=3),
}
_GEAR = {
    "id": Field(str),
    "sizes": Field(list, item_type=int, max_items=2),
    "count": Field(int, minimum=1, maximum=24),
}
_WINDER = {
    "id": Field(str),
    "winds": Field(int, minimum=1, maximum=9),
    "cost": Field(int, minimum=0, maximum=30),
}
_AMOUNT = Field(int, required=False, minimum=0, maximum=9, default=0)
_WORKER = {
    "id": Field(str),
    "name": Field(str),
    "ability": Field(str, choices=ABILITIES),
    "count": Field(int, minimum=1, maximum=9),
    "cost": Field(int, minimum=0, maximum=30),
    "uses": Field(int, minimum=1, maximum=9),
    "pay_iron": _AMOUNT,
    "pay_gold": _AMOUNT,
    "pay_prisms": _AMOUNT,
    "get_iron": _AMOUNT,
    "get_gold": _AMOUNT,
    "get_prisms": _AMOUNT,
    "get_energy": _AMOUNT,
    "unwinds": _AMOUNT,
    "steal": Field(str, required=False, choices=("", "gold", "prisms"), default=""),
}
_RULES = {
    "start_gold": Field(int, minimum=0, maximum=99),
    "start_iron": Field(int, minimum=0, maximum=99),
    "start_kinds": Field(list, choices=KINDS, max_items=5),
    "start_size": Field(int, minimum=3, maximum=8),
    "max_generators": Field(int, minimum=1, maximum=9),
    "face_up_workers": Field(int, minimum=0, maximum=17),
    "restart_cards": Field(int, minimum=0, maximum=9),
    "prism_points": Field(int, minimum=0, maximum=99),
    "prism_bonus": Field(int, minimum=0, maximum=99),
    "gold_points": Field(int, minimum=0, maximum=99),
    "ordered_run": Field(int, minimum=0, maximum=99),
    "unordered_run": Field(int, minimum=0, maximum=99),
    "three_of_a_kind": Field(int, minimum=0, maximum=99),
    "set_cap": Field(int, minimum=0, maximum=999),
}


def _sides(part: dict, file: str) -> tuple:
    width = 3 if part["kind"] in PRODUCERS else 1
    out = []
    for side in SIDES[:3]:
        values = part[side]
        if len(values) != width:
            what = "[energy cost, resources, maximum]" if width == 3 else "[one number]"
            raise CardDataError(f"{file}: part {part['id']!r} field '{side}': expected {what}, got {values}.")
        if width == 3:
            cost, made, most = values
            if cost < 1 or made < 1 or most < made:
                raise CardDataError(
                    f"{file}: part {part['id']!r} field '{side}': energy cost and resources must be at "
                    f"least 1 and the maximum at least the resources made, got {values}."
                )
            out.append((cost, made, most))
        else:
            if values[0] < 0:
                raise CardDataError(f"{file}: part {part['id']!r} field '{side}': must not be negative.")
            out.append(values[0])
    out.append((0, 0, 0) if width == 3 else 0)
    return tuple(out)


def load_cards(path: str | Path = CARDS_FILE) -> CardRules:
    """Read and validate the card data; every error names the file, the card and the field."""
    path = Path(path)
    file = path.name
    data = load_toml(path)
    rules = validate_section(data, "rules", _RULES, file=file)
    parts = validate_table(data, "part", _PART, file=file)
    gears = validate_table(data, "gear", _GEAR, file=file)
    winders = validate_table(data, "winder", _WINDER, file=file)
    workers = validate_table(data, "worker", _WORKER, file=file)
    _check(file, parts, gears, winders, workers)
    sides = {p["id"]: _sides(p, file) for p in parts}  # each side's shape, before sides are compared
    _check_larger_is_better(file, parts)
    start = tuple(rules.pop("start_kinds"))
    _check_start(file, rules, parts, start)
    return CardRules(
        parts={p["id"]: Part(p["id"], p["kind"], p["size"], p["cost"], p["players"], sides[p["id"]])
               for p in parts},
        part_copies={p["id"]: p["count"] for p in parts},
        gears={g["id"]: tuple(sorted(g["sizes"])) for g in gears},
        gear_copies={g["id"]: g["count"] for g in gears},
        winders=tuple(w["id"] for w in winders),
        workers=_worker_table(workers, winders),
        worker_copies={w["id"]: w["count"] for w in workers},
        rules=rules,
        start_kinds=start,
    )


def _check(file, parts, gears, winders, workers) -> None:
    """What no single field shows: gear sizes, unique ids, the winder order, thieves and saboteurs."""
    for gear in gears:
        if not gear["sizes"] or any(not 3 <= s <= 8 for s in gear["sizes"]):
            raise CardDataError(f"{file}: gear {gear['id']!r} field 'sizes': one or two sizes from 3 to 8.")
    ids = [r["id"] for r in parts] + [g["id"] for g in gears] + [w["id"] for w in winders + workers]
    for ident in ids:
        if ids.count(ident) > 1 or " " in ident:
            raise CardDataError(f"{file}: card id {ident!r} must be unique across sections and have no spaces.")
    costs = [w["cost"] for w in winders]
    if costs != sorted(costs):
        raise CardDataError(f"{file}: [[winder]] entries must run from cheapest (top) to most expensive.")
    dealt = sum(w["count"] for w in workers)
    if dealt < 4:
        raise CardDataError(
            f"{file}: only {dealt} worker card(s) in [[worker]]; each of up to 4 players starts with one."
        )
    for worker in workers:
        if worker["ability"] == "thief" and not worker["steal"]:
            raise CardDataError(f"{file}: worker {worker['id']!r} field 'steal': a thief must steal gold or prisms.")
        if worker["ability"] == "saboteur" and worker["unwinds"] < 1:
            raise CardDataError(f"{file}: worker {worker['id']!r} field 'unwinds': a saboteur unwinds at least once.")


def _check_larger_is_better(file, parts) -> None:
    """The rulebook's "larger=better" and "the green top side producing the most, the yellow left side
    producing at a slightly worse rate, the orange bottom side even less", for the parts whose sides
    are one number (generators, decorations): green beats yellow beats orange, and no side of a
    larger part gives less than the same side of a smaller one of its kind. Producers' sides are
    held to it by the tests (a rate, not one number)."""
    single = [p for p in parts if p["kind"] not in PRODUCERS]
    for part in single:
        green, yellow, orange = (part[side][0] for side in SIDES[:3])
        if not green > yellow > orange:
            raise CardDataError(f"{file}: part {part['id']!r}: green ({green}) must beat yellow ({yellow}), which "
                                f"must beat orange ({orange}).")
    for small in single:
        for large in single:
            if large["kind"] == small["kind"] and large["size"] > small["size"]:
                for side in SIDES[:3]:
                    if large[side][0] < small[side][0]:
                        raise CardDataError(
                            f"{file}: part {large['id']!r} field '{side}': {large[side][0]} is less than the smaller "
                            f"{small['id']!r}'s {small[side][0]}; a larger part is never worse.")


def _check_start(file, rules, parts, start) -> None:
    """Each player starts with one size-3 generator and smelter, at every player count."""
    for seats in (2, 3, 4):
        for kind in start:
            have = sum(p["count"] for p in parts if p["kind"] == kind and p["size"] == rules["start_size"]
                       and _in_game(p["players"], seats))
            if have < seats:
                raise CardDataError(
                    f"{file}: only {have} size-{rules['start_size']} {kind} part(s) for {seats} players; "
                    "each player starts with one."
                )


def _worker_table(workers, winders) -> dict[str, Worker]:
    table = {
        w["id"]: Worker(w["id"], w["name"], w["ability"], w["cost"], w["uses"],
                        **{k: w[k] for k in ("pay_iron", "pay_gold", "pay_prisms", "get_iron", "get_gold",
                                             "get_prisms", "get_energy", "unwinds", "steal")})
        for w in workers
    }
    for w in winders:
        table[w["id"]] = Worker(w["id"], f"Winder ({w['winds']} wind{'s' if w['winds'] > 1 else ''})",
                                "winder", w["cost"], 1, winds=w["winds"])
    return table


def _in_game(marker: str, seats: int) -> bool:
    """Cards marked "3" need 3+ players, "4" need 4."""
    return not marker or seats >= int(marker)


def in_game(part: Part, seats: int) -> bool:
    return _in_game(part.players, seats)
