"""Wind Up's rule-based bot, "engineer".

It reads only its view (and the public card data). Its habits:

* wind generators first, then the producers it is about to run (free winder winds on
  anything unwound; paid winds only on orange or stopped parts, and in the last round on
  every stopped part, which would otherwise score nothing);
* produce the resource it needs for the next part (iron) first, then prisms, then gold;
* buy the biggest part it can afford, preferring a second generator, then producers, and
  decorations late; install it where it scores the most sets and gear points without
  exposing smaller neighbours to chain reactions;
* hire the top winder when it can afford it; Jammers stop cards that would turn its parts;
* take a hard restart when most of its parts are orange or stopped.
"""

from __future__ import annotations

import random

from tabletop.plugin_api import BotSpec, Decision
from tabletop_games.windup_machines.cards import STOPPED
from tabletop_games.windup_machines.machine import CELL_INDEX, NEIGHBOURS, gear_turns, install, machine_score

SIDE = {"green": 0, "yellow": 1, "orange": 2, "red": 3}
BUY_ORDER = ("generator", "crafter", "smelter", "processor", "decoration")


class Engineer:
    #: It reads its view and the legal actions only: no copy of the state is made for it.
    reads = "view"
    __slots__ = ("game", "cards", "seat", "rng")

    def __init__(self, game, seat: int, rng: random.Random):
        self.game = game
        self.cards = game.cards
        self.seat = seat
        self.rng = rng

    # ---- reading the view --------------------------------------------------------------

    def _machine(self, view, seat=None):
        grid = view["players"][self.seat if seat is None else seat]["grid"]
        parts = [g["part"] if g else None for g in grid]
        sides = [SIDE[g["side"]] if g else 0 for g in grid]
        return parts, sides

    def _hurt(self, view, card, seat=None):
        parts, sides = self._machine(view, seat)
        return len(gear_turns(parts, sides, self.cards.gears[card], self.cards))

    def choose(self, decision: Decision) -> str:
        legal = decision.legal
        if len(legal) == 1:
            return legal[0]
        view = decision.view
        phase = view["phase"]
        if phase == "start":
            return "start r2c2 r2c3" if "start r2c2 r2c3" in legal else legal[0]
        if phase == "tune":
            return "use tuner"
        if phase == "tuning":
            return min(legal, key=lambda a: self._hurt(view, a.split()[1]))
        if phase == "assign":
            return self._assign(view, legal)
        if phase == "respond":
            return self._respond(view, legal)
        if phase == "install":
            return self._install(view, legal)
        if phase == "sabotage":
            return self._sabotage(view, legal)
        return self._turn(view, legal)

    def _assign(self, view, legal):
        # A card resolves for everyone; taking the harsher one myself lets me wind at once.
        mine = [a for a in legal if a.endswith(f"p{self.seat + 1}")]
        if mine:
            return max(mine, key=lambda a: self._hurt(view, a.split()[1]))
        return legal[0]

    def _respond(self, view, legal):
        card = view["gear_in_play"]
        hurt = self._hurt(view, card)
        for action in legal:
            if "jammer-stop" in action and hurt >= 3:
                return action
            if "jammer-redraw" in action and hurt >= 2:
                return action
        return "pass"

    def _sabotage(self, view, legal):
        def value(action):
            _, who, cell = action.split()
            g = view["players"][int(who[1:]) - 1]["grid"][CELL_INDEX[cell]]
            return (g["kind"] == "generator", g["size"])
        return max(legal, key=value)

    # ---- the turn ------------------------------------------------------------------------

    def _turn(self, view, legal):
        me = view["players"][self.seat]
        parts, sides = self._machine(view)
        last_round = view["gear_cards_left"] == 0 and view["round"] >= 12
        if self._worn_out(view, legal, parts, sides, last_round):
            return "restart"
        wind = self._winding(view, legal, me, parts, sides, last_round)
        if wind is not None:
            return wind
        for action in legal:
            if action.startswith("use thief") or action.startswith("use alchemist-gold") and me["gold"] >= 6:
                return action
        target = self._target(view, me)
        need_iron = target is not None and me["iron"] + me["gold"] < target[1]
        produce = [a for a in legal if a.startswith("produce")]
        if produce:
            return max(produce, key=lambda a: self._produce_value(parts, sides, a, need_iron, last_round))
        if target is not None and f"buy {target[0]}" in legal:
            return f"buy {target[0]}"
        hires = [a for a in legal if a.startswith("hire winder")]
        if hires and not last_round and view["round"] <= 9:
            return hires[0]
        return "done"

    def _worn_out(self, view, legal, parts, sides, last_round):
        """A hard restart when two thirds of three or more parts are orange or stopped."""
        if view["stage"] != "wind" or "restart" not in legal or last_round or view["gear_cards_left"] <= 2:
            return False
        present = [c for c in range(9) if parts[c] is not None]
        worn = sum(1 for c in present if sides[c] >= 2)
        return worn * 3 >= len(present) * 2 and len(present) >= 3

    def _winding(self, view, legal, me, parts, sides, last_round):
        """An overwind, else a wind worth its price, else None."""
        overwinds = [a for a in legal if a.startswith("overwind")]
        if overwinds:
            return max(overwinds, key=lambda a: self._wind_priority(parts, sides, CELL_INDEX[a.split()[1]]))
        winds = [a for a in legal if a.startswith("wind ")]
        if not winds:
            return None
        choice = max(winds, key=lambda a: self._wind_priority(parts, sides, CELL_INDEX[a.split()[1]]))
        cell = CELL_INDEX[choice.split()[1]]
        free = view["free_winds"] > 0
        part = self.cards.parts[parts[cell]]
        if free or (last_round and sides[cell] == STOPPED) or (
                part.kind != "decoration" and sides[cell] >= 2 and me["iron"] + me["gold"] > 2):
            return choice
        return None

    def _wind_priority(self, parts, sides, cell):
        part = self.cards.parts[parts[cell]]
        kind_rank = {"generator": 3, "crafter": 2, "smelter": 2, "processor": 1, "decoration": 0}[part.kind]
        # Generators first (every producer needs their energy), then the most unwound part.
        return (part.kind == "generator", sides[cell], kind_rank, part.size)

    def _produce_value(self, parts, sides, action, need_iron, last_round):
        cell = CELL_INDEX[action.split()[1]]
        part = self.cards.parts[parts[cell]]
        cost, made, _ = part.sides[sides[cell]]
        worth = {"smelter": 2.5 if need_iron else (0.2 if last_round else 0.9),
                 "crafter": 2.6, "processor": 1.2}[part.kind]
        return made * worth / cost

    def _target(self, view, me):
        """The part to buy next: (kind, cost)."""
        parts, _ = self._machine(view)
        gens = [self.cards.parts[p].size for p in parts if p and self.cards.parts[p].kind == "generator"]
        have = {self.cards.parts[p].kind for p in parts if p}
        late = view["round"] >= 9
        best = None
        for kind in BUY_ORDER:
            stack = view["stacks"][kind]
            if stack["top"] is None:
                continue
            size, cost = stack["top_size"], stack["top_cost"]
            if kind == "generator" and len(gens) >= 2 and size <= min(gens):
                continue
            score = size
            if kind == "generator" and len(gens) < 2:
                score += 6
            if kind not in have and kind != "decoration":
                score += 3
            if kind == "decoration":
                score += 4 if late else -3
            if kind == "smelter" and "smelter" in have:
                score -= 2
            if best is None or score > best[0]:
                best = (score, kind, cost)
        return None if best is None else (best[1], best[2])

    def _install(self, view, legal):
        parts, sides = self._machine(view)
        new = view["pending_part"]
        size = self.cards.parts[new].size

        def value(action):
            spot = action.split()[1]
            old = parts[CELL_INDEX[spot]] if spot in CELL_INDEX else None
            trial_parts, trial_sides, cell, _ = install(parts, sides, spot, new)
            score = machine_score(trial_parts, trial_sides, self.cards)
            total = score["gears"] + score["sets"] + score["decorations"]
            exposed = sum(1 for nb in NEIGHBOURS[cell]
                          if trial_parts[nb] is not None and self.cards.parts[trial_parts[nb]].size < size)
            lost = 0
            if old is not None:
                lost = self.cards.parts[old].size + (4 if self.cards.parts[old].kind != "decoration" else 0)
            return total - 0.7 * exposed - lost + self.rng.random() * 0.01
        return max(legal, key=value)


def _make(game, seat: int, rng: random.Random) -> Engineer:
    return Engineer(game, seat, rng)


ENGINEER = BotSpec(
    "engineer", _make, game="windup_machines",
    help="Winds generators first, produces for the next part, builds runs, restarts worn machines.",
)
