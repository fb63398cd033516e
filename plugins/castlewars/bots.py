"""Castle Wars' rule-based bot, "captain".

It reads only its view. Every seat's holdings are public (all cards are taken face up and
battles are seen), only the order of other seats' Units is secret, so the captain samples
opponents' lines in random order and plays small fights against them:

* draft: take or swap for the card that makes its hand fight best against what the
  opponents hold (counters to what they took), and a Tower when attacks could hurt it;
* orders: for each choice (defend, attack a seat) find its best line against the likely
  opponent, value the damage it deals against the damage it may take, pick the best;
* place: follow that line (with two castles left the order to attack is the only one, so
  the table does not ask for it: the line is planned at the first placement).

With two castles left (a duel) the draft counts only damage that gets past the Towers; a
battle that hurt nobody makes it draft to break through rather than to hold (RULES.md, the
round limit).

Opponents are modelled as choosing uniformly among their options (defend or attack any
other seat), which is what a seat with no history to go on can expect.
"""

from __future__ import annotations

import random
from itertools import permutations

from tabletop.plugin_api import BotSpec, Decision
from tabletop_games.castlewars.cards import TOWER, CardRules

SAMPLES = 6  # random orders tried for each opponent's line


def _fight(mine, theirs, beats, power):
    """Front-to-front fight; returns the attack power left on each side."""
    i = j = 0
    while i < len(mine) and j < len(theirs):
        a, b = mine[i], theirs[j]
        if a == b:
            i += 1
            j += 1
        elif beats[a] == b:
            j += 1
        else:
            i += 1
    return sum(power[u] for u in mine[i:]), sum(power[u] for u in theirs[j:])


def _stalled(view):
    """Whether the last battle hurt nobody: no hit point lost, no Tower felled."""
    last = view.get("last_battle")
    return bool(last and last["results"]) and not any(r["damage"] or r["towers_broken"] for r in last["results"])


