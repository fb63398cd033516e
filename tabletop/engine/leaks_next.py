"""What happens after a move, under resampling: the decision order and what events ruled out.

The checks of :mod:`tabletop.engine.leaks` look at one position at a time. A game can give a
secret away in what it does *next*: it skips a decision, or resolves it by itself, because of
what a seat holds ("a player whose two face-down cards are the same loses one without being
asked"; "the last Units of one kind are placed without asking"). So the move under check is
made again on each resampled position, and what follows is compared with what followed as
played, for the seat the position was resampled for:

* where the events that seat sees are the same (card names and numbers aside), who is asked
  next and what kind of decision must be the same, and so must the size of every zone (what
  was placed for a seat);
* where they differ and who is asked differs too, the seats asked on one position must not
  reach, by answering, the events and the seats asked of the other: that position made
  their decisions without asking;
* the public constraints that seat knows after the move
  (:meth:`~tabletop.core.zones.CardState.constrain`) say the same things (the same words,
  card names and numbers aside, where the move showed it other cards: "above 2", "above 1");
* every sample meets the constraints its seat knows, and every constraint in force is true.

Events that differ otherwise (a guess right on one position, wrong on the other) announce a
different outcome: what follows may then differ, as it would at the table.
"""

from __future__ import annotations

import re
from typing import Any

from tabletop.core.errors import ActionError
from tabletop.core.zones import PUBLIC, CardState
from tabletop.engine.card_names import TOKEN
from tabletop.engine.check_steps import Failed, Step, moved
from tabletop.engine.leaks import ASK_ANYWAY, Sample, _names, kinds, side_by_side

SKIPPED = (
    "a decision the game skips, or resolves by itself, because of what a seat holds tells the others "
    "what it holds: ask anyway, or resolve only what public information decides and say so in the log"
)


def _blank(step: Step, text: str) -> str:
    """A text with card names and numbers blanked: what is said, not which cards it is said of."""
    every = _names(step).every if isinstance(step.state, CardState) else frozenset()

    def blank(word: re.Match) -> str:
        found = word.group(0)
        bare = found.lower().strip(".:+-#")
        return "#" if bare.isdigit() or found.lower() in every or bare in every else found

    return TOKEN.sub(blank, text)


def _masked(step: Step, events: list, viewer: int) -> list[tuple[str, str]]:
    """The events ``viewer`` sees, each as its kind and its text blanked (:func:`_blank`)."""
    return [(e.kind, _blank(step, e.text)) for e in events if e.visible(viewer)]


def _sizes(state: Any) -> dict:
    """How many cards each zone holds (one count per seat for a per-seat zone): what a view
    shows of every zone, cards hidden or not."""
    if not isinstance(state, CardState):
        return {}
    out: dict = {}
    for name, owner, _spec, cards in state.zones():
        out.setdefault(name, []).append(len(cards)) if owner is not None else out.__setitem__(name, len(cards))
    return out


#: Most moves tried, per resampled position, in search of the decisions the other one skipped.
CATCH_UP_AT_MOST = 120


def _catches_up(game: Any, state: Any, events: list, goal: list, asked: tuple, step: Step, viewer: int,
                budget: list[int] | None = None, depth: int = 4) -> bool:
    """Whether the seats ``state`` asks, answering, reach the events ``goal`` (as ``viewer`` sees
    them, blanked) and the same seats asked: then the other position made those decisions
    without asking. Tries at most :data:`CATCH_UP_AT_MOST` moves, at most four deep."""
    budget = [CATCH_UP_AT_MOST] if budget is None else budget
    if events == goal:
        return tuple(game.to_act(state)) == asked
    acting = tuple(game.to_act(state))
    if depth == 0 or not acting or acting == asked or events != goal[:len(events)]:
        return False
    for action in game.legal_actions(state, acting[0])[:8]:
        if budget[0] <= 0:
            return False
        budget[0] -= 1
        trial = game.copy(state)
        try:
            more = _masked(step, list(game.apply(trial, acting[0], action)), viewer)
        except ActionError:
            continue
        if _catches_up(game, trial, events + more, goal, asked, step, viewer, budget, depth - 1):
            return True
    return False


def _said(state: Any, viewer: int) -> list[str]:
    if not isinstance(state, CardState) or not getattr(state, "constraints", None):
        return []
    return sorted(c.text for c in state.constraints_in_force(viewer))


