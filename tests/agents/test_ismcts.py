import random
import sys

import pytest

from tabletop.agents.ismcts import DEFAULT_ITERATIONS, ISMCTSAgent
from tabletop.agents.ismcts_bot import ISMCTS
from tabletop.agents.search_tree import HIDDEN
from tabletop.core.decision import Decision
from tabletop.core.errors import UnknownNameError
from tabletop.core.random_agent import RandomAgent
from tabletop.engine.match import run_match
from tabletop.engine.registry import build_registry
from tabletop.scaffold import write


def test_search_beats_random_play_at_goofspiel(goofspiel):
    wins = 0.0
    for seed in range(30):
        agents = [ISMCTSAgent(random.Random(seed), iterations=60), RandomAgent(random.Random(-seed))]
        wins += run_match(goofspiel, agents, seed=seed).outcome.share(0)
    assert wins >= 22


def test_search_is_reproducible_from_its_seed(goofspiel):
    def game():
        agents = [ISMCTSAgent(random.Random(3), iterations=20), ISMCTSAgent(random.Random(4), iterations=20)]
        return run_match(goofspiel, agents, seed=11).record.actions

    assert game() == game()


def test_same_seed_and_iterations_give_the_same_move(goofspiel):
    state = goofspiel.new_state(2, seed=5)
    moves = set()
    for _ in range(3):
        agent = ISMCTS.configured("iterations=150", None).factory(goofspiel, 0, random.Random(9))
        moves.add(agent.choose(Decision(goofspiel, state, 0, goofspiel.legal_actions(state, 0))))
    assert len(moves) == 1


def test_the_other_seats_tree_does_not_see_a_secret_bid(goofspiel):
    # Goofspiel bids are simultaneous: in seat 1's tree, seat 0's bid is one hidden edge.
    state = goofspiel.new_state(2, seed=1)
    agent = ISMCTSAgent(random.Random(0), iterations=200)
    agent.choose(Decision(goofspiel, state, 0, goofspiel.legal_actions(state, 0)))
    assert set(agent.trees[1].children) == {(0, HIDDEN)}
    assert len(agent.trees[0].children) > 1


def test_a_time_budget_stops_the_search(goofspiel):
    state = goofspiel.new_state(2, seed=1)
    agent = ISMCTS.configured("time=0.02", None).factory(goofspiel, 0, random.Random(0))
    action = agent.choose(Decision(goofspiel, state, 0, goofspiel.legal_actions(state, 0)))
    assert action in goofspiel.legal_actions(state, 0) and agent.last_iterations >= 1
    capped = ISMCTS.configured("time=5,iterations=7", None).factory(goofspiel, 0, random.Random(0))
    capped.choose(Decision(goofspiel, state, 0, goofspiel.legal_actions(state, 0)))
    assert capped.last_iterations == 7


@pytest.mark.parametrize(("text", "message"), [
    ("itrs=5", "The bot 'ismcts' has no setting 'itrs'; its settings are: iterations, time, depth, explore, widen, trust, reuse, belief, particles, floor, workers, regret, learn."),
    ("iterations=lots", "Setting 'iterations' of ismcts takes a whole number, not 'lots'."),
    ("time=-1", "Setting 'time' of ismcts must be at least 0.001, not -1."),
    ("iterations", "Write bot settings as ismcts:key=value,key=value, not 'iterations'."),
])
def test_bad_settings_get_one_sentence(text, message):
    with pytest.raises(UnknownNameError) as error:
        ISMCTS.configured(text, None)
    assert str(error.value) == message


def test_registry_reads_settings_after_the_name(registry):
    spec = registry.bot("goofspiel", "ismcts:iterations=30,depth=4")
    assert spec.name == "ismcts:iterations=30,depth=4"
    agent = spec.factory(registry.game("goofspiel"), 0, random.Random(0))
    assert agent.iterations == 30 and agent.depth == 4
    with pytest.raises(UnknownNameError, match="The bot 'random' takes no settings"):
        registry.bot("goofspiel", "random:iterations=3")


def test_seats_keep_settings_with_their_bot(registry):
    from tabletop.cli.seats import plan_seats

    game = registry.game("goofspiel")
    plans = plan_seats(registry, game, seats="ismcts:time=0.5,iterations=2000,random", players=None)
    assert [p.kind for p in plans] == ["ismcts:time=0.5,iterations=2000", "random"]


class _Hooks:
    """A plugin manager's hook caller offering an evaluation that names its own budget."""

    def __init__(self, iterations):
        def evaluate(state, seat):
            return [0.5, 0.5]

        evaluate.iterations = iterations
        self.evaluation = evaluate

    def tabletop_make_evaluation(self, game):
        return self.evaluation

    def tabletop_make_rollout_policy(self, game):
        return None


