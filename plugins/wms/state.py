"""The state of a WMS game, built from zones that know who may see their cards.

Each seat has its own army: its deck (seen by nobody, not even its owner, once shuffled),
its hand (seen by its owner) and public zones: Reserves, graveyard, command stack and the
battlefield (``field``: every card of its battlefield stack, support zone and the play
being made). The hand and deck of one seat form one pool, so resampling for a search
swaps a seat's hidden cards only with that seat's own deck. The battlefield's structure
(which equipment goes with which unit) is kept in ``battle`` as :class:`Play` objects;
``field`` lists the same cards, so the engine knows they are face up.
"""

from __future__ import annotations

from tabletop.plugin_api import EVERYONE, NOBODY, OWNER, CardState, zone
from tabletop_games.wms.cards import MAX_WOUNDS

SETUP, FIGHT, RECYCLE, OVER = "setup", "fight", "recycle", "over"
HAND_SIZE = 5
DEFAULT_DECKS = ("marines", "evil-marines")
#: The seat that starts the first fight (RULES.md: "Who starts").
FIRST_PLAYER = 0
#: Plays a seat may take back in one turn (RULES.md: "cancel"); keeps every game finite.
CANCELS_PER_TURN = 3
NO_KEYWORDS: frozenset[str] = frozenset()


class Play:
    """One unit card played on a battlefield stack, with everything played together with it.

    ``units[0]`` is the played card; later entries are squad members and swarm tokens, each
    with its equipment in ``gear``. A play on a stack is never changed in place (a copied
    state shares it); Disrupt and recycling replace it with an edited copy. The pending play
    (being composed) also carries its Sacrifice, Disrupt and Change choices.
    """

    __slots__ = ("units", "gear", "powers", "psy_cc", "psy_rc", "source", "removed", "recycled",
                 "sacrifice", "disrupt", "top", "stats")

    def __init__(self, unit: str, source: str):
        self.units = [unit]
        self.gear: list[list[str]] = [[]]
        self.powers: list[str] = []
        self.psy_cc = 0
        self.psy_rc = 0
        self.source = source
        self.removed: frozenset[str] = NO_KEYWORDS
        self.recycled: tuple[int, ...] = ()
        self.sacrifice: str | None = None
        self.disrupt: str | None = None
        self.top: str | None = None
        self.stats: tuple | None = None

    def clone(self) -> Play:
        new = Play.__new__(Play)
        new.units = self.units[:]
        new.gear = [g[:] for g in self.gear]
        new.powers = self.powers[:]
        new.psy_cc = self.psy_cc
        new.psy_rc = self.psy_rc
        new.source = self.source
        new.removed = self.removed
        new.recycled = self.recycled
        new.sacrifice = self.sacrifice
        new.disrupt = self.disrupt
        new.top = self.top
        new.stats = self.stats
        return new

    def cards(self) -> list[str]:
        """Every card of the play (tokens included), recycled units excepted."""
        out = [u for i, u in enumerate(self.units) if i not in self.recycled]
        for gear in self.gear:
            out.extend(gear)
        out.extend(self.powers)
        return out


class WmsState(CardState):
    """Everything about one game; decks' top card is the last one, command stacks' top too.

    ``pending`` (the play being composed) and the plays on ``battle`` are never changed in
    place once a copy may share them: a step on the pending play works on a clone.
    """

    ZONES = {
        "hand": zone(OWNER, pool="army {seat}"),
        "deck": zone(NOBODY, per_seat=True, pool="army {seat}"),
        "reserves": zone(EVERYONE, per_seat=True),
        "graveyard": zone(EVERYONE, per_seat=True),
        "command": zone(EVERYONE, per_seat=True),
        "field": zone(EVERYONE, per_seat=True),
    }
    PUBLIC = ("commander", "wounds", "tokens", "battle", "phase", "setup_seat", "active", "turn",
              "style", "pending", "commanded", "cancels", "recycle_left", "recycle_queue", "fights")
    # decks never change, last_fight and result are replaced whole: shared by copies
    __slots__ = (*ZONES, *PUBLIC, "decks", "last_fight", "result")

    def __init__(self, decks, piles, tokens, salt):
        super().__init__(2, salt=salt)
        self.decks = decks                       # deck id per seat
        self.commander = [None, None]
        self.wounds = [MAX_WOUNDS, MAX_WOUNDS]
        self.hand = [[], []]
        self.deck = piles
        self.graveyard = [[], []]
        self.reserves = [[], []]
        self.tokens = tokens                     # swarm tokens set aside, per seat
        self.command = [[], []]
        self.field = [[], []]
        self.battle = [[], []]                   # Play objects, the top one last
        self.phase = SETUP
        self.setup_seat = 0
        self.active = FIRST_PLAYER
        self.turn = FIRST_PLAYER
        self.style = None
        self.pending = None                      # the Play being composed by `turn`
        self.commanded = False                   # a command card was played this fight
        self.cancels = 0                         # plays taken back in this turn
        self.recycle_left = [0, 0]
        self.recycle_queue = []
        self.fights = 0
        self.last_fight = None
        self.result = None


_new = object.__new__


def copy_state(state):
    """An independent copy, written out: what the engine's derived copy does for these slots
    (lists copied, plays and the rest shared), without its generic checks per value."""
    new = _new(WmsState)
    new.seats = state.seats
    new.randomness = state.randomness
    new.known = state.known
    new.constraints = state.constraints
    new.revealed_cards = state.revealed_cards
    v = state.hand
    new.hand = [v[0][:], v[1][:]]
    v = state.deck
    new.deck = [v[0][:], v[1][:]]
    v = state.reserves
    new.reserves = [v[0][:], v[1][:]]
    v = state.graveyard
    new.graveyard = [v[0][:], v[1][:]]
    v = state.command
    new.command = [v[0][:], v[1][:]]
    v = state.field
    new.field = [v[0][:], v[1][:]]
    v = state.battle
    new.battle = [v[0][:], v[1][:]]
    new.commander = state.commander[:]
    new.wounds = state.wounds[:]
    new.tokens = state.tokens[:]
    new.recycle_left = state.recycle_left[:]
    new.recycle_queue = state.recycle_queue[:]
    new.phase = state.phase
    new.setup_seat = state.setup_seat
    new.active = state.active
    new.turn = state.turn
    new.style = state.style
    new.pending = state.pending
    new.commanded = state.commanded
    new.cancels = state.cancels
    new.fights = state.fights
    new.decks = state.decks
    new.last_fight = state.last_fight
    new.result = state.result
    return new


def from_hand(state, seat, card):
    """Take ``card`` from ``seat``'s hand. Knowledge is per card id and copies share ids: once
    a known copy (a recycled unit) may have left, nobody knows where the copies are."""
    state.hand[seat].remove(card)
    known = state.known
    if known and card in known:
        state.forget((card,))


def play_key(play):
    """A play's content: equal keys are equal plays (gear and powers in any order)."""
    return (play.source, tuple(play.units), tuple(tuple(sorted(g)) for g in play.gear), tuple(sorted(play.powers)),
            play.psy_cc, play.psy_rc, play.disrupt, play.top, play.removed, play.recycled)


def card_names(cards, ids):
    return ", ".join(cards[i].name for i in ids)
