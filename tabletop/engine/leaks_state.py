"""The leaks a game makes by telling the engine something false or keeping something from it.

The resampling checks (:mod:`tabletop.engine.leaks`) trust what a state declares: that its
zones, public values and secrets are all there is, that knowledge of a card is void once the
engine shuffles it, that a slot copies share is public. These checks hold a game to those
declarations:

* a zone reordered with ``state.random()`` while a seat still knows where its cards lie
  (the engine forgets only on ``state.shuffle``);
* a slot copies share (declared nowhere else) that is changed in place, that depends on a
  seat's secret simultaneous choice, or that names a hidden card: a secret kept there is
  never resampled, so every search would see it;
* an event shown to another seat that depends on which action a seat took in a simultaneous
  decision before that decision is revealed (a public "seat 1 bids 7" before seat 2 bids);
* the true state within reach of an agent: the game object, what it references, a bot's
  own attributes or a decision holding a state (or one of its lists) that is not the
  decision's own resampled copy.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from typing import Any

from tabletop.core import derive
from tabletop.core.decision import make_decision
from tabletop.core.errors import ActionError
from tabletop.core.fingerprint import fingerprint
from tabletop.core.zones import EVERYONE, OWNER, PUBLIC, CardState, Secret
from tabletop.engine.card_names import TOKEN, CardNames, scalars, strings, words
from tabletop.engine.check_steps import Failed, Step, dump
from tabletop.engine.leaks import side_by_side

#: In a simultaneous decision, at most this many other actions of the mover are tried.
ALTERNATIVES = 3
#: The most objects the walk of what an agent can reach visits.
REACH_AT_MOST = 50_000


_ATOMS = (str, bytes, int, float, complex, bool, type(None), range)


# ---- what the move on the live state must capture first ------------------------------------


def shared_values(state: Any) -> tuple:
    """The slots a component state's copies share, each as a comparable value."""
    if not isinstance(state, CardState):
        return ()
    return tuple(_picture(getattr(state, name, None)) for name in state.SHARED)


def _picture(value: Any) -> Any:
    """A list, dict or set (what a move could change in place) by its contents; anything else
    by identity, since a shared value is replaced, never changed."""
    kind = type(value)
    if kind in _ATOMS:
        return value
    if kind in (list, dict, set):
        return fingerprint(value)
    return ("same", id(value))


def zone_orders(state: Any) -> dict | None:
    """Each hidden zone's cards in order and who knew which card (under the key None), when
    some seat knows single cards (else None: nothing to check)."""
    if not isinstance(state, CardState) or not state.known:
        return None
    orders: dict = {(name, owner): cards[:] for name, owner, spec, cards in state.zones() if spec.visibility != EVERYONE}
    orders[None] = state.known  # never changed in place: each change makes a new dict
    return orders


# ---- knowledge that outlives a reordering the engine did not do ------------------------------


def _common_order(before: list, after: list) -> tuple[list, list]:
    """The cards in both lists, in each list's order."""
    left, right = set(after), set(before)
    return [c for c in before if c in left], [c for c in after if c in right]


def knowledge_forgets_a_reorder(step: Step) -> None:
    """A zone the move reordered at random (it drew ``state.random()``) holds no card a seat
    still knows the place of: ``state.shuffle`` makes everyone forget, a bare generator does not."""
    state, orders = step.state, step.orders
    if orders is None or state.randomness[1] == step.randomness or not state.known:
        return
    for name, owner, spec, cards in state.zones():
        was = orders.get((name, owner))
        if was is None:
            continue
        old, new = _common_order(was, cards)
        if old == new:
            continue
        knew = orders[None]
        for card in new:
            mask = state.known.get(card, 0) & knew.get(card, 0)  # known before the move and still
            knowers = [s for s in range(step.seats) if mask & (1 << s)
                       and not (spec.visibility == OWNER and owner == s)]
            if knowers or mask == PUBLIC:
                who = f"seat {knowers[0]}" if knowers else "everyone"
                zone = name if owner is None else f"{name}[{owner}]"
                raise Failed(
                    f"'{step.action}' reordered the {zone} with state.random() while {who} still knows where "
                    f"{card} lies in it: the view shows that stale place; shuffle with state.shuffle(cards), "
                    "which makes everyone forget where those cards were (or call state.forget(cards))"
                )


# ---- slots copies share: public, immutable, declared as such ----------------------------------


def shared_slots_are_not_changed_in_place(step: Step) -> None:
    """The move made on a copy left the original's shared slots as they were."""
    if step.shared_trial is not None and step.shared_trial != step.shared_before:
        state = step.state
        names = ", ".join(n for n, a, b in zip(state.SHARED, step.shared_before, step.shared_trial, strict=True)
                          if a != b)
        raise Failed(
            f"making '{step.action}' on a copy changed a slot the original shares with it ({names}): a slot "
            "declared in neither ZONES, PUBLIC nor PRIVATE is shared by copies, so it must be replaced, never "
            "changed in place; a secret kept there is never resampled: declare it (a Secret in PUBLIC)"
        )


