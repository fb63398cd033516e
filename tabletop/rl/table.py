"""One game as the learning environments see it: a session, its vocabulary, masks and rewards.

The three environments (:mod:`.aec`, :mod:`.parallel`, :mod:`.single`) share this: a game
runs through the one table loop (:class:`~tabletop.engine.session.Session`), the learning
seats as persons (they submit), any bots as in ``simulate``. Game ``k`` after
``reset(seed=S)`` has seed ``S + k``, as game ``k`` of ``tabletop simulate --seed S``, and each
bot draws from the same generator, so the same seats and actions give the same games.

Everything goes through the session's public face: who is asked (:meth:`Session.asked`), the
legal actions, views, :meth:`Session.submit` and :meth:`Session.submit_together`, so a refusal
is the one the prompt and the server give. The true state is read at one door only,
:meth:`Session.seen_by`, by the observation encoder and a shaped reward's potential, each for
one seat and only what that seat sees.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from tabletop.core.decision import BotSpec
from tabletop.core.errors import IllegalAction, TabletopError
from tabletop.core.game import Game
from tabletop.engine.registry import build_registry
from tabletop.engine.session import Session
from tabletop.engine.table import HUMAN, AlreadyChosen, NotAsked, SeatSpec
from tabletop.engine.vocabulary import VocabularyError, vocabulary
from tabletop.rl.observe import Encoder, as_text

#: At most this many masks are kept by their list of legal actions (then they are made afresh).
MASKS_KEPT = 4096


class NotInVocabulary(VocabularyError):
    """The game offered an action its vocabulary does not hold."""


def find_game(game: Game | str) -> Game:
    """A game object, or an installed game by name (one sentence if there is none)."""
    if isinstance(game, Game):
        return game
    return build_registry().game(str(game))


class LearningTable:
    """A game at a table of ``players`` seats, for environments: whose turn, the legal actions
    as a mask over the vocabulary, each seat's observation, actions by index, the outcome."""

    def __init__(self, game: Game | str, players: int | None = None, options: Mapping[str, Any] | None = None,
                 *, bots: Mapping[int, BotSpec] | None = None, shaped: bool = False):
        self.game = game = find_game(game)
        self.players = players = game.min_players if players is None else players
        game.check_seats(players)
        self.options = game.resolve_options(options)
        self.words: tuple[str, ...] = vocabulary(game, players, self.options)
        self.index = {word: i for i, word in enumerate(self.words)}
        self.encoder = Encoder(game, players, self.options)
        self.bots = dict(bots or {})
        kit = getattr(game, "learning", None)
        reward = kit.reward if shaped and kit is not None else None
        if shaped and reward is None:
            raise TabletopError(f"{game.name} offers no shaped reward (LearningKit.reward); leave shaped off.")
        #: The shaped reward's potential of one seat, read through the session's door (None: not shaped).
        self._potential = None if reward is None else lambda state, seat: float(reward(game, state, seat))
        self.step_limit = game.step_limit(players)
        self.session: Session | None = None
        self.seed: int | None = None
        self._seeds = random.Random()
        self._next_seed: int | None = None
        self._masks: dict[int, np.ndarray] = {}
        self._by_legal: dict[tuple[str, ...], np.ndarray] = {}
        self._potentials: list[float] = []
        #: The mask of a seat with nothing to do (read-only, shared).
        self.no_actions = np.zeros(len(self.words), dtype=np.int8)
        self.no_actions.flags.writeable = False
        self.done = self.cut = False
        #: The seat asked now (the first of a simultaneous decision), None once it is over.
        self.asked: int | None = None
        #: Every seat asked now (all of a simultaneous decision), in seat order; none once it is over.
        self.asking: list[int] = []
        #: The rewards of a move that pays nothing (the same tuple each time: a caller may skip it).
        self.nothing = (0.0,) * self.players

    # ---- a new game ---------------------------------------------------------------------

    def start(self, seed: int | None = None) -> None:
        """A new game: seed ``seed``, else the seed after the last one (or, at first, a fresh one)."""
        if seed is not None:
            self._next_seed = int(seed)
        elif self._next_seed is None:
            self._next_seed = self._seeds.getrandbits(31)
        self.seed = self._next_seed
        self._next_seed += 1
        seats = [SeatSpec(f"Seat {i + 1}", self.bots[i].name, bot=self.bots[i]) if i in self.bots
                 else SeatSpec(f"Seat {i + 1}", HUMAN) for i in range(self.players)]
        self.session = Session(self.game, seats, seed=self.seed, options=self.options, keep_log=False)
        self._masks = {}
        if self.bots:
            self.session.advance()
        self._settle()
        self._potentials = self.potentials()

    # ---- where the game is --------------------------------------------------------------

    def to_act(self) -> int | None:
        """The seat asked now (the first of a simultaneous decision), None once it is over."""
        return self.asked

    def _settle(self) -> None:
        """After each move: who is asked next (the session's :meth:`~Session.asked`: a seat whose
        sealed choice is held is not), is the game over, or cut at its step limit unfinished (a
        rules bug, or agents that never end it); read once here, not at every look."""
        session = self.session
        self.asking = asking = session.asked()
        if asking:
            self.asked, self.done = asking[0], False
        else:
            self.asked, self.done = None, session.outcome() is not None
        self.cut = not self.done and session.steps >= self.step_limit

    def over(self) -> bool:
        return self.done

    def truncated(self) -> bool:
        return self.cut

    def legal(self, seat: int) -> Sequence[str]:
        """What ``seat`` may choose now: nothing if it is not asked or its sealed choice is held."""
        return self.session.legal_actions(seat)

    def mask(self, seat: int) -> np.ndarray:
        """1 for each vocabulary action ``seat`` may take now, else 0: read-only (so handing out
        the same array twice is safe), made once per position and kept per list of legal
        actions (the same lists come back often: a hand, a phase's choices)."""
        mask = self._masks.get(seat)
        if mask is None:
            legal = tuple(self.session.legal_actions(seat))
            mask = self._by_legal.get(legal)
            if mask is None:
                mask = self._make_mask(legal)
                if len(self._by_legal) >= MASKS_KEPT:
                    self._by_legal.clear()
                self._by_legal[legal] = mask
            self._masks[seat] = mask
        return mask

    def _make_mask(self, legal: tuple[str, ...]) -> np.ndarray:
        if not legal:
            return self.no_actions
        # Set in a bytearray, then read by NumPy as immutable bytes: half the time of a NumPy
        # fancy assignment for the lists games offer (read-only with no flag to set).
        marks = bytearray(len(self.words))
        index = self.index
        try:
            for action in legal:
                marks[index[action]] = 1
        except KeyError:
            missing = next(a for a in legal if a not in index)
            raise NotInVocabulary(
                f"{self.game.name} offered {missing[:40]!r}, which is not in its action vocabulary; "
                "declare it in the game's LearningKit(vocabulary=...)."
            ) from None
        return np.frombuffer(bytes(marks), dtype=np.int8)

    def observation(self, seat: int) -> np.ndarray:
        """``seat``'s numbers, read from the components through the session's one door."""
        return self.session.seen_by(seat, self.encoder.encode)

    def observe(self, seat: int) -> dict[str, np.ndarray]:
        return {"observation": self.session.seen_by(seat, self.encoder.encode), "action_mask": self.mask(seat)}

    def view_text(self, seat: int | None) -> str:
        """``seat``'s view (None: a spectator's) as JSON text."""
        return as_text(self.session.view(seat))

    # ---- acting -------------------------------------------------------------------------

    def act(self, seat: int, action: Any) -> Sequence[float]:
        """``seat`` takes vocabulary action number ``action``; then any bots act. Each seat's
        reward for it: its win share when the game ends (and the change of the shaped
        potential, if asked for). An action not allowed now raises IllegalAction (NotAsked for
        a seat not asked, AlreadyChosen for a sealed choice made) and changes nothing."""
        words = self.words
        word = None
        if type(action) is int and 0 <= action < len(words):  # the usual case, checked inline
            mask = self._masks.get(seat)
            if (self.mask(seat) if mask is None else mask)[action]:
                word = words[action]
        session = self.session
        session.submit(seat, self.word(seat, action) if word is None else word)
        self._masks = {}  # then as _moved, inline: the hot path of every environment
        if self.bots and session.outcome() is None:
            session.advance()
        self._settle()
        return self.rewards()

    def act_together(self, actions: Mapping[int, Any], names: Sequence[str] | None = None) -> Sequence[float]:
        """Every seat in ``actions`` takes its action at one moment (a parallel step), all or
        none: each is checked first, and if one is refused nothing is taken and the error names
        its seat (``names[seat]``, else "seat N") and the action. Rewards as :meth:`act`."""
        words = {}
        for seat, action in actions.items():
            words[seat] = self.word(seat, action, who=f"seat {seat + 1}" if names is None else names[seat])
        if len(words) == 1:  # one seat: a submission alone is all or nothing
            [(seat, word)] = words.items()
            self.session.submit(seat, word)
        else:
            self.session.submit_together(words)
        return self._moved()

    def word(self, seat: int, action: Any, *, who: str | None = None) -> str:
        """The vocabulary text of action number ``action``, if ``seat`` may take it now; else
        the refusal, one sentence (``who``: the name of the seat in a step of several, said
        with the action, that nothing of the step was taken)."""
        words = self.words
        if type(action) is int and 0 <= action < len(words):
            number = action
        else:
            try:
                number = _number(action, len(words))
            except IllegalAction as error:
                if who is None:
                    raise
                raise IllegalAction(f"{who}'s action {str(action)[:40]!r} was refused, so nothing of this step was "
                                    f"taken: {_lower(str(error))}", seat=seat) from None
        word = words[number]
        mask = self._masks.get(seat)
        if not (self.mask(seat) if mask is None else mask)[number]:
            raise self._refusal(seat, number, word, who)
        return word

    def _refusal(self, seat: int, number: int, word: str, who: str | None) -> IllegalAction:
        """Why ``seat`` may not take ``word`` (number ``number``), one sentence: a sealed choice
        already made, a seat not asked (the session's and the game's own sentences, as at the
        prompt and over the wire), or an action the mask forbids."""
        session = self.session
        shown = f"action {number} ({word[:40]!r})"
        if seat in session.chosen():
            kind, why = AlreadyChosen, session.refusal(seat, word)
        elif seat not in self.asking:
            kind, why = NotAsked, session.refusal(seat, word) or f"{session.names[seat]} is not asked now."
        else:
            kind, why = IllegalAction, None
        if who is not None:
            why = "it is not legal now; choose one its action mask allows" if why is None else _lower(why)
            return kind(f"{who}'s {shown} was refused, so nothing of this step was taken: {why.rstrip('.')}.",
                        seat=seat, action=word)
        if why is None:
            why = f"{shown[0].upper()}{shown[1:]} is not legal for seat {seat + 1} now; choose one the action mask allows."
        return kind(why, seat=seat, action=word)

    def _moved(self) -> Sequence[float]:
        """After a move: the bots act (if any), the position is read again, the rewards."""
        self._masks = {}
        if self.bots and self.session.outcome() is None:
            self.session.advance()
        self._settle()
        return self.rewards()

    def rewards(self) -> Sequence[float]:
        if not self.done and self._potential is None:
            return self.nothing
        outcome = self.session.outcome() if self.done else None
        shares = [0.0] * self.players if outcome is None else [outcome.share(s) for s in range(self.players)]
        if self._potential is None:
            return shares
        before, self._potentials = self._potentials, self.potentials()
        return [share + after - was for share, after, was in zip(shares, self._potentials, before, strict=True)]

    def potentials(self) -> list[float]:
        """Each seat's shaped potential now (0 for all once over, or when not shaped)."""
        if self._potential is None or self.over():
            return [0.0] * self.players
        seen_by, potential = self.session.seen_by, self._potential
        return [seen_by(s, potential) for s in range(self.players)]


def _number(action: Any, size: int) -> int:
    """An action index from an int or a NumPy integer; one sentence for anything else."""
    try:
        number = int(action)
    except (TypeError, ValueError):
        number = -1
    if isinstance(action, (bool, float)) or number != action or not 0 <= number < size:
        raise IllegalAction(f"An action is a whole number from 0 to {size - 1}, not {str(action)[:40]!r}.")
    return number


def _lower(sentence: str) -> str:
    """A sentence continued after a colon: its first letter lowered, but a seat's name's."""
    if sentence.startswith("Seat ") or not sentence[1:2].islower():
        return sentence
    return sentence[0].lower() + sentence[1:]
