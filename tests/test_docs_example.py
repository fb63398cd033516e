"""Every Python block of docs/writing-a-plugin.md and docs/hooks.md runs, in order, as written."""

import re
from pathlib import Path

import pytest

DOCS = Path(__file__).parents[1] / "docs"


def python_blocks(page: Path) -> list[str]:
    return re.findall(r"```python\n(.*?)```", page.read_text(encoding="utf-8"), re.S)


def run_page(page: Path) -> dict:
    scope: dict = {"__name__": f"docs_{page.stem.replace('-', '_')}"}
    for number, code in enumerate(python_blocks(page), start=1):
        try:
            exec(compile(code, f"{page.name} block {number}", "exec"), scope)  # noqa: S102 - our own documentation
        except Exception as error:
            pytest.fail(f"{page.name}: Python block {number} fails: {type(error).__name__}: {error}")
    return scope


def test_every_snippet_of_the_plugin_guide_runs_in_order():
    page = DOCS / "writing-a-plugin.md"
    assert len(python_blocks(page)) >= 15
    scope = run_page(page)
    assert scope["Auction"]().name == "auction"


def test_the_hooks_page_example_keeps_a_statistic_and_adds_a_command():
    scope = run_page(DOCS / "hooks.md")
    assert sum(scope["tally"].counts.values()) > 0


def test_the_guide_covers_what_a_newcomer_needs():
    text = (DOCS / "writing-a-plugin.md").read_text(encoding="utf-8")
    for topic in ("Card data and its errors", "Hidden information with zones", "Simultaneous decisions",
                  "Events", "Determinism and randomness", "Rendering", "Bots", "Observer and command hooks",
                  "pytest plugin", "Versioning", "Publishing", "tabletop.plugin_api", "tabletop new"):
        assert topic in text, topic


def test_no_doc_points_outside_the_repository():
    root = DOCS.parent
    pages = [*DOCS.glob("*.md"), root / "README.md", *root.glob("plugins/*/RULES.md")]
    offenders = [str(p.relative_to(root)) for p in pages if re.search(r"(^|[^\w])shared/", p.read_text(encoding="utf-8"))]
    assert offenders == []


def test_the_guide_builds_the_very_game_tabletop_new_writes(tmp_path, monkeypatch):
    """Same seeds, same actions: the guide's Auction and the scaffold's give the same views,
    events and outcomes, so the page explains the code a newcomer actually gets."""
    import importlib
    import random
    import sys

    from tabletop.scaffold import write

    write("auction", tmp_path / "auction")
    monkeypatch.syspath_prepend(str(tmp_path / "auction"))
    try:
        scaffold = importlib.import_module("auction.game").Auction()
    finally:
        for name in [m for m in sys.modules if m == "auction" or m.startswith("auction.")]:
            del sys.modules[name]
    guide = run_page(DOCS / "writing-a-plugin.md")["Auction"]()
    for seed in range(12):
        seats = 2 + seed % 3
        rng = random.Random(seed)
        a, b = guide.new_state(seats, seed=seed), scaffold.new_state(seats, seed=seed)
        while scaffold.outcome(b) is None:
            assert [guide.view(a, s) for s in (None, *range(seats))] == [scaffold.view(b, s) for s in (None, *range(seats))]
            seat = scaffold.to_act(b)[0]
            action = rng.choice(scaffold.legal_actions(b, seat))
            assert guide.apply(a, seat, action) == scaffold.apply(b, seat, action)
        assert guide.outcome(a) == scaffold.outcome(b)
