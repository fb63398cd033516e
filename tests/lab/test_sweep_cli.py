"""``tabletop sweep``: the same seeds and bots under each variant, kept as runs of one sweep, compared."""

import json

from tabletop.lab.db import ResultsDB


def test_sweep_runs_each_variant_on_the_same_seeds_and_compares(cli, lab_db, tmp_path):
    page = tmp_path / "editions.html"
    result = cli("sweep", "windupwar", "-o", "edition=2016,2017", "-n", "30", "--seats", "tactician,random,random",
                 "--seed", "5", "--html", str(page))
    assert result.exit_code == 0, result.err
    text = " ".join(result.out.split())
    assert "edition=2016: run 1, 30 games" in text and "edition=2017: run 2, 30 games" in text
    assert "Holm" in text and page.exists()
    with ResultsDB(lab_db) as db:
        one, two = db.runs()
        assert one.sweep == two.sweep and one.sweep
        assert (one.variant, two.variant) == ("edition=2016", "edition=2017")
        assert (one.options["edition"], two.options["edition"]) == ("2016", "2017")
        assert [g.seed for g in db.games(1)] == [g.seed for g in db.games(2)] == list(range(5, 35))


def test_sweep_json_names_the_baseline_and_each_test(cli):
    data = json.loads(cli("sweep", "windupwar", "-o", "edition=2016,2017", "-n", "10", "--json").out)
    assert data["baseline"] == "edition=2016" and data["correction"] == "Holm"
    assert {t["variant"] for t in data["tests"]} == {"edition=2017"}
    assert all(t["test"] in ("two-proportion z-test", "Welch's t-test") for t in data["tests"])


def test_a_sweep_needs_two_variants(cli):
    result = cli("sweep", "windupwar", "-o", "edition=2016", "-n", "5")
    assert result.exit_code == 2 and "two or more values" in result.err
    assert cli("sweep", "windupwar", "-o", "edition=2016,1999", "-n", "5").exit_code == 2


def test_a_sweep_stopped_by_ctrl_c_compares_what_finished_and_exits_130(cli, lab_db, monkeypatch):
    from tabletop.lab import backends

    real = backends.stream_local
    calls = []

    def stopping(job):
        calls.append(job)
        for n, pair in enumerate(real(job)):
            if len(calls) == 2 and n == 12:  # Ctrl-C during the second variant, after 12 games
                raise KeyboardInterrupt
            yield pair

    monkeypatch.setattr(backends, "stream_local", stopping)
    result = cli("sweep", "windupwar", "-o", "edition=2016,2017", "-n", "40", "--seats", "random,random")
    assert result.exit_code == 130
    assert "Interrupted" in result.err and "Differences" in result.out
    with ResultsDB(lab_db) as db:
        one, two = db.runs()
    assert (one.played, one.status) == (40, "finished")
    assert (two.played, two.status) == (12, "interrupted")
