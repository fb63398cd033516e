"""The speed example runs, side by side against a checkout, and measures that checkout's code."""

import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("pettingzoo", reason="the rl extra is not installed: pip install -e '.[rl]'")
pytest.importorskip("gymnasium", reason="the rl extra is not installed: pip install -e '.[rl]'")



ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "examples" / "rl_speed.py"


@pytest.mark.slow
def test_the_speed_example_measures_against_another_checkout(tmp_path):
    # A checkout whose tabletop cannot be imported: --against must load it, not this one.
    (tmp_path / "tabletop").mkdir()
    (tmp_path / "tabletop" / "__init__.py").write_text("raise ImportError('the other checkout was loaded')\n")
    broken = subprocess.run([sys.executable, str(SCRIPT), "--seconds", "0.05", "--repeat", "1", "--games", "castlewars",
                             "--against", str(tmp_path)], capture_output=True, text=True, timeout=300)
    assert broken.returncode != 0 and "the other checkout was loaded" in broken.stderr
    run = subprocess.run([sys.executable, str(SCRIPT), "--seconds", "0.05", "--repeat", "1", "--games", "castlewars",
                          "--against", str(ROOT)], capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    row = run.stdout.splitlines()[-1].split("|")
    assert row[1].strip() == "castlewars" and len(row) == 10
    rates = [float(cell.replace(",", "")) for cell in row[3:6]]
    assert all(rate > 0 for rate in rates)
