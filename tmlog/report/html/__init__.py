"""``tmlog report``: one game as one self-contained HTML page.

The page is written from what a game gives through its
:data:`~tmlog.games.capabilities.WATCH` capability (:class:`~tmlog.games.watching.Watch`):
its steps, its board and its record. Nothing here knows a game: the VP by
source are the record's ``vp`` rows (those ``tmlog vp`` prints), the leech
tables those the game's :data:`~tmlog.games.capabilities.LEECH` names (those
``tmlog leech`` prints), in the order the game's
:data:`~tmlog.games.capabilities.VP_SOURCES` gives.

Everything is inlined (the template, its script and its style are package
data, :func:`page_parts`), so the page asks the network for nothing. The
charts are plain SVG: the VP by source drawn here, each figure over time
drawn by the page's own small script from the steps' numbers, which is
smaller than any charting library (the script is about 8 kB; the smallest
well-kept charting libraries that inline are 40 to 200 kB) and draws exactly
the steps the slider moves through.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tmlog.games.watching import Watch

SOURCE_COLORS = (
    "#4e79a7",
    "#f28e2b",
    "#59a14f",
    "#e15759",
    "#76b7b2",
    "#edc948",
    "#b07aa1",
    "#ff9da7",
    "#9c755f",
    "#bab0ac",
    "#1b9e77",
    "#d95f02",
    "#7570b3",
    "#e7298a",
    "#66a61e",
    "#a6761d",
)
"""The colours of VP sources in the bar chart (Tableau's ten and Dark2's six:
told apart on screen; the table beside the chart gives every figure in print)."""


def page_parts(
    names: tuple[str, ...] = ("game.html.j2", "watch.js", "watch.css"),
) -> dict[str, str]:
    """A page's template, script and style, read from the package."""
    from importlib.resources import files

    here = files(__name__)
    return {name: here.joinpath(name).read_text(encoding="utf-8") for name in names}


def game_page(
    watch: Watch,
    *,
    source_key: Callable[[str], Any] | None = None,
    leech_tables: tuple[str, str] | None = None,
) -> str:
    """The page of one game: ``leech_tables`` names the record's totals and feeding
    tables (None: the game has no leech)."""
    import jinja2

    parts = page_parts()
    env = jinja2.Environment(autoescape=True, undefined=jinja2.StrictUndefined)
    template = env.from_string(parts["game.html.j2"])
    record = watch.record
    sides = [s.name for s in watch.sides]
    vp = vp_by_source(record.vp, sides, source_key)
    leech = None
    if leech_tables is not None:
        totals, feeding = (getattr(record, name) for name in leech_tables)
        leech = leech_view(totals, feeding, sides)
    return template.render(
        watch=watch,
        name=_file_name(watch.source),
        vp=vp,
        vp_chart=vp_chart(vp, {s.name: s.color for s in watch.sides}),
        leech=leech,
        measures=[m for _, group in watch.charts for m in group],
        data=_script_json(steps_data(watch)),
        script=parts["watch.js"],
        style=parts["watch.css"],
    )


def _file_name(source: str) -> str:
    from pathlib import PurePath

    return PurePath(source).name


# ---------------------------------------------------------------- tables


def vp_by_source(
    rows: Sequence[Any], sides: Sequence[str], source_key: Callable[[str], Any] | None
) -> dict[str, Any]:
    """The record's VP rows as ``tmlog vp`` lays them out: a row per source, a column per side."""
    sums: dict[tuple[str, str], int] = {}
    for row in rows:
        sums[(row.faction, row.source)] = sums.get((row.faction, row.source), 0) + row.vp
    sources = sorted({source for _, source in sums}, key=source_key)
    return {
        "sides": list(sides),
        "sources": sources,
        "cells": {s: [sums.get((f, s), 0) for f in sides] for s in sources},
        "totals": [sum(sums.get((f, s), 0) for s in sources) for f in sides],
    }


