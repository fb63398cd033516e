"""Every action WMS can offer at a table (the learning facet's vocabulary): Disrupt names a
keyword, not a card, so it is declared: each verb with the cards of the kind it takes."""

from __future__ import annotations

from tabletop_games.wms.cards import DERIVED, KEYWORDS
from tabletop_games.wms.values import STYLES


def vocabulary(game, seats, options):
    """Set-up (commander, reserve), fight (command, play, arrive, equip, power, squad, top,
    sacrifice, disrupt a keyword, the styles), recycling and the bare verbs."""
    from tabletop_games.wms.game import BARE_VERBS  # here: the game module imports this one

    cards = game.cards
    kinds = {kind: [c for c, card in cards.items() if card.type == kind] for kind in ("unit", "equipment", "power",
                                                                                     "command", "token")}
    with_keyword = {word: [c for c, card in cards.items() if word in card.keywords] for word in ("commander", "reserves")}
    units = kinds["unit"] + kinds["token"]
    return [
        *(f"commander {c}" for c in with_keyword["commander"]), *(f"reserve {c}" for c in with_keyword["reserves"]),
        *(f"command {c}" for c in kinds["command"]), *(f"play {c}" for c in units),
        *(f"arrive {c}" for c in with_keyword["reserves"]), *(f"equip {c}" for c in kinds["equipment"]),
        *(f"power {c}" for c in kinds["power"]), *(f"squad {c}" for c in units), *(f"top {c}" for c in kinds["command"]),
        *(f"sacrifice {c}" for c in cards), *(f"disrupt {k}" for k in (*KEYWORDS, *DERIVED)),
        *(f"{verb} {style}" for verb in ("psych", "style", "tide") for style in STYLES),
        *(f"recycle {c}" for c in units), *sorted(BARE_VERBS),
    ]