def test_the_default_budget_is_the_games_own_unless_one_is_set(goofspiel):
    hooks = _Hooks(iterations=37)
    assert ISMCTS.configured("", hooks).factory(goofspiel, 0, random.Random(0)).iterations == 37
    assert ISMCTS.configured("iterations=5", hooks).factory(goofspiel, 0, random.Random(0)).iterations == 5
    timed = ISMCTS.configured("time=0.5", hooks).factory(goofspiel, 0, random.Random(0))
    assert timed.iterations is None and timed.time == 0.5
    plain = ISMCTS.configured("", None).factory(goofspiel, 0, random.Random(0))
    assert plain.iterations == DEFAULT_ITERATIONS


def test_a_games_kit_sets_its_own_defaults_and_a_seats_typed_settings_win(goofspiel, monkeypatch):
    from tabletop.core.facets import SearchKit

    monkeypatch.setattr(goofspiel, "search", SearchKit(settings={"trust": 2, "depth": 5}), raising=False)
    own = ISMCTS.configured("", None).factory(goofspiel, 0, random.Random(0))
    assert (own.trust, own.depth) == (2.0, 5)
    typed = ISMCTS.configured("trust=4", None).factory(goofspiel, 0, random.Random(0))
    assert (typed.trust, typed.depth) == (4.0, 5)
    monkeypatch.setattr(goofspiel, "search", SearchKit(settings={"iterations": 9}), raising=False)
    with pytest.raises(UnknownNameError, match="budget with SearchKit"):
        ISMCTS.configured("", None).factory(goofspiel, 0, random.Random(0))
    monkeypatch.setattr(goofspiel, "search", SearchKit(settings={"trust": "lots"}), raising=False)
    with pytest.raises(UnknownNameError, match="takes a number"):
        ISMCTS.configured("", None).factory(goofspiel, 0, random.Random(0))


def test_a_policy_redraws_the_samples_before_search_walks_them(goofspiel):
    # A rollout policy's redraw sees every sample first, with the searching seat.
    seen = []

    def policy(state, seat, legal, rng):
        return legal[0]

    policy.redraw = lambda state, seat, rng: seen.append(seat)
    state = goofspiel.new_state(2, seed=2)
    agent = ISMCTSAgent(random.Random(0), iterations=25, policy=policy)
    agent.choose(Decision(goofspiel, state, 1, goofspiel.legal_actions(state, 1)))
    assert seen == [1] * 25


def test_search_plays_a_scaffolded_game_to_its_end(tmp_path, monkeypatch):
    # A new plugin (tabletop new) offers no search hooks: random playouts to the end.
    write("auctioneers", tmp_path / "auctioneers")
    monkeypatch.syspath_prepend(str(tmp_path / "auctioneers"))
    try:
        registry = build_registry(load_entry_points=False, extra=[str(tmp_path / "auctioneers" / "auctioneers" / "plugin.py")])
        game = registry.game("auctioneers")
        search = registry.bot("auctioneers", "ismcts:iterations=20")
        own = [b for b in registry.bots if b.game == "auctioneers"][0]
        for seed, seats in ((1, 2), (2, 3)):
            agents = [search.factory(game, 0, random.Random(seed))]
            agents += [own.factory(game, s, random.Random(s)) for s in range(1, seats)]
            assert run_match(game, agents, seed=seed).outcome is not None
    finally:
        for name in [m for m in sys.modules if m == "auctioneers" or m.startswith("auctioneers.")]:
            del sys.modules[name]


def test_a_guide_move_stands_unless_the_search_is_sure_of_its_own(goofspiel):
    """With a guide, a search that cannot tell the moves apart plays the guide's move; with
    trust 1 the search's own most visited move wins as before."""
    state = goofspiel.new_state(2, seed=3)
    legal = goofspiel.legal_actions(state, 0)
    guided = legal[-1]

    def evaluate(state, seat):
        return [0.5, 0.5]

    evaluate.guide = lambda decision: guided
    sure = ISMCTSAgent(random.Random(1), iterations=60, evaluation=evaluate, trust=1e9)
    assert sure.choose(Decision(goofspiel, state, 0, legal)) == guided
    own = ISMCTSAgent(random.Random(1), iterations=60, evaluation=evaluate, trust=1.0)
    plain = ISMCTSAgent(random.Random(1), iterations=60, evaluation=lambda s, seat: [0.5, 0.5])
    assert own.choose(Decision(goofspiel, state, 0, legal)) == plain.choose(Decision(goofspiel, state, 0, legal))


