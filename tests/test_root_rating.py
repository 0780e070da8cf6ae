"""Root's players rated with Terra Mystica's Elo (:mod:`tmlog.games.root.rating`).

The Elo itself is the one ``tests/test_ratings.py`` holds to the site's ELO.pm;
here, what Root adds: who beats whom (the declared winners first and level,
then VP), which games count, and the factions rated per map.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from tmlog.cli import cli
from tmlog.elo import Settings, rate
from tmlog.games.root.game import Root
from tmlog.games.root.rating import rated_games

DATA = Path(__file__).parent / "data" / "rootlog"
GAME = Root()


def _record(path: Path, text: str | None = None):  # type: ignore[no-untyped-def]
    data = path.read_bytes() if text is None else text.encode()
    result = GAME.replay(GAME.parse(data, source=path.name))
    return GAME.record(result.log, result)


def _expected(diff: float) -> float:
    """The expected score of a match won by the side ``diff`` points above (ELO.pm)."""
    return 1 / (1 + 10 ** (-diff / 400))


def test_a_coalition_wins_level_and_beats_the_rest_by_hand() -> None:
    # r1g3 (Mountain): player lines V Billy, G Drew, C Punjaberino, D Marcus the
    # Cat; `Winner: CGV`, a coalition of three; D ends with 22 VP. The winners
    # stand level, in the order of the player lines, then D: the matches are
    # V-G, V-C, V-D, G-C, G-D, C-D. One pass (pot 16); four new players, so each
    # match moves both players and no faction.
    record = _record(DATA / "2020_11_26_winter_tournament_r1g3.rootlog")
    games, unfinished = rated_games([record], pytest.fail)
    assert unfinished == 0 and [s.faction for s in games[0].sides] == ["V", "G", "C", "D"]
    out = rate([g.sides for g in games], Settings(iters=1, min_output_games=1))
    v = g = c = d = 1000.0
    # V-G, V-C: draws at equal ratings move nothing. V-D: 16 * (1 - 1/2) = 8.
    v, d = v + 8, d - 8
    # G-C: a draw at equal ratings. G-D: G (1000) beats D (992).
    step = 16 * (1 - _expected(g - d))
    g, d = g + step, d - step
    # C-D: C (1000) beats D (992 - a little over 8).
    step = 16 * (1 - _expected(c - d))
    c, d = c + step, d - step
    scores = {name: p.score for name, p in out.players.items()}
    assert scores == {
        "Billy": pytest.approx(v, abs=1e-12),
        "Drew": pytest.approx(g, abs=1e-12),
        "Punjaberino": pytest.approx(c, abs=1e-12),
        "Marcus the Cat": pytest.approx(d, abs=1e-12),
    }
    assert (round(g, 4), round(c, 4), round(d, 4)) == (1007.8158, 1007.6361, 976.5481)
    assert {f.score for f in out.factions.values()} == {1000.0}
    assert set(out.factions) == {"V Mountain", "G Mountain", "C Mountain", "D Mountain"}


def test_a_sole_winner_beats_a_faction_with_more_vp() -> None:
    # mega_exploding_birds: `Winner: V` with 29 VP (a point missing in the log);
    # the others end with 22, 21, 22 — all below V, who still stands first.
    record = _record(DATA / "2020_11_08_mega_exploding_birds.rootlog")
    games, _ = rated_games([record], pytest.fail)
    assert games[0].sides[0].faction == "V"
    text = "Map: Fall\nDeck: E&P\nC: ann\nE: bob\nC:++9\nE:++3\nWinner: E\n"
    games, _ = rated_games([_record(Path("winner.rootlog"), text)], lambda m: None)
    assert [(s.player, s.faction) for s in games[0].sides] == [("bob", "E"), ("ann", "C")]
    out = rate([g.sides for g in games], Settings(iters=1, min_output_games=1))
    # bob wins though ann has more VP: 16 * (1 - 1/2) = 8 each way.
    assert (out.players["bob"].score, out.players["ann"].score) == (1008.0, 992.0)


def test_games_that_cannot_be_rated_are_named() -> None:
    twice = "Map: Fall\nDeck: E&P\nC: ann\nE: ann\nC:++\nWinner: C\n"
    unfinished = "Map: Fall\nDeck: E&P\nC: ann\nE: bob\nC:++\n"
    told: list[str] = []
    records = [
        _record(Path("twice.rootlog"), twice),
        _record(Path("unfinished.rootlog"), unfinished),
    ]
    games, left = rated_games(records, told.append)
    assert games == [] and left == 1
    assert told == ["twice.rootlog: a player plays two factions: not rated"]


def test_tmlog_ratings_rates_the_eight_games_factions_per_map() -> None:
    result = CliRunner().invoke(
        cli, ["ratings", str(DATA), "--show", "factions", "--format", "json", "-q", "-j", "1"]
    )
    assert result.exit_code == 0, result.output
    rows = json.loads(result.stdout)
    games = {(r["faction"], r["map"]): r["games"] for r in rows}
    # Counted from the Map: and player lines of the eight logs: Winter mega (P E O
    # V), r1g5 (P D E A), after_dark (O D P A); Fall orderly (A L E C), r2g4 (A P
    # O C); Lake r1g2 (E V C G), r2g3 (A E C L); Mountain r1g3 (V G C D).
    assert games[("P", "Winter")] == 3 and games[("A", "Winter")] == 2
    assert games[("C", "Fall")] == 2 and games[("C", "Lake")] == 2
    assert games[("C", "Mountain")] == 1 and games[("D", "Winter")] == 2
    assert sum(games.values()) == 8 * 4
    # No player has the five games a faction rating moves with: all stay at 1000.
    assert {r["rating"] for r in rows} == {1000.0}
    note = CliRunner().invoke(cli, ["ratings", str(DATA), "-j", "1"]).stdout
    assert "8 games rated of 8 (0 results, 8 logs); 0 players with 5+ games" in note
