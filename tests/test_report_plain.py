"""The pandas-free tables of one game's ``vp`` and ``leech`` are the pandas reports'.

``tmlog vp`` and ``tmlog leech`` print their table and Markdown output with
:mod:`tmlog.report.plain` (pandas would cost more to import than the replay);
``json``/``csv``, ``--timeline``, ``--feeding`` and the plots still go through
pandas. Both must print the same bytes, for every game at hand: one at a time
(what a user running on one log sees) and all at once.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import DATA
from tmlog.corpus import iter_records
from tmlog.games.terra_mystica.record import GameRecord
from tmlog.report import plain
from tmlog.report.frames import frames
from tmlog.report.leech import leech_totals
from tmlog.report.output import format_frame
from tmlog.report.vp import vp_breakdown

FOLDERS = ["snellman-ledger", "fire-ice", "fidelity", "variants", "old-style"]


@pytest.fixture(scope="module")
def records() -> list[GameRecord]:
    found = iter_records([str(DATA / folder) for folder in FOLDERS])
    out = [r for r in found if isinstance(r, GameRecord) and r.error is None]
    assert len(out) > 60
    return out


def pandas_vp(records: list[GameRecord], fmt: str) -> str:
    return format_frame(vp_breakdown(frames(records).vp, by_faction=True), fmt, group_by="game")


def pandas_leech(records: list[GameRecord], fmt: str) -> str:
    return format_frame(leech_totals(frames(records).leech), fmt)


# Markdown shares the text writer with the table; game by game it runs with the slow tests.
@pytest.mark.parametrize("fmt", ["table", pytest.param("markdown", marks=pytest.mark.slow)])
def test_one_game_at_a_time(records: list[GameRecord], fmt: str) -> None:
    for record in records:
        assert plain.vp_by_faction([record], fmt) == pandas_vp([record], fmt), record.game
        assert plain.leech_totals([record], fmt) == pandas_leech([record], fmt), record.game


@pytest.mark.parametrize("fmt", ["table", "markdown"])
def test_all_games_at_once(records: list[GameRecord], fmt: str) -> None:
    assert plain.vp_by_faction(records, fmt) == pandas_vp(records, fmt)
    assert plain.leech_totals(records, fmt) == pandas_leech(records, fmt)


def test_the_same_path_twice_is_one_game_as_in_pandas(records: list[GameRecord]) -> None:
    twice = [records[0], records[0]]
    assert plain.vp_by_faction(twice, "table") == pandas_vp(twice, "table")


def test_a_game_without_vp_prints_no_table(records: list[GameRecord], tmp_path: Path) -> None:
    import dataclasses

    empty = dataclasses.replace(records[0], vp=(), leech=())
    assert plain.vp_by_faction([empty], "table") == pandas_vp([empty], "table") == ""
    assert plain.leech_totals([empty], "table") == pandas_leech([empty], "table")
