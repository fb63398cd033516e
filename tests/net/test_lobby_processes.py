"""The lobby with real processes on 127.0.0.1: `tabletop serve` with no game, eight people at
terminals (`tabletop join URL`, commands typed on stdin, a random bot playing each seat) and one
in headless Chromium (Debian's, driven by Playwright) set up a Windup War table and a Castle Wars
table and play both to the end; and a room killed with SIGKILL comes back with the command it
printed, its running table with it, the players reconnecting by themselves."""

from __future__ import annotations

import json
import re
import shlex
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytest.importorskip("websockets", reason="the network table needs the net extra: pip install 'tabletop[net]'")

from tabletop.core.record import GameRecord  # noqa: E402
from tabletop.net.lobby_client import LobbyClient  # noqa: E402
from tests.net.processes import ROOT, env, program_here  # noqa: E402

CHROMIUM = Path("/usr/bin/chromium")
BOUND = 180


def wait_for(condition, what: str, bound: float = BOUND) -> None:
    end = time.monotonic() + bound
    while not condition():
        if time.monotonic() > end:
            raise AssertionError(f"never: {what}")
        time.sleep(0.1)


class Host:
    """`tabletop serve ARGS` with its output in a file (read as it grows)."""

    def __init__(self, tmp_path: Path, *args: str):
        self.path = tmp_path / f"serve-{time.monotonic_ns()}.out"
        self.file = open(self.path, "w")  # noqa: SIM115 (closed by stop)
        self.process = subprocess.Popen([sys.executable, "-m", "tabletop", "serve", *args], cwd=ROOT, env=env(tmp_path),
                                        stdout=self.file, stderr=subprocess.STDOUT, text=True)
        wait_for(lambda: "continues." in self.text() or self.process.poll() is not None, "the room opens", 60)
        assert self.process.poll() is None, self.text()
        self.url = re.search(r"ws://[0-9.]+:\d+", self.text()).group(0)

    def text(self) -> str:
        return self.path.read_text()

    def stop(self) -> str:
        if self.process.poll() is None:
            self.process.terminate()
        self.process.wait(60)
        self.file.close()
        return self.text()


class Person:
    """`tabletop join URL --lobby --name NAME --bot random`, its commands typed on stdin."""

    def __init__(self, tmp_path: Path, url: str, name: str):
        self.path = tmp_path / f"{name}-{time.monotonic_ns()}.out"
        self.file = open(self.path, "w")  # noqa: SIM115 (closed by done)
        self.process = subprocess.Popen(
            [sys.executable, "-m", "tabletop", "join", url, "--lobby", "--name", name, "--bot", "random"],
            cwd=ROOT, env={**env(tmp_path), "TABLETOP_DATA_DIR": str(tmp_path / name)}, stdin=subprocess.PIPE,
            stdout=self.file, stderr=subprocess.STDOUT, text=True)

    def type(self, line: str) -> None:
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def text(self) -> str:
        return self.path.read_text()

    def code(self) -> str:
        wait_for(lambda: "Pass its code on:" in self.text() or self.process.poll() is not None, "a table code")
        return re.search(r"Pass its code on: ([A-Z0-9]{8})", self.text()).group(1)

    def done(self, bound: float = BOUND) -> str:
        """Leave the room after the game (end of input) and give what was printed."""
        wait_for(lambda: "Back in the room" in self.text() or self.process.poll() is not None, "the game ends", bound)
        self.process.stdin.close()
        self.process.wait(60)
        self.file.close()
        assert self.process.returncode == 0, self.text()[-2000:]
        return self.text()


def records_listed(tmp_path: Path) -> list[dict]:
    listed = subprocess.run([sys.executable, "-m", "tabletop", "records", "--json"], cwd=ROOT, env=env(tmp_path),
                            capture_output=True, text=True, timeout=60)
    return json.loads(listed.stdout)


def over_lines(text: str) -> dict[str, str]:
    """Each table over, as the host's terminal said: table number -> record path."""
    return dict(re.findall(r"Table (\d+) \(game \d+\) is over: .*? Record: (\S+)", text))


