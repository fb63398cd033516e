"""Custom decks ("Variant: Deckbuilding"): a TOML deck file per seat, checked against the
rulebook's deck rules with one sentence per problem, usable from play, simulate and sweep."""

from __future__ import annotations

import random

import pytest

from tabletop.core.errors import OptionError, RecordError
from tabletop.core.random_agent import RandomAgent
from tabletop.core.record import GameRecord
from tabletop.engine.match import run_match
from tests.wms.helpers import GAME

MARINES = GAME.decks["marines"].cards


def _deck_file(path, cards, tokens=None):
    lines = ["[cards]", *(f"{c} = {n}" for c, n in cards.items())]
    if tokens:
        lines += ["[tokens]", *(f"{c} = {n}" for c, n in tokens.items())]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return str(path)


def _problems(tmp_path, cards, tokens=None):
    with pytest.raises(OptionError) as error:
        GAME.resolve_options({"deck1": _deck_file(tmp_path / "deck.toml", cards, tokens)})
    return str(error.value)


def test_a_deck_file_plays_and_its_record_replays_only_with_the_same_deck(tmp_path):
    cards = {c: n for c, n in MARINES.items() if c != "captain"}   # no Captain: one more Marine
    cards["marine"] += 1
    path = _deck_file(tmp_path / "my deck.toml", cards)
    options = GAME.resolve_options({"deck2": path})
    assert options["deck2"].startswith(path + "#") and len(options["deck2"]) <= 100
    agents = [RandomAgent(random.Random(s)) for s in range(2)]
    result = run_match(GAME, agents, seed=3, options={"deck2": path})
    assert result.outcome is not None and result.record.options["deck2"] == options["deck2"]
    state = GAME.new_state(2, options=options, seed=3)
    assert sorted(state.deck[1]) == sorted(c for c, n in cards.items() for _ in range(n))
    assert "captain" not in state.deck[1] and state.decks[0] == "marines"
    GameRecord.from_dict(result.record.to_dict()).verify(GAME)
    (tmp_path / "my deck.toml").write_text((tmp_path / "my deck.toml").read_text() + "\n# changed\n")
    with pytest.raises(RecordError, match="has changed since this game was set up"):
        GameRecord.from_dict(result.record.to_dict()).verify(GAME)


def test_a_deck_file_with_swarm_tokens_sets_them_aside(tmp_path):
    evil = GAME.decks["evil-marines"]
    path = _deck_file(tmp_path / "evil.toml", evil.cards, evil.tokens)
    state = GAME.new_state(2, options={"deck1": path, "swap": True}, seed=0)
    assert state.tokens[0] == 4 and "cultist" not in state.deck[0] and state.decks[1] == "marines"


def test_no_unit_card_and_equipment_card_can_be_included_more_than_twice(tmp_path):
    said = _problems(tmp_path, {**MARINES, "marine": 13, "sergeant": 3, "power-sword": 3, "technomarine": 3})
    assert "Tactical Sergeant is included 3 times; a unit card may be included at most twice" in said
    assert "Power Sword is included 3 times; an equipment card may be included at most twice" in said
    assert "Technomarine is included 3 times" in said


def test_unique_power_and_command_cards_can_only_be_included_once(tmp_path):
    said = _problems(tmp_path, {**MARINES, "marine": 13, "smite": 2, "hold-the-line": 2})
    assert "Smite is included 2 times; a power card may be included only once." in said
    assert "Hold the Line is included 2 times; a command card may be included only once." in said


def test_cards_with_the_common_keyword_can_be_included_as_many_times_as_you_like(tmp_path):
    common = [c for c, card in GAME.cards.items() if "common" in card.keywords and c in MARINES]
    assert common                                   # the Marine is Common: 15 copies
    assert MARINES[common[0]] > 2
    GAME.resolve_options({"deck1": _deck_file(tmp_path / "deck.toml", MARINES)})


