"""Action Cards: what each revealed card does, worked out for the whole step before any of it happens.

"Resolve the actions as if they had happened simultaneously": :func:`read` turns up one slot
of every row in play and notes every card's targets, blocks, retaliations, Reloads and
Charges (an illegal card is left to :mod:`.broken`); :func:`damage` then takes the hearts;
:func:`reload` returns the cards. Distances count only seats still in play ("Moving
Targets"), through the state's :class:`~tabletop.core.seat_ring.SeatRing`.
"""

from __future__ import annotations

from tabletop_games.windupwar.broken import block_or_break
from tabletop_games.windupwar.cards import ActionCard
from tabletop_games.windupwar.state import WarState, replaced


class Step:
    """What the cards of one step would do, worked out before anything is applied."""

    __slots__ = ("plays", "any_card", "incoming", "blockers", "retaliators", "illegal", "broken", "reloads",
                 "chargers", "hits")

    def __init__(self):
        self.any_card = False  # whether any seat in play had a card at this step
        self.plays: list[tuple[int, ActionCard | None]] = []  # every seat in play, card or None
        self.incoming: dict[int, list[tuple[int, int]]] = {}  # target -> [(source, damage)]
        self.blockers: set[int] = set()
        self.retaliators: list[tuple[int, int]] = []  # (seat, damage per attacker)
        self.illegal: list[int] = []
        self.broken: list[int] = []
        self.reloads: list[int] = []
        self.chargers: list[int] = []
        self.hits: list[tuple[int, int, int]] = []  # (source, target, damage) as taken, for the narration


def read(game, state: WarState, step: int) -> Step:
    """Turn up slot ``step`` of each row in play and work out what every card would do."""
    card_of, colours = game.card, game.unit_colours
    army, active = state.army, state.active
    rows, program = state.rows, state.program
    cards = Step()
    plays = cards.plays
    for s in state.table.in_play:
        row = rows[s]
        face_down = program[s]
        if face_down:
            row.append(face_down.pop(0))
        notation = row[step] if step < len(row) else None
        if notation is None:
            plays.append((s, None))
            continue
        cards.any_card = True
        card = card_of[notation]
        plays.append((s, card))
        # "Units can only take actions the same color as the ribbons on their Unit card".
        if card.colour not in colours[army[s][active[s]]]:
            cards.illegal.append(s)
        elif card.effect == "attack":  # the commonest card, aimed here without a call
            table, incoming = state.table, cards.incoming
            for side, spaces in card.hits:
                target = table.left(s, spaces) if side == "L" else table.right(s, spaces)
                incoming.setdefault(target, []).append((s, card.damage))
        else:
            _aim(game, state, s, card, cards)
    if cards.illegal:
        block_or_break(cards)
    return cards


def _aim(game, state: WarState, s: int, card: ActionCard, cards: Step) -> None:
    """Note what seat ``s``'s legal ``card`` other than an attack does this step."""
    effect = card.effect
    if effect == "alpha_strike":
        # 2017: "all players within three spaces of you (including you!)"; 2016: "all players".
        if state.edition == "2016":
            _hit_all(cards, s, state.table.in_play, card.damage)
        else:
            _hit_all(cards, s, state.table.within(s, card.reach, include_self=True), card.damage)
    elif effect == "detonate":
        _detonate(game, state, s, card, cards)
    elif effect == "block":
        cards.blockers.add(s)
    elif effect == "block_retaliate":
        cards.blockers.add(s)
        cards.retaliators.append((s, card.damage))
    elif effect == "retaliate":
        cards.retaliators.append((s, card.damage))
    elif effect == "reload":
        cards.reloads.append(s)
    elif effect == "charge":
        cards.chargers.append(s)


def _hit_all(cards: Step, source: int, targets, damage: int) -> None:
    incoming = cards.incoming
    for target in targets:
        incoming.setdefault(target, []).append((source, damage))


def _detonate(game, state: WarState, s: int, card: ActionCard, cards: Step) -> None:
    """"If the Set Bomb card is in your Discard pile": 2 damage to every other seat within three
    spaces (2016: every other seat in play); otherwise nothing."""
    if not any(c in game.set_bombs for c in state.discard[s]):
        return
    if state.edition == "2016":
        targets = [t for t in state.table.in_play if t != s]
    else:
        targets = state.table.within(s, card.reach, include_self=False)
    _hit_all(cards, s, targets, card.damage)


def damage(state: WarState, cards: Step) -> tuple[list[int], list[int]]:
    """Sum the step's damage, then take the hearts: (damage taken, damage dealt) per seat.

    "Lose one heart per damage"; a blocking seat takes none; "Damage does not 'pass on'"."""
    n = state.n
    taken = [0] * n
    dealt = [0] * n
    blockers, incoming = cards.blockers, cards.incoming
    for target, hits in incoming.items():
        if target in blockers:
            continue
        for source, amount in hits:
            taken[target] += amount
            dealt[source] += amount
            cards.hits.append((source, target, amount))
    for s, amount in cards.retaliators:
        # Only damage from action cards is retaliated, so retaliation never triggers more.
        for attacker in sorted({source for source, _ in incoming.get(s, ()) if source != s}):
            if attacker not in blockers:
                taken[attacker] += amount
                dealt[s] += amount
                cards.hits.append((s, attacker, amount))
    hearts = state.hearts
    for s in state.table.in_play:
        if taken[s]:
            hearts[s] = max(0, hearts[s] - taken[s])
    return taken, dealt


def reload(game, state: WarState, step: int, cards: Step) -> None:
    """Full Reload. 2017: "Immediately return all revealed Action cards in your Windup order
    (including your Reload card) and Discard pile back to your hand". 2016: marked, and done
    "At the end of the round" (:func:`.war.end_round`)."""
    for s in cards.reloads:
        if state.edition == "2016":
            state.reload_at = replaced(state.reload_at, s, step)
            continue
        row, hand, discard = state.rows[s], state.hands_seen[s], state.discard[s]
        for slot in range(step + 1):
            if row[slot] is not None:
                hand.append(row[slot])
                row[slot] = None
        hand.extend(discard)
        discard.clear()
        hand.sort(key=game.order.__getitem__)
