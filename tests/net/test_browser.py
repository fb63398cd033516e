"""The browser table: `tabletop serve --web` in a process, headless Chromium (Debian's) driven by
Playwright: the page loads, the join code typed in the page opens the seat, and a move typed
there reaches the server's record."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

pytest.importorskip("websockets", reason="the network table needs the net extra: pip install 'tabletop[net]'")
pytest.importorskip("textual_serve", reason="the browser table needs textual-serve: pip install 'tabletop[net]'")
sync_api = pytest.importorskip("playwright.sync_api", reason="the browser test needs playwright (the test extra)")

from tabletop.net.client import RemoteTable  # noqa: E402
from tests.net.helpers import registry, saved  # noqa: E402

CHROMIUM = Path("/usr/bin/chromium")
BOUND = 60


def said(table: RemoteTable, words: str) -> bool:
    return any(words in item.event.text for item in list(table.log))


def wait_for(condition, what: str, bound: float = BOUND) -> None:
    """Until ``condition()`` holds: another process's news has no event to wait on (bounded)."""
    end = time.monotonic() + bound
    while not condition():
        if time.monotonic() > end:
            raise AssertionError(f"never: {what}")
        time.sleep(0.05)


def page_answers(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=5) as response:
            return response.status == 200
    except OSError:
        return False


@pytest.mark.slow
@pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's chromium is not installed (apt-get install chromium)")
def test_a_code_and_a_move_typed_in_the_browser_reach_the_server(tmp_path):
    env = {**os.environ, "TABLETOP_DATA_DIR": str(tmp_path / "player")}
    codes_file = tmp_path / "codes.json"
    server = subprocess.Popen([sys.executable, "-m", "tabletop", "serve", "castlewars", "--players", "2", "--seed", "5",
                               "--web", "--codes", str(codes_file), "--data", str(tmp_path / "data")],
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env)
    watcher = None
    try:
        page_url = None
        for line in server.stdout:
            if line.startswith("Browsers:"):
                page_url = line.split()[1]
            if line.startswith("Ctrl-C stops;"):
                break
        assert page_url is not None and page_url.startswith("http://127.0.0.1:")
        codes = json.loads(codes_file.read_text())
        watcher = RemoteTable(codes["url"], codes["spectator"], game_for=registry().game).connect()
        wait_for(lambda: page_answers(page_url), "the page answers")
        with sync_api.sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=["--no-sandbox"])
            try:
                page = browser.new_page(viewport={"width": 1000, "height": 700})
                page.goto(page_url)
                page.wait_for_selector("body.-first-byte", timeout=BOUND * 1000)  # the tab's table has drawn
                # No click: the page gives the terminal the keyboard by itself.
                page.keyboard.type(codes["seats"][0]["code"])
                page.keyboard.press("Enter")
                wait_for(lambda: said(watcher, "Player 1 joined."), "the code typed in the page opens seat 1")
                # The seat's table opens a moment after the server seats it, and keys typed before
                # its prompt exists are dropped: type the move again until it arrives (bounded).
                for _ in range(BOUND // 5):
                    page.keyboard.type("1")
                    page.keyboard.press("Enter")
                    try:
                        wait_for(lambda: said(watcher, "Player 1 takes"), "the move", bound=5)
                        break
                    except AssertionError:
                        continue
                assert said(watcher, "Player 1 takes"), "the move typed in the page never reached the server"
                page.screenshot(path=str(tmp_path / "browser.png"))
            finally:
                browser.close()
    finally:
        if watcher is not None:
            watcher.close()
        server.terminate()
        server.wait(BOUND)
    record = saved(tmp_path / "data")
    assert record.actions[0][0] == 0 and record.actions[0][1].startswith("take ")
    assert not (tmp_path / "player" / "join-codes.json").exists()  # a browser's code is kept nowhere


def test_a_taken_browsers_port_is_one_sentence():
    import socket

    from tabletop.core.errors import TabletopError
    from tabletop.net import web

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))  # bound, not listening: textual-serve cannot have it
        port = taken.getsockname()[1]
        with pytest.raises(TabletopError, match=f"could not be served on 127.0.0.1:{port}; is that port free"):
            web.start("ws://127.0.0.1:9", "127.0.0.1", port)
