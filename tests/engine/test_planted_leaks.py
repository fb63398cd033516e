"""Each kind of hidden-information leak, planted in a small hidden-hand game, fails the check
with a message that names it; the honest game passes."""

import random

import pytest

from tabletop.core import Event, InvalidAction
from tabletop.core.decision import BotSpec
from tabletop.core.rules import Rule, rulebook
from tabletop.engine.check import check_game
from tests.core.hidden_hand import HandState, HiddenHand
from tests.core.planted_bluff import Bluff, BluffState, kind
from tests.goofspiel.game import Goofspiel, bid, refuse_bid


def problems(game, **kwargs):
    report = check_game(game, games=kwargs.pop("games", 4), **kwargs)
    assert not report.ok, "the planted leak was not caught"
    return report.problems[0]


def all_problems(game, games=30):
    report = check_game(game, games=games, max_problems=games)
    assert not report.ok, "the planted leak was not caught"
    return "\n".join(report.problems)


def test_the_honest_game_passes_with_its_bot():
    report = check_game(HiddenHand(), games=12, bots=[BotSpec("lowest", lambda g, s, r: Lowest(), game="hiddenhand")])
    assert report.ok, report.problems


def test_a_card_given_face_down_stays_known_to_its_giver_only():
    game = HiddenHand()
    state = game.new_state(3, seed=1)
    card = sorted(state.hands[0])[0]
    game.apply(state, 0, f"give {card}")
    assert card in game.view(state, 0)["hands"][1]
    assert card not in game.view(state, 2)["hands"][1] and card not in game.view(state, None)["hands"][1]
    resampled = game.determinize(state, 0, random.Random(5))
    assert card in resampled.hands[1]


class ViewShowsHands(HiddenHand):
    def view(self, state, seat):
        return dict(super().view(state, seat), all_hands=[sorted(h) for h in state.hands])


class LoggedState(HandState):
    PUBLIC = (*HandState.PUBLIC, "log")
    __slots__ = ("log",)

    def __init__(self, seats, seed):
        super().__init__(seats, seed)
        self.log: list[str] = []


class ViewKeepsHistory(HiddenHand):
    """Keeps every event's text, private draws included, in a value declared public."""

    state_class = LoggedState

    def setup(self, seats, options, seed):
        return LoggedState(seats, seed)

    def apply(self, state, seat, action):
        events = super().apply(state, seat, action)
        state.log.extend(e.text for e in events)
        return events


class DescribeNamesTheDeck(HiddenHand):
    def describe_action(self, state, seat, action):
        return f"{super().describe_action(state, seat, action)}, then draw {state.deck[-1] if state.deck else 'nothing'}"


class PublicDrawEvent(HiddenHand):
    def draw_event(self, seat, card):
        return Event("draw", f"{{p{seat}}} draws {card}.", {"card": card})  # visible_to forgotten


class ErrorNamesAHand(HiddenHand):
    def _parse(self, state, seat, action):
        if not action.startswith(("play ", "give ")):
            other = (seat + 1) % state.seats
            raise InvalidAction(f"'{action}' is not an action; seat {other + 1} holds {sorted(state.hands[other])}.")
        return super()._parse(state, seat, action)


class RejectionShufflesTheDeck(HiddenHand):
    def apply(self, state, seat, action):
        state.deck.reverse()  # changes a hidden part before checking the action
        try:
            return super().apply(state, seat, action)
        except InvalidAction:
            raise
        except Exception:
            raise


class DeterminizeIsAPlainCopy(HiddenHand):
    def determinize(self, state, seat, rng):
        return self.copy(state)


class DeterminizeKeepsTheHands(HiddenHand):
    """Refines determinize but puts the true hands back: search would see them."""

    def determinize(self, state, seat, rng):
        new = super().determinize(state, seat, rng)
        new.hands = [h[:] for h in state.hands]
        new.deck = sorted(new.deck)
        return new


class Lowest:
    """Plays its lowest card (reads its view only)."""

    def choose(self, decision):
        return min(decision.legal)


class AvoidsTheNextHand:
    """Plays a card of a colour the next seat does not hold, judged from a sampled state."""

    def __init__(self, rng):
        self.rng = rng

    def choose(self, decision):
        sample = decision.sample_state(self.rng)
        nxt = (decision.seat + 1) % sample.seats
        colours = {c[0] for c in sample.hands[nxt]}
        plays = [a for a in decision.legal if a.startswith("play ")]
        return next((a for a in plays if a[5] not in colours), plays[0])


