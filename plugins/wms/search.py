"""What ISMCTS needs from WMS: how the commanders stand, and playouts that fight sensibly.

From the veteran's knowledge (bots.py): wounds decide the game, units in hand are the
fights to come (a strong unit kept is worth more than one spent), an empty deck loses
it too (a search that cycles its hand for better cards burns its deck), and a playout should
finish a play it can finish rather than give up at random.

Against the veteran at the default budget (tools/search_matchups.py, 400 games, seeds 1 and
201): 71.5% (Wilson 66.9-75.7%), 87.0% from the first seat and 56.0% from the second, median
0.097 s of CPU a decision; at 150 iterations 62.0% of the first 200 (73.0% / 51.0%); before
the guide chose the commander, 58.5% of 400 (73.5% / 43.5%).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from tabletop.plugin_api import SearchKit, win_shares
from tabletop_games.wms.bots import Veteran

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
#: Search's default budget here: its legal actions search for acceptable plays (a third of
#: a millisecond an iteration) and a game asks about 37 decisions of a seat, so 300 keep a
#: decision near 0.1 s of CPU. Against the veteran, 200 games (seed 1, seats rotated): 73.0%
#: at 300 (84% / 62% by seat) against 62.0% at 150 (73% / 51%), the same games.
ITERATIONS = 300



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


def commander(game, legal: Sequence[str]) -> str | None:
    """The commander to choose: the one whose card fights best (CC + RC), a command ability
    that is a bonus or penalty in every fight counting 2 more; None when there is no choice.
    The veteran takes the first listed: for the Evil Marines the Dark Apostle (5/3, AA and
    Disrupt) rather than the Chaos Lord (7/4, the opponent's units -1 RC). Veteran against
    veteran over 1,000 games (seeds 5001 on), the Evil Marines won 40.9% with the Dark Apostle
    and 50.2% with the Chaos Lord; the Marines 59.1% with the Chapter Master (6/5, this rule's
    choice too) and 56.6% with the Captain (6/4)."""
    cards = game.cards
    options = [a for a in legal if a.startswith("commander ")]
    if len(options) < 2:
        return None

    def strength(action: str) -> float:
        card = cards[action.split()[1]]
        return card.cc + card.rc + 2 * sum(e.kind == "bonus" for e in card.effects)

    return max(options, key=strength)


def guide(game):
    """The veteran's move where it starts something (set-up, a play, an answer), but the
    commander chosen by :func:`commander`: search overrides it only where it is sure (see
    ``trust`` in docs/search.md). Mid-play the search composes alone: the veteran's plan was
    its own (guiding it there with the veteran's way of going on won 52.5% of 80 games, 62.5%
    / 42.5% by seat, below the plain search)."""

    def suggest(decision) -> str | None:
        view = decision.view
        if view["phase"] == "setup":
            chosen = commander(game, decision.legal)
            if chosen is not None:
                return chosen
        elif view["pending"] is not None:
            return None
        return Veteran(game, decision.seat, random.Random(0)).choose(decision)

    return suggest


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
