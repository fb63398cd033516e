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


class GameOver(TabletopError):
    """An action after the game ended (or was cut at its step limit)."""


GAME_OVER = "The game is over: reset the environment to play another."
#: How the win is paid: each seat's share of it, or that less the others' (summing to 0).
REWARDS = ("win-share", "zero-sum")


def find_game(game: Game | str) -> Game:
    """A game object, or an installed game by name (one sentence if there is none)."""
    if isinstance(game, Game):
        return game
    return build_registry().game(str(game))


class LearningTable:
    """A game at a table of ``players`` seats, for environments: whose turn, the legal actions
    as a mask over the vocabulary, each seat's observation, actions by index, the outcome."""

    def __init__(self, game: Game | str, players: int | None = None, options: Mapping[str, Any] | None = None,
                 *, bots: Mapping[int, BotSpec] | None = None, shaped: bool = False, reward: str = "win-share",
                 egocentric: bool = False, layout_seats: int | None = None):
        self.game = game = find_game(game)
        self.players = players = game.min_players if players is None else players
        game.check_seats(players)
        self.options = game.resolve_options(options)
        self.words: tuple[str, ...] = layout_words(game, players, self.options, layout_seats)
        self.index = {word: i for i, word in enumerate(self.words)}
        self.encoder = Encoder(game, players, self.options, egocentric=egocentric, layout_seats=layout_seats)
        #: Names this table's observation and action layout: a saved policy compares it with the
        #: env's ``metadata["layout_version"]`` to notice a layout that changed under it.
        self.layout_version = layout_version(game, self.words, self.encoder)
        self.bots = dict(bots or {})
        if reward not in REWARDS:
            raise TabletopError(f"reward may be 'win-share' or 'zero-sum', not {str(reward)[:20]!r}.")
        #: Zero-sum: a share s pays (n*s - 1)/(n - 1): 1 for a win alone, -1 for a loss, 0 for an even draw.
        self.zero_sum = reward == "zero-sum"
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

    # ---- pickling -----------------------------------------------------------------------

    def __reduce__(self):
        """Pickled as what makes it (a registered game by name: a game holds closures) and the
        game in progress as its seed and actions, replayed when loaded (vectorised
        environments copy environments to worker processes this way)."""
        game = self.game
        try:
            game = self.game.name if type(find_game(self.game.name)) is type(self.game) else self.game
        except TabletopError:
            pass
        bots = {seat: spec.name if _registered(self.game, spec) else spec for seat, spec in self.bots.items()}
        session = self.session
        progress = None if session is None else (self.seed, list(session.record.actions), list(session.record.held))
        return _restore, (game, self.players, dict(self.options), bots, self._potential is not None,
                          "zero-sum" if self.zero_sum else "win-share", self._next_seed, progress,
                          self.encoder.egocentric, self.encoder.layout_seats)

    # ---- a new game ---------------------------------------------------------------------

    def start(self, seed: int | None = None) -> None:
        """A new game: seed ``seed``, else the seed after the last one (or, at first, a fresh one)."""
        if seed is not None:
            self._next_seed = int(seed)
        elif self._next_seed is None:
            self._next_seed = self._seeds.getrandbits(31)
        self.seed = self._next_seed
        self._next_seed += 1
        self._open()

    def _open(self, actions: Sequence[tuple[int, str]] = (), held: Sequence[tuple[int, str]] = ()) -> None:
        """The session of game ``self.seed``, after ``actions`` (a pickled game replayed)."""
        seats = [SeatSpec(f"Seat {i + 1}", self.bots[i].name, bot=self.bots[i]) if i in self.bots
                 else SeatSpec(f"Seat {i + 1}", HUMAN) for i in range(self.players)]
        self.session = Session(self.game, seats, seed=self.seed, options=self.options, keep_log=False,
                               actions=actions, held=held)
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

    def board(self) -> str:
        """The game's own text board of the spectator's view (what ``tabletop play`` shows)."""
        from io import StringIO

        from rich.console import Console

        out = StringIO()
        session = self.session
        Console(file=out, width=100, color_system=None, force_terminal=False).print(
            self.game.render(session.public_view(), names=session.names))
        return out.getvalue()

    def view_text(self, seat: int | None) -> str:
        """``seat``'s view (None: a spectator's) as JSON text."""
        return as_text(self.session.view(seat))

    # ---- acting -------------------------------------------------------------------------

    def act(self, seat: int, action: Any) -> Sequence[float]:
        """``seat`` takes vocabulary action number ``action``; then any bots act. Each seat's
        reward for it: its win share when the game ends (and the change of the shaped
        potential, if asked for). An action not allowed now raises IllegalAction (NotAsked for
        a seat not asked, AlreadyChosen for a sealed choice made) and changes nothing."""
        if self.done or self.cut:
            raise GameOver(GAME_OVER)
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
        if self.done or self.cut:
            raise GameOver(GAME_OVER)
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
        if self.zero_sum and outcome is not None:
            n = self.players
            shares = [(n * share - 1) / (n - 1) for share in shares]
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
    """An action index from a plain int or a NumPy integer; one sentence for anything else (a
    bool, NumPy's bools and floats, a float that happens to be whole)."""
    if isinstance(action, (bool, np.bool_)) or not isinstance(action, (int, np.integer)) \
            or not 0 <= int(action) < size:
        kind = "" if isinstance(action, (int, str)) and not isinstance(action, bool) else f" (a {type(action).__name__})"
        raise IllegalAction(f"An action is a whole number (an int or a NumPy integer) from 0 to {size - 1}, "
                            f"not {str(action)[:40]!r}{kind}.")
    return int(action)


