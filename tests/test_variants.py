"""Variants of the seed rulebooks (rules digest §2.17) that a log can express."""

from __future__ import annotations

from pathlib import Path

import pytest

from tmlog.errors import ReplayError
from tmlog.games.terra_mystica.parse import parse_file
from tmlog.games.terra_mystica.record import record_game
from tmlog.games.terra_mystica.replay import replay

DATA = Path(__file__).parent / "data"
SAMPLE = Path(__file__).parent.parent / "sample_logs" / "4pLeague_S64_D1L1_G3.txt"


def test_faction_auction_bids_are_deducted() -> None:
    """The auction variant: each winner's bid comes off its faction's VP.

    The log is the command-log form of 4pLeague_S64_D1L1_G3 with bids written
    after the setup lines as ``darklings: -7vp for auction`` (a VP loss the
    reference engine accepts at any time). Final VP from the reference engine
    (evaluate_game on this log): cultists 165, darklings 145, swarmlings 137,
    witches 92 — the real game's 168, 152, 149 and 92 less the bids 3, 7, 12, 0.
    """
    result = replay(parse_file(str(DATA / "variants" / "auction-bids_S64_D1L1_G3.log")))
    assert result.error is None and result.finished
    final = {"witches": 92, "cultists": 165, "darklings": 145, "swarmlings": 137}
    assert result.final_vp() == final
    record = record_game(result)
    auction = {v.faction: v.vp for v in record.vp if v.source == "auction"}
    assert auction == {"darklings": -7, "cultists": -3, "swarmlings": -12}


def test_turn_order_by_passing_is_the_variable_turn_order_option() -> None:
    # Covered with real games: every corpus game sets variable-turn-order, and
    # tests/test_rules_flow_scoring.py replays one with and without it.
    text = SAMPLE.read_text(encoding="utf-8")
    assert "option variable-turn-order" in text


@pytest.mark.parametrize(
    ("variant", "expected"),
    [
        # The seed's base-map table, the reference engine's original_2017.
        ("original_2017", {"darklings": 15, "cultists": 16, "witches": 19, "swarmlings": 22}),
        # Fjords: nomads, witches, cultists, darklings 15; the swarmlings are not named: 20.
        ("yucata_fjords", {"darklings": 15, "cultists": 15, "witches": 15, "swarmlings": 20}),
        # Lakes: nomads, engineers, cultists, darklings 15; swarmlings 25; witches 20.
        ("yucata_lakes", {"darklings": 15, "cultists": 15, "witches": 20, "swarmlings": 25}),
    ],
)
def test_starting_vp_tables(variant: str, expected: dict[str, int]) -> None:
    result = replay(parse_file(str(SAMPLE)), vp_variant=variant)
    assert {f.name: f.vp_source["initial"] for f in result._game.order if not f.dummy} == expected
    # Everything after setup is unchanged: final VP move by the same difference
    # (the real game's final VP: cultists 168, darklings 152, swarmlings 149, witches 92).
    real = {"cultists": 168, "darklings": 152, "swarmlings": 149, "witches": 92}
    assert result.final_vp() == {f: real[f] + expected[f] - 20 for f in real}


def test_unknown_starting_vp_variant() -> None:
    with pytest.raises(ReplayError, match="unknown starting-VP variant 'moon'"):
        replay(parse_file(str(SAMPLE)), vp_variant="moon")
