"""The common shapes of ledger pieces, read without Lark (a shortcut; Lark decides).

Importing Lark and loading the two parsers costs a one-log command more than
its whole replay, and the first look at each distinct piece of a game (some
350 of them) costs another Lark ``parse()`` call each. Yet nearly every piece
of a real ledger has one of a few shapes: ``build E5``, ``upgrade F4 to TP``,
``Leech 2 from witches``, ``+FAV11``, a value cell like ``5/7/0 PW``, an
engine comment like ``Round 1, turn 3``. This module reads those shapes with
one regular expression each, made of the grammar's own terminals: their
definitions are read from ``grammars/commands.lark`` and ``ledger.lark``
themselves at import (:func:`read_terminals`, a few lines of text; Lark is not
needed for it), so a terminal changed in a grammar changes this reader too. It
builds the action as the grammar's transformer would
(:mod:`tmlog.games.terra_mystica.parse.transformer`).

It only ever says yes or "not mine" (``None``): the shapes are stricter than
the grammar (single words, blanks where the grammar allows them, nothing
else), and anything else — including every malformed piece, so every error
message — goes to Lark as before. ``tests/test_parse_fast.py`` holds the two
readers equal: the terminals read here are Lark's, and every piece of every
log under ``tests/data``, and generated pieces, that this module reads gives
exactly what Lark gives, positions included; what Lark rejects, it leaves.
"""

from __future__ import annotations

import importlib
import os
import re
from collections.abc import Callable
from typing import Any, Final, NamedTuple, cast

from tmlog.games.terra_mystica.model.actions import (
    Action,
    Adjust,
    Advance,
    Amount,
    Build,
    BuildBridge,
    Burn,
    Comment,
    Connect,
    Convert,
    Decline,
    Delete,
    Dig,
    Done,
    Dropped,
    FactionIncome,
    FinalScoring,
    Gain,
    Leech,
    LeechEffect,
    Marker,
    Pass,
    PickColor,
    PlayerName,
    RoundScoring,
    ScoreResources,
    SelectMap,
    Send,
    SetOption,
    Setup,
    StartPlanning,
    Transform,
    UnlockTerrain,
    Upgrade,
    UseAction,
    Wait,
)
from tmlog.games.terra_mystica.model.enums import (
    Building,
    Cult,
    Faction,
    Terrain,
    Tile,
    Track,
)
from tmlog.games.terra_mystica.parse import names


class LineResult(NamedTuple):
    """One command-log row: its faction prefix (if any) and its actions."""

    faction: Faction | None
    actions: tuple[Action, ...]


def comment_action(text: str, column: int) -> Comment:
    """The comment of a row from its text starting at '#' (``##`` is a pragma)."""
    body = text[1:]
    if body.startswith("#"):
        return Comment(text=body[1:], pragma=True, column=column)
    return Comment(text=body, column=column)


# ------------------------------------------------- the grammar's terminals

_DEFINITION = re.compile(
    r"""^(?P<name>[A-Z_][A-Z0-9_]*)(?:\.-?[0-9]+)?[ \t]*:[ \t]*
    (?:/(?P<regex>(?:\\.|[^/\\\n])*)/(?P<flags>[imslux]*)
      |"(?P<text>(?:\\.|[^"\\\n])*)"(?P<text_flags>i?))
    [ \t]*(?://[^\n]*)?$""",
    re.MULTILINE | re.VERBOSE,
)
"""A terminal defined by one literal in a ``.lark`` file: ``HEX: /[a-qs-z].../i``,
``MARKER.2: /.../`` or ``BUILD: "build"i`` (the grammars define no other kind)."""


def read_terminals(grammar: str) -> dict[str, str]:
    """The terminals a grammar's text defines, each as the regular expression Lark
    matches it with (its ``pattern.to_regexp()``: a flag as ``(?i:...)`` around it).

    The fast reader's words are these, read from the grammar files themselves;
    ``tests/test_parse_fast.py`` checks them against Lark's reading of the same files.
    """
    out: dict[str, str] = {}
    for match in _DEFINITION.finditer(grammar):
        regex = match["regex"]
        if regex is None:
            regex, flags = re.escape(match["text"]), match["text_flags"]
        else:
            flags = match["flags"]
        for flag in flags:
            regex = f"(?{flag}:{regex})"
        out[match["name"]] = regex
    return out


