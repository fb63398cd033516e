"""Custom decks ("Variant: Deckbuilding"): a TOML deck file of card ids and counts, checked
against the rulebook's deck rules with one sentence per problem (RULES.md, "Custom decks").

The options ``deck1`` and ``deck2`` name a bundled deck or a deck file. A file is only read,
never written; its option value becomes ``path#digest`` (the first 12 hex digits of the
file's SHA-256) when the options are resolved, so a record, which keeps options as short text,
replays only with the very deck it was played with.
"""

from __future__ import annotations

import hashlib
import tomllib
from difflib import get_close_matches
from pathlib import Path

from tabletop.plugin_api import OptionError, TomlRefused, parse_toml
from tabletop_games.wms.cards import DECK_SIZE, Deck

SUFFIX = ".toml"
#: A deck file lists about 30 ids: anything larger is not one.
MAX_BYTES = 64 * 1024
#: Longest path an option may name (a record keeps option values of at most 100 characters).
MAX_PATH = 80
DIGITS = 12
#: Most problems one error lists (each its own sentence), then how many more there are.
MAX_PROBLEMS = 8
FIELDS = ("cards", "tokens")


def is_file_value(value: str) -> bool:
    """Whether an option value names a deck file (``x.toml`` or ``x.toml#digest``), not a bundled deck."""
    return value.partition("#")[0].lower().endswith(SUFFIX)


def read_deck(option: str, value: str, cards: dict) -> tuple[str, Deck]:
    """The option's value as it is kept (``path#digest``) and the deck it names; OptionError
    with one sentence per problem when the file cannot be read or breaks the deck rules."""
    path, _, wanted = value.partition("#")
    shown = _shown(path)
    if len(path) > MAX_PATH:
        raise OptionError(f"Option '{option}': the deck file's path is longer than {MAX_PATH} characters; "
                          "move the file nearer or use a shorter name.")
    data = _read(path, shown)
    digest = hashlib.sha256(data).hexdigest()[:DIGITS]
    if wanted and wanted != digest:
        raise OptionError(f"Deck file {shown} has changed since this game was set up, so it would not be the "
                          "same game: restore the file as it was, or start a new game.")
    try:
        data.decode("utf-8")
        table = parse_toml(data)  # depth and value types checked (a deep nesting broke the parser)
    except UnicodeDecodeError:
        raise OptionError(f"Deck file {shown} is not UTF-8 text: write it as TOML, e.g. 'marine = 15' "
                          "under a [cards] heading.") from None
    except TomlRefused as refused:
        raise OptionError(f"Deck file {shown} {refused}: write 'card-id = count' lines under a [cards] heading.") from None
    except tomllib.TOMLDecodeError as error:
        raise OptionError(f"Deck file {shown} is not valid TOML ({str(error)[:80]}): write 'card-id = count' "
                          "lines under a [cards] heading.") from None
    problems = deck_problems(table, cards)
    if problems:
        more = len(problems) - MAX_PROBLEMS
        listed = " ".join(problems[:MAX_PROBLEMS]) + (f" And {more} more problem(s)." if more > 0 else "")
        raise OptionError(f"Deck file {shown} breaks the deck rules. {listed}")
    counts = dict(table["cards"])
    tokens = dict(table.get("tokens", {}))
    deck = Deck(f"custom-{digest}", f"custom deck {Path(path).name}", counts, tokens, next(iter(tokens), ""))
    return f"{path}#{digest}", deck


def _shown(path: str) -> str:
    """The path as a message quotes it: printable characters only, its last 40 (the file's name)."""
    clean = "".join(c if c.isprintable() else "?" for c in path)
    return repr(clean if len(clean) <= 40 else "…" + clean[-39:])


