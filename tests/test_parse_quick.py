"""The word readers (:mod:`tmlog.games.terra_mystica.parse.quick`) read as the grammar does.

Each word set stands for one of the grammar's terminals and may hold only
words the terminal matches. Every sub-command and cell of every log under
``tests/data`` the readers accept must give exactly what Lark gives, the same
type and the same fields, positions included (a differential test: what they
leave to :mod:`.fast` is not looked at here, ``test_parse_fast`` checks it).
Edge cases: what the readers accept agrees with Lark, and near misses (other
blanks, non-ASCII digits, words outside a terminal) are left to :mod:`.fast`.
"""

from __future__ import annotations

import itertools
import re
from typing import Any

import pytest

from tests.test_parse_fast import PIECES, fields
from tmlog.games.terra_mystica.parse import fast, quick
from tmlog.games.terra_mystica.parse.boundary import END_OF_CELL, END_OF_COMMAND, parse_piece
from tmlog.games.terra_mystica.parse.grammar import ledger_parser

_BLANKS = " \t\f\r"


def lark_command(text: str) -> Any:
    return parse_piece(ledger_parser(), "command", text, END_OF_COMMAND)


def lark_cell(rule: str, text: str) -> Any:
    return parse_piece(ledger_parser(), rule, text, END_OF_CELL)


@pytest.mark.parametrize(
    ("words", "terminal"),
    [
        (quick._FACTIONS, "FACTION"),
        (quick._BUILDINGS, "BUILDING"),
        (quick._COLORS, "COLOR"),
        (quick._CULTS, "CULT"),
        (quick._TRACKS, "TRACK"),
        (quick._PRIESTS, "PRIEST"),
        (quick._BONUSES, "BON"),
        (quick._ACTIONS, "ACTION_NAME"),
        (quick._AMOUNTS, "AMOUNT"),
    ],
)
def test_each_word_is_its_terminals(words: frozenset[str], terminal: str) -> None:
    pattern = re.compile(fast.TERMINALS[terminal], re.ASCII | re.IGNORECASE)
    for word in words:
        assert word == word.lower()
        assert pattern.fullmatch(word), word
        assert pattern.fullmatch(word.upper()), word


def test_a_hex_is_the_terminals() -> None:
    pattern = re.compile(fast.TERMINALS["HEX"], re.ASCII | re.IGNORECASE)
    letters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_é"
    digits = "0123456789x²"
    for letter, digit in itertools.product(letters, digits):
        for word in (letter + digit, *(letter + digit + d for d in digits)):
            want = word.upper() if pattern.fullmatch(word) else None
            assert quick._hex(word) == want, word


def test_sub_commands() -> None:
    read = 0
    for text in sorted(PIECES[0]):
        mine = quick.command(text)
        if mine is None:
            continue
        read += 1
        assert fields(mine) == fields(lark_command(text)), text
    # The readers are worth their place only if they read most pieces.
    assert read > 0.7 * len(PIECES[0])


def test_cells() -> None:
    read = 0
    for rule, text in sorted(PIECES[1]):
        if rule == "command_cell":
            continue
        if rule == "faction_cell":
            mine = quick.faction_cell(text)
            if mine is None:
                continue
        else:
            token = text.strip(_BLANKS)
            mine = quick.cell(rule, token) if token else quick.MISSING
            if mine is quick.MISSING:
                continue
        read += 1
        assert fields(mine) == fields(lark_cell(rule, text)), (rule, text)
    assert read > 0.9 * len([r for r, t in PIECES[1] if r != "command_cell" and t.strip()])


