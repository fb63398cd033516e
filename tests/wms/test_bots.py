"""The veteran bot plays legal actions from its view and plays the way it says it does."""

import random

from tabletop.core.decision import Decision
from tabletop.core.random_agent import RandomAgent
from tabletop.engine.match import run_match
from tabletop_games.wms.bots import VETERAN
from tests.wms.helpers import EVIL, GAME, MARINES, fight, lose_fight, play


def _match(seed, veteran_seat):
    agents = [RandomAgent(random.Random(seed * 10 + i)) for i in range(2)]
    agents[veteran_seat] = VETERAN.factory(GAME, veteran_seat, random.Random(seed))
    return run_match(GAME, agents, seed=seed)


def _choose(state, seat):
    bot = VETERAN.factory(GAME, seat, random.Random(0))
    return bot, bot.choose(Decision(GAME, state, seat, GAME.legal_actions(state, seat)))


def test_veteran_is_registered_for_wms():
    from tabletop_games.wms import plugin

    assert plugin.tabletop_register_bots() == [VETERAN]
    assert VETERAN.game == "wms"
    assert [g.name for g in plugin.tabletop_register_games()] == ["wms"]


def test_veteran_beats_random_play_from_either_seat():
    games = 40
    wins = sum(_match(seed, seed % 2).outcome.share(seed % 2) for seed in range(games))
    assert wins / games >= 0.7


def test_veteran_games_are_reproducible():
    assert _match(3, 1).record.to_json() == _match(3, 1).record.to_json()


def test_two_veterans_finish_a_game():
    agents = [VETERAN.factory(GAME, s, random.Random(s)) for s in range(2)]
    assert run_match(GAME, agents, seed=7).outcome.winners


def test_veteran_answers_with_the_cheapest_card_that_equals_or_beats():
    state = fight(["sergeant", "marine"], ["hellish-brute", "renegade", "evil-marine", "possessed"])
    play(state, MARINES, "play marine", "style rc")          # 3 RC
    bot, action = _choose(state, EVIL)
    assert action == "play renegade"                         # 3 RC is enough; the Brute is saved
    assert bot.plan == ["done"]


def test_veteran_turns_the_tide_when_that_wins():
    state = fight(["stern-veteran"], ["evil-marine", "renegade"])
    lose_fight(state, MARINES)
    play(state, EVIL, "play evil-marine", "style cc")        # 5 CC against the Veteran's 3 + 1; 4 RC against 5
    bot, action = _choose(state, MARINES)
    assert action == "play stern-veteran" and bot.plan == ["tide rc"]


def test_veteran_retreats_with_a_poor_hand_and_yields_with_a_good_one():
    state = fight(["marine", "smite", "auspex", "power-sword"], ["hellish-brute"])
    lose_fight(state, MARINES)
    play(state, EVIL, "play hellish-brute", "style rc")      # 7 RC: nothing answers it
    assert _choose(state, MARINES)[1] == "retreat"
    state = fight(["marine", "sergeant", "dreadnought"], ["hellish-brute"])
    lose_fight(state, MARINES)
    play(state, EVIL, "play hellish-brute", "style rc")
    assert _choose(state, MARINES)[1] == "yield"


def test_veteran_does_not_depend_on_the_hidden_opponent_hand():
    state = fight(["marine"], ["renegade", "hellish-brute", "evil-marine"])
    play(state, MARINES, "play marine", "style rc")
    other = GAME.copy(state)
    pool = other.hand[MARINES] + other.deck[MARINES]
    pool.reverse()
    other.hand[MARINES], other.deck[MARINES] = pool[:5], pool[5:]
    assert other.hand[MARINES] != state.hand[MARINES]
    first, second = _choose(state, EVIL), _choose(other, EVIL)
    assert first[1] == second[1] == "play renegade" and first[0].plan == second[0].plan
