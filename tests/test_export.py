"""Issue 14: ``tmlog export`` writes tidy tables that load back and agree with the reports.

Expected values come from the corpus ledgers' recorded rows (the timeline is
checked against every recorded row of all 42 games), ``manifest.json``, the
reference engine's final state in the site-JSON samples (buildings, shipping,
digging), and the ``vp``, ``leech`` and ``stats`` commands.
"""

from __future__ import annotations

import gzip
import io
import json
import re
import sqlite3
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
import pytest
from click.testing import CliRunner

from tmlog.cli import cli
from tmlog.games.terra_mystica.convert import ledger_to_commands
from tmlog.games.terra_mystica.export import COLUMNS
from tmlog.games.terra_mystica.parse import ParsedLog, parse_file

from .conftest import LEDGER_DIR

SITE_JSON = Path(__file__).parent / "data" / "site-json"
TABLES = ["games", "factions", "timeline", "vp_sources", "leech"]


def run(*args: str) -> str:
    result = CliRunner().invoke(cli, list(args))
    assert result.exit_code == 0, result.output
    return result.stdout


@pytest.fixture(scope="module")
def exported(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict[str, pd.DataFrame]]:
    """The corpus exported in each format and read back: format → table → frame."""
    out = tmp_path_factory.mktemp("export")
    corpus = str(LEDGER_DIR)
    run("export", corpus, "--to", "parquet", str(out / "pq"))
    run("export", corpus, "--to", "csv", str(out / "csv"))
    run("export", corpus, "--to", "sqlite", str(out / "games.db"))
    loaded: dict[str, dict[str, pd.DataFrame]] = {"parquet": {}, "csv": {}, "sqlite": {}}
    db = sqlite3.connect(out / "games.db")
    for name in TABLES:
        loaded["parquet"][name] = pd.read_parquet(out / "pq" / f"{name}.parquet")
        loaded["csv"][name] = pd.read_csv(out / "csv" / f"{name}.csv", keep_default_na=False)
        loaded["sqlite"][name] = pd.read_sql_query(f'SELECT * FROM "{name}"', db)
    loaded["sqlite"]["_avg"] = pd.read_sql_query(
        """SELECT f.faction, COUNT(*) AS games, AVG(f.final_vp) AS avg_vp
           FROM factions f JOIN games g USING (game)
           WHERE g.finished AND NOT f.dropped
           GROUP BY f.faction""",
        db,
    )
    db.close()
    return loaded


def test_column_names_are_stable(exported: dict[str, dict[str, pd.DataFrame]]) -> None:
    # Written out here, not read from the code: a rename must change this test.
    assert list(COLUMNS["games"]) == [
        "game", "map", "map_id", "options", "player_count", "players", "final_scoring",
        "score_tiles", "rounds", "finished", "dropped",
    ]  # fmt: skip
    state = ["c", "w", "p", "p1", "p2", "p3", "fire", "water", "earth", "air"]
    holdings = ["d", "tp", "te", "sh", "sa", "ship", "dig"]
    assert list(COLUMNS["factions"]) == [
        "game", "faction", "player", "start_order", "final_vp", "rank", "dropped", "color",
        "bonus_round_1", *state, *holdings,
    ]  # fmt: skip
    assert list(COLUMNS["timeline"]) == [
        "game", "row", "line", "round", "turn", "faction", "acting", "vp", *state, *holdings,
    ]  # fmt: skip
    assert list(COLUMNS["vp_sources"]) == ["game", "faction", "source", "vp"]
    for fmt in ("parquet", "csv", "sqlite"):
        for name in TABLES:
            assert list(exported[fmt][name].columns) == list(COLUMNS[name]), (fmt, name)
    pq = exported["parquet"]
    assert pq["timeline"]["vp"].dtype == "int64"
    assert pq["games"]["finished"].dtype == bool
    assert pq["factions"]["rank"].isna().sum() == 6  # the six dropped factions


