"""The fast reader (:mod:`tmlog.games.terra_mystica.parse.fast`) and the grammar are equal.

The one place that holds them equal. The fast reader's terminals are read
from the grammar files: they must be what Lark reads there, every one. Its
shapes are written by hand, so every piece it reads must give exactly what
Lark gives, the same type and the same fields, positions included; and every
piece Lark rejects it must leave to Lark (which alone reports errors). Pieces
it leaves to Lark are otherwise not looked at: that is the grammar's path.
Checked on every piece of every log under ``tests/data`` (sub-commands,
ledger cells, comment rows), on hand-picked near misses, and on generated
pieces (Hypothesis).
"""

from __future__ import annotations

import dataclasses
import itertools
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lark import Lark
from lark.exceptions import UnexpectedInput

from tests.conftest import DATA
from tmlog.games.terra_mystica.parse import _CELL_RULES, fast
from tmlog.games.terra_mystica.parse.boundary import (
    END_OF_CELL,
    END_OF_COMMAND,
    PieceError,
    parse_piece,
)
from tmlog.games.terra_mystica.parse.grammar import (
    COMMANDS_STARTS,
    GRAMMAR_PACKAGE,
    LEDGER_STARTS,
    ledger_parser,
)
from tmlog.reading import read_text

LOGS = sorted(p for p in DATA.rglob("*") if p.suffix in (".txt", ".log"))

_BLANKS = " \t\f\r"


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


# ------------------------------------------------------------ the terminals


def lark_terminals(name: str, start: tuple[str, ...]) -> dict[str, str]:
    """The terminals a grammar file defines, as Lark reads and matches them."""
    lark = Lark.open_from_package(GRAMMAR_PACKAGE, name, parser="lalr", start=list(start))
    patterns = {t.name: t.pattern.to_regexp() for t in lark.terminals}
    out = {}
    for defined, _ in lark.grammar.term_defs:  # not the anonymous ones ("to"i in a rule)
        regex = patterns[defined]
        # Lark reads the escapes \t, \n, \f and \r of the grammar's text into the characters.
        for char, escape in (("\t", r"\t"), ("\n", r"\n"), ("\f", r"\f"), ("\r", r"\r")):
            regex = regex.replace(char, escape)
        name = str(defined)
        if "__" in name:  # imported (commands__HEX, _commands__DOT): under its own name
            name = name[: name.startswith("_")] + name.rpartition("__")[2]
        out[name] = regex
    return out


def test_the_terminals_are_the_grammars() -> None:
    grammar = lark_terminals("commands.lark", COMMANDS_STARTS)
    for name, regex in lark_terminals("ledger.lark", LEDGER_STARTS).items():
        assert grammar.setdefault(name, regex) == regex, name
    assert grammar == fast.TERMINALS


def test_a_faction_is_the_terminals_word() -> None:
    """The reader takes a faction's word by the model's spellings (no expression
    compiled): they are FACTION's words, each of them, and no other."""
    import re

    from tmlog.games.terra_mystica.model.enums import Faction

    terminal = fast.TERMINALS["FACTION"]
    alternation = re.fullmatch(r"\(\?i:\(\?:([a-z|]+)\)\(\?!\[\\w-\]\)\)", terminal)
    assert alternation is not None, f"FACTION is no longer a list of words: {terminal}"
    assert set(alternation[1].split("|")) == set(Faction._lookup())


def test_a_changed_terminal_changes_the_reader() -> None:
    text = 'HEX: /[a-z][0-9]+(?![\\w-])/i\nBUILD: "erect"i  // a keyword\nMARKER.2: /x\\/y/\n'
    assert fast.read_terminals(text) == {
        "HEX": r"(?i:[a-z][0-9]+(?![\w-]))",
        "BUILD": "(?i:erect)",
        "MARKER": r"x\/y",
    }


# ------------------------------------------------------- the two readers


def lark_command(text: str) -> Any:
    """A sub-command as the grammar reads it, or the PieceError it raises."""
    try:
        return parse_piece(ledger_parser(), "command", text, END_OF_COMMAND)
    except PieceError as err:
        return err


