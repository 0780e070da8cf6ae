"""The game JSON of terra.snellman.net as a log: the third input format, ``json``.

What the site's game view (``/app/view-game/?game=ID``, ``src/Server/ViewGame.pm``)
serves is the result of the reference engine's ``evaluate_game``
(``src/tracker.pm``) plus ``metadata`` and chat counts. Its ``ledger`` is the
same ledger the site's text export shows, one object per row:

- ``{"comment": "Round 1 income"}``: a comment row;
- ``{"faction": "witches", "commands": "build E5", "warning": "",
  "leech": {"blue": 2}, "VP": {"delta": 0, "value": 20}, "C": …, "W": …, "P": …,
  "P1": …, "P2": …, "P3": …, "FIRE": …, "WATER": …, "EARTH": …, "AIR": …,
  "PW": {"delta": 0, "value": "5/7/0"}, "CULT": {"delta": 0, "value": "0/1/1/0"}}``:
  an action row with the faction's resources after it.

:func:`ledger_text` writes those rows in the text export's format (what the
site's page shows and what ``ledger`` logs are: the same cells, deltas ``+n``,
``-n`` or blank, leech amounts ordered by the receiver's colour), so a game
JSON is parsed, replayed and audited exactly as its ledger text is. Line
``N`` of a game JSON is its ledger row ``N`` (``ledger[N-1]``); a row that
does not follow the format is reported by its JSON path (``ledger[16].VP.value``).
Numbers are whole numbers (``true`` is not 1, nor ``20.5`` a VP count). The
bowls and cults a row gives twice, as text (``PW``, ``CULT``) and one by one
(``P1``–``P3``, ``FIRE``–``AIR``), must agree: the audit compares the text
with the replay, so a part that disagrees is an error of the row.

The rest of the JSON gives the setup the site passed to the engine from its
database and the ledger may lack (:func:`header_rows`): the ``options`` a
game was created with (``option X`` rows), the map (``map_variant``, at the
top or in ``metadata``: a ``map ID`` row) and the players' names
(``Player N: name`` rows, which the ledger has only when the engine wrote them).
"""

from __future__ import annotations

import zlib
from collections.abc import Callable
from typing import Any

from tmlog.errors import InputError, LogSyntaxError
from tmlog.games.terra_mystica.model.actions import Action
from tmlog.games.terra_mystica.model.enums import Faction
from tmlog.games.terra_mystica.parse.json_head import GZIP_MAGIC, may_be_other_json
from tmlog.games.terra_mystica.parse.log import ParsedLog, Row
from tmlog.json_input import JsonError, json_prefix, loads
from tmlog.reading import MAX_BYTES

_VALUES = (("VP", "VP"), ("C", "C"), ("W", "W"), ("P", "P"), ("PW", "PW"), ("CULT", ""))
"""The value cells of a ledger row: (JSON key, unit after the value)."""

CELL_PATHS = (
    "faction",
    *(f"{key}.{part}" for key, _ in _VALUES for part in ("delta", "value")),
    "leech",
    "commands",
)
"""The JSON path (below ``ledger[i]``) of each of the 15 cells of a ledger row."""


def gunzip(data: bytes, source: str) -> bytes:
    """``data`` decompressed if it is gzip (a ``.json.gz``), at most :data:`MAX_BYTES`."""
    if not data.startswith(GZIP_MAGIC):
        return data
    try:
        stream = zlib.decompressobj(16 + zlib.MAX_WBITS)
        out = stream.decompress(data, MAX_BYTES + 1)
    except zlib.error as err:
        raise InputError(source, f"not a readable gzip file ({err})") from None
    if len(out) > MAX_BYTES:
        raise InputError(source, f"too large for a game log (over {MAX_BYTES:,} bytes unpacked)")
    if not stream.eof:
        raise InputError(source, "not a readable gzip file (cut off)")
    return out