def shared_slots_name_no_hidden_card(step: Step) -> None:
    """A slot copies share is public: when the move changes it, it may not name a card hidden
    from a seat before and after the move (a result may name cards the move showed)."""
    state = step.state
    if not isinstance(state, CardState) or not state.SHARED or step.hidden_before is None:
        return
    names: CardNames = step.play.names or CardNames(step.game, step.play.cards)
    step.play.names = names
    now = step.shared_after
    for index, slot in enumerate(state.SHARED):
        if now[index] == step.shared_before[index]:
            continue
        value = getattr(state, slot, None)
        found = words(value) if isinstance(value, (str, list, tuple, dict)) else set()
        if not found & names.every:
            continue
        for viewer in range(step.seats):
            hidden = derive.hidden_cards(state, viewer) & step.hidden_before[viewer]
            named = names.named(hidden, found, " ".join(strings(value)).lower())
            if named:
                raise Failed(
                    f"{type(state).__name__}.{slot} names {', '.join(named)}, a card hidden from seat {viewer}: "
                    "a slot declared in neither ZONES, PUBLIC nor PRIVATE is public and never resampled; keep "
                    "the secret in a zone or a Secret in PUBLIC"
                )


# ---- simultaneous choices stay secret until revealed ------------------------------------------


def _alternatives(step: Step) -> list[str]:
    others = [a for a in step.legal if a != step.action]
    if len(others) <= ALTERNATIVES:
        return others
    stride = len(others) / ALTERNATIVES
    return [others[int(i * stride)] for i in range(ALTERNATIVES)]


def _own_words(names: CardNames | None, action: str, other: str) -> set[str]:
    """The words of ``action`` that ``other`` lacks (its card, its answer), with every name of
    a card among them, lower-case: what would name the choice."""
    own = {w.lower() for w in TOKEN.findall(action)} - {w.lower() for w in TOKEN.findall(other)}
    if names is not None:
        own |= names.names_of(card for card in names.display if str(card).lower() in own)
    return own


def _mentions(value: Any, own: set[str]) -> set[str]:
    return set(scalars(value)) & own


def simultaneous_choices_stay_secret(step: Step) -> None:
    """In a simultaneous decision that the move does not resolve, nothing the other seats or a
    spectator are shown, and no slot copies share, names the mover's choice: it is secret until
    all have chosen. (That a seat has chosen, or is done, may show: people see that too.)"""
    game, mover, pre = step.game, step.seat, step.pre
    if pre is None:
        return
    waiting = [s for s in game.to_act(step.state) if s in step.acting and s != mover]
    if not waiting:
        return  # the move resolved the decision: the reveal may show every choice
    names = step.play.names if isinstance(step.state, CardState) else None
    shared = step.shared_after
    for other in _alternatives(step):
        state = game.copy(pre)
        try:
            events = list(game.apply(state, mover, other))
        except ActionError:
            continue
        own, theirs_own = _own_words(names, step.action, other), _own_words(names, other, step.action)
        for viewer in [None, *(s for s in range(step.seats) if s != mover)]:
            mine = [e.to_dict() for e in step.events if e.visible(viewer)]
            theirs = [e.to_dict() for e in events if e.visible(viewer)]
            named = _mentions(mine, own) | _mentions(theirs, theirs_own)
            if named and dump(mine) != dump(theirs):
                who = "the spectator" if viewer is None else f"seat {viewer}"
                raise Failed(
                    f"seat {mover}'s choice is secret until seat {waiting[0]} has chosen too, but the events "
                    f"shown to {who} name it ({', '.join(sorted(named))}): an event names a secret simultaneous "
                    "choice before it is revealed (show it only to the seat that chose, and tell everyone "
                    "when all have chosen)" + side_by_side(mine, theirs, labels=(repr(step.action), repr(other)))
                )
        if shared_values(state) != shared:
            slots = {n: getattr(step.state, n, None) for n in step.state.SHARED}
            alt = {n: getattr(state, n, None) for n in state.SHARED}
            named = {n for n in slots if fingerprint(slots[n]) != fingerprint(alt[n]) and (
                _mentions(_plain(slots[n]), own) or _mentions(_plain(alt[n]), theirs_own))}
            if named:
                raise Failed(
                    f"{type(step.state).__name__}.{min(named)}, a slot copies share, holds seat {mover}'s "
                    "secret choice in a simultaneous decision: a slot declared in neither ZONES, PUBLIC nor "
                    "PRIVATE is public and never resampled, so a search would see that choice; keep it in a "
                    "Secret in PUBLIC (or a zone its owner sees)"
                    + side_by_side(_plain(slots[min(named)]), _plain(alt[min(named)]),
                                   labels=(repr(step.action), repr(other)))
                )


