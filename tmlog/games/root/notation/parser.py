"""Reading a Rootlog file: text → :class:`RootLog` (header, players, turns, winner).

Strict mode (``lenient=False``) rejects anything the spec does not allow;
lenient mode reads the deviations known from real logs
(:data:`~tmlog.games.root.notation.transformer.DEVIATIONS`) and says where
each one is in :attr:`RootLog.warnings`.

>>> log = parse_rootlog("Map: Fall\\nDeck: Standard\\nC: Ann\\nC:w->1+2\\nWinner: C\\n")
>>> log.map, [str(t) for t in log.turns], log.winner
('Fall', ['C:w->1+2'], ('C',))
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from lark import Lark
from lark.exceptions import UnexpectedCharacters, UnexpectedInput, UnexpectedToken, VisitError
from lark.lexer import PatternStr

from tmlog.dirs import grammar_tables
from tmlog.errors import LogSyntaxError
from tmlog.games.root.notation.actions import Action
from tmlog.games.root.notation.atoms import Hireling
from tmlog.games.root.notation.transformer import (
    Bad,
    Deviation,
    Player,
    RootlogTransformer,
    Turn,
)
from tmlog.reading import normalize

DEFAULT_CLEARINGS = ("F", "M", "R", "R", "R", "F", "M", "F", "M", "R", "M", "F")
"""The Fall map's printed suits, clearings 1-12 (spec: ``Clearings:`` is
omitted only on the Fall map)."""


@dataclass
class RootLog:
    """A parsed Rootlog file."""

    source: str
    map: str
    deck: str
    clearings: tuple[str, ...] | None
    """Suits of clearings 1-12 as written (None: no ``Clearings:`` line)."""
    landmarks: tuple[tuple[str, int], ...] = ()
    hirelings: tuple[Hireling, ...] = ()
    hireling_setup: tuple[Action, ...] = ()
    pool: tuple[str, ...] = ()
    players: tuple[Player, ...] = ()
    turns: tuple[Turn, ...] = ()
    winner: tuple[str, ...] | None = None
    winner_line: int = 0
    deviations: tuple[Deviation, ...] = ()
    warnings: list[str] = field(default_factory=list)
    lenient: bool = True
    """Read in lenient mode: a replay then also reports broken rules as warnings."""

    @property
    def suits(self) -> tuple[str, ...]:
        """Clearing suits, the Fall map's when none are written."""
        return self.clearings or DEFAULT_CLEARINGS

    @property
    def factions(self) -> tuple[str, ...]:
        """The players' factions in draft order (their player lines)."""
        return tuple(p.faction for p in self.players)

    def actions(self) -> Iterable[tuple[Turn, Action]]:
        for turn in self.turns:
            for action in turn.actions:
                yield turn, action


@functools.cache
def rootlog_parser() -> Lark:
    """The LALR parser of ``grammars/rootlog.lark`` (tables cached on disk)."""
    return Lark.open_from_package(
        "tmlog.grammars",
        "rootlog.lark",
        parser="lalr",
        lexer="contextual",
        propagate_positions=True,
        g_regex_flags=re.ASCII,
        cache=grammar_tables("rootlog"),
    )


_HUMAN = {
    "NUMBER": "a number",
    "FACTION": "a faction letter",
    "SUIT": "a suit (B, F, M, R)",
    "PIECE_TYPE": "a piece (w, p, b, t, f)",
    "ITEM_TYPE": "an item type",
    "CARD_NAME": "a card name",
    "AMBUSH": "'@'",
    "SUB": "a piece's letter after '_'",
    "SLOT_WORD": "a board slot key",
    "SLOT_MARK": "'$_'",
    "HIRELING_TYPE": "a hireling letter",
    "TURN_START": "a turn 'F:'",
    "PLAYER_LINE": "a player line 'F: name'",
    "MAP_NAME": "a map (Fall, Winter, Lake, Mountain)",
    "DECK_NAME": "a deck (Standard, E&P)",
    "LETTERS": "faction letters",
    "LANDMARK": "a landmark name",
    "GAIN": "'++'",
    "LOSS": "'--'",
    "AREA": "an item area (s, d, t)",
    "STATE": "an item state (r, e)",
    "VALUE": "a relationship value (h, a)",
    "DEMOTED": "'d'",
    "_SEP": "'/'",
    "_NL": "end of line",
    "$END": "end of file",
}


def _expected(lark: Lark, names: Iterable[str]) -> list[str]:
    words = {
        t.name: str(t.pattern.value) for t in lark.terminals if isinstance(t.pattern, PatternStr)
    }
    out = set()
    for name in names:
        if name in _HUMAN:
            out.add(_HUMAN[name])
        elif name in words:
            out.add(f"'{words[name]}'")
    return sorted(out)


_LONG_NUMBER = re.compile(r"[0-9]{100,}")
_WORD = re.compile(r"[A-Za-z0-9_]+|->|<->|\+\+|--|\S")


