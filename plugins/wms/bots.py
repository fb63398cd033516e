"""WMS's rule-based bot, "veteran".

It plays from its own seat's knowledge only: its view, and a state sampled by
``decision.sample_state`` (its own hand and every public card are exact; the opponent's
hand and both deck orders are resampled) on which it measures candidate plays with the
game's own combat values. Its habits:

* answer with the cheapest play that still equals or beats the current combat value,
  adding equipment, psych points, squad members or swarm tokens only when the unit alone
  falls short, and turning the tide when that is what wins;
* open a fight with a middling unit in its better style, keeping its best cards for defence;
* put a lingering command card on an empty stack, heal a wounded commander;
* when no play can equal or beat: retreat if the hand is poor (few or weak units), else yield
  (the rules allow a yield only then); when its cheap search finds nothing but some play
  would be accepted, it makes the one the game finds, or retreats if the hand is poor;
* sacrifice a card it cannot use (equipment or power no unit in hand can carry).
"""

from __future__ import annotations

import random

from tabletop.plugin_api import BotSpec, Decision
from tabletop_games.wms.values import CC, RC

AUGMENTS = ("equip", "psych", "power", "squad", "swarm", "disrupt")
POOR_HAND = 3.5   # average best value of the units in hand below which a lost fight is a retreat


