"""Pictures a reader can trust (issue 10, item 8): buildings stand out from their
hexes, the map's legend names players, factions and VP, no label is clipped,
and every picture averaged over games says over how many."""

from __future__ import annotations

from pathlib import Path

import pytest
from matplotlib.axes import Axes
from matplotlib.colors import to_hex
from matplotlib.figure import Figure
from matplotlib.patches import PathPatch, RegularPolygon

from tmlog.corpus import iter_records
from tmlog.games.terra_mystica.frames import board_frames
from tmlog.games.terra_mystica.parse import parse_file
from tmlog.games.terra_mystica.replay import replay
from tmlog.plot import (
    plot_board,
    plot_leech,
    plot_timeline,
    plot_vp,
    plot_winrates_by,
    save,
)
from tmlog.report.frames import Frames, frames
from tmlog.report.leech import leech_totals, who_fed_whom
from tmlog.report.vp import vp_families, vp_timeline
from tmlog.report.winrates import faction_winrates

DATA = Path(__file__).parent / "data"
LEDGERS = DATA / "snellman-ledger"
GAME = LEDGERS / "4pLeague_S64_D1L1_G3.txt"
THREE = [LEDGERS / f"4pLeague_S64_D1L1_G{i}.txt" for i in (1, 2, 3)]


