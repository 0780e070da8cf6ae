"""Rules: round flow and turn order, final scoring, dropouts.

Corpus rows are checked as in :mod:`tests.rulecheck`; constructed logs live in
``tests/data/constructed/`` and their figures are the reference engine's
(``perl /work/oracle/run.pl`` on the same file), or hand calculations written
out below.
"""

from __future__ import annotations

import pytest

from tmlog.games.terra_mystica.replay.events import VpChanged

from .rulecheck import (
    Case,
    check_case,
    constructed,
    constructed_text,
    corpus_replay,
    replay_text,
    rows_of,
)

# ------------------------------------------------------------- turn order


def test_variable_turn_order() -> None:
    """With variable-turn-order the next round is played in the order of passing.

    tests/data/constructed/turn_order.log: round 1 is played giants, nomads,
    swarmlings; they pass nomads (line 20), giants (22), swarmlings (23), so
    round 2 is nomads, giants, swarmlings. Without the option only the first
    to pass moves to the front and the seat order is kept: nomads, swarmlings,
    giants, and the giants' pass on line 25 is out of turn. Both outcomes are
    the reference engine's (run.pl on the file, and on it without line 4).
    """
    text = constructed_text("turn_order.log")
    result = replay_text(text, "turn_order.log")
    assert result.error is None
    round2 = [r.faction for r in rows_of(result) if 24 <= (r.lines or [0])[0] <= 26]
    assert round2 == ["nomads", "giants", "swarmlings"]

    lines = text.splitlines()
    assert lines[3] == "option variable-turn-order"
    without = replay_text("\n".join(lines[:3] + lines[4:]), "turn_order.log")
    err = without.error
    assert err is not None
    # One line fewer: the giants' pass is line 24 of the shortened log.
    assert (err.line, err.command) == (24, "giants: pass BON4")
    assert "it is the swarmlings' turn, not the giants'" in err.reason


# ---------------------------------------------------------- final scoring

FINAL = [
    Case(
        "S64_D1L1_G6",
        384,
        "+2vp for FIRE",
        {"VP": 2},
        "cult ranking 8/4/2: the nomads are third on fire (2) ...",
    ),
    Case("S64_D1L1_G6", 385, "+4vp for FIRE", {"VP": 4}, "... the cultists second (8) ..."),
    Case("S64_D1L1_G6", 386, "+8vp for FIRE", {"VP": 8}, "... the engineers first (10)"),
    Case(
        "S64_D1L1_G1",
        440,
        "+3vp for EARTH",
        {"VP": 3},
        "a tie shares the places: cultists and darklings both at earth 7, behind the"
        " chaos magicians at 10, split second and third: (4 + 2) / 2 = 3 each",
    ),
    Case("S64_D1L1_G1", 441, "+3vp for EARTH", {"VP": 3}, "... the darklings' share"),
    Case(
        "S66_D1L1_G7",
        399,
        "+6vp for EARTH",
        {"VP": 6},
        "cultists and witches tie first on earth (8): (8 + 4) / 2 = 6 each",
    ),
    Case("S66_D1L1_G7", 400, "+6vp for EARTH", {"VP": 6}, "... the witches' share"),
    Case(
        "S64_D1L1_G6",
        400,
        "+18vp for network",
        {"VP": 18},
        "the largest network scores 18 VP",
    ),
    Case("S64_D1L1_G3", 390, "+18vp for network", {"VP": 18}, "network 18/12/6: first ..."),
    Case(
        "S64_D1L1_G3",
        391,
        "+9vp for network",
        {"VP": 9},
        "... darklings and swarmlings tie second (10 buildings each): (12 + 6) / 2 = 9",
    ),
    Case("S64_D1L1_G3", 392, "+9vp for network", {"VP": 9}, "... the swarmlings' share"),
    Case(
        "S64_D1L1_G4",
        362,
        "+15vp for network",
        {"VP": 15},
        "darklings and engineers tie first: (18 + 12) / 2 = 15 each",
    ),
    Case("S64_D1L1_G4", 364, "+15vp for network", {"VP": 15}, "... the engineers' share"),
    Case(
        "S64_D1L1_G1",
        453,
        "score_resources",
        {"VP": 3, "C": -9},
        "left-over resources: 3 C a VP (9 C, 3 VP)",
    ),
    Case(
        "S64_D1L1_G1",
        454,
        "score_resources",
        {"VP": 2, "C": -3, "W": -2, "P1": 1, "P2": -2},
        "workers count as coins, bowl II burns (2 tokens: 1 power) and power converts to"
        " coins: 2 W + 1 + the 3 C they had = 6 C, 2 VP",
    ),
    Case(
        "S64_D1L1_G6",
        404,
        "",
        {"VP": 24, "C": -20, "W": -22, "P": -4, "P1": 2, "P2": -2, "P3": -1},
        "the alchemists convert at 2 C a VP: 20 C + 22 W + 4 P + 1 (bowl III) + 1 (bowl II"
        " burnt) = 48, 24 VP; they had dropped out, and are still scored",
    ),
]


