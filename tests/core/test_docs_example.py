"""The hidden-hand game in docs/writing-a-plugin.md runs and passes the check as the page says."""

import random
import re
from pathlib import Path

from tabletop.core import Event
from tabletop.core.check import check_game

PAGE = Path(__file__).parents[2] / "docs" / "writing-a-plugin.md"


def load_example():
    code = re.search(r"## 1\. The rules.*?```python\n(.*?)```", PAGE.read_text(encoding="utf-8"), re.S).group(1)
    scope: dict = {}
    exec(compile(code, str(PAGE), "exec"), scope)  # noqa: S102 - our own documentation
    return scope


def test_the_documented_game_passes_the_check_and_hides_hands():
    game = load_example()["HighCard"]()
    assert check_game(game, games=8).ok
    state = game.new_state(2, seed=3)
    view = game.view(state, 1)
    assert view["hands"][0] == [None, None, None] and sorted(view["hands"][1]) == sorted(state.hands[1])
    assert "hands" in game.view(state, None) and game.view(state, None)["hands"][1] == [None] * 3
    resampled = game.determinize(state, 1, random.Random(0))
    assert resampled.hands[1] == state.hands[1]
    assert sorted(resampled.deck + resampled.hands[0]) == sorted(state.deck + state.hands[0])


def test_forgetting_visible_to_on_the_draw_fails_as_the_page_says():
    scope = load_example()

    class Leaky(scope["HighCard"]):
        def apply(self, state, seat, action):
            return [Event(e.kind, e.text, e.data) for e in super().apply(state, seat, action)]

    problems = check_game(Leaky(), games=2).problems
    assert problems and "event 'draw' is shown to the spectator and names" in problems[0]
