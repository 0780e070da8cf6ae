"""A picture of a Root board (``tmlog render``): clearings in their suit's colour,
paths, rivers and closed paths, ruins, and each faction's pieces in its colour.
This module says what goes where; :mod:`tmlog.plot.graph` draws it (only
:mod:`tmlog.plot` imports matplotlib).

Clearing positions are approximate map coordinates, taken as facts from
``Vagabottos/RootVis:src/app/rootlog.static.ts`` @08615f3548797f59524052232c7f59db16d0e47e
(``clearingPositions``: pixels on a ~400 x 380 picture of each map, y pointing
down; the numbering is Rootlog's, as in :mod:`tmlog.games.root.maps`).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from tmlog.games.root.maps import MAPS, Suit
from tmlog.games.root.pieces import FACTIONS, Faction
from tmlog.games.root.snapshot import BoardSnapshot

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

_PATH, _RIVER = "#8a6d3b", "#3a8fd8"


def _xy(map_name: str, clearing: int) -> tuple[float, float]:
    x, y = POSITIONS[map_name][clearing - 1]
    return float(x), float(-y)  # y down in the source, up in the plot


def _label(pieces: list[tuple[str, int]]) -> str:
    return " ".join(f"{n}{code}" if n > 1 else code for code, n in pieces)


def plot_root_board(board: BoardSnapshot, *, title: str | None = None) -> Any:
    """Draw ``board``; returns the matplotlib axes (save with :func:`tmlog.plot.save`)."""
    # Here, not with the module: tmlog report reads its positions and colours
    # and draws no picture, and matplotlib takes seconds to import.
    from tmlog.plot.graph import Key, Link, Node, plot_graph_board

    root_map = MAPS[board.map_name]
    name = board.map_name
    links = []
    for paths, width, style, color in (
        (root_map.paths | (root_map.closed_paths & board.opened_paths), 3, "-", _PATH),
        (root_map.closed_paths - board.opened_paths, 1, ":", _PATH),
        (root_map.rivers, 2, "--", _RIVER),
    ):
        links += [Link(_xy(name, a), _xy(name, b), color, width, style) for a, b in sorted(paths)]
    nodes = []
    for c in board.clearings:
        by: dict[Faction, list[tuple[str, int]]] = {}
        for f, code, n in c.pieces:
            by.setdefault(f, []).append((code, n))
        x, y = _xy(name, c.number)
        nodes.append(
            Node(
                x,
                y,
                fill=SUIT_COLORS[c.suit],
                ring=FACTION_COLORS[c.ruler] if c.ruler else "#444444",
                label=f"{c.number}\nruin" if c.ruin else str(c.number),
                tags=tuple((_label(held), FACTION_COLORS[f]) for f, held in by.items()),
            )
        )
    keys = [
        Key(f"{f.value} {FACTIONS[f].name}: {board.vp.get(f, 0)} VP", FACTION_COLORS[f])
        for f in board.vp
    ]
    keys += [Key(s.name.lower(), color) for s, color in SUIT_COLORS.items()]
    keys += [Key("path", _PATH, "-"), Key("river / lake", _RIVER, "--")]
    if root_map.closed_paths:
        keys.append(Key("closed path", _PATH, ":"))
    notes = []
    if board.ferry is not None:
        x, y = _xy(name, board.ferry)
        notes.append((x + 22, y + 22, "ferry", _RIVER))
    return plot_graph_board(nodes, links, keys, title=title or f"{name} map", notes=notes)
