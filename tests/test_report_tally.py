"""``tmlog stats`` without grouping counts win rates without pandas: the same bytes.

:mod:`tmlog.report.tally` counts Terra Mystica records and prints the table
itself; :mod:`tmlog.report.winrates` (pandas) does the same for every other
case. Both must print the same table and Markdown for the same games: the
real ones at hand, and the same games changed into the cases the counting
rules single out (ties for first, dropped factions, unfinished games,
a faction alone, no game at all).
"""

from __future__ import annotations

import dataclasses
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.conftest import DATA
from tmlog.cli import cli
from tmlog.corpus import Failure, iter_records
from tmlog.games.terra_mystica.record import GameRecord
from tmlog.records import Record
from tmlog.report.frames import frames
from tmlog.report.output import format_frame
from tmlog.report.tally import WinTally, winrate_table
from tmlog.report.winrates import (
    add_tallies,
    faction_winrates,
    winrate_tallies,
    winrates_from_tallies,
)

FOLDERS = ["snellman-ledger", "fire-ice", "variants"]


@pytest.fixture(scope="module")
def records() -> list[GameRecord]:
    found = iter_records([str(DATA / folder) for folder in FOLDERS], tables=["factions"])
    out = [r for r in found if isinstance(r, GameRecord) and r.error is None]
    assert len(out) > 40
    return out


def plain(records: list[GameRecord], fmt: str) -> str:
    tally = WinTally()
    for record in records:
        tally.add(record)
    return winrate_table(tally.rates(), fmt)


def pandas(records: list[GameRecord], fmt: str) -> str:
    return format_frame(faction_winrates(frames(records).factions), fmt)


def changed(records: list[GameRecord]) -> list[GameRecord]:
    """The games turned into the cases the rules single out, each a new game id."""
    out = []
    for i, r in enumerate(records):
        f = r.factions
        if i % 5 == 0 and len(f) >= 3:  # a three-way tie for first
            top = max(x.final_vp for x in f)
            f = tuple(x._replace(final_vp=top) if j < 3 else x for j, x in enumerate(f))
        elif i % 5 == 1 and len(f) >= 2:  # all but one dropped out
            f = tuple(x._replace(dropped=j > 0) for j, x in enumerate(f))
        elif i % 5 == 2:  # unfinished
            r = dataclasses.replace(r, finished=False)
        elif i % 5 == 3 and f:  # every faction dropped out
            f = tuple(x._replace(dropped=True) for x in f)
        out.append(dataclasses.replace(r, game=f"changed-{i}", factions=f))
    return out


@pytest.mark.parametrize("fmt", ["table", "markdown"])
def test_the_real_games(records: list[GameRecord], fmt: str) -> None:
    assert plain(records, fmt) == pandas(records, fmt)


@pytest.mark.parametrize("fmt", ["table", "markdown"])
def test_ties_drops_and_unfinished_games(records: list[GameRecord], fmt: str) -> None:
    games = changed(records) + records
    assert plain(games, fmt) == pandas(games, fmt)
    for one in changed(records[:5]):
        assert plain([one], fmt) == pandas([one], fmt), one.game


@pytest.mark.parametrize("fmt", ["table", "markdown"])
def test_no_finished_game(records: list[GameRecord], fmt: str) -> None:
    unfinished = [dataclasses.replace(records[0], finished=False)]
    assert plain(unfinished, fmt) == pandas(unfinished, fmt)
    assert plain([], fmt) == pandas([], fmt)


def test_a_hand_count() -> None:
    # g1: witches 120, nomads 120 (tied: half a win each), giants 90.
    # g2: witches 100, giants 110; mermaids dropped out (not counted).
    tally = WinTally()
    tally.add_game(True, [("witches", 120, False), ("nomads", 120, False), ("giants", 90, False)])
    tally.add_game(True, [("witches", 100, False), ("giants", 110, False), ("mermaids", 3, True)])
    rows = {row[0]: row for row in tally.rates()}
    # witches: 2 games, 0.5 wins, VP 220, places 1 + 2, margins (120 - 105) + (100 - 110).
    assert rows["witches"][1:3] == (2, 0.5)
    assert rows["witches"][6:] == (110.0, 1.5, 2.5)
    # giants: 1 win of 2; margins (90 - 120) + (110 - 100) = -20 over 2 games.
    assert rows["giants"][1:3] == (2, 1.0) and rows["giants"][8] == -10.0
    assert "mermaids" not in rows and tally.dropped == 1


def test_the_command_counts_other_games_with_pandas(tmp_path: Path) -> None:
    """Terra Mystica and Root logs in one run: the plain count hands over to pandas."""
    both = tmp_path / "both"
    both.mkdir()
    for game in sorted((DATA / "snellman-ledger").glob("*.txt"))[:3]:
        shutil.copy(game, both / game.name)
    root = tmp_path / "root"
    shutil.copytree(DATA / "rootlog", root)
    for game in sorted(root.rglob("*")):
        if game.is_file():
            shutil.copy(game, both / f"root-{game.name}")

    result = CliRunner().invoke(cli, ["stats", str(both), "--no-cache", "-q", "-j", "1"])
    # As pandas counts every game's records: a tally per game, added up.
    found = [r for r in iter_records([str(both)]) if not isinstance(r, Failure) and not r.error]
    by_type: dict[type, list[Record]] = {}
    for record in found:
        by_type.setdefault(type(record), []).append(record)
    assert len(by_type) == 2
    parts = [winrate_tallies(frames(group).factions) for group in by_type.values()]
    expected = format_frame(winrates_from_tallies(add_tallies(parts)), "table")
    assert result.stdout.startswith(expected + "\n"), result.stdout


def test_shared_wins_are_summed_exactly_by_both_counts() -> None:
    # By hand: game g1 is a tie of two for first (witches get 1/2 of a win), game g2 a
    # tie of three (1/3): 5/6 of a win in all. Summed as floats, 1/2 + 1/3 is
    # 0.8333333333333333, one bit short of 5/6 (0.8333333333333334): two equal win rates
    # could then be ordered apart. Both counts give the exact 5/6.
    import pandas as pd

    factions = pd.DataFrame(
        {
            "game": ["g1"] * 4 + ["g2"] * 4,
            "faction": ["witches", "nomads", "giants", "swarmlings"] * 2,
            "final_vp": [100, 100, 90, 80, 120, 120, 120, 80],
            "dropped": [False] * 8,
            "finished": [True] * 8,
        }
    )
    assert 1 / 2 + 1 / 3 != 5 / 6
    table = winrates_from_tallies(winrate_tallies(factions))
    witches = table[table["faction"] == "witches"].iloc[0]
    assert witches["wins"] == 5 / 6
    assert witches["win_rate"] == (5 / 6) / 2
