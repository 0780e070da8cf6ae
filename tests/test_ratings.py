"""Ratings: tmlog's port against the site's own ``RatingData.pm`` + ``ELO.pm``.

The reference figures (``tests/data/results/*.elo.json*``) were computed by
the site's Perl modules, unmodified, run on the same input by a Perl driver
kept outside the project (``tests/data/results/README.md`` says how): every
player's and faction's rating, printed with 17 significant digits, and each
player's points and games per faction.
"""

from __future__ import annotations

import gzip
import json
import math
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from tmlog.cli import cli
from tmlog.games.terra_mystica.ratings import Ratings, Settings, compute_ratings
from tmlog.games.terra_mystica.results import (
    ResultGame,
    ResultPlayer,
    parse_results,
    read_results,
)

from .conftest import LEDGER_DIR
from .ratings_synth import sha256, synthetic_results, synthetic_text

RESULTS = Path(__file__).parent / "data" / "results"
CORPUS = RESULTS / "corpus-results.json"


def _figures(name: str) -> dict[str, Any]:
    path = RESULTS / name
    raw = gzip.decompress(path.read_bytes()) if name.endswith(".gz") else path.read_bytes()
    return json.loads(raw)  # type: ignore[no-any-return]


def _max_difference(ours: Ratings, perl: dict[str, Any]) -> float:
    """The largest difference between our ratings and ELO.pm's; fails on any other mismatch."""
    assert set(ours.players) == set(perl["players"])
    assert set(ours.factions) == set(perl["factions"])
    worst = 0.0
    for name, (score, games, breakdown) in perl["players"].items():
        mine = ours.players[name]
        assert mine.games == games, name
        worst = max(worst, abs(mine.score - float(score)))
        assert set(mine.faction_breakdown) == set(breakdown), name
        for faction, (points, count) in breakdown.items():
            assert mine.faction_breakdown[faction][1] == count, (name, faction)
            worst = max(worst, abs(mine.faction_breakdown[faction][0] - float(points)))
    for key, (score, games) in perl["factions"].items():
        assert ours.factions[key].games == games, key
        worst = max(worst, abs(ours.factions[key].score - float(score)))
    return worst


def test_corpus_ratings_equal_elo_pm() -> None:
    perl = _figures("corpus-results.elo.json")
    assert sha256(CORPUS.read_text(encoding="utf-8")) == perl["input"]["sha256"]
    ours = compute_ratings(read_results(str(CORPUS)))
    # 12 of the 14 players have 5+ games; 12 factions, all on the original map.
    assert (len(ours.players), len(ours.factions)) == (12, 12)
    assert _max_difference(ours, perl) <= 1e-9


@pytest.fixture(scope="module")
def synthetic() -> str:
    return synthetic_text(14, 5000, 400)


def test_synthetic_ratings_equal_elo_pm(synthetic: str) -> None:
    perl = _figures("synthetic-14-5000.elo.json.gz")
    # The generator still writes the file ELO.pm was run on.
    assert sha256(synthetic) == perl["input"]["sha256"]
    games = parse_results(synthetic, source="synthetic.json")
    ours = compute_ratings(games)
    assert len(games) == 5000
    assert len({p.id_hash for g in games for p in g.players if p.id_hash}) >= 300
    assert len(ours.players) == 377
    assert len(ours.factions) == 80
    assert _max_difference(ours, perl) <= 1e-9


def test_synthetic_generator_covers_the_special_cases() -> None:
    doc = synthetic_results(14, 5000, 400)
    games = list(doc["games"].values())
    players = [p for g in games for p in g["players"]]
    assert any(g["player_count"] == 2 for g in games)
    assert any(p["dropped"] for p in players)
    assert any(p["id_hash"] is None for p in players)
    assert any(p["faction"].startswith("nofaction") for p in players)
    assert any("variable_v5" in g["options"] for g in games)
    stamps = [g["last_update"] for g in games]
    assert len(set(stamps)) < len(stamps)  # games with the same last_update


def _game(gid: str, stamp: str, *rows: tuple[str, str, int, bool]) -> ResultGame:
    return ResultGame(
        id=gid,
        source="hand",
        player_count=len(rows),
        base_map="126fe960806d587c78546b30f1a90853b1ada468",
        options=(),
        last_update=stamp,
        expansion_scoring=False,
        players=tuple(
            ResultPlayer(f, vp, None, i + 1, dropped, name, name)
            for i, (name, f, vp, dropped) in enumerate(rows)
        ),
    )


