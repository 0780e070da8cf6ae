"""``tmlog vp`` and ``tmlog leech`` print their text tables without pandas: the
DataFrames' prints, byte for byte.

:func:`tmlog.report.vp_sums.vp_text` prints the sums of
:func:`~tmlog.report.vp_sums.vp_by_game`, the computation
:func:`tmlog.report.vp.vp_breakdown` builds its DataFrame from, and
:func:`tmlog.report.leech.leech_text` the records' leech rows; both must print
what :func:`tmlog.report.output.format_frame` prints of those DataFrames, for
every game at hand: one at a time (what a user running on one log sees) and
all at once.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest

from tests.conftest import DATA
from tmlog import GAMES
from tmlog.corpus import Failure, iter_records
from tmlog.games.capabilities import VP_SOURCES
from tmlog.games.terra_mystica.record import GameRecord
from tmlog.records import Record
from tmlog.report.frames import frames
from tmlog.report.leech import leech_text, leech_totals
from tmlog.report.output import format_frame
from tmlog.report.vp import vp_breakdown
from tmlog.report.vp_sums import vp_text

FOLDERS = ["snellman-ledger", "fire-ice", "fidelity", "variants", "old-style"]


@pytest.fixture(scope="module")
def records() -> list[GameRecord]:
    found = iter_records([str(DATA / folder) for folder in FOLDERS])
    out = [r for r in found if isinstance(r, GameRecord) and r.error is None]
    assert len(out) > 60
    return out


@pytest.fixture(scope="module")
def root_records() -> list[Record]:
    found = iter_records([str(DATA / "rootlog")])
    out = [r for r in found if not isinstance(r, Failure) and r.error is None]
    assert len(out) >= 8
    return out


def text_vp(records: Sequence[Record], fmt: str) -> str:
    order = VP_SOURCES.of(GAMES.game_of_record(records[0]))
    return vp_text(records, fmt, None if order is None else order.source_key)


def pandas_vp(records: Sequence[Record], fmt: str) -> str:
    return format_frame(vp_breakdown(frames(records).vp, by_faction=True), fmt, group_by="game")


def pandas_leech(records: list[GameRecord], fmt: str) -> str:
    return format_frame(leech_totals(frames(records).leech), fmt)


# Markdown shares the text writer with the table; game by game it runs with the slow tests.
@pytest.mark.parametrize("fmt", ["table", pytest.param("markdown", marks=pytest.mark.slow)])
def test_one_game_at_a_time(records: list[GameRecord], fmt: str) -> None:
    for record in records:
        assert text_vp([record], fmt) == pandas_vp([record], fmt), record.game
        assert leech_text([record], fmt) == pandas_leech([record], fmt), record.game


@pytest.mark.parametrize("fmt", ["table", "markdown"])
def test_all_games_at_once(records: list[GameRecord], fmt: str) -> None:
    assert text_vp(records, fmt) == pandas_vp(records, fmt)
    assert leech_text(records, fmt) == pandas_leech(records, fmt)


@pytest.mark.parametrize("fmt", ["table", "markdown"])
def test_root_games(root_records: list[Record], fmt: str) -> None:
    assert text_vp(root_records, fmt) == pandas_vp(root_records, fmt)
    for record in root_records:
        assert text_vp([record], fmt) == pandas_vp([record], fmt), record.game


def test_the_same_path_twice_is_one_game_as_in_pandas(records: list[GameRecord]) -> None:
    twice = [records[0], records[0]]
    assert text_vp(twice, "table") == pandas_vp(twice, "table")


def test_a_game_without_vp_prints_no_table(records: list[GameRecord], tmp_path: Path) -> None:
    import dataclasses

    empty = dataclasses.replace(records[0], vp=(), leech=())
    assert text_vp([empty], "table") == pandas_vp([empty], "table") == ""
    assert leech_text([empty], "table") == pandas_leech([empty], "table")