def _wcag(a: str, b: str) -> float:
    """WCAG 2 contrast ratio, written out here rather than taken from tmlog."""

    def lum(color: str) -> float:
        out = []
        for i in (1, 3, 5):
            v = int(color[i : i + 2], 16) / 255
            out.append(v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4)
        return 0.2126 * out[0] + 0.7152 * out[1] + 0.0722 * out[2]

    hi, lo = sorted((lum(a), lum(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


@pytest.fixture(scope="module")
def board_ax() -> Axes:
    board = board_frames(replay(parse_file(str(GAME))))
    return plot_board(board.hexes, board.bridges, factions=board.factions)


def test_every_building_has_a_ring_that_stands_out_from_its_hex(board_ax: Axes) -> None:
    hexes = {
        p.get_gid()[4:]: to_hex(p.get_facecolor())
        for p in board_ax.patches
        if isinstance(p, RegularPolygon) and (p.get_gid() or "").startswith("hex ")
    }
    rings = {
        p.get_gid()[9:]: p
        for p in board_ax.patches
        if isinstance(p, PathPatch) and (p.get_gid() or "").startswith("building ")
    }
    board = board_frames(replay(parse_file(str(GAME))))
    built = set(board.hexes.loc[board.hexes["building"].notna(), "hex"])
    assert set(rings) == built and len(built) > 40
    for name, ring in rings.items():
        # WCAG's minimum for the parts of a graphic that must be seen: 3:1; a ring
        # at least 2.5 points wide, thick enough to see around a small dwelling.
        assert _wcag(to_hex(ring.get_edgecolor()), hexes[name]) >= 4.5, name
        assert ring.get_linewidth() >= 2.5, name
    # Both kinds of hex occur: a dark ring on a light hex, a light one on a dark hex.
    edges = {to_hex(r.get_edgecolor()) for r in rings.values()}
    assert len(edges) == 2


def test_the_map_legend_names_players_factions_and_vp(board_ax: Axes) -> None:
    legend = board_ax.get_legend()
    assert legend is not None
    texts = [t.get_text() for t in legend.get_texts()]
    # Players from the ledger's header ("Player 1: Gewalf" …, in seat order, seat 1
    # the darklings), final VP from the site (README: cultists 168 …); the
    # witches dropped out.
    assert texts[:4] == [
        "cultists (tom8918): 168 VP",
        "darklings (Gewalf): 152 VP",
        "swarmlings (RazorPop): 149 VP",
        "witches (Paquito): 92 VP — dropped out",
    ]


def _outside(ax: Axes, tmp_path: Path) -> list[str]:
    """The labels of ``ax`` that fall (even in part) outside its figure, once
    saved as ``tmlog`` saves pictures."""
    figure = ax.figure
    assert isinstance(figure, Figure)
    save(figure, tmp_path / "picture.png")
    figure.canvas.draw()  # type: ignore[no-untyped-call]  # as saved, at the screen's dpi
    renderer = figure.canvas.get_renderer()  # type: ignore[attr-defined]
    width, height = figure.canvas.get_width_height()
    xlim, ylim = sorted(ax.get_xlim()), sorted(ax.get_ylim())
    # Tick labels of ticks outside the axes' limits are not drawn.
    labels = [t for t in ax.get_xticklabels() if xlim[0] <= t.get_position()[0] <= xlim[1]]
    labels += [t for t in ax.get_yticklabels() if ylim[0] <= t.get_position()[1] <= ylim[1]]
    out = []
    for label in [*labels, *ax.texts, ax.title]:
        if not label.get_visible() or not label.get_text():
            continue
        boxes = [label.get_window_extent(renderer)]
        patch = label.get_bbox_patch()
        if patch is not None:  # the coloured box around a faction's name
            boxes.append(patch.get_window_extent(renderer))
        for box in boxes:
            if box.x0 < 0 or box.y0 < 0 or box.x1 > width or box.y1 > height:
                out.append(label.get_text())
    return out


@pytest.fixture(scope="module")
def three() -> Frames:
    """Three games; the chaosmagicians, the longest name, play in the first."""
    records = [r for r in iter_records([str(p) for p in THREE]) if not hasattr(r, "message")]
    return frames(records)  # type: ignore[arg-type]


# Drawing and saving a figure of several panels takes seconds: the one-panel
# case runs every day, the grouped one in the slow run.
@pytest.mark.parametrize("by", [None, pytest.param(["seat", "players"], marks=pytest.mark.slow)])
def test_no_win_rate_label_is_clipped(three: Frames, by: list[str] | None, tmp_path: Path) -> None:
    rates = faction_winrates(three.factions, by=by)
    assert "chaosmagicians" in rates["faction"].tolist()
    for ax in plot_winrates_by(rates, by, games=3):
        assert _outside(ax, tmp_path) == []


def test_no_faction_name_under_the_vp_bars_is_clipped(three: Frames, tmp_path: Path) -> None:
    # 7 factions, so the names are turned 30° and the first hangs left of its bar.
    ax = plot_vp(vp_families(three.vp))
    names = [t.get_text().split("\n")[0] for t in ax.get_xticklabels()]
    assert len(names) == 7 and "chaosmagicians" in names
    assert _outside(ax, tmp_path) == []


def _titles(ax: Axes) -> str:
    figure = ax.figure
    suptitle = getattr(figure, "_suptitle", None)
    parts = [ax.get_title(), suptitle.get_text() if suptitle is not None else ""]
    parts += [t.get_text() for t in ax.get_xticklabels()]
    legend = ax.get_legend()
    if legend is not None:
        parts += [legend.get_title().get_text(), *(t.get_text() for t in legend.get_texts())]
    return "\n".join(parts)


def test_every_averaged_picture_says_over_how_many_games(three: Frames) -> None:
    tables = three
    vp = _titles(plot_vp(vp_families(tables.vp)))
    assert "average of 3 games" in vp
    # Each bar is the mean over the games its faction played; in these three
    # games (manifest.json) cultists and witches played all three, darklings
    # two (G1, G3), swarmlings one (G3).
    for faction, n in [("cultists", 3), ("witches", 3), ("darklings", 2), ("swarmlings", 1)]:
        assert f"{faction}\n{n} game{'s' if n > 1 else ''}" in vp
    timeline = _titles(plot_timeline(vp_timeline(tables.vp_rounds, tables.factions)))
    assert "average of 3 games" in timeline and "3 games)" in timeline
    leech = plot_leech(who_fed_whom(tables.feeding, matrix=True), leech_totals(tables.leech))
    assert "total of 3 games" in _titles(leech[0])
    rates = plot_winrates_by(faction_winrates(tables.factions), games=3)
    assert "3 games" in _titles(rates[0])
    by_seat = plot_winrates_by(faction_winrates(tables.factions, by="seat"), ["seat"], games=3)
    assert "3 games" in _titles(by_seat[0])
