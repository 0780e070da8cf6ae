"""A picture of a Root board (``tmlog render``): clearings in their suit's colour,
paths, rivers and closed paths, ruins, and each faction's pieces in its colour.

Clearing positions are approximate map coordinates, taken as facts from
``Vagabottos/RootVis:src/app/rootlog.static.ts`` @08615f3548797f59524052232c7f59db16d0e47e
(``clearingPositions``: pixels on a ~400 x 380 picture of each map, y pointing
down; the numbering is Rootlog's, as in :mod:`tmlog.games.root.maps`).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from matplotlib.artist import Artist
from matplotlib.axes import Axes
from matplotlib.lines import Line2D
from matplotlib.patches import Circle, Patch

from tmlog.games.root.maps import MAPS, Suit
from tmlog.games.root.pieces import FACTIONS, Faction
from tmlog.games.root.snapshot import BoardSnapshot
from tmlog.plot.common import new_axes

POSITIONS: Mapping[str, tuple[tuple[int, int], ...]] = MappingProxyType(
    {
        # RootVis `clearingPositions`, clearings 1-12 in order.
        "Fall": (
            (18, 18), (358, 89), (362, 367), (16, 320), (233, 23), (370, 206),
            (248, 320), (140, 364), (19, 134), (157, 87), (264, 192), (124, 227),
        ),
        "Winter": (
            (18, 10), (370, 8), (370, 343), (22, 308), (140, 19), (247, 40),
            (375, 184), (256, 301), (150, 347), (12, 162), (150, 168), (269, 175),
        ),
        "Lake": (
            (364, 330), (24, 10), (27, 318), (377, 7), (381, 188), (275, 39),
            (169, 19), (18, 166), (238, 353), (140, 141), (275, 176), (158, 269),
        ),
        "Mountain": (
            (22, 15), (378, 18), (381, 365), (27, 324), (237, 28), (384, 200),
            (197, 363), (17, 172), (123, 132), (213, 148), (264, 242), (130, 236),
        ),
    }
)  # fmt: skip

SUIT_COLORS = {Suit.FOX: "#e06a4e", Suit.MOUSE: "#f0a848", Suit.RABBIT: "#f3e27a"}
"""Clearing fills: the printed suits' red, orange and yellow."""

FACTION_COLORS = {
    Faction.MARQUISE: "#e8842c",
    Faction.EYRIE: "#2f6db5",
    Faction.ALLIANCE: "#3e9b45",
    Faction.VAGABOND: "#7a7a7a",
    Faction.VAGABOND2: "#3a3a3a",
    Faction.LIZARDS: "#d4b91f",
    Faction.RIVERFOLK: "#2aa3a3",
    Faction.DUCHY: "#a9845a",
    Faction.CORVIDS: "#6a4c93",
    Faction.HUNDREDS: "#b22222",
    Faction.KEEPERS: "#5b6b7b",
}
"""Each faction's colour on its board and pieces."""

_RADIUS = 22


def _xy(map_name: str, clearing: int) -> tuple[float, float]:
    x, y = POSITIONS[map_name][clearing - 1]
    return float(x), float(-y)  # y down in the source, up in the plot


def _label(pieces: list[tuple[str, int]]) -> str:
    return " ".join(f"{n}{code}" if n > 1 else code for code, n in pieces)


def plot_root_board(board: BoardSnapshot, *, title: str | None = None) -> Axes:
    """Draw ``board``; returns the axes (save their figure with :func:`tmlog.plot.save`)."""
    (ax,) = new_axes(9, 8.5)
    root_map = MAPS[board.map_name]
    name = board.map_name
    for links, style in (
        (root_map.paths, {"color": "#8a6d3b", "lw": 3}),
        (root_map.closed_paths - board.opened_paths, {"color": "#8a6d3b", "lw": 1, "ls": ":"}),
        (root_map.closed_paths & board.opened_paths, {"color": "#8a6d3b", "lw": 3}),
        (root_map.rivers, {"color": "#3a8fd8", "lw": 2, "ls": "--"}),
    ):
        for a, b in sorted(links):
            (xa, ya), (xb, yb) = _xy(name, a), _xy(name, b)
            ax.plot([xa, xb], [ya, yb], zorder=1, **style)  # type: ignore[arg-type]
    for c in board.clearings:
        x, y = _xy(name, c.number)
        edge = FACTION_COLORS[c.ruler] if c.ruler else "#444444"
        ax.add_patch(
            Circle((x, y), _RADIUS, facecolor=SUIT_COLORS[c.suit], edgecolor=edge, lw=3, zorder=2)
        )
        ruin = "\nruin" if c.ruin else ""
        ax.text(x, y, f"{c.number}{ruin}", ha="center", va="center", fontsize=9, zorder=3)
        by: dict[Faction, list[tuple[str, int]]] = {}
        for f, code, n in c.pieces:
            by.setdefault(f, []).append((code, n))
        for i, (f, held) in enumerate(by.items()):
            ax.text(
                x,
                y - _RADIUS - 9 - 13 * i,
                _label(held),
                ha="center",
                va="center",
                fontsize=7,
                color="white",
                zorder=4,
                bbox={"boxstyle": "round,pad=0.2", "facecolor": FACTION_COLORS[f], "lw": 0},
            )
    if board.ferry is not None:
        x, y = _xy(name, board.ferry)
        ax.text(x + _RADIUS, y + _RADIUS, "ferry", fontsize=7, color="#3a8fd8", zorder=4)
    handles: list[Artist] = [
        Patch(
            facecolor=FACTION_COLORS[f],
            label=f"{f.value} {FACTIONS[f].name}: {board.vp.get(f, 0)} VP",
        )
        for f in board.vp
    ]
    handles += [Patch(facecolor=SUIT_COLORS[s], label=s.name.lower()) for s in SUIT_COLORS]
    handles += [
        Line2D([], [], color="#8a6d3b", lw=3, label="path"),
        Line2D([], [], color="#3a8fd8", lw=2, ls="--", label="river / lake"),
    ]
    if root_map.closed_paths:
        handles.append(Line2D([], [], color="#8a6d3b", lw=1, ls=":", label="closed path"))
    ax.legend(handles=handles, loc="upper left", bbox_to_anchor=(1.0, 1.0), fontsize=8)
    ax.set_aspect("equal")
    ax.set_xlim(-40, 430)
    ax.set_ylim(-420, 45)
    ax.axis("off")
    ax.set_title(title or f"{name} map")
    return ax
