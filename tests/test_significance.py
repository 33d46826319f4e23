"""The 95% tests of the Compare page, against values worked out by hand (and closed forms)."""

from __future__ import annotations

import math

import pytest

from whot_core.toolkit.significance import t_tail, two_proportions, welch


def test_two_proportions_by_hand():
    # 60 of 100 against 45 of 100: pooled share 105/200 = 0.525, so the standard error is
    # sqrt(0.525 * 0.475 * (1/100 + 1/100)) = sqrt(0.0049875) = 0.0706222, and z = 0.15 / that
    # = 2.12398. The normal table gives P(Z > 2.12) = 0.0170 and P(Z > 2.13) = 0.0166, so the
    # two-sided p is about 0.0337.
    result = two_proportions(60, 100, 45, 100)
    assert result.z == pytest.approx(2.12398, abs=1e-5)
    assert result.p == pytest.approx(0.0337, abs=2e-4)
    assert result.differs and result.df is None


def test_two_proportions_is_symmetric_and_not_significant_for_close_shares():
    # 52 of 100 against 48 of 100: z = 0.04 / sqrt(0.5 * 0.5 * 0.02) = 0.04 / 0.0707107 = 0.5657;
    # P(Z > 0.5657) = 0.2858, so p = 0.5716: no difference shown.
    forward, backward = two_proportions(52, 100, 48, 100), two_proportions(48, 100, 52, 100)
    assert forward.z == pytest.approx(0.565685, abs=1e-6)
    assert backward.z == pytest.approx(-forward.z)
    assert forward.p == pytest.approx(0.5716, abs=2e-4) == backward.p
    assert not forward.differs


def test_two_proportions_takes_shared_wins_as_fractions():
    # Half a win counts: 10.5 of 20 is the share 0.525.
    assert two_proportions(10.5, 20, 10.5, 20).z == 0


def test_two_proportions_with_no_spread_differs_in_nothing():
    assert two_proportions(0, 50, 0, 80).p == 1.0
    assert two_proportions(50, 50, 80, 80).p == 1.0


@pytest.mark.parametrize(
    ("args", "message"),
    [((1, 0, 1, 5), "n_a"), ((6, 5, 1, 5), "successes_a"), ((1, 5, -1, 5), "successes_b")],
)
def test_two_proportions_names_a_bad_argument(args, message):
    with pytest.raises(ValueError, match=message):
        two_proportions(*args)


def test_welch_by_hand():
    # [1, 2, 3, 4]: mean 2.5, variance 5/3, so s²/n = 5/12. [2, 4, 6, 8, 10]: mean 6, variance
    # 10, s²/n = 2. t = -3.5 / sqrt(5/12 + 2) = -3.5 / 1.554563 = -2.251436. Welch–Satterthwaite:
    # df = (29/12)² / ((5/12)²/3 + 2²/4) = 5.840278 / 1.057870 = 5.520788.
    result = welch([1, 2, 3, 4], [2, 4, 6, 8, 10])
    assert result.t == pytest.approx(-2.251436, abs=1e-6)
    assert result.df == pytest.approx(5.520788, abs=1e-6)
    # The t table: with 5 degrees of freedom the two-sided 10% and 5% points are 2.015 and
    # 2.571, with 6 they are 1.943 and 2.447; |t| = 2.25 lies between, so 0.05 < p < 0.10.
    assert 0.05 < result.p < 0.10
    assert not result.differs


def test_welch_with_equal_sizes_and_spreads_is_students_t():
    # [1, 2, 3] and [4, 5, 6]: variances 1 and 1, so t = -3 / sqrt(1/3 + 1/3) = -3.674235 and
    # df = (2/3)² / (2 (1/3)² / 2) = 4, Student's 2n - 2. The t table puts the two-sided 2%
    # point of 4 degrees of freedom at 3.747 and the 5% point at 2.776.
    result = welch([1, 2, 3], [4, 5, 6])
    assert result.t == pytest.approx(-3.674235, abs=1e-6)
    assert result.df == pytest.approx(4.0)
    assert 0.02 < result.p < 0.05
    assert result.differs


def test_welch_without_spread():
    assert welch([3, 3], [3, 3, 3]).p == 1.0
    assert welch([3, 3], [4, 4]).p == 0.0


def test_welch_needs_two_values_a_sample():
    with pytest.raises(ValueError, match="sample_b"):
        welch([1, 2], [1])


@pytest.mark.parametrize("t", [0.3, 1.0, 1.5, 4.0, 20.0])
def test_the_t_tail_matches_the_closed_forms_of_one_and_two_degrees_of_freedom(t):
    # One degree of freedom is the Cauchy distribution: P(|T| > t) = 1 - (2/pi) atan(t).
    # Two: P(|T| > t) = 1 - t / sqrt(t² + 2).
    assert t_tail(t, 1) == pytest.approx(1 - 2 / math.pi * math.atan(t), abs=1e-12)
    assert t_tail(t, 2) == pytest.approx(1 - t / math.sqrt(t * t + 2), abs=1e-12)


@pytest.mark.parametrize(
    ("t", "df", "p"),
    # The t table's two-sided points.
    [(12.706, 1, 0.05), (2.228, 10, 0.05), (2.042, 30, 0.05), (3.169, 10, 0.01), (1.812, 10, 0.1)],
)
def test_the_t_tail_matches_the_t_table(t, df, p):
    assert t_tail(t, df) == pytest.approx(p, abs=2e-4)


def test_the_t_tail_tends_to_the_normal_one():
    assert t_tail(1.96, 1e6) == pytest.approx(0.05, abs=1e-4)
    assert t_tail(0, 7) == pytest.approx(1.0)
    assert t_tail(math.inf, 7) == 0.0
