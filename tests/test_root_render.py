"""The Root board picture (``tmlog render``): pieces drawn per clearing match the
replay's state, colours stay apart, rivers and paths keep clear of clearings."""

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

from tmlog.cli import cli
from tmlog.games.root.commands import Drawing
from tmlog.games.root.maps import MAPS
from tmlog.games.root.pieces import Faction
from tmlog.games.root.render import FACTION_COLORS, POSITIONS, RIVER_COURSES, SUIT_COLORS
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
        course = [at[a - 1], *RIVER_COURSES.get(name, {}).get((a, b), ()), at[b - 1]]
        for c in root_map.clearings:
            if c in (a, b):
                continue
            near = min(_distance(at[c - 1], p, q) for p, q in itertools.pairwise(course))
            assert near > RADIUS + 5, (name, a, b, c)


def test_the_mountain_river_from_10_to_4_bends_around_12() -> None:
    # Clearings 10 (213, 148), 12 (130, 236) and 4 (27, 324) lie nearly on one
    # line: 12 is 7 units from the straight 10-4 segment.
    at = POSITIONS["Mountain"]
    assert _distance(at[11], at[9], at[3]) < RADIUS
    assert RIVER_COURSES["Mountain"][(4, 10)]


def _drawn(log: Path, at: str | None) -> tuple[Counter[tuple[int, str, str, int]], dict[int, str]]:
    ax = Drawing().draw(
        log.read_bytes(),
        source=str(log),
        at=at,
        input_format=None,
        options={},
        warn=lambda _: None,
    )
    pieces: Counter[tuple[int, str, str, int]] = Counter()
    for line in ax.lines:
        gid = line.get_gid() or ""
        if gid.startswith("piece:"):
            _, clearing, faction, code, n = gid.split(":")
            pieces[int(clearing), faction, code, int(n)] += 1
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


@pytest.mark.parametrize("at", [None, "R3"])
@pytest.mark.parametrize("log", GAMES, ids=lambda p: p.stem)
def test_drawn_pieces_and_rings_match_the_replay(log: Path, at: str | None) -> None:
    state = _replayed(log, at)
    expected: Counter[tuple[int, str, str, int]] = Counter()
    rulers = {}
    clearings = state["clearings"]
    assert isinstance(clearings, list)
    for c in clearings:
        for faction, code, n in c["pieces"]:
            expected[c["clearing"], faction, code, n] += 1
        if c["ruler"]:
            rulers[c["clearing"]] = FACTION_COLORS[Faction(c["ruler"])]
    pieces, rings = _drawn(log, at)
    assert pieces == expected
    assert sum(expected.values()) > 0 and rulers
    assert rings == rulers
