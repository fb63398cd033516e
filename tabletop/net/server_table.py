"""One game on a server: its Session, who is connected, and each viewer's frames.

The Session is the game in progress and the only thing here that knows it: who is asked, each
seat's legal actions, the game's words on them, refusals, each seat's view, choosing (held until
every seat has chosen at a decision the game seals) and a bot standing in for a person who is
away. This table adds what the wire needs: who is connected, each viewer's frame numbers, and
frames built from one seat's view and the events visible to it, and nothing else (no state,
seed, record or other seat's legal actions ever reaches a frame).

Everything here is synchronous, so the server calls it only under the table's lock and in a
worker thread (bots think there; the event loop never waits on a game).

Simultaneous decisions: every seat asked may choose, in any order; a person's move goes to the
Session at once (applied, or held at a decision the game seals), so a seat with several secret
decisions in a row (five programmed slots) makes them all while the others still think. The
record, with the sealed choices held, is written before any frame or status telling of a move
is built.
"""

from __future__ import annotations

import json
import random
import secrets
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from tabletop.core.decision import BotSpec
from tabletop.core.errors import ActionError, TabletopError
from tabletop.core.game import Game, Outcome
from tabletop.engine.session import Session
from tabletop.engine.table import STALE, AlreadyChosen, NotAsked, StaleDecision
from tabletop.net import protocol
from tabletop.net.server_journal import SaveFailed

__all__ = ["BROKEN", "MAX_EVENTS", "OVER", "Away", "Sent", "ServerTable", "Viewer", "outcome_sentence"]

#: At most this many events ride in one frame (a seat back after a long time gets the latest).
MAX_EVENTS = 100

OVER = "The game is over."
BROKEN = "This game failed on a move and takes no more; the host has the details."

#: The Session's own refusals (not the game's): the leak check over the wire replays only the game's.
_TABLE_REFUSALS = (NotAsked, AlreadyChosen, StaleDecision)


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
    #: How many events visible to this viewer it has been sent (numbering its own log only: the
    #: count of events it may not see is no business of its).
    seen: int = 0
    #: The seq of the first frame offering the seat its current decision: an act answering any
    #: frame since then is not stale (a co-submitter's move does not make it choose again).
    open_seq: int = 0
    legal: tuple[str, ...] = ()
    #: The Session's number of the decision last offered (a new number: a new decision).
    number: int | None = None
    last: str = ""


@dataclass(slots=True)
class Away:
    """A bot that stands in for a person seat whose person has been away ``seconds`` while asked."""

    bot: BotSpec
    seconds: float


@dataclass(slots=True)
class Sent:
    """What one move changed, for the server to send."""

    frames: list[tuple[Viewer, str]] = field(default_factory=list)
    status: str | None = None
    #: Lines for the host's terminal (public sentences only).
    room: list[str] = field(default_factory=list)


