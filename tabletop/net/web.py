"""The browser table: textual-serve (pip ``textual-serve``) serves the Textual join client to browsers.

Each browser tab gets a process of its own, ``tabletop join URL --ask-code``, whose screen
asks for the join code; it then plays exactly as ``tabletop join`` does in a terminal, so a
browser seat is one more network client and sees only what its seat may see. textual-serve
does the work we would otherwise write (an HTTP page with a terminal in it, a WebSocket per tab
relaying keys and screen updates, a process per tab); it runs in a process of its own
(:func:`start`), beside the game server, so neither event loop waits on the other.
"""

from __future__ import annotations

import contextlib
import shlex
import socket
import subprocess
import sys
import time

from tabletop.core.errors import TabletopError

TITLE = "tabletop"
#: Put on textual-serve's page: the terminal takes the keyboard as soon as it is there, so the code
#: can be typed at once (without it, typing does nothing until the page is clicked).
FOCUS = """<script>
(function focusTerminal(tries) {
  const keys = document.querySelector(".xterm-helper-textarea");
  if (keys) { keys.focus(); } else if (tries > 0) { setTimeout(() => focusTerminal(tries - 1), 100); }
})(300);
</script>
"""
#: Seconds textual-serve has to take its port (it starts a Python of its own).
STARTUP = 30.0


def join_command(url: str, lobby: bool = False) -> str:
    """The shell command textual-serve runs for each browser tab (``lobby``: the room's screen)."""
    return shlex.join([sys.executable, "-m", "tabletop", "join", url, "--ask-code", *(["--lobby"] if lobby else [])])


def free_port(host: str) -> int:
    """A port free on ``host`` now (textual-serve needs the number before it listens)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        probe.bind((host, 0))
        return probe.getsockname()[1]


def public_url(host: str, port: int) -> str:
    """The address browsers use: the host, or this machine's LAN address when listening on all."""
    if host in ("0.0.0.0", "::", ""):
        host = lan_address()
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}"


def lan_address() -> str:
    """This machine's address on its network (no packet is sent), else 127.0.0.1."""
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.connect(("192.0.2.1", 9))  # TEST-NET-1: routing only
        return probe.getsockname()[0]
    return "127.0.0.1"


def start(url: str, host: str, port: int = 0, *, lobby: bool = False) -> tuple[subprocess.Popen, str]:
    """Serve the join client to browsers in a process of its own: (the process, the page's address)."""
    try:
        import textual_serve  # noqa: F401
    except ImportError:
        raise TabletopError("`tabletop serve --web` needs textual-serve: pip install 'tabletop[net]'.") from None
    port = port or free_port(host)
    page = public_url(host, port)
    process = subprocess.Popen([sys.executable, "-m", "tabletop.net.web", join_command(url, lobby), host, str(port), page],
                               stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    if not _listening(process, host, port):
        stop(process)
        raise TabletopError(f"The browsers' page could not be served on {host}:{port}; is that port free?")
    return process, page


def _listening(process: subprocess.Popen, host: str, port: int, bound: float = STARTUP) -> bool:
    """Whether textual-serve took its port before ``bound`` seconds (False if it stopped first)."""
    end = time.monotonic() + bound
    target = "127.0.0.1" if host in ("0.0.0.0", "") else "::1" if host == "::" else host
    while time.monotonic() < end and process.poll() is None:
        with contextlib.suppress(OSError), socket.create_connection((target, port), timeout=1):
            return True
        time.sleep(0.05)
    return False


def stop(process: subprocess.Popen) -> None:
    """End the browsers' server (textual-serve closes each tab's process on the way out)."""
    process.terminate()
    try:
        process.wait(10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


def focused_page(page: str) -> str:
    """textual-serve's page with :data:`FOCUS` before ``</body>`` (unchanged if it has none)."""
    head, found, tail = page.rpartition("</body>")
    return f"{head}{FOCUS}{found}{tail}" if found else page


def main(argv: list[str]) -> None:
    """``python -m tabletop.net.web COMMAND HOST PORT PUBLIC_URL``: textual-serve until stopped."""
    from pathlib import Path

    import aiohttp_jinja2
    import jinja2
    from textual_serve.server import Server

    class Focused(Server):
        """textual-serve whose page focuses the terminal (its template, with :data:`FOCUS` added)."""

        async def _make_app(self):
            app = await super()._make_app()
            page = (Path(self.templates_path) / "app_index.html").read_text(encoding="utf-8")
            aiohttp_jinja2.setup(app, loader=jinja2.DictLoader({"app_index.html": focused_page(page)}))
            return app

    command, host, port, page = argv
    Focused(command, host=host, port=int(port), title=TITLE, public_url=page).serve()


if __name__ == "__main__":
    main(sys.argv[1:])
