"""The game contract: metadata, options, events, outcomes and the rules interface.

A game is two things kept apart, as in OpenSpiel: a :class:`Game` object holding
metadata and the rules (it never changes during play), and a *state* object the
game creates in :meth:`Game.setup` and advances in :meth:`Game.apply`. Seats are
the integers ``0 .. n-1``, clockwise around the table.
"""

from __future__ import annotations

import copy as _copy
import inspect
import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from tabletop.core import derive
from tabletop.core.errors import IllegalAction, SeatCountError
from tabletop.core.events import Event
from tabletop.core.options import Option, OptionValue, parse_pairs, resolve_options
from tabletop.core.rules import (
    PARSE_CACHE,
    Rule,
    _checked_apply,
    derived_allowed,
    template_apply,
)
from tabletop.core.zones import CardState

if TYPE_CHECKING:
    from tabletop.core.board import Board
    from tabletop.core.facets import LearningKit, SearchKit
    from tabletop.core.stats import Stat

@dataclass(frozen=True, slots=True)
class Outcome:
    """How a game ended: winners (none, one or shared), optional scores and ranks, and why."""

    winners: tuple[int, ...]
    reason: str
    scores: tuple[float, ...] | None = None
    ranks: tuple[int, ...] | None = None

    def share(self, seat: int) -> float:
        """The fraction of a win this seat gets: 1 alone, 1/k when k seats share, else 0."""
        return 1.0 / len(self.winners) if seat in self.winners else 0.0

    def sentence(self, names: Sequence[str], *, gap: str = " ") -> str:
        """How the game ended, in a line: who won, why, and the scores after ``gap`` (every
        front end says it alike: the screens, the prompt, a network table)."""
        if not self.winners:
            head = "No winner"
        elif len(self.winners) == 1:
            head = f"{names[self.winners[0]]} wins"
        else:
            head = "Shared win: " + ", ".join(names[w] for w in self.winners)
        scores = ""
        if self.scores is not None:
            scores = gap + "(" + ", ".join(f"{names[i]} {s:g}" for i, s in enumerate(self.scores)) + ")"
        return f"{head}: {self.reason}.{scores}"

    def to_dict(self) -> dict[str, Any]:
        return {
            "winners": list(self.winners),
            "reason": self.reason,
            "scores": None if self.scores is None else list(self.scores),
            "ranks": None if self.ranks is None else list(self.ranks),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Outcome:
        scores = data.get("scores")
        ranks = data.get("ranks")
        return cls(
            winners=tuple(int(w) for w in data["winners"]),
            reason=str(data["reason"]),
            scores=None if scores is None else tuple(scores),
            ranks=None if ranks is None else tuple(int(r) for r in ranks),
        )


def _checked_setup(setup: Any) -> Any:
    """Wrap a game's ``setup``: a component state holding what the engine cannot check is
    refused there, naming the attribute (:meth:`CardState.check_declared`)."""
    if getattr(setup, "checks_declared", False):
        return setup

    def checked(self: Game, seats: int, options: Mapping[str, OptionValue], seed: int) -> Any:
        state = setup(self, seats, options, seed)
        if isinstance(state, CardState):
            state.check_declared()
        return state

    checked.checks_declared = True  # type: ignore[attr-defined]
    checked.__wrapped__ = setup  # type: ignore[attr-defined]
    checked.__doc__, checked.__name__, checked.__qualname__ = setup.__doc__, setup.__name__, setup.__qualname__
    return checked


#: Per step_limit function: does it take the options?
_TAKES_OPTIONS: dict = {}


class Game:
    """Base class of every game's rules. Subclasses set the metadata and the rule methods.

    The contract (see docs/architecture.md):

    * :meth:`setup` makes a state that owns all its randomness, so
      ``(game, version, options, seed, actions)`` replays a game exactly.
    * :meth:`to_act` names the seats that must decide now; several seats mean a
      simultaneous decision: each chooses privately, in any order, and nothing resolves
      until all have. :meth:`sealed` says whether the engine applies each choice as it
      arrives (the default) or holds them all and applies them in seat order.
    * :meth:`legal_actions` lists short notation strings; :meth:`apply` checks an
      action first and raises :class:`~tabletop.core.errors.ActionError` with a reason,
      leaving the state untouched, and only then changes the state.
    * :meth:`view` is everything a seat may know (``None``: a spectator), JSON-safe.
    """

    name: ClassVar[str] = ""
    title: ClassVar[str] = ""
    version: ClassVar[str] = "0"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    #: Above this many seats the game is allowed but untested by its designers.
    recommended_max_players: ClassVar[int | None] = None
    options: ClassVar[tuple[Option, ...]] = ()
    #: One paragraph shown by a human prompt's ``?``: how to type this game's actions.
    notation_help: ClassVar[str] = ""
    #: The plugin's RULES.md, rendered by ``tabletop rules``.
    rules_file: ClassVar[Path | None] = None
    #: The kind of the event that opens a round (or fight, or turn of the table):
    #: ``tabletop replay --step`` pauses before each one. None: pause after every action.
    round_event: ClassVar[str | None] = None
    #: True for a game in which every seat sees everything: then ``determinize`` may be a
    #: plain copy, and the check does not ask it to change anything.
    perfect_information: ClassVar[bool] = False
    #: The :class:`~tabletop.core.zones.CardState` subclass :meth:`setup` returns, for a game
    #: built from components: naming it makes :meth:`copy` that class's generated copier,
    #: called with no step in between (search copies a lot). Optional: the derived methods
    #: work for any CardState.
    state_class: ClassVar[type[CardState] | None] = None
    #: True for a game whose ``apply`` does itself what the engine's wrapper would: first
    #: ``if not (type(seat) is int and seat >= 0 and type(action) is str and len(action) <=
    #: MAX_ACTION): raise bad_arguments(seat, action)``, then its rules inside ``try``,
    #: passing any ActionError through :func:`shorten_error`. Its apply is then not wrapped,
    #: which saves a call per action; tests/attack holds every game to the same messages.
    checks_arguments: ClassVar[bool] = False
    #: The rules, one per verb (see :class:`Rule` and :func:`rulebook`): with them the engine's
    #: :meth:`apply` checks the arguments, parses (once per text, cached), refuses a finished
    #: game and a seat not asked, then asks the verb's rule. A game that writes ``apply`` itself
    #: leaves this empty (the older way, still supported).
    rules: ClassVar[Mapping[str, Rule]] = {}
    #: Facet: the game's board for the screens (a :class:`~tabletop.core.board.Board` subclass,
    #: made with the game); None shows the game's ``render``.
    board: ClassVar[type[Board] | None] = None
    #: Facet: what search may use of this game (:class:`~tabletop.core.facets.SearchKit`), or None.
    search: SearchKit | None = None
    #: Facet: what reinforcement learning may use of this game (:class:`~tabletop.core.facets.LearningKit`), or None.
    learning: LearningKit | None = None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        state_class = cls.__dict__.get("state_class")
        if state_class is not None and (cls.copy is Game.copy or getattr(cls.copy, "derived", False)):
            cls.copy = staticmethod(state_class._copy)
        if "setup" in cls.__dict__:  # every component state is refused at setup if undeclared
            cls.setup = _checked_setup(cls.__dict__["setup"])  # type: ignore[method-assign]
        if "apply" in cls.__dict__ and not cls.__dict__.get("checks_arguments"):
            # every game rejects nonsense seats and actions alike
            cls.apply = _checked_apply(cls.__dict__["apply"])  # type: ignore[method-assign]

    # ---- starting a game -------------------------------------------------------

    def resolve_options(self, given: Mapping[str, Any] | None = None) -> dict[str, OptionValue]:
        """All options with defaults filled in; unknown names and bad values raise OptionError."""
        return resolve_options(self.name, self.options, given)

    def parse_options(self, pairs: Sequence[str]) -> dict[str, OptionValue]:
        """Options from ``key=value`` texts as typed on a command line."""
        return self.resolve_options(parse_pairs(pairs))

    def check_seats(self, seats: int) -> None:
        """Raise SeatCountError unless ``min_players <= seats <= max_players``."""
        if seats < self.min_players or seats > self.max_players:
            raise SeatCountError(
                f"{self.title or self.name} is for {self.players_text()} players, not {seats}."
            )

    def players_text(self) -> str:
        """The seat counts as people read them: ``"2"`` or ``"2-4"``."""
        if self.min_players == self.max_players:
            return str(self.min_players)
        return f"{self.min_players}-{self.max_players}"

    def seat_warning(self, seats: int) -> str | None:
        """A warning for an allowed but unusual seat count, or None."""
        rec = self.recommended_max_players
        if rec is not None and seats > rec:
            return f"{self.title} is tested with up to {rec} players; {seats} may play slowly or oddly."
        return None

    def new_state(self, seats: int, *, options: Mapping[str, Any] | None = None, seed: int = 0):
        """Check the seat count and options, then :meth:`setup`."""
        self.check_seats(seats)
        return self.setup(seats, self.resolve_options(options), seed)

    # ---- the rules: subclasses implement these -----------------------------------

    def setup(self, seats: int, options: Mapping[str, OptionValue], seed: int) -> Any:
        """A new state for ``seats`` seats with checked ``options``; every random draw from
        ``seed`` (must be written: no default)."""
        raise NotImplementedError

    def to_act(self, state: Any) -> Sequence[int]:
        """The seats that must decide now (several: a simultaneous decision; none once the
        game is over). Must be written: no default."""
        raise NotImplementedError

    def sealed(self, state: Any) -> bool:
        """Whether the choices of the seats asked now are sealed. False (the default): each
        seat's choice is applied as it arrives, so a seat with several secret decisions in a row
        (three picks, five programmed slots) makes them without waiting for anyone; the game
        must then reach the same position whatever order the asked seats' choices arrive in
        (``tabletop check`` plays its games in several orders to see). True: the engine holds
        each choice (checked, and saved with the record) until every seat asked has chosen, then
        applies them in seat order, for a decision whose choices would not commute (each bid
        draws from one deck as it is applied). A sealed decision asks each seat once."""
        return False

    def legal_actions(self, state: Any, seat: int) -> Sequence[str]:
        """Every action ``seat`` may take now, in notation; empty if it is not to act.
        By default (a game with :attr:`rules`) the :meth:`candidates` no rule refuses."""
        return self.allowed(state, seat)

    def allowed(self, state: Any, seat: int) -> list[str]:
        """The :meth:`candidates` no rule refuses: the legal actions as the rules state them (a
        verb claiming to refuse none, ``Rule.refuses_no_candidate``, keeps its candidates unasked).

        The hot path of random play and search: a game with rules gets its own copy bound once
        (:func:`~tabletop.core.rules.derived_allowed`), which this method is the fallback of."""
        if not self.rules:
            raise NotImplementedError(f"{type(self).__name__} has no rules and no legal_actions of its own.")
        return derived_allowed(self)(state, seat)

    def _check_of(self, action: str) -> tuple:
        """``(refusal, the one argument, None)`` or ``(refusal, None, the arguments)`` of a text;
        a verb written per kind of card (:func:`card_rule`) gives the kind's own refusal, and a
        rule claiming to refuse no candidate (``Rule.refuses_no_candidate``) gives None."""
        rule, args = self._parsed.get(action) or self._parse_once(action)
        while not rule.refuses_no_candidate and rule.pick is not None and (inner := rule.pick(args)) is not None:
            rule = inner
        refusal = None if rule.refuses_no_candidate else rule.refusal
        check = (refusal, args[0], None) if len(args) == 1 else (refusal, None, args)
        if len(self._checks) < PARSE_CACHE:
            self._checks[action] = check
        return check

    def __new__(cls, *args: Any, **kwargs: Any) -> Game:
        game = super().__new__(cls)
        #: What the rules made of each text so far, ``(rule, args)`` (at most PARSE_CACHE): set
        #: here, not in ``__init__``, so a game's own ``__init__`` need not call the base class's.
        game._parsed = {}
        #: Per candidate text, its rule's refusal and arguments (see :meth:`allowed`).
        game._checks = {}
        if cls.apply is Game.apply:  # the template, bound once to this game (see template_apply)
            game.apply = template_apply(game)
        if cls.rules and cls.allowed is Game.allowed:  # the derived list, bound once likewise
            game.allowed = derived_allowed(game)
            if cls.legal_actions is Game.legal_actions:
                game.legal_actions = game.allowed
        return game

    def __getstate__(self) -> dict[str, Any]:
        """A game pickles (to a worker process) without its bound apply and its caches of parsed
        texts (rules may be closures), which ``__new__`` makes again."""
        state = self.__dict__.copy()
        for made in ("apply", "allowed", "legal_actions", "_parsed", "_checks"):
            state.pop(made, None)
        return state

    def apply(self, state: Any, seat: int, action: str) -> Sequence[Event]:
        """Check ``action`` (raise InvalidAction or IllegalAction, changing nothing), then
        change ``state`` and return the events.

        For a game with :attr:`rules` this is the engine's template (:func:`template_apply`,
        bound to each game as it is made): the arguments are checked, the text parsed
        (:meth:`parse`, once per text), a finished game and a seat that is not asked refused,
        then the verb's rule refuses or takes effect. A game without rules writes its own."""
        return template_apply(self)(state, seat, action)

    def _parse_once(self, action: str) -> tuple[Rule, tuple]:
        """:meth:`parse` ``action`` into its rule and arguments, kept while the cache has room."""
        rules = self.rules
        if not rules:
            raise NotImplementedError(f"{type(self).__name__} has no rules and no apply of its own.")
        verb, args = self.parse(action)
        move = (rules[verb], args)
        if len(self._parsed) < PARSE_CACHE:
            self._parsed[action] = move
        return move

    def _refuse_asking(self, state: Any, seat: int, rule: Rule, action: str) -> IllegalAction:
        """The refusal of a seat that is not asked: the game is over, or it is not its turn."""
        if self.outcome(state) is not None:
            return IllegalAction("The game is over.", seat=seat, action=action)
        return IllegalAction(self.not_asked(state, seat, rule.verb), seat=seat, action=action)

    def parse(self, action: str) -> tuple[str, tuple]:
        """``(verb, args)`` from an action's text, the verb one of :attr:`rules`; raise
        InvalidAction (one sentence showing the notation) for text that is not notation. It
        reads the text alone, never the state: the engine keeps what it made of each text."""
        raise NotImplementedError

    def not_asked(self, state: Any, seat: int, verb: str) -> str:
        """The sentence refusing an action from a seat that is not asked now (``verb`` is what
        it tried, so a game can say which phase it is)."""
        return f"It is not seat {seat + 1}'s turn."

    def refusal(self, state: Any, seat: int, action: str) -> str | None:
        """Why ``seat`` may not take ``action`` now (the sentence :meth:`apply` would raise), or
        None if it may. Text that is not notation raises InvalidAction. Changes nothing: the
        action is tried on a copy (a prompt asks this, not a search)."""
        try:
            self.apply(self.copy(state), seat, action)
        except IllegalAction as error:
            return str(error)
        return None

    def candidates(self, state: Any, seat: int) -> Iterable[str]:
        """The actions worth asking the rules about for ``seat`` now, in the order players see
        them; the default :meth:`legal_actions` keeps those no rule refuses. A game with a faster
        hand-written ``legal_actions`` may still define it: ``tabletop check`` compares the two."""
        raise NotImplementedError

    def view(self, state: Any, seat: int | None) -> dict[str, Any]:
        """Everything ``seat`` may know (None: a spectator), JSON-safe.

        Derived for a :class:`~tabletop.core.zones.CardState` (see :mod:`tabletop.core.derive`).
        """
        if isinstance(state, CardState):
            return derive.view(state, seat)
        raise NotImplementedError

    def outcome(self, state: Any) -> Outcome | None:
        """How the game ended, or None while it goes on. Must be written: no default."""
        raise NotImplementedError

    # ---- defaults a game may override -------------------------------------------

    def copy(self, state: Any) -> Any:
        """An independent copy: derived for a CardState, else a deep copy (override with
        something lean: search copies a lot)."""
        if isinstance(state, CardState):
            return state._copy()
        return _copy.deepcopy(state)

    def determinize(self, state: Any, seat: int, rng: random.Random) -> Any:
        """A copy in which everything ``seat`` cannot see is resampled consistently.

        Derived for a CardState; for any other state the default is a plain copy, which
        suits games of perfect information only (the check fails it otherwise).
        """
        if isinstance(state, CardState):
            return derive.determinize(state, seat, rng)
        return self.copy(state)

    def of_version(self, version: str) -> Game | None:
        """The game with the rules of ``version``, for replaying an older record: this game
        when it is its version, else None (a record of another version is refused). A game
        that changed a rule may return an object playing the old rule, so old records still
        replay (and an unfinished one goes on) under the rules they were made with."""
        return self if version == self.version else None

    def census(self, state: Any) -> Counter | None:
        """Every card in the game wherever it lies, as a multiset; None if no cards."""
        if isinstance(state, CardState):
            return derive.census(state)
        return None

    def opening_events(self, state: Any) -> Sequence[Event]:
        """What setup did that people should be told before the first action (round 1's
        opening: a row turned face up, factions dealt), as events; none by default.

        Setup cannot return events (it returns the state), so a game that narrates its
        setup keeps them on the state and returns them here; :class:`~tabletop.engine.match.Match`
        shows them before the first decision, the check holds them to the rules of events.
        """
        return ()

    def step_limit(self, seats: int) -> int:
        """Most actions a game may take; the conformance check fails a game that runs longer.
        A game whose length depends on its options writes ``step_limit(self, seats, options)``
        (the options resolved, defaults filled in) and the engine passes them."""
        return 10_000

    def limit_of(self, seats: int, options: Mapping[str, Any] | None = None) -> int:
        """:meth:`step_limit`, with the options when the game's own takes them."""
        method = type(self).step_limit
        takes = _TAKES_OPTIONS.get(method)
        if takes is None:
            takes = _TAKES_OPTIONS[method] = len(inspect.signature(method).parameters) > 2
        return self.step_limit(seats, self.resolve_options(options)) if takes else self.step_limit(seats)

    def card_name(self, card: Any) -> str:
        """How people call a card: its display name ("Duke" for ``duke2``); default the id.
        ``tabletop check`` matches ids and these names, in any case, when it asks whether a
        text names a hidden card (a name several cards share is a kind: public to talk about)."""
        return str(card)

    def describe_action(self, state: Any, seat: int, action: str) -> str:
        """A few words on what an action does, for a person choosing it."""
        return ""

    def statistics(self, seats: int, events: Sequence[Event], outcome: Outcome,
                   final_view: Mapping[str, Any]) -> Sequence[Stat] | None:
        """Facet: figures about one finished game for the lab (see ``tabletop_collect_stats``,
        which the engine answers with this); None: no figures of its own."""
        return None

    def render(self, view: Mapping[str, Any], *, names: Sequence[str]) -> Any:
        """A Rich renderable of one view; the default shows it as data."""
        from rich.pretty import Pretty

        return Pretty(view)

    def rules_text(self) -> str | None:
        """The text of ``rules_file`` (``tabletop rules``), or None without one."""
        if self.rules_file is None or not Path(self.rules_file).is_file():
            return None
        return Path(self.rules_file).read_text(encoding="utf-8")

    def __repr__(self) -> str:
        return f"<Game {self.name} {self.version}>"

