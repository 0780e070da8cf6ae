"""Faction win rates: the one computation behind ``tmlog stats`` and
:func:`tmlog.report.winrates.faction_winrates`.

The counting follows the reference site's statistics (``src/genstats.pl`` of
jsnell/terra-mystica): only finished games count; factions that dropped out
are left out entirely, so wins, ranks and margins are among the factions that
played to the end; a tie for first gives each of the *k* tied factions 1/*k*
of a win; the place is one more than the number of factions with more VP;
the margin is a faction's VP minus the mean VP of its (remaining) opponents.

A game that names its *k* winners (Root: a record's ``won``, where a
coalition wins with its partner and a dominance card wins without 30 VP) is
decided by that, not by the VP: each winner has 1/*k* of a win and place 1,
the others are placed behind all the winners by their VP (1 + *k* + those
ahead of them), and for the margins each winner counts as level with the
best score of the game (its VP are not what won it).

:class:`WinTally` reads records (``tmlog stats`` without grouping or ratings,
which prints :func:`winrate_table` without importing pandas, whose import
costs more than reading 10,000 games' records from the results cache) or the
rows of a factions DataFrame, grouped (:mod:`tmlog.report.winrates`, which
builds its DataFrame from :meth:`WinTally.rates`).

Shares of a win and margins (a VP total divided by the number of opponents)
are summed exactly, as whole multiples of 1/:data:`PARTS`, and divided once at
the end: the sums cannot drift with the order of the games.

>>> tally = WinTally()
>>> tally.add_game(True, [("witches", 120, False, False), ("nomads", 120, False, False),
...                       ("giants", 90, False, False)])
>>> [(row[0], row[1], row[2]) for row in tally.rates()]
[('nomads', 1, 0.5), ('witches', 1, 0.5), ('giants', 1, 0.0)]
>>> tally.add_game(True, [("vagabond", 20, False, True), ("eyrie", 30, False, True),
...                       ("marquise", 29, False, False)])  # a coalition wins
>>> [(row[0], row[2]) for row in tally.rates() if row[0] in ("vagabond", "marquise")]
[('vagabond', 0.5), ('marquise', 0.0)]
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from tmlog.report.table import rows_text

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


Group = tuple[Any, ...]
"""A faction's group: its values of ``stats --by``'s groupings, in order (``()``: none)."""

NO_GROUPING: tuple[Group, ...] = ((),)

Row = tuple[Any, ...]
"""A row of the win-rate table: a group's values, then :data:`WINRATE_COLUMNS`."""


class WinTally:
    """The sums behind the win rates, per group and faction, a game at a time."""

    def __init__(self) -> None:
        # (group, faction) -> [games, wins (parts), vp, places, margins (parts), games with
        # a margin]
        self.sums: dict[tuple[Group, str], list[int | Fraction]] = {}
        self.dropped = 0
        """Factions that dropped out of finished games."""
        self.unfinished = 0

    def add(self, record: Any) -> None:
        """A record of any game: its ``factions``, and their ``won`` where it has one."""
        factions = record.factions
        if factions and hasattr(factions[0], "won"):
            rows = [(f.faction, f.final_vp, f.dropped, f.won) for f in factions]
        else:
            rows = [(f.faction, f.final_vp, f.dropped, False) for f in factions]
        self.add_game(record.finished, rows)

    def add_game(
        self,
        finished: bool,
        factions: Sequence[tuple[str, int, bool, bool]],
        groups: Sequence[Sequence[Group]] | None = None,
    ) -> None:
        """One game: each faction's name, final VP, whether it dropped out and
        whether the game names it a winner; ``groups``: each faction's groups
        (it counts in each; default: no grouping)."""
        # Written for speed (a warm run over 10,000 cached games counts here):
        # plain loops, and the shares' common denominators worked out once a game.
        if not finished:
            self.unfinished += 1
            return
        counted: list[tuple[str, int, bool, Sequence[Group]]] = []
        for i, (name, vp, dropped, won) in enumerate(factions):
            if dropped:
                self.dropped += 1
            else:
                counted.append((name, vp, won, NO_GROUPING if groups is None else groups[i]))
        if not counted:
            return
        vps = [vp for _, vp, _, _ in counted]
        best = max(vps)
        # A game that names its winners (Root: a coalition wins with its partner)
        # shares the win among them, places them first and, for the margins, level
        # with the best score (see the module's docstring).
        winners = sum(1 for _, _, won, _ in counted if won)
        win = _parts(1, winners or vps.count(best))
        if winners:
            scores = [best if won else vp for _, vp, won, _ in counted]
            losers = [vp for _, vp, won, _ in counted if not won]
        else:
            scores = vps
        total = sum(scores)
        opponents = len(vps) - 1
        whole = opponents and PARTS % opponents == 0
        sums_of = self.sums
        for (name, vp, won, its_groups), score in zip(counted, scores, strict=True):
            if winners:
                place = 1 if won else 1 + winners + sum(1 for other in losers if other > vp)
            else:
                place = 1
                for other in vps:
                    if other > vp:
                        place += 1
            if opponents:
                margin = opponents * score - (total - score)
                parts = margin * (PARTS // opponents) if whole else _parts(margin, opponents)
            wins_it = won if winners else vp == best
            for group in its_groups:
                sums = sums_of.get((group, name))
                if sums is None:
                    sums = sums_of[group, name] = [0, 0, 0, 0, 0, 0]
                sums[0] += 1
                if wins_it:
                    sums[1] += win
                sums[2] += vp
                sums[3] += place
                if opponents:
                    sums[4] += parts
                    sums[5] += 1

    def rates(self) -> list[Row]:
        """The win-rate table: by group, then best win rate first (then most VP, then by name)."""
        rows: list[Row] = []
        for group, faction in sorted(self.sums):
            games_, wins_, vp, places, margins, with_margin = self.sums[group, faction]
            games = int(games_)
            wins = _divided(wins_)
            low, high = wilson_interval(wins, games)
            margin = _divided(margins) / int(with_margin) if with_margin else math.nan
            row = (*group, faction, games, wins, wins / games, low, high)
            rows.append((*row, float(vp) / games, float(places) / games, margin))
        n = len(rows[0]) - len(WINRATE_COLUMNS) if rows else 0
        rows.sort(key=lambda r: (r[:n], -r[n + 3], -r[n + 6]))  # stable: ties stay by faction
        return rows


def winrate_table(rows: Iterable[Row], fmt: str) -> str:
    """Ungrouped rows as :func:`tmlog.report.output.format_frame` prints their DataFrame
    (``table``, ``markdown``)."""
    return rows_text(WINRATE_COLUMNS, rows, [False, *(True for _ in WINRATE_COLUMNS[1:])], fmt)
