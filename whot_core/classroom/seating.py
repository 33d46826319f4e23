"""A class split into tables: groups as even as possible, in the order the students joined or
shuffled. Pure: the room's rules (`room.Classroom.split_into_tables`) open the tables.

    >>> [len(group) for group in groups(range(7), 3)]
    [3, 2, 2]
    >>> groups("abcde", 2)
    [('a', 'b'), ('c', 'd'), ('e',)]
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import TypeVar

__all__ = ["groups"]

T = TypeVar("T")


def groups(people: Sequence[T], size: int, rng: random.Random | None = None) -> list[tuple[T, ...]]:
    """`people` at tables of at most `size`, as few tables as that allows and their sizes as
    even as possible (seven in threes: 3, 2, 2, not 3, 3, 1); in order, or shuffled by `rng`.
    A table left with one person is filled with AI players by whoever opens it."""
    if size < 1:
        raise ValueError(f"size: a table seats at least one person, not {size}")
    people = list(people)
    if rng is not None:
        rng.shuffle(people)
    if not people:
        return []
    count = math.ceil(len(people) / size)
    base, extra = divmod(len(people), count)
    tables, start = [], 0
    for n in range(count):
        end = start + base + (1 if n < extra else 0)
        tables.append(tuple(people[start:end]))
        start = end
    return tables
