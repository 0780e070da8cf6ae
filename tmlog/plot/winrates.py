"""Win rates with their confidence intervals, sorted."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pandas as pd
from matplotlib.axes import Axes
from matplotlib.figure import Figure

from tmlog.plot.common import faction_color, new_axes
from tmlog.plot.vp import label_factions
from tmlog.words import count


def plot_winrates(
    rates: pd.DataFrame,
    *,
    ax: Axes | None = None,
    title: str | None = None,
    games: int | None = None,
) -> Axes:
    """Each faction's win rate (dot) and 95% interval (bar), best at the top.

    Takes :func:`~tmlog.report.winrates.faction_winrates` for one group (pass
    a slice of a grouped table). The dashed line is the overall rate, wins
    over results. ``games``, the number of games the rates come from, is
    named in the title (a result is one faction in one game).
    """
    if ax is None:
        ax = new_axes(9, max(3.0, 0.45 * len(rates) + 1.6))[0]
    rows = rates.sort_values(["win_rate", "faction"], ascending=[True, False])
    factions = [str(f) for f in rows["faction"]]
    y = np.arange(len(rows))
    rate = rows["win_rate"].to_numpy(dtype=float)
    low = rows["ci_low"].to_numpy(dtype=float)
    high = rows["ci_high"].to_numpy(dtype=float)
    colors = [faction_color(f) for f in factions]
    ax.hlines(y, low, high, colors=colors, linewidth=6, alpha=0.45)
    ax.hlines(y, low, high, colors="#333333", linewidth=0.8)
    ax.scatter(rate, y, s=70, c=colors, edgecolors="#111111", zorder=3, clip_on=False)
    # The figures, in a column right of the plot: x in axes units, y in data units.
    column = ax.get_yaxis_transform()
    ax.text(
        1.02,
        len(rows) - 0.5,
        "win rate (wins/games)",
        transform=column,
        fontsize=8,
        color="#555555",
        va="bottom",
    )
    for yi, (r, n, w) in enumerate(zip(rate, rows["games"], rows["wins"], strict=True)):
        ax.text(1.02, yi, f"{r:.0%}  ({w:g}/{n})", transform=column, va="center", fontsize=9)
    results = int(rows["games"].sum())
    overall = float(rows["wins"].sum()) / results if results else 0.0
    ax.axvline(overall, color="#666666", linestyle="--", linewidth=1)
    ax.text(
        overall,
        len(rows) - 0.45,
        f" overall {overall:.0%}",
        color="#444444",
        fontsize=8,
        va="bottom",
    )
    ax.set_yticks(y, factions)
    label_factions(ax, factions, axis="y")
    ax.set_xlim(0, 1)
    ax.set_ylim(-0.6, len(rows) - 0.1)
    ax.xaxis.set_major_formatter(lambda v, _pos: f"{v:.0%}")
    ax.set_xlabel("win rate, 95% Wilson interval (ties for first share the win)")
    if title is None:
        counts = count(results, "result")
        if games is not None:
            counts = f"{_games(games)}, {counts}"
        title = f"Win rate by faction ({counts}, 95% Wilson intervals)"
    ax.set_title(title)
    ax.grid(axis="x", alpha=0.3)
    ax.set_axisbelow(True)
    return ax


def _games(n: int) -> str:
    return count(n, "game")


def plot_winrates_by(
    rates: pd.DataFrame, by: str | Sequence[str] | None = None, *, games: int | None = None
) -> list[Axes]:
    """:func:`plot_winrates`, one panel per value of the ``by`` column, or per
    combination of the ``by`` columns (one panel if None); ``games`` as there."""
    columns = [by] if isinstance(by, str) else [c for c in by or () if c in rates.columns]
    if not columns:
        return [_fitted(plot_winrates(rates, games=games))]
    groups = list(rates.groupby(columns, sort=True))
    height = sum(max(2.2, 0.42 * len(g) + 1.2) for _, g in groups)
    fig = new_axes(9, height)[0].figure
    fig.clear()
    axes = fig.subplots(
        len(groups), 1, squeeze=False, height_ratios=[len(g) + 2 for _, g in groups]
    )[:, 0]
    for ax, (key, group) in zip(axes, groups, strict=True):
        n = int(group["games"].sum())
        values = key if isinstance(key, tuple) else (key,)
        named = ", ".join(f"{c} = {v}" for c, v in zip(columns, values, strict=True))
        plot_winrates(group, ax=ax, title=f"{named} ({count(n, 'result')})")
    counts = "" if games is None else f"{_games(games)}, "
    fig.suptitle(f"Win rate by faction ({counts}95% Wilson intervals)", fontweight="bold")
    _fitted(axes[0])
    return list(axes)


def _fitted(ax: Axes) -> Axes:
    """Lay the figure out so that no label (a long faction name, the figures'
    column right of the plot) falls outside it."""
    figure = ax.figure
    if isinstance(figure, Figure):
        figure.set_layout_engine("constrained")
    return ax
