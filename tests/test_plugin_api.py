"""tabletop.plugin_api: one documented place for every public name a plugin needs."""

import inspect

import tabletop.plugin_api as api
from tabletop.core.game import Game


def test_every_public_name_is_there_and_documented():
    for name in api.__all__:
        value = getattr(api, name)
        if isinstance(value, str):  # the zone visibilities, named in the module's docstring
            assert name in api.__doc__
        else:
            assert (inspect.getdoc(value) or "").strip(), f"{name} has no docstring"


def test_what_the_scaffold_and_the_guide_import_is_all_in_it():
    needed = {"Game", "Event", "Outcome", "InvalidAction", "IllegalAction", "CardDataError", "Field", "load_toml",
              "validate_table", "validate_section", "CardState", "zone", "EVERYONE", "OWNER", "NOBODY", "Secret",
              "BotSpec", "hookimpl", "SeatRing", "Option"}
    assert needed <= set(api.__all__)


def test_every_method_of_the_game_base_class_says_what_it_does_by_default():
    for name, member in vars(Game).items():
        if inspect.isfunction(member) and not name.startswith("_"):
            assert inspect.getdoc(member), f"Game.{name} has no docstring"
