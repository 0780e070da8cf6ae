"""``tmlog export`` of Root games: its four tables, in each format, against the logs' own text.

Every expected figure below is counted by hand from the log's lines, quoted
where it is used: VP from the ``++`` of a faction's actions, pieces from its
placements (``w->``, ``b_…->``, ``t…->``) and removals (``…->`` with no target).
"""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from click.testing import CliRunner, Result

from tmlog.cli import cli

ROOTLOG = Path(__file__).parent / "data" / "rootlog"
EYRIE = ROOTLOG / "2020_11_19_orderly_eyrie.rootlog"
TM_LOG = Path(__file__).parent.parent / "sample_logs" / "4pLeague_S64_D1L1_G3.txt"
TABLES = ["games", "factions", "timeline", "vp_sources"]


def _export(*args: str, cache: Path) -> Result:
    result = CliRunner().invoke(cli, ["export", *args, "-q", "--jobs", "1", "--cache", str(cache)])
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert "Traceback" not in result.output and "internal error" not in result.output
    return result


@pytest.fixture(scope="module")
def exported(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict[str, pd.DataFrame]]:
    """The eight Root games exported once in each format and read back: format → table → frame."""
    out = tmp_path_factory.mktemp("root-export")
    cache = out / "cache"
    for fmt, target in (("csv", "csv"), ("parquet", "pq"), ("sqlite", "games.db")):
        result = _export(str(ROOTLOG), "--to", fmt, str(out / target), cache=cache)
        assert result.exit_code == 0, result.output
        assert "8 games" in result.stderr
    loaded: dict[str, dict[str, pd.DataFrame]] = {"csv": {}, "parquet": {}, "sqlite": {}}
    db = sqlite3.connect(out / "games.db")
    for name in TABLES:
        loaded["csv"][name] = pd.read_csv(out / "csv" / f"{name}.csv", keep_default_na=False)
        loaded["parquet"][name] = pd.read_parquet(out / "pq" / f"{name}.parquet")
        loaded["sqlite"][name] = pd.read_sql_query(f'SELECT * FROM "{name}"', db)
    tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    db.close()
    # A table Root does not have (Terra Mystica's leech) is not written.
    assert tables == set(TABLES)
    assert sorted(p.name for p in (out / "csv").iterdir()) == sorted(f"{t}.csv" for t in TABLES)
    return loaded


def _eyrie(frame: pd.DataFrame) -> pd.DataFrame:
    return frame[frame["game"].str.endswith(EYRIE.name)]


def _after(frame: pd.DataFrame, line: int, faction: str) -> pd.Series:
    rows = _eyrie(frame)
    rows = rows[(rows["line"] == line) & (rows["faction"] == faction)]
    assert len(rows) == 1
    return rows.iloc[0]


@pytest.mark.parametrize("fmt", ["csv", "parquet", "sqlite"])
def test_the_timeline_is_the_logs_own_tally(
    exported: dict[str, dict[str, pd.DataFrame]], fmt: str
) -> None:
    timeline = exported[fmt]["timeline"]
    # Four factions (A L E C), one row each per turn line of the game.
    eyrie = _eyrie(timeline)
    assert len(eyrie) % 4 == 0 and set(eyrie["faction"]) == {"A", "L", "E", "C"}
    # Line 12, the first turn line (setup):
    # C:t_k->4/b_w->8/b_s->9/b_r->12/w->1+3+4+5+6+7+8+9+10+11+12
    c = _after(timeline, 12, "C")
    assert (c["turn"], c["round"], bool(c["acting"])) == (1, 0, True)
    assert (c["warriors"], c["buildings"], c["tokens"]) == (11, 3, 1)  # 11 clearings, 3 b_, t_k
    assert c["ruled"] == 11  # alone on the map, in those 11 clearings
    # Line 17, the Marquise's first turn (turn line 5, after 4 setup lines):
    # C:t->9/t9->/b_w->8/++2/M#C->/t->9/t9->/b_r->9/++/#->C
    c = _after(timeline, 17, "C")
    assert (c["turn"], c["round"]) == (5, 1)
    assert c["vp"] == 2 + 1
    # wood placed and spent twice (t->9 / t9->), two buildings: 3 + 2; the keep stays.
    assert (c["warriors"], c["buildings"], c["tokens"]) == (11, 3 + 2, 1)
    # Line 18 is the Eyrie's: E:B#E->$_r/w->2/5w2->6/b->6/++/#->E
    e = _after(timeline, 18, "E")
    assert bool(e["acting"]) and e["vp"] == 1
    c = _after(timeline, 18, "C")
    assert not bool(c["acting"]) and c["vp"] == 3  # unchanged on another's turn
    # Line 20, the Alliance: A:(M+F+R)#$->/t->7+10+12/++2/Z%h/++2/#A->$/#->A
    a = _after(timeline, 20, "A")
    assert a["vp"] == 2 + 2 and a["tokens"] == 3
    # Line 22, the Marquise's second turn:
    # C:t->9/Zemi/w->9+12/t9->/b_s->4/++/B#C->/XA12/At12->/^A/#->A$/++/XA7/At7->/^A/#->A$/++/#->C
    c = _after(timeline, 22, "C")
    assert c["round"] == 2
    assert c["vp"] == 3 + 1 + 1 + 1
    assert (c["warriors"], c["buildings"], c["tokens"]) == (11 + 2, 5 + 1, 1)
    a = _after(timeline, 22, "A")
    assert a["tokens"] == 3 - 2  # sympathy removed from 12 and 7 (At12-> / At7->)


