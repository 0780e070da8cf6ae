"""How often each faction wins, with a confidence interval, over many games.

The counting is :class:`~tmlog.report.tally.WinTally`'s (the site's rules are
written there); this module feeds it a factions DataFrame, grouped, and makes
its rows a DataFrame. Grouping keys are the game as it started: ``players`` is
the number of factions that started, ``seat`` the faction's start order.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Any

import pandas as pd

# Defined without pandas, for `tmlog stats`'s text table; re-exported here.
from tmlog.report.tally import WINRATE_COLUMNS as WINRATE_COLUMNS
from tmlog.report.tally import Z95 as Z95
from tmlog.report.tally import Group, Row, WinTally
from tmlog.report.tally import wilson_interval as wilson_interval

BY = {
    "players": ("player_count", "players"),
    "map": ("map", "map"),
    "seat": ("start_order", "seat"),
    "deck": ("deck", "deck"),
    "final-scoring": ("final_scoring", "final_scoring"),
    "rating-band": ("rating_band", "rating_band"),
    "score-tiles": ("score_tiles", "score_tiles"),
    "score-tile": ("score_tile", "score_tile"),
    **{f"score-round-{n}": (f"score_round_{n}", f"score_round_{n}") for n in range(1, 7)},
    "bonus-round-1": ("bonus_round_1", "bonus_round_1"),
}
"""``--by`` value → (column of the factions table, column of the output).

