"""The tests the lab's reports use, written out so a reader can check them (docs/lab.md).

* A win rate's 95% interval: Wilson score interval.
* Two win rates (two variants, or one rate against a fair share): two-proportion z-test
  (pooled standard error under the null), difference with Newcombe's hybrid score interval
  (his method 10, built from the two Wilson intervals): unlike the Wald interval it never
  leaves -100..+100 points nor shrinks to nothing when a rate is 0% or 100%.
* Two means (game lengths, a plugin's numbers): Welch's t-test (unequal variances).
* Many tests in one report: Holm's step-down correction, so the chance of calling any
  difference significant when none is stays at or below 5%.

Shared wins count fractionally (two seats sharing a win get a half each); the tests
treat them as if whole, an approximation that matters only when sharing is common.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from tabletop.core.stats import wilson

__all__ = ["ALPHA", "Moments", "Test", "holm", "moments", "newcombe", "normal_sf", "p_text", "proportion_vs",
           "proportions", "welch"]

ALPHA = 0.05


@dataclass(frozen=True)
class Test:
    """One comparison: the difference (B minus A), its 95% interval and the test's p-value."""

    name: str
    test: str
    a: float
    b: float
    diff: float
    low: float
    high: float
    p: float
    p_adjusted: float = math.nan

    @property
    def significant(self) -> bool:
        return self.p_adjusted < ALPHA


#: Below this a p-value is shown as a bound: double precision cannot tell it from 0.
SMALLEST_P = 1e-300


def p_text(p: float) -> str:
    """A p-value as a reader sees it: ``0.032``, ``4.1e-12``, or ``< 1e-300`` once it underflows."""
    return f"< {SMALLEST_P:.0e}" if p < SMALLEST_P else f"{p:.2g}"


def normal_sf(z: float) -> float:
    """P(Z > z) for a standard normal Z."""
    return 0.5 * math.erfc(z / math.sqrt(2))


def newcombe(wins_a: float, n_a: int, wins_b: float, n_b: int) -> tuple[float, float]:
    """95% interval for rate B minus rate A: Newcombe (1998), method 10, from Wilson intervals."""
    pa, pb = wins_a / n_a, wins_b / n_b
    (la, ua), (lb, ub) = wilson(wins_a, n_a), wilson(wins_b, n_b)
    diff = pb - pa
    return diff - math.hypot(pb - lb, ua - pa), diff + math.hypot(ub - pb, pa - la)


def proportions(name: str, wins_a: float, n_a: int, wins_b: float, n_b: int) -> Test:
    """Two-proportion z-test (two-sided, pooled) and the difference's 95% interval (:func:`newcombe`)."""
    pa = wins_a / n_a if n_a else 0.0
    pb = wins_b / n_b if n_b else 0.0
    diff = pb - pa
    if not n_a or not n_b:
        return Test(name, "two-proportion z-test", pa, pb, diff, -1.0, 1.0, 1.0)
    pooled = (wins_a + wins_b) / (n_a + n_b)
    se0 = math.sqrt(pooled * (1 - pooled) * (1 / n_a + 1 / n_b))
    p = 1.0 if se0 == 0 else min(1.0, 2 * normal_sf(abs(diff) / se0))
    low, high = newcombe(wins_a, n_a, wins_b, n_b)
    return Test(name, "two-proportion z-test", pa, pb, diff, low, high, p)


def proportion_vs(name: str, wins: float, n: int, p0: float) -> Test:
    """One win rate against an expected rate ``p0`` (a fair share): one-sample z-test."""
    p_hat = wins / n if n else 0.0
    diff = p_hat - p0
    se0 = math.sqrt(p0 * (1 - p0) / n) if n else 0.0
    p = 1.0 if se0 == 0 else min(1.0, 2 * normal_sf(abs(diff) / se0))
    low, high = wilson(wins, n)
    return Test(name, "one-proportion z-test", p0, p_hat, diff, low - p0, high - p0, p)


