"""The Root board picture (``tmlog render``): pieces drawn per clearing and per
forest match the replay's state, colours stay apart, rivers and paths keep
clear of clearings, a forest's pieces stand in the open between its clearings."""

from __future__ import annotations

import itertools
import json
import math
from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner
from matplotlib.colors import to_hex
from matplotlib.patches import Circle
from matplotlib.path import Path as MplPath

from tmlog.cli import cli
from tmlog.games.root.commands import Drawing
from tmlog.games.root.layout import (
    MARK,
    POSITIONS,
    RIVER_COURSES,
    ROOM,
    clearance,
    forest_places,
    position,
    river_course,
)
from tmlog.games.root.maps import MAPS, forest_name
from tmlog.games.root.pieces import Faction
from tmlog.games.root.render import FACTION_COLORS, SUIT_COLORS
from tmlog.plot.graph import GAP, OUTLINE, RADIUS

DATA = Path(__file__).parent / "data" / "rootlog"
GAMES = sorted(DATA.glob("*.rootlog"))


def _lab(color: str) -> tuple[float, float, float]:
    """CIE L*a*b* (D65) of an sRGB hex colour, by the standard formulas."""
    rgb = [int(color.lstrip("#")[i : i + 2], 16) / 255 for i in (0, 2, 4)]
    r, g, b = (c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def _delta_e(a: str, b: str) -> float:
    return math.dist(_lab(a), _lab(b))


def test_lab_formula_on_known_colours() -> None:
    # Reference values: white is L*=100, a*=b*=0; pure sRGB red is about
    # (53.2, 80.1, 67.2) in every CIE L*a*b* table.
    assert _lab("#ffffff") == pytest.approx((100, 0, 0), abs=0.1)
    assert _lab("#ff0000") == pytest.approx((53.24, 80.09, 67.20), abs=0.3)


def test_suit_and_faction_colours_are_all_apart() -> None:
    # A delta-E of 2.3 is "just noticeable"; 25 keeps two pieces, or a piece
    # and the clearing it stands on, apart at a glance.
    colours: dict[str, str] = {s.name: c for s, c in SUIT_COLORS.items()}
    colours |= {f.name: c for f, c in FACTION_COLORS.items()}
    closest = min(
        (_delta_e(colours[a], colours[b]), a, b) for a, b in itertools.combinations(colours, 2)
    )
    assert closest[0] >= 25, closest


def test_ring_outline_and_gap_stand_out_from_every_fill_and_faction() -> None:
    fills = list(SUIT_COLORS.values())
    assert min(_delta_e(OUTLINE, c) for c in [*fills, *FACTION_COLORS.values()]) >= 40
    # The white gap separates a ring from a fill of the ruler's own colour.
    assert min(_delta_e(GAP, c) for c in fills) >= 20


def _distance(p: tuple[float, float], a: tuple[float, float], b: tuple[float, float]) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    t = max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / (dx * dx + dy * dy)))
    return math.dist(p, (a[0] + t * dx, a[1] + t * dy))


@pytest.mark.parametrize("name", sorted(MAPS))
def test_no_path_or_river_runs_through_another_clearing(name: str) -> None:
    root_map = MAPS[name]
    at = POSITIONS[name]
    for a, b in sorted(root_map.paths | root_map.closed_paths | root_map.rivers):
        course = river_course(name, a, b) if (a, b) in root_map.rivers else (at[a - 1], at[b - 1])
        for c in root_map.clearings:
            if c in (a, b):
                continue
            near = min(_distance(at[c - 1], p, q) for p, q in itertools.pairwise(course))
            assert near > RADIUS + 5, (name, a, b, c)


def test_every_river_but_the_lake_is_a_curve() -> None:
    for name, root_map in MAPS.items():
        for a, b in root_map.rivers:
            if a in root_map.coastal and b in root_map.coastal:
                continue  # the lake is drawn, not its rivers
            assert RIVER_COURSES[name][a, b], (name, a, b)
            course = river_course(name, a, b)
            # Off the straight line (by more than twice its width), and smooth:
            # no sharp turn between two of its pieces.
            assert max(_distance(p, course[0], course[-1]) for p in course) > 6, (name, a, b)
            for p, q, r in zip(course, course[1:], course[2:], strict=False):
                turn = math.atan2(r[1] - q[1], r[0] - q[0]) - math.atan2(q[1] - p[1], q[0] - p[0])
                assert abs(math.remainder(turn, 2 * math.pi)) < 0.3, (name, a, b)
            assert river_course(name, b, a) == course[::-1]