def test_formats_hold_the_same_values(exported: dict[str, dict[str, pd.DataFrame]]) -> None:
    for name in TABLES:
        pq = exported["parquet"][name]
        for fmt in ("csv", "sqlite"):
            other = exported[fmt][name]
            assert len(other) == len(pq)
            for column in pq.columns:
                a = [_cell(v) for v in pq[column]]
                assert a == [_cell(v) for v in other[column]], (fmt, name, column)


def _cell(value: Any) -> str:
    """A cell as text, whatever the format made of it: bools as 1/0, nulls as ''."""
    if value is None or value is pd.NA or (isinstance(value, float) and value != value):
        return ""
    if isinstance(value, (bool, np.bool_)):
        return str(int(value))
    if isinstance(value, float) and value.is_integer():
        return str(int(value))  # an integer column with nulls, read back as float
    if isinstance(value, str) and value in ("true", "false"):
        return "1" if value == "true" else "0"
    return str(value)


def test_timeline_is_the_ledger(
    exported: dict[str, dict[str, pd.DataFrame]], ledgers: dict[str, ParsedLog]
) -> None:
    """Row N of a game's timeline holds the values its ledger recorded in action row N."""
    timeline = exported["parquet"]["timeline"]
    compared = 0
    for gid, log in ledgers.items():
        game = timeline[timeline.game.str.endswith(f"/{gid}.txt")]
        rows = game[game.acting.astype(bool)].sort_values("row")
        recorded = [r for r in log.rows if r.recorded is not None]
        assert len(rows) == len(recorded)
        expected = [
            (
                r.faction.value if r.faction else "",
                r.recorded.vp,
                r.recorded.c,
                r.recorded.w,
                r.recorded.p,
                *r.recorded.power,
                *r.recorded.cults,
            )
            for r in recorded
            if r.recorded is not None
        ]
        columns = ["faction", "vp", "c", "w", "p", "p1", "p2", "p3", "fire", "water", "earth"]
        got = [tuple(x) for x in rows[[*columns, "air"]].itertuples(index=False)]
        assert got == expected, gid
        compared += len(got)
    assert compared == 14135


def test_every_faction_is_in_every_row_with_its_last_recorded_values(
    exported: dict[str, dict[str, pd.DataFrame]], ledgers: dict[str, ParsedLog]
) -> None:
    """At each ledger row, every faction that has had a row of its own has one
    timeline row, holding what its ledger recorded in its own last row so far."""
    timeline = exported["parquet"]["timeline"]
    # The table read once into plain tuples, grouped by game and row: slicing a
    # frame for each of the 14,135 rows took most of a minute under load.
    columns = ["game", "row", "faction", "acting", "vp", "c", "p1", "p2", "p3"]
    parts: dict[tuple[str, int], list[tuple[Any, ...]]] = {}
    for cells in timeline[columns].itertuples(index=False, name=None):
        parts.setdefault((cells[0], cells[1]), []).append(cells[2:])
    games = set(timeline.game)
    checked = 0
    for gid, log in ledgers.items():
        (game,) = [g for g in games if g.endswith(f"/{gid}.txt")]
        last: dict[str, tuple[int, ...]] = {}
        recorded = [r for r in log.rows if r.recorded is not None]
        for n, r in enumerate(recorded, start=1):
            assert r.recorded is not None and r.faction is not None
            last[r.faction.value] = (r.recorded.vp, r.recorded.c, *r.recorded.power)
            part = parts[(game, n)]
            got = {faction: (vp, c, p1, p2, p3) for faction, _, vp, c, p1, p2, p3 in part}
            assert got == last, (gid, n)
            assert [faction for faction, acting, *_ in part if acting] == [r.faction.value]
            checked += len(got)
    # 14,135 recorded rows; from the rows where all four factions are in play on,
    # four rows each.
    assert checked > 3 * 14135


