"""Power leeched: what each faction was offered, took, refused and paid, and from whom.

pandas is imported by the DataFrames' callers only: ``tmlog leech`` prints its
text table of the records' rows, the rows of :func:`leech_totals`, without it
(:func:`leech_text`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from tmlog.reading import printable
from tmlog.report.table import rows_text

if TYPE_CHECKING:
    import pandas as pd

LEECH_TOTAL_COLUMNS = [
    "offers",
    "offered_power",
    "accepted",
    "accepted_power",
    "declined",
    "declined_power",
    "lapsed",
    "lapsed_power",
    "vp_paid",
]
"""The counts of the ``leech`` table, summed by :func:`leech_totals`."""


def leech_totals(leech: pd.DataFrame, *, per_game: bool = True) -> pd.DataFrame:
    """Power offered to each faction and what became of it.

    ``offers``/``offered_power``: offers received and their power as the
    rules compute it; ``accepted``/``accepted_power``: offers taken and the
    power actually gained; ``declined``/``declined_power``: offers refused
    with a ``decline`` command; ``lapsed``/``lapsed_power``: offers left open
    until the faction's own turn (the rules count them as declined; the
    ledger has no row for them); ``vp_paid``: VP paid for the power taken.

    Args:
        leech: the ``leech`` table.
        per_game: one row per game and faction (default), or ``False`` for
            one row per faction summed over all games, with a ``games`` column.

    >>> import pandas as pd
    >>> leech = pd.DataFrame({
    ...     "game": ["g1", "g1", "g2"], "faction": ["witches", "nomads", "witches"],
    ...     "offers": [5, 2, 3], "offered_power": [9, 3, 4], "accepted": [4, 1, 2],
    ...     "accepted_power": [8, 1, 3], "declined": [1, 1, 1], "declined_power": [1, 2, 1],
    ...     "lapsed": [0, 0, 0], "lapsed_power": [0, 0, 0], "vp_paid": [4, 0, 1]})
    >>> leech_totals(leech, per_game=False)[["faction", "games", "accepted_power", "vp_paid"]]
       faction  games  accepted_power  vp_paid
    0   nomads      1               1        0
    1  witches      2              11        5
    """
    if per_game:
        return leech[["game", "faction", *LEECH_TOTAL_COLUMNS]].reset_index(drop=True)
    sums = leech.groupby("faction", as_index=False)[LEECH_TOTAL_COLUMNS].sum()
    games = leech.groupby("faction")["game"].nunique().rename("games")
    out = sums.merge(games, left_on="faction", right_index=True)
    return out[["faction", "games", *LEECH_TOTAL_COLUMNS]].reset_index(drop=True)


def who_fed_whom(feeding: pd.DataFrame, *, matrix: bool = False) -> pd.DataFrame:
    """Power each faction accepted from each other faction's buildings.

    Args:
        feeding: the ``feeding`` table (``game``, ``faction`` = the receiver,
            ``source_faction`` = the builder, ``accepted`` = offers taken,
            ``accepted_power``).
        matrix: instead, power summed over all games as a square table: one
            row per receiving faction, one column per feeding faction (0 where
            none), both alphabetical, with the receiver in column ``faction``.

    >>> import pandas as pd
    >>> feeding = pd.DataFrame({
    ...     "game": ["g1", "g1", "g2"], "faction": ["witches", "nomads", "witches"],
    ...     "source_faction": ["nomads", "witches", "nomads"],
    ...     "accepted": [3, 1, 2], "accepted_power": [5, 2, 3]})
    >>> who_fed_whom(feeding, matrix=True)
       faction  nomads  witches
    0   nomads       0        2
    1  witches       8        0
    """
    if not matrix:
        cols = ["game", "faction", "source_faction", "accepted", "accepted_power"]
        return feeding[cols].reset_index(drop=True)
    names = sorted(set(feeding["faction"]) | set(feeding["source_faction"]))
    square = feeding.pivot_table(
        index="faction",
        columns="source_faction",
        values="accepted_power",
        aggfunc="sum",
        fill_value=0,
    )
    square = square.reindex(index=names, columns=names, fill_value=0).astype("int64")
    square.columns.name = None
    return square.rename_axis("faction").reset_index()


def leech_text(records: Iterable[Any], fmt: str) -> str:
    """``tmlog leech``'s text or Markdown: :func:`leech_totals`'s rows (a game's
    ``leech`` table as it is), from the records."""
    rows = [
        [printable(record.game), row.faction, *(getattr(row, c) for c in LEECH_TOTAL_COLUMNS)]
        for record in records
        for row in record.leech
    ]
    header = ["game", "faction", *LEECH_TOTAL_COLUMNS]
    return rows_text(header, rows, [False, False, *(True for _ in LEECH_TOTAL_COLUMNS)], fmt)
