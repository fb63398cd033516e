"""How a game's actions are judged: the argument checks every game shares, the rules a game
states once per verb (:class:`Rule`, :func:`rulebook`) and the engine's template ``apply`` over
them (:func:`template_apply`), kept apart from :mod:`tabletop.core.game` so the contract reads
on its own. Every name here is also importable from ``tabletop.core.game``.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from tabletop.core.errors import ActionError, IllegalAction, InvalidAction
from tabletop.core.events import Event
from tabletop.core.options import ECHO

if TYPE_CHECKING:
    from tabletop.core.game import Game

#: No game's action is longer; a longer text is refused before the rules see it.
MAX_ACTION = 500

def shorten_action(action: str) -> str:
    """An action as a message quotes it: at most :data:`ECHO` characters."""
    return action if len(action) <= ECHO else action[:ECHO] + "..."


def bad_arguments(seat: Any, action: Any) -> InvalidAction:
    """The error for a seat that is not an int >= 0 (None, "0", 1.0, True) or an action that
    is not a str of at most :data:`MAX_ACTION` characters: the first failing check names the
    problem. Call it only once the combined test (see :attr:`Game.checks_arguments`) failed."""
    if type(seat) is not int or seat < 0:
        return InvalidAction(f"{repr(seat)[:ECHO]} is not a seat: seats are whole numbers from 0.")
    if type(action) is not str:
        return InvalidAction(f"An action is text, not {type(action).__name__}.", seat=seat)
    return InvalidAction(f"'{shorten_action(action)}' is too long to be an action.", seat=seat,
                         action=shorten_action(action))


def shorten_error(error: ActionError, action: str) -> None:
    """Make ``error`` quote at most :data:`ECHO` characters of ``action``."""
    if len(action) > ECHO and action in error.reason:
        error.reason = error.reason.replace(action, shorten_action(action))
        error.args = (error.reason,)
        error.action = shorten_action(action)


def _checked_apply(apply: Any) -> Any:
    """Wrap a game's ``apply`` so every game rejects nonsense arguments the same way: a seat
    that is not an int >= 0 (None, "0", 1.0, True) or an action that is not a short str raises
    InvalidAction, and no error message quotes more than :data:`ECHO` characters of the action."""

    @functools.wraps(apply)
    def checked(self: Game, state: Any, seat: int, action: str) -> Sequence[Event]:
        # One combined test on the usual path; the first failing check names the problem otherwise.
        if not (type(seat) is int and seat >= 0 and type(action) is str and len(action) <= MAX_ACTION):
            raise bad_arguments(seat, action)
        try:
            return apply(self, state, seat, action)
        except ActionError as error:
            shorten_error(error, action)
            raise

    return checked


#: How many parsed actions a game keeps (hostile input cannot grow the cache past it).
PARSE_CACHE = 4096


@dataclass(frozen=True, slots=True)
class Rule:
    """One verb of a game, as its rulebook states it: why it may not be taken now, and what it does.

    ``refusal(game, state, seat, *args)`` returns None when the move is allowed, else the one
    sentence a player reads ("There is no face-up Knight to take."); it changes nothing.
    ``effect(game, state, seat, *args)`` then changes the state and returns the events. ``args``
    are what the game's :meth:`Game.parse` made of the action's text. Legality and its refusal
    sentence are stated once, here: ``apply`` raises the sentence, ``legal_actions`` (by default)
    keeps the candidates no rule refuses, and the prompt shows the same sentence.

    ``refuses_no_candidate=True`` says this verb's candidates are already exactly what its
    refusal allows (the scaffold's bids: every card in hand), so the legal list keeps them
    without asking the refusal of each. A claim the engine checks, not one it trusts: ``apply``
    still asks the refusal of every action taken, and ``tabletop check`` asks it of every
    candidate on every position it visits, failing in one sentence at the first it refuses.
    """

    verb: str
    refusal: Callable[..., str | None]
    effect: Callable[..., Sequence[Event]]
    #: For a verb written per kind of card (:func:`card_rule`): the kind's own Rule for the
    #: parsed arguments (None: no rule), so the legal list asks it without the dispatch.
    pick: Callable[[tuple], Rule | None] | None = None
    refuses_no_candidate: bool = field(default=False, kw_only=True)


def rulebook(*rules: Rule) -> dict[str, Rule]:
    """A game's ``rules``: its verbs, each to its :class:`Rule` (a verb named twice is a bug)."""
    table: dict[str, Rule] = {}
    for rule in rules:
        if rule.verb in table:
            raise ValueError(f"Two rules for the verb '{rule.verb}'.")
        table[rule.verb] = rule
    return table


def card_rule(verb: str, kind: Callable[[Any], str], *rules: Rule, refuses_no_candidate: bool = False) -> Rule:
    """One verb whose first argument is a card (``play guard 2 priest``), its rules written per
    kind of card: each of ``rules`` is a :class:`Rule` whose verb is a kind (``"guard"``), and
    ``kind(card)`` (the card argument as parsed) picks it. The verbs a seat is asked are public
    (``tabletop check`` compares them under resampling), so a verb per card would tell everyone
    what a seat holds; with this helper the game keeps one public verb and its rules still read
    card by card. ``refuses_no_candidate`` is :class:`Rule`'s, for the whole verb (a kind's own
    Rule may also claim it for its cards alone)."""
    table = rulebook(*rules)

    def refusal(game: Any, state: Any, seat: int, card: Any, *args: Any) -> str | None:
        rule = table.get(kind(card))
        if rule is None:
            return f"No rule plays {card}."
        return rule.refusal(game, state, seat, card, *args)

    def effect(game: Any, state: Any, seat: int, card: Any, *args: Any) -> Sequence[Event]:
        return table[kind(card)].effect(game, state, seat, card, *args)

    return Rule(verb, refusal, effect, lambda args: table.get(kind(args[0])),
                refuses_no_candidate=refuses_no_candidate)


def claimant(rule: Rule, args: tuple) -> Rule | None:
    """The rule that claims to refuse none of its candidates for a text parsed as ``rule`` and
    ``args`` (the verb's, or for a verb written per kind of card the kind's), or None."""
    while not rule.refuses_no_candidate:
        if rule.pick is None or (rule := rule.pick(args)) is None:  # type: ignore[assignment]
            return None
    return rule


def claims_everywhere(rules: Mapping[str, Rule]) -> bool:
    """Whether every verb claims to refuse none of its candidates (then the legal list is them)."""
    return all(rule.refuses_no_candidate for rule in rules.values())


def judged_candidates(game: Game, state: Any, seat: int) -> list[tuple[str, str | None, Rule | None]]:
    """Every candidate of an asked ``seat`` with its rule's refusal asked, claims or not:
    ``(action, sentence or None, the rule claiming to refuse no candidate or None)``, what the
    check holds a legal list written by hand, or trimmed by a claim, to."""
    judged = []
    for action in game.candidates(state, seat):
        rule, args = game._parsed.get(action) or game._parse_once(action)
        judged.append((action, rule.refusal(game, state, seat, *args), claimant(rule, args)))
    return judged


def derived_allowed(game: Game) -> Callable[[Any, int], list[str]]:
    """The engine's :meth:`Game.allowed` for one game with rules: the candidates no rule refuses.
    The hot path of random play and search, so it is made for each game once, reading only what
    that game needs: when every verb claims to refuse no candidate, the candidates themselves;
    else each candidate's refusal and arguments are looked up once per text
    (``Game._check_of``; no refusal for a claiming rule), a one-word argument passed without a
    tuple. A finished game is not asked about (it asks no seat: the contract ``tabletop check``
    holds)."""
    to_act, candidates, checks, check_of = game.to_act, game.candidates, game._checks, game._check_of

    if claims_everywhere(game.rules):

        def listed(state: Any, seat: int) -> list[str]:
            if seat not in to_act(state):
                return []
            found = candidates(state, seat)
            return found[:] if type(found) is list else list(found)  # a list of its own, as ever

        return listed

    def allowed(state: Any, seat: int) -> list[str]:
        if seat not in to_act(state):
            return []
        found = []
        for action in candidates(state, seat):
            check = checks.get(action)
            if check is None:
                check = check_of(action)
            refusal, arg, args = check
            if refusal is None or (
                refusal(game, state, seat, arg) if args is None else refusal(game, state, seat, *args)
            ) is None:
                found.append(action)
        return found

    return allowed


def template_apply(game: Game) -> Callable[[Any, int, str], Sequence[Event]]:
    """The engine's ``apply`` for one game with rules: the hottest call of search and
    simulation, so what it reads of the game is bound once, and the usual path asks the game
    only ``to_act`` and the verb's refusal and effect. A finished game asks no seat (the
    contract, which ``tabletop check`` holds every game to), so whether it is over is asked
    only of a seat that is not asked. After a move, the constraints of a component state whose
    places changed lapse for good (:meth:`~tabletop.core.zones.CardState.lapse`)."""
    parsed, parse_once, to_act = game._parsed, game._parse_once, game.to_act

    def apply(state: Any, seat: int, action: str) -> Sequence[Event]:
        if not (type(seat) is int and seat >= 0 and type(action) is str and len(action) <= MAX_ACTION):
            raise bad_arguments(seat, action)
        try:
            move = parsed.get(action)
            if move is None:
                move = parse_once(action)
            rule, args = move
            if seat not in to_act(state):
                raise game._refuse_asking(state, seat, rule, action)
            if len(args) == 1:  # most verbs take one word: a call without building a tuple of arguments
                arg = args[0]
                why = rule.refusal(game, state, seat, arg)
                if why is None:
                    events = rule.effect(game, state, seat, arg)
                    if getattr(state, "constraints", None):
                        state.lapse()
                    return events
            else:
                why = rule.refusal(game, state, seat, *args)
                if why is None:
                    events = rule.effect(game, state, seat, *args)
                    if getattr(state, "constraints", None):
                        state.lapse()
                    return events
            raise IllegalAction(why, seat=seat, action=action)
        except ActionError as error:
            shorten_error(error, action)
            raise

    return apply