def test_buildings_and_tracks_are_the_engines(
    exported: dict[str, dict[str, pd.DataFrame]],
) -> None:
    """The factions table's final buildings, shipping and digging = the reference
    engine's final state (its ``factions`` in the site-JSON samples)."""
    factions = exported["parquet"]["factions"]
    checked = 0
    for path in sorted(SITE_JSON.glob("4pLeague_*.json.gz")):
        gid = path.name.split(".")[0]
        engine: dict[str, Any] = json.loads(gzip.decompress(path.read_bytes()))["factions"]
        ours = factions[factions.game.str.endswith(f"/{gid}.txt")].set_index("faction")
        for name, f in engine.items():
            levels = [f["buildings"][b]["level"] for b in ("D", "TP", "TE", "SH", "SA")]
            expected = [*levels, f["ship"]["level"], f["dig"]["level"], f["VP"], f["C"], f["P3"]]
            row = ours.loc[name]
            got = [int(row[c]) for c in ("d", "tp", "te", "sh", "sa", "ship", "dig")]
            assert [*got, int(row.final_vp), int(row.c), int(row.p3)] == expected, (gid, name)
            checked += 1
    assert checked == 168


def test_tables_agree_with_the_reports(
    exported: dict[str, dict[str, pd.DataFrame]], manifest: dict[str, dict[str, int]]
) -> None:
    tables = exported["parquet"]
    game = str(LEDGER_DIR / "4pLeague_S64_D1L1_G3.txt")
    # vp: the same sources and amounts as `tmlog vp`
    vp = pd.DataFrame(json.loads(run("vp", game, "--format", "json")))
    mine = tables["vp_sources"][tables["vp_sources"].game == game]
    assert sorted(map(tuple, vp[["faction", "source", "vp"]].values.tolist())) == sorted(
        map(tuple, mine[["faction", "source", "vp"]].values.tolist())
    )
    # final VP: the manifest's, and the VP sources sum to it
    factions = tables["factions"]
    for gid, expected in manifest.items():
        rows = factions[factions.game.str.endswith(f"/{gid}.txt")]
        assert dict(zip(rows.faction, rows.final_vp, strict=True)) == expected
    sums = tables["vp_sources"].groupby(["game", "faction"]).vp.sum()
    assert (sums == factions.set_index(["game", "faction"]).final_vp.loc[sums.index]).all()
    # leech: as `tmlog leech` prints it
    leech = pd.DataFrame(json.loads(run("leech", str(LEDGER_DIR), "--format", "json")))
    cols = list(COLUMNS["leech"])
    assert (
        leech[cols].sort_values(["game", "faction"]).values.tolist()
        == tables["leech"][cols].sort_values(["game", "faction"]).values.tolist()
    )
    # stats: the average VP by faction of the README's SQL query is `stats`' avg_vp
    stats = pd.read_csv(io.StringIO(run("stats", str(LEDGER_DIR), "--format", "csv")))
    by_sql = exported["sqlite"]["_avg"].set_index("faction")
    by_stats = stats.set_index("faction")
    assert by_sql.games.to_dict() == by_stats.games.to_dict()
    # (the CSV of `stats` prints 6 decimals)
    assert (by_sql.avg_vp - by_stats.avg_vp.loc[by_sql.index]).abs().max() < 1e-6
    # games: 42 finished 6-round games of 4 factions
    games = tables["games"]
    assert len(games) == 42 and games.finished.all() and set(games.rounds) == {6}
    assert set(games.player_count) == {4}


