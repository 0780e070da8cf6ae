"""How often each faction wins, with a confidence interval, over many games.

The counting follows the reference site's statistics (``src/genstats.pl`` of
jsnell/terra-mystica): factions that dropped out are left out entirely, so
wins, ranks and margins are among the factions that played to the end; a
tie for first gives each of the *k* tied factions 1/*k* of a win; the margin
is a faction's VP minus the mean VP of its (remaining) opponents. Only
finished games count. Grouping keys are the game as it started: ``players``
is the number of factions that started, ``seat`` the faction's start order.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pandas as pd

# Defined without pandas, for the plain tally of `tmlog stats`; re-exported here.
from tmlog.report.tally import PARTS
from tmlog.report.tally import WINRATE_COLUMNS as WINRATE_COLUMNS
from tmlog.report.tally import Z95 as Z95
from tmlog.report.tally import wilson_interval as wilson_interval

BY = {
    "players": ("player_count", "players"),
    "map": ("map", "map"),
    "seat": ("start_order", "seat"),
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


def counted(factions: pd.DataFrame) -> pd.DataFrame:
    """The rows that win rates count (finished games, no dropped faction), with
    each one's ``win`` (1, 1/k for a k-way tie for first, or 0; where the
    table has a ``won`` column, 1/k for each of the game's k winners), ``place``
    (1 = best, ties share the best) and ``margin``.

    >>> factions = pd.DataFrame({
    ...     "game": ["g1"] * 3, "faction": ["witches", "nomads", "giants"],
    ...     "final_vp": [120, 120, 90], "dropped": [False, False, False],
    ...     "finished": [True] * 3})
    >>> counted(factions)[["faction", "win", "place", "margin"]]
       faction  win  place  margin
    0  witches  0.5      1    15.0
    1   nomads  0.5      1    15.0
    2   giants  0.0      3   -30.0
    """
    rows = factions[factions["finished"].astype(bool) & ~factions["dropped"].astype(bool)].copy()
    vp = rows["final_vp"].astype("float64")
    by_game = vp.groupby(rows["game"])
    best = by_game.transform("max")
    tied = (vp == best).groupby(rows["game"]).transform("sum")
    n = by_game.transform("count")
    total = by_game.transform("sum")
    rows["win"] = np.where(vp == best, 1.0 / tied, 0.0)
    if "won" in rows.columns:
        # A game that names its winners (Root: a coalition wins with its
        # partner) shares the win among them as a tie is shared.
        won = rows["won"].astype(bool)
        winners = won.groupby(rows["game"]).transform("sum")
        named = winners > 0
        rows["win"] = np.where(
            named, np.where(won, 1.0 / winners.where(named, 1), 0.0), rows["win"]
        )
    rows["place"] = by_game.rank(method="min", ascending=False).astype("int64")
    with np.errstate(divide="ignore", invalid="ignore"):
        rows["margin"] = np.where(n > 1, vp - (total - vp) / (n - 1), np.nan)
    return rows.reset_index(drop=True)


TALLY_COLUMNS = ["games", "wins", "vp", "places", "margins", "margin_games"]
"""Sums behind the win rates; tallies of parts of a corpus add up column by column."""


By = str | Sequence[str] | None
"""A grouping: none, one ``--by`` value, or several (grouped by each, in order)."""


def _keys(by: By) -> tuple[list[str], list[str]]:
    """(columns of the factions table to group by, their names in the output)."""
    names = [by] if isinstance(by, str) else list(dict.fromkeys(by or ()))
    for name in names:
        if name not in BY:
            raise ValueError(f"unknown grouping {name!r}; expected one of {', '.join(BY)}")
    return [BY[n][0] for n in names] + ["faction"], [BY[n][1] for n in names]


def winrate_tallies(factions: pd.DataFrame, *, by: By = None) -> pd.DataFrame:
    """The sums win rates are computed from, per faction (and ``by`` group).

    Tallies of separate sets of games add up (``pd.concat`` then a grouped
    sum), so win rates over a corpus too large to hold at once are computed
    a part at a time.

    >>> factions = pd.DataFrame({
    ...     "game": ["g1", "g1"], "faction": ["witches", "nomads"],
    ...     "final_vp": [120, 100], "dropped": [False] * 2, "finished": [True] * 2})
    >>> winrate_tallies(factions)
       faction  games  wins     vp  places  margins  margin_games
    0   nomads      1   0.0  100.0     2.0    -20.0             1
    1  witches      1   1.0  120.0     1.0     20.0             1
    """
    keys, _ = _keys(by)
    rows = counted(factions)
    if rows.empty:
        # No game read (every log failed): the table has only the columns every
        # game gives, and an empty tally needs its grouping columns all the same.
        wanted = [*keys, "score_tiles"]
        rows = rows.assign(**{k: pd.Series(dtype=object) for k in wanted if k not in rows})
    rows = _score_keys(rows, by)
    rows["margin_games"] = rows["margin"].notna().astype("int64")
    out = (
        rows.groupby(keys, sort=True)
        .agg(
            games=("win", "size"),
            wins=("win", "sum"),
            vp=("final_vp", "sum"),
            places=("place", "sum"),
            margins=("margin", "sum"),
            margin_games=("margin_games", "sum"),
        )
        .reset_index()
    )
    out["games"] = out["games"].astype("int64")
    for col in ("wins", "vp", "places", "margins"):
        out[col] = out[col].astype("float64")
    return out


def _score_keys(rows: pd.DataFrame, by: By) -> pd.DataFrame:
    """The grouping columns derived from a game's round scoring tiles (see :data:`BY`),
    for each ``score-…`` grouping in ``by``.

    >>> rows = pd.DataFrame({"faction": ["witches"], "score_tiles": [("SCORE7", "SCORE1")]})
    >>> _score_keys(rows, "score-round-2")["score_round_2"].tolist()
    ['SCORE1']
    >>> _score_keys(rows, "score-tile")["score_tile"].tolist()
    ['SCORE7', 'SCORE1']
    >>> _score_keys(rows, "score-tiles")["score_tiles"].tolist()
    ['SCORE7,SCORE1']
    """
    names = [by] if isinstance(by, str) else list(dict.fromkeys(by or ()))
    names = [name for name in names if name.startswith("score-")]
    if not names:
        return rows
    tiles = [tuple(t.split(",")) if isinstance(t, str) else tuple(t) for t in rows["score_tiles"]]
    rows = rows.copy()
    # The tile of each round before the list is exploded into one row per tile.
    for name in names:
        if name.startswith("score-round-"):
            n = int(name.rsplit("-", 1)[1])
            rows[f"score_round_{n}"] = [t[n - 1] if len(t) >= n else None for t in tiles]
    if "score-tiles" in names:
        rows["score_tiles"] = [",".join(t) for t in tiles]
    if "score-tile" in names:
        rows["score_tile"] = tiles
        rows = rows.explode("score_tile", ignore_index=True).dropna(subset=["score_tile"])
    return rows


def add_tallies(parts: list[pd.DataFrame], *, by: By = None) -> pd.DataFrame:
    """The tallies of several parts of a corpus, added up."""
    keys, _ = _keys(by)
    if not parts:
        return pd.DataFrame(columns=[*keys, *TALLY_COLUMNS])
    return pd.concat(parts).groupby(keys, sort=True)[TALLY_COLUMNS].sum().reset_index()


def winrates_from_tallies(tallies: pd.DataFrame, *, by: By = None) -> pd.DataFrame:
    """Win rates, intervals and averages from :func:`winrate_tallies`."""
    keys, out_keys = _keys(by)
    groups = keys[:-1]
    out = tallies.copy()
    # Shares of a win and margins are multiples of 1/PARTS; float sums of them drift in
    # the last bit, which could order two equal win rates apart. Snapping the sums back to
    # the grid gives the exact sums, as report/tally.py counts them.
    for col in ("wins", "margins"):
        out[col] = (out[col].astype("float64") * PARTS).round() / PARTS
    games = out["games"].astype("int64")
    out["games"] = games
    out["win_rate"] = out["wins"] / games
    bounds = [wilson_interval(w, g) for w, g in zip(out["wins"], games, strict=True)]
    out["ci_low"] = [lo for lo, _ in bounds]
    out["ci_high"] = [hi for _, hi in bounds]
    out["avg_vp"] = out["vp"] / games
    out["avg_rank"] = out["places"] / games
    with np.errstate(divide="ignore", invalid="ignore"):
        out["avg_margin"] = out["margins"] / out["margin_games"].where(out["margin_games"] > 0)
    for col in ("avg_vp", "avg_rank", "avg_margin", "wins", "win_rate"):
        out[col] = out[col].astype("float64")
    sort = [*groups, "win_rate", "avg_vp", "faction"]
    ascending = [True] * len(groups) + [False, False, True]
    out = out.sort_values(sort, ascending=ascending, kind="stable").reset_index(drop=True)
    out = out.rename(columns=dict(zip(groups, out_keys, strict=True)))
    return out[[*out_keys, *WINRATE_COLUMNS]]


def faction_winrates(factions: pd.DataFrame, *, by: By = None) -> pd.DataFrame:
    """Win rate per faction, with its 95% Wilson interval, average VP, rank and margin.

    Args:
        factions: the ``factions`` table (``game``, ``faction``, ``final_vp``,
            ``dropped``, ``finished`` and the grouping columns).
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
    return winrates_from_tallies(winrate_tallies(factions, by=by), by=by)


def left_out(factions: pd.DataFrame) -> dict[str, int]:
    """What :func:`faction_winrates` does not count: ``dropped`` factions (of
    finished games) and ``unfinished`` games.

    >>> factions = pd.DataFrame({"game": ["g1", "g1", "g2"], "dropped": [True, False, False],
    ...                          "finished": [True, True, False]})
    >>> left_out(factions)
    {'dropped': 1, 'unfinished': 1}
    """
    finished = factions["finished"].astype(bool)
    dropped = factions["dropped"].astype(bool)
    return {
        "dropped": int((finished & dropped).sum()),
        "unfinished": int(factions.loc[~finished, "game"].nunique()),
    }
