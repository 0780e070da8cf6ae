"""A picture of a Root board (``tmlog render``): clearings in their suit's colour,
ringed in their ruler's colour, paths, rivers along their course, closed paths,
the Lake and its ferry, the Mountain's Pass, ruins, and each faction's pieces
as shapes in its colour (warriors round, buildings square, tokens diamonds,
pawns triangles), numbered when one shape stands for several: around their
clearing, or, for a pawn in a forest, between the forest's clearings.
This module says what goes where; :mod:`tmlog.plot.graph` draws it (only
:mod:`tmlog.plot` imports matplotlib).

Clearings' positions, rivers' courses and forests' spots come from
:mod:`tmlog.games.root.layout`.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from tmlog.games.root.layout import (
    around,
    forest_places,
    lake_corners,
    position,
    river_course,
)
from tmlog.games.root.maps import MAPS, Suit, forest_name
from tmlog.games.root.pieces import FACTIONS, Faction, Kind
from tmlog.games.root.snapshot import BoardSnapshot, ClearingView, Holding

if TYPE_CHECKING:
    from tmlog.plot.graph import Mark

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


def _xy(map_name: str, clearing: int) -> tuple[float, float]:
    return _up(position(map_name, clearing))


def _up(point: tuple[float, float]) -> tuple[float, float]:
    return point[0], -point[1]  # y down in the layout, up in the plot


def _marks(places: list[tuple[float, float]], where: str, held: Holding) -> tuple[Mark, ...]:
    from tmlog.plot.graph import Mark

    return tuple(
        Mark(
            px,
            py,
            SHAPES[Kind(code[0])],
            FACTION_COLORS[f],
            n,
            gid=f"piece:{where}:{f.value}:{code}:{n}",
            size=16 if code[0] == Kind.PAWN.value else 13,
            text=code[2:],
        )
        for (px, py), (f, code, n) in zip(places, held, strict=True)
    )


def piece_marks(map_name: str, clearing: ClearingView) -> tuple[Mark, ...]:
    """One mark per faction and piece code in ``clearing``, with its count and
    the code's sort letter (``s`` of a sawmill ``b_s``) written on it; the gid
    is ``piece:<clearing>:<faction letter>:<code>:<count>``."""
    from tmlog.plot.graph import RADIUS

    spots = around(position(map_name, clearing.number), len(clearing.pieces), RADIUS)
    return _marks([_up(p) for p in spots], str(clearing.number), clearing.pieces)


def forest_marks(board: BoardSnapshot) -> tuple[Mark, ...]:
    """The pieces standing in forests (a Vagabond's pawn), drawn as in a
    clearing around the forest's spot (:func:`~tmlog.games.root.layout.forest_places`);
    the gid is ``piece:<forest, Rootlog's name>:<faction letter>:<code>:<count>``."""
    from tmlog.plot.graph import RADIUS

    forests = {forest_name(f): f for f in MAPS[board.map_name].forests}
    out: list[Mark] = []
    for name, held in sorted(board.elsewhere.items()):
        if name in forests and held:
            spots = forest_places(board.map_name, forests[name], len(held), RADIUS)
            out += _marks([_up(p) for p in spots], name, held)
    return tuple(out)


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
    links = []
    for paths, width, style, color in (
        (root_map.paths | (root_map.closed_paths & board.opened_paths), 3, "-", _PATH),
        (root_map.closed_paths - board.opened_paths, 1.5, ":", _PATH),
        (root_map.rivers, 2.5, "--", _RIVER),
    ):
        for a, b in sorted(paths):
            if color == _RIVER and a in root_map.coastal and b in root_map.coastal:
                continue  # the lake itself is drawn, not its six river links
            river = color == _RIVER
            via = tuple(_up(p) for p in river_course(name, a, b)[1:-1]) if river else ()
            gid = f"{'river' if river else 'path'}:{a}-{b}"
            links.append(Link(_xy(name, a), _xy(name, b), color, width, style, via, gid))
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
    forest = forest_marks(board)
    areas, marks, notes = [], list(forest), []
    if root_map.coastal:
        lake = tuple(_up(p) for p in lake_corners(name))
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
        *([Key("between clearings: in that forest", "#dddddd", "^")] if forest else []),
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
