"""The 42 corpus games, their converted command logs and old-style logs parse."""

from __future__ import annotations

from pathlib import Path

import pytest

from tmlog.games.terra_mystica.model.actions import AdminIncome, Build, Comment, Pass, Start
from tmlog.games.terra_mystica.model.enums import Faction, Tile
from tmlog.games.terra_mystica.parse import ParsedLog, detect_format, parse_file, parse_log

from .conftest import LEDGERS, OLD_STYLE, SAMPLE_DIR, game_id


def test_all_games_are_here(manifest: dict[str, dict[str, int]]) -> None:
    assert len(LEDGERS) == 42
    assert {game_id(p) for p in LEDGERS} == set(manifest)


def test_ledgers_parse(ledgers: dict[str, ParsedLog]) -> None:
    for log in ledgers.values():
        assert log.format == "ledger"
        assert all(r.recorded is not None for r in log.rows if r.faction is not None)
        assert all(r.faction is None for r in log.rows if r.recorded is None)


def test_last_recorded_vp_is_the_final_score(
    ledgers: dict[str, ParsedLog], manifest: dict[str, dict[str, int]]
) -> None:
    for gid, log in ledgers.items():
        final = {}
        for row in log.rows:
            if row.faction is not None and row.recorded is not None:
                final[row.faction.value] = row.recorded.vp
        assert final == manifest[gid], gid


def test_dropouts_are_typed(ledgers: dict[str, ParsedLog]) -> None:
    dropped = {
        gid: [str(a) for a in log.actions if a.kind == "dropped"] for gid, log in ledgers.items()
    }
    assert dropped["4pLeague_S64_D1L1_G3"] == ["witches dropped from the game"]
    assert sum(len(d) for d in dropped.values()) == 6
    log = ledgers["4pLeague_S64_D1L1_G3"]
    empty = [r for r in log.rows if r.recorded is not None and not r.actions]
    assert empty and all(r.faction is Faction.WITCHES for r in empty)


def test_converted_logs_parse(converted: dict[str, str]) -> None:
    for gid, text in converted.items():
        log = parse_log(text, source=gid)
        assert log.format == "commands"
        assert log.actions


@pytest.mark.parametrize("path", LEDGERS, ids=game_id)
def test_memo_and_reference_paths_agree(path: Path, converted: dict[str, str]) -> None:
    """The fast path (framing + memoised pieces) equals whole-row Lark parsing."""
    for text in (path.read_text(encoding="utf-8"), converted[game_id(path)]):
        fast = parse_log(text)
        slow = parse_log(text, memo=False)
        assert fast.rows == slow.rows
        assert [(a.line, a.column) for a in fast.actions] == [
            (a.line, a.column) for a in slow.actions
        ]


@pytest.mark.parametrize("path", sorted(SAMPLE_DIR.glob("*.txt")), ids=lambda p: p.name)
def test_sample_logs(path: Path) -> None:
    assert parse_file(str(path)).format == "ledger"


def test_format_detection() -> None:
    assert detect_format("nomads: build A5\n") == "commands"
    assert detect_format(" Default game options\nnomads\t\t20 VP\t") == "ledger"


# ------------------------------------------------------------ old style

OLD_LOG = """\
# Faction selection
setup Nomads
setup Engineers
score SCORE4, SCORE2, SCORE8, SCORE7, SCORE6, SCORE5

Nomads: Build A5
Engineers: Build E7. Build C5
Nomads: Build B4. Build G7

# Bonus tiles in reverse order
Engineers: +Bon1
Nomads: pass. +bon5

Nomads: income
Engineers: income
start
Nomads: Burn 4. Action ACT4
Engineers: Leech 1
"""


def test_hand_written_old_style_log() -> None:
    log = parse_log(OLD_LOG, source="old.log")
    assert log.format == "commands"
    nomads, engineers = Faction.NOMADS, Faction.ENGINEERS
    assert log.rows[4].actions == (Build(hex="A5", faction=nomads),)
    assert log.rows[4].line == 6
    assert [str(a) for a in log.rows[5].actions] == ["engineers: build E7", "engineers: build C5"]
    assert log.rows[8].actions == (Pass(bonus=Tile.BON1, faction=engineers),)
    assert log.rows[9].actions == (Pass(bonus=Tile.BON5, faction=nomads),)
    assert log.rows[10].actions == (AdminIncome(faction=nomads),)
    assert log.rows[12].actions == (Start(),)
    assert log.rows[12].faction is None
    assert isinstance(log.rows[7].actions[0], Comment)


@pytest.mark.parametrize("path", OLD_STYLE, ids=lambda p: p.name)
def test_reference_engine_old_style_logs(path: Path) -> None:
    log = parse_file(str(path))
    assert log.format == "commands"
    assert parse_log(path.read_text(encoding="utf-8"), memo=False).rows == log.rows
    if path.name == "testgame1.txt":  # `Engineers: +Bon1` is `pass BON1` (clean_commands)
        assert Pass(bonus=Tile.BON1, faction=Faction.ENGINEERS) in log.actions
