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


@st.composite
def hostile(draw: st.DrawFn) -> str:
    """A real log with the damage the fault campaign of issue 16 used."""
    lines = draw(st.sampled_from(HOSTILE_BASES)).split("\n")
    for _ in range(draw(st.integers(1, 3))):
        n = len(lines)
        at = draw(st.integers(0, n - 1))
        op = draw(st.integers(0, 4))
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