class ServerTable:
    """A game in progress on the server, over its Session's public face. ``save(session)`` is
    called (in the same worker thread) after every accepted move and before any frame or status
    reporting it is built."""

    def __init__(self, game_id: str, session: Session, *, save: Callable[[Session], None],
                 away: Away | None = None, watch: Callable[[int | None, int, dict], None] | None = None,
                 first_seq: int = 0, rebuild: Callable[[Session], Session] | None = None):
        self.id = game_id
        self.session = session
        self.game: Game = session.game
        self.names = list(session.names)
        self._save = save
        #: The session as the disk holds it, after a save failed (None: no going back).
        self.rebuild = rebuild
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
        #: Since when each person seat has been away; None until its first join (the away clock
        #: starts then: nobody stands in for a person who has not arrived) and while connected.
        self.gone_since: list[float | None] = [None] * n
        self.joined = [False] * n
        self.handed: set[int] = set()  # person seats the away bot stands in for now
        #: Each away seat's stand-in and its generator, kept while its person is away.
        self._away_agents: dict[int, tuple[Any, random.Random]] = {}
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
        """The seats that must decide now: those asked, and those whose sealed choice is held."""
        asked, chosen = self.session.asked(), self.session.chosen()
        return sorted({*asked, *chosen}) if chosen else asked

    def over(self) -> bool:
        return self.session.outcome() is not None

    def frame(self, viewer: Viewer, *, again: bool = True, reopen: bool = False) -> str | None:
        """The next table frame for ``viewer``: its view, its decision if it has one, the events it
        may see since its last frame. Counts the frame (seq) and moves its cursor. None if nothing
        in it changed since its last frame, unless ``again`` (a new connection). ``reopen``: the
        decision it offers is offered afresh (a new connection answers only its own frames)."""
        session, seat, names = self.session, viewer.seat, self.names
        asked, chosen = session.asked(), session.chosen()
        to_act = sorted({*asked, *chosen}) if chosen else asked
        legal: list[str] = []
        number = None
        if seat is not None and self.persons[seat] and seat in asked:
            legal = list(session.legal_actions(seat))
            number = session.decision_number(seat)
        log = session.log
        visible = [{"kind": item.event.kind, "text": item.event.render(names)}
                   for item in log[viewer.cursor:] if item.event.visible(seat)]
        events = visible[-MAX_EVENTS:]
        outcome = None
        if (ended := session.outcome()) is not None:
            outcome = protocol.outcome_frame(ended.to_dict(), outcome_sentence(ended, names))
        message = protocol.table(
            seq=0, view=session.view(seat), to_act=to_act, chosen=chosen,
            connected=self.connected(), legal=legal,
            describe={a: session.describe(seat, a) for a in legal}, events=events, outcome=outcome)
        try:  # the frame but its numbers: compared with the last one, and the bulk of the text sent
            same = json.dumps(message, separators=(",", ":"), ensure_ascii=False, allow_nan=False)
        except (TypeError, ValueError) as error:
            raise protocol.ProtocolError(f"That message cannot be sent as JSON: {error}.") from None
        fresh = reopen or tuple(legal) != viewer.legal or number != viewer.number
        if not again and not events and same == viewer.last and not fresh:
            return None
        viewer.last = same
        viewer.cursor = len(log)
        message["first_event"] = viewer.seen + len(visible) - len(events)
        viewer.seen += len(visible)
        viewer.seq += 1
        if fresh:
            viewer.open_seq = viewer.seq
        viewer.legal, viewer.number = tuple(legal), number
        message["seq"] = viewer.seq
        message["decision"] = viewer.open_seq if legal else None
        text = _numbered(same, message)
        if self.watch is not None:
            self.watch(seat, session.steps, message)
        return text

    def outcome_text(self) -> str:
        """How the game ended, as every seat is told ("" while playing)."""
        ended = self.session.outcome()
        return "" if ended is None else outcome_sentence(ended, self.names)

    def save(self, session: Session) -> None:
        """The record on disk before anyone hears; if the disk refuses, the table goes back to
        what the disk holds (the move is not taken) and SaveFailed is raised."""
        try:
            self._save(session)
        except SaveFailed:
            if self.rebuild is not None:
                self.session = self.rebuild(session)
                self.session.on_save = None
            raise

    def status(self, text: str) -> str:
        return protocol.encode(protocol.status(connected=self.connected(), chosen=self.session.chosen(), text=text))

    # ---- the table's moves (each under the table's lock, in a worker thread) -----------------

    def start(self, old_held: dict[int, str] | None = None) -> None:
        """Let bots act until a person must decide, then save: the game as the server opens it.
        ``old_held``: moves an older server kept apart (chosen, waiting for the seats before
        them), given to the session in seat order; one it refuses now is dropped."""
        session = self.session
        session.advance()
        for seat, action in sorted((old_held or {}).items()):
            if 0 <= seat < len(self.persons) and self.persons[seat]:
                try:
                    session.submit(seat, action)
                except ActionError:
                    continue
                session.advance()
        self.save(session)

    def act(self, seat: int, seq: int | None, action: str, viewers: Sequence[Viewer]) -> tuple[str | None, Sent]:
        """A person's move answering the frame numbered ``seq`` (None: answering the table as it
        is). Returns the refusal sentence (or None) and what to send: a table frame to each of
        ``viewers`` whose table changed, and a status if the move is held (sealed)."""
        viewer = self.seat_viewers[seat]
        session = self.session
        sent = Sent()
        if self.broken:
            return BROKEN, sent
        if self.over():
            return OVER, sent
        if seq is not None and seat not in session.chosen() and not viewer.open_seq <= seq <= viewer.seq:
            return STALE, sent  # a seat that has chosen hears that instead, from the session
        try:
            session.submit(seat, action)
        except ActionError as error:
            return self._refused(seat, action, error), sent
        except TabletopError as error:  # the game refused a sealed choice once the others were applied: all taken back
            session.advance()
            self.save(session)
            sent.frames = self._frames(viewers)
            return str(error), sent
        session.advance()
        self.save(session)
        sent.frames = self._frames(viewers)
        if seat in session.chosen():
            sent.status = self.status(f"{self.names[seat]} has chosen.")
        return None, sent

    def play_away(self, viewers: Sequence[Viewer]) -> Sent | None:
        """If a person asked now has been away longer than the host allows, the away bot stands
        in for them through the session until they are asked no more (the record holds its
        actions as the person's), then the table lets go. None if nothing was played."""
        if self.away is None or self.broken or self.over():
            return None
        session = self.session
        now = time.monotonic()
        for seat in session.asked():
            since = self.gone_since[seat]
            if not self.persons[seat] or since is None or now - since < self.away.seconds:
                continue
            newly = seat not in self.handed
            self.handed.add(seat)
            if seat not in self._away_agents:
                self._away_agents[seat] = (self.away.bot.factory(self.game, seat, random.Random(secrets.randbits(64))),
                                           random.Random(secrets.randbits(64)))
            agent, rng = self._away_agents[seat]
            # Standing in for one run of this seat's decisions at a time: between runs the lock is
            # let go, so frames go out and a person coming back takes the seat at the next one.
            session.stand_in(seat, agent, rng)
            try:
                session.advance()
            finally:
                session.seat_back(seat)
            self.save(session)
            sent = Sent(frames=self._frames(viewers))
            if newly:
                told = f"{self.names[seat]} is away: {self.away.bot.name} plays for them until they are back."
                sent.status = self.status(told)
                sent.room.append(told)
            return sent
        return None

    def arrive(self, viewer: Viewer) -> tuple[str, str | None, str]:
        """A connection for ``viewer``: its first table frame (with the seat's log so far, the
        latest MAX_EVENTS events), a status if a seat came back, and the host's line. The
        decision it offers is offered afresh: an act answering a frame of an earlier connection
        is stale."""
        text = None
        seat = viewer.seat
        line = "a spectator joined."
        if seat is not None and self.persons[seat]:
            first = not self.joined[seat]
            self.joined[seat] = True
            self.online[seat] = True
            self.gone_since[seat] = None
            back = seat in self.handed
            self.handed.discard(seat)
            self._away_agents.pop(seat, None)
            self.session.seat_back(seat)
            text = self.status(f"{self.names[seat]} is back." if back else f"{self.names[seat]} joined.")
            line = f"{self.names[seat]} joined seat {seat + 1}."
            if back:
                line = f"{self.names[seat]} is back in seat {seat + 1}; {self.away.bot.name} no longer plays for them."
            elif first and self.away is not None:
                line += (f" Their away clock starts now: away {self.away.seconds:g} s while asked, "
                         f"{self.away.bot.name} plays for them.")
        viewer.cursor = viewer.seen = 0  # the log so far: a client joining anew has none of it
        return self.frame(viewer, reopen=True), text, line

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

    def _frames(self, viewers: Sequence[Viewer]) -> list[tuple[Viewer, str]]:
        return [(v, text) for v in viewers if (text := self.frame(v, again=False)) is not None]

    def _refused(self, seat: int, action: str, error: ActionError) -> str:
        """A refusal's sentence; the game's (not the table's own) is shown to the watcher, with
        the move, before it is sent."""
        reason = str(error)
        if self.watch is not None and not isinstance(error, _TABLE_REFUSALS):
            self.watch(seat, self.session.steps, {"type": "refused", "reason": reason, "action": action})
        return reason