def agrees_on_command(text: str) -> bool:
    """The fast reader reads ``text`` (stripped) as Lark does, or leaves it; True if it read it."""
    mine = fast.command(text)
    lark = lark_command(text)
    if mine is None:
        return False
    assert not isinstance(lark, PieceError), f"{text!r}: read by the fast reader, not by Lark"
    assert fields(mine) == fields(lark), text
    return True


def agrees_on_cell(rule: str, text: str) -> bool:
    mine = fast.cell(rule, text)
    try:
        lark = parse_piece(ledger_parser(), rule, text, END_OF_CELL)
    except PieceError:
        assert mine is fast.MISSING, f"{rule} {text!r}: read by the fast reader, not by Lark"
        return False
    if mine is fast.MISSING:
        return False
    assert fields(mine) == fields(lark), (rule, text)
    return True


def agrees_on_comment_row(text: str) -> bool:
    mine = fast.comment_row(text)
    if mine is None:
        return False
    try:
        lark = ledger_parser().parse(text, start="comment_row")
    except UnexpectedInput:
        pytest.fail(f"{text!r}: read by the fast reader, not by the grammar")
    assert fields(mine) == fields(lark), text
    return True


# ----------------------------------------------- every piece of every log


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
                commands.update(c.strip(_BLANKS) for c in command_cell.split("."))
            elif line and "\t" in text:  # a ledger's comment row
                comments.add(line)
            elif line:
                body = line.split("#")[0]
                if ":" in body:
                    commands.update(c.strip(_BLANKS) for c in body.partition(":")[2].split("."))
    commands.discard("")
    return commands, cells, comments


PIECES = pieces()


def test_sub_commands() -> None:
    read = sum(agrees_on_command(text) for text in sorted(PIECES[0]))
    # The reader is worth its place only if it reads most pieces.
    assert read > 0.95 * len(PIECES[0])


def test_cells() -> None:
    value_cells = sorted((r, t) for r, t in PIECES[1] if r != "command_cell")
    read = sum(agrees_on_cell(rule, text) for rule, text in value_cells)
    assert read > 0.95 * len(value_cells)


def test_comment_rows() -> None:
    read = sum(agrees_on_comment_row(text) for text in sorted(PIECES[2]))
    assert read > 0.9 * len(PIECES[2])


# ------------------------------------------------------------ near misses


@pytest.mark.parametrize(
    "text",
    ["BUILD e5", "build Z19", "Upgrade e5 TO te", "upgrade F4 to dwelling",
     "upgrade E5 to trading  post", "transform A1", "transform A1 to Grey",
     "Leech 2 from WITCHES", "leech 3", "decline", "Decline 1 from auren", "pass", "PASS bon10",
     "action ACTH3", "action bon2", "burn 0", "dig 12", "send p to Fire",
     "send PRIEST to air for 3", "advance shipping", "convert 1PW to 1C", "convert W to C",
     "convert 0P to 2W", "convert 3pw to coin", "convert 3 PW to 1 C", "+FAV11", "-2pw", "+0VP",
     "+TW8", "-1SPADE", "+12vp", "+2 VP", "+2VP for town", "+3vp for  a  Network", "wait", "DONE",
     "bridge A1:A2", "bridge A1 : A2 allow_illegal", "connect A1:A2:A3", "connect r1",
     "gain P for FAV1", "pick-color Red", "unlock-terrain gain-priest", "unlock-terrain ice",
     "income_for_faction", "Cult_income_for_faction", "[opponent accepted power]",
     "[all opponents declined power]", "setup", "score_resources", "start_planning"],
)  # fmt: skip
def test_what_the_reader_reads_is_the_grammars(text: str) -> None:
    assert agrees_on_command(text), text


