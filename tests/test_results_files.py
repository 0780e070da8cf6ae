"""The site's results files: read strictly, counted by ``stats`` like the logs they stand for.

``tests/data/results/corpus-results.json`` holds the 42 corpus games as the
site's v2 results file (how it was made: ``tests/data/results/README.md``).
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any

import pandas as pd
import pytest
from click.testing import CliRunner

from tmlog import iter_records
from tmlog.cli import cli
from tmlog.errors import TmlogError
from tmlog.games.terra_mystica.record import GameRecord
from tmlog.games.terra_mystica.results import (
    ResultsError,
    looks_like_results,
    parse_results,
    read_results,
    result_record,
)
from tmlog.report.frames import frames
from tmlog.report.winrates import faction_winrates

from .conftest import LEDGER_DIR

RESULTS = Path(__file__).parent / "data" / "results"
CORPUS = RESULTS / "corpus-results.json"


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


@pytest.fixture(scope="module")
def log_records() -> list[GameRecord]:
    return [r for r in iter_records([str(LEDGER_DIR)]) if isinstance(r, GameRecord)]


def test_corpus_results_hold_the_manifest(manifest: dict[str, dict[str, int]]) -> None:
    games = read_results(str(CORPUS))
    assert {g.id: {p.faction: p.vp for p in g.players} for g in games} == manifest
    names = {p.username for g in games for p in g.players}
    assert len(names) == 14 and None not in names
    assert sum(p.dropped for g in games for p in g.players) == 6


@pytest.mark.parametrize("by", [None, "players", "map", "seat", "final-scoring"])
def test_stats_from_results_equal_stats_from_logs(
    by: str | None, log_records: list[GameRecord]
) -> None:
    from_results = frames([result_record(g) for g in read_results(str(CORPUS))])
    from_logs = frames(log_records)
    pd.testing.assert_frame_equal(
        faction_winrates(from_results.factions, by=by),
        faction_winrates(from_logs.factions, by=by),
    )


def test_stats_command_on_results_equals_logs(runner: CliRunner) -> None:
    results = runner.invoke(cli, ["stats", str(CORPUS)])
    logs = runner.invoke(cli, ["stats", str(LEDGER_DIR), "-q"])
    assert results.exit_code == logs.exit_code == 0
    assert results.stdout == logs.stdout
    assert results.stdout.splitlines()[-1] == (
        "42 games; left out: 6 dropped factions, 0 unfinished games"
    )


def test_a_game_in_results_and_logs_is_counted_once(runner: CliRunner, tmp_path: Path) -> None:
    plain = runner.invoke(cli, ["stats", str(CORPUS)]).stdout.splitlines()
    mixed = runner.invoke(cli, ["stats", str(LEDGER_DIR), str(CORPUS), "-q", "--no-cache"])
    assert mixed.exit_code == 0, mixed.output
    lines = mixed.stdout.splitlines()
    assert lines[:-1] == plain[:-1]
    assert lines[-1].startswith(
        "42 games; left out: 6 dropped factions, 0 unfinished games, 42 logs already in"
        f" results ({LEDGER_DIR}/4pLeague_S64_D1L1_G1.txt = {CORPUS}:4pLeague_S64_D1L1_G1, "
    )

    # A results file with half the games, the other half from their logs: 42 games.
    doc = json.loads(CORPUS.read_text(encoding="utf-8"))
    ids = sorted(doc["games"])
    doc["games"] = {i: doc["games"][i] for i in ids[:21]}
    half = tmp_path / "half.json"
    half.write_text(json.dumps(doc), encoding="utf-8")
    both = runner.invoke(cli, ["stats", str(half), str(LEDGER_DIR), "-q", "--no-cache"])
    assert both.stdout.splitlines()[:-1] == plain[:-1]
    assert both.stdout.splitlines()[-1].startswith("42 games; left out: 6 dropped factions, 0 unf")
    assert "21 logs already in results" in both.stdout

    # The same results twice (plain and gzipped): the second copy is left out.
    gz = tmp_path / "again.json.gz"
    gz.write_bytes(gzip.compress(CORPUS.read_bytes()))
    twice = runner.invoke(cli, ["stats", str(CORPUS), str(gz)])
    assert twice.stdout.splitlines()[:-1] == plain[:-1]
    assert f"42 repeated results ({gz}:4pLeague_S64_D1L1_G1 = {CORPUS}:" in twice.stdout


def _rated_games(floor: float) -> set[str]:
    """The corpus games whose players (those that did not drop out) are all rated
    ``floor`` or more by ELO.pm (figures from the site's code); the unrated count as 0."""
    perl = json.loads((RESULTS / "corpus-results.elo.json").read_text(encoding="utf-8"))
    rating = {name: float(v[0]) for name, v in perl["players"].items()}
    games = read_results(str(CORPUS))
    return {
        g.id
        for g in games
        if min(rating.get(p.username or "", 0.0) for p in g.players if not p.dropped) >= floor
    }


def _json_stats(runner: CliRunner, *args: str) -> list[dict[str, Any]]:
    result = runner.invoke(cli, ["stats", str(CORPUS), "--format", "json", *args])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)  # type: ignore[no-any-return]


