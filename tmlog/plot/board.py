"""The map: hexes in terrain colours, river, hex names, buildings, bridges, towns."""

from __future__ import annotations

import math
from typing import NamedTuple

import numpy as np
import pandas as pd
from matplotlib.axes import Axes
from matplotlib.lines import Line2D
from matplotlib.patches import Patch, PathPatch, RegularPolygon
from matplotlib.path import Path

from tmlog.colors import TERRAIN_COLORS, TERRAIN_FILLS
from tmlog.plot.common import contrast, faction_color, new_axes


def _owner_color(faction: str, color: object) -> str:
    """A building's colour: its owner's terrain at the time (Shapeshifters and
    Riverwalkers pick theirs), else the faction's usual colour."""
    if isinstance(color, str) and color in TERRAIN_COLORS:
        return TERRAIN_COLORS[color]
    return faction_color(faction)


_R = 1 / math.sqrt(3)
"""Hex radius (centre to corner) for hexes one unit wide."""
_ROW = 1.5 * _R


def _centre(row: int, col: int) -> tuple[float, float]:
    # Odd rows (B, D, …) sit half a hex to the right of even rows.
    return col + (0.5 if row % 2 else 0.0), -row * _ROW


_PX = 1 / 60.6
"""One pixel of the site's map drawing (hexes 35 px from centre to corner)."""


def _polygon(points: list[tuple[float, float]]) -> Path:
    # Site pixels (y down) to map units (y up), closed.
    verts = [(x * _PX, -y * _PX) for x, y in points] + [(points[0][0] * _PX, -points[0][1] * _PX)]
    return Path(verts, [Path.MOVETO, *[Path.LINETO] * (len(points) - 1), Path.CLOSEPOLY])


def _stronghold(size: float, bend: float, dy: float) -> Path:
    # The site's stronghold: a square with its sides curved inwards.
    s, b = size * _PX, bend * _PX
    c = -dy * _PX
    verts = [
        (-s, c + s),
        (-b, c),
        (-s, c - s),
        (0, c - b),
        (s, c - s),
        (b, c),
        (s, c + s),
        (0, c + b),
        (-s, c + s),
    ]
    return Path(verts, [Path.MOVETO] + [Path.CURVE3] * 8)


def _sanctuary(radius: float, gap: float, dy: float) -> Path:
    r, g, c = radius * _PX, gap * _PX, -dy * _PX
    left = np.asarray(Path.arc(90, 270).vertices) * r + (-g, c)
    right = np.asarray(Path.arc(-90, 90).vertices) * r + (g, c)
    # Two half circles joined into one outline (straight lines between them).
    verts = np.concatenate([left, right, left[:1]])
    return Path(verts, closed=True)


def _circle(radius: float, dy: float) -> Path:
    return Path.circle((0, -dy * _PX), radius * _PX)


SHAPES: dict[str, Path] = {
    "D": _polygon([(0, -10), (10, 0), (10, 10), (-10, 10), (-10, 0)]),
    "TP": _polygon(
        [(0, -20), (10, -10), (10, -3), (20, -3), (20, 10), (-10, 10), (-10, 0), (-10, -10)]
    ),
    "TE": _circle(14, -5),
    "SH": _stronghold(15, 10, -5),
    "SA": _sanctuary(12, 7, -5),
}
"""Building outlines around a hex's centre, as the site draws them
(``stc/game.js``: a house, a house with an annex, a circle, a square with
curved sides, two joined circles)."""

BUILDING_NAMES = {
    "D": "dwelling",
    "TP": "trading post",
    "TE": "temple",
    "SH": "stronghold",
    "SA": "sanctuary",
}


def _shape_at(kind: str, x: float, y: float) -> Path:
    shape = SHAPES[kind]
    return Path(np.asarray(shape.vertices) + np.array([x, y]), shape.codes)


class _Cell(NamedTuple):
    name: str
    x: float
    y: float
    terrain: str
    river: bool
    building: str
    faction: str
    color: str
    town: bool


def _cells(hexes: pd.DataFrame) -> list[_Cell]:
    def text(value: object) -> str:
        return value if isinstance(value, str) else ""

    cells = []
    columns = ("hex", "row", "col", "terrain", "river", "building", "faction", "color", "town")
    for name, row, col, terrain, river, building, faction, color, town in zip(
        *(hexes[c].tolist() for c in columns), strict=True
    ):
        x, y = _centre(int(row), int(col))
        cells.append(
            _Cell(
                str(name),
                x,
                y,
                str(terrain),
                bool(river),
                text(building),
                text(faction),
                text(color),
                bool(town),
            )
        )
    return cells


def _luminance(color: str) -> float:
    """Relative luminance of a ``#rrggbb`` colour (WCAG 2)."""

    def channel(c: int) -> float:
        v = c / 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(int(color[i : i + 2], 16)) for i in (1, 3, 5))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast_ratio(a: str, b: str) -> float:
    """WCAG contrast ratio of two ``#rrggbb`` colours: 1 (the same) to 21 (black on white)."""
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


_DARK_EDGE, _LIGHT_EDGE = "#111111", "#f4f4f4"
HALO_WIDTH = 3.0
"""Width (points) of the ring around a building, in the colour that stands out from its hex."""


def halo_color(fill: str) -> str:
    """The ring around a building on a hex of colour ``fill``: dark on a light hex,
    light on a dark one, whichever contrasts more.

    A building mostly stands on its owner's home terrain, so its own colour is
    close to the hex's; the ring is what makes it stand out.
    """
    dark, light = contrast_ratio(fill, _DARK_EDGE), contrast_ratio(fill, _LIGHT_EDGE)
    return _DARK_EDGE if dark >= light else _LIGHT_EDGE


