"""Do two samples differ at the 95% level? Two classical tests, standard library only.

- `two_proportions`: the two-proportion z test with a pooled proportion (for shares: the
  leader's share of wins, games ended by a count). See e.g. Agresti, *Categorical Data
  Analysis* (3rd ed., 2013), section 3.1 or any introductory statistics text.
- `welch`: Welch's unequal-variances t test, with the Welch–Satterthwaite degrees of freedom
  (B. L. Welch, "The generalization of 'Student's' problem when several different population
  variances are involved", Biometrika 34, 1947), for means (moves per game, cards drawn).

The t distribution's tail comes from the regularized incomplete beta function,
P(|T| > t) = I_x(df/2, 1/2) with x = df / (df + t²), evaluated with its continued fraction
(Abramowitz and Stegun 26.5.8) by the modified Lentz method (Lentz 1976; Thompson and Barnett
1986). Both tests are two-sided.

    >>> round(two_proportions(60, 100, 45, 100).p, 4)
    0.0337
    >>> round(welch([1, 2, 3, 4], [2, 4, 6, 8, 10]).t, 4)
    -2.2514
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from statistics import NormalDist, fmean, variance

__all__ = ["LEVEL", "Significance", "t_tail", "two_proportions", "welch"]

#: The significance level: a difference is "real at the 95% level" when p < 0.05.
LEVEL = 0.05


@dataclass(frozen=True)
class Significance:
    """A test's statistic (`z` or `t`), its degrees of freedom (None for z), and the two-sided
    p-value. `differs` is p < 0.05."""

    statistic: float
    p: float
    df: float | None = None

    @property
    def t(self) -> float:
        return self.statistic

    @property
    def z(self) -> float:
        return self.statistic

    @property
    def differs(self) -> bool:
        return self.p < LEVEL


def two_proportions(successes_a: float, n_a: int, successes_b: float, n_b: int) -> Significance:
    """z = (p_a - p_b) / sqrt(p (1 - p) (1/n_a + 1/n_b)), p the pooled share; two-sided p from
    the normal distribution. Successes may be fractional (a shared win counts 1/k).
    ValueError for an empty sample or successes outside [0, n]. When both samples are all
    successes or all failures, nothing differs: z = 0, p = 1."""
    for name, successes, n in (("a", successes_a, n_a), ("b", successes_b, n_b)):
        if isinstance(n, bool) or not isinstance(n, int) or n < 1:
            raise ValueError(f"n_{name} must be a whole number, at least 1, not {n!r}")
        if not 0 <= successes <= n:
            raise ValueError(f"successes_{name} must be from 0 to {n}, not {successes!r}")
    pooled = (successes_a + successes_b) / (n_a + n_b)
    spread = pooled * (1 - pooled) * (1 / n_a + 1 / n_b)
    difference = successes_a / n_a - successes_b / n_b
    if spread <= 0:
        return Significance(0.0, 1.0)
    z = difference / math.sqrt(spread)
    return Significance(z, 2 * NormalDist().cdf(-abs(z)))


def welch(sample_a: Sequence[float], sample_b: Sequence[float]) -> Significance:
    """t = (mean_a - mean_b) / sqrt(s_a²/n_a + s_b²/n_b), with the Welch–Satterthwaite degrees
    of freedom; two-sided p from the t distribution. ValueError for a sample of fewer than two.
    Two samples without any spread: p = 1 if their means are equal, else 0."""
    for name, sample in (("a", sample_a), ("b", sample_b)):
        if len(sample) < 2:
            raise ValueError(f"sample_{name}: Welch's t needs at least 2 values, not {len(sample)}")
    n_a, n_b = len(sample_a), len(sample_b)
    mean_a, mean_b = fmean(sample_a), fmean(sample_b)
    va, vb = variance(sample_a, mean_a) / n_a, variance(sample_b, mean_b) / n_b
    if va + vb == 0:
        if mean_a == mean_b:
            return Significance(0.0, 1.0)
        return Significance(math.copysign(math.inf, mean_a - mean_b), 0.0)
    t = (mean_a - mean_b) / math.sqrt(va + vb)
    df = (va + vb) ** 2 / (va**2 / (n_a - 1) + vb**2 / (n_b - 1))
    return Significance(t, t_tail(t, df), df)


def t_tail(t: float, df: float) -> float:
    """P(|T| > |t|) for Student's t with `df` degrees of freedom: I_x(df/2, 1/2), x =
    df/(df + t²)."""
    if df <= 0:
        raise ValueError(f"df must be positive, not {df!r}")
    if math.isinf(t):
        return 0.0
    return _incomplete_beta(df / (df + t * t), df / 2, 0.5)


def _incomplete_beta(x: float, a: float, b: float) -> float:
    """The regularized incomplete beta function I_x(a, b), for 0 <= x <= 1.

    The continued fraction converges fast for x < (a + 1)/(a + b + 2); above that the
    symmetry I_x(a, b) = 1 - I_{1-x}(b, a) is used."""
    if x <= 0:
        return 0.0
    if x >= 1:
        return 1.0
    log_front = (
        math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x)
    )
    if x < (a + 1) / (a + b + 2):
        return math.exp(log_front) * _beta_fraction(x, a, b) / a
    return 1 - math.exp(log_front) * _beta_fraction(1 - x, b, a) / b


def _beta_fraction(x: float, a: float, b: float) -> float:
    """The continued fraction 1/(1+ d1/(1+ d2/(1+ ...))) of A&S 26.5.8, where
    d(2m+1) = -(a+m)(a+b+m)x / ((a+2m)(a+2m+1)) and d(2m) = m(b-m)x / ((a+2m-1)(a+2m)),
    evaluated by the modified Lentz method."""
    tiny, eps = 1e-300, 1e-15

    def guard(value: float) -> float:
        return tiny if abs(value) < tiny else value

    c, d = 1.0, 1 / guard(1 - (a + b) * x / (a + 1))
    result = d
    for m in range(1, 10_000):
        for coefficient in (
            m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m)),
            -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1)),
        ):
            d = 1 / guard(1 + coefficient * d)
            c = guard(1 + coefficient / c)
            result *= c * d
        if abs(c * d - 1) < eps:
            break
    return result
