"""The ledger's row loop: every row of every game passes here (compiled in the compiled build).

Framing and the memo are explained in :mod:`tmlog.games.terra_mystica.parse`;
this module turns the text of a ledger into rows from the memo, reads a
piece not seen yet itself when :mod:`.fast` reads it (a value cell, a
commands cell whose sub-commands all have common shapes), and hands anything
else (a rare shape, every malformed row) to the callables it is given, which
parse it (and report errors) in the package. So it imports no Lark and nothing
of the grammar.

It runs for every row, so it builds the actions through their instance
dictionaries (a frozen dataclass's ``__init__`` sets each field through
``object.__setattr__``, and ``dataclasses.replace`` is several times slower
still) and the rows, named tuples, with ``tuple.__new__`` (a named tuple's own
``__new__`` is a Python function). The bound copies are equal to what those
would build (position fields are not compared; the tests compare the rows with
the grammar's, positions included).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final, NoReturn

from tmlog.games.terra_mystica.model.actions import Action, Comment, Setup
from tmlog.games.terra_mystica.model.enums import Faction
from tmlog.games.terra_mystica.parse import fast
from tmlog.games.terra_mystica.parse.log import Recorded, Row

ReadComment = Callable[[str, int], Action]
"""A comment row not in the memo (its text and line) → its template action."""
ReadCell = Callable[[int, list[str], int, str], Any]
"""A cell not in the memo (its index, the row's cells, line number, text) → its value;
raises the row's syntax error if the cell is malformed."""
ReadCommand = Callable[[str, int], Action]
"""A sub-command neither the memo nor :mod:`.fast` reads (its text, its column in the
text it was split from) → its template, from the grammar; raises its syntax error there."""
WrongCount = Callable[[list[str], int, str], NoReturn]
"""A ledger row whose cells are not 15 (cells, line number, text): raises its syntax error."""

# Final: the compiled build keeps these in C variables, not in the module's dict.
_new: Final = object.__new__
_new_tuple: Final = tuple.__new__  # a named tuple's own __new__ is a Python function
_MISSING: Final = object()
_FAST_MISSING: Final = fast.MISSING
_COMMENT: Final = Comment
_SETUP: Final = Setup
_RECORDED: Final = Recorded
_ROW: Final = Row


CELL_RULES: Final = (
    "faction_cell",
    "delta_cell",
    "vp_cell",
    "delta_cell",
    "c_cell",
    "delta_cell",
    "w_cell",
    "delta_cell",
    "p_cell",
    "delta_cell",
    "pw_cell",
    "delta_cell",
    "cult_cell",
    "leech_cell",
    "command_cell",
)
"""The grammar rule (start symbol) of each of the 15 cells of a ledger action row."""

MEMO_LIMIT: Final = 100_000
"""Entries per memo table; a full table is emptied (bounded memory on huge inputs)."""

MEMO_KEY_LIMIT: Final = 1000
"""Longest text memoised: real rows are under 300 characters, and a long one is
seldom seen twice; without it the tables' memory was bounded by their entry
count alone (100,000 rows of up to a megabyte each)."""


def remember(table: dict[str, Any], key: str, value: Any) -> None:
    """Memoise ``value`` for ``key`` within the limits above."""
    if len(key) > MEMO_KEY_LIMIT:
        return
    if len(table) >= MEMO_LIMIT:
        table.clear()
    table[key] = value


_BLANK: Final = " \t\f\r"  # what the grammars ignore between tokens


def sub_commands(
    text: str, start: int, memo: dict[str, Action], read: ReadCommand | None
) -> list[Action] | None:
    """The sub-commands of ``text[start:]``, split at '.' as ``faction_commands`` says.

    Each distinct sub-command (blanks around it stripped) is read once: from
    ``memo``, else by :func:`.fast.command` if it has a common shape, else by
    ``read`` (the grammar; with none, the answer is ``None``); columns are
    relative to ``text``. Here, with the row loop, so that each new commands
    cell is split and bound in compiled code.
    """
    out: list[Action] = []
    pos = start
    for piece in text[start:].split("."):
        key = piece.strip(_BLANK)
        if key:
            at = pos + piece.index(key)
            template = memo.get(key)
            if template is None:
                template = fast.command(key)
                if template is None:
                    if read is None:
                        return None
                    template = read(key, at)
                remember(memo, key, template)
            out.append(bind(template, None, 0, at))
        pos += len(piece) + 1
    return out


def bind(template: Action, faction: Faction | None, line: int, offset: int) -> Action:
    """A copy of a memoised action placed in its row: faction, line, column.

    Position fields are excluded from equality and the template is shared.
    """
    fields: dict[str, Any] = template.__dict__.copy()
    fields["line"] = line
    if offset:
        # The copy's item, not template.column: a typed dict lookup, not an attribute's.
        fields["column"] += offset
    kind = type(template)
    if faction is not None and kind is not _COMMENT:
        fields["faction"] = faction
        if kind is _SETUP and fields["chosen"] is None:
            fields["chosen"] = faction  # the bare `setup` of a ledger row
    new: Action = _new(kind)
    # Spelt out, not through an alias: the compiled build calls
    # PyObject_GenericSetAttr directly instead of the slot wrapper (two argument tuples).
    object.__setattr__(new, "__dict__", fields)
    return new


def ledger_rows(
    text: str,
    comments: dict[str, Action],
    tables: list[dict[str, Any]],
    read_comment: ReadComment,
    read_cell: ReadCell,
    wrong_count: WrongCount,
    fast_values: bool = False,
    command_memo: dict[str, Action] | None = None,
) -> list[Row]:
    """The rows of a ledger's text.

    ``comments`` holds the template of each comment row seen, ``tables`` the
    value of each cell seen, one table per cell of an action row. Cells are
    looked up in order and the first one missing or malformed is read (and
    its error raised) before any after it, as a parse of the whole row would.

    ``fast_values``: a value cell (neither the faction's nor the commands')
    not seen yet is first tried here with :func:`.fast.cell`, as ``read_cell``
    would, and memoised; only what that leaves (a malformed cell, a rare
    shape) goes to ``read_cell``. Saves the interpreted call for each new
    number of a game; off for callers whose tables are not the memo.
    ``command_memo``: the memo of sub-commands; with it a commands cell not
    seen yet is first read by :func:`sub_commands` without the grammar.
    """
    rows: list[Row] = []
    number = 0
    for line in text.split("\n"):
        number += 1
        if "\t" not in line:
            if not line:
                continue
            template = comments.get(line)
            if template is None:
                template = read_comment(line, number)
            comment = bind(template, None, number, 0)
            rows.append(_new_tuple(_ROW, (number, None, (comment,), line, None)))
            continue

        cells = line.split("\t")
        if len(cells) != 15:
            wrong_count(cells, number, line)
        else:
            # One typed lookup a cell (compiled: a direct dict call, no map() of a
            # method descriptor); a cell not seen yet of a common shape is read
            # here, and only anything else (a malformed cell) leaves the loop.
            values = []
            for i in range(15):
                cell = cells[i]
                value = tables[i].get(cell, _MISSING)
                if value is _MISSING:
                    if fast_values and 0 < i < 14:
                        value = fast.cell(CELL_RULES[i], cell)
                        if value is not _FAST_MISSING:
                            remember(tables[i], cell, value)
                            values.append(value)
                            continue
                    elif i == 14 and command_memo is not None:
                        commands_read = sub_commands(cell, 0, command_memo, None)
                        if commands_read is not None:
                            value = tuple(commands_read)
                            remember(tables[i], cell, value)
                            values.append(value)
                            continue
                    value = read_cell(i, cells, number, line)
                values.append(value)
        (faction, d_vp, vp, d_c, c, d_w, w, d_p, p, d_pw, pw, d_cult, cults, leech, commands) = (
            values
        )
        offset = len(line) - len(cells[14])
        actions = tuple([bind(template, faction, number, offset) for template in commands])
        recorded: Recorded = _new_tuple(
            _RECORDED, (vp, c, w, p, pw, cults, d_vp, d_c, d_w, d_p, d_pw, d_cult, leech)
        )
        row: Row = _new_tuple(_ROW, (number, faction, actions, line, recorded))
        rows.append(row)
    return rows