def _legend_label(faction: str, player: object, vp: object, dropped: object) -> str:
    who = f" ({player})" if isinstance(player, str) and player else ""
    out = " — dropped out" if dropped is True else ""
    return f"{faction}{who}: {vp} VP{out}"


def plot_board(
    hexes: pd.DataFrame,
    bridges: pd.DataFrame,
    *,
    factions: pd.DataFrame | None = None,
    ax: Axes | None = None,
    title: str | None = None,
) -> Axes:
    """Draw the map of :func:`tmlog.report.frames.board_frames`.

    Land hexes in their terrain's colour with their names, the river pale
    blue, each building as its shape (D, TP, TE, SH, SA) in its owner's
    colour inside a ring that contrasts with the hex, bridges as bars in
    their builder's colour, and town buildings on a gold ring with the hex
    name in bold. Given ``factions`` (``BoardFrames.factions``), the legend
    names each faction's player and VP.
    """
    if ax is None:
        ax = new_axes(15, 9.6)[0]
    cells = _cells(hexes)
    for cell in cells:
        x, y = cell.x, cell.y
        if cell.river:
            ax.add_patch(
                RegularPolygon(
                    (x, y),
                    6,
                    radius=_R,
                    facecolor=TERRAIN_FILLS["white"],
                    edgecolor="#c4dbea",
                    linewidth=0.6,
                    zorder=1,
                )
            )
    centres = {cell.name: (cell.x, cell.y) for cell in cells}
    for hex1, hex2, owner in zip(
        bridges["hex1"].tolist(), bridges["hex2"].tolist(), bridges["faction"].tolist(), strict=True
    ):
        (x1, y1), (x2, y2) = centres[str(hex1)], centres[str(hex2)]
        color = faction_color(str(owner))
        ax.plot([x1, x2], [y1, y2], color="#222222", linewidth=9, solid_capstyle="butt", zorder=2)
        ax.plot([x1, x2], [y1, y2], color=color, linewidth=7, solid_capstyle="butt", zorder=2)
    for cell in cells:
        if cell.river:
            continue
        x, y = cell.x, cell.y
        fill = TERRAIN_FILLS.get(cell.terrain, "#ffffff")
        tile = RegularPolygon(
            (x, y), 6, radius=_R, facecolor=fill, edgecolor="#222222", linewidth=1.2, zorder=3
        )
        tile.set_gid(f"hex {cell.name}")
        ax.add_patch(tile)
        town = cell.town
        if town:
            ax.add_patch(
                RegularPolygon(
                    (x, y),
                    6,
                    radius=_R * 0.86,
                    facecolor="none",
                    edgecolor="#d4a017",
                    linewidth=3.2,
                    zorder=4,
                )
            )
        text = contrast(fill)
        ax.text(
            x,
            y - _R * 0.66,
            cell.name,
            ha="center",
            va="center",
            fontsize=7,
            color=text,
            fontweight="bold" if town else "normal",
            zorder=6,
        )
        if cell.building in SHAPES and cell.faction:
            color = _owner_color(cell.faction, cell.color)
            outline = _shape_at(cell.building, x, y + 0.04)
            # A wide ring in the hex's contrasting colour under the building,
            # then the building with a thin edge of the same colour.
            halo = halo_color(fill)
            ring = PathPatch(
                outline, facecolor="none", edgecolor=halo, linewidth=HALO_WIDTH, zorder=5
            )
            ring.set_gid(f"building {cell.name}")
            ax.add_patch(ring)
            ax.add_patch(
                PathPatch(outline, facecolor=color, edgecolor=halo, linewidth=0.8, zorder=5.1)
            )
    ax.set_aspect("equal")
    ax.autoscale_view()
    xs = [c[0] for c in centres.values()] or [0.0]
    ys = [c[1] for c in centres.values()] or [0.0]
    ax.set_xlim(min(xs) - 0.6, max(xs) + 0.6)
    ax.set_ylim(min(ys) - 0.7, max(ys) + 0.7)
    ax.axis("off")
    owners = [str(f) for f in pd.unique(hexes["faction"].dropna())]
    owners += [str(f) for f in pd.unique(bridges["faction"]) if str(f) not in owners]
    picked = {
        str(f): str(c) for f, c in zip(hexes["faction"], hexes["color"], strict=True) if pd.notna(f)
    }
    handles: list[Patch | Line2D] = []
    if factions is not None and not factions.empty:
        for name, player, vp, color, dropped in zip(
            *(factions[c].tolist() for c in ("faction", "player", "vp", "color", "dropped")),
            strict=True,
        ):
            handles.append(
                Patch(
                    facecolor=_owner_color(str(name), picked.get(str(name), color)),
                    edgecolor="#111111",
                    label=_legend_label(str(name), player, vp, dropped),
                )
            )
        named = set(factions["faction"].astype(str))
        owners = [f for f in owners if f not in named]
    handles += [
        Patch(facecolor=_owner_color(f, picked.get(f)), edgecolor="#111111", label=f)
        for f in sorted(owners)
    ]
    handles += [
        Line2D(
            [],
            [],
            linestyle="none",
            marker=SHAPES[k],
            markersize=14,
            markerfacecolor="#bbbbbb",
            markeredgecolor="#111111",
            label=f"{k}  {BUILDING_NAMES[k]}",
        )
        for k in SHAPES
    ]
    handles.append(Patch(facecolor="none", edgecolor="#d4a017", linewidth=2.5, label="town"))
    ax.legend(
        handles=handles,
        loc="upper center",
        bbox_to_anchor=(0.5, 0.0),
        ncol=6,
        frameon=False,
        fontsize=9,
    )
    if title:
        ax.set_title(title, fontsize=13)
    return ax
