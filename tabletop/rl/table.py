"""One game as the learning environments see it: a session, its vocabulary, masks and rewards.

The three environments (:mod:`.aec`, :mod:`.parallel`, :mod:`.single`) share this: a game
runs through the one table loop (:class:`~tabletop.engine.session.Session`), the learning
seats as persons (they submit), any bots as in ``simulate``. Game ``k`` after
``reset(seed=S)`` has seed ``S + k``, as game ``k`` of ``tabletop simulate --seed S``, and each
bot draws from the same generator, so the same seats and actions give the same games.
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
from tabletop.engine.table import HUMAN, SeatSpec
from tabletop.engine.vocabulary import VocabularyError, vocabulary
from tabletop.rl.observe import Encoder

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
        self._potential = kit.reward if shaped and kit is not None else None
        if shaped and self._potential is None:
            raise TabletopError(f"{game.name} offers no shaped reward (LearningKit.reward); leave shaped off.")
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

    @property
    def state(self) -> Any:
        return self.session.state

    def to_act(self) -> int | None:
        """The seat asked now (the first of a simultaneous decision), None once it is over."""
        return self.asked

    def _settle(self) -> None:
        """After each move: is the game over, or cut at its step limit unfinished (a rules bug, or
        agents that never end it), and who is asked next (read once here, not at every look)."""
        session = self.session
        self.done = session.outcome() is not None
        self.cut = not self.done and session.steps >= self.step_limit
        self.asked = None if self.done else self.game.to_act(session.state)[0]

    def over(self) -> bool:
        return self.done

    def truncated(self) -> bool:
        return self.cut

    def legal(self, seat: int) -> Sequence[str]:
        return self.game.legal_actions(self.session.state, seat)

    def mask(self, seat: int) -> np.ndarray:
        """1 for each vocabulary action ``seat`` may take now, else 0: read-only (so handing out
        the same array twice is safe), made once per position and kept per list of legal
        actions (the same lists come back often: a hand, a phase's choices)."""
        mask = self._masks.get(seat)
        if mask is None:
            legal = tuple(self.legal(seat))
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

    def observe(self, seat: int) -> dict[str, np.ndarray]:
        return {"observation": self.encoder.encode(self.session.state, seat), "action_mask": self.mask(seat)}

    def view_text(self, seat: int | None) -> str:
        return self.encoder.text(self.session.state, seat)

    # ---- acting -------------------------------------------------------------------------

    def act(self, seat: int, action: Any) -> Sequence[float]:
        """``seat`` takes vocabulary action number ``action``; then any bots act. Each seat's
        reward for it: its win share when the game ends (and the change of the shaped
        potential, if asked for). An action not allowed now raises IllegalAction."""
        words = self.words
        number = action if type(action) is int and 0 <= action < len(words) else _number(action, len(words))
        word = words[number]
        mask = self._masks.get(seat)
        if not (self.mask(seat) if mask is None else mask)[number]:
            raise IllegalAction(f"Action {number} ({word[:40]!r}) is not legal for seat {seat + 1} now; "
                                "choose one the action mask allows.", seat=seat, action=word)
        self.session.submit(seat, word)
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
        if self._potential is None or self.over():
            return [0.0] * self.players
        return [float(self._potential(self.game, self.session.state, s)) for s in range(self.players)]


def _number(action: Any, size: int) -> int:
    """An action index from an int or a NumPy integer; one sentence for anything else."""
    try:
        number = int(action)
    except (TypeError, ValueError):
        number = -1
    if isinstance(action, (bool, float)) or number != action or not 0 <= number < size:
        raise IllegalAction(f"An action is a whole number from 0 to {size - 1}, not {str(action)[:40]!r}.")
    return number