@pytest.mark.parametrize(
    ("game", "named"),
    [
        (ViewShowsHands(), "seat 0's view changed when what it cannot see was resampled"),
        (ViewKeepsHistory(), "view names r3 under 'log', a card hidden from it"),
        (DescribeNamesTheDeck(), "describe_action('play"),
        (PublicDrawEvent(), "event 'draw' is shown to the spectator and names"),
        (ErrorNamesAHand(), "the message rejecting '\x00not-an-action' from seat 0 changed"),
        (RejectionShufflesTheDeck(), "a rejected action by seat 0 ('\x00not-an-action') changed the state (compared deeply, hidden parts included)"),
        (DeterminizeIsAPlainCopy(), "the game's determinize never changed anything"),
    ],
    ids=["view-shows-hands", "view-keeps-history", "describe", "public-event", "error-text", "rejection-changes-hidden", "plain-copy-determinize"],
)
def test_a_planted_leak_fails_the_check_naming_it(game, named):
    assert named in problems(game)


def test_a_determinize_that_keeps_the_true_hands_is_caught_by_a_bot_that_searches():
    spec = BotSpec("avoider", lambda g, s, rng: AvoidsTheNextHand(rng), game="hiddenhand")
    message = problems(DeterminizeKeepsTheHands(), games=6, bots=[spec])
    assert "bot 'avoider' for seat" in message and "when what the seat cannot see was resampled" in message


def test_the_same_bot_passes_on_the_honest_game():
    spec = BotSpec("avoider", lambda g, s, rng: AvoidsTheNextHand(rng), game="hiddenhand")
    assert check_game(HiddenHand(), games=6, bots=[spec]).ok


def test_a_game_can_keep_its_own_view_shape_from_the_zones():
    from tabletop.core.derive import zone_view

    game = HiddenHand()
    state = game.new_state(2, seed=2)
    assert zone_view(state, "hands", 0, owner=1) == [None, None, None]
    assert zone_view(state, "hands", 1, owner=1) == state.hands[1]
    assert zone_view(state, "pile", None) == []
    with pytest.raises(ValueError, match="say whose"):
        zone_view(state, "hands", 0)


# ---- the leaks a game makes by telling the engine something false (issue 22) -------------------


class ShufflesWithAGenerator(Bluff):
    """Shuffles the shown card back with state.random(): who looked still knows where cards lie."""

    def shuffle_deck(self, state):
        state.random().shuffle(state.deck)


class KeepsTheStateOnItself(Bluff):
    """Setup keeps the state on the game object, which every agent is handed."""

    def setup(self, seats, options, seed):
        self.table = {"now": super().setup(seats, options, seed)}
        return self.table["now"]


class AsksOnlyWhenItMatters(Bluff):
    """Asks only the seats that could doubt a claim (none of their cards is of that kind):
    whether a seat is asked tells the others what it holds."""

    def answering(self, state):
        return [s for s in super().answering(state) if all(kind(c) != state.claim for c in state.hands[s])]

    def apply(self, state, seat, action):
        events = list(super().apply(state, seat, action))
        if action.startswith("claim ") and not self.answering(state):
            events += self.resolve(state)
        return events


class LosesAlikeWithoutAsking(Bluff):
    """A loser whose two cards are of one kind loses one without being asked: that it was not
    asked tells everyone its cards are alike (seen only in what follows the move)."""

    def ask_loser(self, state):
        hand = state.hands[state.loser]
        if len(hand) == 2 and kind(hand[0]) == kind(hand[1]):
            return self.lose(state, state.loser, hand[0])
        return super().ask_loser(state)


class AnsweredState(BluffState):
    __slots__ = ("given",)

    def __init__(self, seats, deck, seed):
        super().__init__(seats, deck, seed)
        self.given = (None,) * seats


class AnswersInASharedSlot(Bluff):
    """Keeps the secret answers in a slot declared nowhere: resampling never redraws them."""

    state_class = AnsweredState

    def make_state(self, seats, deck, seed):
        return AnsweredState(seats, deck, seed)

    def keep_answer(self, state, seat, verb):
        state.answers.choose(seat, True, options=(True,))
        state.given = state.given[:seat] + (verb,) + state.given[seat + 1:]

    def new_claim(self, state):
        super().new_claim(state)
        state.given = (None,) * state.seats

    def answers_given(self, state):
        return [s for s, answer in enumerate(state.given) if answer == "challenge"]


