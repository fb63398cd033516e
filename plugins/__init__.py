"""The games bundled with tabletop (importable as ``tabletop_games``).

Each game is a plugin registered through the ``tabletop`` entry-point group, exactly
like a third party's game.
"""
