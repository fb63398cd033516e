"""What ISMCTS needs from WMS: how the commanders stand, and playouts that fight sensibly.

From the veteran's knowledge (bots.py): wounds decide the game, units in hand are the
fights to come (a strong unit kept is worth more than one spent), an empty deck loses
it too (a search that cycles its hand for better cards burns its deck), and a playout should
finish a play it can finish rather than give up at random.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from tabletop.plugin_api import SearchKit, win_shares
from tabletop_games.wms.bots import AUGMENTS, Veteran

#: What a unit's best combat value in hand is worth, in wounds.
HAND_WORTH = 0.15
#: What setting the value the other seat must equal or beat is worth, in wounds: the fight
#: in progress is that seat's to lose.
FIGHT_LEAD = 0.5
#: A player who must draw from an empty deck loses: below ``LOW_DECK`` cards each card
#: missing costs ``DECK_SHORT`` wounds (a fight burns about five cards, a retreat five
#: more), so sacrifices and retreats that cycle for a better hand are not free.
LOW_DECK = 15
DECK_SHORT = 0.2
#: A lead of this many wounds makes a seat e times as likely to win.
SCALE = 0.8
GIVE_UP = ("yield", "retreat", "cancel")
#: Search's default budget here: its legal actions search for acceptable plays (half a
#: millisecond an iteration) and a game asks about 37 decisions of a seat, so 150 keep a
#: game near 3 s (it won 9 of 16 against the veteran at 800 iterations, 6 of 16 at 200).
ITERATIONS = 150



def evaluation(game):
    """Wounds left, the units in hand, cards left to draw and who leads the fight in
    progress, as win shares."""
    cards = game.cards
    current_value = game.values.current_value
    worth = {cid: max(c.cc, c.rc) for cid, c in cards.items() if c.type in ("unit", "token")}

    def evaluate(state, seat: int) -> list[float]:
        strengths = []
        for s in (0, 1):
            hand = sum(worth.get(c, 0.0) for c in state.hand[s])
            short = max(0, LOW_DECK - len(state.deck[s]))
            strengths.append(state.wounds[s] + HAND_WORTH * hand - DECK_SHORT * short)
        if state.result is None:
            current = current_value(state)
            if current is not None:
                strengths[current[0]] += FIGHT_LEAD
        return win_shares(strengths, scale=SCALE)

    return evaluate


def guide(game):
    """The veteran's move where it starts something (set-up, a play, an answer), and mid-play
    the veteran's way of going on with the play being made (:func:`continuation`): search
    overrides it only where it is sure (see ``trust`` in docs/search.md). Without a guide
    mid-play, 150 noisy playouts composed plays alone: useless Disrupts, sacrificed units and
    take-backs, mostly with the Evil Marines, whose plays offer the most additions."""
    go_on = continuation(game)

    def suggest(decision) -> str | None:
        view = decision.view
        if view["phase"] != "setup" and view["pending"] is not None:
            return go_on(decision)
        return Veteran(game, decision.seat, random.Random(0)).choose(decision)

    return suggest


def continuation(game):
    """The veteran's next step for a play already started: first the sacrifice it would make
    (a card no unit in hand can use), then the finish with the best margin as soon as the play
    equals or beats (the opening play: its better style), else the addition that gains the
    most per card spent; with none, take the play back (None when that is spent too)."""
    values = game.values

    def step(decision) -> str | None:
        legal = decision.legal
        seat = decision.seat
        veteran = Veteran(game, seat, random.Random(0))
        state = decision.sample_state(random.Random(0))
        play = state.pending
        if play is None:
            return None
        finishes = [a for a in legal if a == "done" or a.startswith(("tide ", "style "))]
        if finishes and play.sacrifice is None:
            for sacrifice in veteran._sacrifice(state):
                if sacrifice in legal:
                    return sacrifice
        if finishes:
            def margin(finish: str) -> int:
                style = state.style if finish == "done" else finish.split()[1]
                mine, theirs = values.compare(state, seat, play, style)
                return mine - theirs
            return max(finishes, key=margin)
        styles = veteran._styles(state)
        before = veteran._margin(state, play, styles)
        chosen = None
        for option in legal:
            if option.split()[0] not in AUGMENTS:
                continue
            probe = game.copy(state)
            game.apply(probe, seat, option)
            gain = veteran._margin(probe, probe.pending, veteran._styles(probe)) - before
            price = veteran._price(option)
            if gain > 0 and (chosen is None or gain / price > chosen[0]):
                chosen = (gain / price, option)
        if chosen is not None:
            return chosen[1]
        return "cancel" if "cancel" in legal else None

    return step


def rollout_policy(game):
    """Mostly play on (finish, add, answer); yield, retreat or cancel only now and then."""

    def policy(state, seat: int, legal: Sequence[str], rng: random.Random) -> str:
        if "done" in legal and rng.random() < 0.6:
            return "done"
        onward = [a for a in legal if a not in GIVE_UP and not a.startswith("sacrifice")]
        if onward and rng.random() < 0.85:
            return rng.choice(onward)
        return rng.choice(legal)

    return policy


def search_kit(game) -> SearchKit:
    """The evaluation, the playouts, the veteran as guide; judged at the start of each fight
    (a fight's result, the wounds and the hand left, is what the evaluation judges best)."""
    return SearchKit(evaluation=evaluation(game), rollout=rollout_policy(game), guide=guide(game),
                     iterations=ITERATIONS, at_round_start=True)
