"""The longest functions split into named checks keep their words and values byte for byte: each
one's outputs over many inputs (tests/pinned_words.py) against the digests in
tests/golden/pinned/words.json, written before the split."""

from __future__ import annotations

import json

import pinned_words
import pytest


@pytest.mark.parametrize("name", list(pinned_words.PINNED))
def test_outputs_are_byte_for_byte_as_pinned(name):
    golden = json.loads(pinned_words.GOLDEN.read_text())
    assert pinned_words.digest(pinned_words.outputs(name)) == golden[name]
