"""One game on a server: a Session, who is connected, who has chosen, and each viewer's frames.

Everything here is synchronous and touches the game's state, so the server calls it only under
the table's lock and in a worker thread (bots think there; the event loop never waits on a
game). Frames are built here, from one seat's view and the events visible to it, and nothing
else: no state, seed, record or other seat's legal actions ever reaches a frame.

Simultaneous decisions: every seat asked may choose in any order; the session takes actions in
seat order (``to_act()[0]`` first) so the record never depends on who typed first, and a later
seat's action is held until the ones before it are in. A held action counts as chosen.
"""

from __future__ import annotations

import json
import random
import secrets
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from tabletop.core.decision import BotSpec, decision_maker
from tabletop.core.errors import ActionError, TabletopError
from tabletop.core.game import Game, Outcome
from tabletop.engine.session import Session
from tabletop.net import protocol

#: At most this many events ride in one frame (a seat back after a long time gets the latest).
MAX_EVENTS = 100

STALE = "That move was for an earlier decision; look at the table again and choose from it."
OVER = "The game is over."
CHOSEN = "You have already chosen; wait for the others."
BROKEN = "This game failed on a move and takes no more; the host has the details."


def outcome_sentence(outcome: Outcome, names: Sequence[str]) -> str:
    """How a game ended, in a line: who won, why, and the scores."""
    return outcome.sentence(names)


@dataclass(slots=True)
class Viewer:
    """Who receives frames: a seat (kept across its connections) or one spectator connection.
    ``seq`` numbers its table frames; ``cursor`` is how much of the log it has been sent."""

    seat: int | None
    seq: int = -1
    cursor: int = 0
    #: The seq of the first frame offering the seat its current decision: an act answering any
    #: frame since then is not stale (a co-submitter's move does not make it choose again).
    open_seq: int = 0
    legal: tuple[str, ...] = ()
    acted: bool = False
    last: str = ""


@dataclass(slots=True)
class Away:
    """A bot that plays for a person seat whose person has been away ``seconds`` while asked."""

    bot: BotSpec
    seconds: float


@dataclass(slots=True)
class Sent:
    """What one move changed, for the server to send."""

    frames: list[tuple[Viewer, str]] = field(default_factory=list)
    refusals: list[tuple[int, str]] = field(default_factory=list)  # (seat, sentence) of held actions dropped
    status: str | None = None


