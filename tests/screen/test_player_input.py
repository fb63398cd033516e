"""What the game screen reads from the person, without a screen: a typed line, a card looked at, a takeback."""

from tabletop.core.board import HandCard
from tabletop.engine.table import UndoPlan
from tabletop.screen.player_input import Typed, card_line, read_line, takeback
from tabletop.screen.reading_keys import ReadingKeys

LEGAL = ["bid 3", "bid 10", "pass"]


class Cards:
    def cards(self):
        return iter(["Knight", "Mage"])

    def card_text(self, name):
        return f"{name.strip()}: strikes."


def read(text, refusal=lambda _: None):
    return read_line(text, LEGAL, Cards(), refusal, pages=ReadingKeys.WORDS)


def test_a_line_is_a_page_a_command_a_card_or_an_action():
    assert read("  LOG ") == Typed("page", "log")
    assert read("?") == Typed("page", "?")
    assert read("exit") == read("quit now") == Typed("quit")
    assert read("undo") == Typed("undo")
    assert read("card Mage") == Typed("card", "Mage: strikes.")
    assert read("card") == Typed("card", "Type card and a card's name, e.g. card Knight")
    assert read("2") == read("bid 10") == Typed("take", "bid 10")
    assert read("pa") == Typed("take", "pass")


def test_a_line_that_is_no_action_is_refused_in_the_games_words_else_the_matchers():
    assert read("bid 99", refusal=lambda text: f"{text}? Nobody has that much.") == \
        Typed("refused", "bid 99? Nobody has that much.")
    refused = read("7")
    assert refused.asks == "refused" and "pick 1 to 3" in refused.text


def test_a_card_of_the_hand_says_whether_it_may_be_played_now():
    assert card_line(HandCard("K", "Knight: strikes.", playable=True)) == "Knight: strikes. Playable now."
    assert card_line(HandCard("K", "Knight: strikes.", playable=False)) == "Knight: strikes. Not playable now."
    assert card_line(HandCard("K", "Knight: strikes.")) == "Knight: strikes."


class Table:
    def __init__(self, point, plan):
        self.point, self.plan = point, plan

    def undo_point(self, seat):
        return self.point

    def plan_undo(self, seat):
        return self.plan


def test_a_takeback_is_a_plan_or_the_sentence_saying_why_not():
    plan = UndoPlan(0, None, others=(1,))
    assert takeback(Table(3, plan), 0) is plan
    assert takeback(Table(3, UndoPlan(0, "Not once the cards are seen.")), 0) == "Not once the cards are seen."
    assert takeback(Table(None, plan), 0) == "Nothing to take back yet: this is your first decision."
