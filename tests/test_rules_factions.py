"""Rules: faction actions, faction abilities, strongholds and sanctuaries.

Real corpus rows where the corpus has them (see :mod:`tests.rulecheck`); the
giants, the fakirs and the halflings' stronghold never appear in the corpus,
so they are checked on constructed logs (``tests/data/constructed/``) whose
figures were obtained from the reference engine (``perl /work/oracle/run.pl``
on the same file). Values are in FIELDS order: VP C W P P1 P2 P3 FIRE WATER
EARTH AIR.
"""

from __future__ import annotations

import pytest

from .rulecheck import (
    Case,
    check_case,
    constructed,
    corpus_game,
    corpus_row,
    income_rows,
    row_at_line,
)

FACTION_ACTIONS = [
    Case(
        "S64_D1L1_G5",
        124,
        "action ACTA. +2AIR",
        {"P2": -2, "P3": 2, "AIR": 2},
        "ACTA (auren's stronghold): two steps on one cult track; air 3 to 5 gains 2 power",
    ),
    Case(
        "S65_D1L1_G7",
        275,
        "Action acte. Bridge C2:D4",
        {"W": -2},
        "ACTE (engineers): a bridge for 2 W",
    ),
    Case(
        "S64_D1L1_G3",
        76,
        "action ACTS. Upgrade D2 to TP",
        {},
        "ACTS (swarmlings' stronghold): a dwelling becomes a trading post for free",
    ),
    Case(
        "S64_D1L1_G4",
        261,
        "action ACTN. build H4",
        {"VP": 2, "C": -2, "W": -1},
        "ACTN (nomads' sandstorm): a hex next to a nomad building (blue H4, 3 steps from"
        " yellow) turns yellow for free; only the dwelling is paid",
        vp=("+2 FAV11",),
        offers=(1,),
    ),
    Case(
        "S64_D1L1_G1",
        94,
        "action ACTW. build G3",
        {},
        "ACTW (witches' stronghold): a free dwelling on any forest hex, reachable or not",
    ),
    Case(
        "S67_D1L1_G2",
        343,
        "action ACTC. advance dig. dig 1. build F2",
        {"VP": 10, "C": -7, "W": -4, "P": -1},
        "ACTC (chaos magicians' stronghold): two actions in one turn: a digging step"
        " (2 W 5 C 1 P, +6 VP, to level 2) and a dwelling on a hex dug for 1 W",
        vp=("+6 advance-dig", "+2 FAV11", "+2 SCORE3"),
    ),
]


@pytest.mark.parametrize("case", [c.param() for c in FACTION_ACTIONS])
def test_faction_actions(case: Case) -> None:
    check_case(case)


