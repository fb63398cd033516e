"""Load and check Castle Wars' card data (cards.toml) into one immutable rules table."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from tabletop.plugin_api import CardDataError, Field, load_toml, validate_section, validate_table

CARDS_FILE = Path(__file__).with_name("cards.toml")
TOWER = "T"


@dataclass(frozen=True, slots=True)
class CardRules:
    """Everything the rules read from the card data, precomputed for the hot paths."""

    units: tuple[str, ...]             # unit letters in data order, e.g. ("K", "A", "M")
    names: dict[str, str]              # letter -> name, Tower included
    unit_count: dict[str, int]         # copies of each Unit in the game
    power: dict[str, int]              # letter -> attack power (Tower: 0)
    beats: dict[str, str]              # letter -> the Unit it discards (its weakness's prey)
    tower_count: int                   # Tower cards in the box
    absorbs: int                       # attack power one Tower stops
    hit_points: int
    hand_limit: int
    draft_turns: int
    towers_in_deck: dict[int, int]     # seats at the start -> Towers shuffled in
    face_up: dict[int, int]            # seats in play -> cards turned up per draft turn
    tower_limit: dict[int, int]        # seats in play -> most Towers a seat may hold


_UNIT = {
    "id": Field(str),
    "name": Field(str),
    "count": Field(int, minimum=1, maximum=100),
    "power": Field(int, minimum=0, maximum=99),
    "weakness": Field(str),
}
_TOWER = {
    "id": Field(str, choices=(TOWER,)),
    "name": Field(str),
    "count": Field(int, minimum=0, maximum=100),
    "absorbs": Field(int, minimum=1, maximum=99),
}
_PLAYERS = {
    "seats": Field(int, minimum=2, maximum=4),
    "towers_in_deck": Field(int, minimum=0, maximum=100),
    "face_up": Field(int, minimum=1, maximum=20),
    "tower_limit": Field(int, minimum=0, maximum=5),
}
_RULES = {
    "hit_points": Field(int, minimum=1, maximum=999),
    "hand_limit": Field(int, minimum=1, maximum=20),
    "draft_turns": Field(int, minimum=1, maximum=20),
}


def load_cards(path: str | Path = CARDS_FILE) -> CardRules:
    """Read and validate the card data; every error names the file, the card and the field."""
    path = Path(path)
    file = path.name
    data = load_toml(path)
    rules = validate_section(data, "rules", _RULES, file=file)
    units = validate_table(data, "unit", _UNIT, file=file)
    (tower,) = validate_table(data, "tower", _TOWER, file=file, count=1)
    players = validate_table(data, "players", _PLAYERS, file=file, key="seats", count=3)

    beats = _cycle(units, file)
    by_seats = {p["seats"]: p for p in players}
    _check_players(by_seats, tower["count"], file)

    names = {u["id"]: u["name"] for u in units}
    names[TOWER] = tower["name"]
    power = {u["id"]: u["power"] for u in units}
    power[TOWER] = 0
    return CardRules(
        units=tuple(u["id"] for u in units),
        names=names,
        unit_count={u["id"]: u["count"] for u in units},
        power=power,
        beats=beats,
        tower_count=tower["count"],
        absorbs=tower["absorbs"],
        hit_points=rules["hit_points"],
        hand_limit=rules["hand_limit"],
        draft_turns=rules["draft_turns"],
        towers_in_deck={s: r["towers_in_deck"] for s, r in by_seats.items()},
        face_up={s: r["face_up"] for s, r in by_seats.items()},
        tower_limit={s: r["tower_limit"] for s, r in by_seats.items()},
    )


def _cycle(units: list[dict], file: str) -> dict[str, str]:
    """Each Unit's prey (the Unit whose weakness it is): the Units must beat each other in a cycle."""
    letters = tuple(u["id"] for u in units)
    for unit in units:
        if len(unit["id"]) != 1 or not unit["id"].isalpha() or unit["id"] == TOWER:
            raise CardDataError(f"{file}: unit {unit['id']!r} field 'id': must be one letter other than {TOWER}.")
        if unit["weakness"] not in letters or unit["weakness"] == unit["id"]:
            raise CardDataError(
                f"{file}: unit {unit['id']!r} field 'weakness': {unit['weakness']!r} is not another unit."
            )
    beats: dict[str, str] = {}
    for unit in units:
        hunter = unit["weakness"]
        if hunter in beats:
            raise CardDataError(f"{file}: unit {hunter!r} is the weakness of two units; each unit beats one.")
        beats[hunter] = unit["id"]
    if set(beats) != set(letters):
        missing = sorted(set(letters) - set(beats))
        raise CardDataError(f"{file}: unit {missing[0]!r} is nobody's weakness; the units must form a cycle.")
    return beats


def _check_players(by_seats: dict[int, dict], towers_in_box: int, file: str) -> None:
    if sorted(by_seats) != [2, 3, 4]:
        raise CardDataError(f"{file}: [[players]] needs one entry each for 2, 3 and 4 seats.")
    for seats, row in by_seats.items():
        if row["towers_in_deck"] > towers_in_box:
            raise CardDataError(
                f"{file}: players {seats!r} field 'towers_in_deck': {row['towers_in_deck']} is more "
                f"than the {towers_in_box} Towers in the box."
            )