def test_the_mountain_river_from_10_to_4_bends_around_12() -> None:
    # Clearings 10 (213, 148), 12 (130, 236) and 4 (27, 324) lie nearly on one
    # line: 12 is 7 units from the straight 10-4 segment.
    at = POSITIONS["Mountain"]
    assert _distance(at[11], at[9], at[3]) < RADIUS
    course = river_course("Mountain", 4, 10)
    assert min(math.dist(p, at[11]) for p in course) > RADIUS + 20


# A game of each map, at a point where a pawn stands in a forest.
DRAWN_RIVERS = {
    "Fall": ("2020_11_24_winter_tournament_r2g4", "R3"),
    "Winter": ("2020_11_08_mega_exploding_birds", "13"),
    "Lake": ("2020_11_19_winter_tournament_r1g2", "21"),
    "Mountain": ("2020_11_26_winter_tournament_r1g3", "45"),
}


@pytest.mark.parametrize("name", sorted(DRAWN_RIVERS))
def test_no_drawn_river_comes_within_a_clearing_of_another_clearing(name: str) -> None:
    game, at = DRAWN_RIVERS[name]
    ax = Drawing().draw(
        (DATA / f"{game}.rootlog").read_bytes(),
        source=game,
        at=at,
        input_format=None,
        options={},
        warn=lambda _: None,
    )
    root_map = MAPS[name]
    drawn = {}
    for line in ax.lines:
        gid = line.get_gid() or ""
        if gid.startswith("river:"):
            a, b = (int(c) for c in gid.removeprefix("river:").split("-"))
            drawn[a, b] = list(zip(line.get_xdata(), line.get_ydata(), strict=True))
    inland = {(a, b) for a, b in root_map.rivers if not {a, b} <= root_map.coastal}
    assert set(drawn) == inland
    for (a, b), points in drawn.items():
        assert len(points) > 10  # a curve, not one straight stroke
        # Every point of the drawn course, ten between each two it was drawn through.
        samples = [
            (p[0] + (q[0] - p[0]) * i / 10, p[1] + (q[1] - p[1]) * i / 10)
            for p, q in itertools.pairwise(points)
            for i in range(11)
        ]
        ends = [(float(x), -float(y)) for x, y in (POSITIONS[name][a - 1], POSITIONS[name][b - 1])]
        assert math.dist(samples[0], ends[0]) < 1e-9 and math.dist(samples[-1], ends[1]) < 1e-9
        for c in root_map.clearings:
            if c not in (a, b):
                x, y = POSITIONS[name][c - 1]
                near = min(math.dist(p, (x, -y)) for p in samples)
                assert near > RADIUS + 10, (name, a, b, c, near)


@pytest.mark.parametrize("name", sorted(MAPS))
def test_a_forests_pieces_stand_in_the_open_between_its_clearings(name: str) -> None:
    for forest in MAPS[name].forests:
        ends = [position(name, c) for c in forest]
        cx = sum(p[0] for p in ends) / len(ends)
        cy = sum(p[1] for p in ends) / len(ends)
        shape = MplPath(sorted(ends, key=lambda e: math.atan2(e[1] - cy, e[0] - cx)))
        for n in (1, 2):
            places = forest_places(name, forest, n, RADIUS)
            assert len(places) == n
            for p in places:
                # Clear of every clearing, mark around one, path, river and
                # shore by a mark's half width at least.
                assert clearance(name, p, RADIUS) > MARK, (name, forest_name(forest), n, p)
                # The same, counted here: off every clearing, path and river.
                root_map = MAPS[name]
                for c in root_map.clearings:
                    assert math.dist(p, position(name, c)) > RADIUS + MARK, (name, p, c)
                for a, b in root_map.paths | root_map.closed_paths | root_map.rivers:
                    course = river_course(name, a, b)
                    near = min(_distance(p, q, r) for q, r in itertools.pairwise(course))
                    assert near > MARK, (name, p, a, b)
                # Inside the shape the forest's clearings make.
                assert shape.contains_point(p), (name, forest_name(forest), n, p)
        # Nudged only where the centroid has too little room.
        if clearance(name, (cx, cy), RADIUS) - MARK >= ROOM:
            assert forest_places(name, forest, 1, RADIUS) == ((cx, cy),)


