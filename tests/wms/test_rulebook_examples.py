"""The rulebook's smaller examples (Restrictions, Squad (*)), each a test named after it."""

from tabletop_games.wms.cards import parse_squad
from tabletop_games.wms.keywords import squad_fits
from tests.wms.helpers import GAME, MARINES, fight, legal, play


def _fits(spec, *members):
    return squad_fits(parse_squad(spec, "test"), [GAME.cards[m].keywords for m in members])


def test_example_light_only():
    """"For example: if a card says 'Light only', it can only be played together with a unit
    card with the Light keyword." (the Jump Pack is Light only)"""
    state = fight(["marine", "jump-pack", "stern-veteran"], ["renegade"])
    play(state, MARINES, "play marine")                       # Light
    assert "equip jump-pack" in legal(state, MARINES)
    play(state, MARINES, "cancel", "play stern-veteran")      # Character, Fearless: not Light
    assert "equip jump-pack" not in legal(state, MARINES)


def test_example_squad_2l():
    """"Squad (2L): 2 unit cards with the Light keyword"."""
    assert _fits("2L", "marine", "sergeant")
    assert _fits("2L", "marine")                              # "you may also play": fewer is fine
    assert not _fits("2L", "marine", "sergeant", "scout")
    assert not _fits("2L", "devastator")                      # Heavy, not Light


def test_example_squad_1v_plus_1h():
    """"Squad (1V+1H): 1 unit card with the Vehicle keyword and 1 unit card with the Heavy keyword"."""
    assert _fits("1V+1H", "devastator", "razortank")          # Heavy + Vehicle, in any order
    assert not _fits("1V+1H", "devastator", "havoc")          # two Heavy, no Vehicle
    assert not _fits("1V+1H", "marine")


def test_example_squad_1c_or_1m():
    """"Squad (1C/1M): 1 unit card with the Character keyword or 1 unit card with the Monster keyword"."""
    assert _fits("1C/1M", "sergeant")
    assert _fits("1C/1M", "hellish-brute")
    assert not _fits("1C/1M", "sergeant", "hellish-brute")    # one or the other, not both