def _unexpected(text: str, pos: int) -> str:
    if pos >= len(text) or text[pos] == "\n":
        return "end of line" if pos < len(text) else "end of file"
    match = _WORD.match(text, pos)
    return f"'{match.group() if match else text[pos]}'"


def _context(text: str, line: int, column: int) -> str:
    lines = text.split("\n")
    row = lines[line - 1] if 0 < line <= len(lines) else ""
    return f"    {row}\n    {' ' * (column - 1)}^"


def parse_rootlog(data: bytes | str, *, source: str = "<string>", lenient: bool = True) -> RootLog:
    """Parse a Rootlog file.

    Raises:
        LogSyntaxError: the text breaks the notation (``source:line:col``, what was
            found and what was expected).
        InputError: the bytes are not text.
    """
    text = normalize(data, source)
    if not text.endswith("\n"):
        text += "\n"
    long_number = _LONG_NUMBER.search(text)
    if long_number:  # Python will not read one of over 4300 digits; none is over 2 in Root
        line = text.count("\n", 0, long_number.start()) + 1
        column = long_number.start() - text.rfind("\n", 0, long_number.start())
        raise LogSyntaxError(
            source, line, column, "a number of 100 digits or more", ["a shorter number"]
        )
    lark = rootlog_parser()
    try:
        tree = lark.parse(text)
    except UnexpectedToken as exc:
        token = exc.token
        if token.type == "$END":
            line, column = text.count("\n"), 1
            unexpected = "end of file"
        else:
            line, column = token.line or 1, token.column or 1
            unexpected = _unexpected(text, token.start_pos or 0)
        expected = _expected(lark, exc.accepts or exc.expected)
        raise LogSyntaxError(
            source, line, column, unexpected, expected, _context(text, line, column)
        ) from None
    except UnexpectedCharacters as exc:
        line, column = exc.line, exc.column
        expected = _expected(lark, exc.allowed or ())
        unexpected = _unexpected(text, exc.pos_in_stream or 0)
        raise LogSyntaxError(
            source, line, column, unexpected, expected, _context(text, line, column)
        ) from None
    except UnexpectedInput as exc:  # pragma: no cover - not raised by LALR
        raise LogSyntaxError(source, 1, 1, "text", [str(exc)]) from None
    transformer = RootlogTransformer(lenient)
    try:
        header, body = transformer.transform(tree)
    except VisitError as exc:
        bad = exc.orig_exc
        if not isinstance(bad, Bad):
            raise
        raise LogSyntaxError(
            source,
            bad.line,
            bad.column,
            bad.unexpected,
            [bad.expected],
            _context(text, bad.line, bad.column),
        ) from None
    log = _assemble(source, text, header, body, transformer.deviations)
    log.lenient = lenient
    return log


def _assemble(
    source: str,
    text: str,
    header: dict[str, Any],
    body: dict[str, Any],
    deviations: list[Deviation],
) -> RootLog:
    players: list[Player] = body["players"]
    named = {p.faction for p in players}

    def refused(line: int, unexpected: str, expected: str) -> LogSyntaxError:
        return LogSyntaxError(source, line, 1, unexpected, [expected], _context(text, line, 1))

    for player in players:
        if sum(p.faction == player.faction for p in players) > 1:
            raise refused(player.line, f"'{player.faction}:'", "each faction's player line once")
    # Player lines come before play (in ADSET each before its setup turn): one
    # after a faction's second turn is a turn written `A: phod`, or a header
    # moved down, and reading it as a player would hide the mistake.
    play = next((t.line for t in body["turns"] if not t.setup), None)
    for player in players:
        if play is not None and player.line > play:
            raise refused(
                player.line,
                f"'{player.faction}: {player.name}' after play began on line {play}",
                "a player line before the first turn of play (a turn has no blank after ':')",
            )
    named_on = {p.faction: p.line for p in players}
    for turn in body["turns"]:
        if named_on.get(turn.faction, turn.line + 1) > turn.line:
            raise refused(
                turn.line,
                f"'{turn.faction}:'",
                "a turn of a faction named on a player line above it",
            )
    winner, winner_line = body["winner"] or (None, 0)
    for letter in winner or ():
        if letter not in named:
            raise refused(winner_line, f"'{letter}'", "a winner among the players")
    hirelings, setup = header.get("hirelings", ((), ()))
    log = RootLog(
        source=source,
        map=header["map"],
        deck=header["deck"],
        clearings=header.get("clearings"),
        landmarks=header.get("landmarks", ()),
        hirelings=hirelings,
        hireling_setup=setup,
        pool=header.get("pool", ()),
        players=tuple(players),
        turns=tuple(body["turns"]),
        winner=winner,
        winner_line=winner_line,
        deviations=tuple(deviations),
    )
    log.warnings.extend(f"{source}:{d}" for d in deviations)
    return log
