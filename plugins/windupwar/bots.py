"""The tactician: a rule-based Windup War bot that reads only its own view.

Its rules, in the rulebook's own strategy tips:

* It programs only cards its active unit can play, or, in the slots the active unit
  may not live to see, cards its next unit can play ("program actions your NEXT unit
  may legally play toward the end of your Windup order"). It never breaks a card by
  choice; only a hand with no playable card left forces an illegal one.
* It blocks when the attacks it expects on a step are worth more than a Block card.
* It times its Reload for the last slot of a round after which its hand would run low
  ("best to play your Reload card toward the end of your Windup order").
* It charges when its discard pile is not empty and other seats are unlikely to charge
  in that slot, judged from the Charge! cards they have not yet shown.
* After a successful charge it scores the discard card its remaining units need least.
"""

from __future__ import annotations

import random
from typing import Any

from tabletop.agents.base import BotSpec, Decision

from tabletop_games.windupwar.cards import BLACK
from tabletop_games.windupwar.state import IN_PLAY, SLOTS

# How likely a random-looking opponent's card hits a seat 1, 2, 3 spaces away.
THREAT_BY_DISTANCE = {1: 0.35, 2: 0.25, 3: 0.1}
# Of what use a card is to keep in the deck, before asking whether any unit can play it.
KEEP_VALUE = {
    "reload": 10, "charge": 9, "block_retaliate": 8, "block": 7, "detonate": 6, "set_bomb": 5,
    "retaliate": 4, "alpha_strike": 3, "attack": 2,
}


class Tactician:
    __slots__ = ("game", "seat", "rng", "data")

    def __init__(self, game: Any, seat: int, rng: random.Random):
        self.game = game
        self.seat = seat
        self.rng = rng
        self.data = game.data

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
        current = units[army[active]["unit"]]
        hearts = army[active]["hearts"]
        following = units[army[active + 1]["unit"]] if active + 1 < len(army) else None
        cards = self.data.by_notation
        # The active unit surely plays the first `hearts` slots if it takes at most one
        # damage a step; later slots may fall to the next unit.
        if slot < hearts or following is None:
            tiers = [current.allowed]
        else:
            tiers = [current.allowed & following.allowed, following.allowed, current.allowed]
        candidates: list[str] = []
        for allowed in tiers:
            candidates = [a for a in legal if cards[a].colour in allowed]
            if candidates:
                break
        if not candidates:
            return min(legal, key=lambda a: (self._keep_value(a, me), a))
        context = self._context(view, me, slot)
        scored = [(self._value(cards[a], context, slot) + self.rng.random() * 0.01, a) for a in candidates]
        return max(scored)[1]

    def _context(self, view: dict, me: dict, slot: int) -> dict:
        seats = view["seats"]
        ring = [s["seat"] for s in seats if s["status"] == IN_PLAY]
        pos = ring.index(self.seat)
        n = len(ring)
        distance = {}
        for d in range(1, n):
            for other in (ring[(pos + d) % n], ring[(pos - d) % n]):
                if other != self.seat and other not in distance:
                    distance[other] = d
        threat = sum(THREAT_BY_DISTANCE.get(d, 0.05) for d in distance.values())
        reload_before = any(self.data.by_notation[c].effect == "reload" for c in me["row"][:slot] if c)
        discard_ready = bool(me["discard"]) and not (view["edition"] == "2017" and reload_before)
        charge_risk = 1.0
        for other in distance:
            info = seats[other]
            shown = sum(1 for c in info["discard"] + info["centre"] + info["broken"] + [r for r in info["row"] if r]
                        if c in self._charges())
            unseen = 2 - shown
            pool = max(1, info["hand_size"] + sum(1 for r in info["row"] if r == "?"))
            charge_risk *= 1 - min(1.0, unseen / pool)
        hand_after = len(view["hand"]) - (SLOTS - slot)
        return {
            "ring": ring, "pos": pos, "distance": distance, "threat": threat,
            "discard_ready": discard_ready, "charge_success": charge_risk,
            "bomb_ready": any(self.data.by_notation[c].effect == "set_bomb" for c in me["discard"])
            and not (view["edition"] == "2017" and reload_before),
            "hand_after": hand_after, "blocks_in_hand": sum(
                1 for c in view["hand"] if self.data.by_notation[c].effect in ("block", "block_retaliate")),
            "edition": view["edition"], "last_slot": slot == SLOTS - 1 or len(view["hand"]) == 1,
            "reload_done": reload_before,
        }

    def _charges(self) -> frozenset[str]:
        return frozenset(c.notation for c in self.data.actions if c.effect == "charge")

    def _target(self, ctx: dict, side: str, spaces: int) -> int:
        ring, pos = ctx["ring"], ctx["pos"]
        step = spaces if side == "L" else -spaces
        return ring[(pos + step) % len(ring)]

    def _value(self, card, ctx: dict, slot: int) -> float:
        effect = card.effect
        me = self.seat
        if effect == "attack":
            value = 0.0
            for side, spaces in card.hits:
                value += card.damage * (-1.2 if self._target(ctx, side, spaces) == me else 0.8)
            return value
        if effect == "alpha_strike":
            if ctx["edition"] == "2016":
                others = len(ctx["ring"]) - 1
            else:
                others = sum(1 for d in ctx["distance"].values() if d <= card.reach)
            return card.damage * (0.8 * others - 1.2)
        if effect == "detonate":
            if not ctx["bomb_ready"]:
                return -1.0
            others = sum(1 for d in ctx["distance"].values() if ctx["edition"] == "2016" or d <= card.reach)
            return card.damage * 0.8 * others
        if effect in ("block", "block_retaliate"):
            scarcity = 0.6 if ctx["blocks_in_hand"] <= 1 else 0.9
            value = ctx["threat"] * scarcity * 1.3
            if effect == "block_retaliate":
                value += ctx["threat"] * 0.8
            return value
        if effect == "retaliate":
            return ctx["threat"] * 0.8
        if effect == "reload":
            if ctx["last_slot"] and (ctx["hand_after"] < SLOTS or ctx["blocks_in_hand"] == 0):
                return 5.0
            return -2.0
        if effect == "charge":
            if not ctx["discard_ready"]:
                return -1.5
            return 3.5 * ctx["charge_success"]
        if effect == "set_bomb":
            return 0.3 if not ctx["bomb_ready"] else -0.5
        return 0.0

    # ---- scoring a charge -----------------------------------------------------------

    def _keep_value(self, notation: str, me: dict) -> float:
        card = self.data.by_notation[notation]
        units = self.data.unit_by_id
        remaining = [units[u["unit"]] for u in me["army"] if u["state"] != "destroyed"]
        usable = card.colour == BLACK or any(card.colour in u.allowed for u in remaining)
        return KEEP_VALUE.get(card.effect, 1) + (card.damage if card.effect == "attack" else 0) + (10 if usable else 0)

    def _score(self, view: dict, legal: list[str]) -> str:
        me = view["seats"][self.seat]
        return min(legal, key=lambda a: (self._keep_value(a.split(" ", 1)[1], me), a))


def _make(game: Any, seat: int, rng: random.Random) -> Tactician:
    return Tactician(game, seat, rng)


TACTICIAN = BotSpec(
    "tactician", _make, game="windupwar",
    help="Rule-based: plays only cards its units can take, blocks likely attacks, reloads last, "
         "charges when others are unlikely to, scores its least useful discard card.",
)
