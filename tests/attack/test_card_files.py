"""Class 19: card and deck files a person hands the program are read with size, depth and type
limits. A ``--cards`` file holding a date, non-UTF-8 bytes, lists nested thousands deep, a key of
100,000 dotted parts, a file too large, or /dev/zero, and a WMS deck file nested thousands deep,
are each one sentence naming the file, exit status 2, at once (they were "unexpected error", a
traceback, or a read of /dev/zero for ever)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.attack.helpers import says

HEARTS = '"unit.tank.hearts"'


def _variant(body: str) -> str:
    return f'game = "windupwar"\n[values]\n{body}\n'


CARDS = {
    "date": (_variant(f"{HEARTS} = 1979-05-27").encode(),
             "gives 'unit.tank.hearts' the date or time 1979-05-27; a card value is a number, text, true or false"),
    "date-in-list": (_variant('"unit.tank.ribbons" = [1979-05-27T07:32:00]').encode(), "gives 'unit.tank.ribbons' the date or time 1979-05-27 07:32:00;"),
    "not-utf8": (_variant(f'{HEARTS} = "\xff"').encode("latin-1"), "is not UTF-8 text (byte"),
    "deep-list": (_variant(f"{HEARTS} = " + "[" * 5000 + "]" * 5000).encode(),
                  "nests lists or tables deeper than 16 levels"),
    "deep-inline-table": (_variant(f"{HEARTS} = " + "{a = " * 3000 + "1" + "}" * 3000).encode(),
                          "nests lists or tables deeper than 16 levels"),
    "dotted-key": (_variant(".".join(["a"] * 100_000) + " = 1").encode(), "has a dotted key of more than 16 parts"),
    "huge": (_variant("# " + "x" * 300_000).encode(), "is larger than 256 KB"),
}


@pytest.mark.parametrize("case", sorted(CARDS))
def test_a_hostile_cards_file_is_one_sentence_naming_it(run_main, tmp_path, case):
    content, sentence = CARDS[case]
    path = tmp_path / f"{case}.toml"
    path.write_bytes(content)
    result = run_main("simulate", "windupwar", "-n", "1", "--no-db", "--cards", str(path))
    assert result.code == 2, result.text
    assert says(result.err, f"{path.name} {sentence}")
    assert "unexpected error" not in result.text and "Traceback" not in result.text


@pytest.mark.parametrize("special", ["/dev/zero", "folder", "fifo"])
def test_a_cards_file_that_is_not_a_plain_file_is_refused_without_reading_it(run_main, tmp_path, special):
    if special == "folder":
        path = tmp_path
    elif special == "fifo":
        path = tmp_path / "pipe.toml"
        os.mkfifo(path)  # nobody writes to it: a read would wait for ever
    else:
        path = Path(special)
    result = run_main("simulate", "windupwar", "-n", "1", "--no-db", "--cards", str(path))
    assert result.code == 2
    assert says(result.err, f"{path.name} is not a plain file: name a .toml file.")


@pytest.mark.parametrize("content", ["[cards]\nmarine = " + "[" * 5000 + "]" * 5000,
                                     "[cards]\nmarine = " + "{a = " * 3000 + "1" + "}" * 3000,
                                     "[cards]\n" + ".".join(["a"] * 20_000) + " = 1"],
                         ids=["deep-list", "deep-inline-table", "dotted-key"])
def test_a_deeply_nested_wms_deck_file_is_one_sentence(run_main, tmp_path, monkeypatch, content):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "deck.toml").write_text(content)
    result = run_main("simulate", "wms", "-n", "1", "--no-db", "-o", "deck1=deck.toml")
    assert result.code == 2, result.text
    assert says(result.err, "Deck file 'deck.toml'") and ("deeper than 16 levels" in result.err
                                                           or says(result.err, "more than 16 parts"))
    assert "unexpected error" not in result.text and "Traceback" not in result.text
