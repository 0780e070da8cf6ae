"""JSON inputs (a game JSON, a results file) read into Python values.

``json.loads`` fails in three ways besides malformed text, none of them a
:class:`json.JSONDecodeError`: a :class:`RecursionError` for arrays or
objects nested deeper than the interpreter's recursion limit, and a bare
:class:`ValueError` for an integer of more digits than Python converts
(``sys.get_int_max_str_digits()``, 4,300 unless set otherwise). :func:`loads`
turns each into a :class:`JsonError` naming the input, at the line and
column of the fault where it is known.
"""

from __future__ import annotations

import itertools
import re
import sys
from typing import Any

from tmlog.errors import InputError


class JsonError(InputError):
    """Text that cannot be read as JSON; ``reason`` says why (no "not JSON" before it)."""


_STRING = rb'"[^"\\]*(?:\\.[^"\\]*)*"'
"""A JSON string (its escapes included), skipped whole so that its digits are not taken
for a number."""


def loads(data: str | bytes, source: str) -> Any:
    """The value of a JSON text; bytes are decoded as :func:`json.loads` decodes them.

    Raises:
        JsonError: not JSON, nested too deeply, or holding an integer too long
            to convert.
        UnicodeDecodeError: bytes that are not text in the encoding they start in.
    """
    import json  # on first use: a ledger or a command log needs none

    if isinstance(data, bytes):
        data = data.decode(json.detect_encoding(data), "surrogatepass")
    try:
        return json.loads(data)
    except json.JSONDecodeError as err:
        raise JsonError(source, err.msg, line=err.lineno, column=err.colno) from None
    except RecursionError:
        raise JsonError(source, "nested too deeply") from None
    except ValueError as err:
        # Only int() raises a plain ValueError from json.loads: a number too long.
        limit = sys.get_int_max_str_digits()
        line, column = _long_number(data, limit) if limit else (None, None)
        raise JsonError(
            source,
            f"a number of more than {limit:,} digits" if limit else str(err),
            line=line,
            column=column,
        ) from None


def _long_number(text: str, limit: int) -> tuple[int | None, int | None]:
    """Line and column of the first number of more than ``limit`` digits outside a string.

    Found again by scanning the text, strings skipped whole: ``json.loads``
    does not say where (only on this failing path, so it costs nothing to
    the JSON that reads).
    """
    raw = text.encode("utf-8", "surrogatepass")
    # Not the digits of a float (before or after its point or exponent): those read.
    found = re.compile(_STRING + rb"|(?<![0-9.eE+-])-?([0-9]{%d,})(?![0-9.eE])" % (limit + 1))
    for match in found.finditer(raw):
        if match.group(1) is not None:
            before = raw[: match.start()].decode("utf-8", "surrogatepass")
            line = before.count("\n") + 1
            return line, len(before) - (before.rfind("\n") + 1) + 1
    return None, None


def json_prefix(value: Any, length: int, *, ensure_ascii: bool = True) -> str:
    """The first ``length`` characters of ``json.dumps(value)``, for an error message.

    Written piece by piece, without recursion: :func:`loads` reads a value
    nested nearly as deep as the recursion limit, which ``json.dumps``, called
    a few frames deeper, may not write (a results file nested 991 deep gave
    ``RecursionError``); and a large value is not written out whole to show
    its start.

    >>> json_prefix([1, {"a": [None, True]}, "é"], 100, ensure_ascii=False)
    '[1, {"a": [null, true]}, "é"]'
    >>> json_prefix([[[[0]]]], 3)
    '[[['
    """
    import json

    out: list[str] = []
    size = 0
    # Each entry is a value to write, or a str of punctuation wrapped in a tuple.
    stack: list[Any] = [value]
    while stack and size < length:
        item = stack.pop()
        if isinstance(item, tuple):
            piece = item[0]
        elif isinstance(item, list):
            piece = "["
            stack.append(("]",))
            # No more children than characters to show: each takes one at least.
            for i in range(min(len(item), length) - 1, -1, -1):
                stack.append(item[i])
                if i:
                    stack.append((", ",))
        elif isinstance(item, dict):
            piece = "{"
            stack.append(("}",))
            pairs = list(itertools.islice(item.items(), length))
            for i in range(len(pairs) - 1, -1, -1):
                key, child = pairs[i]
                stack.append(child)
                stack.append((json.dumps(str(key), ensure_ascii=ensure_ascii) + ": ",))
                if i:
                    stack.append((", ",))
        else:
            piece = json.dumps(item, ensure_ascii=ensure_ascii)
        out.append(piece)
        size += len(piece)
    return "".join(out)[:length]