@pytest.mark.slow
@pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's chromium is not installed (apt-get install chromium)")
def test_eight_people_at_terminals_and_one_in_a_browser_play_two_tables_to_the_end(tmp_path):
    sync_api = pytest.importorskip("playwright.sync_api", reason="the browser test needs playwright (the test extra)")
    pytest.importorskip("textual_serve", reason="the browser table needs textual-serve: pip install 'tabletop[net]'")
    host = Host(tmp_path, "--lobby", "--web")
    page_url = re.search(r"Browsers: (\S+)", host.text()).group(1)
    people: list[Person] = []
    try:
        ana = Person(tmp_path, host.url, "Ana")
        people.append(ana)
        ana.type("new windupwar human,human,human,human,human,random")
        windup = ana.code()
        fay = Person(tmp_path, host.url, "Fay")
        people.append(fay)
        fay.type("new castlewars human,human,human,human")
        castle = fay.code()
        for name, code in [("Bo", windup), ("Cy", windup), ("Di", windup), ("Ed", windup), ("Gus", castle), ("Hal", castle)]:
            people.append(Person(tmp_path, host.url, name))
            people[-1].type(f"sit {code}")
        with sync_api.sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=["--no-sandbox"])
            try:
                page = browser.new_page(viewport={"width": 1100, "height": 800})
                page.goto(page_url)
                page.wait_for_selector("body.-first-byte", timeout=60_000)
                page.click(".textual-terminal")
                page.keyboard.type("Iris")
                page.keyboard.press("Enter")
                page.keyboard.press("Enter")  # the room has no password
                typed_sit = False
                # The command line opens once the room has let Iris in: type the code until she sits (bounded).
                for _ in range(30):
                    page.keyboard.type(f"sit {castle}")
                    page.keyboard.press("Enter")
                    try:
                        wait_for(lambda: "Table 2 started" in host.text(), "Iris sits and table 2 starts", 5)
                        typed_sit = True
                        break
                    except AssertionError:
                        continue
                assert typed_sit, "the code typed in the page never seated Iris"
                # Iris plays her seat by typing the first choice offered, until her table is over.
                end = time.monotonic() + 400
                while "2" not in over_lines(host.text()) and time.monotonic() < end:
                    page.keyboard.type("1")
                    page.keyboard.press("Enter")
                    time.sleep(0.3)
                page.screenshot(path=str(tmp_path / "browser.png"))
            finally:
                browser.close()
        outputs = [person.done() for person in people]
    finally:
        for person in people:
            if person.process.poll() is None:
                person.process.kill()
        text = host.stop()
    assert "Table 1 created by Ana: windupwar" in text and "Table 2 created by Fay: castlewars" in text
    started = dict(re.findall(r"Table (\d+) started: \w+ as game \d+ \((.*)\)\.", text))
    assert sorted(started["1"].split(", ")) == ["Ana", "Bo", "Cy", "Di", "Ed", "random 6"]  # people sat as they came
    assert started["2"].startswith("Fay, ") and sorted(started["2"].split(", ")) == ["Fay", "Gus", "Hal", "Iris"]
    over = over_lines(text)
    assert set(over) == {"1", "2"}, text
    for path in over.values():
        assert GameRecord.load(Path(path)).outcome is not None
    for output in outputs:
        assert "Game over" in output
    listed = {item["file"]: item for item in records_listed(tmp_path)}
    assert all(listed[path]["finished"] for path in over.values())
    for code in (windup, castle):
        assert code not in text  # the host's terminal never shows a code


def ana_and_bo(host: Host, ana: Person):
    """Ana sets up a Castle Wars table at her terminal, Bo sits (a lobby client here) and does not
    come to the table: Ana's bot plays until Bo must decide, and the game waits. Bo's seat."""
    ana.type("new castlewars human,human")
    bo = LobbyClient(host.url, "Bo").connect()
    sat = bo.sit(ana.code())
    assert bo.wait_started(sat.table, 60)
    bo.close()
    wait_for(lambda: "Joined Castle Wars as Ana" in ana.text(), "Ana's terminal is at the table")
    return sat


