"""WMS's figures for the lab: commander, combat style, fights won, keywords of winning plays.

Read from events and the outcome (``Wms.statistics``); card names and keywords from the game's card data.
"""

from __future__ import annotations

from collections import Counter

from tabletop.plugin_api import Stat

STYLES = {"cc": "close combat", "rc": "ranged combat"}


def _card(game, card_id):
    cards = getattr(game, "cards", None)
    try:
        return cards[card_id]
    except (TypeError, KeyError, IndexError):
        return None


def _most_common(counts: Counter) -> str:
    """The most counted key; a tie goes to the first in alphabetical order, so the figure does not
    depend on the order a set of keywords happened to iterate in (which varies by process)."""
    return min(counts.items(), key=lambda item: (-item[1], item[0]))[0]


def wms_stats(game, seats, events):
    """The figures of one finished game."""
    styles: dict[int, Counter] = {s: Counter() for s in range(seats)}
    fights_won: Counter = Counter()
    keywords: dict[int, Counter] = {s: Counter() for s in range(seats)}
    last_play: dict[int, list] = {}
    stats = []
    fights = 0
    for event in events:
        data = event.data or {}
        if event.kind == "commander":
            card = _card(game, data["card"])
            stats.append(Stat("commander", card.name if card else str(data["card"]), seat=data["seat"]))
        elif event.kind == "play":
            styles[data["seat"]][data["style"]] += 1
            last_play[data["seat"]] = data["units"]
        elif event.kind == "fight":
            fights += 1
        elif event.kind in ("wound", "guard"):
            winner = data["winner"]
            fights_won[winner] += 1
            for unit in last_play.get(winner, ()):
                card = _card(game, unit)
                keywords[winner].update(getattr(card, "keywords", ()) or ())
    stats.append(Stat("fights", fights))
    for s in range(seats):
        stats.append(Stat("fights won", fights_won[s], seat=s))
        stats.append(Stat("close combat plays", styles[s]["cc"], seat=s))
        stats.append(Stat("ranged combat plays", styles[s]["rc"], seat=s))
        if styles[s]:
            main = styles[s].most_common(1)[0][0]
            stats.append(Stat("main combat style", STYLES.get(main, main), seat=s))
        if keywords[s]:
            stats.append(Stat("top keyword in winning plays", _most_common(keywords[s]), seat=s))
    return stats
