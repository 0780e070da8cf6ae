"""Reporters on small hand-written tables; records, frames and the writer."""

from __future__ import annotations

import doctest
import importlib
import json
import math
import pickle

import pandas as pd
import pytest
from pandas.testing import assert_frame_equal

import tmlog
from tmlog.corpus import Failure, iter_records
from tmlog.games.terra_mystica.frames import EVENT_COLUMNS, board_frames, events_frame
from tmlog.games.terra_mystica.parse import parse_file
from tmlog.games.terra_mystica.record import (
    FACTION_COLUMNS,
    FEEDING_COLUMNS,
    GAME_COLUMNS,
    LEECH_COLUMNS,
    VP_COLUMNS,
    VP_ROUND_COLUMNS,
    record_game,
    source_key,
)
from tmlog.games.terra_mystica.replay import Stop, replay
from tmlog.report.frames import frames
from tmlog.report.leech import leech_totals, who_fed_whom
from tmlog.report.output import format_frame
from tmlog.report.vp import vp_breakdown, vp_families, vp_timeline
from tmlog.report.winrates import faction_winrates, left_out, wilson_interval

from .conftest import DROPOUT_GAME, LEDGERS, SAMPLE_DIR

MODULES = [
    "tmlog.corpus",
    "tmlog.report.frames",
    "tmlog.records",
    "tmlog.games",
    "tmlog.games.terra_mystica.game",
    "tmlog.games.terra_mystica.record",
    "tmlog.games.terra_mystica.frames",
    "tmlog.report.output",
    "tmlog.report.vp",
    "tmlog.report.leech",
    "tmlog.report.winrates",
    "tmlog.plot",
    "tmlog.plot.common",
]


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


def test_reporters_are_exported() -> None:
    assert tmlog.vp_breakdown is vp_breakdown
    assert tmlog.leech_totals is leech_totals
    assert tmlog.who_fed_whom is who_fed_whom
    assert tmlog.faction_winrates is faction_winrates
    with pytest.raises(AttributeError):
        _ = tmlog.no_such_reporter  # type: ignore[attr-defined]


# ------------------------------------------------------------------ records


@pytest.fixture(scope="module")
def dropout() -> tmlog.games.terra_mystica.replay.Replay:
    return replay(parse_file(str(DROPOUT_GAME)))


def test_record_of_a_game_with_a_dropout(dropout: tmlog.games.terra_mystica.replay.Replay) -> None:
    record = record_game(dropout, game_id="g3")
    assert record.game == "g3"
    assert record.map_name == "Original"
    assert record.player_count == 4
    assert record.final_scoring == "original"
    assert record.finished and record.last_round == 6 and record.error is None
    assert record.dropped == ("witches",)
    assert "strict-leech" in record.options and list(record.options) == sorted(record.options)
    assert [(f.faction, f.start_order, f.final_vp, f.rank) for f in record.factions] == [
        ("darklings", 1, 152, 2),
        ("cultists", 2, 168, 1),
        ("witches", 3, 92, None),
        ("swarmlings", 4, 149, 3),
    ]
    assert record.players == ("Gewalf", "tom8918", "Paquito", "RazorPop")
    assert record.factions[0].player == "Gewalf"
    assert [r.vp for r in record.vp_rounds if r.faction == "darklings"] == [
        20, 17, 33, 46, 60, 72, 134,
    ]  # fmt: skip


def test_record_is_plain_picklable_data(dropout: tmlog.games.terra_mystica.replay.Replay) -> None:
    record = record_game(dropout)
    assert pickle.loads(pickle.dumps(record)) == record
    assert "pandas" not in repr(record)


def test_stopped_replay_records_the_rounds_so_far() -> None:
    result = replay(parse_file(str(DROPOUT_GAME)), stop=Stop(round=2))
    record = record_game(result)
    assert not record.finished and record.last_round == 3
    assert {r.round for r in record.vp_rounds} == {0, 1, 2, 3}
    for f in record.factions:
        assert sum(r.vp for r in record.vp if r.faction == f.faction) == f.final_vp


