"""The 42 corpus games replay exactly: every ledger row, every final score.

Expected figures come from the games themselves: each ledger row's recorded
values (written by the site's engine while the game was played) and
``manifest.json`` (final VP as computed by the reference engine). The command-log
forms were also replayed through the reference engine (``/work/oracle/run.pl``),
which reproduces ``manifest.json`` for all 42 of them, so all 42 are held to it here.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tmlog.games.terra_mystica.audit import audit
from tmlog.games.terra_mystica.parse import ParsedLog, parse_log
from tmlog.games.terra_mystica.replay import replay
from tmlog.games.terra_mystica.replay.ledger import Row

from .conftest import LEDGERS, game_id

# Who dropped out of which game ("X dropped from the game" rows of the ledgers).
DROPOUTS = {
    "4pLeague_S64_D1L1_G3": {"witches"},
    "4pLeague_S64_D1L1_G4": {"cultists"},
    "4pLeague_S64_D1L1_G5": {"cultists", "darklings"},
    "4pLeague_S64_D1L1_G6": {"alchemists"},
    "4pLeague_S64_D1L1_G7": {"auren"},
}


def test_five_dropout_games(ledgers: dict[str, ParsedLog]) -> None:
    dropped = {
        gid: {str(a).split()[0] for a in log.actions if a.kind == "dropped"}
        for gid, log in ledgers.items()
    }
    assert {gid: names for gid, names in dropped.items() if names} == DROPOUTS


@pytest.mark.parametrize("path", LEDGERS, ids=game_id)
def test_audit_matches_every_row_and_the_final_score(
    path: Path, ledgers: dict[str, ParsedLog], manifest: dict[str, dict[str, int]]
) -> None:
    gid = game_id(path)
    log = ledgers[gid]
    report = audit(log)
    assert report.error is None
    assert report.divergences == []
    assert report.ok
    recorded_rows = [r for r in log.rows if r.recorded is not None]
    assert report.rows_compared == len(recorded_rows)
    assert report.final_vp == manifest[gid]
    assert report.recorded_final_vp == manifest[gid]
    assert report.replay is not None
    state = report.replay.state
    assert state.finished
    assert {f.name for f in state.factions if f.dropped} == DROPOUTS.get(gid, set())


@pytest.mark.parametrize("path", LEDGERS, ids=game_id)
def test_command_log_form_replays_to_the_same_score(
    path: Path,
    ledgers: dict[str, ParsedLog],
    converted: dict[str, str],
    manifest: dict[str, dict[str, int]],
) -> None:
    gid = game_id(path)
    commands = parse_log(converted[gid], source=f"{gid}.log")
    assert commands.format == "commands"
    result = replay(commands)
    assert result.error is None
    assert result.finished
    assert result.final_vp() == manifest[gid]
    assert {f.name for f in result.state.factions if f.dropped} == DROPOUTS.get(gid, set())
    # Replaying the commands regenerates the engine's rows (income, leech effects,
    # final scoring) itself: row for row they hold the values the ledger recorded.
    rows = [r for r in result.rows if isinstance(r, Row)]
    recorded = [r for r in ledgers[gid].rows if r.recorded is not None]
    assert len(rows) == len(recorded)
    for ours, rec_row in zip(rows, recorded, strict=True):
        rec = rec_row.recorded
        assert rec is not None
        want = (rec.vp, rec.c, rec.w, rec.p, *rec.power, *rec.cults)
        assert (ours.faction, ours.values) == (str(rec_row.faction), want), rec_row.line
        assert sorted(ours.leech.values()) == sorted(rec.leech_offers), rec_row.line