def test_a_move_whose_every_playout_wins_overrides_a_guide_whose_does_not(goofspiel):
    """However little search is trusted, a sure win (bidding the 13 here) beats the guide's 1."""
    state = goofspiel.new_state(2, seed=3)
    legal = goofspiel.legal_actions(state, 0)

    def evaluate(state, seat):
        return [1.0, 0.0] if "13" not in state.hands[0] else [0.4, 0.6]

    evaluate.guide = lambda decision: "1"
    agent = ISMCTSAgent(random.Random(1), iterations=200, depth=1, evaluation=evaluate, trust=1e9)
    assert agent.choose(Decision(goofspiel, state, 0, legal)) == "13"

    def both_win(state, seat):
        return [1.0, 0.0] if "13" not in state.hands[0] or "1" not in state.hands[0] else [0.4, 0.6]

    both_win.guide = evaluate.guide
    agent = ISMCTSAgent(random.Random(1), iterations=200, depth=1, evaluation=both_win, trust=1e9)
    assert agent.choose(Decision(goofspiel, state, 0, legal)) == "1"


def _root_visits(agent, decision, workers):
    from tabletop.agents.parallel import search_in_workers

    return search_in_workers(agent, decision, workers)


def test_root_parallel_search_gives_the_same_move_for_the_same_seed_budget_and_workers(goofspiel):
    state = goofspiel.new_state(2, seed=5)
    legal = goofspiel.legal_actions(state, 0)
    moves, stats = set(), []
    for _ in range(3):
        agent = ISMCTS.configured("iterations=120,workers=2", None).factory(goofspiel, 0, random.Random(9))
        moves.add(agent.choose(Decision(goofspiel, state, 0, legal)))
        again = ISMCTS.configured("iterations=120,workers=2", None).factory(goofspiel, 0, random.Random(9))
        stats.append(_root_visits(again, Decision(goofspiel, state, 0, legal), 2))
    assert len(moves) == 1 and stats[0] == stats[1] == stats[2]
    visits, _, done = stats[0]
    assert done == 120 and sum(v for v in visits.values() if v > 0) == 120


def test_root_parallel_search_in_one_process_where_forking_is_not_offered_agrees(goofspiel, monkeypatch):
    import multiprocessing

    state = goofspiel.new_state(2, seed=2)
    legal = goofspiel.legal_actions(state, 0)
    forked = _root_visits(ISMCTSAgent(random.Random(4), iterations=90), Decision(goofspiel, state, 0, legal), 3)

    def no_fork(method):
        raise ValueError(method)

    monkeypatch.setattr(multiprocessing, "get_context", no_fork)
    alone = _root_visits(ISMCTSAgent(random.Random(4), iterations=90), Decision(goofspiel, state, 0, legal), 3)
    assert forked == alone


def test_root_parallel_search_plays_only_legal_moves_to_the_end(goofspiel):
    agents = [ISMCTS.configured("iterations=30,workers=2", None).factory(goofspiel, 0, random.Random(1)),
              RandomAgent(random.Random(2))]
    result = run_match(goofspiel, agents, seed=4)
    assert result.outcome is not None and len(result.record.actions) == 26


def test_two_search_settings_share_one_seats_list():
    from tabletop.cli.seats import plan_seats

    registry = build_registry()
    game = registry.game("castlewars")
    plans = plan_seats(registry, game, seats="ismcts:time=0.1,ismcts:time=0.1,belief=0", players=None)
    assert [p.kind for p in plans] == ["ismcts:time=0.1", "ismcts:time=0.1,belief=0"]
    plans = plan_seats(registry, game, seats="ismcts,belief=0,workers=2,captain", players=None)
    assert [p.kind for p in plans] == ["ismcts:belief=0,workers=2", "captain"]


def test_bench_compares_two_search_settings_with_seats_rotated_and_an_interval(cli):
    import json

    timed = json.loads(cli("bench", "goofspiel", "--bots", "ismcts:iterations=15,belief=1,ismcts:iterations=15",
                           "--games", "4", "--rotate", "--json").out)
    first, second = timed["bots"]
    assert (first["bot"], second["bot"]) == ("ismcts:iterations=15,belief=1", "ismcts:iterations=15")
    assert timed["rotate"] and first["decisions"] == second["decisions"] == 4 * 12
    assert first["wins"] + second["wins"] <= 4
    for row in (first, second):
        low, high = row["ci95"]
        assert low <= row["win_rate"] <= high and high - low > 0.3  # four games say little


def test_regret_matching_at_simultaneous_bids_beats_random_play(goofspiel):
    wins = 0.0
    for seed in range(30):
        agents = [ISMCTSAgent(random.Random(seed), iterations=60, regret=True), RandomAgent(random.Random(-seed))]
        wins += run_match(goofspiel, agents, seed=seed).outcome.share(0)
    assert wins >= 22
    agent = ISMCTSAgent(random.Random(0), iterations=300, regret=True)
    state = goofspiel.new_state(2, seed=1)
    agent.choose(Decision(goofspiel, state, 0, goofspiel.legal_actions(state, 0)))
    regrets = agent.trees[0].regrets
    assert regrets and set(regrets) <= set(goofspiel.legal_actions(state, 0))