GRAMMAR_PACKAGE: Final = "tmlog.grammars"


def _grammar_terminals() -> dict[str, str]:
    """The terminals of ``grammars/commands.lark`` and ``ledger.lark`` (no Lark needed)."""
    # By name: the grammars' package lives outside tmlog's folder (package-dir).
    folder = os.path.dirname(importlib.import_module(GRAMMAR_PACKAGE).__file__ or "")
    out: dict[str, str] = {}
    for name in ("commands.lark", "ledger.lark"):
        with open(os.path.join(folder, name), encoding="utf-8") as grammar:
            out.update(read_terminals(grammar.read()))
    return out


TERMINALS: Final = _grammar_terminals()
"""Every terminal of the two grammars by name: what the shapes below are made of."""

_B: Final = TERMINALS["WS"]
"""Blanks between two words (the grammars' ignored WS)."""
_O: Final = f"(?:{_B})?"
"""Blanks where the grammars need none (next to punctuation and signs)."""


_WORD = r"(\w+)(?![\w-])"
"""What stands for ``{AMOUNT}`` (and a leech's ``{FACTION}``) in a shape: a whole word,
checked by :func:`_amount` (:func:`_faction`).

AMOUNT's sixty words all consist of word characters and end where its look-ahead
says no word character or ``-`` follows; so it matches exactly when the whole
word there is one of them, and compiling it into every shape that names an
amount (``convert`` twice) was most of what the first use of those cost."""


def _amount(word: str) -> Amount:
    """The amount a word of a shape names; ValueError (not mine) if AMOUNT has no such word."""
    if _amount_words().fullmatch(word) is None:
        raise ValueError(word)
    return names.AMOUNTS[word.lower()]


def _faction(word: str | None) -> Faction | None:
    """The faction a word of a shape (or a faction cell, stripped) names; ValueError
    (not mine) if FACTION has no such word.

    FACTION's words are the model's spellings of the factions (``Faction.parse``,
    which the grammar's transformer reads them with; ``tests/test_parse_fast.py``
    holds the two equal), so no expression is compiled for them: FACTION's
    alternation of twenty-one words, compiled into a shape, cost more than all
    the reading it served (callgrind: some 7 M instructions a shape).
    """
    if word is None:
        return None
    if not word.isascii():  # the grammars match without case in ASCII only
        raise ValueError(word)
    return names.faction(word)


_AMOUNT_WORDS: list[re.Pattern[str]] = []


def _amount_words() -> re.Pattern[str]:
    # Compiled without re.ASCII: a shape's word is ASCII already (its \w is), and
    # on ASCII text this terminal (no \s in it) reads alike in either mode, while
    # compiling its alternation in ASCII mode costs twice as much (callgrind:
    # 11.5 against 5.1 M instructions).
    if not _AMOUNT_WORDS:
        _AMOUNT_WORDS.append(re.compile(TERMINALS["AMOUNT"]))
    return _AMOUNT_WORDS[0]


_SHAPES: dict[str, re.Pattern[str]] = {}
"""Shapes compiled so far, by their text: each is compiled at its first use, not at
import (a one-log command needs some of them, and compiling is most of their cost)."""


def _compiled(pattern: str, *, ignore_case: bool = True) -> re.Pattern[str]:
    """The shape ``pattern``, compiled when first asked for."""
    shape = _SHAPES.get(pattern)
    if shape is None:
        shape = _SHAPES[pattern] = _shape(pattern, ignore_case=ignore_case)
    return shape


_TERMINAL_NAME = re.compile(r"\{([A-Z_][A-Z0-9_]*)\}")
"""``{HEX}`` in a shape: the grammar's terminal, as a group."""


def _shape(pattern: str, *, ignore_case: bool = True) -> re.Pattern[str]:
    text = _TERMINAL_NAME.sub(
        lambda name: f"({TERMINALS[name[1]]})", pattern.replace("{AMOUNT}", _WORD)
    )
    flags = re.ASCII | (re.IGNORECASE if ignore_case else 0)
    return re.compile(text, flags)


