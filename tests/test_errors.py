"""Malformed input: precise positions and messages; CRLF and BOM accepted."""

from __future__ import annotations

from pathlib import Path

import pytest

from tmlog.errors import InputError, LogSyntaxError
from tmlog.games.terra_mystica.parse import parse_file, parse_log

from .conftest import DROPOUT_GAME

ROW = "darklings\t\t20 VP\t\t15 C\t\t1 W\t\t1 P\t\t5/7/0 PW\t\t0/1/1/0\t\t"


def syntax_error(text: str, input_format: str | None = None) -> LogSyntaxError:
    with pytest.raises(LogSyntaxError) as info:
        parse_log(text, source="game.log", input_format=input_format)  # type: ignore[arg-type]
    return info.value


# (text, format, line, column, unexpected, expected items that must be listed)
CASES = [
    pytest.param(
        "nomads: bild A5",
        "commands",
        1,
        9,
        "'bild'",
        ["a command (build, upgrade, send, convert, burn, …)", "an adjustment like +2FIRE"],
        id="unknown verb",
    ),
    pytest.param(
        "setup nomads\nnomads: build E0",
        "commands",
        2,
        15,
        "'E0'",
        ["a hex like E5"],
        id="bad hex",
    ),
    pytest.param(
        "nomads: build E5x", "commands", 1, 15, "'E5x'", ["a hex like E5"], id="hex with junk"
    ),
    pytest.param(
        "gnomes: build E5",
        "commands",
        1,
        1,
        "'gnomes'",
        ["a faction name", "a # comment", "end of line"],
        id="unknown faction",
    ),
    pytest.param(
        "nomads: upgrade E5 to castle",
        "commands",
        1,
        23,
        "'castle'",
        ["a building (D, TP, TE, SH, SA)"],
        id="unknown building",
    ),
    pytest.param(
        "nomads: build E5 build E6",
        "commands",
        1,
        18,
        "'build'",
        ["'.' or end of row"],
        id="missing dot between commands",
    ),
    pytest.param(
        "nomads: send p to lava",
        "commands",
        1,
        19,
        "'lava'",
        ["a cult (FIRE, WATER, EARTH, AIR)"],
        id="unknown cult",
    ),
    pytest.param(
        "nomads: transform E5 to purple",
        "commands",
        1,
        25,
        "'purple'",
        ["a terrain colour like red"],
        id="unknown colour",
    ),
    pytest.param(
        "nomads: +3xyz",
        "commands",
        1,
        11,
        "'xyz'",
        ["a resource like PW, FIRE, FAV5 or SPADE"],
        id="unknown resource",
    ),
    pytest.param(
        "nomads: leech",
        "commands",
        1,
        14,
        "end of command",
        ["a number"],
        id="leech without amount",
    ),
    pytest.param(
        "nomads: pass BON11",
        "commands",
        1,
        14,
        "'BON11'",
        ["a bonus tile like BON3", "'.' or end of row"],
        id="unknown bonus tile",
    ),
    pytest.param(
        "score SCORE1,SCORE2", "commands", 1, 20, "end of line", ["','"], id="score needs six tiles"
    ),
    pytest.param("option", "commands", 1, 7, "end of line", ["a name"], id="option without a name"),
    pytest.param(
        "build E5",
        "commands",
        1,
        1,
        "'build'",
        ["a faction name"],
        id="player command without a faction",
    ),
    pytest.param(
        " Default game options\n" + ROW + "burn 4. action ACT9",
        "ledger",
        2,
        len(ROW) + 16,
        "'ACT9'",
        ["an action like ACT6, ACTW or BON1"],
        id="ledger: bad command in the command cell",
    ),
    pytest.param(
        "darklings\t\t20 VP\t-3\t16 C",
        "ledger",
        1,
        len("darklings\t\t20 VP\t-3\t16 C") + 1,
        "end of row",
        ["a tab, then the ΔW cell"],
        id="ledger: row missing tab columns",
    ),
    pytest.param(
        ROW + "Pass BON2\n" + ROW[:20],
        "ledger",
        2,
        19,
        "'15'",
        ["a value like '15 C'"],
        id="ledger: half-written last row",
    ),
    pytest.param(
        ROW + "Pass BON2\n" + ROW[:22],
        "ledger",
        2,
        23,
        "end of row",
        ["a tab, then the ΔW cell"],
        id="ledger: cut-off row",
    ),
    pytest.param(
        ROW + "Pass BON2\textra",
        "ledger",
        1,
        len(ROW + "Pass BON2") + 1,
        "a tab",
        ["end of row (a ledger row has 15 tab-separated cells)"],
        id="ledger: a 16th cell",
    ),
    pytest.param(
        ROW.replace("20 VP", "20 PV") + "pass",
        "ledger",
        1,
        12,
        "'20 PV'",
        ["a value like '20 VP'"],
        id="ledger: bad VP cell",
    ),
    pytest.param(
        ROW.replace("0/1/1/0", "0/1/1") + "pass",
        "ledger",
        1,
        ROW.index("0/1/1/0") + 1,
        "'0/1/1'",
        ["cult positions like '0/1/1/0'"],
        id="ledger: bad cult cell",
    ),
    pytest.param(
        ROW.replace("darklings", "darkling") + "pass",
        "ledger",
        1,
        1,
        "'darkling'",
        ["a faction name"],
        id="ledger: unknown faction",
    ),
    pytest.param(
        ROW.replace("\t\t20 VP", "\tthree\t20 VP") + "pass",
        "ledger",
        1,
        11,
        "'three'",
        ["a change like +3", "end of cell"],
        id="ledger: bad delta cell",
    ),
]