def load(data: bytes | str, source: str) -> dict[str, Any]:
    """The game JSON's object, checked to hold a ``ledger`` list."""
    if isinstance(data, bytes):
        raw = gunzip(data, source)
        try:
            data = raw.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise InputError(
                source, f"not UTF-8 text: byte 0x{raw[exc.start]:02x} at offset {exc.start}"
            ) from None
    data = data.removeprefix("\ufeff")
    if len(data) > MAX_BYTES:
        raise InputError(source, f"too large for a game log ({len(data):,} characters)")
    try:
        game = loads(data, source)
    except JsonError as err:
        raise InputError(
            source, f"not valid JSON: {err.reason}", line=err.line, column=err.column
        ) from None
    if not isinstance(game, dict):
        raise InputError(source, f"not a game JSON: the top level is {_kind(game)}, not an object")
    if not isinstance(game.get("ledger"), list):
        raise InputError(
            source,
            "not a game JSON: no 'ledger' list (the site's /app/view-game/ JSON has one)",
        )
    return game


def _kind(value: Any) -> str:
    """What a JSON value is, in words (``a list``, ``null``)."""
    if value is None or isinstance(value, bool):
        return "null" if value is None else "true" if value else "false"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, (int, float)):
        return "a number"
    return "a list" if isinstance(value, list) else "an object"


def other_json(data: bytes | str) -> str | None:
    """What a log that is JSON, but not an object, holds at its top level (``a list``,
    ``null``); ``None`` if it is not such JSON.

    :func:`.json_head.looks_like_json` tells a game JSON by its first character;
    without this, ``[]`` or ``null`` were read as a command log.
    """
    if not may_be_other_json(data[:64]):
        return None
    if isinstance(data, bytes):
        try:
            data = data.decode("utf-8-sig")
        except UnicodeDecodeError:
            return None
    try:
        value = loads(data.removeprefix("\ufeff"), "")
    except JsonError:
        return None
    return _kind(value)


def _bad(source: str, path: str, what: str) -> InputError:
    return InputError(source, f"{path}: {what}")


def _shown(value: Any) -> str:
    """The start of a JSON value, as an error message quotes it."""
    return json_prefix(value, 40)


def _text(value: Any, source: str, path: str) -> str:
    if not isinstance(value, str):
        raise _bad(source, path, f"expected a string, got {_shown(value)}")
    if "\n" in value or "\r" in value or "\t" in value:
        raise _bad(source, path, "a line break or tab cannot be in a ledger cell")
    return value


def _number(value: Any, source: str, path: str) -> str | None:
    """A delta or value as its cell shows it (``None``: not a number, such as a string).

    Raises:
        InputError: ``true``, ``false`` or a number with a fraction.
    """
    if isinstance(value, bool):
        # A bool is an int to Python: true would be read as 1.
        raise _bad(source, path, f"expected a number, got {_shown(value)}")
    if isinstance(value, float):
        if not value.is_integer():
            raise _bad(source, path, f"expected a whole number, got {_shown(value)}")
        value = int(value)
    return str(value) if isinstance(value, int) else None


def _cell(field: Any, unit: str, source: str, path: str) -> tuple[str, str]:
    """The delta and value cells of one ``{"delta": …, "value": …}`` field."""
    # The site's own cells first: an int delta, an int or text value (exactly
    # int: a bool is one too). Some 5,000 a game.
    if type(field) is dict and type(delta := field.get("delta")) is int:
        value = field.get("value")
        kind = type(value)
        shown = (
            str(value)
            if kind is int
            else _text(value, source, f"{path}.value")
            if kind is str
            else None
        )
        if shown is not None:
            cell = "" if delta == 0 else f"+{delta}" if delta > 0 else str(delta)
            return cell, f"{shown} {unit}".strip()
    delta_cell, value = _field(field, source, path)
    number = _number(value, source, f"{path}.value")
    if number is None:
        if not isinstance(value, str):
            what = "a string" if unit in ("PW", "") else "a number"
            raise _bad(source, f"{path}.value", f"expected {what}, got {_shown(value)}")
        number = _text(value, source, f"{path}.value")
    return delta_cell, f"{number} {unit}".strip()


def _field(field: Any, source: str, path: str) -> tuple[str, Any]:
    """The delta cell and the value of one ``{"delta": …, "value": …}`` field."""
    if not isinstance(field, dict):
        raise _bad(source, path, "expected an object with 'delta' and 'value'")
    delta = field.get("delta", 0)
    shown = _number(delta, source, f"{path}.delta") if delta not in ("", None) else "0"
    if shown is None:
        raise _bad(source, f"{path}.delta", f"expected a number, got {_shown(delta)}")
    delta_cell = "" if shown == "0" else (shown if shown.startswith("-") else f"+{shown}")
    if "value" not in field:
        raise _bad(source, f"{path}.value", "missing")
    return delta_cell, field["value"]


