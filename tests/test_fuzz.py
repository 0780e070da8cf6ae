"""Damaged logs never crash tmlog: they parse and replay, or fail with tmlog's own errors.

Real corpus games (ledgers and their command-log forms) are damaged the ways
logs get damaged when copied from a web page or an e-mail — rows deleted,
duplicated, swapped or moved, a row from another game pasted in, a file cut
mid-row, characters flipped or inserted (tabs, NUL, non-ASCII), numbers and
factions changed, random bytes appended, CRLF, BOM, latin-1, empty files —
and each result must either replay or raise a :class:`~tmlog.errors.TmlogError`
that says where, within a bounded time.
"""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tmlog.errors import InputError, LogSyntaxError, ReplayError, TmlogError
from tmlog.games.terra_mystica.convert import ledger_to_commands
from tmlog.games.terra_mystica.parse import parse_file, parse_log
from tmlog.games.terra_mystica.replay import replay
from tmlog.games.terra_mystica.replay.maps import MAPS
from tmlog.games.terra_mystica.replay.options import Option

LEDGERS = sorted((Path(__file__).parent / "data" / "snellman-ledger").glob("*.txt"))
BASES = [p.read_text(encoding="utf-8") for p in LEDGERS[:6]]
BASES += [ledger_to_commands(parse_file(str(p))) for p in LEDGERS[:6]]

SECONDS_PER_INPUT = 5.0
INSERTS = ["\t", "\0", "é", "漢", "\n", ".", ":", "#", " ", "9", "\r", "\ufeff", "+", " build A1. "]
WORDS = ["witches:", "A1", "E5", "BON1", "TP", "3", "leech", "pass", "FIRE", "ACT6", "+TW5", "SA"]
FACTIONS = ["witches", "cultists", "darklings", "nomads", "engineers", "giants", "fakirs"]


@st.composite
def damaged(draw: st.DrawFn) -> str | bytes:
    text = draw(st.sampled_from(BASES))
    for _ in range(draw(st.integers(1, 3))):
        text = _damage(draw, text)
    encoding = draw(st.sampled_from(["str", "utf-8", "utf-8-sig", "crlf", "latin-1"]))
    if encoding == "str":
        return text
    if encoding == "crlf":
        return text.replace("\n", "\r\n").encode("utf-8")
    return text.encode(encoding, errors="replace")


def _damage(draw: st.DrawFn, text: str) -> str:
    lines = text.split("\n")
    n = len(lines)

    def at(limit: int) -> int:
        return draw(st.integers(0, max(limit - 1, 0)))

    op = draw(st.integers(0, 13))
    if op == 0 and n > 2:
        del lines[at(n)]
    elif op == 1:
        lines.insert(at(n), lines[at(n)])
    elif op == 2:
        i, j = at(n), at(n)
        lines[i], lines[j] = lines[j], lines[i]
    elif op == 3:
        return text[: at(len(text))]
    elif op == 4 and text:
        i = at(len(text))
        return text[:i] + draw(st.sampled_from(INSERTS)) + text[i + 1 :]
    elif op == 5:
        i = at(len(text))
        return text[:i] + draw(st.sampled_from(INSERTS)) + text[i:]
    elif op == 6:
        return text + draw(st.binary(max_size=40)).decode("latin-1")
    elif op == 7:
        i = at(n)
        words = lines[i].split(" ")
        words[at(len(words))] = draw(st.sampled_from(WORDS))
        lines[i] = " ".join(words)
    elif op == 8:
        i, j, k = at(n), at(n), draw(st.integers(1, 10))
        block = lines[i : i + k]
        del lines[i : i + k]
        lines[j:j] = block
    elif op == 9:
        other = draw(st.sampled_from(BASES)).split("\n")
        lines.insert(at(n), other[at(len(other))])
    elif op == 10:
        i = at(n)
        value = str(draw(st.sampled_from([0, 1, 2, 3, 7, 10, 13, 99])))
        lines[i] = re.sub(r"\d+", value, lines[i], count=1)
    elif op == 11:
        i = at(n)
        for faction in FACTIONS:
            if lines[i].startswith(faction):
                lines[i] = draw(st.sampled_from(FACTIONS)) + lines[i][len(faction) :]
                break
    elif op == 12:
        return ""
    else:
        lines[at(n)] += "x" * draw(st.integers(1, 70_000))
    return "\n".join(lines)