Drawn = Counter[tuple[str, str, str, int]]
"""Piece marks drawn: (clearing number or forest name, faction, code, count)."""


def _drawn(log: Path, at: str | None) -> tuple[Drawn, dict[int, str]]:
    ax = Drawing().draw(
        log.read_bytes(),
        source=str(log),
        at=at,
        input_format=None,
        options={},
        warn=lambda _: None,
    )
    pieces: Drawn = Counter()
    for line in ax.lines:
        gid = line.get_gid() or ""
        if gid.startswith("piece:"):
            _, place, faction, code, n = gid.split(":")
            pieces[place, faction, code, int(n)] += 1
    rings = {
        int(str(p.get_gid()).split(":")[1]): to_hex(p.get_edgecolor())
        for p in ax.patches
        if isinstance(p, Circle)
        and (p.get_gid() or "").startswith("ring:")
        and to_hex(p.get_edgecolor()) != OUTLINE
    }
    return pieces, rings


def _replayed(log: Path, at: str | None) -> dict[str, object]:
    args = ["replay", str(log), "--format", "json", *(["--at", at] if at else [])]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, result.output
    start = result.stdout.index("{")  # warnings go to stderr, but be safe
    state: dict[str, object] = json.loads(result.stdout[start:])
    return state


def _check_drawn_against_replay(log: Path, at: str | None) -> int:
    """Assert that the pieces drawn in each clearing and forest, and the rings,
    are the replay's; return how many piece marks stand in forests."""
    state = _replayed(log, at)
    expected: Drawn = Counter()
    rulers = {}
    clearings = state["clearings"]
    assert isinstance(clearings, list)
    for c in clearings:
        for faction, code, n in c["pieces"]:
            expected[str(c["clearing"]), faction, code, n] += 1
        if c["ruler"]:
            rulers[c["clearing"]] = FACTION_COLORS[Faction(c["ruler"])]
    elsewhere = state["elsewhere"]
    assert isinstance(elsewhere, dict) and isinstance(state["map"], str)
    forests = {forest_name(f) for f in MAPS[state["map"]].forests}
    in_forests = 0
    for place, held in elsewhere.items():
        if place in forests:
            for faction, code, n in held:
                expected[place, faction, code, n] += 1
                in_forests += 1
    pieces, rings = _drawn(log, at)
    assert pieces == expected
    assert sum(expected.values()) > 0 and rulers
    assert rings == rulers
    return in_forests


@pytest.mark.parametrize("at", [None, "R3"])
@pytest.mark.parametrize("log", GAMES, ids=lambda p: p.stem)
def test_drawn_pieces_and_rings_match_the_replay(log: Path, at: str | None) -> None:
    _check_drawn_against_replay(log, at)


@pytest.mark.parametrize(
    ("game", "at", "pawns"),
    [
        # G:p->10_11_12 (line 45): both Vagabonds in forest 10_11_12.
        ("2020_11_26_winter_tournament_r1g3", "45", 2),
        ("2020_11_26_winter_tournament_r1g3", "R4", 1),  # V's pawn there (line 41)
        ("2020_11_08_mega_exploding_birds", "13", 1),  # V:p->8_9_11_12 at setup
        ("2020_11_19_winter_tournament_r1g2", "21", 2),  # G in 2_7_10, V in 4_5_6_11
    ],
)
def test_pawns_in_forests_are_drawn_as_the_replay_has_them(game: str, at: str, pawns: int) -> None:
    assert _check_drawn_against_replay(DATA / f"{game}.rootlog", at) == pawns
