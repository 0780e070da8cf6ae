"""Ledger → raw command log (``tmlog.games.terra_mystica.convert``)."""

from __future__ import annotations

import itertools
import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from tmlog.errors import InputError
from tmlog.games.terra_mystica.convert import ledger_to_commands
from tmlog.games.terra_mystica.model.actions import Action
from tmlog.games.terra_mystica.parse import ParsedLog, parse_log

ORACLE = Path(os.environ.get("TMLOG_ORACLE", "/work/oracle/run.pl"))


def player_actions(log: ParsedLog) -> list[Action]:
    """The actions a player typed: no engine rows, comments, admin rows or final scoring."""
    out: list[Action] = []
    for row in log.rows:
        if row.actions and str(row.actions[0]).startswith("Scoring "):
            break
        if row.faction is not None:
            out.extend(a for a in row.actions if not a.generated and a.kind != "setup")
    return out


def test_header_of_a_dropout_game(converted: dict[str, str]) -> None:
    lines = converted["4pLeague_S64_D1L1_G3"].splitlines()
    assert lines[:24] == [
        "# Default game options",
        "option strict-leech",
        "option strict-darkling-sh",
        "option strict-chaosmagician-sh",
        "option errata-cultist-power",
        "option mini-expansion-1",
        "option shipping-bonus",
        "option temple-scoring-tile",
        "option email-notify",
        "option maintain-player-order",
        "option variable-turn-order",
        "# Randomize setup",
        "score SCORE7,SCORE1,SCORE5,SCORE9,SCORE3,SCORE4",
        "delete BON8",
        "delete BON7",
        "delete BON4",
        "# Player 1: Gewalf",
        "# Player 2: tom8918",
        "# Player 3: Paquito",
        "# Player 4: RazorPop",
        "setup darklings",
        "setup cultists",
        "setup witches",
        "setup swarmlings",
    ]
    assert lines[24] == "darklings: build B5"
    assert "drop-faction witches" in lines
    assert lines[-1] == "cultists: Decline 3 from swarmlings"


def test_engine_rows_are_left_out(converted: dict[str, str]) -> None:
    for text in converted.values():
        for word in ("income_for_faction", "[opponent", "score_resources", "Round ", "vp for"):
            assert word not in text


def test_a_cell_of_several_input_rows_is_split(converted: dict[str, str]) -> None:
    lines = converted["4pLeague_S64_D1L1_G3"].splitlines()
    pairs = list(itertools.pairwise(lines))
    assert ("cultists: +EARTH", "cultists: Leech 2 from witches") in pairs
    assert "cultists: +EARTH. Leech 2 from witches" not in lines


def test_engine_commands_inside_a_row_are_dropped(converted: dict[str, str]) -> None:
    assert "cultists: transform D4 to yellow" in converted["4pLeague_S66_D1L1_G2"].splitlines()


def test_same_player_actions_in_both_forms(
    ledgers: dict[str, ParsedLog], converted: dict[str, str]
) -> None:
    for gid, ledger in ledgers.items():
        commands = parse_log(converted[gid], input_format="commands")
        assert player_actions(commands) == player_actions(ledger), gid


def test_only_ledgers_convert() -> None:
    with pytest.raises(InputError, match="not a ledger"):
        ledger_to_commands(parse_log("nomads: build A5"))


def test_round_scoring_must_be_complete() -> None:
    with pytest.raises(InputError, match="expected rounds 1 to 6"):
        ledger_to_commands(
            parse_log("Round 1 scoring: SCORE7, SA/SH >> 5\n", input_format="ledger")
        )


@pytest.mark.slow
@pytest.mark.skipif(
    not ORACLE.exists() or shutil.which("perl") is None, reason="reference-engine oracle absent"
)
@pytest.mark.parametrize(
    "gid", ["4pLeague_S64_D1L1_G3", "4pLeague_S66_D1L1_G2", "4pLeague_S69_D1L1_G7"]
)
def test_reference_engine_replays_the_converted_log(
    gid: str, converted: dict[str, str], manifest: dict[str, dict[str, int]], tmp_path: Path
) -> None:
    log = tmp_path / f"{gid}.log"
    log.write_text(converted[gid], encoding="utf-8")
    run = subprocess.run(
        ["perl", str(ORACLE), str(log)], capture_output=True, text=True, check=True, timeout=300
    )
    result = json.loads(run.stdout)
    assert result["errors"] == []
    assert result["finished"]
    assert {f: v["VP"] for f, v in result["factions"].items()} == manifest[gid]