def test_each_deck_has_60_cards_not_counting_token_cards(tmp_path):
    said = _problems(tmp_path, {**MARINES, "marine": 14})
    assert "The deck has 59 cards (not counting tokens); a deck has 60." in said


def test_include_at_least_1_unit_card_with_the_commander_keyword(tmp_path):
    cards = {c: n for c, n in MARINES.items() if c not in ("chapter-master", "captain")}
    cards["marine"] += 2
    said = _problems(tmp_path, cards)
    assert "no unit with the Commander keyword" in said


def test_every_problem_of_a_file_is_its_own_sentence(tmp_path):
    said = _problems(tmp_path, {"captian": 1, "marine": 15, "cultist": 2, "smite": 0})
    for sentence in ("There is no card 'captian' (did you mean 'captain'?).",
                     "Cultist is a token card: list it under [tokens].",
                     "Smite has the count 0; write a whole number of 1 or more."):
        assert sentence in said
    assert said.startswith("Deck file ") and "\n" not in said


@pytest.mark.parametrize(("content", "expected"), [
    (b"[cards\nmarine = 15\n", "is not valid TOML"),
    (b"\xff\xfe[cards]", "is not UTF-8 text"),
    (b"name = 'mine'\n[cards]\nmarine = 15\n", "Unknown heading [name]"),
    (b"cards = 3\n", "[cards] must be a table"),
    (b"[tokens]\ncultist = 4\n", "There is no [cards] table"),
    (b"#" * (65 * 1024), "is larger than 64 KB"),
])
def test_a_broken_deck_file_is_one_clear_error_never_a_crash(tmp_path, content, expected):
    path = tmp_path / "deck.toml"
    path.write_bytes(content)
    with pytest.raises(OptionError, match="Deck file") as error:
        GAME.resolve_options({"deck1": str(path)})
    assert expected in str(error.value)


def test_a_deck_option_that_names_no_deck_is_refused(tmp_path):
    for value, expected in ((str(tmp_path / "none.toml"), "does not exist"),
                            (str(tmp_path), "bundled deck"),
                            ("orcs", "bundled deck (marines, evil-marines)"),
                            ("a" * 90 + ".toml", "longer than 80 characters")):
        with pytest.raises(OptionError, match="(?i)deck") as error:
            GAME.resolve_options({"deck2": value})
        assert expected in str(error.value)
    folder = tmp_path / "folder.toml"
    folder.mkdir()
    with pytest.raises(OptionError, match="not a plain file"):
        GAME.resolve_options({"deck2": str(folder)})
    assert GAME.resolve_options({"deck1": "evil-marines"})["deck1"] == "evil-marines"


def test_simulate_play_and_sweep_take_a_deck_file(cli, tmp_path, records):
    good = _deck_file(tmp_path / "good.toml", MARINES)
    bad = _deck_file(tmp_path / "bad.toml", {**MARINES, "smite": 2})
    ran = cli("simulate", "wms", "-n", "2", "-o", f"deck1={good}", "--no-db")
    assert ran.exit_code == 0, ran.out + ran.err
    refused = cli("simulate", "wms", "-n", "2", "-o", f"deck1={bad}", "--no-db")
    assert refused.exit_code != 0 and "a power card may be included only once" in _said(refused)
    assert "Traceback" not in refused.out + refused.err
    swept = cli("sweep", "wms", "-n", "2", "--db", str(tmp_path / "lab.sqlite3"), "-o", f"deck1=marines,{good}")
    assert swept.exit_code == 0, swept.out + swept.err
    played = cli("play", "wms", "--plain", "--seats", "random,random", "-o", f"deck2={bad}")
    assert played.exit_code != 0 and "Smite is included 2 times" in _said(played)
    assert "Traceback" not in played.out + played.err


def _said(result):
    """What a command printed, its lines joined as one text (the console wraps at 100)."""
    return " ".join((result.out + result.err).split())
