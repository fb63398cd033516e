"""The HTML report opens in headless Chromium with no console errors, and its charts render."""

import subprocess
from pathlib import Path

import pytest

from tabletop.lab.db import ResultsDB
from tests.lab.fixtures import fixture_run

CHROMIUM = Path("/usr/bin/chromium")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="no /usr/bin/chromium (Debian package 'chromium')")


def _chromium(tmp_path, name, *args):
    profile = tmp_path / f"profile-{name}"
    profile.mkdir()
    return subprocess.run(
        [str(CHROMIUM), *FLAGS, f"--user-data-dir={profile}", "--enable-logging=stderr", "--v=0", *args],
        capture_output=True, text=True, timeout=120,
    )


def test_the_report_opens_cleanly_and_its_charts_render(cli, lab_db, tmp_path):
    with ResultsDB(lab_db) as db:
        first = fixture_run(db, seat0_wins=50, variant="A")
        second = fixture_run(db, seat0_wins=70, variant="B")
    page = tmp_path / "compare.html"
    assert cli("compare", str(first), str(second), "--html", str(page)).exit_code == 0
    charts = page.read_text().count('<img class="chart"')
    assert charts >= 4

    dom = _chromium(tmp_path, "dom", "--dump-dom", page.as_uri())
    console = [line for line in dom.stderr.splitlines() if ":CONSOLE" in line]
    assert console == []  # no errors, no blocked requests, nothing logged at all
    assert f'data-charts="{charts}/{charts}"' in dom.stdout  # every chart decoded with a size

    shot = tmp_path / "shot.png"
    _chromium(tmp_path, "shot", f"--screenshot={shot}", "--window-size=1000,1400", "--hide-scrollbars",
              page.as_uri())
    import matplotlib.image

    pixels = matplotlib.image.imread(shot)
    assert pixels.shape[:2] == (1400, 1000)
    blue = (abs(pixels[..., 0] - 0x1F / 255) < 0.02) & (abs(pixels[..., 1] - 0x77 / 255) < 0.02) & (
        abs(pixels[..., 2] - 0xB4 / 255) < 0.02)
    assert blue.sum() > 2000  # the baseline's bars are on screen
