"""The engine's apply for a game that states its rules once per verb (``rules = rulebook(...)``):
what a player sees when an action is refused or taken, and the facets a game carries instead of
hooks (board, search kit, statistics), from a small game defined here.

Stones: a pile of 7; in turn each seat takes 1 to 3 stones (``take 2``), or once a game says
something (``say hello``) instead; whoever takes the last stone wins.
"""

from __future__ import annotations

import pytest

from tabletop.core.board import Board, board_for
from tabletop.core.options import ECHO
from tabletop.core.rules import MAX_ACTION, PARSE_CACHE
from tabletop.engine.facet_hooks import search_kit
from tabletop.engine.registry import build_registry
from tabletop.plugin_api import (
    Event,
    Game,
    IllegalAction,
    InvalidAction,
    Outcome,
    Rule,
    SearchKit,
    Stat,
    hookimpl,
    rulebook,
)


class Pile:
    def __init__(self, seats: int):
        self.seats, self.stones, self.turn, self.said, self.result = seats, 7, 0, [False] * seats, None


def refuse_take(game, state, seat, count):
    if not 1 <= count <= 3:
        return "Take 1, 2 or 3 stones."
    if count > state.stones:
        return f"Only {state.stones} stones are left."
    return None


def take(game, state, seat, count):
    state.stones -= count
    events = [Event("take", f"{{p{seat}}} takes {count}.", {"count": count})]
    if state.stones == 0:
        state.result = Outcome((seat,), "took the last stone")
    else:
        state.turn = (seat + 1) % state.seats
    return events


def refuse_say(game, state, seat, text):
    return f"Nobody hears '{text}': you have spoken once." if state.said[seat] else None


def say(game, state, seat, text):
    state.said[seat] = True
    state.turn = (seat + 1) % state.seats
    return [Event("say", f"{{p{seat}}} says {text}.", {"text": text})]


class Stones(Game):
    name = "stones"
    title = "Stones"
    max_players = 3
    rules = rulebook(Rule("take", refuse_take, take), Rule("say", refuse_say, say))

    def __init__(self):
        self.parsed: list[str] = []  # every text parse was asked about, in order

    def setup(self, seats, options, seed):
        return Pile(seats)

    def parse(self, action):
        self.parsed.append(action)
        verb, _, rest = action.partition(" ")
        if verb == "take" and rest.isdigit():
            return "take", (int(rest),)
        if verb == "say" and rest:
            return "say", (action,)  # what is said is quoted whole
        raise InvalidAction(f"'{action}' is not an action: type take and a number, or say and words.")

    def not_asked(self, state, seat, verb):
        return f"Seat {seat + 1} may not {verb} now: it is seat {state.turn + 1}'s turn."

    def to_act(self, state):
        return () if state.result else (state.turn,)

    def candidates(self, state, seat):
        return ["take 1", "take 2", "take 3", "say pass"]

    def outcome(self, state):
        return state.result

    def copy(self, state):
        new = Pile(state.seats)
        new.stones, new.turn, new.said, new.result = state.stones, state.turn, list(state.said), state.result
        return new


def looks(state):
    return (state.stones, state.turn, list(state.said), state.result)


@pytest.fixture
def game():
    return Stones()


@pytest.mark.parametrize(("seat", "action", "sentence"), [
    (None, "take 1", "None is not a seat: seats are whole numbers from 0."),
    ("0", "take 1", "'0' is not a seat: seats are whole numbers from 0."),
    (1.0, "take 1", "1.0 is not a seat: seats are whole numbers from 0."),
    (True, "take 1", "True is not a seat: seats are whole numbers from 0."),
    (-1, "take 1", "-1 is not a seat: seats are whole numbers from 0."),
    (0, 5, "An action is text, not int."),
    (0, None, "An action is text, not NoneType."),
    (0, "x" * (MAX_ACTION + 1), f"'{'x' * ECHO}...' is too long to be an action."),
])
def test_nonsense_arguments_are_refused_before_the_rules_see_them(game, seat, action, sentence):
    state = game.new_state(2)
    with pytest.raises(InvalidAction) as refused:
        game.apply(state, seat, action)
    assert str(refused.value) == sentence
    assert game.parsed == [] and looks(state) == (7, 0, [False, False], None)


