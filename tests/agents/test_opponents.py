"""The opponent model learns what another seat repeats from the seat's own views alone, and search
then plays against that seat as it was seen to play (issue 37: search that cannot be scripted
against). Played at 2-seat Windup War against a fixed script (tests/scripts)."""

import random

import pytest

from tabletop.agents.opponents import Habits
from tabletop.core.decision import Decision
from tabletop.engine.registry import build_registry
from tabletop_games.windupwar.game import WindupWar
from tabletop_games.windupwar.search import choices
from tests.scripts import plugin as scripts

LINE = ("CH.k", "A1L.g", "A2L.g", "RL.k", "A1L.i")  # script-tune's five cards


@pytest.fixture(scope="module")
def registry():
    return build_registry(extra=[scripts])


def _play_rounds(registry, game, rounds: int, seed: int = 7):
    """Seat 0 (the tactician) against script-tune until ``rounds`` wars are over and seat 0 is
    asked again: the true state and every decision seat 0 was given."""
    state = game.setup(2, game.resolve_options({}), seed)
    bots = [registry.bot("windupwar", "tactician").factory(game, 0, random.Random(seed)),
            registry.bot("windupwar", "script-tune").factory(game, 1, random.Random(seed))]
    decisions = []
    while game.outcome(state) is None:
        seat = game.to_act(state)[0]
        decision = Decision(game, state, seat, game.legal_actions(state, seat), rng=random.Random(seed))
        if seat == 0:
            decisions.append(decision)
            if decision.view["round"] > rounds:
                break
        game.apply(state, seat, bots[seat].choose(decision))
    return state, decisions


def _watching(views) -> Habits:
    """A model that has watched these views of seat 0."""
    habits = Habits(choices)
    for view in views:
        habits.watch(view, 0)
    return habits


def test_the_model_learns_a_repeated_line_from_the_seats_views_alone(registry):
    game = WindupWar()
    _, decisions = _play_rounds(registry, game, 3)
    habits = _watching(d.view for d in decisions)
    # Three rounds seen: two repeats of the Charge! in slot 1 and the Reload in slot 4.
    assert habits.seen[(1, 1)][:3] == ["CH.k"] * 3
    assert habits.trust(1, 1) >= 0.75 and habits.trust(1, 4) >= 0.75
    rng = random.Random(1)
    drawn = [habits.predict(1, 1, rng) for _ in range(200)]
    assert drawn.count("CH.k") > 140 and set(drawn) <= {"CH.k", None}
    # Nothing is learnt of seat 0 itself, nor of a slot never revealed.
    assert habits.trust(0, 1) == 0 and habits.predict(1, 9, rng) is None


def test_the_model_reads_nothing_the_seat_cannot_see(registry):
    # Resampling everything seat 0 cannot see (seat 1's hand and face-down cards) gives the same
    # inputs to the model, so the same model: it never reads the true state.
    game = WindupWar()
    state, decisions = _play_rounds(registry, game, 2)
    learnt = _watching(d.view for d in decisions)
    for k in range(5):
        worlds = [d.sample_state(random.Random(k)) for d in decisions]
        assert [game.view(w, 0) for w in worlds] == [d.view for d in decisions]
        resampled = _watching(game.view(w, 0) for w in worlds)
        assert (resampled.seen, resampled.trials, resampled.repeats) == (learnt.seen, learnt.trials, learnt.repeats)
    hidden = game.determinize(state, 0, random.Random(99))
    assert list(choices(game.view(hidden, 0), 0)) == list(choices(game.view(state, 0), 0))


def test_a_seat_that_never_repeats_itself_is_expected_to_less_and_less():
    # Seen once, a choice is expected again more often than not; every choice that repeats nothing
    # lowers that, so a seat that reads the table (a rule bot) leaves the kit's model in charge.
    habits = Habits(choices)
    trusts = []
    for round_ in range(1, 5):
        view = {"reveals": [{"round": round_, "step": 1, "rows": [{"seat": 1, "card": f"A{round_}"}]}]}
        habits.watch(view, 0)
        trusts.append(habits.trust(1, 1))
    assert trusts[0] > 0.5 and trusts == sorted(trusts, reverse=True) and trusts[-1] < 0.2
    rng = random.Random(0)
    assert sum(habits.predict(1, 1, rng) is not None for _ in range(1000)) < 220


