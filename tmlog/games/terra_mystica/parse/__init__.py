"""Parsing Terra Mystica logs into rows of typed actions.

>>> log = parse_log("option strict-leech\\nnomads: build A5. pass BON3 # opening")
>>> [str(a) for a in log.actions]
['option strict-leech', '# opening', 'nomads: build A5', 'nomads: pass BON3']
>>> log.rows[1].faction, log.rows[1].line
(<Faction.NOMADS: 'nomads'>, 2)

Three formats are read (detected automatically, see :func:`detect_format`):
a raw command log (``faction: cmd. cmd`` rows and admin rows, what the
reference engine replays), the site's tab-separated ledger export, and the
site's game JSON, whose ledger is read as a ledger (:mod:`.site_json`).

How parsing works, and why it is fast
-------------------------------------
All syntax lives in two Lark grammars, ``grammars/commands.lark`` and
``grammars/ledger.lark`` (which imports the command rules). Both are LALR
parsers with the contextual lexer and an inline transformer (no parse
trees), built once per process (:mod:`tmlog.games.terra_mystica.parse.grammar`).

Feeding a whole file to Lark is too slow for a target of a few
milliseconds per game: Lark costs some 2–3 µs per token and ~9 µs per
``parse()`` call in Python, and a ledger game is ~420 rows of 25–40 tokens.
Measured on the corpus: 11 ms per game for the row structure alone with one
regex terminal per value cell, 4 ms with one terminal for all recorded
values, still 2.3 ms with one terminal per *row* — before any action is
built. Parsing every row and cell separately (``memo=False``) costs
~70 ms per ledger game. What makes it fast is that the text repeats: the
corpus's ~14,000 action rows hold ~1,000 distinct sub-commands, and value
cells such as ``20 VP``, ``+3`` or ``5/7/0 PW`` recur. So parsing is
two-level:

1. *Framing* splits the text where the formats themselves split it: rows at
   newlines, ledger cells at tabs, and a command row the way the engine's
   ``clean_commands`` does — the comment at the first '#', the faction
   prefix at the first ':', sub-commands at every '.' (none of them can
   contain those characters; rows without a faction prefix are parsed
   whole).
2. Each *distinct* piece of text — a row, a sub-command, a ledger cell (with
   the grammar rule of its column as the start symbol), a ledger comment
   row — is parsed by Lark once per process, and the typed result is
   memoised by its text. Every piece is still checked by the grammar, the
   first time it is seen.

Memoised results are position-free *templates* that each row binds to its
faction, line and column. ``parse_log(..., memo=False)`` skips framing and
memo and parses every row and cell whole with the grammar; the tests check
that both give the same rows, actions and positions on the corpus.
``bench/parse_bench.py`` has the figures.

Errors
------
This package is the only place that imports Lark and the single boundary of
its errors: :class:`lark.exceptions.UnexpectedInput` becomes a
:class:`~tmlog.errors.LogSyntaxError` (``path:line:col: unexpected 'xyz';
expected one of …``, human names for the expected terminals, and the
offending line with a caret); unreadable input is an
:class:`~tmlog.errors.InputError`.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NoReturn, cast

from tmlog.errors import InputError, LogSyntaxError
from tmlog.games.terra_mystica.model.actions import Action, Comment
from tmlog.games.terra_mystica.model.enums import Faction
from tmlog.games.terra_mystica.parse import fast
from tmlog.games.terra_mystica.parse.boundary import (
    END_OF_CELL,
    END_OF_COMMAND,
    END_OF_LINE,
    PieceError,
    context,
    parse_piece,
    syntax_error,
)
from tmlog.games.terra_mystica.parse.fast import LineResult, comment_action
from tmlog.games.terra_mystica.parse.json_head import looks_like_json, may_be_other_json
from tmlog.games.terra_mystica.parse.legacy import rewrite_row
from tmlog.games.terra_mystica.parse.log import INPUT_FORMATS, InputFormat, ParsedLog, Recorded, Row
from tmlog.games.terra_mystica.parse.rows import CELL_RULES as _CELL_RULES
from tmlog.games.terra_mystica.parse.rows import bind as _bind
from tmlog.games.terra_mystica.parse.rows import ledger_rows as _read_ledger_rows
from tmlog.games.terra_mystica.parse.rows import remember as _remember
from tmlog.games.terra_mystica.parse.rows import sub_commands as _split_commands
from tmlog.reading import STDIN, normalize, read_bytes

if TYPE_CHECKING:
    from lark import Lark

# Lark and the parsers are imported when a piece of text first needs them: the
# common shapes of a ledger are read by :mod:`.fast` (same results, tested), so
# a one-log command on an ordinary ledger never loads them.


def _commands_parser() -> Lark:
    from tmlog.games.terra_mystica.parse.grammar import commands_parser

    return commands_parser()


def _ledger_parser() -> Lark:
    from tmlog.games.terra_mystica.parse.grammar import ledger_parser

    return ledger_parser()


__all__ = [
    "INPUT_FORMATS",
    "InputFormat",
    "ParsedLog",
    "Recorded",
    "Row",
    "clear_cache",
    "detect_format",
    "parse_file",
    "parse_for_command",
    "parse_log",
]


# ------------------------------------------------------------------ the API


def parse_log(
    text: str | bytes,
    *,
    source: str = "<string>",
    input_format: InputFormat | None = None,
    memo: bool = True,
    partial: bool = False,
) -> ParsedLog:
    """Parse the text of a log.

    Args:
        text: the log; bytes are decoded as UTF-8 (a BOM and CRLF line ends
            are accepted in either form).
        source: the name used in error messages, usually the path.
        input_format: ``"ledger"``, ``"commands"`` or ``"json"`` (the site's
            game JSON, also gzip-compressed); detected when ``None``.
        memo: parse each distinct piece of text once per process (the
            default). ``False`` parses every row whole with the full
            grammar: much slower, same result; the reference the fast path
            is tested against.
        partial: accept a log that was cut off in its last row: when the
            text does not end with a line break and only its last row is
            malformed, that row is left out and the syntax error becomes a
            warning in :attr:`ParsedLog.warnings`.

    Returns:
        The rows of the log with their typed actions.

    Raises:
        LogSyntaxError: the text does not follow the grammar.
        InputError: the text is empty or binary.
    """
    if input_format == "json" or (input_format is None and looks_like_json(text[:64])):
        from tmlog.games.terra_mystica.parse import site_json

        return site_json.parse(text, source, lambda t: _ledger_rows(t, source, memo), _bind)
    if input_format is None and may_be_other_json(text[:64]):
        from tmlog.games.terra_mystica.parse.site_json import other_json

        if (kind := other_json(text)) is not None:
            raise InputError(source, f"not a game JSON: the top level is {kind}, not an object")
    text = normalize(text, source)
    if not text.strip():
        raise InputError(source, "empty log: no rows")
    fmt = input_format or detect_format(text)
    if fmt not in INPUT_FORMATS:
        raise ValueError(f"unknown input format {fmt!r} (expected one of {INPUT_FORMATS})")
    read_rows = _ledger_rows if fmt == "ledger" else _command_rows
    try:
        return ParsedLog(source=source, format=fmt, rows=read_rows(text, source, memo))
    except LogSyntaxError as err:
        last = text.count("\n") + 1
        if not partial or text.endswith("\n") or err.line != last or last == 1:
            raise
        cut = text[: text.rfind("\n") + 1]
        rows = read_rows(cut, source, memo)
        note = f"{source}:{err.line}: last row is cut off and was left out ({err.unexpected})"
        return ParsedLog(source=source, format=fmt, rows=rows, warnings=[note])


def parse_file(
    path: str | os.PathLike[str], input_format: InputFormat | None = None, *, partial: bool = False
) -> ParsedLog:
    """Read and parse a log file (``-`` reads standard input); see :func:`parse_log`.

    Raises:
        InputError: the file cannot be read, or is not UTF-8 text.
        LogSyntaxError: the text does not follow the grammar.
    """
    name = os.fspath(path)
    source = "<stdin>" if name == STDIN else name
    return parse_log(read_bytes(name), source=source, input_format=input_format, partial=partial)


def parse_for_command(
    data: bytes | str, source: str, input_format: str | None, *, partial: bool
) -> ParsedLog:
    """A log as every command reads it (the game's ``parse``, and ``replay``'s and
    ``render``'s): :func:`parse_log`, and a text read as a ledger must have a
    ledger row."""
    fmt = cast("InputFormat | None", input_format)
    parsed = parse_log(data, source=source, input_format=fmt, partial=partial)
    if fmt == "ledger" and not any(row.recorded is not None for row in parsed.rows):
        # Every row a ledger does not record values in is a comment: a command
        # log read as a ledger is all comments, and replays nothing ("OK … 0
        # factions"). The parser reads such a fragment; a command refuses it.
        raise InputError(
            source,
            "not a ledger: no row has a faction and its values (tab-separated);"
            " a command log is read as commands",
        )
    return parsed


_LEDGER_ROW = re.compile(r"^[A-Za-z]+\t", re.MULTILINE)


def detect_format(text: str) -> InputFormat:
    """``"json"`` for a JSON object, ``"ledger"`` if some row has the ledger's shape
    (a faction cell and a tab), else ``"commands"``.

    >>> detect_format("nomads: build A5")
    'commands'
    >>> detect_format("nomads\\t\\t20 VP\\t...")
    'ledger'
    >>> detect_format('{"ledger": []}')
    'json'
    """
    if looks_like_json(text[:64]):
        return "json"
    return "ledger" if _LEDGER_ROW.search(text) else "commands"


def clear_cache() -> None:
    """Forget every memoised parse (the parsers themselves stay built)."""
    for table in _MEMO.values():
        table.clear()


# ------------------------------------------------------------- the memo

_MEMO: dict[str, dict[str, Any]] = {}
"""One table a kind of piece, each bounded as :func:`.rows.remember` says."""


def _table(name: str) -> dict[str, Any]:
    return _MEMO.setdefault(name, {})


# ---------------------------------------------------------------- binding


# ------------------------------------------------------ rows of commands

_BLANK = " \t\f\r"  # what the grammars ignore between tokens


def _sub_commands(parser: Callable[[], Lark], text: str, start: int) -> list[Action]:
    """The sub-commands of ``text[start:]`` (:func:`.rows.sub_commands`); one that has
    no common shape is read by the ``command`` rule of ``parser()``."""

    def read(key: str, at: int) -> Action:
        try:
            return cast(Action, parse_piece(parser(), "command", key, END_OF_COMMAND))
        except PieceError as err:
            err.column += at
            raise

    # With a reader the answer is never None.
    return cast(list[Action], _split_commands(text, start, _table("command"), read))


def _whole_line(line: str) -> LineResult:
    """A command-log row parsed whole by the ``line`` rule, legacy rewrites applied."""
    parsed: LineResult = parse_piece(_commands_parser(), "line", line, END_OF_LINE)
    return LineResult(parsed.faction, rewrite_row(parsed.faction, parsed.actions))


def _framed_line(line: str) -> LineResult:
    """A command-log row framed like the engine's ``clean_commands``.

    The comment starts at the first '#', the faction prefix ends at the first
    ':', and sub-commands are split at '.' (none of them can contain these
    characters). Rows without a faction prefix (admin rows, comments) are
    parsed whole.
    """
    hash_at = line.find("#")
    body = line if hash_at < 0 else line[:hash_at]
    colon = body.find(":")
    if colon < 0:
        return _whole_line(line)
    try:
        faction = cast(Faction, Faction.parse(body[:colon].strip(_BLANK)))
    except ValueError:
        return _whole_line(line)  # not a faction: the grammar reports it
    actions: list[Action] = []
    if hash_at >= 0:  # the engine emits a row's comment before its commands
        actions.append(comment_action(line[hash_at:], hash_at + 1))
    actions.extend(_sub_commands(_commands_parser, body, colon + 1))
    return LineResult(faction, rewrite_row(faction, actions))


def _command_rows(text: str, source: str, memo: bool) -> list[Row]:
    lines = _table("line")
    parse = _framed_line if memo else _whole_line
    rows: list[Row] = []
    for number, line in enumerate(text.split("\n"), 1):
        result: LineResult | None = lines.get(line) if memo else None
        if result is None:
            if not line or line.isspace():
                continue
            try:
                result = parse(line)
            except PieceError as err:
                raise syntax_error(err, source, number, line, 0) from None
            if memo:
                _remember(lines, line, result)
        faction = result.faction
        actions = tuple([_bind(t, faction, number, 0) for t in result.actions])
        rows.append(Row(number, faction, actions, line))
    return rows


# ----------------------------------------------------------------- ledgers

_CELL_NAMES = (
    "the faction cell",
    "the ΔVP cell",
    "the VP cell (like '20 VP')",
    "the ΔC cell",
    "the C cell (like '15 C')",
    "the ΔW cell",
    "the W cell (like '3 W')",
    "the ΔP cell",
    "the P cell (like '1 P')",
    "the ΔPW cell",
    "the PW cell (like '5/7/0 PW')",
    "the ΔCULT cell",
    "the CULT cell (like '0/1/1/0')",
    "the leech cell",
    "the commands cell",
)

_WORDY_CELLS = ("faction_cell", "command_cell")
"""Cells whose errors name a word; the others are single value tokens."""

_MISSING = object()


def _cell_count_error(source: str, number: int, line: str, cells: list[str]) -> LogSyntaxError:
    if len(cells) < len(_CELL_RULES):
        column = len(line) + 1
        unexpected = "end of row"
        expected = [f"a tab, then {_CELL_NAMES[len(cells)]}"]
    else:
        column = sum(len(c) + 1 for c in cells[: len(_CELL_RULES)])
        unexpected = "a tab"
        expected = ["end of row (a ledger row has 15 tab-separated cells)"]
    return LogSyntaxError(source, number, column, unexpected, expected, context(line, column))


def _comment_row(text: str) -> Action:
    """An engine comment as its action; any other comment row is a user comment."""
    common = fast.comment_row(text)
    if common is not None:
        return common
    from lark.exceptions import UnexpectedInput

    try:
        action = _ledger_parser().parse(text, start="comment_row")
    except UnexpectedInput:
        return Comment(text=text, column=1)
    return cast(Action, action)


def _cell(rule: str, text: str) -> Any:
    """One cell's value; a commands cell is split into its sub-commands.

    A value cell is one terminal of ledger.lark (`vp_cell: VP_VALUE`, …): the
    terminal, matched against the whole cell, decides exactly what the parser
    would (:func:`.fast.cell`); anything else, every malformed cell included,
    goes to the parser, which reports the error.
    """
    if rule == "command_cell":
        return tuple(_sub_commands(_ledger_parser, text, 0))
    value = fast.cell(rule, text)
    if value is not fast.MISSING:
        return value
    return parse_piece(_ledger_parser(), rule, text, END_OF_CELL)


def _reference_cell(rule: str, text: str) -> Any:
    """One cell's value, a commands cell parsed whole by its grammar rule."""
    return parse_piece(_ledger_parser(), rule, text, END_OF_CELL)


def _value_error(err: PieceError, cell: str) -> PieceError:
    """A value cell is one token: the error shows all of what is there."""
    if err.unexpected.startswith("'"):
        err.unexpected = f"'{cell[err.column - 1 :].strip()}'"
    return err


def _parse_cell(
    i: int, cells: list[str], tables: list[dict[str, Any]], memo: bool, where: tuple[str, int, str]
) -> Any:
    """The value of a row's cell ``i``, not seen yet: parsed, and memoised."""
    cell = cells[i]
    rule = _CELL_RULES[i]
    try:
        try:
            value = (_cell if memo else _reference_cell)(rule, cell)
        except PieceError as err:
            raise (err if rule in _WORDY_CELLS else _value_error(err, cell)) from None
    except PieceError as err:
        source, number, line = where
        offset = sum(len(c) + 1 for c in cells[:i])
        raise syntax_error(err, source, number, line, offset) from None
    if memo:
        _remember(tables[i], cell, value)
    return value


def _parse_cells(
    cells: list[str], tables: list[dict[str, Any]], memo: bool, where: tuple[str, int, str]
) -> list[Any]:
    """The values of a row's cells, parsing (and memoising) those not seen yet."""
    values: list[Any] = []
    for i, cell in enumerate(cells):
        value = tables[i].get(cell, _MISSING)
        if value is _MISSING:
            value = _parse_cell(i, cells, tables, memo, where)
        values.append(value)
    return values


def _ledger_rows(text: str, source: str, memo: bool) -> list[Row]:
    """The rows of a ledger: :func:`.rows.ledger_rows`, which asks here for what is new."""
    comments: dict[str, Action] = _table("comment_row") if memo else {}
    tables = [_table(rule) if memo else {} for rule in _CELL_RULES]

    def read_comment(line: str, number: int) -> Action:
        template = _comment_row(line)
        if memo:
            _remember(comments, line, template)
        return template

    def read_cell(i: int, cells: list[str], number: int, line: str) -> Any:
        return _parse_cell(i, cells, tables, memo, (source, number, line))

    def wrong_count(cells: list[str], number: int, line: str) -> NoReturn:
        # Report a bad cell first: a cut-off row ends in one.
        _parse_cells(cells[: len(_CELL_RULES)], tables, memo, (source, number, line))
        raise _cell_count_error(source, number, line, cells)

    return _read_ledger_rows(
        text,
        comments,
        tables,
        read_comment,
        read_cell,
        wrong_count,
        fast_values=memo,
        command_memo=_table("command") if memo else None,
    )