def test_each_text_is_parsed_once_however_often_it_is_played(game):
    for _ in range(3):
        state = game.new_state(2)
        game.apply(state, 0, "take 1")
        game.apply(state, 1, "take 1")
        assert game.refusal(state, 0, "take 1") is None
        assert game.legal_actions(state, 0) == ["take 1", "take 2", "take 3", "say pass"]
    assert sorted(game.parsed) == ["say pass", "take 1", "take 2", "take 3"]


def test_hostile_input_cannot_grow_the_parse_cache_past_its_bound(game):
    state = game.new_state(2)
    game.refusal(state, 0, "take 1")
    for n in range(PARSE_CACHE + 100):  # every one parses, and every one is refused
        assert game.refusal(state, 0, f"take {n + 10}") == "Take 1, 2 or 3 stones."
    assert len(game.parsed) == PARSE_CACHE + 101
    game.refusal(state, 0, "take 1")  # cached before the flood: still parsed only once
    game.refusal(state, 0, f"take {PARSE_CACHE + 105}")  # past the bound: parsed again each time
    assert game.parsed.count("take 1") == 1 and game.parsed.count(f"take {PARSE_CACHE + 105}") == 2


def test_a_rule_refuses_with_its_sentence_and_changes_nothing(game):
    state = game.new_state(2)
    game.apply(state, 0, "take 3")
    game.apply(state, 1, "take 3")
    before = looks(state)
    with pytest.raises(IllegalAction) as refused:
        game.apply(state, 0, "take 2")
    assert str(refused.value) == "Only 1 stones are left." and refused.value.action == "take 2"
    assert looks(state) == before


def test_taking_an_action_returns_its_rules_events(game):
    state = game.new_state(2)
    events = game.apply(state, 0, "take 2")
    assert [(e.kind, e.render(["Ann", "Bo"]), e.data) for e in events] == [("take", "Ann takes 2.", {"count": 2})]
    assert (state.stones, game.to_act(state)) == (5, (1,))


def test_a_seat_not_asked_reads_the_games_own_sentence_naming_what_it_tried(game):
    state = game.new_state(3)
    with pytest.raises(IllegalAction, match=r"^Seat 3 may not say now: it is seat 1's turn\.$"):
        game.apply(state, 2, "say hi")
    assert game.refusal(state, 1, "take 1") == "Seat 2 may not take now: it is seat 1's turn."


def test_a_finished_game_takes_no_action(game):
    state = game.new_state(2)
    for seat, action in ((0, "take 3"), (1, "take 3"), (0, "take 1")):
        game.apply(state, seat, action)
    assert game.outcome(state).winners == (0,)
    for seat in (0, 1):
        with pytest.raises(IllegalAction, match=r"^The game is over\.$"):
            game.apply(state, seat, "take 1")
        assert game.legal_actions(state, seat) == []
    with pytest.raises(InvalidAction):  # text that is not notation is still named as such
        game.apply(state, 0, "take all")


def test_refusal_says_what_apply_would_raise_and_changes_nothing(game):
    state = game.new_state(2)
    game.apply(state, 0, "say hello")
    game.apply(state, 1, "take 1")
    before = looks(state)
    assert game.refusal(state, 0, "say again") == "Nobody hears 'say again': you have spoken once."
    assert game.refusal(state, 1, "take 1") == "Seat 2 may not take now: it is seat 1's turn."
    assert game.refusal(state, 0, "take 3") is None
    assert looks(state) == before
    with pytest.raises(InvalidAction, match="'take' is not an action"):
        game.refusal(state, 0, "take")


def test_the_legal_actions_are_the_candidates_no_rule_refuses(game):
    state = game.new_state(2)
    assert game.legal_actions(state, 0) == ["take 1", "take 2", "take 3", "say pass"]
    assert game.legal_actions(state, 1) == []  # not asked
    for seat, action in ((0, "say pass"), (1, "take 3"), (0, "take 3")):
        game.apply(state, seat, action)
    assert game.legal_actions(state, 1) == ["take 1", "say pass"]  # one stone left; seat 2 may speak
    game.apply(state, 1, "say pass")
    assert game.legal_actions(state, 0) == ["take 1"]  # seat 1 has spoken once already
    game.apply(state, 0, "take 1")
    assert game.legal_actions(state, 0) == game.legal_actions(state, 1) == []