@pytest.mark.parametrize("case", [c.param() for c in FINAL])
def test_final_scoring(case: Case) -> None:
    check_case(case)


def test_cult_ties_split_and_rounded_down() -> None:
    """Three factions tied first on fire share 8 + 4 + 2 = 14: 14 / 3 = 4 each, rounded down.

    tests/data/constructed/all_pass.log: giants, nomads and swarmlings only pass
    for six rounds. Start positions: giants fire 1 air 1, nomads fire 1 earth 1,
    swarmlings 1 on every track. The reference engine scores: fire 4 / 4 / 4;
    water swarmlings 8 (alone); earth nomads and swarmlings (8 + 4) / 2 = 6 each;
    air giants and swarmlings 6 each; a faction at 0 scores nothing.
    """
    result = constructed("all_pass.log")
    assert result.error is None
    assert result.finished
    by_source: dict[str, dict[str, int]] = {}
    for e in result.events:
        if isinstance(e, VpChanged) and e.source.startswith("final-") and e.faction:
            by_source.setdefault(e.source, {})[e.faction] = e.delta
    assert by_source["final-fire"] == {"giants": 4, "nomads": 4, "swarmlings": 4}
    assert by_source["final-water"] == {"swarmlings": 8}
    assert by_source["final-earth"] == {"nomads": 6, "swarmlings": 6}
    assert by_source["final-air"] == {"giants": 6, "swarmlings": 6}
    # Network: one building each (no two buildings of a faction are adjacent),
    # a three-way tie: (18 + 12 + 6) / 3 = 12 each.
    assert by_source["final-network"] == {"giants": 12, "nomads": 12, "swarmlings": 12}


def test_resources_to_vp_by_hand() -> None:
    """all_pass.log: the giants end round 6 with 26 C, 27 W, 0 P, bowls 0/8/4.

    Bowl II burns 4 (4 power), bowl III then holds 8 power: 8 C; workers count
    as coins: 26 + 27 + 8 = 61 C, 20 VP at 3 C a VP, 1 C left. VP 42 before
    (20 + 4 fire + 6 air + 12 network), 62 after, as the reference engine has it.
    """
    result = constructed("all_pass.log")
    giants = rows_of(result, "giants")
    before, last = giants[-2], giants[-1]
    assert before.values[:7] == (42, 26, 27, 0, 0, 8, 4)
    assert last.values[:7] == (62, 1, 0, 0, 8, 0, 0)
    assert result.final_vp() == {"giants": 62, "nomads": 62, "swarmlings": 81}


