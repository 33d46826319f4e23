"""The paired statistics of the Compare page, against values worked by hand and a published
example (Student's sleep data)."""

from __future__ import annotations

import math

import pytest

from whot_core.toolkit.significance import (
    PairedTest,
    corrected,
    mcnemar_exact,
    means,
    ratio,
    shares,
    with_corrections,
)

# Cushny and Peebles' sleep data, as "Student" (Biometrika 6, 1908) analysed it and R ships it
# (`sleep`): hours of extra sleep of ten patients under two drugs. R's
# `t.test(extra ~ group, data = sleep, paired = TRUE)` prints t = -4.0621, df = 9,
# p-value = 0.002833, 95% interval -2.4598858 to -0.7001142, mean difference -1.58.
DRUG_1 = [0.7, -1.6, -0.2, -1.2, -0.1, 3.4, 3.7, 0.8, 0.0, 2.0]
DRUG_2 = [1.9, 0.8, 1.1, 0.1, -0.1, 4.4, 5.5, 1.6, 4.6, 3.4]


@pytest.mark.parametrize(
    ("only_a", "only_b", "p"),
    [
        # 1 pair for A, 9 for B: P(X <= 1) for X ~ Binomial(10, 1/2) is (1 + 10) / 1024; doubled.
        (1, 9, 22 / 1024),
        # 0 against 5: 2 x (1/2)^5.
        (0, 5, 2 / 32),
        # An even split: nothing to see.
        (4, 4, 1.0),
        # 2 against 6: P(X <= 2) for n = 8 is (1 + 8 + 28) / 256; doubled.
        (6, 2, 74 / 256),
    ],
)
def test_mcnemar_exact_by_hand(only_a, only_b, p):
    assert mcnemar_exact(only_a, only_b) == pytest.approx(p, abs=1e-12)


def test_mcnemar_without_discordant_pairs_is_one_and_a_bad_count_is_named():
    assert mcnemar_exact(0, 0) == 1.0
    with pytest.raises(ValueError, match="only_b"):
        mcnemar_exact(3, -1)


def test_shares_count_only_the_pairs_that_disagree():
    # 20 deals: 8 where both say yes, 2 where only A does, 10 where only B does, none where both
    # say no. The 8 agreeing pairs change nothing: p is McNemar's for 2 against 10, that is
    # 2 x (1 + 12 + 66) / 4096; the shares are 10/20 and 18/20, their difference 0.4.
    a = [1] * 8 + [1] * 2 + [0] * 10
    b = [1] * 8 + [0] * 2 + [1] * 10
    test = shares(a, b)
    assert test.p == pytest.approx(2 * 79 / 4096)
    assert (test.mean_a, test.mean_b, test.difference) == pytest.approx((0.5, 0.9, 0.4))
    assert test.low < 0.4 < test.high and test.differs


def test_shares_take_a_shared_win_as_a_fraction():
    # A half share against a whole win favours B; against nothing it favours A: one each.
    test = shares([0.5, 0.5], [1, 0])
    assert test.p == 1.0 and test.difference == 0


def test_the_paired_t_test_matches_the_published_sleep_example():
    test = means(DRUG_1, DRUG_2)
    assert test.difference == pytest.approx(1.58)
    assert test.p == pytest.approx(0.002833, abs=5e-7)
    assert test.method == "paired t test"
    # The bootstrap interval needs no normal shape; for these ten it lies near the t interval
    # (0.700 to 2.460) and is narrower, as a percentile interval of a small sample is.
    assert 0.6 < test.low < 1.2 and 2.0 < test.high < 2.6


def test_the_bootstrap_is_seeded_and_its_interval_moves_with_the_seed_only():
    assert means(DRUG_1, DRUG_2, seed=3) == means(DRUG_1, DRUG_2, seed=3)
    assert means(DRUG_1, DRUG_2, seed=3).low != means(DRUG_1, DRUG_2, seed=4).low


def test_a_constant_difference_is_exact():
    test = means([1, 2, 3], [3, 4, 5])
    assert (test.difference, test.low, test.high, test.p) == (2, 2, 2, 0.0)
    assert means([1, 2, 3], [1, 2, 3]).p == 1.0


def test_the_ratio_of_means_with_its_interval():
    value, low, high = ratio([10, 20, 30, 40], [21, 39, 61, 79])
    assert value == pytest.approx(200 / 100)
    assert low < 2 < high and high - low < 0.2
    assert math.isnan(ratio([0, 0], [1, 2])[0])


def test_benjamini_hochberg_by_hand():
    # Sorted: 0.005, 0.01, 0.03, 0.04 (m = 4): p m / rank = 0.02, 0.02, 0.04, 0.04, already
    # rising, so these are the adjusted values; given back in the order given.
    assert corrected([0.01, 0.04, 0.03, 0.005]) == pytest.approx([0.02, 0.04, 0.04, 0.02])
    # A large p after a small one: 0.04 x 2 / 1 = 0.08, but the one above it is 0.05 x 2 / 2.
    assert corrected([0.05, 0.04]) == pytest.approx([0.05, 0.05])
    assert corrected([]) == []


def test_a_correction_can_take_a_difference_away():
    alone = PairedTest(0, 1, 1, 0.1, 1.9, 0.03, "paired t test")
    assert alone.differs
    tests = with_corrections(
        {"x": alone, **{k: alone.__class__(0, 0, 0, 0, 0, 0.5, "t") for k in "abc"}}
    )
    assert tests["x"].adjusted == pytest.approx(0.12) and not tests["x"].differs


@pytest.mark.parametrize(
    ("a", "b", "message"),
    [([1, 2], [1], "paired"), ([], [], "at least one"), ([0, 2], [0, 1], "from 0 to 1")],
)
def test_bad_samples_are_named(a, b, message):
    test = shares if message == "from 0 to 1" else means
    with pytest.raises(ValueError, match=message):
        test(a, b)