``score-tiles`` groups by the six round scoring tiles in order (``SCORE7,SCORE1,…``),
``score-round-N`` by the tile of round N, ``score-tile`` by each tile in play (a
faction's game counts once under each of its six tiles); ``bonus-round-1`` by
the bonus tile the faction took at the end of setup, held in round 1.
"""


By = str | Sequence[str] | None
"""A grouping: none, one ``--by`` value, or several (grouped by each, in order)."""


def _names(by: By) -> list[str]:
    """The groupings of ``by``, each once, in order."""
    names = [by] if isinstance(by, str) else list(dict.fromkeys(by or ()))
    for name in names:
        if name not in BY:
            raise ValueError(f"unknown grouping {name!r}; expected one of {', '.join(BY)}")
    return names


def tally_factions(
    factions: pd.DataFrame, *, by: By = None, into: WinTally | None = None
) -> WinTally:
    """The factions table's games counted (into ``into``, or a new tally), each
    faction in its ``by`` groups (see :data:`BY`; none where a grouping has no value).

    A tally is added to game by game: win rates over a corpus too large to hold at
    once are counted a part of it at a time.

    >>> factions = pd.DataFrame({
    ...     "game": ["g1", "g1"], "faction": ["witches", "nomads"], "start_order": [1, 2],
    ...     "final_vp": [120, 100], "dropped": [False] * 2, "finished": [True] * 2})
    >>> [row[:4] for row in tally_factions(factions, by="seat").rates()]
    [(1, 'witches', 1, 1.0), (2, 'nomads', 1, 0.0)]
    """
    out = WinTally() if into is None else into
    # As lists: iterating over a pyarrow-backed column costs a call per value.
    columns = [factions[c].tolist() for c in ("game", "faction", "final_vp", "dropped", "finished")]
    won = factions["won"].tolist() if "won" in factions.columns else [False] * len(factions)
    games: dict[Any, tuple[bool, list[tuple[str, int, bool, bool]], list[list[Group]]]] = {}
    for game, faction, vp, dropped, finished, won_it, groups in zip(
        *columns, won, _groups(factions, by), strict=True
    ):
        _, played, grouped = games.setdefault(game, (bool(finished), [], []))
        played.append((faction, vp, bool(dropped), bool(won_it)))
        grouped.append(groups)
    for finished, played, grouped in games.values():
        out.add_game(finished, played, grouped)
    return out


def _groups(factions: pd.DataFrame, by: By) -> list[list[Group]]:
    """Each row's groups of ``by``: one, or one per round scoring tile with
    ``score-tile``; none where a grouping has no value (as pandas' groupby leaves
    out a missing key).

    >>> rows = pd.DataFrame({"faction": ["witches"], "score_tiles": [("SCORE7", "SCORE1")],
    ...                      "map": ["Original"]})
    >>> _groups(rows, ["score-round-2", "map"]), _groups(rows, "score-tile")
    ([[('SCORE1', 'Original')]], [[('SCORE7',), ('SCORE1',)]])
    >>> _groups(rows, "score-tiles"), _groups(rows, "score-round-3")
    ([[('SCORE7,SCORE1',)]], [[]])
    """
    names = _names(by)
    if not names:
        return [[()]] * len(factions)
    if factions.empty:
        return []  # the table of no game at all may lack the groupings' columns
    scored = any(name.startswith("score-") for name in names)
    if scored:
        tiles = [t.split(",") if isinstance(t, str) else list(t) for t in factions["score_tiles"]]
    values: list[list[list[Any]]] = []  # per grouping, each row's values
    for name in names:
        if name == "score-tile":
            values.append(tiles)
        elif name == "score-tiles":
            values.append([[",".join(t)] for t in tiles])
        elif name.startswith("score-round-"):
            n = int(name.rsplit("-", 1)[1])
            values.append([[t[n - 1]] if len(t) >= n else [] for t in tiles])
        else:
            # A column's missing values found at once, not a pd.isna call per value.
            column = factions[BY[name][0]]
            pairs = zip(column.tolist(), column.isna().tolist(), strict=True)
            values.append([[] if na else [v] for v, na in pairs])
    if not scored:
        return [list(itertools.product(*row)) for row in zip(*values, strict=True)]
    return [
        [g for g in itertools.product(*row) if not any(pd.isna(v) for v in g)]
        for row in zip(*values, strict=True)
    ]


def winrates(rates: list[Row], *, by: By = None, like: pd.DataFrame | None = None) -> pd.DataFrame:
    """The DataFrame of :meth:`WinTally.rates`, its ``by`` columns of the types
    they have in ``like`` (the factions table the tally read)."""
    names = _names(by)
    frame = pd.DataFrame(rates, columns=[*(BY[n][1] for n in names), *WINRATE_COLUMNS])
    types: dict[str, Any] = {c: "float64" for c in WINRATE_COLUMNS[2:]}
    types["games"] = "int64"
    for name in names:
        column, out = BY[name]
        if like is not None and not name.startswith("score-") and column in like.columns:
            types[out] = like[column].dtype  # as a groupby by the column would give it
    return frame.astype(types)


def faction_winrates(factions: pd.DataFrame, *, by: By = None) -> pd.DataFrame:
    """Win rate per faction, with its 95% Wilson interval, average VP, rank and margin
    (counted by :class:`~tmlog.report.tally.WinTally`).

    Args:
        factions: the ``factions`` table (``game``, ``faction``, ``final_vp``,
            ``dropped``, ``finished``, the grouping columns, and ``won`` for a
            game that names its winners).
        by: also group by ``players`` (factions that started the game),
            ``map``, ``seat`` (start order), ``final-scoring`` (``original``
            or the Fire & Ice tile), ``score-tiles``, ``score-round-N``,
            ``score-tile``, ``bonus-round-1`` or ``rating-band`` (see :data:`BY`),
            or by several of them (a list); the output has those columns first,
            in that order.

    Returns:
        Columns :data:`WINRATE_COLUMNS` (after the ``by`` column), sorted by
        win rate, best first (within each group).

    >>> factions = pd.DataFrame({
    ...     "game": ["g1", "g1", "g2", "g2"],
    ...     "faction": ["witches", "nomads", "witches", "nomads"],
    ...     "final_vp": [120, 100, 90, 110], "dropped": [False] * 4,
    ...     "finished": [True] * 4, "player_count": [2] * 4})
    >>> faction_winrates(factions)[["faction", "games", "wins", "win_rate", "avg_margin"]]
       faction  games  wins  win_rate  avg_margin
    0   nomads      2   1.0       0.5         0.0
    1  witches      2   1.0       0.5         0.0
    """
    return winrates(tally_factions(factions, by=by).rates(), by=by, like=factions)


def left_out(factions: pd.DataFrame) -> dict[str, int]:
    """What :func:`faction_winrates` does not count: ``dropped`` factions (of
    finished games) and ``unfinished`` games.

    >>> factions = pd.DataFrame({"game": ["g1", "g1", "g2"], "dropped": [True, False, False],
    ...                          "finished": [True, True, False], "faction": ["a", "b", "a"],
    ...                          "final_vp": [0, 0, 0]})
    >>> left_out(factions)
    {'dropped': 1, 'unfinished': 1}
    """
    counted = tally_factions(factions)
    return {"dropped": counted.dropped, "unfinished": counted.unfinished}
