"""Costs bounded by the input's size, never by its numbers (issue 16).

A count written in a log (``dig N``, ``+N X``, ``burn N`` …) must never make
the engine loop N times: every loop over such a count is bounded by what the
rules allow (the pool's supply, the track's levels), and a bigger number is a
positioned rule error, reached in well under a second.
"""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tmlog.errors import LogSyntaxError, ReplayError, TmlogError
from tmlog.games.terra_mystica.parse import parse_log
from tmlog.games.terra_mystica.replay import Stop, replay

DATA = Path(__file__).parent / "data"
# A Fire & Ice game with Acolytes (volcano) and Riverwalkers, as a command log.
FIRE_ICE = (
    DATA / "fire-ice" / "original2017_riverwalkers-acolytes-witches-engineers_building-on-edge.log"
)
SECONDS = 5.0


def _lines() -> list[str]:
    return FIRE_ICE.read_text(encoding="utf-8").split("\n")


def _replay_error(text: str) -> ReplayError | None:
    start = time.monotonic()
    result = replay(parse_log(text, source="huge.log"))
    assert time.monotonic() - start < SECONDS
    return result.error


def test_a_huge_volcano_dig_is_a_rule_error_not_a_hang() -> None:
    # The reproduction from issue 16: line 110 is "acolytes: dig 1. build F3. -3AIR".
    lines = _lines()
    assert lines[109].startswith("acolytes: dig 1.")
    lines[109] = lines[109].replace("dig 1.", "dig 1000000000000.")
    err = _replay_error("\n".join(lines))
    assert err is not None and err.line == 110
    assert "cannot dig 1000000000000: the supply holds only 10000 VOLCANO_TF" in str(err)


def _with_row(row: str, after: str, *, loose: bool = True) -> str:
    lines = _lines()
    at = lines.index(after) + 1
    lines.insert(at, row)
    if loose:
        lines.insert(0, "option loose-adjust-resource")
    return "\n".join(lines)


@pytest.mark.parametrize(
    ("row", "message"),
    [
        ("acolytes: +1000000000000gain_ship", "no GAIN_SHIP left in the pool"),
        ("riverwalkers: +1000000000000spade", "no SPADE left in the pool"),
        ("riverwalkers: +1000000000000P", "no P left in the pool"),
        ("witches: +1000000000000spade", "no SPADE left in the pool"),
    ],
)
def test_a_huge_adjustment_is_a_rule_error_not_a_hang(row: str, message: str) -> None:
    err = _replay_error(_with_row(row, "engineers: build H8"))
    assert err is not None and message in str(err)
    assert err.line == 32  # the inserted row (line 31), moved down by the option line


def test_gain_ship_past_the_top_of_the_track_still_does_nothing() -> None:
    # Acolytes start at shipping 0 of 3: +5 gain_ship takes them to 3 and the
    # two steps past the top are lost, as in the reference engine.
    text = _with_row("acolytes: +5gain_ship", "engineers: build H8")
    result = replay(parse_log(text, source="huge.log"), stop=Stop(line=32))
    assert result.error is None
    assert result.state.faction("acolytes").shipping == 3


# ------------------------------------------------------------ every numeric field

LEDGER_GAME = DATA / "snellman-ledger" / "4pLeague_S64_D1L1_G3.txt"
BASES = [FIRE_ICE.read_text(encoding="utf-8")]
FACTIONS = ["acolytes", "riverwalkers", "witches", "engineers"]
# Every command form that takes a number, with N where it goes.
TEMPLATES = [
    "+{n}{what}",
    "-{n}{what}",
    "dig {n}",
    "convert {n}PW to {n}C",
    "convert {n}W to {m}C",
    "convert {n}P to {n}W",
    "leech {n} from {other}",
    "decline {n} from {other}",
    "send p to {cult} for {n}",
    "burn {n}",
    "dig {n}. build E5",
    "action ACT6. dig {n}. transform F3",
]
RESOURCES = [
    "C",
    "W",
    "P",
    "PW",
    "VP",
    "spade",
    "gain_ship",
    "gain_teleport",
    "FIRE",
    "AIR",
    "KEY",
    "FAV1",
    "TW1",
    "BON1",
    "P1",
    "P3",
    "pw_token",
    "bridge",
    "gain_action",
    "cult",
    "lose_cult",
    "free_tf",
    "town_size",
    "unlock_terrain",
    "max_p",
]
HUGE = st.one_of(
    st.integers(0, 40),
    st.integers(10**4, 10**30),
    st.sampled_from([9_999, 10_000, 10_001, 10**12, 10**30, 2**63, 2**64 + 1]),
)


@st.composite
def huge_logs(draw: st.DrawFn) -> str:
    lines = draw(st.sampled_from(BASES)).split("\n")
    for _ in range(draw(st.integers(1, 3))):
        at = draw(st.integers(0, len(lines) - 1))
        if draw(st.booleans()):
            template = draw(st.sampled_from(TEMPLATES))
            row = template.format(
                n=draw(HUGE),
                m=draw(HUGE),
                what=draw(st.sampled_from(RESOURCES)),
                other=draw(st.sampled_from(FACTIONS)),
                cult=draw(st.sampled_from(["FIRE", "WATER", "EARTH", "AIR"])),
            )
            lines.insert(at, f"{draw(st.sampled_from(FACTIONS))}: {row}")
        else:  # a number already in the log becomes a huge one
            lines[at] = re.sub(r"\d+", str(draw(HUGE)), lines[at], count=1)
    if draw(st.booleans()):
        lines.insert(0, "option loose-adjust-resource")
    return "\n".join(lines)


def _check(text: str) -> None:
    start = time.monotonic()
    try:
        result = replay(parse_log(text, source="huge.log", partial=True))
        if result.error is not None:
            raise result.error
    except TmlogError as err:
        assert str(err).startswith("huge.log:"), str(err)
    assert time.monotonic() - start < SECONDS


@settings(max_examples=80, deadline=None, suppress_health_check=list(HealthCheck))
@given(huge_logs())
def test_huge_numbers_in_any_field_are_bounded_in_time(text: str) -> None:
    _check(text)


@pytest.mark.slow
@settings(max_examples=3_000, deadline=None, suppress_health_check=list(HealthCheck))
@given(huge_logs())
def test_huge_numbers_in_any_field_are_bounded_in_time_many(text: str) -> None:
    _check(text)


def test_a_number_too_long_to_read_is_a_syntax_error() -> None:
    # Python refuses to read an int of more than 4300 digits (a bare
    # ValueError): the parser must say where instead, in commands and cells.
    lines = _lines()
    lines.insert(30, "witches: +" + "9" * 5000 + "C")
    with pytest.raises(LogSyntaxError) as caught:
        parse_log("\n".join(lines), source="huge.log")
    assert (caught.value.line, caught.value.column) == (31, 11)
    ledger = LEDGER_GAME.read_text(encoding="utf-8").split("\n")
    assert ledger[25].startswith("darklings\t\t20 VP")
    ledger[25] = ledger[25].replace("20 VP", "9" * 5000 + " VP")
    with pytest.raises(LogSyntaxError) as caught:
        parse_log("\n".join(ledger), source="huge.txt")
    assert (caught.value.line, caught.value.column) == (26, 12)


def test_the_issues_darklings_gain_ship_is_a_rule_error_not_a_hang() -> None:
    # Issue 16's reproduction, as it was written there.
    text = "option loose-adjust-resource\nsetup darklings\ndarklings: +1000000000000gain_ship\n"
    err = _replay_error(text)
    assert err is not None and err.line == 3
    assert "no GAIN_SHIP left in the pool" in str(err)