class Table:
    """A game in progress on the server. ``save()`` is called (in the same worker thread) after
    every accepted action and before any frame reporting it is built."""

    def __init__(self, game_id: str, session: Session, *, save: Callable[[Session], None],
                 away: Away | None = None, watch: Callable[[int | None, int, dict], None] | None = None,
                 save_held: Callable[[dict[int, str]], None] | None = None, first_seq: int = 0):
        self.id = game_id
        self.session = session
        self.game: Game = session.game
        self.names = list(session.names)
        self.save = save
        #: Writes the held moves (chosen, waiting for the seats before them) before anyone is told.
        self.save_held = save_held
        self.away = away
        #: Called with (seat, actions taken, frame) for every table frame built and every refusal by
        #: the game (with the refused move): the tests' leak check over the wire.
        self.watch = watch
        n = len(session.seats)
        self.persons = [s.person for s in session.seats]
        #: The seq of every viewer's first frame. A resumed game starts past every seq its earlier
        #: runs could have sent (seqs are not kept on disk), so an act answering a frame of the
        #: server before a restart is stale, never taken as the answer to a new decision.
        self.first_seq = first_seq
        self.seat_viewers = [self.viewer(i) for i in range(n)]
        self.online = [not p for p in self.persons]  # a bot seat counts as connected
        self.held: dict[int, str] = {}
        self._held_saved: dict[int, str] | None = None
        self.gone_since: list[float | None] = [time.monotonic() if p else None for p in self.persons]
        self.handed: set[int] = set()  # person seats an away bot plays for now
        self._away_agents: dict[int, Any] = {}
        #: Set when the game raised something other than a refusal: it takes no more moves.
        self.broken = False
        session.on_save = None  # the table saves once per change, before telling anyone

    def viewer(self, seat: int | None) -> Viewer:
        """A new viewer whose first frame is numbered :attr:`first_seq`."""
        return Viewer(seat, seq=self.first_seq - 1, open_seq=self.first_seq)

    # ---- what everyone may see -------------------------------------------------------------

    def connected(self) -> list[bool]:
        return [on and i not in self.handed for i, on in enumerate(self.online)]

    def to_act(self) -> list[int]:
        state = self.session.state
        return [] if self.game.outcome(state) is not None else list(self.game.to_act(state))

    def over(self) -> bool:
        return self.game.outcome(self.session.state) is not None

    def frame(self, viewer: Viewer, *, again: bool = True) -> str | None:
        """The next table frame for ``viewer``: its view, its decision if it has one, the events it
        may see since its last frame. Counts the frame (seq) and moves its cursor. None if nothing
        in it changed since its last frame, unless ``again`` (a new connection)."""
        game, state, seat, names = self.game, self.session.state, viewer.seat, self.names
        to_act = self.to_act()
        legal: list[str] = []
        if seat is not None and seat in to_act and seat not in self.held and self.persons[seat]:
            legal = list(game.legal_actions(state, seat))
        log = self.session.log
        events = [{"kind": item.event.kind, "text": item.event.render(names)}
                  for item in log[viewer.cursor:] if item.event.visible(seat)][-MAX_EVENTS:]
        outcome = None
        if (ended := game.outcome(state)) is not None:
            outcome = protocol.outcome_frame(ended.to_dict(), outcome_sentence(ended, names))
        message = protocol.table(
            seq=viewer.seq + 1, view=game.view(state, seat), to_act=to_act, chosen=sorted(self.held),
            connected=self.connected(), legal=legal,
            describe={a: game.describe_action(state, seat, a) for a in legal}, events=events, outcome=outcome)
        same = json.dumps({**message, "seq": 0}, separators=(",", ":"), ensure_ascii=False)  # no size check here
        if not again and not events and same == viewer.last and not viewer.acted:
            return None
        viewer.last = same
        viewer.cursor = len(log)
        viewer.seq += 1
        if tuple(legal) != viewer.legal or viewer.acted:
            viewer.open_seq = viewer.seq
        viewer.legal, viewer.acted = tuple(legal), False
        message["decision"] = viewer.open_seq if legal else None
        text = _fitted(message)
        if self.watch is not None:
            self.watch(seat, self.session.steps, message)
        return text

    def status(self, text: str) -> str:
        return protocol.encode(protocol.status(connected=self.connected(), chosen=sorted(self.held), text=text))

    # ---- the table's moves (each under the table's lock, in a worker thread) -----------------

    def start(self, held: dict[int, str] | None = None) -> None:
        """Let bots act until a person must decide, then save: the game as the server opens it.
        ``held``: moves chosen before a restart, waiting for the seats before them (kept if the
        game still allows them)."""
        self._settle()
        to_act = self.to_act()
        for seat, action in sorted((held or {}).items()):
            if seat in to_act[1:] and self.persons[seat] and self._refusal(seat, action) is None:
                self.held[seat] = action
        self._settle()
        self.save(self.session)
        self._keep_held()

    def _keep_held(self) -> None:
        """Write the held moves if they changed since last written (most moves change none)."""
        if self.save_held is not None and self.held != self._held_saved:
            self.save_held(dict(self.held))
            self._held_saved = dict(self.held)

    def act(self, seat: int, seq: int | None, action: str, viewers: Sequence[Viewer]) -> tuple[str | None, Sent]:
        """A person's move answering the frame numbered ``seq`` (None: the away bot's, answering
        the table as it is). Returns the refusal sentence (or None) and what to send: a table
        frame to each of ``viewers`` if the game moved, a status if the move was held."""
        viewer = self.seat_viewers[seat]
        sent = Sent()
        if self.broken:
            return BROKEN, sent
        if self.over():
            return OVER, sent
        if seq is not None and not viewer.open_seq <= seq <= viewer.seq:
            return STALE, sent
        if seat in self.held:
            return CHOSEN, sent
        to_act = self.to_act()
        if seat not in to_act:
            return self._refused(seat, action, self._refusal(seat, action)) or f"{self.names[seat]} is not asked now.", sent
        if to_act[0] != seat:
            refusal = self._refused(seat, action, self._refusal(seat, action))
            if refusal is not None:
                return refusal, sent
            self.held[seat] = action
            self._keep_held()
            viewer.acted = True
            sent.status = self.status(f"{self.names[seat]} has chosen.")
            return None, sent
        try:
            self.session.submit(seat, action)
        except ActionError as error:
            return self._refused(seat, action, str(error)), sent
        except TabletopError as error:  # a seat that is not asked now
            return str(error), sent
        viewer.acted = True
        sent.refusals = self._settle()
        self.save(self.session)
        self._keep_held()
        sent.frames = [(v, text) for v in viewers if (text := self.frame(v, again=False)) is not None]
        return None, sent

    def play_away(self, viewers: Sequence[Viewer]) -> Sent | None:
        """If a person asked now has been away longer than the host allows, its away bot plays
        for it (the record holds the action, as a person's). None if nothing was played."""
        if self.away is None or self.over() or self.broken:
            return None
        now = time.monotonic()
        for seat in self.to_act():
            since = self.gone_since[seat]
            if not self.persons[seat] or since is None or seat in self.held or now - since < self.away.seconds:
                continue
            newly = seat not in self.handed
            self.handed.add(seat)
            legal = list(self.game.legal_actions(self.session.state, seat))
            agent = self._away_agents.get(seat)
            if agent is None:
                agent = self._away_agents[seat] = self.away.bot.factory(
                    self.game, seat, random.Random(secrets.randbits(64)))
            rng = random.Random(secrets.randbits(64))
            action = agent.choose(decision_maker(agent)(self.game, self.session.state, seat, legal, rng))
            refusal, sent = self.act(seat, None, action, viewers)
            if refusal is None:
                if newly:
                    sent.status = self.status(
                        f"{self.names[seat]} is away: {self.away.bot.name} plays for them until they are back.")
                return sent
        return None

    def arrive(self, viewer: Viewer) -> tuple[str, str | None]:
        """A connection for ``viewer``: its first table frame, and a status if a seat came back."""
        text = None
        seat = viewer.seat
        if seat is not None and self.persons[seat]:
            self.online[seat] = True
            self.gone_since[seat] = None
            back = seat in self.handed
            self.handed.discard(seat)
            self._away_agents.pop(seat, None)
            text = self.status(f"{self.names[seat]} is back." if back else f"{self.names[seat]} joined.")
        return self.frame(viewer), text

    def leave(self, seat: int | None) -> str | None:
        """A seat's connection closed: the status everyone is told."""
        if seat is None or not self.persons[seat]:
            return None
        self.online[seat] = False
        self.gone_since[seat] = time.monotonic()
        if self.over():
            return self.status(f"{self.names[seat]} left.")
        return self.status(f"{self.names[seat]} disconnected, waiting.")

    # ---- inside --------------------------------------------------------------------------------

    def _refused(self, seat: int, action: str, reason: str | None) -> str | None:
        """The game's refusal of a move, shown to the watcher (with the move) before it is sent."""
        if reason is not None and self.watch is not None:
            self.watch(seat, self.session.steps, {"type": "refused", "reason": reason, "action": action})
        return reason

    def _refusal(self, seat: int, action: str) -> str | None:
        try:
            return self.game.refusal(self.session.state, seat, action)
        except ActionError as error:
            return str(error)

    def _settle(self) -> list[tuple[int, str]]:
        """Bots act, then held actions are taken in seat order, until a person who has not
        chosen must decide or the game ends. Returns the held actions the game then refused."""
        refused: list[tuple[int, str]] = []
        session = self.session
        while True:
            session.advance()
            to_act = self.to_act()
            if not to_act or to_act[0] not in self.held:
                break
            seat = to_act[0]
            action = self.held.pop(seat)
            try:
                session.submit(seat, action)
            except ActionError as error:
                refused.append((seat, str(error)))
        for seat in [s for s in self.held if s not in self.to_act()]:
            refused.append((seat, STALE))
            del self.held[seat]
        return refused


def _fitted(message: dict) -> str:
    """The frame's text, dropping its oldest events until it fits the protocol's size."""
    while True:
        try:
            return protocol.encode(message)
        except protocol.ProtocolError:
            if not message["events"]:
                raise
            message["events"] = message["events"][len(message["events"]) // 2 + 1:] if len(
                message["events"]) > 1 else []