# --------------------------------------------------------- sub-commands
# A sub-command reaches here stripped of blanks, so its first word is at
# column 1: the column the transformer gives every command.

Build_ = Callable[..., Action]

_SOURCES: dict[str, list[tuple[str, Build_]]] = {}
"""First word, lower-cased → its shapes (pattern text, builder of the action from the groups)."""

_COMMANDS: dict[str, list[tuple[re.Pattern[str], Build_]]] = {}
"""The same, compiled: a verb's patterns are compiled when a log first uses the verb
(compiling all of them was most of this module's import, and a game uses some)."""


def _command(first: str, pattern: str, build: Build_) -> None:
    _SOURCES.setdefault(first, []).append((pattern, build))


def _shapes(first: str) -> list[tuple[re.Pattern[str], Build_]] | None:
    """The compiled shapes of a first word (None: no shape starts so)."""
    shapes = _COMMANDS.get(first)
    if shapes is None:
        sources = _SOURCES.get(first)
        if sources is None:
            return None
        shapes = _COMMANDS[first] = [(_shape(pattern), build) for pattern, build in sources]
    return shapes


_command("build", rf"build{_B}{{HEX}}", lambda h: Build(hex=h.upper(), column=1))
_command(
    "upgrade",
    rf"upgrade{_B}{{HEX}}{_B}to{_B}{{BUILDING}}",
    lambda h, b: Upgrade(
        hex=h.upper(), building=cast(Building, Building.parse(names.words(b))), column=1
    ),
)
_command(
    "transform",
    rf"transform{_B}{{HEX}}(?:{_B}to{_B}{{COLOR}})?",
    lambda h, c: Transform(
        hex=h.upper(), terrain=None if c is None else cast(Terrain, Terrain.parse(c)), column=1
    ),
)
_command(
    "leech",
    rf"leech{_B}{{INT}}(?:{_B}from{_B}{_WORD})?",
    lambda n, f: Leech(amount=int(n), source_faction=_faction(f), column=1),
)
_command(
    "decline",
    rf"decline(?:{_B}{{INT}}{_B}from{_B}{_WORD})?",
    lambda n, f: Decline(
        amount=None if n is None else int(n), source_faction=_faction(f), column=1
    ),
)
_command(
    "convert",
    rf"convert{_B}(?:{{INT}}{_O})?{{AMOUNT}}{_B}to{_B}(?:{{INT}}{_O})?{{AMOUNT}}",
    # The engine reads a missing (or zero) count as 1.
    lambda n1, a1, n2, a2: Convert(
        from_count=int(n1 or 0) or 1,
        from_what=_amount(a1),
        to_count=int(n2 or 0) or 1,
        to_what=_amount(a2),
        column=1,
    ),
)
_command(
    "pass",
    rf"pass(?:{_B}{{BON}})?",
    lambda b: Pass(bonus=None if b is None else Tile(b.upper()), column=1),
)
_command(
    "action", rf"action{_B}{{ACTION_NAME}}", lambda n: UseAction(space=names.space(n), column=1)
)
_command("burn", rf"burn{_B}{{INT}}", lambda n: Burn(amount=int(n), column=1))
_command("dig", rf"dig{_B}{{INT}}", lambda n: Dig(amount=int(n), column=1))
_command(
    "send",
    rf"send{_B}{{PRIEST}}{_B}to{_B}{{CULT}}(?:{_B}for{_B}{{INT}})?",
    lambda _p, c, s: Send(cult=Cult(c.upper()), slot=None if s is None else int(s), column=1),
)
_command(
    "advance",
    rf"advance{_B}{{TRACK}}",
    lambda t: Advance(track=cast(Track, Track.parse(t)), column=1),
)
_command(
    "bridge",
    rf"bridge{_B}{{HEX}}{_O}:{_O}{{HEX}}(?:{_B}{{ALLOW_ILLEGAL}})?",
    lambda h1, h2, allow: BuildBridge(
        hex1=h1.upper(), hex2=h2.upper(), allow_illegal=allow is not None, column=1
    ),
)
_command(
    "connect",
    rf"connect{_B}{{HEX}}{_O}:{_O}{{HEX}}(?:{_O}:{_O}{{HEX}})?",
    lambda *hexes: Connect(hexes=tuple(h.upper() for h in hexes if h is not None), column=1),
)
_command("connect", rf"connect{_B}{{RIVER}}", lambda r: Connect(river=r.lower(), column=1))
_command(
    "gain",
    rf"gain{_B}{{AMOUNT}}{_B}for{_B}{{AMOUNT}}",
    lambda w, p: Gain(what=_amount(w), paid_with=_amount(p), column=1),
)
_command(
    "pick-color",
    rf"pick-color{_B}{{COLOR}}",
    lambda c: PickColor(terrain=cast(Terrain, Terrain.parse(c)), column=1),
)
_command(
    "unlock-terrain",
    rf"unlock-terrain{_B}{{COLOR}}",
    lambda c: UnlockTerrain(target=cast(Terrain, Terrain.parse(c)), column=1),
)
_command(
    "unlock-terrain",
    rf"unlock-terrain{_B}{{UNLOCK_GAIN}}",
    lambda g: UnlockTerrain(target=g.lower(), column=1),
)
_command("wait", "wait", lambda: Wait(column=1))
_command("done", "done", lambda: Done(column=1))
_command("setup", "setup", lambda: Setup(chosen=cast(Faction, None), column=1))
_command("score_resources", "score_resources", lambda: ScoreResources(column=1))
_command("start_planning", "start_planning", lambda: StartPlanning(column=1))
_command(
    "[opponent",
    r"\[opponent accepted power\]",
    lambda: LeechEffect(accepted=True, column=1),
)
_command("[all", r"\[all opponents declined power\]", lambda: LeechEffect(accepted=False, column=1))


