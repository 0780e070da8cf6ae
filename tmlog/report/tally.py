"""Faction win rates in plain Python, for ``tmlog stats`` with no grouping.

Importing pandas takes longer than reading 10,000 games' records from the
results cache, so ``tmlog stats`` without ``--by`` or ratings, printed as a
table or Markdown, counts Terra Mystica records here and prints them with
:func:`~tmlog.report.plain.text_table`. The counting is that of
:func:`tmlog.report.winrates.counted` and the output the same, byte for
byte, as :func:`tmlog.report.winrates.winrates_from_tallies` printed by
:func:`tmlog.report.output.format_frame` (``tests/test_report_tally.py``
compares them).

Shares of a win (1/k for a k-way tie) and margins (a VP total divided by
the number of opponents) are summed exactly, as whole multiples of
1/:data:`PARTS`, and divided once at the end: the sums cannot drift with
the order of the games.

>>> tally = WinTally()
>>> tally.add_game(True, [("witches", 120, False), ("nomads", 120, False), ("giants", 90, False)])
>>> [(row[0], row[1], row[2]) for row in tally.rates()]
[('nomads', 1, 0.5), ('witches', 1, 0.5), ('giants', 1, 0.0)]
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from fractions import Fraction


WINRATE_COLUMNS = [
    "faction",
    "games",
    "wins",
    "win_rate",
    "ci_low",
    "ci_high",
    "avg_vp",
    "avg_rank",
    "avg_margin",
]

Z95 = 1.959963984540054
"""The 97.5% quantile of the standard normal distribution."""

PARTS = 840
"""A multiple of every number of tied winners and of opponents up to 8 (lcm 1..8)."""


def wilson_interval(wins: float, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a success rate (95% by default).

    >>> [round(x, 4) for x in wilson_interval(5, 10)]
    [0.2366, 0.7634]
    >>> wilson_interval(0, 0)
    (nan, nan)
    """
    if games <= 0:
        return math.nan, math.nan
    p = wins / games
    z2 = z * z
    centre = (p + z2 / (2 * games)) / (1 + z2 / games)
    half = z * math.sqrt(p * (1 - p) / games + z2 / (4 * games * games)) / (1 + z2 / games)
    return max(0.0, centre - half), min(1.0, centre + half)


def _parts(numerator: int, denominator: int) -> int | Fraction:
    """``numerator / denominator`` in 1/PARTS units: an int whenever it can be."""
    if PARTS % denominator == 0:
        return numerator * (PARTS // denominator)
    # Imported here: with up to eight factions every share is whole (and
    # importing fractions is a tenth of a warm run's own imports).
    from fractions import Fraction

    return Fraction(numerator * PARTS, denominator)


def _divided(parts: int | Fraction) -> float:
    """``parts`` / :data:`PARTS`, correctly rounded (as ``Fraction(parts) / PARTS``)."""
    if isinstance(parts, int):
        return parts / PARTS  # int / int is correctly rounded too
    return float(parts / PARTS)


Row = tuple[str, int, float, float, float, float, float, float, float]
"""A row of the win-rate table, in :data:`WINRATE_COLUMNS` order."""


class WinTally:
    """The sums behind the win rates, per faction, a game at a time."""

    def __init__(self) -> None:
        # faction -> [games, wins (parts), vp, places, margins (parts), games with a margin]
        self.sums: dict[str, list[int | Fraction]] = {}
        self.dropped = 0
        """Factions that dropped out of finished games."""
        self.unfinished = 0

    def add(self, record: Any) -> None:
        if not record.finished:
            self.unfinished += 1
            return
        self.add_game(True, [(f.faction, f.final_vp, f.dropped) for f in record.factions])

    def add_game(self, finished: bool, factions: Sequence[tuple[str, int, bool]]) -> None:
        """One game: each faction's name, final VP and whether it dropped out."""
        # Written for speed (a warm run over 10,000 cached games counts here):
        # plain loops, and the shares' common denominators worked out once a game.
        if not finished:
            return
        counted: list[tuple[str, int]] = []
        for name, vp, dropped in factions:
            if dropped:
                self.dropped += 1
            else:
                counted.append((name, vp))
        if not counted:
            return
        vps = [vp for _, vp in counted]
        best = max(vps)
        win = _parts(1, vps.count(best))
        total = sum(vps)
        opponents = len(vps) - 1
        whole = opponents and PARTS % opponents == 0
        sums_of = self.sums
        for name, vp in counted:
            sums = sums_of.get(name)
            if sums is None:
                sums = sums_of[name] = [0, 0, 0, 0, 0, 0]
            sums[0] += 1
            if vp == best:
                sums[1] += win
            sums[2] += vp
            place = 1
            for other in vps:
                if other > vp:
                    place += 1
            sums[3] += place
            if opponents:
                margin = opponents * vp - (total - vp)
                sums[4] += margin * (PARTS // opponents) if whole else _parts(margin, opponents)
                sums[5] += 1

    def rates(self) -> list[Row]:
        """The win-rate table, best win rate first (then most VP, then by name)."""
        rows: list[Row] = []
        for faction in sorted(self.sums):
            games_, wins_, vp, places, margins, with_margin = self.sums[faction]
            games = int(games_)
            wins = _divided(wins_)
            low, high = wilson_interval(wins, games)
            margin = _divided(margins) / int(with_margin) if with_margin else math.nan
            rows.append(
                (
                    faction,
                    games,
                    wins,
                    wins / games,
                    low,
                    high,
                    float(vp) / games,
                    float(places) / games,
                    margin,
                )
            )
        rows.sort(key=lambda r: (-r[3], -r[6]))  # stable: ties stay by faction
        return rows


def winrate_table(rows: Iterable[Row], fmt: str) -> str:
    """The table as :func:`tmlog.report.output.format_frame` prints it (``table``, ``markdown``)."""
    from tmlog.report.plain import text_table

    digits = [2 if not (c.endswith("rate") or c.startswith("ci_")) else 3 for c in WINRATE_COLUMNS]
    cells = [
        [
            row[0],
            str(row[1]),
            *(
                "" if math.isnan(v) else f"{v:.{d}f}"
                for v, d in zip(row[2:], digits[2:], strict=True)
            ),
        ]
        for row in rows
    ]
    right = [False, *(True for _ in WINRATE_COLUMNS[1:])]
    return text_table(WINRATE_COLUMNS, cells, right, fmt)
