"""A map drawn as a graph: round places joined by links, with pieces drawn as
marks around each place (a game such as Root, whose board is clearings and
paths, gives the positions, shapes, colours and labels; this module only draws
them).

>>> node = Node(0, 0, fill="#f3e27a", ring="#444444", label="1",
...             marks=(Mark(0, -30, "o", "#e8842c", 3, gid="piece:1:C:w:3"),))
>>> ax = plot_graph_board([node], [], [Key("path", "#8a6d3b", "-")], title="t")
>>> ax.get_title(), [line.get_gid() for line in ax.lines]
('t', ['piece:1:C:w:3'])
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from matplotlib.artist import Artist
from matplotlib.axes import Axes
from matplotlib.colors import to_rgb
from matplotlib.lines import Line2D
from matplotlib.patches import Circle, Patch, Polygon
from matplotlib.path import Path as MarkerPath

from tmlog.plot.common import new_axes

OUTLINE = "#111111"
"""The dark edge around a ruler's ring and around every mark."""

GAP = "#ffffff"
"""The light band between a ruler's ring and the place's fill."""

BOAT = ((-1.0, 0.2), (1.0, 0.2), (0.6, -0.45), (-0.6, -0.45), (-1.0, 0.2))
"""A boat's outline, as a marker shape (``Mark.shape == "boat"``)."""


@dataclass(frozen=True)
class Mark:
    """A piece on the map: centre, marker shape (matplotlib's ``o``, ``s``, ``D``,
    ``^``, or ``boat``), fill colour, how many it stands for (written on it when
    more than one), a short text written after the count (which sort of piece),
    and a gid naming it, so that a test can find it."""

    x: float
    y: float
    shape: str
    color: str
    count: int = 1
    gid: str = ""
    size: float = 13
    text: str = ""


@dataclass(frozen=True)
class Node:
    """A place: centre, fill, ring colour (None: no ring), its label, tags
    (text, colour) written below it, marks drawn around it, and a gid (its
    ring's gid is ``ring:<gid>``, so that a test can find it)."""

    x: float
    y: float
    fill: str
    ring: str | None
    label: str
    tags: tuple[tuple[str, str], ...] = ()
    marks: tuple[Mark, ...] = ()
    gid: str = ""


@dataclass(frozen=True)
class Link:
    """A line between two places, through ``via`` points: colour, width,
    style (``-``, ``--`` or ``:``), and a gid naming it, so that a test can find it."""

    a: tuple[float, float]
    b: tuple[float, float]
    color: str
    width: float = 3
    style: str = "-"
    via: tuple[tuple[float, float], ...] = ()
    gid: str = ""


@dataclass(frozen=True)
class Area:
    """A filled region under everything else (a lake): its corners and colour."""

    corners: tuple[tuple[float, float], ...]
    color: str
    label: str = ""


@dataclass(frozen=True)
class Key:
    """A legend entry: a filled box (``patch``), a line of a style (``-``,
    ``--``, ``:``), a mark of a shape (``o``, ``s``, ``D``, ``^``, ``boat``), or
    ``ring`` (a place with a ring of this colour)."""

    label: str
    color: str
    kind: str = "patch"


RADIUS = 22
"""Radius of a place, in the positions' units."""

_LINES = ("-", "--", ":")


def _marker(shape: str) -> str | MarkerPath:
    return MarkerPath(BOAT) if shape == "boat" else shape


def _ink(color: str) -> str:
    """Black or white, whichever reads better on ``color``."""
    r, g, b = to_rgb(color)
    return "black" if 0.299 * r + 0.587 * g + 0.114 * b > 0.55 else "white"


