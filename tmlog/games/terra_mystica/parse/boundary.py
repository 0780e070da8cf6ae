"""The error boundary: Lark's parse errors become positioned tmlog syntax errors.

A piece of text (a row, a ledger cell, a sub-command) is parsed on its own;
its error carries a column within the piece, which the caller places on the
log's line (:func:`syntax_error`).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from tmlog.errors import LogSyntaxError

if TYPE_CHECKING:
    from lark import Lark


class PieceError(Exception):
    """A syntax error in one piece of text (row, cell or sub-command).

    ``column`` is relative to the piece until the caller places it.
    """

    def __init__(self, column: int, unexpected: str, expected: list[str]) -> None:
        super().__init__(unexpected)
        self.column = column
        self.unexpected = unexpected
        self.expected = expected


_WORD = re.compile(r"[^\s.:,#/]+|\S")

# How the end of a piece of text is named, when it is unexpected / expected.
END_OF_COMMAND = ("end of command", "'.' or end of row")
END_OF_LINE = ("end of line", "end of line")
END_OF_CELL = ("end of cell", "end of cell")


def word(text: str, pos: int) -> str:
    """The word of ``text`` at ``pos`` (what an error message calls unexpected)."""
    match = _WORD.match(text, pos)
    return match.group() if match else text[pos:]


def parse_piece(lark: Lark, start: str, text: str, end: tuple[str, str]) -> Any:
    """Parse one piece of text with one start symbol, converting Lark's errors.

    ``end`` names the end of the piece when it is unexpected and when it is
    expected, e.g. ``("end of command", "'.' or end of row")``.
    """
    # Imported here: a log whose pieces all have common shapes never needs Lark.
    from lark.exceptions import (
        UnexpectedCharacters,
        UnexpectedInput,
        UnexpectedToken,
        VisitError,
    )

    from tmlog.games.terra_mystica.parse.grammar import describe_expected

    unexpected_end, expected_end = end
    try:
        return lark.parse(text, start=start)
    except UnexpectedToken as exc:
        token = exc.token
        names = exc.accepts or exc.expected
        if token.type == "$END":
            column, unexpected = len(text.rstrip()) + 1, unexpected_end
        else:  # the token may be a long one of another state: show its first word
            start_pos = token.start_pos or 0
            column, unexpected = token.column or 1, f"'{word(text, start_pos)}'"
        expected = describe_expected(lark, names, end=expected_end)
        raise PieceError(column, unexpected, expected) from None
    except UnexpectedCharacters as exc:
        expected = describe_expected(lark, exc.allowed or (), end=expected_end)
        unexpected = f"'{word(text, exc.pos_in_stream or 0)}'"
        raise PieceError(exc.column, unexpected, expected) from None
    except UnexpectedInput as exc:  # UnexpectedEOF: not raised by LALR, kept for safety
        expected = describe_expected(lark, getattr(exc, "expected", ()), end=expected_end)
        raise PieceError(len(text.rstrip()) + 1, unexpected_end, expected) from None
    except VisitError as exc:  # only raised by tree transformers; unwrap all the same
        raise PieceError(1, f"'{text.strip()}'", [str(exc.orig_exc)]) from None
    except ValueError:  # a number Python will not read (over 4300 digits)
        raise too_long(text) from None


_LONG_NUMBER = re.compile(r"\d{100,}")


def too_long(text: str) -> PieceError:
    match = _LONG_NUMBER.search(text)
    column = match.start() + 1 if match else 1
    digits = len(match.group()) if match else 0
    return PieceError(column, f"a number of {digits} digits", ["a number"])


def context(line: str, column: int) -> str:
    """The line and a caret under ``column`` (tabs kept so the caret lines up)."""
    pad = "".join("\t" if ch == "\t" else " " for ch in line[: column - 1])
    return f"    {line}\n    {pad}^"


def syntax_error(
    err: PieceError, source: str, number: int, line: str, offset: int
) -> LogSyntaxError:
    column = offset + err.column
    return LogSyntaxError(
        source, number, column, err.unexpected, err.expected, context(line, column)
    )