def test_min_rating_counts_only_games_of_rated_players(
    runner: CliRunner, log_records: list[GameRecord]
) -> None:
    kept = _rated_games(1000)
    assert kept == {"4pLeague_S64_D1L1_G5", "4pLeague_S66_D1L1_G5"}
    # What plain stats say of those games alone (from their logs).
    alone = [r for r in log_records if Path(r.game).stem in kept]
    expected = faction_winrates(frames(alone).factions)
    rows = _json_stats(runner, "--min-rating", "1000")
    assert [(r["faction"], r["games"], r["wins"]) for r in rows] == list(
        zip(expected["faction"], expected["games"], expected["wins"], strict=True)
    )
    assert _rated_games(1250) == set()
    assert _json_stats(runner, "--min-rating", "1250") == []


def test_rating_bands_as_the_site_groups_them(runner: CliRunner) -> None:
    rows = _json_stats(runner, "--by", "rating-band")
    bands = [r.pop("rating_band") for r in rows]
    # Bands overlap, as on the site: all games, then those of 1000+ players.
    assert bands == ["all"] * 12 + ["1000+"] * 6
    assert rows[:12] == _json_stats(runner)
    assert rows[12:] == _json_stats(runner, "--min-rating", "1000")


# -------------------------------------------------------------- bad files


def _doc() -> dict[str, Any]:
    return json.loads(CORPUS.read_text(encoding="utf-8"))  # type: ignore[no-any-return]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            lambda d: d["games"]["4pLeague_S64_D1L1_G3"]["players"][2].update(vp="lots"),
            'games["4pLeague_S64_D1L1_G3"].players[2].vp: expected an integer or null, got "lots"',
        ),
        (
            lambda d: d["games"]["4pLeague_S64_D1L1_G1"]["players"][0].update(id_hash="feed"),
            'games["4pLeague_S64_D1L1_G1"].players[0].id_hash: feed is not in the file\'s'
            " players table",
        ),
        (
            lambda d: d["games"]["4pLeague_S64_D1L1_G2"].update(players=[]),
            'games["4pLeague_S64_D1L1_G2"].players: expected a non-empty list, got []',
        ),
        (
            lambda d: d["games"]["4pLeague_S64_D1L1_G2"]["players"][1].update(dropped="maybe"),
            'games["4pLeague_S64_D1L1_G2"].players[1].dropped: expected true, false, 1, 0'
            ' or null, got "maybe"',
        ),
        (lambda d: d.update(version="1"), 'version: expected 2 (the v2 results format), got "1"'),
        # What each row may say alone, but not all of them together (issue 27).
        (
            lambda d: d["games"]["4pLeague_S64_D1L1_G3"]["players"][1].update(
                faction="nonexistent"
            ),
            'games["4pLeague_S64_D1L1_G3"].players[1].faction: "nonexistent" is not a Terra'
            " Mystica faction",
        ),
        (
            lambda d: [
                p.update(faction="witches") for p in d["games"]["4pLeague_S64_D1L1_G3"]["players"]
            ],
            'games["4pLeague_S64_D1L1_G3"].players[1].faction: witches again (players[0] is'
            " witches too)",
        ),
        (
            lambda d: d["games"]["4pLeague_S64_D1L1_G3"].update(player_count=0),
            'games["4pLeague_S64_D1L1_G3"].player_count: 0, but the game lists 4 factions',
        ),
        (
            lambda d: d["games"]["4pLeague_S64_D1L1_G3"].update(player_count=2**63),
            f'games["4pLeague_S64_D1L1_G3"].player_count: {2**63}, but the game lists 4 factions',
        ),
        (
            lambda d: d["games"]["4pLeague_S64_D1L1_G3"].update(
                player_count=None,
                players=[
                    *d["games"]["4pLeague_S64_D1L1_G3"]["players"][:3],
                    {"faction": "nofaction1"},
                ],
            ),
            None,  # nothing wrong: three factions and a role that is none
        ),
        (
            lambda d: d["games"]["4pLeague_S64_D1L1_G3"]["players"][2].update(start_order=99),
            'games["4pLeague_S64_D1L1_G3"].players[2].start_order: 99: the seats of this game'
            " are 1 to 4",
        ),
        (
            lambda d: d["games"]["4pLeague_S64_D1L1_G3"]["players"][2].update(start_order=1),
            'games["4pLeague_S64_D1L1_G3"].players[2].start_order: 1 again (players[0] has'
            " seat 1 too)",
        ),
        (lambda d: d.pop("games"), "games: missing (expected an object)"),
    ],
)
def test_bad_results_name_file_and_json_path(
    change: Any, message: str | None, tmp_path: Path, runner: CliRunner
) -> None:
    doc = _doc()
    change(doc)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    if message is None:
        assert len(read_results(str(path))) == 42
        return
    with pytest.raises(ResultsError) as caught:
        read_results(str(path))
    assert str(caught.value) == f"{path}: {message}"
    assert isinstance(caught.value, TmlogError)
    # The command line says so, counts the other inputs, exits 1, no traceback.
    result = runner.invoke(cli, ["stats", str(path), str(LEDGER_DIR / "4pLeague_S64_D1L1_G1.txt")])
    assert result.exit_code == 1
    assert f"  {path}: {message}" in result.stderr
    assert result.stdout.splitlines()[-1].startswith("1 game;")
    assert "Traceback" not in result.output


