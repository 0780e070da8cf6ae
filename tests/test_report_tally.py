"""Win rates are counted once, by :class:`tmlog.report.tally.WinTally`: ``tmlog stats``
without grouping feeds it the records and prints its rows without pandas;
:func:`tmlog.report.winrates.faction_winrates` feeds it a factions DataFrame
and makes its rows a DataFrame. The text printed must be that DataFrame's
print, byte for byte, for the same games: the real ones at hand (Terra Mystica
and Root), and the same games changed into the cases the counting rules single
out (ties for first, dropped factions, unfinished games, a faction alone, no
game at all).
"""

from __future__ import annotations

import dataclasses
import shutil
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pandas as pd
import pytest
from click.testing import CliRunner

from tests.conftest import DATA
from tmlog.cli import cli
from tmlog.corpus import Failure, iter_records
from tmlog.games.terra_mystica.record import GameRecord
from tmlog.records import Record
from tmlog.report.frames import frames
from tmlog.report.output import format_frame
from tmlog.report.tally import WINRATE_COLUMNS, WinTally, winrate_table
from tmlog.report.winrates import faction_winrates

FOLDERS = ["snellman-ledger", "fire-ice", "variants"]


@pytest.fixture(scope="module")
def records() -> list[GameRecord]:
    found = iter_records([str(DATA / folder) for folder in FOLDERS], tables=["factions"])
    out = [r for r in found if isinstance(r, GameRecord) and r.error is None]
    assert len(out) > 40
    return out


def plain(records: Sequence[Record], fmt: str) -> str:
    tally = WinTally()
    for record in records:
        tally.add(record)
    return winrate_table(tally.rates(), fmt)


def pandas(records: Sequence[Record], fmt: str) -> str:
    return format_frame(faction_winrates(frames(records).factions), fmt)


def changed(records: list[Any]) -> list[Any]:
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
    tally.add_game(
        True,
        [
            ("witches", 120, False, False),
            ("nomads", 120, False, False),
            ("giants", 90, False, False),
        ],
    )
    tally.add_game(
        True,
        [
            ("witches", 100, False, False),
            ("giants", 110, False, False),
            ("mermaids", 3, True, False),
        ],
    )
    rows = {row[0]: row for row in tally.rates()}
    # witches: 2 games, 0.5 wins, VP 220, places 1 + 2, margins (120 - 105) + (100 - 110).
    assert rows["witches"][1:3] == (2, 0.5)
    assert rows["witches"][6:] == (110.0, 1.5, 2.5)
    # giants: 1 win of 2; margins (90 - 120) + (110 - 100) = -20 over 2 games.
    assert rows["giants"][1:3] == (2, 1.0) and rows["giants"][8] == -10.0
    assert "mermaids" not in rows and tally.dropped == 1


COALITION = DATA / "rootlog" / "2020_11_19_winter_tournament_r1g2.rootlog"


def test_a_coalition_shares_the_win() -> None:
    """Root's winners are the record's ``won`` column, not the most VP: the text table
    and the DataFrame both count them."""
    # The log ends "Winner: CG": the Marquise (C, 30 VP at the end) and the Vagabond
    # in coalition with it (G, 12 VP); the Eyrie (E) ends on 18 VP, the other Vagabond
    # (V, 11 VP) in coalition with the Eyrie, which did not win. Two winners: half a
    # win each, whatever their VP (by VP alone, C would have the whole win).
    # Place: the winners first (1), the others behind both by VP: E 3, V 4.
    # Margin: own VP minus the mean of the three others, each winner level with the
    # game's best score (30): C and G 30 - (30+18+11)/3, E 18 - (30+30+11)/3,
    # V 11 - (30+30+18)/3.
    # Wilson at 95% (z = 1.959964, z² = 3.841459) for one game: a half win gives
    # 0.5 ± z / (2 √(1 + z²)) = 0.5 ± 0.445377; no win gives 0 to z² / (1 + z²) = 0.793444.
    want = [
        list(WINRATE_COLUMNS),
        ["C", "1", "0.50", "0.500", "0.055", "0.945", "30.00", "1.00", "10.33"],  # 30 - 59/3
        ["G", "1", "0.50", "0.500", "0.055", "0.945", "12.00", "1.00", "10.33"],  # 30 - 59/3
        ["E", "1", "0.00", "0.000", "0.000", "0.793", "18.00", "3.00", "-5.67"],  # 18 - 71/3
        ["V", "1", "0.00", "0.000", "0.000", "0.793", "11.00", "4.00", "-15.00"],  # 11 - 78/3
    ]
    result = CliRunner().invoke(cli, ["stats", str(COALITION), "--no-cache"])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert [line.split() for line in lines[:5]] == want
    assert lines[5] == "1 game; left out: 0 dropped factions, 0 unfinished games"
    (record,) = [r for r in iter_records([str(COALITION)]) if not isinstance(r, Failure)]
    assert pandas([record], "table") == "\n".join(lines[:5])
    by_name = faction_winrates(frames([record]).factions).set_index("faction")
    assert by_name.loc[["C", "G", "E", "V"], "wins"].tolist() == [0.5, 0.5, 0.0, 0.0]