_PARTS = (("PW", ("P1", "P2", "P3")), ("CULT", ("FIRE", "WATER", "EARTH", "AIR")))
"""The fields a row gives twice: the power bowls (``PW.value`` ``"5/7/0"``, and
``P1``–``P3``) and the cult positions (``CULT.value`` ``"0/1/1/0"``, and
``FIRE``–``AIR``)."""


def _check_parts(row: dict[str, Any], source: str, path: str) -> None:
    """Each of ``P1``–``P3`` and ``FIRE``–``AIR`` is a whole number that agrees with the
    ``PW`` or ``CULT`` value it is a part of.

    The ledger text has only ``PW`` and ``CULT``, which the audit compares
    with the replay; a part that disagrees would go unchecked (``P2.value:
    "garbage"`` was read as "OK, 314 rows match"), so the row is refused.
    """
    for whole, parts in _PARTS:
        written = row[whole].get("value") if type(row[whole]) is dict else None
        # The site's own rows first: each part a field of two ints, and together
        # the whole's text. Some 800 a game.
        shown: list[str] = []
        for key in parts:
            field = row.get(key)
            if type(field) is not dict or type(field.get("delta")) is not int:
                break
            value = field.get("value")
            if type(value) is not int:
                break
            shown.append(str(value))
        else:
            if "/".join(shown) == written:
                continue
        _check_part(row, whole, parts, source, path)


def _check_part(
    row: dict[str, Any], whole: str, parts: tuple[str, ...], source: str, path: str
) -> None:
    """:func:`_check_parts` of one whole, cell by cell, naming the first that is wrong."""
    written = row[whole].get("value") if isinstance(row[whole], dict) else None
    values = written.split("/") if isinstance(written, str) else []
    for i, key in enumerate(parts):
        if key not in row:
            raise _bad(source, f"{path}.{key}", "missing")
        _, value = _field(row[key], source, f"{path}.{key}")
        at = f"{path}.{key}.value"
        number = _number(value, source, at)
        if number is None:
            raise _bad(source, at, f"expected a number, got {_shown(value)}")
        if len(values) == len(parts) and values[i].strip() != number:
            raise _bad(
                source, at, f"{number} disagrees with {path}.{whole}.value {_shown(written)}"
            )


def row_text(row: Any, index: int, source: str) -> str:
    """One ledger row of the JSON as a line of the text export."""
    path = f"ledger[{index}]"
    if not isinstance(row, dict):
        raise _bad(source, path, "expected an object (a comment or an action row)")
    if "comment" in row:
        return _text(row["comment"], source, f"{path}.comment")
    if "faction" not in row or "commands" not in row:
        raise _bad(source, path, "expected 'comment', or 'faction' and 'commands'")
    cells = [_text(row["faction"], source, f"{path}.faction")]
    for key, unit in _VALUES:
        if key not in row:
            raise _bad(source, f"{path}.{key}", "missing")
        cells += _cell(row[key], unit, source, f"{path}.{key}")
    _check_parts(row, source, path)
    leech = row.get("leech") or {}
    if not isinstance(leech, dict):
        raise _bad(source, f"{path}.leech", "expected an object (receiver colour: power)")
    amounts = []
    for colour, amount in sorted(leech.items()):
        shown = _number(amount, source, f"{path}.leech.{colour}")
        if shown is None:
            raise _bad(source, f"{path}.leech.{colour}", "expected a number")
        amounts.append(shown)
    cells.append(" ".join(amounts))
    cells.append(_text(row["commands"], source, f"{path}.commands"))
    return "\t".join(cells)


def ledger_text(game: dict[str, Any], source: str) -> str:
    """The JSON's ledger as the site's text export, line ``N`` = ``ledger[N-1]``."""
    return "\n".join(row_text(row, i, source) for i, row in enumerate(game["ledger"])) + "\n"