def test_an_over_long_action_is_quoted_at_most_echo_characters_in_every_refusal(game):
    state = game.new_state(2)
    game.apply(state, 0, "say hi")
    game.apply(state, 1, "take 1")
    words = "say " + "w" * (MAX_ACTION - 4)
    shown = words[:ECHO] + "..."
    refused = []
    for action in (words, "nonsense " * 50):
        with pytest.raises(InvalidAction if action != words else IllegalAction) as error:
            game.apply(state, 0, action)
        refused.append(error.value)
    assert str(refused[0]) == f"Nobody hears '{shown}': you have spoken once." and refused[0].action == shown
    assert str(refused[1]).startswith(f"'{('nonsense ' * 50)[:ECHO]}...' is not an action")
    assert game.refusal(state, 0, words) == f"Nobody hears '{shown}': you have spoken once."
    assert all(len(str(e)) < ECHO + 80 for e in refused)


def test_a_rulebook_refuses_a_verb_named_twice():
    with pytest.raises(ValueError, match="^Two rules for the verb 'take'.$"):
        rulebook(Rule("take", refuse_take, take), Rule("say", refuse_say, say), Rule("take", refuse_take, take))


# ---- facets: what a game carries instead of writing hooks -----------------------------------


class StonesBoard(Board):
    hand_title = "Your stones"

    def status(self, view):
        return "Take 1 to 3 stones."


def even_split(state, seat):
    return [1 / state.seats] * state.seats


def take_one(state, seat, legal, rng):
    return legal[0]


KIT = SearchKit(evaluation=even_split, rollout=take_one, iterations=50)


class FacetedStones(Stones):
    name = "facetedstones"
    board = StonesBoard
    search = KIT

    def statistics(self, seats, events, outcome, final_view):
        return [Stat("stones taken", sum(e.data["count"] for e in events if e.kind == "take"), seat=s)
                for s in range(seats)]


class OnlyRegisters:
    """A game's plugin that registers its games and nothing else."""

    @hookimpl
    def tabletop_register_games(self):
        return [FacetedStones(), Stones()]


def finished(game):
    state, events = game.new_state(2), []
    for seat, action in ((0, "take 3"), (1, "take 3"), (0, "take 1")):
        events += game.apply(state, seat, action)
    return state, events


def test_a_games_facets_reach_the_engine_without_a_hook_of_its_own():
    registry = build_registry(load_entry_points=False, extra=[OnlyRegisters()])
    game = registry.game("facetedstones")
    board = board_for(registry.pm, game)
    assert type(board.inner) is StonesBoard and board.game is game and board.status({}) == "Take 1 to 3 stones."
    assert search_kit(registry.pm.hook, game) is KIT
    state, events = finished(game)
    found = registry.pm.hook.tabletop_collect_stats(game=game, seats=2, events=events,
                                                     outcome=game.outcome(state), final_view={})
    assert [[(s.name, s.value, s.seat) for s in stats] for stats in found if stats] == [
        [("stones taken", 7, 0), ("stones taken", 7, 1)]
    ]


def test_a_game_without_facets_gets_the_plain_board_no_search_kit_and_no_figures():
    registry = build_registry(load_entry_points=False, extra=[OnlyRegisters()])
    game = registry.game("stones")
    assert type(board_for(registry.pm, game)) is Board
    assert search_kit(registry.pm.hook, game) == SearchKit()
    state, events = finished(game)
    found = registry.pm.hook.tabletop_collect_stats(game=game, seats=2, events=events,
                                                     outcome=game.outcome(state), final_view={})
    assert [stats for stats in found if stats] == []


def test_a_plugin_that_answers_the_search_hook_itself_wins_over_the_facet():
    def own_evaluation(state, seat):
        return [1.0 if s == seat else 0.0 for s in range(state.seats)]

    own_evaluation.iterations = 9  # the older way: options ride on the function

    class Overrides(OnlyRegisters):
        @hookimpl
        def tabletop_make_evaluation(self, game):
            return own_evaluation if game.name == "facetedstones" else None

    registry = build_registry(load_entry_points=False, extra=[Overrides()])
    kit = search_kit(registry.pm.hook, registry.game("facetedstones"))
    assert (kit.evaluation, kit.rollout, kit.iterations) == (own_evaluation, take_one, 9)
    assert search_kit(registry.pm.hook, registry.game("stones")) == SearchKit()
