"""Terra Mystica for ``tmlog report``: its steps, map and record (:mod:`tmlog.games.watching`).

One replay gives everything: the record ``tmlog vp``, ``leech`` and ``stats``
read (:func:`~tmlog.games.terra_mystica.record.record_game`), whose timeline
holds each faction's figures after every ledger row; the events, whose
buildings, terraforms, bridges and towns are the map at every step; and, for a
ledger, the audit ``tmlog audit`` makes, whose divergences mark their rows.

A step is a log line that closes a ledger row: ``tmlog replay --at LINE``
stops there. The rows the engine writes itself with no line of their own (a
command log's income) belong to the step before them, as ``--at`` keeps them.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from tmlog.games.terra_mystica.replay import events as ev

if TYPE_CHECKING:
    from tmlog.games.terra_mystica.audit import AuditReport
    from tmlog.games.terra_mystica.parse import ParsedLog
    from tmlog.games.terra_mystica.record import GameRecord, TimelineRow
    from tmlog.games.terra_mystica.replay import Replay
    from tmlog.games.watching import Board, LogRow, Piece, Side, Step, Watch

MEASURES: tuple[tuple[str, str], ...] = (
    ("VP", "vp"),
    ("C", "c"),
    ("W", "w"),
    ("P", "p"),
    ("P1", "p1"),
    ("P2", "p2"),
    ("P3", "p3"),
    ("Fire", "fire"),
    ("Water", "water"),
    ("Earth", "earth"),
    ("Air", "air"),
)
"""A step's figures: their name on the page, and the timeline's column."""

CHARTS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("VP", ("VP",)),
    ("Resources", ("C", "W", "P")),
    ("Power bowls", ("P1", "P2", "P3")),
    ("Cult tracks", ("Fire", "Water", "Earth", "Air")),
)

LINE_COLORS = {
    "red": "#d03030",
    "green": "#2f8f2f",
    "yellow": "#a89a00",
    "brown": "#8a5030",
    "blue": "#1f6fd0",
    "black": "#000000",
    "gray": "#6e6e6e",
    "ice": "#5fa8c8",
    "volcano": "#e07a10",
}
"""A faction's colour in charts and tables: the site's colour, darkened where
it would vanish on white paper (yellow, ice, gray)."""

UNIT = 40.0
"""Pixels from one hex's centre to the next in a row."""
_R = UNIT / math.sqrt(3)
"""Centre to corner."""


def watch(parsed: ParsedLog, result: Replay, record: GameRecord) -> Watch:
    """The page's view of one replayed log (replayed with its ledger rows kept)."""
    from tmlog.games.watching import Watch, warning_steps

    audit = _audit(parsed, result)
    steps, rows, lines = _steps(parsed, result, record, _marks(audit))
    return Watch(
        title="Terra Mystica",
        source=result.source,
        record=record,
        header=_header(record),
        sides=_sides(record, result),
        board=_board(result),
        steps=steps,
        rows=rows,
        charts=CHARTS,
        warnings=tuple(warning_steps(result.source, result.warnings, lines)),
        audit=_audit_line(audit),
    )


# ------------------------------------------------------------------ header


def _header(record: GameRecord) -> tuple[tuple[str, str], ...]:
    ranked = sorted(
        (f for f in record.factions if f.rank is not None), key=lambda f: (f.rank, f.faction)
    )
    winners = [f.faction for f in ranked if f.rank == 1]
    rows = [
        ("map", record.map_name),
        ("options", ", ".join(record.options) or "none"),
        ("final scoring", record.final_scoring),
        ("round scoring", " ".join(record.score_tiles) or "-"),
        ("rounds", f"{record.last_round}" + ("" if record.finished else " (incomplete game)")),
        (
            "final score",
            ", ".join(f"{f.faction} {f.final_vp}" for f in ranked) or "-",
        ),
        ("winner", " and ".join(winners) if record.finished and winners else "-"),
    ]
    if record.dropped:
        rows.append(("dropped out", ", ".join(record.dropped)))
    return tuple(rows)


def _sides(record: GameRecord, result: Replay) -> tuple[Side, ...]:
    from tmlog.games.watching import Side

    return tuple(
        Side(
            name=f.faction,
            player=f.player,
            color=LINE_COLORS.get(f.color, "#444444"),
            final_vp=f.final_vp,
            rank=f.rank,
            dropped=f.dropped,
            won=record.finished and f.rank == 1,
        )
        for f in record.factions
    )


# ------------------------------------------------------------------- steps