def _income(kind: str) -> FactionIncome:
    return FactionIncome(income=names.income_kind(kind), column=1)


for _first in ("income_for_faction", "cult_income_for_faction", "other_income_for_faction"):
    _command(_first, "{INCOME_ROW}", _income)
_command("all_income_for_faction", "{INCOME_ROW}", _income)

_ADJUST = rf"([+-]){_O}(?:{{INT}}{_O})?{{AMOUNT}}(?:{_B}for{_B}{{SOURCE}})?"


def _adjust(sign: str, count: str | None, what: str, source: str | None) -> Adjust:
    n = 1 if count is None else int(count)
    return Adjust(
        delta=n if sign == "+" else -n,
        what=_amount(what),
        source=None if source is None else names.words(source),
        column=1,
    )


_FIRST_WORD = re.compile(r"[^ \t\f\r]+")


def command(text: str) -> Action | None:
    """A sub-command (stripped of blanks) of a common shape; None: ask the grammar."""
    try:
        if text[0] in "+-":
            match = _compiled(_ADJUST).fullmatch(text)
            return _adjust(*match.groups()) if match else None
        first = _FIRST_WORD.match(text)
        shapes = _shapes(first.group().lower()) if first else None
        for pattern, build in shapes or ():
            match = pattern.fullmatch(text)
            if match:
                return build(*match.groups())
    except ValueError:  # a number too long to read: the grammar's path reports it
        return None
    return None


# --------------------------------------------------------- ledger cells


# The values of the ledger's value cells, from their one token: here and in the
# grammar's transformer (LedgerTransformer), one conversion each.


def int_or_none(token: str | None) -> int | None:
    return None if token is None else int(token)


def count(token: str) -> int:  # "20 VP"
    return int(token.split()[0])


def bowls(token: str) -> tuple[int, int, int]:  # "5/7/0 PW"
    b1, b2, b3 = token.split()[0].split("/")
    return (int(b1), int(b2), int(b3))


def cults(token: str) -> tuple[int, int, int, int]:  # "0/1/1/0"
    f, w, e, a = token.split("/")
    return (int(f), int(w), int(e), int(a))


def offers(token: str | None) -> tuple[int, ...]:  # "3 1"
    return () if token is None else tuple(int(a) for a in token.split())


