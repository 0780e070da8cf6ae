"""Every option combined with every other (issue 16).

Real games get ``option NAME`` lines for random subsets of every option the
engine knows (the settings-only ones and unknown names too), before the
setup, mid-game, after the end and as ledger rows, some of them with a
confusable letter, some games with a huge number too; other options come in
as the game's stored settings (``replay(options=...)``). Whatever the mix,
``parse_log``, ``replay`` and ``audit`` end with a result or a positioned
:class:`~tmlog.errors.TmlogError`, never another exception, in bounded time.
"""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tmlog.errors import InputError, LogSyntaxError, ReplayError
from tmlog.games.terra_mystica.audit import audit
from tmlog.games.terra_mystica.convert import ledger_to_commands
from tmlog.games.terra_mystica.parse import parse_file, parse_log
from tmlog.games.terra_mystica.replay import replay
from tmlog.games.terra_mystica.replay.options import VALID_OPTIONS, Option

DATA = Path(__file__).parent / "data"
LEDGER = DATA / "snellman-ledger" / "4pLeague_S64_D1L1_G1.txt"
GAMES = [
    LEDGER.read_text(encoding="utf-8"),
    ledger_to_commands(parse_file(str(LEDGER))),
    *(p.read_text(encoding="utf-8") for p in sorted((DATA / "fire-ice").glob("*.log"))[:3]),
    (DATA / "constructed" / "fire_ice_acolytes.log").read_text(encoding="utf-8"),
]
NAMES = [o.value for o in Option]
CONFUSABLE = {"i": "ı", "s": "ſ", "k": "\u212a", "e": "е", "a": "ａ"}
SECONDS = 10.0


@st.composite
def optioned(draw: st.DrawFn) -> tuple[str, list[str]]:
    """A real game with option lines anywhere, and the options set before it."""
    lines = draw(st.sampled_from(GAMES)).split("\n")
    ledger = "\t" in lines[len(lines) // 2]
    names = draw(st.lists(st.sampled_from([*NAMES, "no-such-option"]), max_size=len(NAMES)))
    for name in names:
        if name and draw(st.integers(0, 9)) == 0:  # a confusable letter in the name
            spots = [i for i, ch in enumerate(name) if ch in CONFUSABLE]
            if spots:
                i = draw(st.sampled_from(spots))
                name = name[:i] + CONFUSABLE[name[i]] + name[i + 1 :]
        line = draw(st.sampled_from(["option {}", "option {}", "OPTION {}", "option  {} "]))
        line = line.format(name)
        if ledger and draw(st.booleans()):
            line = "witches" + "\t" * 14 + line  # as a ledger row's command
        where = draw(st.sampled_from(["start", "anywhere", "end"]))
        at = {"start": 0, "end": len(lines)}.get(where) or draw(st.integers(0, len(lines)))
        lines.insert(at, line)
    if draw(st.integers(0, 3)) == 0:  # and a huge number somewhere
        i = draw(st.integers(0, len(lines) - 1))
        lines[i] = re.sub(r"\d+", str(draw(st.integers(10**3, 10**30))), lines[i], count=1)
    before = draw(st.lists(st.sampled_from(sorted(VALID_OPTIONS)), max_size=6))
    return "\n".join(lines), before


def check(text: str, before: list[str]) -> None:
    start = time.monotonic()
    try:
        log = parse_log(text, source="opt.log", partial=True)
        result = replay(log, options=before)
        if log.format == "ledger":
            audit(log, result)
        if result.error is not None:
            raise result.error
    except LogSyntaxError as err:
        assert err.line >= 1 and err.column >= 1
    except ReplayError as err:
        assert err.line >= 1 and str(err).startswith(f"opt.log:{err.line}: "), str(err)
    except InputError as err:
        assert err.source == "opt.log"
    # Anything else escapes and fails the test: only tmlog's errors may leave.
    assert time.monotonic() - start < SECONDS


@settings(max_examples=10, deadline=None, suppress_health_check=list(HealthCheck))
@given(optioned())
def test_any_mix_of_options_gives_a_result_or_a_tmlog_error(case: tuple[str, list[str]]) -> None:
    check(*case)


@pytest.mark.slow
@settings(max_examples=1_000, deadline=None, suppress_health_check=list(HealthCheck))
@given(optioned())
def test_any_mix_of_options_gives_a_result_or_a_tmlog_error_many(
    case: tuple[str, list[str]],
) -> None:
    check(*case)


@pytest.mark.parametrize("name", NAMES)
def test_every_option_alone_before_a_real_game(name: str) -> None:
    # The settings-only four are illegal as a log's option line (the reference
    # engine refuses them); every other one is accepted there.
    text = f"option {name}\n" + GAMES[1]
    result = replay(parse_log(text, source="opt.log"))
    if name in VALID_OPTIONS:
        assert result.error is None or result.error.line > 1, str(result.error)
    else:
        assert result.error is not None and result.error.line == 1
        assert f"unknown option {name}" in str(result.error)


def test_all_options_at_once_before_every_game() -> None:
    head = "".join(f"option {name}\n" for name in sorted(VALID_OPTIONS))
    for game in GAMES:
        check(head + game, sorted(VALID_OPTIONS))
