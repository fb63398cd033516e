"""Load and check WMS card data (cards.toml): cards, effects and the starter decks.

The loader enforces the rulebook's deckbuilding rules on every shipped deck, so a designer
who edits the TOML gets an error naming file, card and field instead of a broken game.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from tabletop.plugin_api import CardDataError, Field, load_toml, validate_table

CARDS_FILE = Path(__file__).with_name("cards.toml")
DECK_SIZE = 60
MAX_WOUNDS = 4
MAX_RESERVES = 3

TRAITS = ("character", "demon", "heavy", "light", "vehicle")
KEYWORDS = (
    "aa", "blast", "change", "commander", "common", "disrupt", "enfeeble", "fear", "fearless",
    "fly", "fury", "guard", "monster", "repair", "reserves", "sniper", "stealth", "swarm",
    "tide", "unique",
) + TRAITS
#: Derived from the `psych` and `squad` fields, never written in `keywords`.
DERIVED = ("psych", "squad")
TYPES = ("unit", "equipment", "power", "command", "token")
SQUAD_LETTERS = {"L": "light", "H": "heavy", "V": "vehicle", "C": "character", "M": "monster",
                 "D": "demon", "U": "unit"}
LINGERING_KINDS = ("bonus", "grant", "tide")
IMMEDIATE_KINDS = ("draw", "heal")


@dataclass(frozen=True, slots=True)
class Effect:
    kind: str
    side: str = "own"
    style: str = "both"
    amount: int = 1
    keyword: str = ""


@dataclass(frozen=True, slots=True)
class Card:
    id: str
    name: str
    type: str
    cc: int
    rc: int
    keywords: frozenset[str]
    psych: int
    squad: tuple[tuple[frozenset[str], ...], ...]   # alternatives, each a tuple of slots
    squad_text: str
    only: frozenset[str]
    timing: str
    effects: tuple[Effect, ...]
    text: str
    provenance: str

    @property
    def is_unit(self) -> bool:
        return self.type == "unit"


@dataclass(frozen=True, slots=True)
class Deck:
    id: str
    name: str
    cards: dict[str, int]     # card id -> copies, tokens excluded
    tokens: dict[str, int]    # token card id -> copies
    swarm_token: str          # "" when the deck has no tokens


@dataclass(frozen=True, slots=True)
class CardRules:
    cards: dict[str, Card]
    decks: dict[str, Deck]


_CARD = {
    "id": Field(str),
    "name": Field(str),
    "type": Field(str, choices=TYPES),
    "cc": Field(int, required=False, default=0, minimum=-20, maximum=99),
    "rc": Field(int, required=False, default=0, minimum=-20, maximum=99),
    "keywords": Field(list, required=False, default=[], item_type=str, choices=KEYWORDS),
    "psych": Field(int, required=False, default=0, minimum=0, maximum=9),
    "squad": Field(str, required=False, default=""),
    "only": Field(list, required=False, default=[], item_type=str, choices=KEYWORDS),
    "timing": Field(str, required=False, default="", choices=("", "immediate", "lingering")),
    "effects": Field(list, required=False, default=[], item_type=dict),
    "text": Field(str, required=False, default=""),
    "provenance": Field(str),
}
_EFFECT = {
    "kind": Field(str, choices=LINGERING_KINDS + IMMEDIATE_KINDS),
    "side": Field(str, required=False, default="own", choices=("own", "opponent")),
    "style": Field(str, required=False, default="both", choices=("cc", "rc", "both")),
    "amount": Field(int, required=False, default=1, minimum=-9, maximum=9),
    "keyword": Field(str, required=False, default="", choices=("",) + KEYWORDS),
}
_DECK = {
    "id": Field(str),
    "name": Field(str),
    "cards": Field(dict),
    "tokens": Field(dict, required=False, default={}),
    "provenance": Field(str),
}


def parse_squad(spec: str, where: str) -> tuple[tuple[frozenset[str], ...], ...]:
    """'1V+1H' -> ((vehicle-slot, heavy-slot),); '1C/1M' -> ((character,), (monster,))."""
    alternatives = []
    for alternative in spec.upper().split("/"):
        slots: list[frozenset[str]] = []
        for part in alternative.split("+"):
            part = part.strip()
            if len(part) < 2 or not part[:-1].isdigit() or part[-1] not in SQUAD_LETTERS:
                raise CardDataError(f"{where}: {spec!r} is not a squad like '2L', '1V+1H' or '1C/1M'.")
            slots.extend([frozenset((SQUAD_LETTERS[part[-1]],))] * int(part[:-1]))
        if not slots:
            raise CardDataError(f"{where}: {spec!r} names no unit cards.")
        alternatives.append(tuple(slots))
    return tuple(alternatives)


def _effects(card: dict, file: str) -> tuple[Effect, ...]:
    label = f"{file}: card {card['id']!r} field 'effects'"
    records = validate_table({"effect": card["effects"]}, "effect", _EFFECT, file=label, key="_")
    out = []
    for number, e in enumerate(records, start=1):
        where = f"{label}: effect #{number}"
        if e["kind"] == "grant" and not e["keyword"]:
            raise CardDataError(f"{where} field 'keyword': a grant names the keyword it gives.")
        immediate = card["type"] == "command" and card["timing"] == "immediate"
        allowed = IMMEDIATE_KINDS if immediate else LINGERING_KINDS
        if e["kind"] not in allowed:
            what = "an immediate command card" if immediate else "a lingering effect or command ability"
            raise CardDataError(f"{where} field 'kind': {e['kind']!r} cannot be used by {what} "
                                f"(use one of {', '.join(allowed)}).")
        out.append(Effect(e["kind"], e["side"], e["style"], e["amount"], e["keyword"]))
    return tuple(out)


def _check_timing_and_effects(raw: dict, label: str, kind: str, keywords: set[str]) -> None:
    """Only command cards have a timing; effects belong to command cards and commanders."""
    if kind == "command" and not raw["timing"]:
        raise CardDataError(f"{label} field 'timing': a command card is immediate or lingering.")
    if kind != "command" and raw["timing"]:
        raise CardDataError(f"{label} field 'timing': only command cards have a timing.")
    if raw["effects"] and kind not in ("command", "unit"):
        raise CardDataError(f"{label} field 'effects': only command cards and commanders have effects.")
    if kind == "unit" and raw["effects"] and "commander" not in keywords:
        raise CardDataError(f"{label} field 'effects': a command ability needs the commander keyword.")
    if kind == "command" and not raw["effects"]:
        raise CardDataError(f"{label} field 'effects': a command card needs at least one effect.")


def _check_kind(raw: dict, label: str, kind: str, keywords: set[str]) -> None:
    """Psych and Squad on units, restrictions on equipment and powers, tokens with traits only."""
    if (raw["psych"] or raw["squad"]) and kind != "unit":
        raise CardDataError(f"{label}: only unit cards have Psych or Squad.")
    if raw["only"] and kind not in ("equipment", "power"):
        raise CardDataError(f"{label} field 'only': only equipment and power cards have restrictions.")
    if kind == "token" and keywords - set(TRAITS):
        raise CardDataError(f"{label} field 'keywords': token cards may only have traits.")
    if kind in ("unit", "token") and (raw["cc"] < 0 or raw["rc"] < 0):
        raise CardDataError(f"{label}: printed CC and RC of units are 0 or more.")


def _card(raw: dict, file: str) -> Card:
    label = f"{file}: card {raw['id']!r}"
    kind = raw["type"]
    keywords = set(raw["keywords"])
    _check_timing_and_effects(raw, label, kind, keywords)
    _check_kind(raw, label, kind, keywords)
    squad = parse_squad(raw["squad"], f"{label} field 'squad'") if raw["squad"] else ()
    if raw["psych"]:
        keywords.add("psych")
    if squad:
        keywords.add("squad")
    return Card(
        id=raw["id"], name=raw["name"], type=kind, cc=raw["cc"], rc=raw["rc"],
        keywords=frozenset(keywords), psych=raw["psych"], squad=squad, squad_text=raw["squad"].upper(),
        only=frozenset(raw["only"]), timing=raw["timing"], effects=_effects(raw, file),
        text=raw["text"], provenance=raw["provenance"],
    )


def _counts(raw: dict, cards: dict[str, Card], label: str) -> dict[str, int]:
    """The deck's cards and their counts (tokens checked, not counted)."""
    counts: dict[str, int] = {}
    for field in ("cards", "tokens"):
        for card_id, count in raw[field].items():
            where = f"{label} field '{field}' card {card_id!r}"
            if card_id not in cards:
                raise CardDataError(f"{where}: no such card.")
            if not isinstance(count, int) or isinstance(count, bool) or count < 1:
                raise CardDataError(f"{where}: expected a count of 1 or more, got {count!r}.")
            if (cards[card_id].type == "token") != (field == "tokens"):
                raise CardDataError(f"{where}: token cards go in 'tokens', all others in 'cards'.")
            if field == "cards":
                counts[card_id] = count
    return counts


