"""Class 6 (card data): card data mutated field by field, or cut down to a few cards of a kind,
is refused at load with a named error (CardDataError, or a load failure naming the game), or
makes a game that plays without a crash. Never a crash in the middle of someone's evening."""

from __future__ import annotations

import importlib
import inspect
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabletop.core import hookimpl
from tabletop.core.errors import CardDataError, TabletopError
from tabletop.core.game import Game
from tabletop.engine.registry import build_registry
from tabletop.testing import random_match

BUNDLED = ["castlewars", "windup_machines", "windupwar", "wms"]
VALUES = ["-1", "0", "1", "2", "1000", '"x"', "true", "[]", "1.5"]


def _parts(name: str):
    cards = importlib.import_module(f"tabletop_games.{name}.cards")
    rules = importlib.import_module(f"tabletop_games.{name}.game")
    game_class = next(
        c for c in vars(rules).values()
        if inspect.isclass(c) and issubclass(c, Game) and c.__module__ == rules.__name__
    )
    return cards, game_class, Path(cards.CARDS_FILE).read_text(encoding="utf-8")


@st.composite
def mutations(draw, text: str) -> str:
    lines = text.splitlines()
    if draw(st.booleans()):  # change a few values
        fields = [i for i, line in enumerate(lines) if re.match(r"^\s*\w+\s*=\s*\S", line)]
        for _ in range(draw(st.integers(1, 3))):
            i = draw(st.sampled_from(fields))
            lines[i] = lines[i].split("=", 1)[0] + "= " + draw(st.sampled_from(VALUES))
        return "\n".join(lines)
    sections = sorted({m.group(1) for m in re.finditer(r"^\[\[(\w+)\]\]", text, re.M)})
    section = draw(st.sampled_from(sections))  # keep only the first few cards of one kind
    keep = draw(st.integers(0, 2))
    out, seen, skipping = [], 0, False
    for line in lines:
        header = re.match(r"^\[\[?(\w+)\]?\]", line)
        if header:
            skipping = False
            if line.startswith(f"[[{section}]]"):
                seen += 1
                skipping = seen > keep
        if not skipping:
            out.append(line)
    return "\n".join(out)


@pytest.mark.parametrize("name", BUNDLED)
def test_mutated_card_data_is_refused_by_name_or_plays(name, tmp_path_factory):
    cards, game_class, text = _parts(name)

    @settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow], database=None)
    @given(mutated=mutations(text))
    def check(mutated):
        path = tmp_path_factory.mktemp("cards") / "cards.toml"
        path.write_text(mutated, encoding="utf-8")
        try:
            data = cards.load_cards(path)
        except CardDataError:
            return
        game = game_class(data)

        class Plugin:
            @staticmethod
            @hookimpl
            def tabletop_register_games():
                return [game]

        registry = build_registry(load_entry_points=False, extra=[Plugin])
        if game.name not in registry.games:
            assert registry.failures and registry.failures[0].reason.startswith("CardDataError")
            return
        for seats in sorted({game.min_players, min(game.max_players, 4)}):
            try:
                random_match(game, seats, seed=1)
            except TabletopError:
                pass

    check()