class ListedState(AnsweredState):
    __slots__ = ()

    def __init__(self, seats, deck, seed):
        super().__init__(seats, deck, seed)
        self.given = [None] * seats


class AnswersInASharedList(AnswersInASharedSlot):
    """The same, in a list changed in place: copies share it."""

    state_class = ListedState

    def make_state(self, seats, deck, seed):
        return ListedState(seats, deck, seed)

    def new_claim(self, state):
        Bluff.new_claim(self, state)
        state.given = [None] * state.seats

    def keep_answer(self, state, seat, verb):
        state.answers.choose(seat, True, options=(True,))
        state.given[seat] = verb


class LooseState(BluffState):  # no __slots__: its attributes are declared nowhere
    def __init__(self, seats, deck, seed):
        super().__init__(seats, deck, seed)
        self.given = {}


class AnswersOnTheSide(AnswersInASharedSlot):
    state_class = None

    def make_state(self, seats, deck, seed):
        return LooseState(seats, deck, seed)


class AnswerEventNamesTheAnswer(Bluff):
    """Tells everyone each answer as it is given, before the others have answered."""

    def answered_event(self, seat, verb):
        return Event("answered", f"{{p{seat}}} answers: {verb}.", {"seat": seat})


class BidEventNamesTheBid(Goofspiel):
    """Tells everyone the first bid before the second seat has bid."""

    rules = rulebook(Rule("bid", refuse_bid, lambda game, state, seat, card: (
        [Event("bid", f"{{p{seat}}} bids {card}.", {"seat": seat})] if len(state.waiting) == 2 else []
    ) + list(bid(game, state, seat, card))))


class DrawIsPublic(Bluff):
    """Tells everyone the kind of the card the claimant draws: "draws a Duke", never its id."""

    def draw_event(self, seat, card):
        return Event("draw", f"{{p{seat}}} draws a {kind(card).capitalize()}.", {"seat": seat})


class NamedCards(HiddenHand):
    """Hidden Hand whose cards read "Red 3" (id r3)."""

    def card_name(self, card):
        return {"r": "Red", "g": "Green", "b": "Blue"}[card[0]] + f" {card[1]}"


class DrawNamedInWords(NamedCards):
    def draw_event(self, seat, card):
        return Event("draw", f"{{p{seat}}} draws the {self.card_name(card).upper()}.", {"seat": seat})


class SharedIds(Bluff):
    shared_ids = True


@pytest.mark.parametrize(
    ("game", "named"),
    [
        (ShufflesWithAGenerator(), "knowledge_forgets_a_reorder: "),
        (KeepsTheStateOnItself(), "agents_cannot_reach_the_state: setup: an agent can reach the true state through "
                                  "game.table['now']"),
        (AsksOnlyWhenItMatters(), "decision_order_is_public: "),
        (LosesAlikeWithoutAsking(), "what_follows_is_public: "),
        (AnswersInASharedSlot(), "simultaneous_choices_stay_secret: "),
        (AnswersInASharedList(), "shared_slots_are_not_changed_in_place: "),
        (AnswersOnTheSide(), "the_state_is_declared: setup: LooseState.given is neither a zone nor a PUBLIC or PRIVATE value"),
        (AnswerEventNamesTheAnswer(), "simultaneous_choices_stay_secret: "),
        (BidEventNamesTheBid(), "simultaneous_choices_stay_secret: "),
        (DrawIsPublic(), "events_ignore_the_unseen: "),
        (DrawNamedInWords(), "events_name_no_hidden_card: "),
    ],
    ids=["shuffled-with-a-generator", "state-on-the-game", "asks-only-when-it-matters", "loses-alike-unasked",
         "answers-in-a-shared-slot",
         "answers-in-a-shared-list", "answers-declared-nowhere", "answer-event", "bid-event", "draw-a-duke",
         "display-name"],
)
def test_a_leak_the_game_hides_from_the_engine_fails_the_check_naming_it(game, named):
    assert named in all_problems(game)


@pytest.mark.parametrize("game", [Bluff(), SharedIds(), NamedCards()], ids=["unique-ids", "shared-ids", "display-names"])
def test_a_bluffing_game_with_public_claims_passes_without_a_false_alarm(game):
    report = check_game(game, games=30, bots=[BotSpec("lowest", lambda g, s, r: Lowest(), game=game.name)])
    assert report.ok, report.problems