def test_not_json() -> None:
    with pytest.raises(ResultsError, match=r"^r\.json: not JSON: Expecting ',' delimiter"):
        parse_results(b'{"version": 2 "games": {}}', source="r.json")


def test_detection() -> None:
    assert looks_like_results(CORPUS.read_bytes()[:4096])
    assert looks_like_results(b'\xef\xbb\xbf  {\n "players" : {}, "games": {}}')
    assert not looks_like_results((LEDGER_DIR / "4pLeague_S64_D1L1_G1.txt").read_bytes()[:4096])
    assert not looks_like_results(b'{"ledger": [], "factions": {}}')  # a game's own JSON


def test_site_encodings_of_values() -> None:
    """DBI hands over booleans as 1/0 or "1"/"0", numbers sometimes as text; null
    VP (a role that is no faction) is kept, and left out of the statistics."""
    doc = {
        "version": 2,
        "games": {
            "g": {
                "player_count": "3",
                "base_map": None,
                "options": None,
                "last_update": "2014-01-01 00:00:00",
                "expansion_scoring": "1",
                "players": [
                    {"faction": "witches", "vp": "120", "start_order": 1, "dropped": "0",
                     "id_hash": "h1", "rank": 1},
                    {"faction": "nomads", "vp": 100, "start_order": 2, "dropped": True,
                     "id_hash": None, "rank": None},
                    {"faction": "nofaction1", "vp": None, "start_order": None, "dropped": None,
                     "id_hash": "h1", "rank": None},
                ],
            }
        },
        "players": {"h1": {"username": "anna"}},
    }  # fmt: skip
    (game,) = parse_results(json.dumps(doc), source="r.json")
    assert game.player_count == 3 and game.expansion_scoring
    assert game.base_map == "126fe960806d587c78546b30f1a90853b1ada468"
    assert [(p.faction, p.vp, p.dropped, p.username) for p in game.players] == [
        ("witches", 120, False, "anna"),
        ("nomads", 100, True, None),
        ("nofaction1", None, False, "anna"),
    ]
    record = result_record(game)
    assert [(f.faction, f.player, f.rank) for f in record.factions] == [
        ("witches", "anna", 1),
        ("nomads", None, None),
    ]
    assert record.final_scoring == "expansion" and record.map_name == "Original"


def test_min_rating_must_be_a_number(runner: CliRunner) -> None:
    for value in ("nan", "inf"):
        result = runner.invoke(cli, ["stats", str(CORPUS), "--min-rating", value])
        assert result.exit_code == 2, result.output
        assert f"Invalid value for '--min-rating': {value} is not a rating" in result.stderr


@pytest.mark.parametrize(
    ("by", "what"),
    [
        ("bonus-round-1", "bonus tiles"),
        ("score-tiles", "round scoring tiles"),
        ("score-tile", "round scoring tiles"),
        ("score-round-3", "round scoring tiles"),
    ],
)
def test_a_grouping_results_cannot_give_is_a_usage_error(
    by: str, what: str, runner: CliRunner
) -> None:
    """A results file names no tiles: grouping by them would put every game in one
    blank group (or none), so the command refuses before any work."""
    result = runner.invoke(cli, ["stats", str(CORPUS), "--by", by])
    assert result.exit_code == 2, result.output
    assert result.stdout == ""
    assert f"Error: --by {by}: results files do not name the {what} ({CORPUS})" in result.stderr


