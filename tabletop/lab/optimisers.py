"""Optimisers for ``tabletop balance``, all behind one ask/tell interface.

A candidate is a full assignment of the game's tunable values; an optimiser is asked for
one, the lab plays its games, and tells back ``(balance, values changed)`` (both lower is
better). Suggestions are told back strictly in trial order and every random choice comes
from the study's seed, so a study is the same whatever the worker count or backend: only a
candidate's own games run in parallel. ``ntbea`` is built in; ``tpe`` and ``nsga2`` (two
objectives) come from optuna, an optional extra (``pip install 'tabletop[balance]'``).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from tabletop.core.errors import TabletopError
from tabletop.core.tunables import Tunable, Tunables
from tabletop.lab.ntbea import NTBEA

OPTIMISERS = ("ntbea", "tpe", "nsga2")
#: How often optuna is asked again for a candidate that keeps the card file's orders.
ASKS = 200


class OptimiserError(TabletopError):
    """An optimiser that cannot be used here (optuna missing, an unknown name)."""


@dataclass(frozen=True)
class Space:
    """The tunable values as dimensions, one per group of copies (which move as one): each one's
    allowed choices, the printed one first asked; ``max_changes`` dimensions may differ from the
    printed data at once (0: no cap), and ``tunables`` (with its rules) says which candidates keep the
    card file's declared orders."""

    items: tuple[Tunable, ...]
    copies: tuple[tuple[str, ...], ...] = ()
    max_changes: int = 0
    tunables: Tunables | None = None

    @classmethod
    def of(cls, tunables: Tunables, max_changes: int = 0) -> Space:
        known = tunables.by_address
        groups = tunables.groups
        return cls(tuple(known[g[0]] for g in groups), groups, max_changes, tunables)

    @property
    def sizes(self) -> list[int]:
        return [len(t.values) for t in self.items]

    @property
    def printed(self) -> tuple[int, ...]:
        return tuple(t.values.index(t.printed) for t in self.items)

    def changes(self, point: Sequence[int]) -> dict[str, Any]:
        """The values a point changes from the printed data (each copy too), in declaration order."""
        out = {}
        for d, (t, i) in enumerate(zip(self.items, point, strict=True)):
            if t.values[i] != t.printed:
                out.update({a: t.values[i] for a in (self.copies[d] if self.copies else (t.address,))})
        return out

    def count(self, changes: dict[str, Any]) -> int:
        """Changes a designer makes: copies changed together count once."""
        return self.tunables.count(changes) if self.tunables is not None else len(changes)

    def changed(self, point: Sequence[int]) -> int:
        return sum(1 for p, q in zip(point, self.printed, strict=True) if p != q)

    def allowed(self, point: Sequence[int]) -> bool:
        """Within the cap on changes and keeping the card file's declared orders."""
        if self.max_changes and self.changed(point) > self.max_changes:
            return False
        if self.tunables is None or not self.tunables.rules.orders:
            return True
        full = {t.address: t.printed for t in self.tunables.items} | self.changes(point)
        return not self.tunables.rules.broken(full)

    def point(self, changes: dict[str, Any]) -> tuple[int, ...]:
        return tuple(t.values.index(changes.get(t.address, t.printed)) for t in self.items)


def key(changes: dict[str, Any]) -> str:
    """One text per candidate (what a trial stores and resuming compares)."""
    return json.dumps(changes, sort_keys=True, separators=(",", ":"))


class Optimiser(Protocol):
    name: str

    def ask(self) -> dict[str, Any]:
        """The next candidate: the values it changes from the printed data."""

    def tell(self, changes: dict[str, Any], balance: float, changed: int) -> None:
        """The candidate asked last, measured: its balance objective and how many values it changes."""


class NtbeaOptimiser:
    """The in-house NTBEA on the balance objective (values changed is read off the Pareto front)."""

    name = "ntbea"

    def __init__(self, space: Space, seed: int):
        self.space = space
        self.search = NTBEA(space.sizes, seed, start=space.printed, max_changed=space.max_changes,
                            allowed=space.allowed)

    def ask(self) -> dict[str, Any]:
        return self.space.changes(self.search.ask())

    def tell(self, changes: dict[str, Any], balance: float, changed: int) -> None:
        self.search.tell(self.space.point(changes), balance)

    def estimate(self, changes: dict[str, Any]) -> float:
        return self.search.estimate(self.space.point(changes))


class OptunaOptimiser:
    """optuna's TPE (one objective) or NSGA-II (balance and values changed), seeded, asked in order."""

    def __init__(self, space: Space, seed: int, name: str):
        try:
            import optuna
        except ImportError:
            raise OptimiserError(
                f"The {name} optimiser needs optuna: install it with pip install 'tabletop[balance]'."
            ) from None
        optuna.logging.set_verbosity(optuna.logging.WARNING)
        self.name = name
        self.space = space
        self._optuna = optuna
        if name == "nsga2":
            sampler = optuna.samplers.NSGAIISampler(seed=seed)
            self.study = optuna.create_study(directions=["minimize", "minimize"], sampler=sampler)
        else:
            sampler = optuna.samplers.TPESampler(seed=seed)
            self.study = optuna.create_study(direction="minimize", sampler=sampler)
        # The printed data is the first candidate, as with NTBEA: the baseline every report needs.
        if space.max_changes:
            self.study.enqueue_trial({f"slot{j}": -1 for j in range(space.max_changes)})
        else:
            self.study.enqueue_trial({f"v{d}": i for d, i in enumerate(space.printed)})
        self._trial: Any = None

    def ask(self) -> dict[str, Any]:
        """optuna's next candidate that keeps the card file's orders: one that breaks them is told
        back to optuna as failed and asked again (deterministic, so a resumed study asks the same)."""
        if self._trial is not None:
            return self._changes()
        for attempt in range(ASKS):
            self._trial = self.study.ask()
            changes = self._changes()
            if self.space.allowed(self.space.point(changes)) or attempt == ASKS - 1:
                return changes  # the last one, if none kept the orders: refused before any game
            self.study.tell(self._trial, state=self._optuna.trial.TrialState.FAIL)
        raise AssertionError("unreachable")

    def _changes(self) -> dict[str, Any]:
        sizes = self.space.sizes
        if not self.space.max_changes:
            return self.space.changes([self._trial.suggest_int(f"v{d}", 0, size - 1) for d, size in enumerate(sizes)])
        # With a cap, a candidate is up to max_changes slots, each naming a value to move (or none)
        # and where to: the cap holds by construction, not by refusing what optuna asks.
        point = list(self.space.printed)
        for j in range(self.space.max_changes):
            d = self._trial.suggest_categorical(f"slot{j}", list(range(-1, len(sizes))))
            if d >= 0:
                point[d] = self._trial.suggest_int(f"v{d}", 0, sizes[d] - 1)
        return self.space.changes(point)

    def tell(self, changes: dict[str, Any], balance: float, changed: int) -> None:
        values: Any = [balance, float(changed)] if self.name == "nsga2" else balance
        self.study.tell(self._trial, values)
        self._trial = None


def make_optimiser(name: str, space: Space, seed: int) -> Optimiser:
    """The optimiser ``name`` over ``space`` (its cap on changes and orders included), seeded."""
    if name == "ntbea":
        return NtbeaOptimiser(space, seed)
    if name in ("tpe", "nsga2"):
        return OptunaOptimiser(space, seed, name)
    raise OptimiserError(f"No optimiser '{name}'; choose one of: {', '.join(OPTIMISERS)}.")