@pytest.mark.parametrize("fmt", ["table", "markdown"])
def test_root_games(fmt: str) -> None:
    root = [r for r in iter_records([str(DATA / "rootlog")]) if not isinstance(r, Failure)]
    assert len(root) >= 8
    assert plain(root, fmt) == pandas(root, fmt)
    games = changed(root) + root
    assert plain(games, fmt) == pandas(games, fmt)


def test_the_command_counts_every_games_records(tmp_path: Path) -> None:
    """Terra Mystica and Root logs in one run: one table, each game's factions
    counted as faction_winrates counts them."""
    both = tmp_path / "both"
    both.mkdir()
    for game in sorted((DATA / "snellman-ledger").glob("*.txt"))[:3]:
        shutil.copy(game, both / game.name)
    # The 8 real games (not the history's earlier versions, which stats counts once
    # each where their content is the same game's).
    for game in sorted((DATA / "rootlog").glob("*.rootlog")):
        shutil.copy(game, both / f"root-{game.name}")

    result = CliRunner().invoke(cli, ["stats", str(both), "--no-cache", "-q", "-j", "1"])
    found = [r for r in iter_records([str(both)]) if not isinstance(r, Failure) and not r.error]
    by_type: dict[type, list[Record]] = {}
    for record in found:
        by_type.setdefault(type(record), []).append(record)
    assert len(by_type) == 2
    # The two games' factions have names of their own: their rows, in the table's order.
    parts = [faction_winrates(frames(group).factions) for group in by_type.values()]
    assert not set(parts[0]["faction"]) & set(parts[1]["faction"])
    table = pd.concat(parts).sort_values(
        ["win_rate", "avg_vp", "faction"], ascending=[False, False, True], kind="stable"
    )
    assert result.stdout.startswith(format_frame(table, "table") + "\n"), result.stdout


def test_shared_wins_are_summed_exactly() -> None:
    # By hand: game g1 is a tie of two for first (witches get 1/2 of a win), game g2 a
    # tie of three (1/3): 5/6 of a win in all. Summed as floats, 1/2 + 1/3 is
    # 0.8333333333333333, one bit short of 5/6 (0.8333333333333334): two equal win rates
    # could then be ordered apart. The tally gives the exact 5/6.
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
    table = faction_winrates(factions)
    witches = table[table["faction"] == "witches"].iloc[0]
    assert witches["wins"] == 5 / 6
    assert witches["win_rate"] == (5 / 6) / 2


def test_a_chained_coalition_places_its_three_winners_first() -> None:
    # r1g3 ends "Winner: CGV": C 32 VP, G 12 and V 8 (V in coalition with G, G with C);
    # D 22 did not win. Each winner a third of a win and place 1; D placed behind the
    # three (4). Margins, each winner level with the best score (32): a winner
    # 32 - (32+32+22)/3 = 3.33; D 22 - (32+32+32)/3 = -10.
    path = DATA / "rootlog" / "2020_11_26_winter_tournament_r1g3.rootlog"
    (record,) = [r for r in iter_records([str(path)]) if not isinstance(r, Failure)]
    rates = faction_winrates(frames([record]).factions).set_index("faction")
    assert rates.loc[["C", "G", "V", "D"], "avg_rank"].tolist() == [1.0, 1.0, 1.0, 4.0]
    assert [round(m, 2) for m in rates.loc[["C", "G", "V", "D"], "avg_margin"]] == [
        3.33,
        3.33,
        3.33,
        -10.0,
    ]
    assert plain([record], "table") == pandas([record], "table")
