"""Parameters several commands share, declared once so they read and behave alike."""

import urllib.parse
from typing import Annotated

import typer

from tabletop.core.errors import TabletopError

GameArgument = Annotated[str, typer.Argument(help="The game's name, as `tabletop list` shows it.")]
OptionsOption = Annotated[
    list[str] | None,
    typer.Option("--option", "-o", metavar="KEY=VALUE", help="A game option as key=value (repeatable)."),
]
#: A run keeps its seed and game count in SQLite's 64-bit integers: game i's seed + i stays one.
MAX_SEED = 2**62
MAX_GAMES = 10**9

JsonOption = Annotated[bool, typer.Option("--json", help="Print one JSON object for scripts.")]
#: The longest host name DNS allows (RFC 1035): anything longer is not an address.
MAX_HOST = 253


def check_host(host: str | None) -> str | None:
    """``--host`` as typed, if it can name an address of this machine; else one sentence
    (a 100,000-character name failed deep in the socket's name encoding). None: not given."""
    if host is None:
        return None
    try:
        ok = len(host) <= MAX_HOST and (not host or bool(host.encode("idna")))
    except UnicodeError:  # a label empty or longer than 63 characters
        ok = False
    if not ok:
        raise typer.BadParameter(f"'{_clip(host)}' is not an address of this machine: give one such as "
                                 "127.0.0.1 (this machine only) or 0.0.0.0 (every network).")
    return host


def check_join_url(url: str) -> str:
    """A ``tabletop join`` address, checked before anything connects: ``ws://HOST:PORT`` (or wss)
    whose port is a port; else one sentence (``ws://[::1`` failed in the connecting thread)."""
    try:
        parts = urllib.parse.urlsplit(url)
        ok = len(url) <= 2048 and parts.scheme in ("ws", "wss") and bool(parts.hostname)
        _ = parts.port  # out of range or not a number: ValueError
    except ValueError:
        ok = False
    if not ok:
        raise TabletopError(f"'{_clip(url)}' is not an address to join: give the one `tabletop serve` "
                            "printed, like ws://192.168.1.5:8765.")
    return url


def _clip(text: str) -> str:
    """At most 40 printable characters of what was typed, for a message."""
    clean = "".join(c if c.isprintable() else "?" for c in text)
    return clean if len(clean) <= 40 else clean[:39] + "…"