def test_json_and_text_export_the_same_tables(tmp_path: Path) -> None:
    game = "4pLeague_S64_D1L1_G5"  # two factions dropped out
    run("export", str(LEDGER_DIR / f"{game}.txt"), "--to", "parquet", str(tmp_path / "a"))
    run("export", str(SITE_JSON / f"{game}.json.gz"), "--to", "parquet", str(tmp_path / "b"))
    for name in TABLES:
        # The game's id is its path; a line of a game JSON is its ledger row, not a text line.
        drop = ["game", "line"] if name == "timeline" else ["game"]
        a = pd.read_parquet(tmp_path / "a" / f"{name}.parquet").drop(columns=drop)
        b = pd.read_parquet(tmp_path / "b" / f"{name}.parquet").drop(columns=drop)
        pd.testing.assert_frame_equal(a, b)


def test_existing_output_is_kept(tmp_path: Path) -> None:
    target = tmp_path / "games.db"
    target.write_text("mine")
    result = CliRunner().invoke(
        cli, ["export", str(LEDGER_DIR / "4pLeague_S64_D1L1_G1.txt"), "--to", "sqlite", str(target)]
    )
    assert result.exit_code == 2 and "already exists" in result.output
    assert target.read_text() == "mine"
    # --force writes tmlog's tables into a database, and replaces no other file
    # (tests/test_output_targets.py); an empty file is an empty database.
    target.write_text("")
    run(
        "export",
        str(LEDGER_DIR / "4pLeague_S64_D1L1_G1.txt"),
        "--to",
        "sqlite",
        str(target),
        "--force",
    )
    with sqlite3.connect(target) as db:
        assert db.execute("SELECT COUNT(*) FROM factions").fetchone() == (4,)


def test_a_bad_log_is_reported_and_the_others_exported(tmp_path: Path) -> None:
    bad = tmp_path / "bad.log"
    bad.write_text("witches: fly away\n")
    good = str(LEDGER_DIR / "4pLeague_S64_D1L1_G1.txt")
    result = CliRunner().invoke(cli, ["export", good, str(bad), "--to", "csv", str(tmp_path / "o")])
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert "bad.log:1" in result.output
    assert len(pd.read_csv(tmp_path / "o" / "games.csv")) == 1


