"""Every Python block of docs/writing-a-plugin.md and docs/hooks.md runs, in order, as written."""

import re
from pathlib import Path

import pytest

DOCS = Path(__file__).parents[2] / "docs"


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
