"""F1's help page shows a game's notation as written: `<placeholder>`s are not swallowed as HTML
tags, nor `*`/`_` read as emphasis (#24 item 9)."""

import pytest
from markdown_it import MarkdownIt

from tabletop.screen.text import help_markdown


def shown(markdown: str) -> str:
    """The text a Markdown page shows (what Textual's Markdown widget parses it into)."""
    tokens = MarkdownIt("gfm-like").parse(markdown)
    return " ".join(child.content for t in tokens if t.type == "inline" for child in t.children
                    if child.type in ("text", "code_inline"))


@pytest.mark.parametrize("name", ["windupwar", "castlewars", "wms", "windup_machines", "goofspiel"])
def test_every_placeholder_of_a_games_notation_is_on_its_help_page(registry, name):
    game = registry.game(name)
    page = shown(help_markdown(game, "Pick a <card>, *then* a_b."))
    assert "Pick a <card>, *then* a_b." in page
    for word in game.notation_help.split():
        if "<" in word:
            assert word.strip("'\",.;:()") in page, word
