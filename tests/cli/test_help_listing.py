"""``tabletop --help`` lists every command with its summary read from the command modules' source,
importing none of them: the same summaries the commands themselves give."""

import subprocess
import sys

from tabletop.cli.app import COMMAND_MODULES, command_summaries, make_app
from tabletop.cli.runtime import Runtime
from tabletop.engine.registry import Registry, make_plugin_manager


def test_the_summaries_read_from_source_are_the_commands_own():
    app = make_app(Runtime(registry=Registry(pm=make_plugin_manager(load_entry_points=False))))
    own = {info.name: " ".join(info.callback.__doc__.split("\n\n")[0].split()) for info in app.registered_commands}
    assert command_summaries() == own
    assert list(own) == list(COMMAND_MODULES)


def test_help_imports_no_command_module():
    probe = ("from tabletop.cli.app import main\ntry:\n main(['--help'])\nexcept SystemExit:\n pass\n"
             "import sys\nprint('IMPORTED', *sorted(m for m in sys.modules if m.endswith('_cmd')))")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert "simulate" in done.stdout and "Commands" in done.stdout
    assert done.stdout.split("IMPORTED")[-1].split() == []
