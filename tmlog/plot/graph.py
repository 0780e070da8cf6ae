"""A map drawn as a graph: round places joined by links, with labelled tags under
each place (a game such as Root, whose board is clearings and paths, gives the
positions, colours and labels; this module only draws them).

>>> node = Node(0, 0, fill="#f3e27a", ring="#444444", label="1", tags=(("3w", "#e8842c"),))
>>> ax = plot_graph_board([node], [], [Key("path", "#8a6d3b", "-")], title="t")
>>> ax.get_title()
't'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from matplotlib.artist import Artist
from matplotlib.axes import Axes
from matplotlib.lines import Line2D
from matplotlib.patches import Circle, Patch

from tmlog.plot.common import new_axes


@dataclass(frozen=True)
class Node:
    """A place: centre, fill, ring colour, its label, and tags (text, colour) shown below it."""

    x: float
    y: float
    fill: str
    ring: str
    label: str
    tags: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class Link:
    """A line between two places: colour, width, and style (``-``, ``--`` or ``:``)."""

    a: tuple[float, float]
    b: tuple[float, float]
    color: str
    width: float = 3
    style: str = "-"


@dataclass(frozen=True)
class Key:
    """A legend entry: a filled box (``patch``) or a line of a style (``-``, ``--``, ``:``)."""

    label: str
    color: str
    kind: str = "patch"


RADIUS = 22
"""Radius of a place, in the positions' units."""


def plot_graph_board(
    nodes: Sequence[Node],
    links: Sequence[Link],
    keys: Sequence[Key],
    *,
    title: str,
    notes: Sequence[tuple[float, float, str, str]] = (),
) -> Axes:
    """Draw the places, links, tags, notes (x, y, text, colour) and a legend."""
    (ax,) = new_axes(9, 8.5)
    for link in links:
        (xa, ya), (xb, yb) = link.a, link.b
        ax.plot([xa, xb], [ya, yb], color=link.color, lw=link.width, ls=link.style, zorder=1)
    for node in nodes:
        ax.add_patch(
            Circle(
                (node.x, node.y), RADIUS, facecolor=node.fill, edgecolor=node.ring, lw=3, zorder=2
            )
        )
        ax.text(node.x, node.y, node.label, ha="center", va="center", fontsize=9, zorder=3)
        for i, (text, color) in enumerate(node.tags):
            ax.text(
                node.x,
                node.y - RADIUS - 9 - 13 * i,
                text,
                ha="center",
                va="center",
                fontsize=7,
                color="white",
                zorder=4,
                bbox={"boxstyle": "round,pad=0.2", "facecolor": color, "lw": 0},
            )
    for x, y, text, color in notes:
        ax.text(x, y, text, fontsize=7, color=color, zorder=4)
    handles: list[Artist] = [
        Patch(facecolor=k.color, label=k.label)
        if k.kind == "patch"
        else Line2D([], [], color=k.color, lw=2, ls=k.kind, label=k.label)
        for k in keys
    ]
    ax.legend(handles=handles, loc="upper left", bbox_to_anchor=(1.0, 1.0), fontsize=8)
    xs = [n.x for n in nodes] or [0.0]
    ys = [n.y for n in nodes] or [0.0]
    pad = 2 * RADIUS
    ax.set_aspect("equal")
    ax.set_xlim(min(xs) - pad, max(xs) + pad)
    ax.set_ylim(min(ys) - pad - 30, max(ys) + pad)
    ax.axis("off")
    ax.set_title(title)
    return ax