@pytest.mark.parametrize(
    "text",
    ["BUILD e5", "build Z19", "Upgrade e5 TO te", "upgrade F4 to dwelling", "transform A1",
     "transform A1 to Grey", "Leech 2 from WITCHES", "leech 3", "decline", "Decline 1 from auren",
     "pass", "PASS bon10", "action ACTH3", "action bon2", "burn 0", "dig 12", "send p to Fire",
     "send PRIEST to air for 3", "advance shipping", "convert 1PW to 1C", "convert W to C",
     "convert 0P to 2W", "convert 3pw to coin", "+FAV11", "-2pw", "+0VP", "+TW8", "-1SPADE",
     "+12vp", "wait", "DONE"],
)  # fmt: skip
def test_what_the_readers_accept_is_the_grammars(text: str) -> None:
    mine = quick.command(text)
    assert mine is not None
    assert fields(mine) == fields(lark_command(text))


@pytest.mark.parametrize(
    "text",
    ["build  E5", "build\tE5", "build R5", "build E0", "build E5x", "build E123", "build É5",
     "upgrade E5 to trading post", "upgrade E5 into TP", "transform A1 to pink",
     "leech 1 from nobody", "leech 1 from witches2", "leech ² from witches", "leech 1_0",
     "decline 2", "pass BON11", "pass BON1 BON2", "action ACT9", "burn", "burn 1 2", "dig x",
     "send p to FIRE for", "send p to FIRE at 2", "send w to FIRE", "advance cult",
     "convert 3PW", "convert 3 PW to 1 C", "convert 1W to 1VPX", "convert 1W to 1P1",
     "+2FIRE-x", "+2FIRES", "+FAV13", "+2 VP", "+2VP for town", "+", "-", "+2", "+٣VP",
     "connect r1", "bridge A1:A2", "gain P for FAV1", "wait now", "bürn 3", "buıld E5"],
)  # fmt: skip
def test_near_misses_are_left_to_fast(text: str) -> None:
    assert quick.command(text) is None


@pytest.mark.parametrize(
    ("rule", "token"),
    [("delta_cell", "+3"), ("delta_cell", "-12"), ("delta_cell", "0"), ("vp_cell", "20 VP"),
     ("vp_cell", "-3 VP"), ("c_cell", "0 C"), ("w_cell", "13 W"), ("p_cell", "1 P"),
     ("pw_cell", "5/7/0 PW"), ("cult_cell", "0/10/1/2"), ("leech_cell", "3"),
     ("leech_cell", "3 1 2")],
)  # fmt: skip
def test_cells_the_readers_accept_are_the_grammars(rule: str, token: str) -> None:
    mine = quick.cell(rule, token)
    assert mine is not quick.MISSING
    assert fields(mine) == fields(lark_cell(rule, token))


@pytest.mark.parametrize(
    ("rule", "token"),
    [("delta_cell", "+"), ("delta_cell", "++3"), ("delta_cell", "+٣"), ("delta_cell", "1_0"),
     ("delta_cell", "3 VP"), ("vp_cell", "20  VP"), ("vp_cell", "20 vp"), ("vp_cell", "VP"),
     ("vp_cell", "- VP"), ("vp_cell", "+3 VP"), ("c_cell", "-3 C"), ("c_cell", "3 W"),
     ("w_cell", "²  W"), ("pw_cell", "5/7 PW"), ("pw_cell", "5/7/0/1 PW"), ("pw_cell", "5/7/0"),
     ("pw_cell", "5//0 PW"), ("cult_cell", "0/1/1"), ("cult_cell", "0/1/1/0 PW"),
     ("leech_cell", "3  1"), ("leech_cell", "3,1"), ("leech_cell", "x"),
     ("command_cell", "build E5"), ("faction_cell", "witches")],
)  # fmt: skip
def test_near_miss_cells_are_left_to_fast(rule: str, token: str) -> None:
    assert quick.cell(rule, token) is quick.MISSING


@pytest.mark.parametrize("text", ["witches", "WITCHES", "Ice­Maidens", " witches", "witch", ""])
def test_a_faction_cell_is_one_factions_name(text: str) -> None:
    mine = quick.faction_cell(text)
    if text.isascii() and text.lower() in quick._FACTIONS:
        assert mine is not None
        assert fields(mine) == fields(lark_cell("faction_cell", text))
    else:
        assert mine is None
