"""Root for ``tmlog report``: its turns, map and record (:mod:`tmlog.games.watching`).

One replay gives everything: the record ``tmlog vp`` and ``stats`` read
(:func:`~tmlog.games.root.record.record_game`), every faction's VP after each
turn line (the replay's turn ends, as ``replay --at`` lists them), and the
board after each turn line (what ``tmlog replay --at LINE`` and ``render``
show): each clearing's pieces and ruler.

A step is a turn line: ``--at`` that line replays to it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tmlog.games.root.record import RootRecord
    from tmlog.games.root.replay import RootReplay
    from tmlog.games.root.snapshot import BoardSnapshot, ClearingView, Holding
    from tmlog.games.watching import Board, LogRow, Piece, Side, Step, Watch

CHARTS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("VP", ("VP",)),
    ("Cards and pieces", ("cards", "warriors", "buildings", "tokens")),
)
"""The VP track, then what each faction holds: cards in hand, and its warriors,
buildings and tokens on the clearings."""

_KINDS = {"w": "warrior", "b": "building", "t": "token", "p": "pawn"}
"""A Rootlog piece code's first letter, and the piece's kind on the page."""

SCALE = 1.6
"""The page's pixels per pixel of RootVis's ~400 x 380 map pictures."""
_MARGIN = 40.0


def watch(
    data: bytes, result: RootReplay, boards: list[BoardSnapshot], record: RootRecord
) -> Watch:
    """The page's view of one replayed log (``boards``: the board after each turn line)."""
    from tmlog.games.watching import Watch, warning_steps

    log = result.log
    lines = data.decode("utf-8", "replace").split("\n")
    steps, rows = _steps(result, boards, lines, record)
    return Watch(
        title="Root",
        source=log.source,
        record=record,
        header=_header(result, record),
        sides=_sides(result, record),
        board=_board(boards[-1] if boards else result.board),
        steps=steps,
        rows=rows,
        charts=CHARTS,
        warnings=tuple(warning_steps(log.source, result.warnings, [int(s.at) for s in steps])),
    )


def _header(result: RootReplay, record: RootRecord) -> tuple[tuple[str, str], ...]:
    from tmlog.games.root.pieces import FACTIONS, Faction

    ranked = sorted(record.factions, key=lambda f: (-f.final_vp, f.start_order))
    rows = [
        ("map", record.map_name),
        ("deck", record.deck),
        ("turns", str(record.turns)),
        ("final score", ", ".join(f"{f.faction} {f.final_vp}" for f in ranked) or "-"),
        (
            "winner",
            " and ".join(f"{w} {FACTIONS[Faction(w)].name}" for w in record.winner)
            if record.finished
            else "- (no Winner: line)",
        ),
    ]
    markers = [f"{f.faction} {f.vp_marker}" for f in record.factions if f.vp_marker != "track"]
    if markers:
        rows.append(("VP markers off the track", ", ".join(markers)))
    return tuple(rows)


def _sides(result: RootReplay, record: RootRecord) -> tuple[Side, ...]:
    from tmlog.games.root.pieces import FACTIONS, Faction
    from tmlog.games.root.render import FACTION_COLORS
    from tmlog.games.watching import Side

    players = {p.faction: p.name for p in result.log.players}
    ranked = sorted({f.final_vp for f in record.factions}, reverse=True)
    return tuple(
        Side(
            name=f.faction,
            player=" · ".join(
                part for part in (FACTIONS[Faction(f.faction)].name, players.get(f.faction)) if part
            ),
            color=FACTION_COLORS[Faction(f.faction)],
            final_vp=f.final_vp,
            rank=ranked.index(f.final_vp) + 1,
            dropped=f.dropped,
            won=f.won,
        )
        for f in record.factions
    )


def _steps(
    result: RootReplay, boards: list[BoardSnapshot], lines: list[str], record: RootRecord
) -> tuple[tuple[Step, ...], tuple[LogRow, ...]]:
    from tmlog.games.root.view import rounds_of
    from tmlog.games.watching import LogRow, Step

    log = result.log
    rounds = rounds_of(log)
    seen: dict[int, int] = {}
    # Each faction's figures after each turn line are the record's timeline, the
    # rows `tmlog export` writes.
    after = {(row.turn, row.faction): row for row in record.timeline}
    steps = []
    rows = []
    for index, (end, board) in enumerate(zip(result.turn_ends, boards, strict=True)):
        turn = log.turns[index]
        rnd = rounds[index]
        seen[rnd] = seen.get(rnd, 0) + 1
        where = "setup" if rnd == 0 else f"round {rnd}, turn {seen[rnd]}"
        text = lines[turn.line - 1].strip() if 0 < turn.line <= len(lines) else str(turn)
        values = {
            f: {
                "VP": row.vp,
                "warriors": row.warriors,
                "buildings": row.buildings,
                "tokens": row.tokens,
                "cards": row.cards,
            }
            for f in log.factions
            for row in (after[index + 1, f],)
        }
        steps.append(
            Step(
                at=str(turn.line),
                label=f"line {turn.line} · {where} ({turn.faction})",
                round=rnd,
                turn=seen[rnd],
                actor=turn.faction,
                text=text,
                values=values,
                pieces=_pieces(board),
            )
        )
        rows.append(
            LogRow(
                line=turn.line,
                where=where,
                actor=turn.faction,
                text=text,
                vp=end.vp.get(turn.faction),
                step=index,
            )
        )
    return tuple(steps), tuple(rows)


