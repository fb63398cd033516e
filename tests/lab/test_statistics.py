"""The lab's tests of significance give the textbook numbers."""

import math

import pytest

from tabletop.lab.statistics import (
    Moments,
    holm,
    newcombe,
    proportion_vs,
    proportions,
    student_quantile,
    student_sf,
    welch,
)


def test_student_t_matches_tables():
    assert student_sf(2.0, 10) == pytest.approx(0.036694, abs=1e-6)
    assert student_quantile(0.975, 10) == pytest.approx(2.228139, abs=1e-5)
    assert student_quantile(0.975, 1e7) == pytest.approx(1.959964, abs=1e-4)


def test_two_proportion_z_test_by_hand():
    t = proportions("x", 50, 100, 65, 100)
    pooled = 115 / 200
    z = 0.15 / math.sqrt(pooled * (1 - pooled) * (2 / 100))
    assert t.diff == pytest.approx(0.15)
    assert t.p == pytest.approx(math.erfc(z / math.sqrt(2)))
    assert t.p == pytest.approx(0.0319, abs=1e-4)
    assert (t.low, t.high) == newcombe(50, 100, 65, 100)


@pytest.mark.parametrize(
    ("a", "b", "interval"),
    [  # Newcombe (1998), Statistics in Medicine 17:873-890, table II, method 10 (difference first minus second)
        ((48, 80), (56, 70), (0.0524, 0.3339)),
        ((3, 10), (9, 10), (0.1705, 0.8090)),
        ((0, 29), (5, 56), (-0.0381, 0.1926)),
        ((0, 20), (0, 10), (-0.1611, 0.2775)),
    ],
)
def test_difference_interval_is_newcombes_hybrid_score_interval(a, b, interval):
    assert newcombe(*a, *b) == pytest.approx(interval, abs=1e-4)


def test_a_difference_of_rates_at_0_and_100_percent_keeps_a_real_interval_within_100_points():
    t = proportions("seat 1", 49, 50, 0, 30)  # 98% in one run, 0% in the other
    assert -1.0 <= t.low < t.diff < t.high <= 1.0
    t = proportions("seat 2", 0, 50, 30, 30)  # 0% against 100%: the Wald interval was +100 to +100
    assert t.diff == 1.0 and 0.8 < t.low < t.high == pytest.approx(1.0)


def test_welch_matches_a_worked_example():
    # se = sqrt(4/30 + 9/25), df ~ 40.5: t = 2.1355, two-sided p ~ 0.0388
    t = welch("w", Moments(30, 10.0, 4.0), Moments(25, 11.5, 9.0))
    assert t.p == pytest.approx(0.0388, abs=2e-4)
    assert t.low < 1.5 < t.high


def test_holm_adjusts_in_steps_and_stays_monotone():
    tests = [proportions(n, 50, 100, w, 100) for n, w in (("a", 65), ("b", 52), ("c", 70))]
    adjusted = holm(tests)
    ps = sorted(t.p for t in tests)
    by_name = {t.name: t.p_adjusted for t in adjusted}
    assert by_name["c"] == pytest.approx(3 * ps[0])
    assert by_name["a"] == pytest.approx(max(3 * ps[0], 2 * ps[1]))
    assert by_name["b"] == pytest.approx(ps[2])  # the largest p is multiplied by one
    assert [t.significant for t in adjusted] == [False, False, True]


def test_a_fair_coin_is_not_called_unfair():
    assert proportion_vs("s", 52, 100, 0.5).p > 0.5
    assert proportion_vs("s", 70, 100, 0.5).p < 0.001