def _check_copies(counts: dict[str, int], cards: dict[str, Card], label: str) -> None:
    """Deckbuilding: Unique, power and command cards once; units and equipment twice unless Common."""
    for card_id, count in counts.items():
        card = cards[card_id]
        where = f"{label} field 'cards' card {card_id!r}"
        once = "unique" in card.keywords or card.type in ("power", "command")
        if once and count > 1:
            raise CardDataError(f"{where}: unique, power and command cards are included once, not {count} times.")
        if "common" not in card.keywords and card.type in ("unit", "equipment") and count > 2:
            raise CardDataError(f"{where}: a unit or equipment card is included at most twice "
                                f"unless it is Common, not {count} times.")


def _check_deck(raw: dict, cards: dict[str, Card], file: str) -> Deck:
    label = f"{file}: deck {raw['id']!r}"
    counts = _counts(raw, cards, label)
    _check_copies(counts, cards, label)
    total = sum(counts.values())
    if total != DECK_SIZE:
        raise CardDataError(f"{label} field 'cards': a deck has {DECK_SIZE} cards (not counting tokens), "
                            f"this one has {total}.")
    if not any("commander" in cards[c].keywords for c in counts):
        raise CardDataError(f"{label} field 'cards': include at least one unit with the commander keyword.")
    if len(raw["tokens"]) > 1:
        raise CardDataError(f"{label} field 'tokens': a deck has one kind of Swarm token.")
    swarm = next(iter(raw["tokens"]), "")
    if any("swarm" in cards[c].keywords for c in counts) and not swarm:
        raise CardDataError(f"{label} field 'tokens': the deck has Swarm units but no Swarm tokens.")
    return Deck(raw["id"], raw["name"], counts, dict(raw["tokens"]), swarm)


def load_cards(path: str | Path = CARDS_FILE) -> CardRules:
    """Read and validate cards.toml; every error names the file, the card and the field."""
    path = Path(path)
    file = path.name
    data = load_toml(path)
    cards: dict[str, Card] = {}
    for raw in validate_table(data, "card", _CARD, file=file):
        if not raw["id"] or raw["id"] != raw["id"].lower() or " " in raw["id"]:
            raise CardDataError(f"{file}: card {raw['id']!r} field 'id': use lower case and dashes, no spaces.")
        cards[raw["id"]] = _card(raw, file)
    decks = {raw["id"]: _check_deck(raw, cards, file) for raw in validate_table(data, "deck", _DECK, file=file)}
    if len(decks) < 2:
        raise CardDataError(f"{file}: at least two [[deck]] entries are needed for a game.")
    return CardRules(cards=cards, decks=decks)