ABILITIES = [
    Case(
        "S64_D1L1_G5",
        109,
        "upgrade F4 to SH. +FAV8",
        {"VP": 5, "C": -6, "W": -4, "P1": -1, "P2": 1, "AIR": 2},
        "auren's stronghold (4 W 6 C) comes with a favor tile",
        vp=("+5 SCORE7",),
        offers=(1, 2),
    ),
    Case(
        "S64_D1L1_G1",
        49,
        "Leech 1 from darklings",
        {"P1": -1, "P2": 1},
        "leeching 1 power costs no VP",
    ),
    Case(
        "S64_D1L1_G1",
        50,
        "[opponent accepted power]",
        {},
        "when an opponent takes power from the cultists' building, the cultists step up a"
        " cult track of their choice: the engine's effect row ...",
    ),
    Case(
        "S64_D1L1_G1",
        52,
        "+FIRE",
        {"FIRE": 1},
        "... and the cultists' choice",
    ),
    Case(
        "S64_D1L1_G6",
        366,
        "Upgrade d7 to sh",
        {"VP": 12, "C": -8, "W": -4},
        "the cultists' stronghold (4 W 8 C) gives 7 VP at once",
        vp=("+7 faction", "+5 SCORE7"),
        offers=(4,),
    ),
    Case(
        "S64_D1L1_G6",
        367,
        "[all opponents declined power]",
        {"P2": -1, "P3": 1},
        "errata-cultist-power: when every opponent declines, the cultists gain 1 power",
    ),
    Case(
        "S64_D1L1_G6",
        368,
        "Decline 4 from cultists",
        {},
        "declining costs and gives nothing",
    ),
    Case(
        "S64_D1L1_G1",
        222,
        "dig 1. transform A9 to yellow",
        {"VP": 2, "P": -1},
        "darklings pay a priest for each spade they dig and score 2 VP for it",
        vp=("+2 faction",),
    ),
    Case(
        "S64_D1L1_G3",
        340,
        "upgrade A5 to sh. convert 3W to 3P",
        {"VP": 5, "C": -6, "W": -7, "P": 3},
        "the darklings' stronghold (4 W 6 C) lets them convert up to 3 W to 3 P, once",
        vp=("+5 SCORE4",),
        offers=(1,),
    ),
    Case(
        "S66_D1L1_G1",
        149,
        "Build h6",
        {"VP": 6, "C": -2, "W": -3},
        "dwarves tunnel to a hex one space away for 2 W more and score 4 VP for it",
        vp=("+4 faction", "+2 SCORE3"),
        offers=(1, 3),
    ),
    Case(
        "S68_D1L1_G6",
        258,
        "build H6",
        {"VP": 6, "C": -2, "W": -2},
        "with their stronghold the dwarves' tunnel costs only 1 W more",
        vp=("+4 faction", "+2 SCORE5"),
    ),
    Case(
        "S66_D1L1_G4",
        328,
        "pass BON1",
        {"VP": 15, "C": 2},
        "with their stronghold the engineers score 3 VP, on passing, for each bridge"
        " joining two of their buildings (2 here); handing back BON10 scores 3 VP a"
        " shipping level; 2 C lay on BON1",
        vp=("+9 BON10", "+3 faction", "+3 faction"),
    ),
    Case(
        "S65_D1L1_G1",
        215,
        "advance dig",
        {"VP": 6, "C": -1, "W": -2, "P": -1},
        "the halflings' digging step costs 2 W 1 C 1 P",
        vp=("+6 advance-dig",),
    ),
    Case(
        "S65_D1L1_G1",
        227,
        "dig 2. transform H4 to brown",
        {"VP": 6, "W": -2},
        "halflings score 1 VP a spade (on top of SCORE1's 2); dig level 2: 1 W a spade",
        vp=("+2 SCORE1", "+1 faction", "+2 SCORE1", "+1 faction"),
    ),
    Case(
        "S65_D1L1_G1",
        54,
        "burn 4. action ACT6. transform G4 to brown. transform D4 to yellow. build G4",
        {"VP": 2, "C": -2, "W": -1, "P1": 6, "P2": -8, "P3": -2},
        "the halflings' spade VP counts free spades too, one of them spent half way"
        " (red D4 to yellow)",
        vp=("+1 faction", "+1 faction"),
        offers=(2,),
    ),
    Case(
        "S67_D1L1_G6",
        334,
        "dig 1. build I2. connect r20. +TW1",
        {"VP": 7, "C": 4, "W": -4},
        "mermaids may join buildings across one river space into a town (connect)",
        vp=("+2 FAV11", "+5 town"),
    ),
    Case(
        "S68_D1L1_G2",
        261,
        "advance ship",
        {"VP": 2, "C": -4, "P": -1},
        "mermaids start at shipping 1; a step costs 4 C 1 P; the step to 2 scores 2 VP",
        vp=("+2 advance-ship",),
    ),
    Case(
        "S68_D1L1_G2",
        295,
        "convert 1PW to 1C. upgrade F2 to SH",
        {"VP": 8, "C": -5, "W": -4, "P1": 1, "P3": -1},
        "the mermaids' stronghold (4 W 6 C) is a free shipping step (2 to 3: 3 VP)",
        vp=("+3 advance-ship", "+5 SCORE4"),
        offers=(3,),
    ),
    Case(
        "S64_D1L1_G3",
        221,
        "action ACTS. Upgrade F2 to TP. +TW1",
        {"VP": 8, "C": 6, "W": 3},
        "swarmlings gain 3 W with each town (TW1: 5 VP 6 C)",
        vp=("+3 FAV10", "+5 town"),
    ),
    Case(
        "S64_D1L1_G1",
        386,
        "upgrade H6 to TP. +TW8",
        {"VP": 19, "C": -3, "W": -2},
        "witches score 5 VP with each town (TW8: 11 VP)",
        vp=("+3 FAV10", "+11 town", "+5 faction"),
        offers=(1, 3),
    ),
    Case(
        "S64_D1L1_G1",
        68,
        "Upgrade d4 to te. +FAV11. +FAV7",
        {"C": -5, "W": -2, "P1": -1, "P2": 1, "EARTH": 3},
        "chaos magicians take two favor tiles with a temple or sanctuary (FAV11 +1 earth,"
        " FAV7 +2 earth; earth 0 to 3 gains 1 power)",
        offers=(1, 2),
    ),
]


@pytest.mark.parametrize("case", [c.param() for c in ABILITIES])
def test_faction_abilities(case: Case) -> None:
    check_case(case)


def _setup_rows(game: str, lines: range) -> list[tuple[str, str]]:
    """(faction, command) of consecutive ledger rows, each checked against the ledger."""
    out = []
    for line in lines:
        command = corpus_game(f"4pLeague_{game}")[1][line][1]
        row = corpus_row(f"4pLeague_{game}", line, command)
        out.append((row.faction, row.command))
    return out