def _read(path: str, shown: str) -> bytes:
    try:
        file = Path(path)
        if file.exists() and not file.is_file():   # a folder, or a pipe that would never end
            raise OptionError(f"Deck file {shown} is not a plain file: name a .toml file.")
        with file.open("rb") as handle:
            data = handle.read(MAX_BYTES + 1)
    except OptionError:
        raise
    except FileNotFoundError:
        raise OptionError(f"Deck file {shown} does not exist: check the path (it is read from the "
                          "folder you run tabletop in).") from None
    except (OSError, ValueError) as error:
        reason = getattr(error, "strerror", None) or "it cannot be opened"
        raise OptionError(f"Deck file {shown} cannot be read ({reason}).") from None
    if len(data) > MAX_BYTES:
        raise OptionError(f"Deck file {shown} is larger than {MAX_BYTES // 1024} KB: a deck file only lists "
                          "card ids and counts.")
    return data


def deck_problems(table: dict, cards: dict) -> list[str]:
    """Every way ``table`` (a parsed deck file) breaks the rulebook's deck rules, one sentence
    each: "No unit card and equipment card can be included more than twice", "Cards with the
    unique keyword, power cards and command cards can only be included once", Common any
    number, "Each deck has 60 cards (not counting token cards ...)" and "Include at least 1
    unit card with the commander keyword"; and the shape of the file."""
    problems = [f"Unknown heading [{_clip(k)}]: a deck file has only [cards] and [tokens]."
                for k in table if k not in FIELDS]
    counts: dict[str, int] = {}
    tokens: dict[str, int] = {}
    for field, found in (("cards", counts), ("tokens", tokens)):
        listed = table.get(field, {})
        if not isinstance(listed, dict):
            problems.append(f"[{field}] must be a table of 'card-id = count' lines.")
            continue
        for card_id, count in listed.items():
            problem = _entry_problem(field, card_id, count, cards)
            if problem:
                problems.append(problem)
            else:
                found[card_id] = count
    if "cards" not in table:
        problems.append(f"There is no [cards] table: list the deck's {DECK_SIZE} cards under [cards].")
    problems += _copies_problems(counts, cards)
    total = sum(counts.values())
    listed = table.get("cards")
    if isinstance(listed, dict) and total != DECK_SIZE and len(counts) == len(listed):
        problems.append(f"The deck has {total} cards (not counting tokens); a deck has {DECK_SIZE}.")
    if counts and not any("commander" in cards[c].keywords for c in counts):
        problems.append("The deck has no unit with the Commander keyword; include at least one.")
    if len(tokens) > 1:
        problems.append("The deck lists more than one kind of Swarm token; a deck has one.")
    if not tokens and any("swarm" in cards[c].keywords for c in counts):
        problems.append("The deck has Swarm units but no Swarm tokens: list them under [tokens].")
    return problems


def _clip(text: object) -> str:
    text = "".join(c if c.isprintable() else "?" for c in str(text))
    return text if len(text) <= 30 else text[:29] + "…"


def _entry_problem(field: str, card_id: str, count: object, cards: dict) -> str | None:
    card = cards.get(card_id)
    if card is None:
        near = get_close_matches(card_id, list(cards), n=1)
        return f"There is no card '{_clip(card_id)}'" + (f" (did you mean '{near[0]}'?)." if near else ".")
    if not isinstance(count, int) or isinstance(count, bool) or count < 1:
        return f"{card.name} has the count {_clip(repr(count))}; write a whole number of 1 or more."
    if (card.type == "token") != (field == "tokens"):
        return (f"{card.name} is a token card: list it under [tokens]." if card.type == "token"
                else f"{card.name} is not a token card: list it under [cards].")
    return None


def _copies_problems(counts: dict[str, int], cards: dict) -> list[str]:
    out = []
    for card_id, count in counts.items():
        card = cards[card_id]
        if count > 1 and ("unique" in card.keywords or card.type in ("power", "command")):
            kind = "Unique" if "unique" in card.keywords else card.type
            out.append(f"{card.name} is included {count} times; a {kind} card may be included only once.")
        elif count > 2 and card.type in ("unit", "equipment") and "common" not in card.keywords:
            article = "an" if card.type == "equipment" else "a"
            out.append(f"{card.name} is included {count} times; {article} {card.type} card may be included at "
                       "most twice unless it is Common.")
    return out