#: How every table frame's text begins before it is numbered (protocol.table's first keys).
_UNNUMBERED = '{"type":"table","seq":0,"decision":null,'


def _numbered(same: str, message: dict) -> str:
    """The frame's text: the unnumbered text already encoded, with its numbers put in (one JSON
    encoding per frame, not two); the slow way when it does not fit the protocol's size."""
    if same.startswith(_UNNUMBERED):
        decision = "null" if message["decision"] is None else str(message["decision"])
        text = (f'{{"type":"table","seq":{message["seq"]},"decision":{decision},{same[len(_UNNUMBERED):-1]},'
                f'"first_event":{message["first_event"]}}}')
        if len(text) <= protocol.MAX_FRAME // 4 or len(text.encode("utf-8")) <= protocol.MAX_FRAME:
            return text
    return _fitted(message)


def _fitted(message: dict) -> str:
    """The frame's text, dropping its oldest events until it fits the protocol's size."""
    while True:
        try:
            return protocol.encode(message)
        except protocol.ProtocolError:
            if not message["events"]:
                raise
            kept = message["events"][len(message["events"]) // 2 + 1:] if len(message["events"]) > 1 else []
            message["first_event"] = message.get("first_event", 0) + len(message["events"]) - len(kept)
            message["events"] = kept