def test_frames_have_the_fixed_columns(dropout: tmlog.games.terra_mystica.replay.Replay) -> None:
    tables = frames([record_game(dropout), record_game(dropout, game_id="copy")])
    assert list(tables.games.columns) == GAME_COLUMNS
    assert list(tables.factions.columns) == FACTION_COLUMNS
    assert list(tables.vp.columns) == VP_COLUMNS
    assert list(tables.vp_rounds.columns) == VP_ROUND_COLUMNS
    assert list(tables.leech.columns) == LEECH_COLUMNS
    assert list(tables.feeding.columns) == FEEDING_COLUMNS
    assert len(tables.games) == 2 and len(tables.factions) == 8
    assert tables.games["dropped"].tolist() == ["witches", "witches"]
    assert tables.factions["rank"].isna().sum() == 2
    empty = frames([])
    assert list(empty.vp.columns) == VP_COLUMNS and empty.vp.empty


def test_events_frame(dropout: tmlog.games.terra_mystica.replay.Replay) -> None:
    df = events_frame(dropout, game_id="g3")
    assert list(df.columns) == EVENT_COLUMNS
    assert len(df) == len(dropout.events)
    assert set(df["game"]) == {"g3"}
    accepted = df[df["event"] == "PowerAccepted"]
    assert accepted["power"].sum() == 92
    assert str(df["delta"].dtype) == "Int64"
    assert df.loc[df["event"] == "IncomeTaken", "income"].notna().all()


@pytest.mark.parametrize("path", LEDGERS[:12], ids=lambda p: p.stem)
def test_board_frames_match_the_engine(path: object) -> None:
    result = replay(parse_file(str(path)))
    board = board_frames(result)
    by_hex = board.hexes.set_index("hex")
    owners = {f.color: f.name for f in result._game.order if not f.dummy}
    for name, state in result._game.hexes.items():
        row = by_hex.loc[name]
        assert row["terrain"] == state.color
        building = row["building"] if isinstance(row["building"], str) else None
        assert building == state.building, name
        if state.building:
            assert row["faction"] == owners[state.color]
        if not row["river"]:
            assert bool(row["town"]) == bool(state.town), name
    assert sorted(zip(board.bridges["hex1"], board.bridges["hex2"], strict=True)) == sorted(
        (a, b) for a, b, _ in result._game.bridges
    )


def test_iter_records_reports_failures(tmp_path: object) -> None:
    import pathlib

    assert isinstance(tmp_path, pathlib.Path)
    bad = tmp_path / "bad.txt"
    bad.write_text("witches: fly to the moon\n", encoding="utf-8")
    items = list(iter_records([str(SAMPLE_DIR), str(bad), str(tmp_path / "none.txt")]))
    assert [type(i).__name__ for i in items] == ["GameRecord"] * 3 + ["Failure"] * 2
    assert all(isinstance(i, Failure) and i.message for i in items[3:])


# ----------------------------------------------------------------- reporters


def _vp_table() -> pd.DataFrame:
    table = pd.DataFrame(
        {
            "game": ["g2", "g2", "g2", "g1", "g1", "g1", "g1"],
            "faction": ["giants", "giants", "giants", "witches", "witches", "nomads", "witches"],
            "source": ["final-air", "SCORE10", "initial", "leech", "initial", "initial", "SCORE2"],
            "vp": [8, 4, 20, -3, 20, 20, 6],
        }
    )
    table.attrs["tmlog.game"] = "terra_mystica"  # as frames() marks Terra Mystica's tables
    return table


def test_source_order() -> None:
    sources = [
        "final-resources", "final-distance", "final-network", "final-air", "final-fire",
        "leech", "convert", "faction", "advance-dig", "advance-ship", "town", "BON10", "BON6",
        "FAV12", "SCORE10", "SCORE2", "initial",
    ]  # fmt: skip
    assert sorted(sources, key=source_key) == [
        "initial", "SCORE2", "SCORE10", "FAV12", "BON6", "BON10", "town", "advance-ship",
        "advance-dig", "faction", "convert", "leech", "final-fire", "final-air",
        "final-network", "final-distance", "final-resources",
    ]  # fmt: skip


def test_vp_breakdown_long() -> None:
    want = pd.DataFrame(
        {
            "game": ["g2", "g2", "g2", "g1", "g1", "g1", "g1"],
            "faction": ["giants", "giants", "giants", "nomads", "witches", "witches", "witches"],
            "source": ["initial", "SCORE10", "final-air", "initial", "initial", "SCORE2", "leech"],
            "vp": [20, 4, 8, 20, 20, 6, -3],
        }
    )
    assert_frame_equal(vp_breakdown(_vp_table()), want, check_dtype=False)


