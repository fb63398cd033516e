"""docs/hooks.md documents exactly the hook specs of tabletop/core/hookspecs.py."""

from pathlib import Path

from tabletop.core import hookdoc

PAGE = Path(__file__).parents[2] / "docs" / "hooks.md"


def test_the_hook_reference_is_generated_from_the_specs():
    page = PAGE.read_text(encoding="utf-8")
    assert page == hookdoc.update(page), "docs/hooks.md is stale: run python -m tabletop.core.hookdoc docs/hooks.md"


def test_every_hook_spec_appears_with_its_signature_and_docstring():
    page = PAGE.read_text(encoding="utf-8")
    specs = hookdoc.specs()
    assert len(specs) >= 5
    for fn in specs:
        assert hookdoc.signature(fn) in page
        assert fn.__doc__.strip().splitlines()[0] in page


def test_the_regeneration_command_rewrites_a_stale_page(tmp_path):
    stale = tmp_path / "hooks.md"
    stale.write_text(f"# Hooks\n{hookdoc.START}\nold text\n{hookdoc.END}\nafter\n", encoding="utf-8")
    assert hookdoc.main([str(stale)]) == 0
    text = stale.read_text(encoding="utf-8")
    assert "old text" not in text and "### `tabletop_observe_event`" in text and text.endswith("after\n")
