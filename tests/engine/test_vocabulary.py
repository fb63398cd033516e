"""A game's action vocabulary: declared by the bundled games, derived from the notation for a
game whose actions are verbs and card ids, refused in one sentence otherwise, and held to by
`tabletop check`."""

import dataclasses
import random

import pytest

from tabletop.core.facets import LearningKit
from tabletop.engine.check import check_game
from tabletop.engine.registry import build_registry
from tabletop.engine.vocabulary import VocabularyError, derive, vocabulary

BUNDLED = ("castlewars", "windupwar", "windup_machines", "wms")


@pytest.fixture(scope="module")
def installed():
    return build_registry()


def legal_met(game, seats, options, games, seed=0):
    met = set()
    for k in range(games):
        state = game.new_state(seats, options=options, seed=seed + k)
        rng = random.Random(k)
        while game.outcome(state) is None:
            seat = game.to_act(state)[0]
            legal = game.legal_actions(state, seat)
            met.update(legal)
            game.apply(state, seat, rng.choice(legal))
    return met


@pytest.mark.parametrize("name", BUNDLED)
def test_every_legal_action_met_is_in_the_vocabulary(name, installed):
    game = installed.game(name)
    for seats in sorted({game.min_players, min(game.max_players, 4)}):
        words = vocabulary(game, seats)
        assert len(words) == len(set(words)) and game.learning.vocabulary is not None
        assert legal_met(game, seats, None, 4) <= set(words)


def test_castle_wars_attacks_name_only_the_seats_at_the_table(installed):
    game = installed.game("castlewars")
    assert [w for w in vocabulary(game, 3) if w.startswith("attack")] == ["attack 1", "attack 2", "attack 3"]


def test_goofspiel_derives_its_vocabulary_from_its_notation(goofspiel):
    """Bare numbers its parse accepts: exactly the cards of a hand, and every one is met."""
    assert getattr(goofspiel, "learning", None) is None
    words = vocabulary(goofspiel, 2)
    assert set(words) == legal_met(goofspiel, 2, None, 3)


def test_a_game_with_no_rules_to_read_cannot_derive_one(goofspiel):
    class NoRules(type(goofspiel)):
        rules = {}

    with pytest.raises(VocabularyError, match="^goofspiel has no rules to derive its action vocabulary from: declare it"):
        derive(NoRules(), 2, {})


def test_the_check_fails_a_legal_action_missing_from_a_declared_vocabulary(installed):
    game = build_registry().game("castlewars")
    game.learning = dataclasses.replace(LearningKit(), vocabulary=lambda g, seats, options: [
        w for w in installed.game("castlewars").learning.vocabulary(g, seats, options) if w != "pass"])
    report = check_game(game, games=2, seats=[2])
    assert not report.ok
    assert "legal_actions_are_in_the_vocabulary" in report.problems[0] and "'pass' is not in" in report.problems[0]


def test_a_notation_of_seats_and_characters_is_derived_too(goofspiel):
    """A Coup-like notation: 'steal 2' names a seat, 'claim duke' a character of cards duke#1..."""
    from tabletop.core.errors import InvalidAction
    from tabletop.engine.vocabulary import arguments

    assert {"duke", "duke#2", "0", "1", "2", "3", "p1", "p3"} <= arguments({"duke#1", "duke#2"}, 3)

    class Steal(type(goofspiel)):
        def parse(self, action):
            verb, _, rest = action.partition(" ")
            if verb == "steal" and rest in ("1", "2"):
                return "steal", (int(rest),)
            raise InvalidAction("Steal from a seat: steal 2.")

    game = Steal()
    game.rules = {"steal": None}
    assert derive(game, 2, {}) == ["steal 1", "steal 2"]


def test_check_notes_what_to_declare_for_a_game_without_a_vocabulary(goofspiel):
    from tabletop.engine.vocabulary import missing_vocabulary

    class NoRules(type(goofspiel)):
        rules = {}

    assert missing_vocabulary(goofspiel, 2) is None
    note = missing_vocabulary(NoRules(), 2)
    assert note == ("goofspiel has no rules to derive its action vocabulary from: declare it as "
                    "LearningKit(vocabulary=...) in the game's learning facet. Without it, tabletop.rl can give "
                    "goofspiel no learning environment.")
