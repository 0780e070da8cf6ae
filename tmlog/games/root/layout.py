"""Where things go on a picture of a Root board: the clearings, the course of
each river, and the spot of each forest where its pieces are drawn. Plain
geometry in the clearing positions' units (a ~400 x 380 picture, y pointing
down); :mod:`tmlog.games.root.render` draws with it, nothing here imports
matplotlib.

Clearing positions are approximate map coordinates, taken as facts from
``Vagabottos/RootVis:src/app/rootlog.static.ts`` @08615f3548797f59524052232c7f59db16d0e47e
(``clearingPositions``: pixels on a ~400 x 380 picture of each map, y pointing
down; the numbering is Rootlog's, as in :mod:`tmlog.games.root.maps`).
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Iterable, Mapping, Sequence
from types import MappingProxyType

from tmlog.games.root.maps import MAPS, Forest, Path

Point = tuple[float, float]

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

RIVER_COURSES: Mapping[str, Mapping[Path, tuple[tuple[int, int], ...]]] = MappingProxyType(
    {
        # The river of each map is one stream through several clearings; each
        # stretch between two clearings bows to the side with more room, and
        # the stretches swing to alternate sides, as a river meanders.
        # Fall: from 5 at the top edge through 10, 11 and 7 to 4.
        "Fall": MappingProxyType(
            {(5, 10): ((180, 36),), (10, 11): ((190, 165),), (7, 11): ((292, 262),),
             (4, 7): ((130, 265),)}
        ),
        # Winter: across the middle, 10 to 11 to 12 to 7 at the east edge.
        "Winter": MappingProxyType(
            {(10, 11): ((60, 135), (100, 195)), (11, 12): ((210, 215),), (7, 12): ((322, 140),)}
        ),
        # Mountain: from 2 in the north-east corner down to the Pass (10),
        # then west of 12 through forests 9_10_12 and 4_8_9_12 to 4 (a
        # straight line from 10 to 4 would cross 12).
        "Mountain": MappingProxyType(
            {(2, 10): ((300, 40), (280, 130)), (4, 10): ((50, 180), (120, 200))}
        ),
    }
)  # fmt: skip
"""Bézier control points of each river between its two clearings (lower
clearing's end first, same units as POSITIONS): one for a quadratic curve, two
for a cubic; a river with none is drawn straight. The Lake's rivers are the
lake itself and have none."""

SPACING = 15.0
"""Distance between the centres of two neighbouring pieces' marks."""

SAMPLES = 32
"""Straight pieces a river's curve is drawn with."""


def position(map_name: str, clearing: int) -> Point:
    """The centre of ``clearing`` (y down)."""
    x, y = POSITIONS[map_name][clearing - 1]
    return float(x), float(y)


def around(centre: Point, n: int, radius: float) -> list[Point]:
    """``n`` places on rings around a clearing of ``radius`` at ``centre``: the
    bottom first, then alternately right and left, so that few pieces sit
    below the number."""
    x, y = centre
    out: list[Point] = []
    ring = radius + SPACING
    while len(out) < n:
        fits = int(2 * math.pi * ring // SPACING)
        step = 2 * math.pi / fits
        for i in range(min(fits, n - len(out))):
            turn = (i + 1) // 2 * (1 if i % 2 else -1)
            angle = math.pi / 2 - turn * step  # y points down: pi/2 is below
            out.append((x + ring * math.cos(angle), y + ring * math.sin(angle)))
        ring += SPACING
    return out


def cluster(centre: Point, n: int, *, across: bool = True) -> list[Point]:
    """``n`` places in rows of three centred on ``centre`` (``across``), or in
    columns of three: a forest's pieces."""
    rows = [min(3, n - i) for i in range(0, n, 3)]
    out = []
    for r, width in enumerate(rows):
        step = r - (len(rows) - 1) / 2
        for i in range(width):
            along, aside = (i - (width - 1) / 2) * SPACING, step * SPACING
            dx, dy = (along, aside) if across else (aside, along)
            out.append((centre[0] + dx, centre[1] + dy))
    return out


def _bezier(points: Sequence[Point], t: float) -> Point:
    """The point at ``t`` of the Bézier curve on ``points`` (de Casteljau)."""
    pts = list(points)
    while len(pts) > 1:
        pts = [
            ((1 - t) * p[0] + t * q[0], (1 - t) * p[1] + t * q[1])
            for p, q in itertools.pairwise(pts)
        ]
    return pts[0]


def river_course(map_name: str, a: int, b: int) -> tuple[Point, ...]:
    """The river from ``a`` to ``b`` as points from ``a``'s centre to ``b``'s."""
    lo, hi = min(a, b), max(a, b)
    controls = RIVER_COURSES.get(map_name, {}).get((lo, hi), ())
    ends = (position(map_name, lo), position(map_name, hi))
    if not controls:
        points: tuple[Point, ...] = ends
    else:
        hull = (ends[0], *((float(x), float(y)) for x, y in controls), ends[1])
        points = tuple(_bezier(hull, i / SAMPLES) for i in range(SAMPLES + 1))
    return points if a == lo else points[::-1]


def distance_to_segment(p: Point, a: Point, b: Point) -> float:
    """How far ``p`` is from the segment ``a``-``b``."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    span = dx * dx + dy * dy
    t = 0.0 if span == 0 else ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / span
    t = max(0.0, min(1.0, t))
    return math.dist(p, (a[0] + t * dx, a[1] + t * dy))


def lake_corners(map_name: str) -> tuple[Point, ...]:
    """The lake: a shape with a corner at each coastal clearing, so that it
    touches all of them (they hide its corners), in order around its centre."""
    return _around_centre([position(map_name, c) for c in MAPS[map_name].coastal])


def _around_centre(points: Iterable[Point]) -> tuple[Point, ...]:
    pts = list(points)
    cx = sum(p[0] for p in pts) / len(pts)
    cy = sum(p[1] for p in pts) / len(pts)
    return tuple(sorted(pts, key=lambda p: math.atan2(p[1] - cy, p[0] - cx)))


@functools.cache
def lines(map_name: str) -> tuple[tuple[Point, Point], ...]:
    """Every straight piece drawn between clearings: paths, closed paths,
    rivers along their course, and the lake's shore."""
    root_map = MAPS[map_name]
    out = [
        (position(map_name, a), position(map_name, b))
        for a, b in sorted(root_map.paths | root_map.closed_paths)
    ]
    for a, b in sorted(root_map.rivers):
        if not (a in root_map.coastal and b in root_map.coastal):
            out += list(itertools.pairwise(river_course(map_name, a, b)))
    if root_map.coastal:
        lake = lake_corners(map_name)
        out += list(itertools.pairwise((*lake, lake[0])))
    return tuple(out)


def _inside(p: Point, polygon: Sequence[Point]) -> bool:
    """Whether ``p`` is inside ``polygon`` (even-odd rule)."""
    inside = False
    for (x1, y1), (x2, y2) in itertools.pairwise((*polygon, polygon[0])):
        if (y1 > p[1]) != (y2 > p[1]):
            if p[0] < x1 + (p[1] - y1) * (x2 - x1) / (y2 - y1):
                inside = not inside
    return inside


MARK = 8.0
"""Half a piece mark's width."""

PASS_LABEL = 12.0, 28.0
"""The Pass's label: how far its middle is above the edge of its clearing,
and half its width."""


@functools.cache
def _obstacles(map_name: str, radius: float) -> tuple[tuple[Point, float], ...]:
    """Round things drawn on the map, as (centre, reach): each clearing, and
    the first five marks of the pieces drawn around it."""
    out = []
    for c in MAPS[map_name].clearings:
        centre = position(map_name, c)
        out.append((centre, radius))
        out += [(spot, MARK) for spot in around(centre, 5, radius)]
    return tuple(out)


def clearance(map_name: str, p: Point, radius: float) -> float:
    """How far ``p`` is from everything drawn: from the edge of each clearing
    of ``radius`` and of the first marks of the pieces around it, from the
    Pass's label, and from each path, river and shore."""
    near = min(math.dist(p, centre) - reach for centre, reach in _obstacles(map_name, radius))
    segments = list(lines(map_name))
    tower = MAPS[map_name].tower
    if tower is not None:
        x, y = position(map_name, tower)
        above, half = PASS_LABEL
        segments.append(((x - half, y - radius - above), (x + half, y - radius - above)))
    return min(near, *(distance_to_segment(p, a, b) for a, b in segments))


ROOM = 30.0
"""Room a forest's pieces want around them, from the edges of clearings,
marks, paths and rivers (more is not looked for)."""


@functools.cache
def forest_places(map_name: str, forest: Forest, n: int, radius: float) -> tuple[Point, ...]:
    """Where ``n`` pieces in ``forest`` are drawn: a :func:`cluster` around the
    centroid of its clearings, moved as little as it takes into the open, so
    that it stands ``ROOM`` clear of the clearings (of ``radius``), the marks
    around them, paths, rivers and the lake, or as clear as the forest
    allows, and inside the shape its clearings make. Where a row has less room
    than a column, a column."""
    corners = _around_centre(position(map_name, c) for c in forest)
    xs, ys = [p[0] for p in corners], [p[1] for p in corners]
    centroid = (sum(xs) / len(xs), sum(ys) / len(ys))
    ways = (True, False) if n > 1 else (True,)

    def score(p: Point, across: bool) -> float:
        places = cluster(p, n, across=across)
        if not all(_inside(q, corners) for q in places):
            return -math.inf
        room = min(clearance(map_name, q, radius) for q in places) - MARK
        return min(room, ROOM) - 0.01 * math.dist(p, centroid)

    # A coarse grid over the forest, then a fine one around the best point.
    starts = [centroid, *_grid(min(xs), min(ys), max(xs), max(ys), 6.0)]
    coarse = [(p, way) for p in starts for way in ways]
    (x, y), across = max(coarse, key=lambda c: score(*c))
    fine = [(p, across) for p in _grid(x - 6, y - 6, x + 6, y + 6, 1.5)]
    best, across = max([((x, y), across), *fine], key=lambda c: score(*c))
    return tuple(cluster(best, n, across=across))


def _grid(x0: float, y0: float, x1: float, y1: float, step: float) -> list[Point]:
    nx, ny = int((x1 - x0) / step), int((y1 - y0) / step)
    return [(x0 + i * step, y0 + j * step) for i in range(nx + 1) for j in range(ny + 1)]