def check(text: str | bytes) -> None:
    start = time.monotonic()
    try:
        log = parse_log(text, source="fuzz.txt", partial=True)
        result = replay(log)
        if result.error is not None:
            raise result.error
    except LogSyntaxError as err:
        assert err.line >= 1 and err.column >= 1
        assert str(err).startswith(f"fuzz.txt:{err.line}:{err.column}: ")
    except InputError as err:
        assert err.source == "fuzz.txt"
    except ReplayError as err:
        assert err.line >= 1, str(err)
        assert str(err).startswith(f"fuzz.txt:{err.line}: ")
    except TmlogError as err:  # pragma: no cover - a new kind of error: it must say where
        pytest.fail(f"unexpected tmlog error kind {type(err).__name__}: {err}")
    assert time.monotonic() - start < SECONDS_PER_INPUT


@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(damaged())
def test_damaged_logs_fail_cleanly(text: str | bytes) -> None:
    check(text)


@pytest.mark.slow
@settings(max_examples=10_000, deadline=None, suppress_health_check=list(HealthCheck))
@given(damaged())
def test_damaged_logs_fail_cleanly_many(text: str | bytes) -> None:
    check(text)


# ------------------------------------------------ hostile mutations (issue 16)

FIRE_ICE = sorted((Path(__file__).parent / "data" / "fire-ice").glob("*.log"))
HOSTILE_BASES = BASES + [p.read_text(encoding="utf-8") for p in FIRE_ICE[:3]]
MAP_IDS = [*MAPS, "original", "0123456789abcdef0123456789abcdef01234567"]
OPTIONS = [o.value for o in Option]
HUGE = st.one_of(
    st.integers(10**3, 10**30),
    st.sampled_from([10**4, 10**4 + 1, 10**12, 10**30, 2**63, 2**64 + 1]),
)
ALL_FACTIONS = [*FACTIONS, "acolytes", "riverwalkers"]
SUB_COMMANDS = [
    "burn 1",
    "+1C",
    "-1W",
    "+1spade",
    "+1gain_ship",
    "dig 1",
    "action ACT1",
    "convert 1PW to 1C",
    "send p to FIRE",
    "advance ship",
    "leech 1 from witches",
    "+FAV1",
    "pass",
    "transform E5",
]


CONFUSABLE = {
    "i": ["ı", "İ", "ｉ", "і"],
    "s": ["ſ", "ｓ"],
    "k": ["\u212a", "ｋ"],  # the Kelvin sign, fullwidth
    "a": ["ａ", "а"],  # fullwidth, Cyrillic
    "e": ["ｅ", "е"],
    "o": ["о", "0"],
}
CELLS = ["", "{}", "{} VP", "-{}", "+{}", "1/{}/0 PW", "0/0/0/{}", "{}/1", "x\tx\tx", "VP", "#"]


@st.composite
def hostile(draw: st.DrawFn) -> str:
    """A real log with the damage the fault campaign of issue 16 used: huge numbers
    in cells and commands, map and option lines anywhere, rows of repeated
    sub-commands, confusable letters, cells replaced."""
    lines = draw(st.sampled_from(HOSTILE_BASES)).split("\n")
    for _ in range(draw(st.integers(1, 3))):
        n = len(lines)
        at = draw(st.integers(0, n - 1))
        op = draw(st.integers(0, 6))
        if op == 0:  # a number (of a ledger cell or a command) becomes a huge one
            numbers = list(re.finditer(r"\d+", lines[at]))
            if numbers:
                m = numbers[draw(st.integers(0, len(numbers) - 1))]
                lines[at] = lines[at][: m.start()] + str(draw(HUGE)) + lines[at][m.end() :]
        elif op == 1:  # a map line anywhere: before setup, mid-game, after the end
            where = draw(st.sampled_from([0, at, n]))
            lines.insert(where, f"map {draw(st.sampled_from(MAP_IDS))}")
        elif op == 2:  # an option line anywhere
            where = draw(st.sampled_from([0, at, n]))
            lines.insert(where, f"option {draw(st.sampled_from(OPTIONS))}")
        elif op == 3:  # a huge row of one sub-command repeated
            faction = draw(st.sampled_from(ALL_FACTIONS))
            repeat = draw(st.integers(2, 5_000))
            lines.insert(
                at, f"{faction}: " + ". ".join([draw(st.sampled_from(SUB_COMMANDS))] * repeat)
            )
        elif op == 5:  # a letter swapped for one that case-folds to it, or looks like it
            spots = [i for i, ch in enumerate(lines[at]) if ch.lower() in CONFUSABLE]
            if spots:
                i = draw(st.sampled_from(spots))
                swap = draw(st.sampled_from(CONFUSABLE[lines[at][i].lower()]))
                lines[at] = lines[at][:i] + swap + lines[at][i + 1 :]
        elif op == 6:  # a cell of a ledger row (or a word of a command) replaced
            sep = "\t" if "\t" in lines[at] else " "
            cells = lines[at].split(sep)
            i = draw(st.integers(0, len(cells) - 1))
            cells[i] = draw(st.sampled_from(CELLS)).replace("{}", str(draw(HUGE)))
            lines[at] = sep.join(cells)
        else:  # a huge number in a command of its own
            faction = draw(st.sampled_from(ALL_FACTIONS))
            form = draw(
                st.sampled_from(
                    [
                        "+{}C",
                        "+{}spade",
                        "+{}gain_ship",
                        "dig {}",
                        "burn {}",
                        "leech {} from witches",
                        "convert {}PW to {}C",
                        "send p to AIR for {}",
                        "-{}PW",
                        "+{}pw_token",
                    ]
                )
            )
            lines.insert(at, f"{faction}: " + form.replace("{}", str(draw(HUGE))))
    return "\n".join(lines)


