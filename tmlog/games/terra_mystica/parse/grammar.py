"""The two Lark parsers, built once, and human names for their terminals.

Both are LALR parsers with the contextual lexer and an inline transformer
(``transformer=``), so parsing builds typed values directly and never a
parse tree:

* :func:`commands_parser` reads ``grammars/commands.lark``; start symbols
  ``line`` (one row of a raw command log) and ``command`` (one sub-command);
* :func:`ledger_parser` reads ``grammars/ledger.lark``, which ``%import``-s
  the command rules; its start symbols are the cells of a ledger row, the
  comment row and ``command``.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable

from lark import Lark
from lark.lexer import PatternStr
from lark.visitors import merge_transformers

from tmlog.dirs import grammar_tables
from tmlog.games.terra_mystica.parse.fast import GRAMMAR_PACKAGE
from tmlog.games.terra_mystica.parse.transformer import CommandTransformer, LedgerTransformer

LEDGER_CELLS = (
    "faction_cell",
    "delta_cell",
    "vp_cell",
    "c_cell",
    "w_cell",
    "p_cell",
    "pw_cell",
    "cult_cell",
    "leech_cell",
    "command_cell",
)
"""Start symbols of the ledger parser for the cells of an action row."""

ASCII_ONLY = re.ASCII
"""Terminals match without case, but only ASCII letters: in Unicode mode ``ı``,
``İ``, ``ſ`` and the Kelvin sign fold to ``i``, ``s`` and ``k``, so ``wıtches``
would lex as a faction whose name then matches nothing."""

LEDGER_STARTS = (*LEDGER_CELLS, "command", "comment_row")
COMMANDS_STARTS = ("line", "command")


def _table_cache(name: str) -> str | bool:
    """Where Lark keeps the analysed grammar between runs (False: nowhere).

    Building the LALR tables of the two grammars takes about 140 ms in every
    process; loading them from this file takes a few. Lark keys the file by a
    hash of the grammar text, its options and the Lark and Python versions,
    and rebuilds (and rewrites) it when any differs or the file is damaged.
    """
    return grammar_tables(name)


@functools.cache
def commands_parser() -> Lark:
    """The parser of command-log rows and sub-commands."""
    return Lark.open_from_package(
        GRAMMAR_PACKAGE,
        "commands.lark",
        parser="lalr",
        lexer="contextual",
        start=list(COMMANDS_STARTS),
        transformer=CommandTransformer(),
        g_regex_flags=ASCII_ONLY,
        cache=_table_cache("commands"),
    )


@functools.cache
def ledger_parser() -> Lark:
    """The parser of ledger cells and comment rows (one start symbol per column)."""
    transformer = merge_transformers(  # type: ignore[no-untyped-call]
        LedgerTransformer(), commands=CommandTransformer()
    )
    return Lark.open_from_package(
        GRAMMAR_PACKAGE,
        "ledger.lark",
        parser="lalr",
        lexer="contextual",
        start=list(LEDGER_STARTS),
        transformer=transformer,
        g_regex_flags=ASCII_ONLY,
        cache=_table_cache("ledger"),
    )


# ------------------------------------------------------------ error messages

_HUMAN = {
    "FACTION": "a faction name",
    "HEX": "a hex like E5",
    "RIVER": "a river like r12",
    "BUILDING": "a building (D, TP, TE, SH, SA)",
    "CULT": "a cult (FIRE, WATER, EARTH, AIR)",
    "COLOR": "a terrain colour like red",
    "TRACK": "ship or dig",
    "PRIEST": "p",
    "BON": "a bonus tile like BON3",
    "SCORE_TILE": "a scoring tile like SCORE5",
    "ACTION_NAME": "an action like ACT6, ACTW or BON1",
    "AMOUNT": "a resource like PW, FIRE, FAV5 or SPADE",
    "SIGN": "an adjustment like +2FIRE",
    "INCOME_ROW": "an income row",
    "UNLOCK_GAIN": "gain-…",
    "PLAYER_N": "a player like player2",
    "TILE_NAME": "a tile like BON3",
    "VERSION": "v1 or v2",
    "ALLOW_ILLEGAL": "allow_illegal",
    "INT": "a number",
    "SIGNED_INT": "a number",
    "DELTA": "a change like +3",
    "SOURCE": "a VP source like network",
    "WORD": "a name",
    "REST": "text",
    "TEXT": "text",
    "MARKER": "text",
    "USER_TEXT": "text",
    "COMMENT": "a # comment",
    "VP_VALUE": "a value like '20 VP'",
    "C_VALUE": "a value like '15 C'",
    "W_VALUE": "a value like '3 W'",
    "P_VALUE": "a value like '1 P'",
    "PW_VALUE": "power bowls like '5/7/0 PW'",
    "CULT_VALUE": "cult positions like '0/1/1/0'",
    "LEECH_VALUE": "offered power like '1 2'",
}

# Keywords that start a player command / an admin row; when most of them are
# expected the message names the category instead of listing them all.
_PLAYER_VERBS = (
    *("build", "upgrade", "send", "convert", "burn", "action", "pass", "leech", "decline"),
    *("transform", "dig", "advance", "bridge", "connect", "gain", "pick-color"),
    *("unlock-terrain", "wait", "done", "resign", "drop-faction", "delete"),
)
_ADMIN_VERBS = (
    *("setup", "option", "score", "delete", "player", "player-count", "order", "randomize"),
    *("dropoption", "map", "faction-variant", "final-scoring", "income", "start", "finish"),
    *("abort", "start-preview", "admin", "drop-faction"),
)
# Rows the engine writes itself: not worth suggesting next to the commands.
_ENGINE_ROWS = {
    "setup",
    "income",
    "score_resources",
    "start_planning",
    "[opponent accepted power]",
    "[all opponents declined power]",
}


@functools.cache
def _keywords(lark: Lark) -> dict[str, str]:
    return {
        t.name: str(t.pattern.value) for t in lark.terminals if isinstance(t.pattern, PatternStr)
    }


def describe_expected(lark: Lark, names: Iterable[str], *, end: str = "end of cell") -> list[str]:
    """Human names for a set of expected terminal names, most useful first.

    Named terminals get a description (``HEX`` → "a hex like E5"), keywords
    are quoted (``'to'``), and when most command keywords are expected they
    collapse to "a command (build, upgrade, …)".
    """
    keywords = _keywords(lark)
    named: set[str] = set()
    words: set[str] = set()
    for raw in names:
        name = re.sub(r"^(?:\w+__)+", "", raw)  # strip import namespaces
        if raw in keywords:
            words.add(keywords[raw].lower())
        elif name == "$END":
            named.add(end)
        elif name in _HUMAN:
            named.add(_HUMAN[name])
        elif not name.startswith("_"):
            named.add(name)
    out: list[str] = []
    for verbs, label in ((_PLAYER_VERBS, "a command"), (_ADMIN_VERBS, "an admin command")):
        hit = [v for v in verbs if v in words]
        if len(hit) >= 6:
            out.append(f"{label} ({', '.join(hit[:5])}, …)")
            words -= set(verbs)
            if label == "a command":
                words -= _ENGINE_ROWS
                named.discard(_HUMAN["INCOME_ROW"])
    rank = {text: i for i, text in enumerate(_HUMAN.values())}
    out.extend(sorted(named, key=lambda t: (rank.get(t, len(rank)), t)))
    out.extend(f"'{w}'" for w in sorted(words))
    return out