class Veteran:
    """Cheapest winning answers, strong cards saved, tide turned when it wins."""

    __slots__ = ("game", "seat", "rng", "plan")

    def __init__(self, game, seat: int, rng: random.Random):
        self.game = game
        self.seat = seat
        self.rng = rng
        self.plan: list[str] = []

    # ---- entry point ----------------------------------------------------------------------

    def choose(self, decision: Decision) -> str:
        legal = decision.legal
        if len(legal) == 1:
            return legal[0]
        while self.plan:
            step = self.plan.pop(0)
            if step in legal:
                return step
        self.plan = []
        view = decision.view
        if view["phase"] == "setup":
            return self._setup(legal)
        if view["phase"] == "recycle":
            return legal[0]
        state = decision.sample_state(self.rng)
        if view["pending"] is not None:
            for fallback in ("cancel", "yield", "retreat"):
                if fallback in legal:
                    return fallback
        opening = not any(p["battlefield"] for p in view["players"])
        self.plan = self._fight(state, legal, opening=opening)
        return self.plan.pop(0)

    def _setup(self, legal):
        for action in legal:
            if action.startswith(("commander", "reserve")):
                return action
        return "done"

    # ---- card worth -----------------------------------------------------------------------

    def _worth(self, card_id) -> float:
        card = self.game.cards[card_id]
        if card.type in ("unit", "token"):
            return max(card.cc, card.rc) + 0.5 * len(card.keywords & {"fear", "fly", "guard", "tide", "squad"})
        return 2.0

    def _hand_quality(self, hand) -> float:
        cards = self.game.cards
        units = [max(cards[c].cc, cards[c].rc) for c in hand if cards[c].type == "unit"]
        return sum(units) / len(units) if len(units) > 1 else 0.0

    # ---- a fight --------------------------------------------------------------------------

    def _fight(self, state, legal, *, opening):
        game = self.game
        seat = self.seat
        hand = state.hand[seat]
        prefix: list[str] = []
        if opening and any(a.startswith("command") for a in legal):
            command = self._command(state, legal)
            if command:
                prefix = [command]
                game.apply(state, seat, command)
                if game.outcome(state) is not None:
                    return prefix
        plans = []
        units = [a for a in game.legal_actions(state, seat) if a.startswith(("play ", "arrive "))]
        for action in units:
            plan = self._plan(state, action, opening)
            if plan is not None:
                plans.append(plan)
        if plans:
            if opening:
                plans.sort(key=lambda p: (p[0], p[2]))
                cost, actions, _ = plans[len(plans) // 2]
            else:
                cost, actions, _ = min(plans, key=lambda p: (p[0], -p[2]))
            return prefix + actions
        if self._hand_quality(hand) < POOR_HAND:
            return prefix + ["retreat"]
        found = game.must_play.acceptable_play(state, seat)
        return prefix + (found if found is not None else ["yield"])

    def _command(self, state, legal):
        cards = self.game.cards
        seat = self.seat
        stack = state.command[seat]
        top_lingers = bool(stack) and cards[stack[-1]].timing == "lingering"
        for action in legal:
            if not action.startswith("command"):
                continue
            card = cards[action.split()[1]]
            kinds = {e.kind for e in card.effects}
            if "heal" in kinds and state.wounds[seat] < 4:
                return action
            if "draw" in kinds and len(state.deck[seat]) > 20:
                return action
            if card.timing == "lingering" and not top_lingers:
                return action
        return None

    def _margin(self, state, play, styles):
        game = self.game
        best = None
        for style in styles:
            mine, theirs = game.values.compare(state, self.seat, play, style)
            if best is None or mine - theirs > best:
                best = mine - theirs
        return best

    def _plan(self, state, action, opening):
        """(cost, actions, margin) of the cheapest way to make ``action``'s unit win, or None."""
        game = self.game
        seat = self.seat
        trial = game.copy(state)
        game.apply(trial, seat, action)
        actions = [action]
        unit = action.split()[1]
        cost = self._worth(unit)
        if opening:
            play = trial.pending
            values = {style: game.values.compare(trial, seat, play, style)[0] for style in (CC, RC)}
            style = max(values, key=values.get)
            return cost, actions + self._sacrifice(trial) + [f"style {style}"], values[style]
        for _ in range(8):
            legal = game.legal_actions(trial, seat)
            finishes = [a for a in legal if a == "done" or a.startswith("tide")]
            if finishes:
                styles = [trial.style if f == "done" else f.split()[1] for f in finishes]
                margins = [game.values.compare(trial, seat, trial.pending, s) for s in styles]
                best = max(range(len(finishes)), key=lambda i: margins[i][0] - margins[i][1])
                margin = margins[best][0] - margins[best][1]
                return cost, actions + self._sacrifice(trial) + [finishes[best]], margin
            styles = self._styles(trial)
            before = self._margin(trial, trial.pending, styles)
            chosen = None
            for option in legal:
                verb = option.split()[0]
                if verb not in AUGMENTS:
                    continue
                probe = game.copy(trial)
                game.apply(probe, seat, option)
                gain = self._margin(probe, probe.pending, self._styles(probe)) - before
                price = self._price(option)
                if gain > 0 and (chosen is None or gain / price > chosen[0]):
                    chosen = (gain / price, option, price)
            if chosen is None:
                return None
            game.apply(trial, seat, chosen[1])
            actions.append(chosen[1])
            cost += chosen[2]
        return None

    def _styles(self, trial):
        """The styles the pending play could finish in: the current one, and the other by tide."""
        if self.game.values.can_turn_tide(trial, self.seat, trial.pending):
            return [trial.style, RC if trial.style == CC else CC]
        return [trial.style]

    def _price(self, option):
        verb, _, arg = option.partition(" ")
        if verb in ("equip", "power"):
            return 2.0
        if verb == "squad":
            return self._worth(arg)
        if verb == "swarm":
            return 0.2
        return 0.05

    def _sacrifice(self, trial):
        """Sacrifice one card nobody in hand can use, while the deck is comfortable."""
        cards = self.game.cards
        hand = trial.hand[self.seat]
        if len(trial.deck[self.seat]) < 15:
            return []
        units = [cards[c] for c in hand if cards[c].type == "unit"]
        grants = self.game.values.mods(trial)[self.seat].grants   # a command card's keywords count too
        for card_id in hand:
            card = cards[card_id]
            if card.type == "equipment" and card.only and not any(card.only & (u.keywords | grants) for u in units):
                return [f"sacrifice {card_id}"]
            if card.type == "power" and not any(u.psych for u in units):
                return [f"sacrifice {card_id}"]
        return []


VETERAN = BotSpec(
    name="veteran",
    factory=lambda game, seat, rng: Veteran(game, seat, rng),
    game="wms",
    help="Answers with the cheapest play that equals or beats, saves strong cards, "
         "turns the tide when that wins, retreats with a poor hand.",
)