def test_vp_breakdown_by_faction() -> None:
    got = vp_breakdown(_vp_table(), by_faction=True)
    want = pd.DataFrame(
        {
            "game": ["g2"] * 4 + ["g1"] * 4,
            "source": [
                *("initial", "SCORE10", "final-air", "total"),
                *("initial", "SCORE2", "leech", "total"),
            ],
            "giants": pd.array([20, 4, 8, 32, None, None, None, None], dtype="Int64"),
            "nomads": pd.array([None] * 4 + [20, 0, 0, 20], dtype="Int64"),
            "witches": pd.array([None] * 4 + [20, 6, -3, 23], dtype="Int64"),
        }
    )
    assert_frame_equal(got, want, check_dtype=False)


def test_vp_families() -> None:
    got = vp_families(_vp_table())
    want = pd.DataFrame(
        {
            "game": ["g2", "g2", "g2", "g1", "g1", "g1", "g1"],
            "faction": ["giants", "giants", "giants", "nomads", "witches", "witches", "witches"],
            "family": [
                "initial",
                "round scoring",
                "final: cults",
                "initial",
                "initial",
                "round scoring",
                "leech",
            ],
            "vp": [20, 4, 8, 20, 20, 6, -3],
        }
    )
    assert_frame_equal(got, want, check_dtype=False)


def test_vp_timeline_with_final() -> None:
    rounds = pd.DataFrame(
        {
            "game": ["g1"] * 4 + ["g2"] * 2,
            "faction": ["witches", "witches", "nomads", "nomads", "giants", "giants"],
            "round": [0, 1, 0, 1, 0, 1],
            "vp": [20, 31, 20, 25, 20, 22],
        }
    )
    factions = pd.DataFrame(
        {
            "game": ["g1", "g1", "g2"],
            "faction": ["witches", "nomads", "giants"],
            "final_vp": [140, 120, 30],
            "finished": [True, True, False],
        }
    )
    want = pd.DataFrame(
        {
            "game": ["g1", "g1", "g2"],
            "faction": ["witches", "nomads", "giants"],
            "setup": [20, 20, 20],
            "R1": [31, 25, 22],
            "final": pd.array([140, 120, None], dtype="Int64"),
        }
    )
    assert_frame_equal(vp_timeline(rounds, factions), want, check_dtype=False)


def _leech_table() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "game": ["g1", "g1", "g2"],
            "faction": ["witches", "nomads", "witches"],
            "offers": [5, 2, 3],
            "offered_power": [9, 3, 4],
            "accepted": [4, 1, 2],
            "accepted_power": [8, 1, 3],
            "declined": [1, 0, 0],
            "declined_power": [1, 0, 0],
            "lapsed": [0, 1, 1],
            "lapsed_power": [0, 2, 1],
            "vp_paid": [4, 0, 1],
        }
    )


def test_leech_totals_per_game_keeps_rows() -> None:
    assert_frame_equal(leech_totals(_leech_table()), _leech_table())


def test_leech_totals_over_games() -> None:
    want = pd.DataFrame(
        {
            "faction": ["nomads", "witches"],
            "games": [1, 2],
            "offers": [2, 8],
            "offered_power": [3, 13],
            "accepted": [1, 6],
            "accepted_power": [1, 11],
            "declined": [0, 1],
            "declined_power": [0, 1],
            "lapsed": [1, 1],
            "lapsed_power": [2, 1],
            "vp_paid": [0, 5],
        }
    )
    assert_frame_equal(leech_totals(_leech_table(), per_game=False), want, check_dtype=False)


def test_who_fed_whom() -> None:
    feeding = pd.DataFrame(
        {
            "game": ["g1", "g1", "g2", "g2"],
            "faction": ["witches", "nomads", "witches", "giants"],
            "source_faction": ["nomads", "witches", "nomads", "witches"],
            "accepted": [3, 1, 2, 1],
            "accepted_power": [5, 2, 3, 1],
        }
    )
    assert_frame_equal(who_fed_whom(feeding), feeding)
    want = pd.DataFrame(
        {
            "faction": ["giants", "nomads", "witches"],
            "giants": [0, 0, 0],
            "nomads": [0, 0, 8],
            "witches": [1, 2, 0],
        }
    )
    assert_frame_equal(who_fed_whom(feeding, matrix=True), want, check_dtype=False)


