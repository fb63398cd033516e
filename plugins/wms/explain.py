"""Why a combat value is not the one the board showed, in a few words for the log and the
choices: the answering play's keywords lower the card it fights against (the board values that
card against the previous answer), and Fury's +1 counts only as its card is played (RULES.md,
"Equal or beat, and turning the tide" and Fury)."""

from __future__ import annotations

from tabletop_games.wms.values import CC, RC, play_stats


def lowering(mine, theirs, style, their_tokens):
    """The keywords of a play (``mine``) that lower the card it fights against in ``style``."""
    out = []
    if "fear" in mine and "fearless" not in theirs:
        out.append("Fear")
    if "fly" in mine and "aa" not in theirs and "fly" not in theirs:
        out.append("Fly")
    if style == CC and "enfeeble" in mine:
        out.append("Enfeeble")
    if style == RC and "stealth" in mine:
        out.append("Stealth")
    if "blast" in mine and their_tokens:
        out.append("Blast (its tokens do not count)")
    return out


def against_this_play(game, state, seat, play, style, theirs):
    """' (4 CC on the board, less 1 for this play's Fear)' when the card ``play`` answers is worth
    ``theirs`` against it, not what the board shows; '' when they agree."""
    values = game.values
    shown = values.current_value(state)
    if shown is None or state.style != style or shown[1] == theirs:
        return ""
    board = f"{shown[1]} {style.upper()} on the board"
    if theirs > shown[1]:
        return f" ({board}; against this play it is {theirs})"
    mods = values.mods(state, seat, play)
    their_play = state.battle[1 - seat][-1]
    their_kw = values.keywords(their_play, mods[1 - seat], play.disrupt)
    stats = play_stats(their_play, game.cards)
    tokens = bool(stats[2] or stats[3])
    why = lowering(values.keywords(play, mods[seat]), their_kw, style, tokens)
    if play.disrupt is not None:
        why.append(f"Disrupt taking its {play.disrupt}")
    return f" ({board}, less {shown[1] - theirs} for this play's {', '.join(why) or 'keywords'})"


def fury_note(game, state, seat, play, style, mine):
    """'. Fury's +1 counts only as it is played: 4 CC to equal or beat' after a Fury play goes on
    the stack; '' when nothing changes."""
    values = game.values
    if style != CC or "fury" not in values.keywords(play, values.mods(state)[seat]):
        return ""
    after = values.value_to_beat(state, seat)
    if after is None or after == mine:
        return ""
    return f". Fury's +1 counts only as it is played: {after} {style.upper()} to equal or beat"
