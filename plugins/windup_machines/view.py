"""What each seat sees: the view (in the shape the renderer, the bot and the screen read) and
short descriptions of actions. Only the Tuner's holder sees where the cards it looked at lie."""

from __future__ import annotations

from tabletop.plugin_api import InvalidAction
from tabletop_games.windup_machines.cards import KINDS, SIDES
from tabletop_games.windup_machines.machine import CELL_INDEX, CELL_NAMES, SPOTS
from tabletop_games.windup_machines.production import energy_now
from tabletop_games.windup_machines.scoring import scores as score_table
from tabletop_games.windup_machines.state import STACK, STAGE_NAMES, WIND, gear_name


def view(game, s, seat):
    """Everything on the table (all of it face up) but the decks' order; a seat also sees the
    gear cards it knows in the deck (a Tuner's peek)."""
    scores = score_table(game, s)
    players = [_player(game, s, t, scores[t]) for t in range(s.seats)]
    stacks = _stacks(game, s)
    view = {
        "seat": seat,
        "seats": s.seats,
        "round": s.round,
        "first": s.first,
        "active": s.active,
        "phase": s.phase,
        "stage": STAGE_NAMES[s.stage],
        "to_act": list(game.to_act(s)),
        "energy": s.energy if s.stage != WIND else energy_now(game, s, s.active),
        "free_winds": s.free_winds,
        "overwound": CELL_NAMES[s.overwound] if s.overwound >= 0 else None,
        "produced": {CELL_NAMES[c]: n for c, n in sorted(s.produced.items())},
        "bought": s.bought,
        "hired": s.hired,
        "pending_part": s.pending,
        "gear_cards_left": len(s.gear_deck),
        "gear_discard": [gear_name(g) for g in s.gear_discard],
        "drawn_gears": [gear_name(g) for g in s.drawn],
        "gear_in_play": None if s.window_card is None else gear_name(s.window_card),
        "protected": sorted(s.protected),
        "stacks": stacks,
        "winders": [{"id": w, "winds": game.worker[w].winds, "cost": game.worker[w].cost}
                    for w in reversed(s.winders)],
        "face_up_workers": [{"id": w, "name": game.worker[w].name, "cost": game.worker[w].cost}
                            for w in s.face_up],
        "worker_deck": len(s.worker_deck),
        "worker_discard": list(s.worker_discard),
        "restart_cards": len(s.restart_pile),
        "players": players,
        "outcome": None if s.result is None else s.result.to_dict(),
    }
    if seat is not None:
        deck = s.gear_deck
        top = len(deck) - 1
        view["gear_known"] = [{"card": gear_name(deck[i]), "from_top": top - i}
                              for i in range(top, -1, -1) if s.knows(seat, deck[i])]
        view["tuning"] = ([gear_name(deck[-1]), gear_name(deck[-2])]
                          if s.tuning and s.active == seat else None)
    return view


def _player(game, s, t, score):
    grid = []
    for cell in range(9):
        pid = s.parts[t][cell]
        if pid is None:
            grid.append(None)
            continue
        part = game.part[pid]
        grid.append({"cell": CELL_NAMES[cell], "part": pid, "kind": part.kind, "size": part.size,
                     "side": SIDES[s.sides[t][cell]], "values": _side_values(part, s.sides[t][cell])})
    return {
        "seat": t,
        "grid": grid,
        "iron": s.iron[t],
        "gold": s.gold[t],
        "prisms": s.prisms[t],
        "workers": [{"id": w, "name": game.worker[w].name, "new": w in s.fresh[t]} for w in s.workers[t]],
        "restart": s.restarts[t] is not None,
        "assigned_gear": None if s.assigned[t] is None else gear_name(s.assigned[t]),
        "score": score,
    }


def _stacks(game, s):
    part_of = game.part
    stacks = {}
    for kind in KINDS:
        stack = getattr(s, STACK[kind])
        stacks[kind] = {"top": stack[-1] if stack else None,
                        "top_size": part_of[stack[-1]].size if stack else None,
                        "top_cost": part_of[stack[-1]].cost if stack else None,
                        "sizes": [part_of[p].size for p in reversed(stack)]}
    return stacks


def describe_action(game, s, seat, action):
    try:
        verb, args = game.parse(action)
    except InvalidAction:
        return ""
    words = (verb, *args)
    try:
        if verb == "buy":
            stack = getattr(s, STACK[words[1]])
            part = game.part[stack[-1]]
            return f"size-{part.size} {part.kind} for {part.cost} iron"
        if verb in ("hire", "use") and words[1] in game.worker:
            w = game.worker[words[1]]
            return f"{w.name}" + (f" for {w.cost} gold" if verb == "hire" else "")
        if verb == "install" and words[1] in SPOTS and words[1] not in CELL_INDEX:
            return "an empty spot beyond the frame: the machine moves to keep it in its 3x3 frame"
        if verb in ("wind", "produce", "overwind", "install"):
            cell = CELL_INDEX[words[1]]
            pid = s.parts[seat][cell]
            if pid is None:
                return "empty cell"
            part = game.part[pid]
            return f"size-{part.size} {part.kind}, {SIDES[s.sides[seat][cell]]} side"
        if verb == "start":
            return _start_text(words[1], words[2])
        if verb == "restart":
            return "end the turn; next turn all parts to green, decorations stopped"
        if verb == "done":
            return "end your turn"
        if verb in ("assign", "top"):
            return "gear sizes " + ", ".join(str(x) for x in game.cards.gears[words[1]])
    except (KeyError, IndexError, ValueError):
        return ""
    return ""


def _start_text(gen_at, smelter_at):
    """'start r1c1 r2c1': "size-3 generator at r1c1, size-3 smelter below it at r2c1"."""
    (r1, c1), (r2, c2) = (int(gen_at[1]), int(gen_at[3])), (int(smelter_at[1]), int(smelter_at[3]))
    where = {(1, 0): "below", (-1, 0): "above", (0, 1): "right of", (0, -1): "left of"}[(r2 - r1, c2 - c1)]
    return f"generator at {gen_at}, smelter {where} it at {smelter_at}"


def _side_values(part, side):
    values = part.sides[side]
    return list(values) if isinstance(values, tuple) else [values]