_CELLS: dict[str, tuple[re.Pattern[str], bool, Callable[[Any], Any]]] = {
    rule: (re.compile(TERMINALS[name], re.ASCII), optional, callback)
    for rule, (name, optional, callback) in {
        "delta_cell": ("DELTA", True, int_or_none),
        "vp_cell": ("VP_VALUE", False, count),
        "c_cell": ("C_VALUE", False, count),
        "w_cell": ("W_VALUE", False, count),
        "p_cell": ("P_VALUE", False, count),
        "pw_cell": ("PW_VALUE", False, bowls),
        "cult_cell": ("CULT_VALUE", False, cults),
        "leech_cell": ("LEECH_VALUE", True, offers),
    }.items()
}
"""Each value cell of ``ledger.lark`` (``vp_cell: VP_VALUE``, ``delta_cell: [DELTA]`` …):
its one terminal, whether the cell may be empty, and the transformer's callback."""

MISSING: Any = object()
"""What :func:`cell` returns for a cell it leaves to the grammar."""


def cell(rule: str, text: str) -> Any:
    """A ledger cell's value if it is a single well-formed token; else :data:`MISSING`."""
    if rule == "faction_cell":
        try:
            return _faction(text.strip(" \t\f\r"))
        except ValueError:
            return MISSING
    spec = _CELLS.get(rule)
    if spec is None:
        return MISSING
    pattern, optional, callback = spec
    token = text.strip(" \t\f\r")
    if not token:
        return callback(None) if optional else MISSING
    if pattern.fullmatch(token) is None:
        return MISSING
    try:
        return callback(token)
    except ValueError:  # too long to read: the parser path reports it with its column
        return MISSING


# --------------------------------------------------------- comment rows

# Blanks may trail a marker (a header copied with spaces): its look-ahead allows
# them, a full match does not, and such a row goes to Lark.
_MARKER_ROW = re.compile(TERMINALS["MARKER"], re.ASCII)

_COMMENT_ROWS: list[tuple[str, bool, Callable[..., Action]]] = [
    (
        rf"Round{_B}{{INT}}{_B}scoring{_O}:{_O}{{SCORE_TILE}}{_O},{_O}{{TEXT}}{_O}",
        False,
        lambda n, tile, text: RoundScoring(
            round=int(n), tile=Tile(tile.upper()), description=text, column=1
        ),
    ),
    (
        rf"Removing{_B}tile{_B}{{TILE_NAME}}{_O}",
        False,
        lambda tile: Delete(tile=tile.upper(), column=1),
    ),
    (
        rf"Player{_B}{{INT}}{_O}:{_O}{{TEXT}}{_O}",
        False,
        lambda n, name: PlayerName(seat=int(n), name=name, column=1),
    ),
    (
        rf"{_WORD}{_B}dropped{_B}from{_B}the{_B}game{_O}",
        False,
        lambda f: Dropped(target=cast(Faction, _faction(f)), column=1),
    ),
    (
        rf"Added{_B}final{_B}scoring{_B}tile{_O}:{_O}{{TEXT}}{_O}",
        False,
        lambda name: FinalScoring(name=name, column=1),
    ),
    (
        rf"option{_B}{{WORD}}{_O}",
        True,
        lambda name: SetOption(name=name.lower(), column=1),
    ),
    (
        rf"map{_B}{{REST}}{_O}",
        True,
        lambda map_id: SelectMap(map_id=names.words(map_id), column=1),
    ),
]
"""Shapes of engine comment rows, tried in order: pattern text, whether it ignores
case, builder of the action from the groups."""


def comment_row(text: str) -> Action | None:
    """A ledger comment row (no tab) of a common shape; None: ask the grammar."""
    if text[0] in " \t":  # a user comment (the grammar's USER_TEXT outranks all else)
        return Comment(text=text, column=1)
    if _MARKER_ROW.fullmatch(text):
        return Marker(text=text, column=1)
    for pattern, ignore_case, build in _COMMENT_ROWS:
        match = _compiled(pattern, ignore_case=ignore_case).fullmatch(text)
        if match:
            try:
                return build(*match.groups())
            except ValueError:  # a number too long to read: the grammar decides
                return None
    return None
