"""The leak check over the wire: every table frame a connection received must be what its seat may
see at that point, and stay the same when what that seat cannot see is resampled.

The server's observer (``Server(watch=...)``) tells, for each frame it built, the seat and how
many actions had been taken; the check rebuilds that position by replaying the record on disk,
then compares the frame with the game's own view, legal actions, descriptions and visible events
there, and again on positions resampled by the check's own resampler (``engine/leaks.py``).
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from typing import Any

from tabletop.core import derive
from tabletop.core.errors import ActionError
from tabletop.core.game import Game
from tabletop.core.record import GameRecord
from tabletop.core.zones import CardState
from tabletop.engine.card_names import TOKEN, strings
from tabletop.engine.check_steps import dump
from tabletop.engine.leaks import resamplers
from tabletop.net.server_table import MAX_EVENTS


def words_of(value) -> set[str]:
    """Every string in a value and every word of those strings, as written: a card id is matched
    whole and in its case (Castle Wars' Archer is "A", not the article "a")."""
    found = set(strings(value))
    for text in list(found):
        found |= {w for w in TOKEN.findall(text) if not w.isdigit()}
        found |= {w.strip(".:+-#") for w in TOKEN.findall(text) if not w.isdigit()}
    return found


def _json(value: Any) -> Any:
    return json.loads(json.dumps(value))


def _visible(events, seat, names) -> list[dict[str, str]]:
    return [{"kind": e.kind, "text": e.render(names)} for e in events if e.visible(seat)]


def frame_problems(game: Game, record: GameRecord, watched: Sequence[tuple[int | None, int, dict]],
                   *, samples: int = 2, seed: int = 0) -> list[str]:
    """Every way the watched frames show more than their seat may see (empty: none)."""
    names = [s["name"] for s in record.seats]
    seats = len(names)
    rng = random.Random(seed)
    # Each position of the game and the events each action made, by replaying the record.
    state = game.new_state(seats, options=record.options, seed=record.seed)
    positions = [game.copy(state)]
    made: list[list] = [list(game.opening_events(state))]
    for who, action in record.actions:
        made.append(list(game.apply(state, who, action)))
        positions.append(game.copy(state))
    problems: list[str] = []
    last_step: dict[int | None, int] = {}
    named: dict[int | None, set[str]] = {}
    for seat, step, frame in watched:
        at = positions[step]
        if frame["type"] == "refused":  # the game's refusal may not depend on what the seat cannot see
            problems += refusal_problems(game, at, seat, frame, rng, f"seat {seat} (after {step} actions)")
            continue
        where = f"seat {seat} frame {frame['seq']} (after {step} actions)"
        since = last_step.get(seat)  # one connection per seat, and at most one spectator
        last_step[seat] = step
        shown = frame_of(game, at, seat, names)
        held = not frame["legal"] and seat is not None and seat + 1 in frame["chosen"]
        for part in ("view", "to_act", "legal", "describe"):
            if held and part in ("legal", "describe"):
                continue  # its sealed choice is made and held until every seat asked has chosen
            if dump(frame[part]) != dump(shown[part]):
                problems.append(f"{where}: its {part} is not what the game shows that seat")
        expected: list[dict[str, str]] = []
        for index in range(0 if since is None else since + 1, step + 1):
            expected += _visible(made[index], seat, names)
        if frame["events"] != expected[-MAX_EVENTS:]:
            problems.append(f"{where}: its events are not the ones that seat may see")
        if isinstance(at, CardState):  # a view may not start naming a card hidden from its seat
            hidden = {c for c in derive.hidden_cards(at, seat) if isinstance(c, str)}
            before = named.setdefault(seat, set())
            words = words_of(frame["view"]) | words_of(frame["events"])
            if (words - before) & hidden:
                problems.append(f"{where}: it names {', '.join(sorted((words - before) & hidden))}, "
                                "hidden from that seat")
            before |= words
        if seat is None:
            continue
        for _ in range(samples):
            for sample in resamplers(game, at, seat, rng):
                again = frame_of(game, sample.state, seat, names)
                for part in ("view", "to_act", "legal", "describe"):
                    if dump(again[part]) != dump(shown[part]):
                        problems.append(f"{where}: its {part} changed when what it cannot see was resampled "
                                        f"({sample.who})")
        # The events of each action since its last frame, on a resampled position before it.
        for index in range(1 if since is None else since + 1, step + 1):
            who, action = record.actions[index - 1]
            before = positions[index - 1]
            for sample in resamplers(game, before, seat, rng):
                try:
                    events = game.apply(sample.state, who, action)
                except ActionError:
                    continue
                if dump(game.view(sample.state, seat)) != dump(game.view(positions[index], seat)):
                    continue  # the action showed the seat what was hidden
                if _visible(events, seat, names) != _visible(made[index], seat, names):
                    problems.append(f"{where}: the events of action {index} changed when what it cannot see "
                                    f"was resampled ({sample.who})")
    return problems


def frame_of(game: Game, state: Any, seat: int | None, names: Sequence[str]) -> dict[str, Any]:
    to_act = [] if game.outcome(state) is not None else list(game.to_act(state))
    legal = list(game.legal_actions(state, seat)) if seat is not None and seat in to_act else []
    return {"view": _json(game.view(state, seat)), "to_act": [s + 1 for s in to_act], "legal": legal,
            "describe": {a: game.describe_action(state, seat, a) for a in legal}}


def refusal_problems(game: Game, at: Any, seat: int, frame: dict, rng: random.Random, where: str) -> list[str]:
    found = []
    for sample in resamplers(game, at, seat, rng):
        try:
            game.apply(sample.state, seat, frame["action"])
        except ActionError as error:
            if str(error) != frame["reason"]:
                found.append(f"{where}: the refusal of '{frame['action']}' changed when what it cannot see was "
                             f"resampled ({sample.who})")
        else:
            found.append(f"{where}: '{frame['action']}' is refused or taken depending on what it cannot see")
    return found