def _seen_line(line):
    """Views of three wars in which seat 1 revealed ``line``, in the shape ``choices`` reads."""
    for round_ in (1, 2, 3):
        yield {"reveals": [{"round": round_, "step": k + 1, "rows": [{"seat": 1, "card": card}]}
                           for k, card in enumerate(line)]}


@pytest.mark.parametrize("seed", [0, 1])
def test_search_that_has_seen_a_line_cancels_its_winning_charge_in_its_slot(registry, seed):
    # Seat 1 has 3 of its 4 points and charges in slot 4 every round: its next Charge! wins the war
    # unless seat 0 charges in the same slot (two Charges cancel). Search that has seen the line
    # charges in slot 4 and the war goes on; search playing seat 1 as the tactician would does not.
    from tests.windupwar.helpers import position

    game = WindupWar()
    line = ("A1L.g", "A2L.g", "A1L.i", "CH.k", "RL.k")
    rows = {}
    for learn in (0, 1):
        state = position(game, [["infantry", "tank", "helicopter"], ["helicopter", "infantry", "tank"]],
                         hands={0: ["A1L.g", "A1R.g", "A2L.g", "BL.g", "BL.k", "CH.k", "CH.p", "RL.k", "DAR.i", "A1L.i"],
                                1: [*line, "BL.k", "CH.p", "BL.g", "A1R.g"]},
                         centre={1: ["A1R.b", "FL.o", "FR.o"]})
        search = registry.bot("windupwar", f"ismcts:iterations=200,learn={learn}").factory(game, 0, random.Random(seed))
        for view in _seen_line(line) if learn else ():
            search.habits.watch(view, 0)
        row = []
        while 0 in state.pending:
            row.append(search.choose(Decision(game, state, 0, game.legal_actions(state, 0), rng=random.Random(seed))))
            game.apply(state, 0, row[-1])
        for card in line:
            game.apply(state, 1, card)
        while game.outcome(state) is None and state.phase == "charge":
            game.apply(state, state.charger, game.legal_actions(state, state.charger)[0])
        rows[learn] = (row, game.outcome(state))
    learnt, blind = rows[1], rows[0]
    assert learnt[0][3].startswith("CH") and learnt[1] is None
    assert not blind[0][3].startswith("CH") and blind[1].winners == (1,)


@pytest.mark.slow
def test_search_that_learns_beats_a_line_that_beats_the_search_that_does_not(registry):
    # script-found beats the tactician 30 of 30; search playing it as the tactician would lost
    # 25 of the first 30 tuning games. Six games, seats turned round: learning wins more of them.
    from tabletop.engine.match import run_match
    from tabletop.engine.table import bot_rng

    game = registry.game("windupwar")
    wins = {}
    for learn in (0, 1):
        wins[learn] = 0.0
        for i in range(6):
            seat = i % 2
            seed = 1000 + i
            agents = [None, None]
            agents[seat] = registry.bot("windupwar", f"ismcts:learn={learn}").factory(game, seat, bot_rng(seed, seat))
            agents[1 - seat] = registry.bot("windupwar", "script-found").factory(game, 1 - seat, bot_rng(seed, 1 - seat))
            wins[learn] += run_match(game, agents, seed=seed).outcome.share(seat)
    assert wins[1] >= 3 and wins[1] > wins[0]


def test_a_game_whose_kit_names_no_choices_is_searched_as_before(registry):
    # Only a kit's choices switch learning on: Castle Wars, WMS, Wind Up and Bluff play as they did.
    for name in ("castlewars", "wms", "windup_machines"):
        game = registry.game(name)
        assert registry.bot(name, "ismcts").factory(game, 0, random.Random(0)).habits is None
    game = registry.game("windupwar")
    assert registry.bot("windupwar", "ismcts").factory(game, 0, random.Random(0)).habits is not None
    assert registry.bot("windupwar", "ismcts:learn=0").factory(game, 0, random.Random(0)).habits is None