@pytest.mark.parametrize(("text", "fmt", "line", "column", "unexpected", "expected"), CASES)
def test_syntax_error_position_and_message(
    text: str, fmt: str, line: int, column: int, unexpected: str, expected: list[str]
) -> None:
    err = syntax_error(text, fmt)
    assert (err.source, err.line, err.column) == ("game.log", line, column)
    assert err.unexpected == unexpected
    for item in expected:
        assert item in err.expected
    message = str(err)
    assert message.startswith(f"game.log:{line}:{column}: unexpected {unexpected}; expected ")
    # the offending line, and a caret under the column
    bad_line = text.split("\n")[line - 1]
    _, context_line, caret = message.split("\n")
    assert context_line == "    " + bad_line
    assert caret.index("^") == 4 + column - 1
    assert caret.strip(" \t") == "^"


def test_expected_uses_human_names_not_terminal_ids() -> None:
    err = syntax_error("nomads: build 5E", "commands")
    assert str(err).splitlines()[0] == "game.log:1:15: unexpected '5E'; expected a hex like E5"
    assert not any("HEX" in e or "__" in e for e in err.expected)


def test_fast_and_reference_paths_report_the_same_position() -> None:
    for memo in (True, False):
        with pytest.raises(LogSyntaxError) as info:
            parse_log("nomads: build E5. upgrade E5 to castle", memo=memo)
        assert (info.value.line, info.value.column) == (1, 33)


# ----------------------------------------------------------- input errors


def input_error(data: bytes) -> InputError:
    with pytest.raises(InputError) as info:
        parse_log(data, source="game.log")
    return info.value


def test_nul_byte_is_binary() -> None:
    err = input_error(b"nomads: build A5\nwitches: bu\x00ild E5\n")
    assert (err.line, err.column) == (2, 12)
    assert str(err) == "game.log:2:12: binary data, not a log: NUL byte"


def test_control_character_is_binary() -> None:
    err = input_error(b"\x01\x02\x03")
    assert str(err) == "game.log:1:1: binary data, not a log: control character 0x01"


def test_latin1_bytes_are_not_utf8() -> None:
    err = input_error("nomads: build A5 # caf\u00e9".encode("latin-1"))
    assert (err.line, err.column) == (1, 23)
    assert "not UTF-8 text: byte 0xe9" in str(err)
    assert str(err).startswith("game.log:1:23: ")


def test_empty_file() -> None:
    assert str(input_error(b"")) == "game.log: empty log: no rows"
    assert str(input_error(b"\n  \n")) == "game.log: empty log: no rows"


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="no such file"):
        parse_file(str(tmp_path / "nope.txt"))


# ------------------------------------------------- accepted: CRLF and BOM


@pytest.mark.parametrize(
    "mangle",
    [
        pytest.param(lambda b: b.replace(b"\n", b"\r\n"), id="CRLF"),
        pytest.param(lambda b: b"\xef\xbb\xbf" + b, id="BOM"),
        pytest.param(lambda b: b"\xef\xbb\xbf" + b.replace(b"\n", b"\r\n"), id="BOM+CRLF"),
        pytest.param(lambda b: b.replace(b"\n", b"\r"), id="CR"),
    ],
)
def test_crlf_and_bom_give_the_same_log(mangle, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    clean = DROPOUT_GAME.read_bytes()
    mangled = tmp_path / "mangled.txt"
    mangled.write_bytes(mangle(clean))
    want = parse_file(str(DROPOUT_GAME))
    got = parse_file(str(mangled))
    assert got.rows == want.rows
    assert [(a.line, a.column) for a in got.actions] == [(a.line, a.column) for a in want.actions]


def test_bom_in_a_string_is_dropped() -> None:
    assert parse_log("\ufeffnomads: build A5\r\n").actions == parse_log("nomads: build A5").actions
