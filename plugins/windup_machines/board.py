"""Wind Up on the full screen: every machine as a 3x3 grid, side by side where they fit, with its
resources and score, then the market in one line. Reads only a seat's view."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from tabletop.plugin_api import Board, HandCard
from tabletop_games.windup_machines.render import SIDE_STYLE

#: One letter per part kind: Energy generator, Iron smelter, Gold processor, Prism crafter, Decoration.
KIND_LETTER = {"generator": "E", "smelter": "I", "processor": "G", "crafter": "P", "decoration": "D"}
#: Columns one machine takes: three 4-wide cells and the gaps.
MACHINE_WIDTH = 16


def _cell(cell: Mapping[str, Any] | None) -> Text:
    if cell is None:
        return Text(" .  ", style="grey37")
    side = cell["side"]
    return Text(f"{KIND_LETTER[cell['kind']]}{cell['size']}{side[0]} ", style=SIDE_STYLE[side])


def _machine(player: Mapping[str, Any], name: str, *, mine: bool, active: bool) -> Text:
    mark = "\u25b6" if active else " "
    text = Text()
    text.append(f"{mark}{name[:MACHINE_WIDTH - 2]}", style="bold reverse" if mine else "bold")
    text.append("\n")
    cells = player["grid"]
    for r in range(3):
        text.append(f"{r + 1} ", style="dim")
        for c in range(3):
            text.append_text(_cell(cells[r * 3 + c]))
        text.append("\n")
    text.append(f"i{player['iron']} g{player['gold']} p{player['prisms']} ", style="cyan")
    text.append(f"{player['score']['total']}pt", style="bold cyan")
    if player["assigned_gear"]:
        text.append(f"\ngear {player['assigned_gear']}", style="yellow")
    if player["restart"]:
        text.append("\nrestart!", style="red")
    return text


#: What the seat to act is asked, by phase (the view's ``phase``).
HINTS = {
    "start": "Place your starting generator and smelter on two touching cells: 'start r2c2 r2c3'.",
    "tune": "Gear cards are about to be drawn: 'draw', or 'use tuner' to look at the top two first.",
    "tuning": "Choose the peeked gear card that goes on top: 'top <card>'; the other goes to the bottom.",
    "assign": "Assign the drawn gear cards to two different players: 'assign <card> p<n>'.",
    "respond": "A gear card is about to turn: use a Jammer, or 'pass'.",
    "turn": "Wind, produce, buy and install, use or hire workers; 'done' ends your turn.",
    "install": "Install the part you bought: 'install <cell>' (over a part replaces it).",
    "sabotage": "Your Saboteur unwinds a different opponent part: 'unwind p<n> <cell>'.",
}


def _goods(iron: int, gold: int, prisms: int, energy: int = 0) -> str:
    named = ((iron, "iron"), (gold, "gold"), (prisms, "prism" if prisms == 1 else "prisms"), (energy, "energy"))
    return " and ".join(f"{n} {what}" for n, what in named if n)


def worker_effect(w) -> str:
    """What a worker does, from its card data (the rates the rulebook prints in brackets)."""
    pay = f"pay {w.pay_gold} gold: " if w.pay_gold else ""
    if w.ability == "winder":
        return (f"wind {w.winds} time{'s' if w.winds > 1 else ''} a turn for free; with every part green "
                "when winding begins, overwind one part (it produces one more, then unwinds at turn end)")
    if w.ability == "saboteur":
        return pay + (f"unwind {w.unwinds} opponent parts (different parts)" if w.unwinds > 1
                      else "unwind one opponent part")
    if w.ability == "tuner":
        return "before you draw gear cards, look at the top two; put one on top, the other at the bottom"
    if w.ability == "thief":
        what = "gold" if w.steal == "gold" else "prism"
        return f"{pay}steal one {what} from a player with more {w.steal} than you"
    if w.ability == "vandal":
        return f"{pay}destroy one prism of a player with more prisms than you"
    if w.ability == "jammer_redraw":
        return (f"{pay}the player whose gear card is about to turn puts it at the bottom of the deck and "
                "draws a new one (never your own card)")
    if w.ability == "jammer_stop":
        return "no gear card turns your parts this turn; then discard this worker"
    paid = _goods(w.pay_iron, w.pay_gold, w.pay_prisms)
    return f"exchange {paid} for {_goods(w.get_iron, w.get_gold, w.get_prisms, w.get_energy)}"


class WindupMachinesBoard(Board):
    hand_title = "Your workers"

    def summary(self) -> str:
        return ("Build a clockwork machine on a 3x3 grid over 12 rounds, 2-4 players. Gear cards "
                "unwind your parts; wind them, turn energy into iron, gold and prisms, buy new parts "
                "and hire workers. Most victory points at the end wins.")

    def status(self, view: Mapping[str, Any]) -> str:
        return f"round {view['round']}/12 · {view['phase']} {view['stage']} · gear cards {view['gear_cards_left']}"

    def render(self, view: Mapping[str, Any], *, names: Sequence[str], width: int) -> RenderableType:
        me = view.get("seat")
        per_row = max(1, min(len(view["players"]), width // MACHINE_WIDTH))
        grid = Table.grid(padding=(0, 0))
        for _ in range(per_row):
            grid.add_column(width=MACHINE_WIDTH)
        machines = [_machine(p, names[p["seat"]], mine=p["seat"] == me, active=p["seat"] == view["active"])
                    for p in view["players"]]
        for i in range(0, len(machines), per_row):
            grid.add_row(*machines[i:i + per_row])
        parts: list[Any] = [grid]
        if view["phase"] == "turn":
            parts.append(Text(f"Energy {view['energy']}, free winds {view['free_winds']}, "
                              f"overwound {view['overwound'] or '-'}", style="bold"))
        market = Text("Parts (size/iron): ", style="bold")
        for kind, stack in view["stacks"].items():
            top = f"{stack['top_size']}/{stack['top_cost']}" if stack["top"] else "-"
            market.append(f"{KIND_LETTER[kind]} {top}  ")
        # Named as 'hire' spells them: two Jammers (or Thieves, ...) on offer are told apart.
        workers = ", ".join(f"{w['id']} {w['cost']}" for w in view["face_up_workers"])
        market.append(f"hire (gold): {workers or 'none'}", style="dim")
        parts.append(market)
        if view.get("gear_in_play"):
            parts.append(Text(f"Gear card about to turn: {view['gear_in_play']}", style="bold"))
        if view["drawn_gears"]:
            parts.append(Text(f"Gear cards to assign: {', '.join(view['drawn_gears'])}"))
        return Group(*parts)

    def hand(self, view: Mapping[str, Any], legal: Sequence[str]) -> list[HandCard]:
        """Wind Up has no hand of cards; a seat's workers are the cards it holds."""
        seat = view.get("seat")
        if seat is None:
            return []
        me = next(p for p in view["players"] if p["seat"] == seat)
        usable = {a.split()[1] for a in legal if a.startswith("use ")}
        return [HandCard(w["name"] + (" (new)" if w["new"] else ""), self._worker_text(w["id"]),
                         w["id"] in usable) for w in me["workers"]]

    def cards(self) -> dict[str, str]:
        by_name: dict[str, list[str]] = {}
        for w in self.game.cards.workers.values():
            by_name.setdefault(w.name.casefold(), []).append(w.id)
        # Cards sharing a name (two one-wind winders) are all shown, each with its id and cost.
        found = {name: self._worker_text(ids[0]) if len(ids) == 1
                 else " | ".join(f"{wid}: {self._worker_text(wid)}" for wid in ids)
                 for name, ids in by_name.items()}
        # ... and by the id the notation and the market line use ('hire jammer-stop').
        found.update({wid: self._worker_text(wid) for wid in self.game.cards.workers})
        for kind, letter in KIND_LETTER.items():
            found[kind] = f"{kind.title()} ({letter} on the board): " + self._kind_text(kind)
        return found

    def hint(self, view: Mapping[str, Any], legal: Sequence[str]) -> str:
        return HINTS.get(view["phase"], "")

    def _worker_text(self, worker_id: str) -> str:
        w = self.game.cards.workers[worker_id]
        limit = "" if w.ability in ("winder", "jammer_stop") else \
            f"; {'once' if w.uses == 1 else f'up to {w.uses} times'} a turn"
        return f"{w.name}: costs {w.cost} gold to hire; {worker_effect(w)}{limit}."

    @staticmethod
    def _kind_text(kind: str) -> str:
        return {
            "generator": "makes energy each turn while wound (its number).",
            "smelter": "turns energy into iron (cost -> made, most per turn).",
            "processor": "turns energy into gold (cost -> made, most per turn).",
            "crafter": "turns energy into prisms (cost -> made, most per turn).",
            "decoration": "scores points at the end while not stopped.",
        }[kind] + " Sides unwind green, yellow, orange, red (stopped)."

