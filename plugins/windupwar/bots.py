"""The tactician: a rule-based Windup War bot that reads only its own view.

Its rules, in the rulebook's own strategy tips:

* It programs only cards its active unit or its next unit can play ("program actions
  your NEXT unit may legally play toward the end of your Windup order"). It estimates
  how likely the active unit still stands at each slot (damage as a Poisson count at
  the rate the others dealt last round); where that is unsure it prefers cards both
  units can play. Only a hand with no such card left forces another card.
* It blocks when the attacks it expects on a step are worth more than a Block card.
* It times its Reload for the last slot of a round after which fewer than five cards
  its unit can play would be left ("best to play your Reload card toward the end of
  your Windup order").
* It charges when its discard pile is not empty and other seats are unlikely to charge
  in that slot, judged from the Charge! cards they have not yet shown.
* After a successful charge it scores the discard card its remaining units need least.
"""

from __future__ import annotations

import math
import random
from typing import Any

from tabletop.plugin_api import BotSpec, Decision
from tabletop_games.windupwar.cards import BLACK
from tabletop_games.windupwar.state import IN_PLAY, SLOTS

# Expected damage a step from an opponent 1, 2, 3 spaces away: about the share of the 22
# cards that reach that far, halved because a unit may play only about half of them.
THREAT_BY_DISTANCE = {1: 0.2, 2: 0.08, 3: 0.04}
# Of what use a card is to keep in the deck, before asking whether any unit can play it.
KEEP_VALUE = {
    "reload": 10, "charge": 9, "block_retaliate": 8, "block": 7, "detonate": 6, "set_bomb": 5,
    "retaliate": 4, "alpha_strike": 3, "attack": 2,
}


