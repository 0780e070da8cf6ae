"""The shortcut for common pieces (:mod:`tmlog.games.terra_mystica.parse.fast`) is the grammar's.

Its terminals are copied from the grammars: they must be the same text. And
every piece of every log under ``tests/data`` that the shortcut reads (a
sub-command, a ledger cell, a comment row) must give exactly what Lark gives,
the same type and the same fields, positions included; pieces it leaves to
Lark are not looked at. A few pieces that are *almost* common shapes are
checked to go to Lark.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from lark.exceptions import UnexpectedInput

from tests.conftest import DATA
from tmlog.games.terra_mystica.parse import _CELL_RULES, fast
from tmlog.games.terra_mystica.parse.boundary import END_OF_CELL, END_OF_COMMAND, parse_piece
from tmlog.games.terra_mystica.parse.grammar import commands_parser, ledger_parser
from tmlog.reading import read_text

LOGS = sorted(p for p in DATA.rglob("*") if p.suffix in (".txt", ".log"))


def fields(value: Any) -> Any:
    """A value with every field, including those left out of ``==`` (column, line)."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return (
            type(value),
            {f.name: fields(getattr(value, f.name)) for f in dataclasses.fields(value)},
        )
    if isinstance(value, tuple):
        return tuple(fields(v) for v in value)
    return (type(value), value)


def test_the_terminals_are_the_grammars() -> None:
    grammar = {t.name: t.pattern.value for t in commands_parser().terminals}
    grammar |= {t.name: t.pattern.value for t in ledger_parser().terminals if "__" not in t.name}
    for name, pattern in {**fast.TERMINALS, **fast.CELL_TERMINALS}.items():
        # Lark reads the escapes \t and \n of the grammar's text into the characters.
        assert grammar[name].replace("\t", r"\t").replace("\n", r"\n") == pattern, name
    # Blanks may trail a marker (a header copied with spaces): such a row goes to Lark.
    assert grammar["MARKER"] == fast._MARKER + "(?=[ \t]*(?:\n|$))"


def pieces() -> tuple[set[str], set[tuple[str, str]], set[str]]:
    """Sub-commands, (rule, cell) pairs and comment rows of every log at hand."""
    commands: set[str] = set()
    cells: set[tuple[str, str]] = set()
    comments: set[str] = set()
    for path in LOGS:
        try:
            text = read_text(str(path))
        except Exception:
            continue
        for line in text.split("\n"):
            if "\t" in line:
                cells.update(zip(_CELL_RULES, line.split("\t"), strict=False))
                command_cell = line.split("\t")[-1]
                commands.update(c.strip(" \t\f\r") for c in command_cell.split("."))
            elif line and "\t" in text:  # a ledger's comment row
                comments.add(line)
            elif line:
                body = line.split("#")[0]
                if ":" in body:
                    commands.update(c.strip(" \t\f\r") for c in body.partition(":")[2].split("."))
    commands.discard("")
    return commands, cells, comments


PIECES = pieces()


def test_sub_commands() -> None:
    read = 0
    for text in sorted(PIECES[0]):
        mine = fast.command(text)
        if mine is None:
            continue
        read += 1
        assert fields(mine) == fields(
            parse_piece(ledger_parser(), "command", text, END_OF_COMMAND)
        ), text
    assert read > 0.95 * len(PIECES[0])


def test_cells() -> None:
    read = 0
    for rule, text in sorted(PIECES[1]):
        if rule == "command_cell":
            continue
        mine = fast.cell(rule, text)
        if mine is fast.MISSING:
            continue
        read += 1
        assert fields(mine) == fields(parse_piece(ledger_parser(), rule, text, END_OF_CELL)), text
    assert read > 0.95 * len([r for r, _ in PIECES[1] if r != "command_cell"])


def test_comment_rows() -> None:
    read = 0
    for text in sorted(PIECES[2]):
        mine = fast.comment_row(text)
        if mine is None:
            continue
        read += 1
        try:
            lark = ledger_parser().parse(text, start="comment_row")
        except UnexpectedInput:
            pytest.fail(f"{text!r}: read by the shortcut, not by the grammar")
        assert fields(mine) == fields(lark), text
    assert read > 0.9 * len(PIECES[2])


@pytest.mark.parametrize(
    "text",
    ["builds E5", "build E5x", "build R5", "upgrade E5 toTP", "leech 1 from nobody",
     "pass BON11", "+2FÏRE", "convert 3PW", "action ACT9", "send p to FIRE for", "burn",
     # an amount is a whole word of AMOUNT's
     "+2FIRE-x", "+2FIRES", "+FAV13", "+2vp_x", "convert 1W to 1VPX", "convert 1W-1 to 1VP",
     "gain P for FAV13", "gain PRIESTS for 2W",
     # and a faction a whole word of FACTION's
     "leech 1 from witches2", "leech 1 from witches-x", "decline 2 from chaos", "leech 1 from ice"],
)  # fmt: skip
def test_almost_common_shapes_go_to_the_grammar(text: str) -> None:
    assert fast.command(text) is None


@pytest.mark.parametrize(
    "text",
    ["Round 1 income ", "Round 1 scoring SCORE4", "scoring fïre cult", "Scoring fïre cult",
     "option a b", "Player one: x", "Removing tile", "map"],
)  # fmt: skip
def test_almost_common_comment_rows_go_to_the_grammar(text: str) -> None:
    assert fast.comment_row(text) is None