# Largest network per faction at the end of each corpus game, as the reference
# engine computed it (run.pl --full on the game's command-log form, factions'
# "network"). Shipping (all factions), river skips (mermaids) and tunnels
# (dwarves) count as connections; dropped factions are measured too.
NETWORKS: dict[str, dict[str, int]] = {
    "S64_D1L1_G1": {"chaosmagicians": 12, "cultists": 14, "darklings": 6, "witches": 15},
    "S64_D1L1_G2": {"alchemists": 15, "cultists": 6, "nomads": 15, "witches": 15},
    "S64_D1L1_G3": {"cultists": 12, "darklings": 10, "swarmlings": 10, "witches": 6},
    "S64_D1L1_G4": {"cultists": 6, "darklings": 15, "engineers": 15, "nomads": 8},
    "S64_D1L1_G5": {"auren": 11, "cultists": 4, "darklings": 6, "nomads": 16},
    "S64_D1L1_G6": {"alchemists": 4, "cultists": 10, "engineers": 12, "nomads": 13},
    "S64_D1L1_G7": {"auren": 6, "cultists": 8, "darklings": 15, "engineers": 14},
    "S65_D1L1_G1": {"darklings": 15, "engineers": 16, "halflings": 15, "swarmlings": 8},
    "S65_D1L1_G2": {"cultists": 8, "darklings": 15, "nomads": 15, "witches": 16},
    "S65_D1L1_G3": {"chaosmagicians": 15, "cultists": 14, "darklings": 14, "swarmlings": 13},
    "S65_D1L1_G4": {"cultists": 11, "darklings": 13, "nomads": 15, "witches": 14},
    "S65_D1L1_G5": {"chaosmagicians": 12, "cultists": 13, "darklings": 10, "witches": 13},
    "S65_D1L1_G6": {"cultists": 5, "darklings": 9, "nomads": 14, "witches": 15},
    "S65_D1L1_G7": {"cultists": 14, "darklings": 14, "engineers": 8, "witches": 8},
    "S66_D1L1_G1": {"cultists": 15, "darklings": 8, "dwarves": 14, "witches": 14},
    "S66_D1L1_G2": {"cultists": 9, "darklings": 14, "engineers": 6, "witches": 13},
    "S66_D1L1_G3": {"darklings": 14, "engineers": 13, "halflings": 6, "witches": 9},
    "S66_D1L1_G4": {"cultists": 13, "darklings": 13, "engineers": 15, "swarmlings": 8},
    "S66_D1L1_G5": {"cultists": 13, "darklings": 12, "engineers": 15, "mermaids": 14},
    "S66_D1L1_G6": {"cultists": 12, "darklings": 12, "engineers": 8, "witches": 14},
    "S66_D1L1_G7": {"cultists": 9, "darklings": 7, "nomads": 15, "witches": 14},
    "S67_D1L1_G1": {"darklings": 14, "engineers": 4, "nomads": 12, "witches": 13},
    "S67_D1L1_G2": {"chaosmagicians": 5, "cultists": 14, "darklings": 13, "witches": 15},
    "S67_D1L1_G3": {"cultists": 14, "darklings": 7, "engineers": 12, "witches": 15},
    "S67_D1L1_G4": {"cultists": 13, "darklings": 14, "engineers": 13, "witches": 14},
    "S67_D1L1_G5": {"cultists": 12, "darklings": 9, "engineers": 12, "witches": 11},
    "S67_D1L1_G6": {"cultists": 13, "darklings": 12, "engineers": 15, "mermaids": 8},
    "S67_D1L1_G7": {"darklings": 10, "engineers": 8, "halflings": 14, "witches": 9},
    "S68_D1L1_G1": {"cultists": 11, "darklings": 7, "nomads": 14, "witches": 16},
    "S68_D1L1_G2": {"cultists": 14, "darklings": 4, "mermaids": 15, "witches": 9},
    "S68_D1L1_G3": {"cultists": 14, "darklings": 8, "engineers": 15, "witches": 11},
    "S68_D1L1_G4": {"alchemists": 13, "cultists": 14, "nomads": 15, "witches": 12},
    "S68_D1L1_G5": {"darklings": 13, "halflings": 14, "swarmlings": 13, "witches": 14},
    "S68_D1L1_G6": {"cultists": 11, "darklings": 13, "dwarves": 13, "swarmlings": 15},
    "S68_D1L1_G7": {"darklings": 14, "engineers": 15, "mermaids": 14, "nomads": 15},
    "S69_D1L1_G1": {"cultists": 14, "engineers": 10, "nomads": 13, "swarmlings": 7},
    "S69_D1L1_G2": {"darklings": 14, "mermaids": 11, "nomads": 15, "witches": 14},
    "S69_D1L1_G3": {"cultists": 14, "darklings": 9, "engineers": 14, "witches": 8},
    "S69_D1L1_G4": {"cultists": 9, "darklings": 12, "dwarves": 14, "swarmlings": 8},
    "S69_D1L1_G5": {"cultists": 10, "darklings": 15, "dwarves": 13, "witches": 14},
    "S69_D1L1_G6": {"cultists": 10, "darklings": 5, "mermaids": 13, "witches": 14},
    "S69_D1L1_G7": {"cultists": 8, "engineers": 13, "nomads": 14, "swarmlings": 14},
}


@pytest.mark.parametrize("game", sorted(NETWORKS))
def test_network_size_with_shipping_and_tunnel_reach(game: str) -> None:
    result = corpus_replay(f"4pLeague_{game}")
    assert {f.name: f.network for f in result._game.order if not f.dummy} == NETWORKS[game]


def test_fakirs_network_uses_carpet_range() -> None:
    """giants_fakirs.log, finished: the fakirs' F3, D4, I5 are not adjacent but lie
    within carpet range 2 of each other: a network of 3, as the giants' E3, D3, E4.

    Reference engine: network 3 and 3, 15 VP each ((18 + 12) / 2); final VP
    giants 58, fakirs 66.
    """
    result = constructed("giants_fakirs.log")
    assert result.finished
    assert {f.name: f.network for f in result._game.order if not f.dummy} == {
        "giants": 3,
        "fakirs": 3,
    }
    assert result.final_vp() == {"giants": 58, "fakirs": 66}


# ---------------------------------------------------------------- dropouts

DROPOUTS = [
    Case(
        "S64_D1L1_G3",
        332,
        "convert 2PW to 2C. upgrade E6 to SA. +TW5. +FAV4. convert 1PW to 1C",
        {"VP": 13, "C": -5, "W": -4, "P1": 1, "P2": -2, "P3": 1, "FIRE": 1, "WATER": 1, "AIR": 4},
        "after 'witches dropped from the game' (line 330) the witches' E7 and F4 next to"
        " E6 are offered nothing: one offer only (5, to the darklings)",
        vp=("+5 SCORE4", "+8 town"),
        offers=(5,),
    ),
    Case(
        "S64_D1L1_G3",
        377,
        "",
        {"VP": 1},
        "a dropped faction still takes part in the final cult ranking: witches and"
        " darklings tie third on water, (2 + 0) / 2 = 1",
    ),
    Case(
        "S64_D1L1_G3",
        394,
        "",
        {"VP": 9, "C": -11, "W": -10, "P": -3, "P1": 3, "P2": -2, "P3": -2},
        "... and converts its resources: 13 C + 10 W + 3 P + 2 (bowl III) + 1 (bowl II"
        " burnt) = 29 C, 9 VP, 2 C left",
    ),
]


@pytest.mark.parametrize("case", [c.param() for c in DROPOUTS])
def test_dropouts(case: Case) -> None:
    check_case(case)
