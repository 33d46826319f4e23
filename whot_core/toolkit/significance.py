"""Paired statistics: two treatments measured on the same units (two rule sets on the same
deals), each difference with a 95% interval, and a correction for testing several at once.

Every number comes from `scipy.stats` (imported when first used, so that `import whot_core`
needs no extra):

- `shares`: a yes-or-no outcome on each unit (the leader won; the game ended by a count). The
  units where both treatments agree say nothing about the difference; McNemar's exact test
  asks whether the others split evenly, a binomial test with p = 1/2 on the discordant pairs
  (`scipy.stats.binomtest`). A fractional outcome (a shared win counts 1/k) is the sign test,
  of which McNemar's is the yes-or-no case: a pair counts for the side with the larger value.
- `means`: a number on each unit (moves, cards drawn): the paired t test on the differences
  (`scipy.stats.ttest_rel`).
- Both give the mean difference (B minus A, an effect size in the measure's own unit) with a
  seeded bootstrap 95% interval (`scipy.stats.bootstrap`), which needs no assumption about the
  shape of the differences; `ratio` gives B's mean over A's with its own interval.
- `corrected`: the Benjamini–Hochberg adjustment (`scipy.stats.false_discovery_control`), so
  that among the measures called different, at most 5% are expected to be chance.

    >>> round(mcnemar_exact(1, 9), 4)   # 1 pair for A, 9 for B: 2 x (1 + 10) / 1024
    0.0215
    >>> [round(p, 3) for p in corrected([0.01, 0.04, 0.03, 0.005])]
    [0.02, 0.04, 0.04, 0.02]
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace

__all__ = [
    "LEVEL",
    "RESAMPLES",
    "PairedTest",
    "corrected",
    "mcnemar_exact",
    "means",
    "ratio",
    "shares",
    "with_corrections",
]

#: The significance level: a difference is "clear" when its corrected p is below it.
LEVEL = 0.05

#: Bootstrap resamples: the interval's ends move by well under a tenth of its width between two
#: seeds at this many.
RESAMPLES = 2000


@dataclass(frozen=True)
class PairedTest:
    """One measure under two treatments on the same units.

    `mean_a`, `mean_b`: the means; `difference`: mean of B minus A; `low`, `high`: its 95%
    interval; `p`: the test's two-sided p; `adjusted`: p after the correction for the measures
    tested together (`with_corrections`; p itself until then); `method`: the test's name."""

    mean_a: float
    mean_b: float
    difference: float
    low: float
    high: float
    p: float
    method: str
    adjusted: float = math.nan

    @property
    def differs(self) -> bool:
        """A clear difference: below the level after the correction (or, alone, before it)."""
        return (self.p if math.isnan(self.adjusted) else self.adjusted) < LEVEL


def mcnemar_exact(only_a: int, only_b: int) -> float:
    """McNemar's exact two-sided p: `only_a` units favour A, `only_b` favour B (the discordant
    pairs). 1 when there are none."""
    for name, count in (("only_a", only_a), ("only_b", only_b)):
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            raise ValueError(f"{name} must be a whole number, at least 0, not {count!r}")
    if only_a + only_b == 0:
        return 1.0
    from scipy.stats import binomtest

    return float(binomtest(only_b, only_a + only_b, 0.5).pvalue)


def shares(a: Sequence[float], b: Sequence[float], seed: int = 0) -> PairedTest:
    """A share of units under A and under B (each value from 0 to 1), McNemar's exact test (the
    sign test for fractions) and the bootstrap interval of the difference in shares."""
    x, y = _paired(a, b)
    if ((x < 0) | (x > 1) | (y < 0) | (y > 1)).any():
        raise ValueError("shares: every value must be from 0 to 1")
    p = mcnemar_exact(int((x > y).sum()), int((y > x).sum()))
    return _with_interval(x, y, p, "McNemar's exact test", seed)


def means(a: Sequence[float], b: Sequence[float], seed: int = 0) -> PairedTest:
    """A mean under A and under B, the paired t test and the bootstrap interval of the mean
    difference. Differences that are all equal: p = 1 if they are 0, else 0."""
    from scipy.stats import ttest_rel

    x, y = _paired(a, b)
    d = y - x
    if len(x) < 2 or (d == d[0]).all():
        p = 1.0 if (d == 0).all() else 0.0
    else:
        p = float(ttest_rel(y, x).pvalue)
    return _with_interval(x, y, p, "paired t test", seed)


def ratio(a: Sequence[float], b: Sequence[float], seed: int = 0) -> tuple[float, float, float]:
    """B's mean over A's, with the bootstrap 95% interval (units resampled in pairs); NaN when
    A's mean is 0."""
    import numpy as np
    from scipy.stats import bootstrap

    x, y = _paired(a, b)
    if x.mean() == 0:
        return math.nan, math.nan, math.nan
    value = float(y.mean() / x.mean())
    if len(x) < 2 or ((x == x[0]).all() and (y == y[0]).all()):
        return value, value, value

    def of(xs, ys, axis=-1):
        return np.mean(ys, axis=axis) / np.mean(xs, axis=axis)

    found = bootstrap(
        (x, y), of, paired=True, n_resamples=RESAMPLES, method="percentile", batch=250,
        random_state=np.random.default_rng(seed),
    )  # fmt: skip
    interval = found.confidence_interval
    return value, float(interval.low), float(interval.high)


def corrected(ps: Sequence[float]) -> list[float]:
    """The Benjamini–Hochberg adjusted p-values, in the order given."""
    if not len(ps):
        return []
    from scipy.stats import false_discovery_control

    return [float(p) for p in false_discovery_control(list(ps), method="bh")]


def with_corrections(tests: dict[str, PairedTest]) -> dict[str, PairedTest]:
    """The same tests, each with its p adjusted for all of them (`corrected`)."""
    adjusted = corrected([t.p for t in tests.values()])
    return {
        key: replace(test, adjusted=q)
        for (key, test), q in zip(tests.items(), adjusted, strict=True)
    }


def _paired(a: Sequence[float], b: Sequence[float]):
    import numpy as np

    x, y = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    if x.ndim != 1 or x.shape != y.shape:
        raise ValueError(f"a and b must be paired: one value each a unit, not {x.shape}, {y.shape}")
    if not len(x):
        raise ValueError("a and b must hold at least one unit each")
    if np.isnan(x).any() or np.isnan(y).any():
        raise ValueError("a and b must hold numbers, not NaN")
    return x, y


def _with_interval(x, y, p: float, method: str, seed: int) -> PairedTest:
    """The test's p with the mean difference and its seeded bootstrap 95% interval (the
    percentile interval: at hundreds of deals it agrees with the bias-corrected one, at a
    fraction of the time)."""
    import numpy as np
    from scipy.stats import bootstrap

    d = y - x
    mean = float(d.mean())
    if len(d) < 2 or (d == d[0]).all():
        low = high = mean
    else:
        found = bootstrap(
            (d,), np.mean, n_resamples=RESAMPLES, method="percentile", batch=250,
            random_state=np.random.default_rng(seed),
        )  # fmt: skip
        low, high = float(found.confidence_interval.low), float(found.confidence_interval.high)
    return PairedTest(float(x.mean()), float(y.mean()), mean, low, high, p, method)