def vp_chart(vp: dict[str, Any], colors: dict[str, str]) -> str:
    """VP by source as stacked bars, one per side; each piece says its figure on hover."""
    from html import escape

    sides, sources = vp["sides"], vp["sources"]
    most = max([sum(max(0, vp["cells"][s][i]) for s in sources) for i in range(len(sides))] + [1])
    least = min([sum(min(0, vp["cells"][s][i]) for s in sources) for i in range(len(sides))] + [0])
    label_w, bar_h, width = 120, 22, 560
    scale = (width - label_w - 50) / (most - least)  # room for the total
    zero = label_w + (-least) * scale
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="bars" viewBox="0 0 {width}'
        f' {len(sides) * (bar_h + 8) + 10}" role="img" aria-label="VP by source, per faction">'
    ]
    for i, side in enumerate(sides):
        y = 5 + i * (bar_h + 8)
        out.append(
            f'<text x="{label_w - 6}" y="{y + bar_h * 0.7:.0f}" text-anchor="end">'
            f"{escape(side)}</text>"
        )
        up, down = zero, zero
        for k, source in enumerate(sources):
            value = vp["cells"][source][i]
            if not value:
                continue
            w = abs(value) * scale
            if value > 0:
                x, up = up, up + w
            else:
                down -= w
                x = down
            color = SOURCE_COLORS[k % len(SOURCE_COLORS)]
            out.append(
                f'<rect x="{x:.1f}" y="{y}" width="{w:.1f}" height="{bar_h}" fill="{color}"'
                f' stroke="#fff" stroke-width="0.5"><title>{escape(side)}: {escape(source)}'
                f" {value} VP</title></rect>"
            )
        total = vp["totals"][i]
        out.append(
            f'<text x="{up + 4:.1f}" y="{y + bar_h * 0.7:.0f}" class="total"'
            f' fill="{colors.get(side, "#000")}">{total}</text>'
        )
    out.append(f'<line x1="{zero:.1f}" x2="{zero:.1f}" y1="0" y2="100%" stroke="#000"/>')
    out.append("</svg>")
    legend = "".join(
        f'<li><span class="swatch" style="background:{SOURCE_COLORS[k % len(SOURCE_COLORS)]}">'
        f"</span>{escape(source)}</li>"
        for k, source in enumerate(sources)
    )
    return "".join(out) + f'<ul class="legend">{legend}</ul>'


def leech_view(
    totals: Sequence[Any], feeding: Sequence[Any], sides: Sequence[str]
) -> dict[str, Any]:
    """The record's leech tables as ``tmlog leech`` reads them: each side's totals,
    and power accepted by each receiver (row) from each builder (column)."""
    from tmlog.report.leech import LEECH_TOTAL_COLUMNS

    power: dict[tuple[str, str], int] = {}
    offers: dict[tuple[str, str], int] = {}
    for row in feeding:
        key = (row.faction, row.source_faction)
        power[key] = power.get(key, 0) + row.accepted_power
        offers[key] = offers.get(key, 0) + row.accepted
    return {
        "columns": LEECH_TOTAL_COLUMNS,
        "totals": [(row.faction, [getattr(row, c) for c in LEECH_TOTAL_COLUMNS]) for row in totals],
        "sides": list(sides),
        "fed": [
            (to, [(power.get((to, by)), offers.get((to, by))) for by in sides]) for to in sides
        ],
    }


# ----------------------------------------------------------------- steps


def steps_data(watch: Watch) -> dict[str, Any]:
    """What the page's script draws: the board's places, each distinct piece
    once, each distinct board once as the indices of its pieces, and each
    step's figures as one column per side and measure."""
    pieces: dict[tuple[str, str, str, str], int] = {}
    boards: dict[tuple[int, ...], int] = {}
    board_of_step = []
    for step in watch.steps:
        board = tuple(
            pieces.setdefault((p.place, p.kind, p.color, p.label), len(pieces)) for p in step.pieces
        )
        board_of_step.append(boards.setdefault(board, len(boards)))
    measures = [m for _, group in watch.charts for m in group]
    values = {
        m: {
            side.name: [
                step.values[side.name][m] if side.name in step.values else None
                for step in watch.steps
            ]
            for side in watch.sides
        }
        for m in measures
    }
    return {
        "sides": [{"name": s.name, "color": s.color} for s in watch.sides],
        "places": {k: [round(x, 1), round(y, 1)] for k, (x, y) in watch.board.places.items()},
        "spread": watch.board.spread,
        "fixed": list(watch.board.fixed),
        "pieces": [list(p) for p in pieces],
        "boards": [list(b) for b in boards],
        "steps": {
            "at": [s.at for s in watch.steps],
            "label": [s.label for s in watch.steps],
            "actor": [s.actor for s in watch.steps],
            "text": [s.text for s in watch.steps],
            "board": board_of_step,
            "marks": {i: list(s.marks) for i, s in enumerate(watch.steps) if s.marks},
        },
        "charts": [[title, list(group)] for title, group in watch.charts],
        "values": values,
    }


def _script_json(data: dict[str, Any]) -> str:
    # Inside <script>, "</" could close the element and "<!--" open a comment.
    text = json.dumps(data, separators=(",", ":"), ensure_ascii=False)
    return text.replace("<", "\\u003c")