@pytest.mark.parametrize(
    "text",
    ["builds E5", "build E5x", "build R5", "build E0", "build E123", "build É5", "buıld E5",
     "bürn 3", "upgrade E5 toTP", "upgrade E5 into TP", "transform A1 to pink",
     "leech 1 from nobody", "leech ² from witches", "leech 1_0", "decline 2", "pass BON11",
     "pass BON1 BON2", "+2FÏRE", "+٣VP", "+", "-", "+2", "convert 3PW", "action ACT9",
     "send p to FIRE for", "send p to FIRE at 2", "send w to FIRE", "advance cult", "burn",
     "burn 1 2", "dig x", "wait now",
     # an amount is a whole word of AMOUNT's
     "+2FIRE-x", "+2FIRES", "+FAV13", "+2vp_x", "convert 1W to 1VPX", "convert 1W-1 to 1VP",
     "convert 1W to 1P1x", "gain P for FAV13", "gain PRIESTS for 2W",
     # and a faction a whole word of FACTION's
     "leech 1 from witches2", "leech 1 from witches-x", "decline 2 from chaos", "leech 1 from ice",
     "leech 1 from fa\u212airs"],
)  # fmt: skip
def test_almost_common_shapes_go_to_the_grammar(text: str) -> None:
    assert not agrees_on_command(text), text


def test_a_hex_is_the_terminals() -> None:
    letters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_é"
    digits = "0123456789x²"
    for letter, digit in itertools.product(letters, digits):
        for word in (letter + digit, *(letter + digit + d for d in digits)):
            agrees_on_command(f"build {word}")


@pytest.mark.parametrize(
    ("rule", "text"),
    [("delta_cell", "+3"), ("delta_cell", "-12"), ("delta_cell", "0"), ("delta_cell", ""),
     ("delta_cell", " "), ("vp_cell", "20 VP"), ("vp_cell", "-3 VP"), ("vp_cell", " 20 VP "),
     ("c_cell", "0 C"), ("w_cell", "13 W"), ("p_cell", "1 P"), ("pw_cell", "5/7/0 PW"),
     ("cult_cell", "0/10/1/2"), ("leech_cell", "3"), ("leech_cell", "3 1 2"), ("leech_cell", ""),
     ("faction_cell", "witches"), ("faction_cell", "WITCHES"), ("faction_cell", " witches "),
     ("faction_cell", "\tDragonMasters\f")],
)  # fmt: skip
def test_cells_the_reader_reads_are_the_grammars(rule: str, text: str) -> None:
    assert agrees_on_cell(rule, text), (rule, text)


@pytest.mark.parametrize(
    ("rule", "text"),
    [("delta_cell", "+"), ("delta_cell", "++3"), ("delta_cell", "+٣"), ("delta_cell", "1_0"),
     ("delta_cell", "3 VP"), ("vp_cell", "20  VP"), ("vp_cell", "20 vp"), ("vp_cell", "VP"),
     ("vp_cell", "- VP"), ("vp_cell", "+3 VP"), ("c_cell", "-3 C"), ("c_cell", "3 W"),
     ("w_cell", "²  W"), ("pw_cell", "5/7 PW"), ("pw_cell", "5/7/0/1 PW"), ("pw_cell", "5/7/0"),
     ("pw_cell", "5//0 PW"), ("cult_cell", "0/1/1"), ("cult_cell", "0/1/1/0 PW"),
     ("leech_cell", "3  1"), ("leech_cell", "3,1"), ("leech_cell", "x"),
     ("faction_cell", "Ice­Maidens"), ("faction_cell", "witch"), ("faction_cell", ""),
     ("faction_cell", "fa\u212airs"), ("faction_cell", "witches\v"),
     ("faction_cell", "ice maidens"), ("command_cell", "build E5")],
)  # fmt: skip
def test_near_miss_cells_go_to_the_grammar(rule: str, text: str) -> None:
    assert not agrees_on_cell(rule, text), (rule, text)


@pytest.mark.parametrize(
    "text",
    ["Round 1 income ", "Round 1 scoring SCORE4", "scoring fïre cult", "Scoring fïre cult",
     "option a b", "Player one: x", "Removing tile", "map", "witch dropped from the game",
     "fa\u212airs dropped from the game", "witches2 dropped from the game"],
)  # fmt: skip
def test_almost_common_comment_rows_go_to_the_grammar(text: str) -> None:
    assert fast.comment_row(text) is None