def _plain(value: Any) -> Any:
    """A JSON-like picture of a value (objects as their repr), for naming and showing it."""
    if isinstance(value, (str, int, float, bool, type(None))):
        return value
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple, set, frozenset)):
        return [_plain(v) for v in value]
    return repr(value)


# ---- nothing an agent is handed reaches the true state ----------------------------------------


def _slot_names(kind: type) -> Iterator[str]:
    for klass in kind.__mro__:
        slots = klass.__dict__.get("__slots__", ())
        for name in (slots,) if isinstance(slots, str) else slots:
            if name not in ("__dict__", "__weakref__"):
                yield name


def _children(value: Any) -> Iterator[tuple[str, Any]]:
    """What one object references, each with the path step that reaches it."""
    if isinstance(value, Mapping):
        for key, item in list(value.items()):
            yield f"[{key!r}]", item
        return
    if isinstance(value, (list, tuple, set, frozenset)):
        for index, item in enumerate(list(value)):
            yield f"[{index}]", item
        return
    func = getattr(value, "__func__", None)
    if func is not None:  # a bound method: its object and its function's closure
        yield ".__self__", getattr(value, "__self__", None)
        value = func
    closure = getattr(value, "__closure__", None)
    if closure:
        names = getattr(getattr(value, "__code__", None), "co_freevars", ())
        for name, cell in zip(names, closure, strict=False):
            try:
                yield f".<{name}>", cell.cell_contents
            except ValueError:
                continue
    for attr in ("func", "args", "keywords"):  # functools.partial
        if type(value).__name__ == "partial" and hasattr(value, attr):
            yield f".{attr}", getattr(value, attr)
    for name in _slot_names(type(value)):
        if hasattr(value, name):
            yield f".{name}", getattr(value, name)
    for name, item in list(getattr(value, "__dict__", {}).items()):
        yield f".{name}", item


def reach(root: Any, label: str, state: Any, *, any_state: bool = False, seen: set[int] | None = None) -> str | None:
    """The path from ``root`` to the live ``state`` or one of its mutable parts, or None if
    there is none; with ``any_state``, to any state at all (a copy kept from an earlier move:
    the game object holds none, while a bot may keep the resampled copies it was handed).
    ``seen``: ids of objects walked already (what the game holds, from a bot); filled in."""
    kind = type(state)
    typed = any_state and kind.__module__ != "builtins"
    parts = {id(v): n for n in _declared(state) if type(v := getattr(state, n, None)) in (list, dict, set, Secret)}
    seen = set() if seen is None else seen
    queue = [(label, root)]
    while queue and len(seen) < REACH_AT_MOST:
        path, value = queue.pop()
        if isinstance(value, _ATOMS) or isinstance(value, type) or type(value).__name__ == "module":
            continue
        key = id(value)
        if key in seen:
            continue
        seen.add(key)
        if value is state or (typed and isinstance(value, kind)) or (any_state and isinstance(value, CardState)):
            return path
        if key in parts:
            return f"{path} (the state's {parts[key]})"
        if isinstance(value, CardState):
            continue  # a resampled copy a bot was handed: its own, not the true state
        queue.extend((path + step, item) for step, item in _children(value))
    return None


def _declared(state: Any) -> list[str]:
    if isinstance(state, CardState):
        return [*state.ZONES, *state.PUBLIC, *state.PRIVATE]
    return list(getattr(state, "__dict__", {}))


def _refuse_reach(path: str) -> Failed:
    return Failed(
        f"an agent can reach the true state through {path}: agents are handed the game object and "
        "their decision, so neither may hold a state; keep nothing of a state on the game (setup "
        "returns it, the engine passes it to each method) nor on a bot (read decision.view, or "
        "decision.sample_state() for search)"
    )


#: The game object, a bot and its decision are walked at setup, at the end and every this many
#: steps (walking is slow, and what they hold rarely changes).
WALK_THE_GAME_EVERY = 49


def agents_cannot_reach_the_state(step: Step) -> None:
    """The game object and everything it references hold no state, nor do the game's bots and
    the decisions they are handed (at setup, at the end and every few steps)."""
    game, state = step.game, step.state
    if step.number and not step.final and step.number % WALK_THE_GAME_EVERY != 1:
        return
    walked: set[int] = set()
    path = reach(game, "game", state, any_state=True, seen=walked)
    if path:
        raise _refuse_reach(path)
    if step.seat is None or not step.legal or not step.play.bots:
        return
    for spec in step.play.bots:
        bot = spec.factory(game, step.seat, random.Random(step.number))
        decision = make_decision(bot, game, state, step.seat, list(step.legal), random.Random(step.number))
        bot.choose(decision)
        for root, label in ((decision, "the decision"), (bot, f"bot '{spec.name}'")):
            path = reach(root, label, state, seen=set(walked))  # not again what the game holds
            if path:
                raise _refuse_reach(path)