@pytest.mark.slow
def test_a_room_killed_comes_back_with_the_command_it_printed_and_its_table_is_played_to_the_end(tmp_path):
    host = Host(tmp_path)  # no game named: a room
    ana = Person(tmp_path, host.url, "Ana")
    try:
        sat = ana_and_bo(host, ana)
        folder = Path(re.search(r"data in (\S+)\)", host.text()).group(1))
        host.process.send_signal(signal.SIGKILL)
        host.process.wait(30)
        command = shlex.split(re.search(r"`([^`]* serve --resume [^`]*)` continues", host.text()).group(1))
        typed = [*program_here(), "serve", "--resume"]  # as this test's `python -m tabletop` is typed
        assert command[:len(typed)] == typed and "--port" in command
        again = Host(tmp_path, *command[len(typed) - 1:])  # the rest, as printed
        assert again.url == host.url and "1 table(s) listed, 1 playing" in again.text()
        seat = subprocess.Popen([sys.executable, "-m", "tests.net.wire_client", "--seconds", "120", "--", host.url,
                                 sat.code], cwd=ROOT, env=env(tmp_path), stdout=subprocess.PIPE, text=True)
        out, _ = seat.communicate(timeout=BOUND)
        assert seat.returncode == 0 and json.loads(out.splitlines()[-1])["outcome"] is not None
        printed = ana.done()
        assert "Game over" in printed  # Ana's terminal came back to the table by itself, then to the room
        assert "Back in the room" in printed and "Traceback" not in printed
        wait_for(lambda: "1" in over_lines(again.text()), "the host is told the game is over")
        text = again.stop()
        record = Path(over_lines(text)["1"])
        assert record.parent.parent.parent == folder and GameRecord.load(record).outcome is not None
        listed = [item for item in records_listed(tmp_path) if item["file"] == str(record)]
        assert listed and listed[0]["finished"] and listed[0]["served"] == str(folder)
    finally:
        if ana.process.poll() is None:
            ana.process.kill()
        if host.process.poll() is None:
            host.process.kill()


@pytest.mark.slow
def test_a_terminal_closed_mid_game_takes_its_seat_back_from_the_room(tmp_path):
    host = Host(tmp_path, "--lobby")
    ana = Person(tmp_path, host.url, "Ana")
    later = None
    try:
        sat = ana_and_bo(host, ana)
        ana.process.kill()  # the terminal is closed mid-game; the game waits for Bo anyway
        ana.process.wait(30)
        later = Person(tmp_path, host.url, "Ana")  # the same person, the same machine
        wait_for(lambda: "`back 1` takes it again" in later.text(), "the room says Ana's seat is kept")
        later.type("back 1")
        seat = subprocess.Popen([sys.executable, "-m", "tests.net.wire_client", "--seconds", "120", "--", host.url,
                                 sat.code], cwd=ROOT, env=env(tmp_path), stdout=subprocess.PIPE, text=True)
        seat.communicate(timeout=BOUND)
        assert seat.returncode == 0
        assert "Game over" in later.done()
        wait_for(lambda: "1" in over_lines(host.text()), "the host is told the game is over")
    finally:
        for process in (ana.process, later.process if later else None, host.process):
            if process is not None and process.poll() is None:
                process.kill()


def test_a_served_games_record_is_listed_and_continued_by_its_server_only(cli, records, tmp_path):
    from tabletop.net.server import Server
    from tabletop.net.server_store import Store
    from tests.net.helpers import people, registry

    folder = records / "served" / "lobby-1"
    Server(registry(), Store(folder)).host(registry().game("castlewars"), people(2), seed=1)
    listed = cli("records", "--json")
    [item] = json.loads(listed.out)
    assert item["served"] == str(folder) and not item["finished"]
    assert "tabletopserve--resume" in re.sub(r"[\s│]", "", cli("records").out)  # folded in its column
    result = cli("play", "--resume", "1")
    assert result.exit_code == 2 and f"`tabletop serve --resume {folder}` continues it" in result.err.replace("\n", "")
