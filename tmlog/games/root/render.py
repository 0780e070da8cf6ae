"""A picture of a Root board (``tmlog render``): clearings in their suit's colour,
ringed in their ruler's colour, paths, rivers along their course, closed paths,
the Lake and its ferry, the Mountain's Pass, ruins, and each faction's pieces
as shapes in its colour (warriors round, buildings square, tokens diamonds,
pawns triangles), numbered when one shape stands for several.
This module says what goes where; :mod:`tmlog.plot.graph` draws it (only
:mod:`tmlog.plot` imports matplotlib).

Clearing positions are approximate map coordinates, taken as facts from
``Vagabottos/RootVis:src/app/rootlog.static.ts`` @08615f3548797f59524052232c7f59db16d0e47e
(``clearingPositions``: pixels on a ~400 x 380 picture of each map, y pointing
down; the numbering is Rootlog's, as in :mod:`tmlog.games.root.maps`).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from tmlog.games.root.maps import MAPS, Suit
from tmlog.games.root.pieces import FACTIONS, Faction, Kind
from tmlog.games.root.snapshot import BoardSnapshot, ClearingView

if TYPE_CHECKING:
    from tmlog.plot.graph import Mark

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

RIVER_COURSES: Mapping[str, Mapping[tuple[int, int], tuple[tuple[int, int], ...]]] = (
    MappingProxyType(
        {
            # The Mountain's river runs from 10 west of clearing 12, through
            # forests 9_10_12 and 4_8_9_12 (a straight line would cross 12).
            "Mountain": MappingProxyType({(4, 10): ((75, 255), (120, 185))}),
        }
    )
)
"""Bends of a river between its two clearings (same units as POSITIONS, lower
clearing's end first); a river with none is drawn straight."""

SUIT_COLORS = {Suit.FOX: "#ec8b74", Suit.MOUSE: "#d9ab73", Suit.RABBIT: "#f7ef9e"}
"""Clearing fills: the printed suits' red, orange-brown and yellow, light enough
that every faction's pieces and rings stand out on them."""

FACTION_COLORS = {
    Faction.MARQUISE: "#f07c00",
    Faction.EYRIE: "#1b56d1",
    Faction.ALLIANCE: "#2e9e3e",
    Faction.VAGABOND: "#b4b4b4",
    Faction.VAGABOND2: "#d35fa0",
    Faction.LIZARDS: "#e3c21a",
    Faction.RIVERFOLK: "#22b5c4",
    Faction.DUCHY: "#8a5a2b",
    Faction.CORVIDS: "#8e3fb0",
    Faction.HUNDREDS: "#c0182a",
    Faction.KEEPERS: "#4f6a8a",
}
"""Each faction's colour on its board and pieces: the boxes' colours, moved
apart where two were alike (tests/test_root_render.py measures the distances).
The Second Vagabond is pink: a grey or black one would be near the Vagabond,
the Keepers or the rings' outline, a white one lost on ``tmlog report``'s page."""

SHAPES = {Kind.WARRIOR: "o", Kind.BUILDING: "s", Kind.TOKEN: "D", Kind.PAWN: "^"}
"""The marker drawn for each kind of piece."""

_PATH, _RIVER, _LAKE, _FERRY, _PASS = "#8a6d3b", "#3a8fd8", "#a9d3f5", "#6b4423", "#4a4a4a"
_SPACING = 15.0
"""Distance between the centres of two neighbouring marks."""


def _xy(map_name: str, clearing: int) -> tuple[float, float]:
    x, y = POSITIONS[map_name][clearing - 1]
    return float(x), float(-y)  # y down in the source, up in the plot


def _around(x: float, y: float, n: int) -> list[tuple[float, float]]:
    """``n`` places on rings around a clearing at (x, y): the bottom first, then
    alternately right and left, so that few pieces sit below the number."""
    from tmlog.plot.graph import RADIUS

    out: list[tuple[float, float]] = []
    radius = RADIUS + 15.0
    while len(out) < n:
        fits = int(2 * math.pi * radius // _SPACING)
        step = 2 * math.pi / fits
        for i in range(min(fits, n - len(out))):
            turn = (i + 1) // 2 * (1 if i % 2 else -1)
            angle = -math.pi / 2 + turn * step
            out.append((x + radius * math.cos(angle), y + radius * math.sin(angle)))
        radius += _SPACING
    return out


def piece_marks(map_name: str, clearing: ClearingView) -> tuple[Mark, ...]:
    """One mark per faction and piece code in ``clearing``, with its count and
    the code's sort letter (``s`` of a sawmill ``b_s``) written on it; the gid
    is ``piece:<clearing>:<faction letter>:<code>:<count>``."""
    from tmlog.plot.graph import Mark

    x, y = _xy(map_name, clearing.number)
    places = _around(x, y, len(clearing.pieces))
    return tuple(
        Mark(
            px,
            py,
            SHAPES[Kind(code[0])],
            FACTION_COLORS[f],
            n,
            gid=f"piece:{clearing.number}:{f.value}:{code}:{n}",
            size=16 if code[0] == Kind.PAWN.value else 13,
            text=code[2:],
        )
        for (px, py), (f, code, n) in zip(places, clearing.pieces, strict=True)
    )


def _lake(map_name: str, coastal: frozenset[int]) -> tuple[tuple[float, float], ...]:
    """The lake: a shape with a corner at each coastal clearing, so that it
    touches all of them (they hide its corners), in order around its centre."""
    points = [_xy(map_name, c) for c in coastal]
    cx = sum(p[0] for p in points) / len(points)
    cy = sum(p[1] for p in points) / len(points)
    points.sort(key=lambda p: math.atan2(p[1] - cy, p[0] - cx))
    return tuple(points)


def _toward(a: tuple[float, float], b: tuple[float, float], far: float) -> tuple[float, float]:
    dx, dy = b[0] - a[0], b[1] - a[1]
    scale = far / math.hypot(dx, dy)
    return a[0] + dx * scale, a[1] + dy * scale


def plot_root_board(board: BoardSnapshot, *, title: str | None = None) -> Any:
    """Draw ``board``; returns the matplotlib axes (save with :func:`tmlog.plot.save`).

    Each piece mark carries a gid (see :func:`piece_marks`); the ferry's is
    ``ferry:<clearing>``, a ruler's ring's ``ring:<clearing>``.
    """
    # Here, not with the module: tmlog report reads its positions and colours
    # and draws no picture, and matplotlib takes seconds to import.
    from tmlog.plot.graph import RADIUS, Area, Key, Link, Mark, Node, plot_graph_board

    root_map = MAPS[board.map_name]
    name = board.map_name
    bends = RIVER_COURSES.get(name, {})
    links = []
    for paths, width, style, color in (
        (root_map.paths | (root_map.closed_paths & board.opened_paths), 3, "-", _PATH),
        (root_map.closed_paths - board.opened_paths, 1.5, ":", _PATH),
        (root_map.rivers, 2.5, "--", _RIVER),
    ):
        for a, b in sorted(paths):
            if color == _RIVER and a in root_map.coastal and b in root_map.coastal:
                continue  # the lake itself is drawn, not its six river links
            via = tuple((float(x), float(-y)) for x, y in bends.get((a, b), ()))
            links.append(Link(_xy(name, a), _xy(name, b), color, width, style, via))
    nodes = [
        Node(
            *_xy(name, c.number),
            fill=SUIT_COLORS[c.suit],
            ring=FACTION_COLORS[c.ruler] if c.ruler else None,
            label=f"{c.number}\nruin" if c.ruin else str(c.number),
            marks=piece_marks(name, c),
            gid=str(c.number),
        )
        for c in board.clearings
    ]
    areas, marks, notes = [], [], []
    if root_map.coastal:
        lake = _lake(name, root_map.coastal)
        areas.append(Area(lake, _LAKE, "lake"))
    if board.ferry is not None:
        cx = sum(p[0] for p in areas[0].corners) / 4 if areas else 0.0
        cy = sum(p[1] for p in areas[0].corners) / 4 if areas else 0.0
        fx, fy = _toward(_xy(name, board.ferry), (cx, cy), RADIUS + 34)
        marks.append(Mark(fx, fy, "boat", _FERRY, gid=f"ferry:{board.ferry}", size=20))
    if root_map.tower is not None:
        x, y = _xy(name, root_map.tower)
        notes.append((x, y + RADIUS + 12, "the Pass", _PASS))
    keys = [
        Key(f"{f.value} {FACTIONS[f].name}: {board.vp.get(f, 0)} VP", FACTION_COLORS[f])
        for f in board.vp
    ]
    keys += [
        Key("warrior (a number: that many)", "#dddddd", "o"),
        Key("building", "#dddddd", "s"),
        Key("token", "#dddddd", "D"),
        Key("Vagabond pawn", "#dddddd", "^"),
        Key("letter on a shape: Rootlog's sort (b_s: s)", "#dddddd", "s"),
        Key("ring: ruler's colour (no ring: none)", "#777777", "ring"),
    ]
    keys += [Key(f"{s.name.lower()} clearing", color) for s, color in SUIT_COLORS.items()]
    keys.append(Key("path", _PATH, "-"))
    if any(link.color == _RIVER for link in links):
        keys.append(Key("river", _RIVER, "--"))
    if root_map.closed_paths:
        keys.append(Key("closed path", _PATH, ":"))
    if root_map.coastal:
        keys += [Key("lake", _LAKE), Key("ferry", _FERRY, "boat")]
    return plot_graph_board(
        nodes,
        links,
        keys,
        title=title or f"{name} map",
        notes=notes,
        areas=areas,
        marks=marks,
    )