def test_min_rating_summary_says_what_was_read_and_counted(runner: CliRunner) -> None:
    # 42 corpus games, 2 of whose players are all rated 1000+ by the site's code
    # (test_min_rating_counts_only_games_of_rated_players): 40 below.
    result = runner.invoke(cli, ["stats", str(CORPUS), "--min-rating", "1000"])
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[-1].startswith(
        "42 games read; 2 counted (40 below --min-rating 1000); left out: "
    )


def test_stats_leaves_out_the_games_the_site_leaves_out(
    runner: CliRunner, tmp_path: Path, log_records: list[GameRecord]
) -> None:
    """genstats.pl leaves out a game where one player has two seats, one with
    Shapeshifters or Riverwalkers without their variable_v5 option, and one with
    no registered player; ``ratings`` did already, ``stats`` counted them."""
    doc = _doc()
    games = doc["games"]
    two_seats, old_shapeshifters, unregistered = sorted(games)[:3]
    seats = games[two_seats]["players"]
    seats[1]["id_hash"] = seats[0]["id_hash"]
    games[old_shapeshifters]["players"][0]["faction"] = "shapeshifters"
    for p in games[unregistered]["players"]:
        p["id_hash"] = None
    path = tmp_path / "month.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    result = runner.invoke(cli, ["stats", str(path), "--format", "json"])
    assert result.exit_code == 0, result.output
    # The other 39 games, as their logs give them.
    left = {two_seats, old_shapeshifters, unregistered}
    expected = faction_winrates(
        frames([r for r in log_records if Path(r.game).stem not in left]).factions
    )
    rows = json.loads(result.stdout)
    assert [(r["faction"], r["games"], r["wins"]) for r in rows] == list(
        zip(expected["faction"], expected["games"], expected["wins"], strict=True)
    )
    # The JSON output gives six decimals.
    assert [r["avg_vp"] for r in rows] == pytest.approx(list(expected["avg_vp"]), abs=1e-6)
    note = result.stderr.splitlines()[-1]
    assert note.startswith("stats: 39 games; left out: ")
    assert (
        f"3 games the site's statistics leave out ({path}:{two_seats}: one player in two seats,"
        f" {path}:{old_shapeshifters}: shapeshifters (only variable_v5 Shapeshifters and"
        f" Riverwalkers count), {path}:{unregistered}: no registered player)"
    ) in note
    # The ratings apply the same rules: 39 games rated.
    rated = runner.invoke(cli, ["ratings", str(path)])
    assert "39 games rated of 42" in rated.stdout


def test_stats_names_variable_factions_as_the_site_does(runner: CliRunner, tmp_path: Path) -> None:
    doc = _doc()
    gid = sorted(doc["games"])[0]
    game = doc["games"][gid]
    game["options"].append("variable_v5")
    first = game["players"][0]
    first["faction"] = "riverwalkers"
    doc["games"] = {gid: game}
    path = tmp_path / "v5.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    result = runner.invoke(cli, ["stats", str(path), "--format", "json"])
    assert result.exit_code == 0, result.output
    rows = {r["faction"]: r for r in json.loads(result.stdout)}
    # The corpus's first game, its first faction (cultists, 157 VP, first) made Riverwalkers.
    assert rows["riverwalkers_v5"]["games"] == 1 and rows["riverwalkers_v5"]["avg_vp"] == 157
    assert "riverwalkers" not in rows


def test_the_one_go_checks_read_as_the_field_by_field_ones() -> None:
    """``_Checker.game`` and ``player`` read the common case in one expression (for
    speed: ``tmlog ratings`` on 10,000 games runs ~25% more instructions without);
    each must give what the field-by-field ``_game`` and ``_player`` give."""
    from tests.ratings_synth import synthetic_text
    from tmlog.games.terra_mystica.results import _Checker

    for text in (CORPUS.read_text(encoding="utf-8"), synthetic_text(3, 300, 60)):
        doc = json.loads(text)
        usernames = {h: e.get("username") for h, e in doc["players"].items()}
        c = _Checker("r.json")
        for gid, game in doc["games"].items():
            assert c.game(gid, game, usernames) == c._game(gid, game, usernames)
            for i, p in enumerate(game["players"]):
                where = f"games[{json.dumps(gid)}].players[{i}]"
                assert c.player(p, gid, i, usernames) == c._player(p, where, usernames)
