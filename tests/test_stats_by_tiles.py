"""Issue 14: ``stats --by`` the round scoring tiles and the round-1 bonus tile.

The expected keys are read off the ledger text by hand: S64 G3's ``Round N
scoring: SCOREx`` rows give SCORE7, SCORE1, SCORE5, SCORE9, SCORE3, SCORE4, and
its round-0 ``Pass BONx`` rows give swarmlings BON6, witches BON1, cultists
BON5, darklings BON2. The final VP are the manifest's (cultists 168,
darklings 152, swarmlings 149; the witches dropped out).
"""

from __future__ import annotations

import io
from pathlib import Path

import pandas as pd
import pytest
from click.testing import CliRunner

from tmlog.cli import cli

from .conftest import DROPOUT_GAME, LEDGER_DIR

TILES = "SCORE7,SCORE1,SCORE5,SCORE9,SCORE3,SCORE4"


def stats(*args: str) -> pd.DataFrame:
    result = CliRunner().invoke(cli, ["stats", *args, "--format", "csv"])
    assert result.exit_code == 0, result.output
    return pd.read_csv(io.StringIO(result.stdout))


def test_bonus_round_1_of_one_game() -> None:
    table = stats(str(DROPOUT_GAME), "--by", "bonus-round-1")
    got = {(r.bonus_round_1, r.faction): (r.games, r.wins, r.avg_vp) for r in table.itertuples()}
    assert got == {
        ("BON5", "cultists"): (1, 1.0, 168.0),
        ("BON2", "darklings"): (1, 0.0, 152.0),
        ("BON6", "swarmlings"): (1, 0.0, 149.0),
    }
    # cultists' margin: 168 - (152 + 149) / 2
    assert table.loc[table.faction == "cultists", "avg_margin"].item() == 17.5


@pytest.mark.parametrize("round_", range(1, 7))
def test_score_round_n(round_: int) -> None:
    table = stats(str(DROPOUT_GAME), "--by", f"score-round-{round_}")
    assert set(table[f"score_round_{round_}"]) == {TILES.split(",")[round_ - 1]}
    assert sorted(table.faction) == ["cultists", "darklings", "swarmlings"]


def test_score_tiles_and_score_tile() -> None:
    whole = stats(str(DROPOUT_GAME), "--by", "score-tiles")
    assert set(whole.score_tiles) == {TILES} and len(whole) == 3
    each = stats(str(DROPOUT_GAME), "--by", "score-tile")
    assert sorted(set(each.score_tile)) == sorted(TILES.split(","))
    assert len(each) == 3 * 6 and set(each.games) == {1}


def test_corpus_totals() -> None:
    """Every counted faction has one round-1 bonus and six round tiles:
    42 games x 4 factions - 6 dropped = 162 counted."""
    plain = stats(str(LEDGER_DIR))
    assert plain.games.sum() == 162
    assert stats(str(LEDGER_DIR), "--by", "bonus-round-1").games.sum() == 162
    assert stats(str(LEDGER_DIR), "--by", "score-round-3").games.sum() == 162
    by_tile = stats(str(LEDGER_DIR), "--by", "score-tile")
    assert by_tile.games.sum() == 6 * 162
    # each faction's games and wins, counted once under each of the six tiles
    per_faction = by_tile.groupby("faction")[["games", "wins"]].sum()
    overall = plain.set_index("faction")[["games", "wins"]]
    assert (per_faction.loc[overall.index] == 6 * overall).all().all()


def test_unknown_by_is_a_usage_error() -> None:
    result = CliRunner().invoke(cli, ["stats", str(DROPOUT_GAME), "--by", "score-round-7"])
    assert result.exit_code == 2 and "Traceback" not in result.output


@pytest.mark.parametrize(
    "by", ["map", "score-tiles", "score-tile", "score-round-3", "bonus-round-1", "final-scoring"]
)
def test_no_game_read_is_an_empty_table_grouped_as_asked(by: str, tmp_path: Path) -> None:
    """Every log failed (found by the fault campaign: ``KeyError: 'score_tiles'`` for a
    damaged Rootlog with ``--by score-tiles``): the failure is reported, exit 1, and the
    table is empty with its grouping column, not an internal error."""
    bad = tmp_path / "bad.txt"
    bad.write_text("garbage here\n", encoding="utf-8")
    result = CliRunner().invoke(
        cli, ["stats", str(bad), "--no-cache", "-q", "--by", by, "--format", "csv"]
    )
    assert result.exit_code == 1, result.output
    assert "internal error" not in result.output
    assert f"{bad}:1:1: unexpected 'garbage'" in result.stderr
    header = result.stdout.splitlines()[0].split(",")
    assert header[:2] == [by.replace("-", "_"), "faction"]
    assert not any(result.stdout.splitlines()[1:])  # no row


@pytest.mark.parametrize(
    "options", [["--min-rating", "1000"], ["--by", "rating-band"], ["--min-rating", "0"]]
)
def test_no_game_read_with_ratings_is_an_empty_table(options: list[str], tmp_path: Path) -> None:
    """The same with the players rated first (found by the fault campaign: ``KeyError:
    'player'``, the table of no game having no player column)."""
    bad = tmp_path / "bad.txt"
    bad.write_text("garbage here\n", encoding="utf-8")
    result = CliRunner().invoke(
        cli, ["stats", str(bad), "--no-cache", "-q", *options, "--format", "csv"]
    )
    assert result.exit_code == 1, result.output
    assert "internal error" not in result.output
    assert f"{bad}:1:1: unexpected 'garbage'" in result.stderr
    assert not any(result.stdout.splitlines()[1:])  # no row