@dataclass(frozen=True)
class Moments:
    n: int
    mean: float
    var: float  # sample variance (n - 1)


def moments(counts: Mapping[float, int]) -> Moments:
    """Count, mean and sample variance of values given as ``{value: how many times}``."""
    n = sum(counts.values())
    if not n:
        return Moments(0, 0.0, 0.0)
    mean = sum(v * c for v, c in counts.items()) / n
    var = sum(c * (v - mean) ** 2 for v, c in counts.items()) / (n - 1) if n > 1 else 0.0
    return Moments(n, mean, var)


def welch(name: str, a: Moments, b: Moments) -> Test:
    """Welch's t-test (two-sided) of two means and the difference's 95% interval."""
    diff = b.mean - a.mean
    if a.n < 2 or b.n < 2:
        return Test(name, "Welch's t-test", a.mean, b.mean, diff, -math.inf, math.inf, 1.0)
    va, vb = a.var / a.n, b.var / b.n
    se = math.sqrt(va + vb)
    if se == 0:
        return Test(name, "Welch's t-test", a.mean, b.mean, diff, diff, diff, 1.0 if diff == 0 else 0.0)
    df = (va + vb) ** 2 / (va * va / (a.n - 1) + vb * vb / (b.n - 1))
    t = diff / se
    p = 2 * student_sf(abs(t), df)
    q = student_quantile(0.975, df)
    return Test(name, "Welch's t-test", a.mean, b.mean, diff, diff - q * se, diff + q * se, min(1.0, p))


def holm(tests: Sequence[Test]) -> list[Test]:
    """The same tests with Holm-adjusted p-values (each significant when below 5%)."""
    order = sorted(range(len(tests)), key=lambda i: tests[i].p)
    m = len(tests)
    adjusted = [1.0] * m
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * tests[i].p))
        adjusted[i] = running
    return [Test(**{**t.__dict__, "p_adjusted": adjusted[i]}) for i, t in enumerate(tests)]


# ---- Student's t distribution (no SciPy needed) -----------------------------------------


def _betacf(a: float, b: float, x: float) -> float:
    """Continued fraction of the regularised incomplete beta function (modified Lentz)."""
    tiny = 1e-300
    qab, qap, qam = a + b, a + 1, a - 1
    c, d = 1.0, 1 - qab * x / qap
    d = 1 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 300):
        m2 = 2 * m
        aa = m * (b - m) * x / ((qam + m2) * (a + m2))
        d = 1 + aa * d
        d = 1 / (d if abs(d) > tiny else tiny)
        c = 1 + aa / c if abs(1 + aa / c) > tiny else tiny
        h *= d * c
        aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2))
        d = 1 + aa * d
        d = 1 / (d if abs(d) > tiny else tiny)
        c = 1 + aa / c if abs(1 + aa / c) > tiny else tiny
        delta = d * c
        h *= delta
        if abs(delta - 1) < 1e-14:
            break
    return h


def _betainc(a: float, b: float, x: float) -> float:
    if x <= 0:
        return 0.0
    if x >= 1:
        return 1.0
    front = math.exp(math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x))
    if x < (a + 1) / (a + b + 2):
        return front * _betacf(a, b, x) / a
    return 1 - front * _betacf(b, a, 1 - x) / b


def student_sf(t: float, df: float) -> float:
    """P(T > t) for Student's t with ``df`` degrees of freedom, t >= 0."""
    return 0.5 * _betainc(df / 2, 0.5, df / (df + t * t))


def student_quantile(q: float, df: float) -> float:
    """The t with P(T <= t) = q (q above one half), by bisection."""
    low, high = 0.0, 1000.0
    for _ in range(100):
        mid = (low + high) / 2
        if 1 - student_sf(mid, df) < q:
            low = mid
        else:
            high = mid
    return (low + high) / 2
