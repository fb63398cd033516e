"""The full screen's board (also what `view` prints at the plain prompt), read as a new player
at 80 columns would: whose cards are broken, when a forfeit threatens, which cards break."""

from rich.console import Console

from tabletop_games.windupwar.board import WindupWarBoard, short_names
from tests.windupwar.helpers import position

NAMES = ["Player 1", "tactician 2", "tactician 3", "random 4"]
ARMY = ["tank", "infantry", "helicopter"]


def board_text(game, view) -> str:
    console = Console(width=80, record=True, color_system=None)
    console.print(WindupWarBoard(game).render(view, names=NAMES, width=78))
    return console.export_text()


def test_every_seats_broken_cards_are_counted_and_two_warn_of_the_forfeit(game):
    state = position(game, [ARMY] * 4, broken={1: ["A1L.g", "A1R.g"], 2: ["BL.p"]},
                     discard={0: ["SB.b"]}, hands={0: ["A1L.g", "A1L.i", "BL.k"]})
    out = board_text(game, game.view(state, 0))
    rows = {" ".join(line.split()[:2]): line for line in out.splitlines()}
    assert "2\u2717" in rows["tactician 2"] and "1\u2717" in rows["tactician 3"]
    assert "0\u2717" in rows["random 4"]
    assert "tactician 2: 2 broken cards" in out and "one more breaking this round forfeits" in out
    assert "Your broken: none" in out and "discard: SB.b" in out


def test_a_unit_s_colours_are_written_as_the_letters_cards_are_typed_with(game):
    state = position(game, [ARMY] * 4)
    out = board_text(game, game.view(state, 0))
    tank = game.data.unit_by_id["tank"]
    letters = "/".join({"purple": "p", "pink": "i", "orange": "o", "green": "g", "blue": "b"}[r] for r in tank.ribbons)
    assert "Tank \u2665" in out and letters in out and "\u25a0" not in out


def test_the_hand_ticks_what_the_active_unit_can_take_and_marks_nothing_unplayable(game):
    state = position(game, [ARMY] * 4, hands={0: ["A1L.g", "A1L.i", "BL.k"]})
    view = game.view(state, 0)
    cards = {c.short: c for c in WindupWarBoard(game).hand(view, game.legal_actions(state, 0))}
    tank = game.data.unit_by_id["tank"]
    for notation, card in cards.items():
        colour = game.data.by_notation[notation].colour
        if colour == "black" or colour in tank.ribbons:
            assert card.playable is True and "breaks" not in card.label
        else:  # it may still be programmed: never marked "not playable", but said to break
            assert card.playable is None and card.label.endswith("(breaks)") and "breaks unless" in card.text
    assert all(c.playable is not False for c in cards.values())


def test_shortened_names_stay_distinct():
    assert short_names(["tactician 2", "tactician 3"], 9) == ["tactic\u2026 2", "tactic\u2026 3"]
    assert short_names(["Ann", "Bob"], 9) == ["Ann", "Bob"]
    twins = short_names(["Alexandrina", "Alexandrine"], 6)
    assert len(set(twins)) == 2


def test_programming_choices_list_the_cards_the_unit_can_take_first(game):
    state = position(game, [ARMY] * 4, hands={0: ["A1L.g", "A1L.i", "BL.k", "FL.o"]})
    legal = game.legal_actions(state, 0)
    shown = WindupWarBoard(game).ordered(game.view(state, 0), legal)
    tank = set(game.data.unit_by_id["tank"].ribbons) | {"black"}
    takes = [game.data.by_notation[a].colour in tank for a in shown]
    assert sorted(shown) == sorted(legal) and takes == sorted(takes, reverse=True) and takes[0]


def test_a_board_whose_order_is_not_the_legal_actions_is_not_followed(game):
    class Wrong(WindupWarBoard):
        def order(self, view, legal):
            return ["A1L.g", "nonsense"]

    state = position(game, [ARMY] * 4, hands={0: ["A1L.g", "A1L.i"]})
    legal = game.legal_actions(state, 0)
    assert Wrong(game).ordered(game.view(state, 0), legal) == list(legal)


def test_the_card_line_names_every_seat_as_the_table_does_and_breaks_only_between_seats(game):
    import random

    rng = random.Random(3)
    state = game.new_state(4, seed=3)
    while not (game.view(state, 0).get("last_reveal") or {}).get("rows"):
        for seat in game.to_act(state):
            game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
    lines = board_text(game, game.view(state, 0)).splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("Card "))
    card = " ".join(line.strip() for line in lines[at:] if line.startswith(("Card ", " ")))
    assert all(len(line.rstrip()) <= 78 for line in lines) and "\u2026" not in card
    assert all(name in card for name in NAMES) and card.count("/") == 4