def what_follows_is_public(step: Step) -> None:
    """After the move, who is asked and what, what was placed, and what was ruled out do not
    depend on what a seat cannot see (unless the move announced a different outcome)."""
    game, action = step.game, step.action
    if step.seat is None or action is None:
        return
    acting = tuple(game.to_act(step.state))
    for viewer, sample, events, after in moved(step):
        mine, theirs = _masked(step, list(step.events), viewer), _masked(step, events, viewer)
        there = tuple(game.to_act(after))
        if mine != theirs:
            # the game asked on one position and went on by itself on the other?
            if there != acting and (_catches_up(game, game.copy(after), theirs, mine, acting, step, viewer)
                                    or _catches_up(game, game.copy(step.state), mine, theirs, there, step, viewer)):
                raise Failed(
                    f"after '{action}' the game decides by itself on one position what it asks on the other, when "
                    f"what seat {viewer} cannot see is resampled ({sample.who}): {SKIPPED}"
                    + side_by_side(list(acting), list(there), labels=("asked as played", "asked resampled"))
                    + side_by_side(mine, theirs, labels=("events as played", "events resampled"))
                )
            continue  # a different outcome was announced: what follows may differ
        said, said_there = _said(step.state, viewer), _said(after, viewer)
        if said != said_there and [e.to_dict() for e in step.events if e.visible(viewer)] != [
                e.to_dict() for e in events if e.visible(viewer)]:  # the move showed other cards
            said, said_there = [_blank(step, t) for t in said], [_blank(step, t) for t in said_there]
        if said != said_there:
            raise Failed(
                f"after '{action}' seat {viewer} is told different constraints when what it cannot see is "
                f"resampled ({sample.who}): what an event rules out must follow from what everyone saw"
                + side_by_side(said, said_there)
            )
        if there != acting:
            raise Failed(
                f"who is asked after '{action}' depends on what seat {viewer} cannot see ({sample.who}): {SKIPPED}"
                + side_by_side(list(acting), list(there), labels=("asked as played", "asked resampled"))
                + side_by_side(mine, theirs, labels=("events as played", "events resampled"))
            )
        for seat in acting:
            if seat == viewer:
                continue
            a, b = kinds(game, game.legal_actions(step.state, seat)), kinds(game, game.legal_actions(after, seat))
            if a != b and not set(a) & set(b):
                raise Failed(
                    f"the kind of decision seat {seat} is asked after '{action}' depends on what seat {viewer} "
                    f"cannot see ({sample.who}): {ASK_ANYWAY}" + side_by_side(list(a), list(b))
                )
        here, placed = _sizes(step.state), _sizes(after)
        if here != placed:
            key = next(k for k in here if here[k] != placed.get(k))
            raise Failed(
                f"what '{action}' placed in '{key}' depends on what seat {viewer} cannot see ({sample.who}): "
                f"{SKIPPED}" + side_by_side(here[key], placed.get(key))
            )


def samples_keep_the_constraints(step: Step, sample: Sample) -> None:
    """Every resampled position meets the constraints its seat knows."""
    state = sample.state
    if not isinstance(state, CardState) or not getattr(step.state, "constraints", None):
        return
    for rule in step.state.constraints_in_force(sample.seat):
        if not rule.holds(state):
            raise Failed(
                f"the position resampled for seat {sample.seat} ({sample.who}) breaks what it was told: "
                f"'{rule.text}'; a determinize of the game's own must keep to state.constraints_in_force(seat)"
            )


def constraints_are_true(step: Step) -> None:
    """Every constraint in force is true of the position as played: a game that states
    something false would make every search wrong."""
    state = step.state
    if not isinstance(state, CardState) or not getattr(state, "constraints", None):
        return
    for rule in state.constraints_in_force():
        if not rule.holds(state):
            raise Failed(f"the constraint '{rule.text}' is false of the position as played")


def peeks_for_every_seat_warn(step: Step) -> None:
    """A card that every seat has been shown by peeks (``peek``/``learn``), but not by
    ``reveal``, is the bug a designer most often writes (a Priest's look shown to all): not a
    leak, so a warning, once per game, that says to use ``reveal`` if everyone is meant to see it."""
    state, before = step.state, step.pre
    if not isinstance(state, CardState) or not state.known or before is None or state.known is before.known:
        return
    every = (1 << step.seats) - 1
    was = before.known or {}
    for card, mask in state.known.items():
        if mask != PUBLIC and mask & every == every and was.get(card, 0) & every != every:
            note = (f"step {step.number}, seat {step.seat}, action '{step.action}': every seat was shown {card} "
                    "one by one (peek or learn) but spectators were not: if the rules show it to everyone, use "
                    "state.reveal(card); if only some seats see it, peek for those only")
            step.play.warnings.setdefault("peek", note)
            return
