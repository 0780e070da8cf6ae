"""Report tables in plain Python, for the commands that print one game's table.

Importing pandas takes longer than replaying a game, several times over, so
``tmlog vp ONE.txt`` and ``tmlog leech ONE.txt`` (as a table or Markdown)
build their tables here, straight from the records, and print them with
:func:`text_table`, the writer :func:`tmlog.report.output.format_frame`
uses too. The output is the same, byte for byte, as the pandas reports'
(:func:`tmlog.report.vp.vp_breakdown`, :func:`tmlog.report.leech.leech_totals`):
``tests/test_report_plain.py`` compares them over the corpus.

>>> print(text_table(["faction", "vp"], [["witches", "132"], ["nomads", "98"]], [False, True]))
faction   vp
witches  132
nomads    98
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from tmlog.reading import printable
from tmlog.report.leech import LEECH_TOTAL_COLUMNS as LEECH_COUNTS


def text_table(
    header: Sequence[str], rows: Sequence[Sequence[str]], right: Sequence[bool], fmt: str = "table"
) -> str:
    """Cells as aligned text (``table``) or Markdown; ``right``: the columns aligned right."""
    if fmt == "markdown":
        lines = ["| " + " | ".join(header) + " |"]
        lines.append("|" + "|".join("--:" if r else ":--" for r in right) + "|")
        lines += ["| " + " | ".join(c.replace("|", "\\|") for c in row) + " |" for row in rows]
        return "\n".join(lines)
    widths = [max([len(h), *(len(r[i]) for r in rows)]) for i, h in enumerate(header)]

    def line(cells: Sequence[str]) -> str:
        out = [
            c.rjust(w) if r else c.ljust(w) for c, w, r in zip(cells, widths, right, strict=True)
        ]
        return "  ".join(out).rstrip()

    return "\n".join([line(header), *(line(r) for r in rows)])


def vp_by_faction(
    records: Sequence[Any], fmt: str, source_key: Callable[[str], Any] | None = None
) -> str:
    """``tmlog vp``'s table: per game, a row per source (in the order ``source_key``
    gives; default: the order of the records' game) and a column per faction."""
    if source_key is None and records:
        from tmlog.games import GAMES
        from tmlog.games.capabilities import VP_SOURCES

        order = VP_SOURCES.of(GAMES.game_of_record(records[0]))
        source_key = None if order is None else order.source_key
    games: dict[str, dict[tuple[str, str], int]] = {}
    for record in records:
        sums = games.setdefault(printable(record.game), {})
        for row in record.vp:
            key = (row.faction, row.source)
            sums[key] = sums.get(key, 0) + row.vp
    parts = []
    for game, sums in games.items():
        if not sums:
            continue  # no VP at all: no table (as the pandas report has no rows for it)
        factions = sorted({faction for faction, _ in sums})
        sources = sorted({source for _, source in sums}, key=source_key)
        rows = [[s, *(str(sums.get((f, s), 0)) for f in factions)] for s in sources]
        totals = [sum(sums.get((f, s), 0) for s in sources) for f in factions]
        rows.append(["total", *(str(t) for t in totals)])
        table = text_table(["source", *factions], rows, [False, *(True for _ in factions)], fmt)
        title = game if fmt == "table" else f"### {game}\n"
        parts.append(f"{title}\n{table}")
    return "\n\n".join(parts)


def leech_totals(records: Sequence[Any], fmt: str) -> str:
    """``tmlog leech``'s table: one row per game and faction."""
    rows = [
        [printable(record.game), row.faction, *(str(getattr(row, c)) for c in LEECH_COUNTS)]
        for record in records
        for row in record.leech
    ]
    header = ["game", "faction", *LEECH_COUNTS]
    return text_table(header, rows, [False, False, *(True for _ in LEECH_COUNTS)], fmt)