class Tactician:
    #: It reads its view and the legal actions only: no copy of the state is made for it.
    reads = "view"
    __slots__ = ("game", "seat", "rng", "data", "charges")

    def __init__(self, game: Any, seat: int, rng: random.Random):
        self.game = game
        self.seat = seat
        self.rng = rng
        self.data = game.data
        self.charges = frozenset(c.notation for c in self.data.actions if c.effect == "charge")

    def choose(self, decision: Decision) -> str:
        legal = decision.legal
        if len(legal) == 1:
            return legal[0]
        view = decision.view
        phase = view["phase"]
        if phase == "windup":
            return self._program(view, legal)
        if phase == "charge":
            return self._score(view, legal)
        if phase == "army":
            return self._pick_unit(legal)
        return self.rng.choice(legal)

    # ---- setup ----------------------------------------------------------------------

    def _unit_strength(self, unit) -> float:
        playable = sum(1 for c in self.data.actions if c.colour in unit.allowed)
        return 2 * unit.hearts + playable

    def _pick_unit(self, legal: list[str]) -> str:
        units = self.data.unit_by_id
        return max(legal, key=lambda a: (self._unit_strength(units[a.split(" ", 1)[1]]), a))

    # ---- the windup -----------------------------------------------------------------

    def _program(self, view: dict, legal: list[str]) -> str:
        seat = self.seat
        me = view["seats"][seat]
        slot = len(me["row"])
        army = me["army"]
        active = me["active"]
        units = self.data.unit_by_id
        current = units[army[active]["unit"]].allowed
        following = units[army[active + 1]["unit"]].allowed if active + 1 < len(army) else None
        cards = self.data.by_notation
        # Next round's cards will mostly be played by this unit unless it is nearly spent.
        hearts = army[active]["hearts"]
        next_round = current if hearts >= 3 or following is None else current | following
        context = self._context(view, me, slot, next_round)
        alive = self._alive(hearts, me["row"][:slot], context["threat"])
        # Which unit will play this slot? Sure: its cards. Unsure: cards both can play
        # first, then the likelier unit's, then the other's (never one neither can play).
        if following is None or alive > 0.85:
            pools = [current] + ([following] if following is not None else [])
        elif alive >= 0.5:
            pools = [current & following, current, following]
        else:
            pools = [current & following, following, current]
        for allowed in pools:
            candidates = [a for a in legal if cards[a].colour in allowed]
            if candidates:
                break
        else:
            return min(legal, key=lambda a: (self._keep_value(a, me), a))
        scored = [(self._value(cards[a], context) + self.rng.random() * 0.05, a) for a in candidates]
        return max(scored)[1]

    def _alive(self, hearts: int, earlier: list[str], threat: float) -> float:
        """The chance the active unit still stands when this slot is revealed.

        Damage before the slot is taken as Poisson with ``threat`` per earlier slot that
        is not a block; the unit survives while it has taken fewer than ``hearts``.
        """
        cards = self.data.by_notation
        exposed = sum(1 for c in earlier if c and cards[c].effect not in ("block", "block_retaliate"))
        mean = threat * exposed
        term = total = math.exp(-mean)
        for k in range(1, hearts):
            term *= mean / k
            total += term
        return min(1.0, total)

    def _context(self, view: dict, me: dict, slot: int, playable: frozenset[str]) -> dict:
        """What the card values of this slot depend on, read once from the view."""
        cards = self.data.by_notation
        ring = [s["seat"] for s in view["seats"] if s["status"] == IN_PLAY]
        distance = self._distances(ring)
        reload_before = any(cards[c].effect == "reload" for c in me["row"][:slot] if c)
        emptied = view["edition"] == "2017" and reload_before
        hand = view["hand"]
        usable_after = sum(1 for c in hand if cards[c].colour in playable) - (SLOTS - slot)
        return {
            "ring": ring, "pos": ring.index(self.seat), "distance": distance,
            "threat": self._threat(view, distance, len(ring)),
            "discard_ready": bool(me["discard"]) and not emptied,
            "charge_success": self._charge_success(view["seats"], distance),
            "bomb_ready": not emptied and any(cards[c].effect == "set_bomb" for c in me["discard"]),
            "run_low": usable_after < SLOTS,
            "blocks_in_hand": sum(1 for c in hand if cards[c].effect in ("block", "block_retaliate")),
            "edition": view["edition"],
            "last_slot": slot == SLOTS - 1 or len(hand) == 1,
        }

    def _distances(self, ring: list[int]) -> dict[int, int]:
        """Each other seat in play and its distance, the nearer way round."""
        pos, n = ring.index(self.seat), len(ring)
        distance: dict[int, int] = {}
        for d in range(1, n):
            for other in (ring[(pos + d) % n], ring[(pos - d) % n]):
                if other != self.seat and other not in distance:
                    distance[other] = d
        return distance

    def _threat(self, view: dict, distance: dict[int, int], n: int) -> float:
        """Damage expected on a step: by distance, or what the others dealt last round if more."""
        threat = sum(THREAT_BY_DISTANCE.get(d, 0.02) for d in distance.values())
        reveals = view.get("reveals") or []
        if reveals and n > 1:
            # What the others actually dealt last round, shared among the seats they could hit.
            dealt = sum(r["dealt"] for step in reveals for r in step["rows"] if r["seat"] != self.seat)
            threat = max(threat, dealt / len(reveals) / (n - 1))
        return threat

    def _charge_success(self, seats: list[dict], distance: dict[int, int]) -> float:
        """The chance no other seat charges in this slot, from the Charge! cards it has not shown."""
        success = 1.0
        charges = self.charges
        for other in distance:
            info = seats[other]
            shown = sum(1 for c in info["discard"] + info["centre"] + info["broken"] + info["row"] if c in charges)
            pool = max(1, info["hand_size"] + sum(1 for r in info["row"] if r == "?"))
            success *= 1 - min(1.0, (len(charges) - shown) / pool)
        return success

    def _target(self, ctx: dict, side: str, spaces: int) -> int:
        ring, pos = ctx["ring"], ctx["pos"]
        step = spaces if side == "L" else -spaces
        return ring[(pos + step) % len(ring)]

    def _value(self, card, ctx: dict) -> float:
        """What the card is worth in this slot, in rough units of damage dealt or avoided."""
        value = _VALUES.get(card.effect)
        return 0.0 if value is None else value(self, card, ctx)

    def _attack(self, card, ctx: dict) -> float:
        me = self.seat
        return sum(card.damage * (-1.2 if self._target(ctx, side, spaces) == me else 0.8)
                   for side, spaces in card.hits)

    def _alpha_strike(self, card, ctx: dict) -> float:
        if ctx["edition"] == "2016":
            others = len(ctx["ring"]) - 1
        else:
            others = sum(1 for d in ctx["distance"].values() if d <= card.reach)
        return card.damage * (0.8 * others - 1.2)

    def _detonate(self, card, ctx: dict) -> float:
        if not ctx["bomb_ready"]:
            return -1.0
        others = sum(1 for d in ctx["distance"].values() if ctx["edition"] == "2016" or d <= card.reach)
        return card.damage * 0.8 * others

    def _block(self, card, ctx: dict) -> float:
        scarcity = 0.6 if ctx["blocks_in_hand"] <= 1 else 0.9
        value = ctx["threat"] * scarcity * 1.3
        if card.effect == "block_retaliate":
            value += ctx["threat"] * 0.8
        return value

    def _retaliate(self, card, ctx: dict) -> float:
        return ctx["threat"] * 0.8

    def _reload(self, card, ctx: dict) -> float:
        return 5.0 if ctx["last_slot"] and ctx["run_low"] else -2.0

    def _charge(self, card, ctx: dict) -> float:
        if not ctx["discard_ready"]:
            return -1.5
        # Not always the first slot: a predictable charge is a cancelled one.
        return 3.5 * ctx["charge_success"] * (0.3 + 0.7 * self.rng.random())

    def _set_bomb(self, card, ctx: dict) -> float:
        return 0.3 if not ctx["bomb_ready"] else -0.5

    # ---- scoring a charge -----------------------------------------------------------

    def _keep_value(self, notation: str, me: dict) -> float:
        """How much the deck would miss this card: any unit left can play it first, then its kind."""
        card = self.data.by_notation[notation]
        units = self.data.unit_by_id
        remaining = [units[u["unit"]] for u in me["army"] if u["state"] != "destroyed"]
        usable = card.colour == BLACK or any(card.colour in u.allowed for u in remaining)
        return KEEP_VALUE.get(card.effect, 1) + (card.damage if card.effect == "attack" else 0) + (10 if usable else 0)

    def _score(self, view: dict, legal: list[str]) -> str:
        me = view["seats"][self.seat]
        return min(legal, key=lambda a: (self._keep_value(a.split(" ", 1)[1], me), a))


#: Each effect's value in a slot (an effect not named is worth nothing).
_VALUES = {
    "attack": Tactician._attack, "alpha_strike": Tactician._alpha_strike, "detonate": Tactician._detonate,
    "block": Tactician._block, "block_retaliate": Tactician._block, "retaliate": Tactician._retaliate,
    "reload": Tactician._reload, "charge": Tactician._charge, "set_bomb": Tactician._set_bomb,
}


def _make(game: Any, seat: int, rng: random.Random) -> Tactician:
    return Tactician(game, seat, rng)


TACTICIAN = BotSpec(
    "tactician", _make, game="windupwar",
    help="Rule-based: plays only cards its units can take, blocks likely attacks, reloads last, "
         "charges when others are unlikely to, scores its least useful discard card.",
)
