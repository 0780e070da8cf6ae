"""VP by game, faction and source: the one computation behind ``tmlog vp``'s tables.

It reads rows ``(game, faction, source, vp)``: the records' own, for the text
tables ``tmlog vp`` prints without pandas (:func:`vp_text`), or the ``vp``
DataFrame's, for :func:`tmlog.report.vp.vp_breakdown`, which makes a DataFrame
of what :func:`vp_by_game` returns.

>>> rows = [("g1", "witches", "leech", -3), ("g1", "witches", "initial", 20),
...         ("g1", "nomads", "initial", 20), ("g1", "witches", "leech", -1)]
>>> (game,) = vp_by_game(rows, str)
>>> game.factions, game.sources
(['nomads', 'witches'], ['initial', 'leech'])
>>> game.table()
[['initial', 20, 20], ['leech', 0, -4], ['total', 20, 16]]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, NamedTuple

from tmlog.reading import printable
from tmlog.report.table import rows_text

SourceKey = Callable[[str], Any]
"""Sorts a game's VP source names (its :data:`~tmlog.games.capabilities.VP_SOURCES`)."""


class GameVp(NamedTuple):
    """One game's VP, summed by faction and source."""

    game: str
    factions: list[str]
    """Alphabetical."""
    sources: list[str]
    """In the game's order (its source key)."""
    vp: dict[tuple[str, str], int]
    """(faction, source) → VP, for the pairs the game has."""

    def table(self) -> list[list[Any]]:
        """A row per source, a column per faction (0 where it scored none from it),
        and a last row ``total``."""
        rows = [[s, *(self.vp.get((f, s), 0) for f in self.factions)] for s in self.sources]
        totals = [sum(self.vp.get((f, s), 0) for s in self.sources) for f in self.factions]
        return [*rows, ["total", *totals]]


def vp_by_game(rows: Iterable[Sequence[Any]], source_key: SourceKey) -> list[GameVp]:
    """The VP of each game that has any, in the order the rows first name them."""
    games: dict[str, dict[tuple[str, str], int]] = {}
    for game, faction, source, vp in rows:
        sums = games.setdefault(game, {})
        sums[faction, source] = sums.get((faction, source), 0) + vp
    return [
        GameVp(
            game, sorted({f for f, _ in sums}), sorted({s for _, s in sums}, key=source_key), sums
        )
        for game, sums in games.items()
    ]


def vp_text(records: Iterable[Any], fmt: str, source_key: SourceKey | None) -> str:
    """``tmlog vp``'s text or Markdown: a titled table per game (``source_key``
    None: sources by name)."""
    rows = ((printable(r.game), v.faction, v.source, v.vp) for r in records for v in r.vp)
    parts = []
    for game in vp_by_game(rows, source_key or str):
        right = [False, *(True for _ in game.factions)]
        table = rows_text(["source", *game.factions], game.table(), right, fmt)
        parts.append(f"{game.game}\n{table}" if fmt == "table" else f"### {game.game}\n\n{table}")
    return "\n\n".join(parts)
