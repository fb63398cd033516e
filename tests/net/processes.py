"""Real processes for the network tests: `tabletop serve` and scripted clients, each its own
process on 127.0.0.1, every wait bounded and on a condition (a file written, a process ended)."""

from __future__ import annotations

import contextlib
import json
import os
import shlex
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def program_here(cwd: Path = ROOT) -> list[str]:
    """How a `python -m tabletop` started in ``cwd`` names itself in the commands it prints (so
    a printed command can be run as printed)."""
    from tabletop.core.program import python

    with contextlib.chdir(cwd):
        return [*shlex.split(python()), "-m", "tabletop"]


def env(tmp_path: Path) -> dict[str, str]:
    return {**os.environ, "TABLETOP_RECORDS": str(tmp_path / "records"), "PYTHONPATH": str(ROOT)}


def serve(tmp_path: Path, *args: str, codes: Path, stderr=None, **popen) -> tuple[subprocess.Popen, dict, float]:
    """Start `tabletop serve ARGS --codes FILE` (``popen``: more for Popen, such as a preexec_fn);
    (process, the codes file's JSON, seconds to start)."""
    started = time.monotonic()
    codes.unlink(missing_ok=True)
    # Its output goes to files, not pipes: a pipe nobody reads would stop the server once full.
    out = open(tmp_path / f"serve-{time.monotonic_ns()}.out", "w+")  # noqa: SIM115 (closed by stop)
    process = subprocess.Popen([sys.executable, "-m", "tabletop", "serve", *args, "--codes", str(codes)],
                               cwd=ROOT, env=env(tmp_path), stdout=out, stderr=subprocess.STDOUT, text=True, **popen)
    process.output = out
    deadline = started + 60
    while not codes.exists() or not codes.read_text().endswith("}\n"):
        if process.poll() is not None:
            out.seek(0)
            raise AssertionError(f"serve ended: {out.read()[-2000:]}")
        if time.monotonic() > deadline:
            process.kill()
            raise AssertionError("serve did not write its codes within 60 s")
        time.sleep(0.02)
    return process, json.loads(codes.read_text()), time.monotonic() - started


def clients(tmp_path: Path, url: str, codes: list[str], *, seconds: float = 60) -> list[subprocess.Popen]:
    """One scripted client process per code (each reconnects with its code if the server goes)."""
    return [subprocess.Popen([sys.executable, "-m", "tests.net.wire_client", "--seed", str(i),
                              "--seconds", str(seconds), "--", url, code],
                             cwd=ROOT, env=env(tmp_path), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            for i, code in enumerate(codes)]  # each prints a few lines: communicate() reads them at the end


def client_group(tmp_path: Path, url: str, codes: list[str], *, seed: int, seconds: float = 60) -> subprocess.Popen:
    """One scripted client process playing every one of ``codes`` (one connection each)."""
    return subprocess.Popen([sys.executable, "-m", "tests.net.wire_client", "--seed", str(seed),
                             "--seconds", str(seconds), "--", url, *codes],
                            cwd=ROOT, env=env(tmp_path), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def results(processes: list[subprocess.Popen], *, seconds: float = 90) -> list[dict]:
    found = []
    for process in processes:
        out, err = process.communicate(timeout=seconds)
        assert process.returncode == 0, f"a client did not finish its game: {out[-500:]} {err[-2000:]}"
        found += [json.loads(line) for line in out.splitlines() if line.startswith("{")]
    return found


def stop(process: subprocess.Popen) -> str:
    """Stop the server (SIGTERM: it says bye to everyone) and return what it printed."""
    if process.poll() is None:
        process.terminate()
    process.wait(timeout=30)
    process.output.seek(0)
    text = process.output.read()
    process.output.close()
    return text