def test_setup_snake_order_with_the_nomads_third_dwelling() -> None:
    """Initial dwellings go in seat order and back; the nomads then place a third one.

    Bonus tiles are then taken in reverse seat order. 4pLeague_S64_D1L1_G2.txt:30-42.
    """
    assert _setup_rows("S64_D1L1_G2", range(30, 43)) == [
        ("cultists", "build E6"),
        ("alchemists", "build E5"),
        ("witches", "build F4"),
        ("nomads", "build F3"),
        ("nomads", "build D3"),
        ("witches", "build E9"),
        ("alchemists", "build G5"),
        ("cultists", "build F7"),
        ("nomads", "build B4"),
        ("nomads", "Pass BON1"),
        ("witches", "Pass BON4"),
        ("alchemists", "Pass BON8"),
        ("cultists", "Pass BON5"),
    ]


def test_setup_chaos_magicians_place_their_one_dwelling_last() -> None:
    """The chaos magicians skip the snake and place their single dwelling after everyone.

    4pLeague_S64_D1L1_G1.txt:30-40 (the chaos magicians sit fourth).
    """
    assert _setup_rows("S64_D1L1_G1", range(30, 41)) == [
        ("cultists", "build E6"),
        ("darklings", "build B5"),
        ("witches", "build F4"),
        ("witches", "build E9"),
        ("darklings", "build G5"),
        ("cultists", "build F5"),
        ("chaosmagicians", "build d4"),
        ("chaosmagicians", "Pass bon1"),
        ("witches", "Pass BON8"),
        ("darklings", "Pass BON2"),
        ("cultists", "Pass BON3"),
    ]


# ------------------------------------------- constructed: giants and fakirs
# tests/data/constructed/giants_fakirs.log; figures from the reference engine.


def test_giants_always_need_two_spades() -> None:
    result = constructed("giants_fakirs.log")
    assert result.error is None
    # line 13: yellow D3 is one step from red, yet the giants need 2 spades: BON1's
    # free spade plus one dug for 3 W, then the dwelling (1 W 2 C): 20 17 6 -> 20 15 2.
    assert row_at_line(result, 13).values == (20, 15, 2, 0, 5, 7, 0, 1, 0, 0, 1)


def test_giants_stronghold_and_actg() -> None:
    result = constructed("giants_fakirs.log")
    # line 24: the giants' stronghold costs 4 W 6 C (18 14 5 -> 18 8 1); the fakirs'
    # stronghold next door is offered 3.
    row = row_at_line(result, 24)
    assert row.values == (18, 8, 1, 1, 4, 4, 0, 1, 0, 0, 1)
    assert row.leech == {"yellow": 3}
    # round 3 income: the stronghold's 4 power and BON5's 3 power: 4/4/0 -> 0/5/3.
    assert income_rows(result, "giants")[2].values == (18, 8, 5, 1, 0, 5, 3, 1, 0, 0, 1)
    # line 29: ACTG is 2 free spades: blue E4 (3 steps from red) becomes red; only the
    # dwelling is paid: 18 8 5 -> 18 6 4.
    assert row_at_line(result, 29).values == (18, 6, 4, 1, 0, 5, 3, 1, 0, 0, 1)
    assert result._game.hexes["E4"].color == "red"


def test_fakirs_carpet_flight_and_range() -> None:
    result = constructed("giants_fakirs.log")
    # line 14: D4 is one hex away from the fakirs' F3: a carpet flight costs 1 P and
    # scores 4 VP; red to yellow is 1 spade (3 W), then 1 W 2 C: 20 15 6 1 -> 24 13 2 0.
    assert row_at_line(result, 14).values == (24, 13, 2, 0, 7, 5, 0, 1, 0, 0, 1)
    # line 22: the fakirs' stronghold costs 4 W 10 C (24 11 5 -> 24 1 1) and adds 1 range.
    assert row_at_line(result, 22).values == (24, 1, 1, 0, 3, 9, 0, 1, 0, 0, 1)
    # line 28: I5 is two hexes away from F3: reachable with range 2; BON1's spade turns
    # red to yellow; the flight costs 1 P and scores 4 VP: 22 4 4 1 -> 26 2 3 0.
    assert row_at_line(result, 28).values == (26, 2, 3, 0, 0, 12, 0, 1, 0, 0, 1)


def test_halflings_stronghold_gives_three_spades() -> None:
    result = constructed("halflings.log")
    assert result.error is None
    # line 15: the stronghold (4 W 8 C) comes with 3 spades at once: gray E7 to brown
    # (3 steps); each spade scores 1 VP (halflings) + 2 VP (SCORE1): 20 15 4 -> 29 7 0.
    assert row_at_line(result, 15).values == (29, 7, 0, 0, 3, 9, 0, 0, 0, 1, 1)
    assert result._game.hexes["E7"].color == "brown"
