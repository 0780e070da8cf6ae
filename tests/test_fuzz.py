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