# ------------------------------------------------------- generated pieces

_WORDS = (
    *("build", "upgrade", "to", "TP", "te", "trading", "post", "send", "p", "priest", "for"),
    *("convert", "3PW", "1W", "W", "C", "pass", "BON3", "bon10", "leech", "2", "from", "witches"),
    *("decline", "E5", "f3", "R5", "r5", "action", "ACT6", "ACTW", "BON1", "+EARTH", "-SPADE"),
    *("+2FIRE", "+3vp", "network", "dig", "1", "transform", "brown", "grey", "bridge"),
    *("connect", "wait", "done", "burn", "advance", "ship", "gain", "P", "FAV6", "pick-color"),
    *("unlock-terrain", "gain-p", ":", ",", "x", "E5x", "é", "²", "allow_illegal", "setup"),
)
_SEPARATORS = st.sampled_from([" ", " ", " ", "  ", "\t", "", ":"])


@st.composite
def sub_commands(draw: st.DrawFn) -> str:
    words = draw(st.lists(st.sampled_from(_WORDS), min_size=1, max_size=6))
    text = words[0]
    for word in words[1:]:
        text += draw(_SEPARATORS) + word
    if draw(st.booleans()):
        text = text.upper() if draw(st.booleans()) else text.lower()
    return text.strip(_BLANKS) or "x"


_HEXES = ("E5", "a12", "R5", "r5", "E0", "E5x")
_NUMBERS = ("1", "12", "0", "x")
_SHAPES: tuple[tuple[tuple[str, ...], ...], ...] = (
    (("build",), _HEXES),
    (("upgrade",), _HEXES, ("to",), ("TP", "te", "trading post", "d", "x")),
    (("transform",), _HEXES, ("to",), ("grey", "ice", "pink")),
    (("leech", "decline"), _NUMBERS, ("from",), ("witches", "ice", "Witches2")),
    (("convert",), ("3PW", "1W", "W", "3 PW", "PW3"), ("to",), ("1C", "C", "2VP", "p1")),
    (("send",), ("p", "priest", "w"), ("to",), ("FIRE", "air"), ("for",), _NUMBERS),
    (("pass", "action", "advance"), ("BON3", "bon10", "ACTW", "BON1", "ship", "dig")),
    (("burn", "dig"), _NUMBERS),
    (("+2FIRE", "-SPADE", "+FAV6", "+3vp", "-2pw"), ("for",), ("network", "a b", "x-y")),
    (("bridge", "connect"), _HEXES, (":",), _HEXES, (":", "allow_illegal"), _HEXES),
    (("gain",), ("P", "FAV6", "w"), ("for",), ("2W", "W", "FAV13")),
    (("pick-color", "unlock-terrain"), ("red", "gain-p", "x")),
)


@st.composite
def shaped_commands(draw: st.DrawFn) -> str:
    """A common shape, cut short at some word, its blanks and letter case varied."""
    shape = draw(st.sampled_from(_SHAPES))
    words = [draw(st.sampled_from(choices)) for choices in shape]
    words = words[: draw(st.integers(1, len(words)))]
    text = words[0]
    for word in words[1:]:
        text += draw(st.sampled_from([" ", " ", "  ", "\t", ""])) + word
    return "".join(c.upper() if draw(st.booleans()) else c for c in text)


@settings(max_examples=400, deadline=None)
@given(st.one_of(sub_commands(), shaped_commands()))
def test_generated_sub_commands(text: str) -> None:
    agrees_on_command(text)


_CELL_TEXT = st.text(st.sampled_from("0123456789+-/ VPCWv\t"), max_size=12)


@settings(max_examples=400, deadline=None)
@given(st.sampled_from(sorted(set(_CELL_RULES) - {"command_cell"})), _CELL_TEXT)
def test_generated_cells(rule: str, text: str) -> None:
    agrees_on_cell(rule, text)
