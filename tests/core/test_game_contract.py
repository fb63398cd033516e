import pytest

from tabletop.core import Event, Game, Option, OptionError, Outcome, SeatCountError


class Variant(Game):
    name = "variant"
    title = "Variant"
    min_players, max_players = 2, 16
    recommended_max_players = 8
    options = (
        Option("edition", "2017", choices=("2017", "2016")),
        Option("rounds", 5),
        Option("fast", False),
    )


def test_options_fill_defaults_and_parse_command_line_text():
    game = Variant()
    assert game.resolve_options() == {"edition": "2017", "rounds": 5, "fast": False}
    assert game.parse_options(["edition=2016", "rounds=7", "fast=yes"]) == {
        "edition": "2016", "rounds": 7, "fast": True,
    }


@pytest.mark.parametrize(
    ("pairs", "message"),
    [
        (["editon=2016"], "'variant' has no option 'editon' (did you mean 'edition'?); its options are: edition, rounds, fast."),
        (["edition=2015"], "Option 'edition' cannot be '2015'; choose one of: 2017, 2016."),
        (["rounds=many"], "Option 'rounds' takes a whole number, not 'many'."),
        (["fast=perhaps"], "Option 'fast' takes true or false, not 'perhaps'."),
        (["edition"], "Write options as key=value, not 'edition'."),
    ],
)
def test_bad_options_get_one_clear_sentence(pairs, message):
    with pytest.raises(OptionError) as error:
        Variant().parse_options(pairs)
    assert str(error.value) == message


def test_a_game_without_options_says_so_rather_than_listing_none():
    from tests.goofspiel.game import Goofspiel

    with pytest.raises(OptionError) as error:
        Goofspiel().parse_options(["cards=7"])
    assert str(error.value) == "'goofspiel' has no option 'cards': it takes no options."


def test_an_option_name_or_value_with_a_line_break_is_quoted_on_one_line():
    from tests.goofspiel.game import Goofspiel

    for game, given in ((Goofspiel(), {"\n": "1"}), (Variant(), {"edition": "20\n16"}), (Variant(), {"fast": "y\ns"})):
        with pytest.raises(OptionError) as error:
            game.resolve_options(given)
        assert "\n" not in str(error.value) and "\\x0a" in str(error.value)


def test_seat_counts_outside_the_range_are_refused_and_unusual_ones_warned():
    game = Variant()
    with pytest.raises(SeatCountError, match="Variant is for 2-16 players, not 1."):
        game.check_seats(1)
    assert game.seat_warning(8) is None
    assert "tested with up to 8" in game.seat_warning(9)


def test_outcome_shares_and_round_trips():
    outcome = Outcome((0, 2), "shared", scores=(3, 1, 3))
    assert outcome.share(0) == 0.5 and outcome.share(1) == 0.0
    assert Outcome.from_dict(outcome.to_dict()) == outcome


def test_event_names_seats_and_hides_secrets():
    secret = Event("draw", "{p1} draws a Tower", visible_to=frozenset({1}))
    assert secret.render(["Ann", "Bo"]) == "Bo draws a Tower"
    assert secret.visible(1) and not secret.visible(0) and not secret.visible(None)
    assert Event("x", "public").visible(None)