# ------------------------------------------------------------------- board


def _xy(map_name: str, clearing: int) -> tuple[float, float]:
    from tmlog.games.root.layout import POSITIONS

    x, y = POSITIONS[map_name][clearing - 1]
    return _MARGIN + x * SCALE, _MARGIN + y * SCALE


def _board(snapshot: BoardSnapshot | None) -> Board:
    """The map: its paths, rivers and closed paths, and its clearings in their suits."""
    from tmlog.games.root.layout import forest_places, river_course
    from tmlog.games.root.maps import MAPS, forest_name
    from tmlog.games.root.render import SUIT_COLORS
    from tmlog.games.watching import Board
    from tmlog.plot.graph import RADIUS

    assert snapshot is not None  # a replay that ran has a board
    map_name = snapshot.map_name
    root_map = MAPS[map_name]
    places = {str(c): _xy(map_name, c) for c in root_map.clearings}
    for forest in root_map.forests:
        # A pawn in a forest stands at the forest's spot, as `tmlog render` draws it.
        (x, y), *_ = forest_places(map_name, forest, 1, RADIUS)
        places[forest_name(forest)] = (_MARGIN + x * SCALE, _MARGIN + y * SCALE)
    width = max(x for x, _ in places.values()) + _MARGIN + 40
    height = max(y for _, y in places.values()) + _MARGIN + 40
    out = []
    for paths, style in (
        (root_map.paths, 'stroke="#8a6d3b" stroke-width="5"'),
        (root_map.closed_paths, 'stroke="#8a6d3b" stroke-width="2" stroke-dasharray="2 4"'),
    ):
        for a, b in sorted(paths):
            (x1, y1), (x2, y2) = places[str(a)], places[str(b)]
            out.append(f'<line x1="{x1:.0f}" y1="{y1:.0f}" x2="{x2:.0f}" y2="{y2:.0f}" {style}/>')
    for a, b in sorted(root_map.rivers):  # along their courses, as `tmlog render` draws them
        course = " ".join(
            f"{_MARGIN + x * SCALE:.0f},{_MARGIN + y * SCALE:.0f}"
            for x, y in river_course(map_name, a, b)
        )
        out.append(
            f'<polyline points="{course}" fill="none" stroke="#3a8fd8" stroke-width="4"'
            ' stroke-dasharray="8 4"/>'
        )
    for c in snapshot.clearings:
        x, y = places[str(c.number)]
        out.append(
            f'<circle cx="{x:.0f}" cy="{y:.0f}" r="34" fill="{SUIT_COLORS[c.suit]}" stroke="#444"'
            f' stroke-width="2"><title>clearing {c.number}: {c.suit.name.lower()}</title></circle>'
            f'<text x="{x - 44:.0f}" y="{y - 30:.0f}" class="clearing">{c.number}</text>'
        )
    symbols = (
        '<circle id="warrior" r="8" stroke="#000" stroke-width="1"/>'
        '<rect id="building" x="-8" y="-8" width="16" height="16" stroke="#000" stroke-width="1"/>'
        '<path id="token" d="M0,-9L9,0L0,9L-9,0Z" stroke="#000" stroke-width="1"/>'
        '<path id="pawn" d="M0,-10L9,7L-9,7Z" stroke="#000" stroke-width="1"/>'
        '<circle id="ruler" r="38" fill="none" stroke-width="6"/>'
        '<text id="ruin" x="0" y="30" text-anchor="middle" font-size="11" fill="#000">ruin</text>'
    )
    svg = (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:.0f} {height:.0f}"'
        f' role="img" aria-label="The {map_name} map">'
        f"<defs>{symbols}</defs><g>{''.join(out)}</g></svg>"
    )
    return Board(svg=svg, places=places, spread=18.0, fixed=("ruler", "ruin"))


def _pieces(board: BoardSnapshot) -> tuple[Piece, ...]:
    from tmlog.games.root.maps import MAPS, forest_name
    from tmlog.games.root.render import FACTION_COLORS
    from tmlog.games.watching import Piece

    forests = {forest_name(f) for f in MAPS[board.map_name].forests}
    out = []
    standing: list[tuple[str, Holding, ClearingView | None]]
    standing = [(str(c.number), c.pieces, c) for c in board.clearings]
    standing += [(place, held, None) for place, held in board.elsewhere.items() if place in forests]
    for place, pieces, c in standing:
        if c is not None and c.ruler is not None:
            out.append(Piece(place, "ruler", FACTION_COLORS[c.ruler]))
        if c is not None and c.ruin:
            out.append(Piece(place, "ruin", "#000"))
        for f, code, n in pieces:
            kind = _KINDS.get(code[0])
            if kind is None:
                continue
            if kind == "warrior":  # warriors as one piece with their number
                out.append(Piece(place, kind, FACTION_COLORS[f], str(n)))
                continue
            # A building or token each, marked with its type's initial (sawmill: S).
            label = code.partition("_")[2][:1].upper()
            out += [Piece(place, kind, FACTION_COLORS[f], label)] * n
    return tuple(out)