class Captain:
    """Drafts counters, orders its line against the likely foe, attacks when it pays."""

    #: It reads its view and the legal actions only: no copy of the state is made for it.
    reads = "view"
    __slots__ = ("cards", "seat", "rng", "plan", "planned")

    def __init__(self, cards: CardRules, seat: int, rng: random.Random):
        self.cards = cards
        self.seat = seat
        self.rng = rng
        self.plan: list[str] = []
        self.planned = 0   # the round the plan is for

    def choose(self, decision: Decision) -> str:
        legal = decision.legal
        if len(legal) == 1:
            return legal[0]
        view = decision.view
        if view["phase"] == "draft":
            return self._draft(view, legal)
        if legal[0].startswith("place"):
            return self._place(view, legal)
        return self._orders(view, legal)

    # ---- what the table looks like -------------------------------------------------------

    def _foes(self, view):
        return [p for p in view["players"] if p["in_play"] and p["seat"] != self.seat]

    def _lines(self, foe):
        """A few random orders of a foe's Units (its real order is secret)."""
        units = [u for u, n in foe["units"].items() for _ in range(n)]
        lines = []
        for _ in range(SAMPLES):
            self.rng.shuffle(units)
            lines.append(units[:])
        return lines

    # ---- draft ------------------------------------------------------------------------------

    def _draft(self, view, legal):
        me = view["players"][self.seat]
        hand = [c for c in view["hand"] if c != TOWER]
        foes = self._foes(view)
        samples = [(foe, self._lines(foe)) for foe in foes]
        if len(foes) == 1 and not _stalled(view):
            # A duel: a Tower is weighed against the foe's line as it may be once the draft is
            # over; after a battle that hurt nobody, against what it holds now, so the captain
            # drafts to get past the Towers instead of holding one more round after round.
            samples = [(foes[0], self._future_lines(view, foes[0], samples[0][1]))]
        best, best_value = legal[0], None
        for action in legal:
            parts = action.split()
            units, towers = hand[:], me["towers"]
            if parts[0] == "take":
                if parts[1] == TOWER:
                    towers += 1
                else:
                    units.append(parts[1])
            elif parts[0] == "swap":
                units[units.index(parts[1])] = parts[2]
            value = self._hand_value(units, towers, me, samples, view)
            if best_value is None or value > best_value:
                best, best_value = action, value
        return best

    def _hand_value(self, units, towers, me, samples, view):
        c = self.cards
        beats, power = c.beats, c.power
        total = sum(power[u] for u in units)
        if not samples:
            return total
        if len(samples) == 1:
            return self._duel_value(units, towers, samples[0], me)
        offence = defence = threat = 0.0
        for foe, lines in samples:
            foe_power = sum(power[u] * n for u, n in foe["units"].items())
            threat += foe_power
            if not lines[0]:
                offence += total
                continue
            for line in lines:
                mine = units[:]
                self.rng.shuffle(mine)
                dealt, taken = _fight(mine, line, beats, power)
                offence += dealt / len(lines)
                defence += taken / len(lines)
        count = len(samples)
        # A Tower earns its slot when foes can send more than it stops, more so when low.
        danger = 1.0 + 10.0 / max(me["hit_points"], 1)
        tower_value = min(c.absorbs, threat / count) * danger * 0.9
        return (offence - defence) / count + towers * tower_value

    def _future_lines(self, view, foe, lines):
        """``lines`` with the Units the foe may still draft this round, of random kinds, at the
        back (so a Tower is valued against what may come, not only what is held now)."""
        turn = view["draft_turn"]
        order = view["turn_order"]
        later = order.index(foe["seat"]) > order.index(self.seat) if self.seat in order else False
        picks = max(0, view["draft_turns"] - turn) + later
        room = max(0, view["hand_limit"] - foe["hand_size"])
        kinds = [k for k in self.cards.power if k != TOWER]
        return [line + [self.rng.choice(kinds) for _ in range(min(picks, room))] for line in lines]

    def _duel_value(self, units, towers, sample, me):
        """Two castles left must attack each other: the hand's worth is the damage it gets past
        the foe's Towers less the damage it lets past its own, each weighed by how near it brings
        a castle to falling, with its best order against each sampled foe line. Counting raw
        power instead (and a Tower by its fear of loss) had two captains each hold a Tower and
        cancel out round after round until the round limit."""
        c = self.cards
        foe, lines = sample
        urgency = self._urgency(foe)
        danger = self._urgency(me)
        best = None
        for mine in set(permutations(units)) or [()]:
            dealt = taken = 0.0
            for line in lines:
                out, back = _fight(mine, line, c.beats, c.power)
                dealt += self._through(out, foe["towers"])
                taken += self._through(back, towers)
            value = dealt * urgency - taken * danger
            if best is None or value > best:
                best = value
        return best / len(lines)

    # ---- battle orders -----------------------------------------------------------------------

    def _orders(self, view, legal):
        me = view["players"][self.seat]
        units = [u for u in view["hand"] if u != TOWER]
        foes = {f["seat"]: f for f in self._foes(view)}
        lines = {s: self._lines(f) for s, f in foes.items()}
        options = len(foes) + 1  # how many choices each foe has, assumed equally likely
        arrangements = sorted(set(permutations(units))) or [()]
        best, best_value, best_line = legal[0], None, list(units)
        for action in legal:
            if action == "defend":
                value, line = self._defend_value(me, foes, lines, options, arrangements)
            else:
                target = int(action.split()[1]) - 1
                value, line = self._attack_value(me, target, foes, lines, options, arrangements)
            if best_value is None or value > best_value:
                best, best_value, best_line = action, value, line
        self.plan = list(best_line)
        self.planned = view["round"]
        return best

    def _through(self, power, towers):
        """Hit points lost to ``power`` against ``towers``, counting a felled Tower as worth 2."""
        absorbs = self.cards.absorbs
        return max(0, power - absorbs * towers) + 2 * min(towers, power // absorbs)

    def _defend_value(self, me, foes, lines, options, arrangements):
        c = self.cards
        best = None
        for line in arrangements:
            taken = 0.0
            for foe_lines in lines.values():
                for foe_line in foe_lines:
                    _, hit = _fight(foe_line, line, c.beats, c.power)
                    taken += self._through(hit, me["towers"]) / len(foe_lines)
            if best is None or taken < best[0]:
                best = (taken, line)
        taken, line = best
        return -taken / options, line

    def _attack_value(self, me, target, foes, lines, options, arrangements):
        c = self.cards
        beats, power = c.beats, c.power
        foe = foes[target]
        # Others who attack me meet only my Towers while my Units are away.
        exposed = 0.0
        for s, f in foes.items():
            if s != target:
                exposed += self._through(sum(power[u] * n for u, n in f["units"].items()), me["towers"]) / options
        meet = 2.0 / options            # the target defends, or attacks me back
        away = 1.0 - meet                # the target attacks someone else
        best = None
        for line in arrangements:
            full = sum(power[u] for u in line)
            dealt = away * self._through(full, foe["towers"])
            back = 0.0
            for foe_line in lines[target]:
                mine, theirs = _fight(line, foe_line, beats, power)
                dealt += meet * self._through(mine, foe["towers"]) / len(lines[target])
                back += self._through(theirs, me["towers"]) / len(lines[target]) / options
            value = dealt * self._urgency(foe) - back
            if best is None or value > best[0]:
                best = (value, line)
        value, line = best
        return value - exposed, line

    def _urgency(self, foe):
        """Damage matters more the closer it brings a foe to elimination."""
        return 1.0 + 4.0 / max(foe["hit_points"], 1)

    def _place(self, view, legal):
        placed = view["placed"]
        foes = self._foes(view)
        if not placed and self.planned != view["round"] and len(foes) == 1:
            # Two castles left: the order to attack was the only one, so the table did not ask
            # for it; plan the line against the foe now.
            self._orders(view, [f"attack {foes[0]['seat'] + 1}"])
        plan = self.plan
        if len(plan) > len(placed) and plan[: len(placed)] == placed:
            action = f"place {plan[len(placed)]}"
            if action in legal:
                return action
        return legal[0]


def _make(game, seat, rng):
    return Captain(game.cards, seat, rng)


CAPTAIN = BotSpec(
    "captain",
    _make,
    game="castlewars",
    help="Drafts counters to what opponents hold, orders its line against its target, "
    "attacks when the damage it deals outweighs what it risks, takes Towers under threat.",
)