def header_rows(game: dict[str, Any], ledger: str, source: str) -> tuple[list[str], list[str]]:
    """Rows of the setup the site passed from its database, that the ledger lacks.

    Returns (rows before the ledger: ``option``, ``map``; ``Player N:`` rows,
    which go before the ledger's first action row).
    """
    lines = ledger.split("\n")
    first: list[str] = []
    options = game.get("options") or {}
    if not isinstance(options, dict):
        raise _bad(source, "options", "expected an object (option name: 1)")
    written = {line[7:].strip() for line in lines if line.startswith("option ")}
    for name, on in sorted(options.items()):
        if on and name not in written:
            first.append(f"option {_text(name, source, 'options')}")
    metadata = game.get("metadata")
    if not isinstance(metadata, dict):
        metadata = {}
    # The top level's, else the metadata's; null or "" is none. Named by its own path.
    map_path, map_id = next(
        (
            (path, value)
            for path, value in (
                ("map_variant", game.get("map_variant")),
                ("metadata.map_variant", metadata.get("map_variant")),
            )
            if value not in (None, "")
        ),
        ("", None),
    )
    if map_id is not None and not any(line.startswith("map ") for line in lines):
        first.append(f"map {_text(map_id, source, map_path)}")
    players: list[str] = []
    listed = game.get("players") or []
    if not isinstance(listed, list):
        raise _bad(source, "players", "expected a list")
    if not any(line.startswith("Player ") for line in lines):
        named = []
        for i, player in enumerate(listed):
            if not isinstance(player, dict):
                raise _bad(source, f"players[{i}]", "expected an object")
            name = player.get("displayname") or player.get("name") or player.get("username")
            index = player.get("index", i)
            named.append((index if isinstance(index, int) else i, i, name))
        for seat, (_, i, name) in enumerate(sorted(named), 1):
            if name:
                players.append(f"Player {seat}: {_text(name, source, f'players[{i}]')}")
    return first, players


def engine_error(game: dict[str, Any]) -> str | None:
    """What the site's engine reported as the game's error, if anything."""
    error = game.get("error")
    if isinstance(error, list) and error:
        return " ".join(str(e).strip() for e in error)
    if isinstance(error, str) and error.strip():
        return error.strip()
    return None


LedgerRows = Callable[[str], list[Row]]
"""The ledger parser: ledger text → its rows (line ``N`` = the text's line ``N``)."""
Bind = Callable[[Action, Faction | None, int, int], Action]
"""Places an action at a line (the parser's ``_bind``)."""


def parse(data: bytes | str, source: str, ledger_rows: LedgerRows, bind: Bind) -> ParsedLog:
    """A game JSON read as its ledger, with the setup rows it lacks put in.

    Raises:
        InputError: not JSON, not a game JSON, or a row that is not a ledger
            row (named by its JSON path, ``ledger[16].VP.value: …``).
    """
    game = load(data, source)
    text = ledger_text(game, source)
    try:
        rows = ledger_rows(text)
    except LogSyntaxError as err:
        index = err.line - 1
        line = text.split("\n")[index]
        path = f"ledger[{index}]." + (
            CELL_PATHS[min(line[: err.column - 1].count("\t"), 14)] if "\t" in line else "comment"
        )
        expected = "; expected " + " or ".join(err.expected[:6]) if err.expected else ""
        raise InputError(source, f"{path}: unexpected {err.unexpected}{expected}") from None
    first, players = header_rows(game, text, source)
    if first or players:
        at = next((i for i, row in enumerate(rows) if row.faction is not None), len(rows))
        start = rows[0].line if rows else 1
        setup = rows[at].line if at < len(rows) else start
        rows = (
            _placed(ledger_rows, bind, first, start)
            + rows[:at]
            + _placed(ledger_rows, bind, players, setup)
            + rows[at:]
        )
    warnings = []
    error = engine_error(game)
    if error is not None:
        warnings.append(f"{source}: the site's engine reported an error: {error}")
    return ParsedLog(source=source, format="ledger", rows=rows, warnings=warnings)


def _placed(ledger_rows: LedgerRows, bind: Bind, lines: list[str], line: int) -> list[Row]:
    """Rows made from the JSON's setup, placed at ``line`` (the ledger row they precede)."""
    if not lines:
        return []
    return [
        Row(line, None, tuple(bind(x, None, line, 0) for x in row.actions), row.text)
        for row in ledger_rows("\n".join(lines))
    ]
