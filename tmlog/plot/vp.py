"""VP pictures: stacked bars of VP by family of sources, and VP round by round."""

from __future__ import annotations

from collections.abc import Collection
from pathlib import PurePath

import numpy as np
import pandas as pd
from matplotlib.axes import Axes
from matplotlib.patches import Patch

from tmlog.plot.common import contrast, faction_color, faction_linestyle, new_axes
from tmlog.report.vp import FAMILIES
from tmlog.words import count

FAMILY_COLORS = {
    "initial": "#c9c9c9",
    "round scoring": "#4e79a7",
    "favour & bonus tiles": "#f28e2b",
    "towns": "#e15759",
    "tracks & abilities": "#76b7b2",
    "final: cults": "#59a14f",
    "final: network": "#edc948",
    "final: resources": "#b07aa1",
    "leech": "#9c755f",
}


def _game_label(games: list[str]) -> str:
    if len(games) == 1:
        return PurePath(games[0]).name
    return f"average of {count(len(games), 'game')}"


def _rotate_if_crowded(ax: Axes, count: int) -> None:
    if count > 6:
        for label in ax.get_xticklabels():
            label.set_rotation(30)
            label.set_horizontalalignment("right")
            label.set_rotation_mode("anchor")


def label_factions(ax: Axes, factions: list[str], *, axis: str = "x") -> None:
    """Tick labels in each faction's colour (a coloured box, readable text)."""
    labels = ax.get_xticklabels() if axis == "x" else ax.get_yticklabels()
    for label, name in zip(labels, factions, strict=False):
        color = faction_color(name)
        label.set_color(contrast(color))
        label.set_bbox({"facecolor": color, "edgecolor": "#333333", "boxstyle": "round,pad=0.3"})


def plot_vp(
    families: pd.DataFrame,
    *,
    ax: Axes | None = None,
    title: str | None = None,
    dropped: Collection[str] = (),
) -> Axes:
    """Stacked bars of each faction's VP by family of sources.

    Takes :func:`~tmlog.report.vp.vp_families`. VP lost (leech) stacks below
    zero; the net total is written above each bar. Given several games, the
    bars show each faction's average. Factions named in ``dropped`` are
    labelled so.
    """
    games = list(pd.unique(families["game"]))
    n = families["faction"].nunique()
    if ax is None:
        ax = new_axes(max(10.0, 1.05 * n + 3.5), 6)[0]
    counts = families.groupby("faction")["game"].nunique()
    table = families.pivot_table(
        index="faction", columns="family", values="vp", aggfunc="sum", fill_value=0
    )
    table = table.div(counts, axis=0)
    table = table.reindex(columns=[f for f in FAMILIES if f in table.columns])
    totals = table.sum(axis=1).sort_values(ascending=False)
    table = table.loc[totals.index]
    factions = list(table.index)
    x = np.arange(len(factions))
    up = np.zeros(len(factions))
    down = np.zeros(len(factions))
    for family in table.columns:
        values = table[family].to_numpy(dtype=float)
        pos, neg = np.clip(values, 0, None), np.clip(values, None, 0)
        color = FAMILY_COLORS.get(family, "#999999")
        if pos.any():
            bars = ax.bar(x, pos, 0.62, bottom=up, color=color, edgecolor="white", linewidth=0.6)
            labels = [f"{v:.0f}" if v >= 7 else "" for v in pos]
            ax.bar_label(bars, labels, label_type="center", fontsize=8, color=contrast(color))
            up += pos
        if neg.any():
            ax.bar(
                x, neg, 0.62, bottom=down, color=color, edgecolor="white", linewidth=0.6, hatch="//"
            )
            down += neg
    for xi, total, top in zip(x, totals, up, strict=True):
        ax.annotate(
            f"{total:.0f}" if len(games) == 1 else f"{total:.1f}",
            (xi, top),
            xytext=(0, 3),
            textcoords="offset points",
            ha="center",
            va="bottom",
            fontweight="bold",
        )
    ax.axhline(0, color="#333333", linewidth=0.8)
    ticks = [f"{f}\n(dropped)" if f in dropped else f for f in factions]
    if len(games) > 1:
        # Each bar is the mean of the games its faction played: say how many.
        ticks = [
            f"{t}\n{count(int(counts[f]), 'game')}" for t, f in zip(ticks, factions, strict=True)
        ]
    ax.set_xticks(x, ticks)
    label_factions(ax, factions)
    _rotate_if_crowded(ax, len(factions))
    ax.set_ylabel("VP" if len(games) == 1 else "VP (average per game)")
    # A log with no faction draws empty axes (the reductions need a bar).
    ax.set_ylim(min(down.min() * 1.15, 0) if len(down) else 0, up.max() * 1.1 if len(up) else 1)
    ax.set_title(title or f"VP by source — {_game_label(games)} (net total on top)")
    ax.grid(axis="y", alpha=0.3)
    ax.set_axisbelow(True)
    handles = [
        Patch(
            facecolor=FAMILY_COLORS.get(f, "#999999"), label=f, hatch="//" if f == "leech" else None
        )
        for f in table.columns
    ]
    if handles:
        ax.legend(
            handles=handles[::-1],
            title="source",
            loc="upper left",
            bbox_to_anchor=(1.01, 1),
            frameon=False,
        )
    return ax


def plot_timeline(
    timeline: pd.DataFrame, *, ax: Axes | None = None, title: str | None = None
) -> Axes:
    """Each faction's VP after setup, after each round and after final scoring.

    Takes :func:`~tmlog.report.vp.vp_timeline`; several games are averaged.
    """
    if ax is None:
        ax = new_axes(10, 6)[0]
    games = list(pd.unique(timeline["game"]))
    stages = [c for c in timeline.columns if c not in ("game", "faction")]
    means = timeline.groupby("faction")[stages].mean()
    played = timeline.groupby("faction")["game"].nunique()
    last = means.ffill(axis=1).iloc[:, -1]
    means = means.loc[last.sort_values(ascending=False).index]
    x = np.arange(len(stages))
    for faction, row in means.iterrows():
        name = str(faction)
        color = faction_color(name)
        final = row.dropna().iloc[-1]
        if len(games) == 1:
            label = f"{name} ({final:.0f})"
        else:  # a mean over the games the faction played
            label = f"{name} ({final:.1f}, {count(int(played.loc[name]), 'game')})"
        ax.plot(
            x,
            # An unfinished game has no VP for the rounds it never reached (NA).
            row.to_numpy(dtype=float, na_value=np.nan),
            color=color,
            linestyle=faction_linestyle(name),
            linewidth=2.2,
            marker="o",
            markersize=6,
            markeredgecolor="#222222",
            label=label,
        )
    ax.set_xticks(x, stages)
    ax.set_xlabel("after")
    if "final" in stages:
        ax.axvspan(len(stages) - 1.5, len(stages) - 0.5, color="#eeeeee", zorder=0)
        ax.text(
            len(stages) - 1,
            ax.get_ylim()[0],
            "final scoring",
            ha="center",
            va="bottom",
            fontsize=8,
            color="#555555",
        )
    ax.set_ylabel("VP" if len(games) == 1 else "VP (average per game)")
    ax.set_xlim(-0.3, len(stages) - 0.7)
    ax.set_title(title or f"VP after each round — {_game_label(games)}")
    ax.grid(alpha=0.3)
    if len(means):  # no faction, no line: a legend of nothing would only warn
        legend = "faction (final VP)" if len(games) == 1 else "faction (mean final VP, games)"
        ax.legend(title=legend, loc="upper left", frameon=False)
    return ax