def test_the_formats_hold_the_same_values(exported: dict[str, dict[str, pd.DataFrame]]) -> None:
    for name in TABLES:
        frames = [exported[fmt][name] for fmt in ("csv", "parquet", "sqlite")]
        assert all(list(f.columns) == list(frames[0].columns) for f in frames), name
        assert all(len(f) == len(frames[0]) for f in frames), name
        cells = [[[_cell(v) for v in row] for row in f.itertuples(index=False)] for f in frames]
        assert cells[1] == cells[0] and cells[2] == cells[0], name


def _cell(value: object) -> str:
    """A cell as text, whatever the format made of it: a null is empty, a bool 0 or 1."""
    if value is None or value is pd.NA or (isinstance(value, float) and value != value):
        return ""
    if isinstance(value, (bool, np.bool_)):
        return str(int(value))
    return str(value)


def test_factions_and_vp_sources_agree_with_the_timeline(
    exported: dict[str, dict[str, pd.DataFrame]],
) -> None:
    tables = exported["parquet"]
    factions, timeline, sources = tables["factions"], tables["timeline"], tables["vp_sources"]
    assert len(tables["games"]) == 8 and len(factions) == 32
    summed = sources.groupby(["game", "faction"])["vp"].sum()
    for row in factions.itertuples():
        assert summed.get((row.game, row.faction), 0) == row.final_vp
        last = timeline[(timeline.game == row.game) & (timeline.faction == row.faction)]
        last = last[last.turn == last.turn.max()].iloc[0]
        assert (last.vp, last.warriors, last.ruled) == (row.final_vp, row.warriors, row.ruled)
    # The Eyrie won the game named for it (its log's last line: Winner: E).
    eyrie = _eyrie(factions)
    assert eyrie[eyrie.won].faction.tolist() == ["E"]
    assert _eyrie(tables["games"]).winner.tolist() == ["E"]


def test_a_folder_of_both_games_exports_the_game_most_logs_are_of(tmp_path: Path) -> None:
    folder = tmp_path / "mixed"
    folder.mkdir()
    for log in (EYRIE, ROOTLOG / "2020_11_24_winter_tournament_r2g4.rootlog", TM_LOG):
        shutil.copy(log, folder)
    result = _export(str(folder), "--to", "csv", str(tmp_path / "out"), cache=tmp_path / "c")
    assert result.exit_code == 0, result.output
    skipped = [line for line in result.stderr.splitlines() if line.startswith("skipped:")]
    assert skipped == [
        "skipped: 1 Terra Mystica log: this export holds the Root games"
        " (one game's tables per run; export the others from a folder of their own)"
    ]
    assert len(pd.read_csv(tmp_path / "out" / "games.csv")) == 2
    assert not (tmp_path / "out" / "leech.csv").exists()