def _draw_node(ax: Axes, node: Node) -> None:
    ax.add_patch(
        Circle((node.x, node.y), RADIUS, facecolor=node.fill, edgecolor=OUTLINE, lw=1, zorder=2)
    )
    if node.ring is not None:
        # Dark outside, the ruler's colour, then a light gap before the fill:
        # the ring reads on any fill, its own colour included.
        for lw, color in ((6, OUTLINE), (3.5, node.ring)):
            ring = Circle((node.x, node.y), RADIUS + 2.5, fill=False, edgecolor=color, lw=lw)
            ring.set_zorder(2.1)
            ring.set_gid(f"ring:{node.gid}")
            ax.add_patch(ring)
        gap = Circle((node.x, node.y), RADIUS + 0.2, fill=False, edgecolor=GAP, lw=1.5)
        gap.set_zorder(2.2)
        ax.add_patch(gap)
    ax.text(
        node.x, node.y, node.label, ha="center", va="center", fontsize=9, weight="bold", zorder=3
    )
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
    for mark in node.marks:
        _draw_mark(ax, mark)


def _draw_mark(ax: Axes, mark: Mark) -> None:
    (line,) = ax.plot(
        [mark.x],
        [mark.y],
        marker=_marker(mark.shape),
        ms=mark.size,
        mfc=mark.color,
        mec=OUTLINE,
        mew=0.8,
        ls="none",
        zorder=5,
    )
    line.set_gid(mark.gid)
    text = (str(mark.count) if mark.count > 1 else "") + mark.text
    if text:
        ax.text(
            mark.x,
            mark.y,
            text,
            ha="center",
            va="center",
            fontsize=7 if len(text) > 1 else 7.5,
            weight="bold",
            color=_ink(mark.color),
            zorder=6,
        )


def _handle(key: Key) -> Artist:
    if key.kind == "patch":
        return Patch(facecolor=key.color, edgecolor=OUTLINE, lw=0.5, label=key.label)
    if key.kind in _LINES:
        return Line2D([], [], color=key.color, lw=2, ls=key.kind, label=key.label)
    if key.kind == "ring":
        return Line2D(
            [], [], marker="o", ms=11, mfc=GAP, mec=key.color, mew=3, ls="none", label=key.label
        )
    return Line2D(
        [],
        [],
        marker=_marker(key.kind),
        ms=9,
        mfc=key.color,
        mec=OUTLINE,
        mew=0.8,
        ls="none",
        label=key.label,
    )


def plot_graph_board(
    nodes: Sequence[Node],
    links: Sequence[Link],
    keys: Sequence[Key],
    *,
    title: str,
    notes: Sequence[tuple[float, float, str, str]] = (),
    areas: Sequence[Area] = (),
    marks: Sequence[Mark] = (),
) -> Axes:
    """Draw the areas, links, places with their marks, loose marks, notes
    (x, y, text, colour) and a legend."""
    (ax,) = new_axes(10.5, 8.5)
    for area in areas:
        ax.add_patch(Polygon(list(area.corners), closed=True, facecolor=area.color, lw=0, zorder=0))
    for link in links:
        line_x, line_y = zip(link.a, *link.via, link.b, strict=False)
        (line,) = ax.plot(line_x, line_y, color=link.color, lw=link.width, ls=link.style, zorder=1)
        line.set_gid(link.gid)
    for node in nodes:
        _draw_node(ax, node)
    for mark in marks:
        _draw_mark(ax, mark)
    for x, y, text, color in notes:
        ax.text(
            x,
            y,
            text,
            ha="center",
            va="center",
            fontsize=8,
            weight="bold",
            color="white",
            zorder=4,
            bbox={"boxstyle": "round,pad=0.25", "facecolor": color, "lw": 0},
        )
    ax.legend(
        handles=[_handle(k) for k in keys],
        loc="upper left",
        bbox_to_anchor=(1.0, 1.0),
        fontsize=8,
        frameon=False,
    )
    xs = [n.x for n in nodes] or [0.0]
    ys = [n.y for n in nodes] or [0.0]
    pad = 2 * RADIUS
    ax.set_aspect("equal")
    ax.set_xlim(min(xs) - pad, max(xs) + pad)
    ax.set_ylim(min(ys) - pad, max(ys) + pad)
    ax.axis("off")
    ax.set_title(title)
    return ax