def _steps(
    parsed: ParsedLog, result: Replay, record: GameRecord, marks: dict[int, list[str]]
) -> tuple[tuple[Step, ...], tuple[LogRow, ...], list[int]]:
    """The steps, the ledger's rows in them, and each step's line."""
    from tmlog.games.watching import LogRow, Step

    texts = {row.line: row.command_text or row.text for row in parsed.rows}
    closed = [e for e in result.rows if type(e) is ev.RowClosed]
    assert len(closed) == len(record.timeline)  # the timeline is made of these rows
    keyed = sorted(zip(_stop_lines(closed), record.timeline, strict=True), key=lambda pair: pair[0])
    lines: list[int] = []
    rows: list[tuple[int, TimelineRow, dict[str, dict[str, int]]]] = []
    now: dict[str, dict[str, int]] = {}
    for line, row in keyed:
        now[row.faction] = {name: getattr(row, column) for name, column in MEASURES}
        if not lines or lines[-1] != line:
            lines.append(line)
        rows.append((len(lines) - 1, row, dict(now)))
    # Each step: the figures after its last row, the map after its line.
    last = {step: (row, values) for step, row, values in rows}
    board = _BoardAtLines(result)
    steps = []
    for index, line in enumerate(lines):
        row, values = last[index]
        # Named by its own row's round and turn, as the ledger heads them ("Round 3, turn 2").
        own = [r for _, r, _ in rows if r.line == line]
        named = own[-1] if own else row
        steps.append(
            Step(
                at=str(line),
                label=f"line {line} · round {named.round}, turn {named.turn}",
                round=named.round,
                turn=named.turn,
                actor=named.faction,
                text=texts.get(line, ""),
                values=values,
                pieces=board.after(line),
                marks=tuple(marks.get(line, ())),
            )
        )
    log_rows = tuple(
        LogRow(
            line=row.line,
            where=f"round {row.round}, turn {row.turn}",
            actor=row.faction,
            text=texts.get(row.line, "") if row.line is not None else "",
            vp=row.vp,
            step=step,
            marks=tuple(marks.get(row.line, ())) if row.line is not None else (),
        )
        for step, row, _ in sorted(rows, key=lambda r: r[1].row)
    )
    return tuple(steps), log_rows, lines


def _stop_lines(closed: list[ev.RowClosed]) -> list[int]:
    """The line after which ``--at`` shows each row: the row's last command's line, or
    the line the row closed on if that is earlier (the engine plays final scoring
    when the last pass ends the game; the ledger writes its rows after). A row
    of the engine's own (income) takes the line of the command that set it off."""
    out = []
    last = 0
    for e in closed:
        command = e.actions[-1].line if e.actions and e.actions[-1].line else None
        found = [n for n in (command, e.line) if n]
        last = min(found) if found else last
        out.append(last)
    return out


# ------------------------------------------------------------------- audit


def _audit(parsed: ParsedLog, result: Replay) -> AuditReport | None:
    if parsed.format != "ledger":
        return None
    from tmlog.games.terra_mystica.audit import audit_job

    return audit_job(parsed, result)


def _marks(report: AuditReport | None) -> dict[int, list[str]]:
    from tmlog.games.terra_mystica.audit import _show

    marks: dict[int, list[str]] = {}
    for d in report.divergences if report is not None else ():
        marks.setdefault(d.line, []).append(
            f"{d.faction} {d.field}: recorded {_show(d.recorded)}, replayed {_show(d.replayed)}"
        )
    return marks


def _audit_line(report: AuditReport | None) -> str | None:
    if report is None:
        return None
    if report.error is not None:
        return f"audit: {report.error}"
    if report.ok:
        return f"audit: all {report.rows_compared} recorded rows match the replay"
    return (
        f"audit: {len(report.divergences)} recorded values of {report.rows_compared} rows"
        " differ from the replay (marked in the ledger)"
    )


# ------------------------------------------------------------------- board


def _centre(row: int, col: int) -> tuple[float, float]:
    # Odd rows (B, D, …) sit half a hex to the right of even rows, as `render` draws them.
    return (col + (0.5 if row % 2 else 0.0) + 0.5) * UNIT, (row * 1.5 * _R) + _R


def _hexagon(x: float, y: float, r: float) -> str:
    points = (
        (x + r * math.cos(math.radians(a)), y + r * math.sin(math.radians(a)))
        for a in range(30, 390, 60)
    )
    return " ".join(f"{px:.1f},{py:.1f}" for px, py in points)


_SHAPES = {
    "D": '<path d="M-6,8V-1L0,-7L6,-1V8Z"/>',
    "TP": '<path d="M-9,8V-2L-3,-7L3,-2V1H9V8Z"/>',
    "TE": '<circle r="8"/>',
    "SH": '<path d="M-10,-10Q0,-4 10,-10Q4,0 10,10Q0,4 -10,10Q-4,0 -10,-10Z"/>',
    "SA": '<path d="M-12,0A6,8 0 0 1 0,0A6,8 0 0 1 12,0V8H-12Z"/>',
}


def _outlined(shape: str) -> str:
    # A white edge under a black one: a building stands out on any hex, its own colour's too.
    return (
        f'<g stroke="#fff" stroke-width="4">{shape}</g>'
        f'<g stroke="#000" stroke-width="1.2">{shape}</g>'
    )