def _factions() -> pd.DataFrame:
    # g1: a tie for first; g2: one dropped faction (ignored); g3 unfinished (ignored).
    rows = [
        ("g1", "witches", 1, 120, False, True),
        ("g1", "nomads", 2, 120, False, True),
        ("g1", "giants", 3, 90, False, True),
        ("g2", "witches", 1, 100, False, True),
        ("g2", "giants", 2, 130, False, True),
        ("g2", "nomads", 3, 150, True, True),
        ("g3", "nomads", 1, 50, False, False),
        ("g3", "giants", 2, 40, False, False),
    ]
    df = pd.DataFrame(
        rows, columns=["game", "faction", "start_order", "final_vp", "dropped", "finished"]
    )
    df["player_count"] = 3
    df["map"] = "Original"
    df["final_scoring"] = "original"
    return df


def test_faction_winrates() -> None:
    got = faction_winrates(_factions())
    lo_g, hi_g = wilson_interval(1, 2)
    lo_w, hi_w = wilson_interval(0.5, 2)
    lo_n, hi_n = wilson_interval(0.5, 1)
    want = pd.DataFrame(
        {
            "faction": ["nomads", "giants", "witches"],
            "games": [1, 2, 2],
            "wins": [0.5, 1.0, 0.5],
            "win_rate": [0.5, 0.5, 0.25],
            "ci_low": [lo_n, lo_g, lo_w],
            "ci_high": [hi_n, hi_g, hi_w],
            "avg_vp": [120.0, 110.0, 110.0],
            "avg_rank": [1.0, 2.0, 1.5],
            # g1: witches 120 - (120+90)/2 = 15; g2: witches 100 - 130 = -30.
            "avg_margin": [15.0, (-30.0 + 30.0) / 2, (15.0 - 30.0) / 2],
        }
    )
    assert_frame_equal(got, want)


def test_faction_winrates_by_seat() -> None:
    got = faction_winrates(_factions(), by="seat")
    assert list(got.columns)[:2] == ["seat", "faction"]
    assert got[["seat", "faction", "games"]].values.tolist() == [
        [1, "witches", 2],
        [2, "giants", 1],
        [2, "nomads", 1],
        [3, "giants", 1],
    ]
    assert got["games"].sum() == 5
    with pytest.raises(ValueError, match="unknown grouping"):
        faction_winrates(_factions(), by="colour")


def test_left_out() -> None:
    assert left_out(_factions()) == {"dropped": 1, "unfinished": 1}


def test_wilson_interval() -> None:
    # Textbook values: 5 of 10 → [0.2366, 0.7634]; 0 of 10 → [0, z²/(n + z²)].
    assert [round(x, 4) for x in wilson_interval(5, 10)] == [0.2366, 0.7634]
    assert [round(x, 4) for x in wilson_interval(0, 10)] == [0.0, 0.2775]
    assert wilson_interval(0, 5)[0] == 0.0 and wilson_interval(5, 5)[1] == 1.0
    assert all(math.isnan(x) for x in wilson_interval(0, 0))


# ------------------------------------------------------------------ writer


def test_format_frame_json_and_csv_missing_values() -> None:
    df = pd.DataFrame(
        {"faction": ["a", "b"], "rank": pd.array([1, None], dtype="Int64"), "x": [0.1, None]}
    )
    assert json.loads(format_frame(df, "json")) == [
        {"faction": "a", "rank": 1, "x": 0.1},
        {"faction": "b", "rank": None, "x": None},
    ]
    assert format_frame(df, "csv") == "faction,rank,x\na,1,0.1\nb,,\n"
    assert format_frame(df.iloc[:0], "json") == "[]"


def test_format_frame_groups() -> None:
    df = pd.DataFrame(
        {
            "game": ["g1", "g1", "g2"],
            "source": ["initial", "total", "initial"],
            "witches": pd.array([20, 20, None], dtype="Int64"),
            "giants": pd.array([None, None, 20], dtype="Int64"),
        }
    )
    assert format_frame(df, "table", group_by="game") == (
        "g1\nsource   witches\ninitial       20\ntotal         20\n\n"
        "g2\nsource   giants\ninitial      20"
    )
    assert format_frame(df, "markdown", group_by="game").startswith(
        "### g1\n\n| source | witches |\n|:--|--:|\n| initial | 20 |"
    )
    with pytest.raises(ValueError, match="unknown format"):
        format_frame(df, "yaml")
