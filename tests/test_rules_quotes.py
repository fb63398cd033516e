"""Every rulebook quote in a game's RULES.md really occurs in that game's rulebook.

Convention (stated at the top of each RULES.md): text in double quotes is quoted verbatim from
the rulebook; ``...`` marks words left out, and quotation marks inside a quote are written as
single quotes. Project notes, card text and names are never put in double quotes. Code spans
(between backticks) are notation, not quotes.

The rulebooks are the extracted texts beside the repository (``<repo>/../shared/seeds``); where
that folder is absent the test is skipped. Comparison ignores case, whitespace, the extraction's
bold markers and which kind of quotation mark or dash is used; nothing else is loosened.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SEEDS = ROOT.parent / "shared" / "seeds"

#: Each bundled game's rulebooks, by the file-name prefix of the extracted text.
RULEBOOKS = {
    "castlewars": ("003",),
    "wms": ("004",),
    "windup_machines": ("002",),
    "windupwar": ("000", "001"),  # the 2017 rulebook and the 2016 edition the option plays
}

_PUNCTUATION = str.maketrans({
    "\u2018": "'", "\u2019": "'", "\u201c": "'", "\u201d": "'", '"': "'",
    "\u2013": "-", "\u2014": "-",
})


def normalise(text: str) -> str:
    """Lower case, one space for any whitespace, one kind of quote mark and dash, no bold marks."""
    text = text.replace("**", "").replace("\u2026", "...").translate(_PUNCTUATION)
    return " ".join(text.lower().split())


def marked_quotes(rules: str) -> list[str]:
    """The double-quoted passages of a RULES.md, code spans left out."""
    prose = re.sub(r"`[^`]*`", "", rules)
    if prose.count('"') % 2:
        raise ValueError("an odd number of double quotes: a quote is not closed")
    return re.findall(r'"([^"]*)"', prose, flags=re.DOTALL)


def fragments(quote: str) -> list[str]:
    """The parts of a quote between omissions, without the punctuation that joins them to prose."""
    parts = (normalise(p).strip(" .,;:") for p in normalise(quote).split("..."))
    return [p for p in parts if p]


def _rulebook_text(game: str) -> str:
    if not SEEDS.is_dir():
        pytest.skip(f"the rulebooks are not beside the repository ({SEEDS} is absent)")
    texts = []
    for prefix in RULEBOOKS[game]:
        found = sorted(SEEDS.glob(f"{prefix}_*.txt"))
        assert found, f"no rulebook {prefix}_*.txt in {SEEDS}"
        texts.append(normalise(found[0].read_text(encoding="utf-8")))
    return "\n".join(texts)


@pytest.mark.parametrize("game", sorted(RULEBOOKS))
def test_every_quote_a_rules_md_marks_occurs_in_the_rulebook(game):
    rules = (ROOT / "plugins" / game / "RULES.md").read_text(encoding="utf-8")
    book = _rulebook_text(game)
    quotes = marked_quotes(rules)
    assert quotes, f"{game}/RULES.md quotes nothing from its rulebook"
    missing = [q for q in quotes if any(f not in book for f in fragments(q))]
    assert not missing, f"{game}/RULES.md marks as rulebook text what the rulebook does not say: {missing}"


@pytest.mark.parametrize("game", sorted(RULEBOOKS))
def test_every_rules_md_states_the_quote_convention(game):
    rules = (ROOT / "plugins" / game / "RULES.md").read_text(encoding="utf-8")
    assert "Text in double quotes is quoted verbatim from the rulebook" in " ".join(rules.split())


def test_the_check_catches_a_sentence_the_rulebook_does_not_contain():
    book = normalise("Players may hold a **maximum of 5** cards.\nShe may \u201cexchange\u201d a card.")
    assert all(f in book for f in fragments("players may hold a maximum of 5 cards"))
    assert all(f in book for f in fragments("She may 'exchange' ... a card."))
    assert not all(f in book for f in fragments("Players may hold a maximum of 6 cards"))
    assert not all(f in book for f in fragments("Race decks are not printed"))
    with pytest.raises(ValueError, match="not closed"):
        marked_quotes('one "closed" and one "open')
    assert marked_quotes('a `"code"` span and "a quote\n  over two lines"') == ["a quote\n  over two lines"]