_SYMBOLS = {
    "hex": f'<polygon points="{_hexagon(0, 0, _R - 0.5)}" stroke="#222" stroke-width="1"/>',
    **{kind: _outlined(shape) for kind, shape in _SHAPES.items()},
    "town": '<circle r="14" fill="none" stroke="#c99700" stroke-width="4"/>',
}
"""Each piece kind, drawn around (0, 0); a piece's colour fills it."""


def _board(result: Replay) -> Board:
    from tmlog.colors import TERRAIN_FILLS
    from tmlog.games.watching import Board

    state = result.state
    initial = _initial_terrain(result)
    places: dict[str, tuple[float, float]] = {"origin": (0.0, 0.0)}
    cells = []
    names = []
    width = height = 0.0
    for h in state.hexes:
        x, y = _centre(h.row, h.col)
        places[h.name] = (x, y)
        width, height = max(width, x + UNIT / 2), max(height, y + _R)
        terrain = initial.get(h.name, h.terrain)
        fill = TERRAIN_FILLS.get(terrain, "#ffffff")
        stroke = ' stroke="#222" stroke-width="1"' if not h.river else ""
        cells.append(f'<polygon points="{_hexagon(x, y, _R)}" fill="{fill}"{stroke}/>')
        if not h.river:
            names.append(
                f'<text x="{x:.1f}" y="{y + _R * 0.72:.1f}" class="hexname">{h.name}</text>'
            )
    symbols = [f'<g id="{kind}">{body}</g>' for kind, body in _SYMBOLS.items()]
    for b in state.bridges:
        if b.owner is not None:
            (x1, y1), (x2, y2) = places[b.hex1], places[b.hex2]
            symbols.append(
                f'<path id="{_bridge_id(b.hex1, b.hex2)}" d="M{x1:.1f},{y1:.1f}L{x2:.1f},{y2:.1f}"'
                ' stroke-width="7" stroke-linecap="round"/>'
            )
    svg = (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:.0f} {height:.0f}"'
        f' role="img" aria-label="The map of {state.map_name}">'
        f"<defs>{''.join(symbols)}</defs><g>{''.join(cells)}</g>"
        # Labels: drawn over each step's pieces (a terraformed hex too).
        f'<g class="labels">{"".join(names)}</g></svg>'
    )
    return Board(svg=svg, places=places)


def _bridge_id(hex1: str, hex2: str) -> str:
    return f"bridge-{hex1}-{hex2}"


def _initial_terrain(result: Replay) -> dict[str, str]:
    """Each hex's terrain before anyone terraformed: the map's own layout."""
    from tmlog.games.terra_mystica.replay.board import board_for, parse_terrain
    from tmlog.games.terra_mystica.replay.maps import MAPS

    known = MAPS.get(result.state.map_id)
    if known is None:
        return {}
    return {name: info.terrain for name, info in board_for(parse_terrain(known[1])).hexes.items()}


class _BoardAtLines:
    """The map after each log line, folded from the replay's events in order."""

    def __init__(self, result: Replay) -> None:
        from tmlog.colors import TERRAIN_COLORS, TERRAIN_FILLS

        self._events = [
            e
            for e in result.events
            if type(e) in (ev.Built, ev.Transformed, ev.BridgeBuilt, ev.TownFounded)
        ]
        self._next = 0
        self._initial = _initial_terrain(result)
        self._terrain: dict[str, str] = {}
        self._buildings: dict[str, tuple[str, str]] = {}
        self._towns: set[str] = set()
        self._bridges: list[tuple[str, str, str]] = []
        colors = {f.name: f.color for f in result.state.factions}
        self._color = {name: TERRAIN_COLORS.get(c, "#888888") for name, c in colors.items()}
        self._fills = TERRAIN_FILLS

    def after(self, line: int) -> tuple[Piece, ...]:
        from tmlog.games.watching import Piece

        events = self._events
        while self._next < len(events) and events[self._next].line <= line:
            self._apply(events[self._next])
            self._next += 1
        pieces = [
            Piece(name, "hex", self._fills.get(terrain, "#ffffff"))
            for name, terrain in self._terrain.items()
            if terrain != self._initial.get(name)
        ]
        pieces += [
            Piece("origin", _bridge_id(h1, h2), self._color.get(owner, "#888888"))
            for h1, h2, owner in self._bridges
        ]
        pieces += [
            Piece(name, "town", "none") for name in sorted(self._towns) if name in self._buildings
        ]
        pieces += [
            Piece(name, building, self._color.get(owner, "#888888"))
            for name, (building, owner) in self._buildings.items()
        ]
        return tuple(pieces)

    def _apply(self, e: Any) -> None:
        if type(e) is ev.Built:
            self._buildings[e.hex] = (e.building, e.faction or "")
        elif type(e) is ev.Transformed:
            self._terrain[e.hex] = e.terrain
        elif type(e) is ev.BridgeBuilt:
            self._bridges.append((e.hex1, e.hex2, e.faction or ""))
        elif type(e) is ev.TownFounded:
            self._towns.update(e.hexes)
