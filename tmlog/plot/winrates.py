"""Win rates with their confidence intervals, sorted."""

from __future__ import annotations

import numpy as np
import pandas as pd
from matplotlib.axes import Axes

from tmlog.plot.common import faction_color, new_axes
from tmlog.plot.vp import label_factions


def plot_winrates(rates: pd.DataFrame, *, ax: Axes | None = None, title: str | None = None) -> Axes:
    """Each faction's win rate (dot) and 95% interval (bar), best at the top.

    Takes :func:`~tmlog.report.winrates.faction_winrates` for one group (pass
    a slice of a grouped table). The dashed line is the overall rate, wins
    over results.
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
    games = int(rows["games"].sum())
    overall = float(rows["wins"].sum()) / games if games else 0.0
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
    ax.set_title(title or f"Win rate by faction ({games} results, 95% Wilson intervals)")
    ax.grid(axis="x", alpha=0.3)
    ax.set_axisbelow(True)
    return ax


def plot_winrates_by(rates: pd.DataFrame, by: str | None = None) -> list[Axes]:
    """:func:`plot_winrates`, one panel per value of the ``by`` column (one panel if None)."""
    if by is None or by not in rates.columns:
        return [plot_winrates(rates)]
    groups = list(rates.groupby(by, sort=True))
    height = sum(max(2.2, 0.42 * len(g) + 1.2) for _, g in groups)
    fig = new_axes(9, height)[0].figure
    fig.clear()
    axes = fig.subplots(
        len(groups), 1, squeeze=False, height_ratios=[len(g) + 2 for _, g in groups]
    )[:, 0]
    for ax, (key, group) in zip(axes, groups, strict=True):
        n = int(group["games"].sum())
        plot_winrates(group, ax=ax, title=f"{by} = {key} ({n} results)")
    fig.suptitle("Win rate by faction (95% Wilson intervals)", fontweight="bold")
    return list(axes)
