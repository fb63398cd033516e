"""Fixed scripts for 2-seat Windup War: opponents that play one line every round, to measure
whether search punishes a repeated line (issue 37). Measurement helpers, not bundled bots: a
player gains nothing from picking one, and search must not be tuned against the held-out one.

Each script picks the same army and programs the same five cards every round, in the same slots;
when its card is not legal (scored, broken, not back in hand) it plays the first legal action.
After a successful Charge! it scores the first discard card that is not in its line (else the
first), so the line stays whole as long as it can.

* ``script-held`` is held back: written and committed before any search change and never run
  while tuning, only for the final report.
* ``script-tune``, ``script-found`` and ``script-found2`` are the ones tuned against (the
  found ones added after the first proved weak: search won 85% of 40 games against it before
  it learnt anything).
"""

from __future__ import annotations

from tabletop.plugin_api import BotSpec, Decision


class Script:
    """Plays ``army`` (units in combat order) and ``line`` (five cards by slot) every round."""

    reads = "view"

    def __init__(self, army: tuple[str, ...], line: tuple[str, ...]):
        self.army = army
        self.line = line

    def choose(self, decision: Decision) -> str:
        legal = decision.legal
        view = decision.view
        phase = view["phase"]
        wanted = None
        if phase == "army":
            picked = view["seats"][decision.seat]["units_picked"]
            wanted = f"unit {self.army[picked]}" if picked < len(self.army) else None
        elif phase == "windup":
            slot = len(view["seats"][decision.seat]["row"])
            wanted = self.line[slot] if slot < len(self.line) else None
        elif phase == "charge":
            wanted = next((a for a in legal if a.startswith("score ") and a[6:] not in self.line), None)
        return wanted if wanted in legal else legal[0]


def spec(name: str, army: tuple[str, ...], line: tuple[str, ...], help: str) -> BotSpec:
    return BotSpec(name, lambda game, seat, rng: Script(army, line), game="windupwar", help=help)


#: Held back for the final report (issue 37): charges in slot 2 behind a Double Attack, reloads in slot 4.
HELD = spec("script-held", ("tank", "infantry", "helicopter"), ("DAR.i", "CH.k", "A1L.i", "RL.k", "FL.o"),
            "A fixed line: tank, infantry, helicopter; DAR.i CH.k A1L.i RL.k FL.o every round.")
#: Tuned against: charges in slot 1, reloads in slot 4.
TUNE = spec("script-tune", ("helicopter", "infantry", "tank"), ("CH.k", "A1L.g", "A2L.g", "RL.k", "A1L.i"),
            "A fixed line: helicopter, infantry, tank; CH.k A1L.g A2L.g RL.k A1L.i every round.")
#: Tuned against: lines found by playing 800 random lines of this shape (the first unit's cards,
#: a Charge! and the Reload) against the tactician, 6 games each; these two then won 30 of 30.
FOUND = spec("script-found", ("tank", "helicopter", "mech"), ("A1RL.i", "DAR.i", "RL.k", "BL.k", "CH.k"),
             "A fixed line: tank, helicopter, mech; A1RL.i DAR.i RL.k BL.k CH.k every round.")
FOUND2 = spec("script-found2", ("infantry", "tank", "scout"), ("A1R.g", "CH.p", "RL.k", "A1L.k", "CH.k"),
              "A fixed line: infantry, tank, scout; A1R.g CH.p RL.k A1L.k CH.k every round.")