def test_a_second_export_reads_the_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from tmlog.games import GAMES

    game = str(LEDGER_DIR / "4pLeague_S64_D1L1_G3.txt")
    common = ["--cache", str(tmp_path / "cache"), "--jobs", "1", "--quiet"]
    run("export", game, "--to", "csv", str(tmp_path / "a"), *common)

    def no_replay(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("replayed")

    monkeypatch.setattr(type(GAMES["terra_mystica"]), "replay", no_replay)
    run("export", game, "--to", "csv", str(tmp_path / "b"), *common)
    for name in TABLES:
        assert (tmp_path / "a" / f"{name}.csv").read_bytes() == (
            tmp_path / "b" / f"{name}.csv"
        ).read_bytes()
    # Without the cache the game would have been replayed:
    result = CliRunner().invoke(
        cli, ["export", game, "--to", "csv", str(tmp_path / "c"), "--no-cache", "--jobs", "1"]
    )
    assert result.exit_code == 1 and "replayed" in result.output


_INCOME_HEADER = re.compile(r"^Round (\d+) income\s*$")
_TURN_HEADER = re.compile(r"^Round (\d+), turn (\d+)\s*$")


def test_timeline_rows_have_their_own_line_and_round(
    exported: dict[str, dict[str, pd.DataFrame]], ledgers: dict[str, ParsedLog]
) -> None:
    """Issue 27: ``line`` is the row's own ledger line (it was the line of the
    command that caused the row for 3,163 of the 14,135 rows: income rows,
    ``[opponent accepted power]``), and ``round``/``turn`` are those of the
    ledger's own headers above the row (``Round N income`` rows were round N-1)."""
    timeline = exported["parquet"]["timeline"]
    exact = 0
    for gid, log in ledgers.items():
        text = (LEDGER_DIR / f"{gid}.txt").read_text(encoding="utf-8").split("\n")
        game = timeline[timeline.game.str.endswith(f"/{gid}.txt")]
        rows = game[game.acting.astype(bool)].sort_values("row")
        recorded = [r for r in log.rows if r.recorded is not None]
        assert list(rows.line) == [r.line for r in recorded], gid
        # The header each ledger line stands under, read from the ledger's text.
        header, after_drop, under = (0, 0), False, {}
        for number, line in enumerate(text, start=1):
            if m := _INCOME_HEADER.match(line):
                header, after_drop = (int(m[1]), 0), False
            elif m := _TURN_HEADER.match(line):
                header, after_drop = (int(m[1]), int(m[2])), False
            elif line.endswith(" dropped from the game"):
                after_drop = True
            under[number] = (header, after_drop)
        for row in rows.itertuples(index=False):
            (expected, after_drop) = under[row.line]
            if after_drop:
                # The engine writes no header straight after another comment row
                # ("auren dropped from the game"): the ledger leaves out the next
                # turn's or round's header, the rows under it still belong to it.
                assert (row.round, row.turn) >= expected, (gid, row.line)
            else:
                assert (row.round, row.turn) == expected, (gid, row.line)
                exact += 1
    # The 17 rows between a "dropped from the game" row and the next header
    # aside; 11 of them stand under a header the ledger left out.
    assert exact == 14135 - 17


def test_income_rows_are_the_rounds_they_are_income_for(tmp_path: Path) -> None:
    """4pLeague_S64_D1L1_G1, as its ledger reads: lines 42-45 are the rows under
    ``Round 1 income`` (line 41), 104-107 and 109-112 those under the two
    ``Round 2 income`` lines; line 50 is the Cultists' ``[opponent accepted
    power]``, caused by the Chaos Magicians' leech on line 51."""
    out = tmp_path / "t"
    run(
        "export",
        str(LEDGER_DIR / "4pLeague_S64_D1L1_G1.txt"),
        "--to",
        "csv",
        str(out),
        "--no-cache",
    )
    timeline = pd.read_csv(out / "timeline.csv")
    acting = timeline[timeline.acting].set_index("line")
    order = ["cultists", "darklings", "witches", "chaosmagicians"]
    got = acting.loc[[42, 43, 44, 45], ["faction", "round", "turn", "c"]]
    assert got.values.tolist() == [
        [faction, 1, 0, c] for faction, c in zip(order, [21, 19, 15, 17], strict=True)
    ]
    round_2 = acting.loc[[104, 105, 106, 107, 109, 110, 111, 112], ["round", "turn"]]
    assert round_2.values.tolist() == [[2, 0]] * 8
    assert acting.loc[50, ["faction", "round", "turn"]].tolist() == ["cultists", 1, 1]
    assert acting.loc[51, "faction"] == "chaosmagicians"


def test_a_command_log_has_no_line_for_the_rows_the_engine_writes(tmp_path: Path) -> None:
    """A command log has no line for an income row (or ``[opponent accepted
    power]``): null, not the line of the command before it."""
    log = tmp_path / "g1.log"
    ledger = parse_file(str(LEDGER_DIR / "4pLeague_S64_D1L1_G1.txt"))
    log.write_text(ledger_to_commands(ledger), encoding="utf-8")
    run("export", str(log), "--to", "parquet", str(tmp_path / "t"), "--no-cache")
    timeline = pd.read_parquet(tmp_path / "t" / "timeline.parquet")
    acting = timeline[timeline.acting]
    lines = log.read_text(encoding="utf-8").split("\n")
    # Rows 16-19 are the four rows of round 1's income (ledger lines 42-45).
    assert acting[acting.row.between(16, 19)].line.isna().all()
    assert list(acting[acting.row.between(16, 19)]["round"]) == [1] * 4
    # Every other line is the row's own command (``setup cultists``, ``cultists: …``).
    for row in acting[acting.line.notna()].itertuples(index=False):
        assert row.faction in lines[int(row.line) - 1].split(":")[0].split(), row
