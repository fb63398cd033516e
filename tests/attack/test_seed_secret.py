"""Class 2: the seed rebuilds every hidden card, so no seat sees it before the game ends; an
unseeded game draws 64 bits from the operating system."""

from __future__ import annotations

import json


def _before_the_end(out: str) -> str:
    return out[: out.index("Game over")]


def test_the_seed_is_not_shown_during_play_but_at_the_end(cli, tmp_path):
    seed = "918273645546372819"
    path = tmp_path / "g.json"
    answers = [str(c) for c in range(1, 14)]
    result = cli("play", "goofspiel", "--seats", "human,random", "--seed", seed, "--save", str(path), input=answers)
    assert result.exit_code == 0, result.err
    assert seed not in _before_the_end(result.out)
    assert seed in result.out[result.out.index("Game over"):]


def test_hot_seat_players_never_see_the_seed(cli, tmp_path):
    seed = "55443322110099"
    answers = []
    for card in range(1, 14):
        answers += ["Player 1", str(card), "Player 2", str(card)]  # names at the hand-over
    result = cli("play", "goofspiel", "--seats", "human,human", "--seed", seed, "--save", str(tmp_path / "h.json"), input=answers)
    assert result.exit_code == 0, result.err
    assert seed not in _before_the_end(result.out)


def test_a_game_left_early_does_not_show_the_seed_either(cli, tmp_path):
    seed = "123456789012345"
    result = cli("play", "goofspiel", "--seats", "human,random", "--seed", seed, "--save", str(tmp_path / "q.json"), input=["quit"])
    assert result.exit_code == 0
    assert seed not in result.out.split("quit the game")[0]


def test_unseeded_games_draw_64_bit_seeds(cli, records):
    seeds = []
    for _ in range(4):
        assert cli("play", "goofspiel", "--seats", "random,random").exit_code == 0
    for path in records.glob("*.json"):
        seeds.append(json.loads(path.read_text())["seed"])
    assert len(seeds) == 4
    assert all(0 <= s < 2**64 for s in seeds)
    assert max(seeds) >= 2**32  # a million seeds (the old draw) would be pinned by the first round


def test_replay_shows_the_seed(cli, tmp_path):
    path = tmp_path / "r.json"
    cli("play", "goofspiel", "--seats", "random,random", "--seed", "77", "--save", str(path))
    assert "seed 77" in cli("replay", str(path)).out


def test_no_view_of_any_game_holds_the_seed(registry):
    import random

    seed = 987_654_321_987_654_321
    for game in registry.games.values():
        seats = game.min_players
        state = game.new_state(seats, seed=seed)
        rng = random.Random(1)
        for _ in range(30):
            for viewer in [None, *range(seats)]:
                assert str(seed) not in json.dumps(game.view(state, viewer), default=str), game.name
            if game.outcome(state) is not None:
                break
            seat = game.to_act(state)[0]
            game.apply(state, seat, rng.choice(list(game.legal_actions(state, seat))))
