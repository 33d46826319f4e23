"""The AI levels of every game, in one registry.

A level is what the app, a link and a batch of simulated games call an AI player by: its name
("heuristic", the id a link and a record hold), the name a person reads ("Heuristic"), a line a
learner reads about it, and whether it takes a search budget. Each game
registers its levels, weakest first, each with the factory that builds its player; every other
place asks the registry, so a level is the same player on every page and in every table.

    >>> levels = levels_of("a made-up game")
    >>> levels.add("lazy", "Always plays its first legal move.", lambda seed, simulations: "lazy")
    >>> levels.names, "lazy" in levels, levels.make("lazy", seed=1), levels.title("lazy")
    (('lazy',), True, 'lazy', 'Lazy')
    >>> levels.seat_name("Seat 1", "lazy")
    'Seat 1 (Lazy)'
    >>> levels.make("genius", seed=1)
    Traceback (most recent call last):
    ...
    ValueError: unknown AI level 'genius'; use lazy
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

__all__ = ["Level", "Levels", "levels_of"]


@dataclass(frozen=True)
class Level:
    """One AI level of one game."""

    name: str  # the id a link, a record and the code call it by
    description: str  # one line a learner reads: what the player does
    searches: bool  # whether it takes a search budget (simulations a move)
    factory: Callable[..., Any] = field(repr=False, compare=False)
    title: str = ""  # the name a person reads ("Heuristic"); the id capitalised by default

    def __post_init__(self) -> None:
        if not self.title:
            object.__setattr__(self, "title", self.name.capitalize())


class Levels:
    """One game's AI levels, weakest first. Iterating gives their names; `make` a player.

    A factory is called as `factory(seed, simulations, **options)`: `seed` seeds its random
    choices, `simulations` is the search budget (None: the player's own default; a level that
    does not search ignores it), and `options` are the game's own (Whist's heuristic calls the
    seats by their `names`)."""

    def __init__(self, game: str) -> None:
        self.game = game
        self._levels: dict[str, Level] = {}

    def add(
        self,
        name: str,
        description: str,
        factory: Callable[..., Any],
        *,
        searches: bool = False,
        title: str = "",
    ) -> None:
        """Register a level, after the weaker ones (`title`: the name a person reads, by default
        the id capitalised)."""
        if name in self._levels:
            raise ValueError(f"{self.game}: the AI level {name!r} is registered already")
        self._levels[name] = Level(name, description, searches, factory, title)

    @property
    def names(self) -> tuple[str, ...]:
        """The levels' names, weakest first."""
        return tuple(self._levels)

    def without_search(self) -> tuple[str, ...]:
        """The levels that take no search budget: quick enough for thousands of games."""
        return tuple(name for name, level in self._levels.items() if not level.searches)

    def __iter__(self) -> Iterator[str]:
        return iter(self._levels)

    def __len__(self) -> int:
        return len(self._levels)

    def __contains__(self, name: object) -> bool:
        return name in self._levels

    def __getitem__(self, name: str) -> Level:
        if name not in self._levels:
            raise ValueError(self.unknown(name))
        return self._levels[name]

    def title(self, name: str) -> str:
        """The name a person reads for the level `name` ("Heuristic" for `heuristic`): a
        chooser's option (`format_func`), a button's words."""
        return self[name].title

    def seat_name(self, seat: str, name: str) -> str:
        """The name of the seat `seat` ("Seat 1", "West") an AI of the level `name` plays, on
        every table and in every sentence: "Seat 1 (Heuristic)", the level by its title."""
        return f"{seat} ({self.title(name)})"

    def unknown(self, name: object) -> str:
        """The problem with a name that is not a level, in words."""
        return f"unknown AI level {name!r}; use {', '.join(self._levels)}"

    def make(
        self, name: str, seed: int | None = None, simulations: int | None = None, **options: Any
    ) -> Any:
        """A player of the level `name`; ValueError naming the levels for an unknown one.
        `options` go to the level's factory (a searching level's own, such as `time_limit`)."""
        return self[name].factory(seed, simulations, **options)

    def help(self, names: Iterable[str] | None = None) -> str:
        """Each level (of `names`, or all) by its title and what it does, one paragraph each in
        Markdown: the help of a level's chooser."""
        chosen = self._levels if names is None else names
        return "\n\n".join(f"**{self.title(n)}**: {self[n].description}" for n in chosen)

    def caption(self, names: Iterable[str] | None = None) -> str:
        """Each level (of `names`, or all) by its title and what it does, in one short paragraph:
        the caption under a level's chooser (a tooltip needs a hover a phone has not)."""
        chosen = self._levels if names is None else names
        return " ".join(f"**{self.title(n)}**: {self[n].description}" for n in chosen)

    def __repr__(self) -> str:
        return f"Levels({self.game!r}: {', '.join(self._levels)})"


#: Every game's levels, by game.
_REGISTRY: dict[str, Levels] = {}


def levels_of(game: str) -> Levels:
    """The AI levels of `game` (empty until the game's players register theirs)."""
    return _REGISTRY.setdefault(game, Levels(game))