@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(hostile())
def test_hostile_logs_fail_cleanly(text: str) -> None:
    check(text)


@pytest.mark.slow
@settings(max_examples=5_000, deadline=None, suppress_health_check=list(HealthCheck))
@given(hostile())
def test_hostile_logs_fail_cleanly_many(text: str) -> None:
    check(text)


# ---------------------------------------- odd files and Dask addresses (issue 16)


ADDRESS_PARTS = ["tcp://", "tls://", "http://", "inproc://", "ucx://", "localhost", "127.0.0.1"]
ADDRESS_PARTS += ["[::1]", ":", ":8786", ":0", ":99999", ":-1", "/", "a" * 64, ".", "..", "ı", "\0"]


@settings(max_examples=200, deadline=None)
@given(
    st.one_of(
        st.text(max_size=40),
        st.lists(st.sampled_from(ADDRESS_PARTS), max_size=5).map("".join),
    )
)
def test_any_dask_address_is_accepted_or_a_usage_error(text: str) -> None:
    from tmlog.dask_cluster import DaskAddressError, parse_address

    try:
        host, port = parse_address(text)
    except DaskAddressError:
        return
    assert 0 < port < 65536 and host
    host.encode("idna")  # what the socket layer will do with it (raised a bare UnicodeError)


ODD_ENTRIES = ["empty", "folder", "loop", "broken", "fifo", "bad-name", "binary", "device", "log"]


@st.composite
def odd_folder(draw: st.DrawFn) -> list[tuple[str, int]]:
    return draw(
        st.lists(st.tuples(st.sampled_from(ODD_ENTRIES), st.integers(0, 5)), min_size=1, max_size=8)
    )


def _make_odd(folder: Path, entries: list[tuple[str, int]]) -> int:
    """The entries, made in ``folder``; how many real logs are among them."""
    import os

    logs = 0
    for n, (kind, seed) in enumerate(entries):
        path = folder / f"{n}-{kind}.txt"
        if kind == "empty":
            path.write_bytes(b"")
        elif kind == "folder":
            path.mkdir()
            (path / "inner.log").write_bytes(bytes(range(seed * 40)))
        elif kind == "loop":
            path.symlink_to(path.name)
        elif kind == "broken":
            path.symlink_to("nowhere")
        elif kind == "fifo":
            os.mkfifo(path)
        elif kind == "bad-name":
            (folder / os.fsdecode(b"%d-caf\xe9.txt" % n)).write_text(BASES[seed], encoding="utf-8")
            logs += 1
        elif kind == "binary":
            path.write_bytes(bytes((seed * 37 + i * 11) % 256 for i in range(3000)))
        elif kind == "device":
            path.symlink_to("/dev/zero")
        else:
            path.write_text(BASES[seed], encoding="utf-8")
            logs += 1
    return logs


def _validate_odd(folder: Path, entries: list[tuple[str, int]]) -> None:
    from click.testing import CliRunner

    from tmlog.cli import cli

    logs = _make_odd(folder, entries)
    start = time.monotonic()
    result = CliRunner().invoke(cli, ["validate", "-q", "-j", "1", str(folder)])
    assert time.monotonic() - start < 30
    assert result.exit_code in (0, 1), result.output
    assert "Traceback" not in result.output and "internal error" not in result.output
    assert result.stdout.count("\nOK ") + result.stdout.startswith("OK ") == logs, result.output


@settings(max_examples=5, deadline=None, suppress_health_check=list(HealthCheck))
@given(odd_folder())
def test_folders_of_odd_entries_are_reported_entry_by_entry(
    tmp_path_factory: pytest.TempPathFactory, entries: list[tuple[str, int]]
) -> None:
    _validate_odd(tmp_path_factory.mktemp("odd"), entries)


@pytest.mark.slow
@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(odd_folder())
def test_folders_of_odd_entries_are_reported_entry_by_entry_many(
    tmp_path_factory: pytest.TempPathFactory, entries: list[tuple[str, int]]
) -> None:
    _validate_odd(tmp_path_factory.mktemp("odd"), entries)