def layout_words(game: Game, players: int, options: Mapping[str, Any], layout_seats: int | None = None
                 ) -> tuple[str, ...]:
    """The action list of a table of ``players`` seats; laid out for up to ``layout_seats``, the
    same list at every count: the largest table's, then what a smaller one adds, in order."""
    if layout_seats is None:
        return vocabulary(game, players, options)
    words: dict[str, None] = {}
    for count in range(layout_seats, game.min_players - 1, -1):
        words.update(dict.fromkeys(vocabulary(game, count, options)))
    return tuple(words)


def layout_version(game: Game, words: Sequence[str], encoder: Encoder) -> str:
    """A short digest of the game's name and version, its action words and each observation
    part's name and slice (egocentric: and the paths of the seat numbers made relative, so a
    policy notices when a seat number changes meaning): equal layouts, equal digests, in every process."""
    import hashlib
    import json

    parts = [[name, part.start, part.stop] for name, part in encoder.parts.items()]
    shape = [game.name, game.version, list(words), parts, encoder.size, encoder.egocentric]
    if encoder.layout_seats is not None:
        shape.append(encoder.layout_seats)
    if encoder.egocentric:
        shape.append(sorted(getattr(getattr(game, "learning", None), "seat_numbers", ()) or ()))
    text = json.dumps(shape, default=str)
    return f"{game.name}-{game.version}-{hashlib.sha256(text.encode()).hexdigest()[:12]}"


def _registered(game: Game, spec: BotSpec) -> bool:
    """Whether the registry gives this bot by its name (so a pickle may name it)."""
    try:
        build_registry().bot(game.name, spec.name)
    except TabletopError:
        return False
    return True


def _restore(game, players, options, bots, shaped, reward, next_seed, progress, egocentric=False,
             layout_seats=None) -> LearningTable:
    registry = build_registry()
    found = find_game(game)
    specs = {seat: registry.bot(found.name, spec) if isinstance(spec, str) else spec for seat, spec in bots.items()}
    table = LearningTable(found, players, options, bots=specs, shaped=shaped, reward=reward, egocentric=egocentric,
                          layout_seats=layout_seats)
    if progress is not None:
        table.seed, actions, held = progress
        table._open([tuple(a) for a in actions], [tuple(h) for h in held])
    table._next_seed = next_seed
    return table


def _lower(sentence: str) -> str:
    """A sentence continued after a colon: its first letter lowered, but a seat's name's."""
    if sentence.startswith("Seat ") or not sentence[1:2].islower():
        return sentence
    return sentence[0].lower() + sentence[1:]
