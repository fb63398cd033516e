"""The layers import only downward: core < engine < agents < net, rl < terminal < screen < cli, the lab
beside the engine, and the bundled games only through ``tabletop.plugin_api`` and
``tabletop.testing`` (the two modules a third party's game may use).

Every import statement counts, those under ``if TYPE_CHECKING:`` and inside functions too:
a typing-only import that points up is still a layer the code leans on.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

#: Each package's layer; a module may import from its own layer or lower ones, never higher.
#: The lab sits beside the engine, just above it (it runs games through the engine; the engine never
#: reaches into the lab); the scaffold is templates and one loader at the engine's height; the
#: learning environments (rl) run games through the engine with bots as players, below any terminal;
#: the network table (net) beside them, serving sessions to people elsewhere (neither uses the other);
#: plugin_api and testing gather names for plugins from below.
LAYERS = {
    "core": 0,
    "engine": 1,
    "scaffold": 1,
    "lab": 1.5,
    "agents": 2,
    "net": 2.5,
    "rl": 2.5,
    "terminal": 3,
    "screen": 4,
    "cli": 5,
    "plugin_api": 6,
    "testing": 6,
    "__main__": 6,
}
#: Packages of one layer that must not import each other.
APART = {frozenset({"engine", "scaffold"}), frozenset({"net", "rl"})}
#: What a bundled game may import from tabletop.
PLUGIN_MAY_IMPORT = ("tabletop.plugin_api", "tabletop.testing")


def imports(path: Path) -> list[tuple[int, str]]:
    """(line, module) for every absolute import in the file, wherever it stands."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.append((node.lineno, node.module))
            found += [(node.lineno, f"{node.module}.{alias.name}") for alias in node.names
                      if node.module == "tabletop"]
    return found


def package_of(module: str) -> str | None:
    parts = module.split(".")
    return parts[1] if parts[0] == "tabletop" and len(parts) > 1 else None


def engine_modules() -> list[Path]:
    return sorted((ROOT / "tabletop").rglob("*.py"))


def test_every_package_has_a_layer():
    packages = {path.relative_to(ROOT / "tabletop").parts[0].removesuffix(".py") for path in engine_modules()}
    assert packages - {"__init__"} <= set(LAYERS), f"give these a layer: {packages - set(LAYERS) - {'__init__'}}"


@pytest.mark.parametrize("path", engine_modules(), ids=lambda p: str(p.relative_to(ROOT)))
def test_no_import_points_up(path):
    own = path.relative_to(ROOT / "tabletop").parts[0].removesuffix(".py")
    if own == "__init__":
        return
    wrong = []
    for line, module in imports(path):
        target = package_of(module)
        if target is None or target == own or target not in LAYERS:
            continue
        if LAYERS[target] > LAYERS[own] or frozenset({own, target}) in APART:
            wrong.append(f"{path.relative_to(ROOT)}:{line} imports {module} ({target} is not below {own})")
    assert not wrong, "\n".join(wrong)


def test_no_command_module_imports_another():
    """cli is thin: each ``*_cmd`` module parses, calls and renders; what two commands share
    lives in a module that is not a command."""
    wrong = []
    for path in sorted((ROOT / "tabletop" / "cli").glob("*_cmd.py")):
        for line, module in imports(path):
            if module.startswith("tabletop.cli.") and (module.endswith("_cmd") or module == "tabletop.cli.app"
                                                       or "_cmd." in module or module.startswith("tabletop.cli.app.")):
                wrong.append(f"{path.relative_to(ROOT)}:{line} imports {module}")
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize("game", sorted(p.name for p in (ROOT / "plugins").iterdir() if (p / "game.py").is_file()))
def test_bundled_games_import_only_the_plugin_api(game):
    """The bundled games are the examples a third party copies: they use what it may use."""
    wrong = []
    for path in sorted((ROOT / "plugins" / game).rglob("*.py")):
        for line, module in imports(path):
            if module.split(".")[0] == "tabletop" and module != "tabletop" and not module.startswith(PLUGIN_MAY_IMPORT):
                wrong.append(f"{path.relative_to(ROOT)}:{line} imports {module}")
    assert not wrong, "\n".join(wrong)
