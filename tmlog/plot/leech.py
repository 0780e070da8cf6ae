"""Leech pictures: who fed whom (heatmap) and power gained against VP paid."""

from __future__ import annotations

import numpy as np
import pandas as pd
from matplotlib import colormaps
from matplotlib.axes import Axes
from matplotlib.patches import Patch

from tmlog.plot.common import faction_color, new_axes
from tmlog.plot.vp import _game_label, label_factions


def plot_feeding(matrix: pd.DataFrame, *, ax: Axes | None = None) -> Axes:
    """Heatmap of :func:`~tmlog.report.leech.who_fed_whom` (``matrix=True``)."""
    if ax is None:
        ax = new_axes(7, 6)[0]
    receivers = [str(f) for f in matrix["faction"]]
    sources = [str(c) for c in matrix.columns if c != "faction"]
    values = matrix[sources].to_numpy(dtype=float).reshape(len(receivers), len(sources))
    if not values.any():
        # No power changed hands: an empty heatmap would say nothing (and
        # matplotlib cannot draw a 0×0 image).
        ax.text(0.5, 0.5, "no power was accepted", ha="center", va="center", fontsize=12)
        ax.set_axis_off()
        ax.set_title("Who fed whom: power accepted")
        return ax
    self_fed = np.array([[r == s for s in sources] for r in receivers], dtype=bool)
    shown = np.ma.masked_where(self_fed, values)
    cmap = colormaps["Purples"].with_extremes(bad="#e8e8e8")
    image = ax.imshow(shown, cmap=cmap, vmin=0, aspect="auto")
    top = values.max() if values.size else 0
    for i in range(len(receivers)):
        for j in range(len(sources)):
            v = values[i, j]
            text = "–" if self_fed[i, j] else f"{v:.0f}"
            ax.text(
                j,
                i,
                text,
                ha="center",
                va="center",
                fontsize=11,
                color="white" if top and v > top * 0.55 else "#222222",
            )
    ax.set_xticks(range(len(sources)), sources, rotation=40, ha="right", rotation_mode="anchor")
    ax.set_yticks(range(len(receivers)), receivers)
    label_factions(ax, sources, axis="x")
    label_factions(ax, receivers, axis="y")
    ax.set_xlabel("fed by (the builder)")
    ax.set_ylabel("power accepted by")
    ax.set_title("Who fed whom: power accepted")
    ax.figure.colorbar(image, ax=ax, shrink=0.8, label="power accepted")
    return ax


def plot_power_vs_vp(totals: pd.DataFrame, *, ax: Axes | None = None) -> Axes:
    """Bars per faction: power gained by leeching, and VP paid for it (:func:`leech_totals`)."""
    if ax is None:
        ax = new_axes(7, 6)[0]
    sums = totals.groupby("faction")[["accepted_power", "vp_paid", "declined_power"]].sum()
    sums = sums.sort_values("accepted_power", ascending=True)
    factions = [str(f) for f in sums.index]
    y = np.arange(len(factions))
    h = 0.38
    colors = [faction_color(f) for f in factions]
    ax.barh(
        y + h / 2,
        sums["accepted_power"],
        h,
        color=colors,
        edgecolor="#222222",
        label="power gained",
    )
    ax.barh(
        y - h / 2,
        sums["vp_paid"],
        h,
        color="white",
        edgecolor="#222222",
        hatch="///",
        label="VP paid",
    )
    for yi, (power, vp) in enumerate(zip(sums["accepted_power"], sums["vp_paid"], strict=True)):
        ax.text(power, yi + h / 2, f" {power}", va="center", fontsize=9)
        ax.text(vp, yi - h / 2, f" {vp}", va="center", fontsize=9)
    ax.set_yticks(y, factions)
    label_factions(ax, factions, axis="y")
    ax.set_xlabel("power / VP")
    ax.set_xlim(0, max(1, float(sums["accepted_power"].max() if len(sums) else 1)) * 1.15)
    ax.set_title("Power gained vs VP paid")
    ax.grid(axis="x", alpha=0.3)
    ax.set_axisbelow(True)
    handles = [
        Patch(facecolor="#9a9a9a", edgecolor="#222222", label="power gained (faction colour)"),
        Patch(facecolor="white", edgecolor="#222222", hatch="///", label="VP paid"),
    ]
    ax.legend(handles=handles, loc="lower right", frameon=True)
    return ax


def plot_leech(matrix: pd.DataFrame, totals: pd.DataFrame) -> list[Axes]:
    """Both leech pictures side by side, in one new figure."""
    n = max(len(matrix), 4)
    axes = new_axes(11 + 0.55 * n, 4.5 + 0.3 * n, ncols=2)
    plot_feeding(matrix, ax=axes[0])
    plot_power_vs_vp(totals, ax=axes[1])
    games = list(pd.unique(totals["game"])) if "game" in totals else []
    if games:
        axes[0].figure.suptitle(
            f"Leech — {_game_label(games).replace('average of', 'total of')}",
            fontsize=14,
            fontweight="bold",
        )
    return axes