def test_one_pass_by_hand() -> None:
    """Three new players, one game, one pass (pot 16): all three are "new", so
    each match moves both (no faction moves: that needs two established players)."""
    game = _game("g", "1", ("a", "witches", 150, False), ("b", "nomads", 140, False),
                 ("c", "giants", 130, False))  # fmt: skip
    out = compute_ratings([game], Settings(iters=1, min_output_games=1))

    def expected(diff: float) -> float:
        return 1 / (1 + 10 ** (-diff / 400))

    # Matches best VP first: a-b, a-c, b-c. a-b: equal ratings, 16 * (1 - 1/2) = 8.
    a, b, c = 1008.0, 992.0, 1000.0
    d = 16 * (1 - expected(a - c))  # a (1008) beats c (1000): a little under 8
    a, c = a + d, c - d
    d = 16 * (1 - expected(b - c))  # b (992) beats c (992 - 0.18): a little over 8
    b, c = b + d, c - d
    assert out.players["a"].score == pytest.approx(a, abs=1e-12)
    assert out.players["b"].score == pytest.approx(b, abs=1e-12)
    assert out.players["c"].score == pytest.approx(c, abs=1e-12)
    assert (round(a, 4), round(b, 4), round(c, 4)) == (1015.8158, 1000.0042, 984.1799)
    assert {f.score for f in out.factions.values()} == {1000.0}


def test_games_the_site_does_not_rate() -> None:
    two = _game("two", "1", ("a", "witches", 150, False), ("b", "nomads", 140, False))
    twice = _game("twice", "2", ("a", "witches", 150, False), ("a", "nomads", 140, False),
                  ("c", "giants", 130, False))  # fmt: skip
    ss = _game("ss", "3", ("a", "shapeshifters", 150, False), ("b", "nomads", 140, False),
               ("c", "giants", 130, False))  # fmt: skip
    out = compute_ratings([two, twice, ss], Settings(min_output_games=1))
    assert out.games == 0
    assert out.players == {}


def test_logs_rate_like_results(runner: CliRunner) -> None:
    """The ledgers name their players: rated from the replays they give ELO.pm's
    figures too (the corpus's made-up dates follow the league, like its names)."""
    perl = _figures("corpus-results.elo.json")
    result = runner.invoke(cli, ["ratings", str(LEDGER_DIR), "--format", "json", "-q"])
    assert result.exit_code == 0, result.output
    rows = json.loads(result.stdout)
    assert {r["player"]: r["games"] for r in rows} == {k: v[1] for k, v in perl["players"].items()}
    for row in rows:  # JSON prints 6 decimals
        assert math.isclose(row["rating"], float(perl["players"][row["player"]][0]), abs_tol=1e-6)
    assert "42 games rated of 42 (0 results, 42 logs)" in result.stderr


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


def test_ratings_command_tables(runner: CliRunner) -> None:
    perl = _figures("corpus-results.elo.json")
    result = runner.invoke(cli, ["ratings", str(CORPUS)])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0].split() == ["rank", "player", "rating", "games"]
    best = max(perl["players"].items(), key=lambda kv: float(kv[1][0]))
    assert lines[1].split() == ["1", best[0], f"{float(best[1][0]):.2f}", str(best[1][1])]
    assert lines[-1] == "42 games rated of 42 (42 results, 0 logs); 12 players with 5+ games"

    result = runner.invoke(cli, ["ratings", str(CORPUS), "--show", "factions", "--format", "csv"])
    assert result.exit_code == 0
    assert result.stdout.splitlines()[0] == "faction,map,rating,games"
    cultists = next(r for r in result.stdout.splitlines() if r.startswith("cultists,"))
    key = "cultists 126fe960806d587c78546b30f1a90853b1ada468"
    assert cultists == f"cultists,Original,{round(float(perl['factions'][key][0]), 6)},35"


def test_ratings_says_a_log_names_no_players(runner: CliRunner, tmp_path: Path) -> None:
    log = tmp_path / "anon.txt"
    text = (LEDGER_DIR / "4pLeague_S64_D1L1_G1.txt").read_text(encoding="utf-8")
    log.write_text("\n".join(li for li in text.splitlines() if not li.startswith("Player ")) + "\n")
    result = runner.invoke(cli, ["ratings", str(log), str(CORPUS), "--no-cache"])
    assert result.exit_code == 1
    assert f"{log}: the log names no players" in result.stderr
    assert "42 games rated of 42 (42 results, 0 logs)" in result.stdout
    assert "Traceback" not in result.output


def test_ratings_count_a_game_in_results_and_logs_once(runner: CliRunner) -> None:
    alone = runner.invoke(cli, ["ratings", str(CORPUS), "--format", "csv"])
    both = runner.invoke(cli, ["ratings", str(LEDGER_DIR), str(CORPUS), "--format", "csv", "-q"])
    assert both.exit_code == 0, both.output
    assert both.stdout == alone.stdout
    assert "42 games rated of 42 (42 results, 0 logs)" in both.stderr
    assert "left out: 42 logs already in results (" in both.stderr
