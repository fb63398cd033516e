"""Import another checkout's ``tabletop`` (and its games, ``plugins``, if it has them) in place of
this environment's, for measuring two versions side by side with the same packages
(``examples/rl_speed.py --against``, ``tools/rl_steps_fixed.py``). Call :func:`use` before
anything imports ``tabletop``."""

import importlib.machinery
import importlib.util
import os
import sys


def use(checkout: str) -> None:
    """Find ``tabletop`` and ``tabletop_games`` in ``checkout``, ahead of the editable install."""

    class _Other:
        @staticmethod
        def find_spec(name, path=None, target=None):
            if name == "tabletop":
                return importlib.machinery.PathFinder.find_spec(name, [checkout])
            games = os.path.join(checkout, "plugins")
            if name == "tabletop_games" and os.path.isfile(os.path.join(games, "__init__.py")):
                return importlib.util.spec_from_file_location(name, os.path.join(games, "__init__.py"),
                                                              submodule_search_locations=[games])
            return None

    sys.meta_path.insert(0, _Other)
