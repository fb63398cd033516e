"""Windup War card data: the 22 action cards, the six unit types and the factions.

Everything is read from ``cards.toml`` through the core's validator, so a designer's
typo is reported with file, card and field. The rules code looks cards up by their
notation (``A1L.g``) in :class:`CardData`; nothing else about cards lives in code.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from tabletop.plugin_api import CardDataError, Field, load_toml, validate_table

CARDS_FILE = Path(__file__).with_name("cards.toml")

#: Colour -> the letter used in notation. Black actions are open to every unit.
COLOUR_LETTER = {"black": "k", "purple": "p", "pink": "i", "orange": "o", "green": "g", "blue": "b"}
BLACK = "black"
COLOURS = tuple(COLOUR_LETTER)
RIBBON_COLOURS = tuple(c for c in COLOURS if c != BLACK)

EFFECTS = (
    "attack", "alpha_strike", "detonate", "reload", "block", "retaliate",
    "block_retaliate", "set_bomb", "charge",
)

ACTION_SCHEMA = {
    "code": Field(str),
    "name": Field(str),
    "colour": Field(str, choices=COLOURS),
    "effect": Field(str, choices=EFFECTS),
    "hits": Field(list, required=False, item_type=str, default=[]),
    "damage": Field(int, required=False, minimum=0, maximum=9, default=0),
    "reach": Field(int, required=False, minimum=1, maximum=99, default=0),
    "text": Field(str),
}
UNIT_SCHEMA = {
    "id": Field(str),
    "name": Field(str),
    "hearts": Field(int, minimum=1, maximum=5),
    "ribbons": Field(list, item_type=str, choices=RIBBON_COLOURS, max_items=2),
    "reconstructed": Field(list, required=False, item_type=str, default=[]),
}
FACTION_SCHEMA = {
    "id": Field(str),
    "name": Field(str),
    "reconstructed": Field(list, required=False, item_type=str, default=[]),
}


@dataclass(frozen=True, slots=True)
class ActionCard:
    notation: str  # "A1L.g": code, dot, colour letter; unique within a faction
    code: str
    name: str
    colour: str
    effect: str
    hits: tuple[tuple[str, int], ...]  # (("L", 1), ("L", 2)) for Flame Left
    damage: int
    reach: int
    text: str


@dataclass(frozen=True, slots=True)
class UnitType:
    id: str
    name: str
    hearts: int
    ribbons: tuple[str, ...]
    #: Colours of the actions this unit may take: its ribbons and black.
    allowed: frozenset[str]
    reconstructed: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Faction:
    id: str
    name: str


@dataclass(frozen=True, slots=True)
class CardData:
    actions: tuple[ActionCard, ...]
    by_notation: dict[str, ActionCard]
    units: tuple[UnitType, ...]
    unit_by_id: dict[str, UnitType]
    factions: tuple[Faction, ...]
    faction_by_id: dict[str, Faction]


def _parse_hit(text: str, where: str) -> tuple[str, int]:
    side, spaces = text[:1], text[1:]
    if side not in ("L", "R") or not spaces.isdigit() or int(spaces) < 1:
        raise CardDataError(f"{where}: hit {text!r} must be L or R and a number of spaces, like 'L2'.")
    return side, int(spaces)


def _check_id(ident: str, where: str) -> None:
    """Ids are typed in actions (``unit tank``), so they must be one lowercase word."""
    if not ident or ident != ident.lower() or any(ch.isspace() for ch in ident):
        raise CardDataError(f"{where}: {ident!r} must be one lowercase word without spaces.")


def load_cards(path: Path = CARDS_FILE) -> CardData:
    """Read and check the card data; raises CardDataError naming the file, card and field."""
    data = load_toml(path)
    file = Path(path).name
    actions: list[ActionCard] = []
    by_notation: dict[str, ActionCard] = {}
    for record in validate_table(data, "action", ACTION_SCHEMA, file=file, key="notation"):
        notation = f"{record['code']}.{COLOUR_LETTER[record['colour']]}"
        where = f"{file}: action {notation!r}"
        if notation in by_notation:
            raise CardDataError(f"{where} appears twice; one card per code and colour.")
        hits = tuple(_parse_hit(h, where) for h in record["hits"])
        if record["effect"] == "attack" and (not hits or record["damage"] < 1):
            raise CardDataError(f"{where}: an attack needs 'hits' and a 'damage' of at least 1.")
        if record["effect"] in ("alpha_strike", "detonate") and (record["reach"] < 1 or record["damage"] < 1):
            raise CardDataError(f"{where}: {record['effect']} needs 'reach' and 'damage'.")
        card = ActionCard(notation, record["code"], record["name"], record["colour"], record["effect"],
                          hits, record["damage"], record["reach"], record["text"])
        actions.append(card)
        by_notation[notation] = card
    for effect in ("reload", "set_bomb", "detonate", "charge", "block"):
        if not any(c.effect == effect for c in actions):
            raise CardDataError(f"{file}: the deck needs at least one '{effect}' card.")
    units = []
    for record in validate_table(data, "unit", UNIT_SCHEMA, file=file):
        _check_id(record["id"], f"{file}: unit {record['id']!r} field 'id'")
        if not record["ribbons"]:
            raise CardDataError(f"{file}: unit {record['id']!r} field 'ribbons': needs one or two colours.")
        ribbons = tuple(record["ribbons"])
        units.append(UnitType(record["id"], record["name"], record["hearts"], ribbons,
                              frozenset(ribbons) | {BLACK}, tuple(record["reconstructed"])))
    if len(units) < 3:
        raise CardDataError(f"{file}: an army is three units, so at least three [[unit]] entries are needed.")
    carried = {c for u in units for c in u.ribbons}
    unplayable = sorted({c.colour for c in actions if c.colour != BLACK} - carried)
    if unplayable:  # the card file's own rule: "every colour is reachable by some unit"
        raise CardDataError(f"{file}: no unit has a {unplayable[0]} ribbon, so the {unplayable[0]} action cards "
                            "could never be played; give some unit that colour.")
    factions = []
    for record in validate_table(data, "faction", FACTION_SCHEMA, file=file):
        _check_id(record["id"], f"{file}: faction {record['id']!r} field 'id'")
        factions.append(Faction(record["id"], record["name"]))
    if not factions:
        raise CardDataError(f"{file}: at least one [[faction]] is needed.")
    return CardData(
        actions=tuple(actions),
        by_notation=by_notation,
        units=tuple(units),
        unit_by_id={u.id: u for u in units},
        factions=tuple(factions),
        faction_by_id={f.id: f for f in factions},
    )
