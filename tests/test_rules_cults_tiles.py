"""Rules: cult tracks, and the bonus, favor, town and round-scoring tiles.

Cult tracks: a priest sent to a track takes the first free space (3 steps,
then 2, 2, 2) or, with ``for 1`` or when the spaces are full, moves 1 step;
passing 3, 5, 7 and 10 gains 1, 2, 2 and 3 power; the space 10 needs a key
(one per town) and holds one faction only. Cases are real corpus rows (see
:mod:`tests.rulecheck`) unless said otherwise.
"""

from __future__ import annotations

import pytest

from .rulecheck import Case, check_case, cut_before, replay_text, rows_of

CULTS = [
    Case(
        "S64_D1L1_G1",
        64,
        "send p to Fire",
        {"P": -1, "P1": -1, "P2": 1, "FIRE": 3},
        "the first priest on a track moves 3 steps; fire 0 to 3 gains 1 power",
    ),
    Case(
        "S64_D1L1_G1",
        196,
        "send p to AIR",
        {"P": -1, "P1": -1, "P2": 1, "AIR": 2},
        "the next spaces move 2 steps; air 2 to 4 passes 3: 1 power",
    ),
    Case(
        "S64_D1L1_G1",
        78,
        "send p to AIR",
        {"P": -1, "P1": -3, "P2": 3, "AIR": 3},
        "air 2 to 5 passes 3 (1 power) and 5 (2 power)",
    ),
    Case(
        "S64_D1L1_G1",
        280,
        "send p to WATER",
        {"P": -1, "P1": -2, "P2": 2, "WATER": 2},
        "water 5 to 7: 2 power at 7",
    ),
    Case(
        "S64_D1L1_G2",
        366,
        "send p to Fire",
        {"P": -1, "P1": -3, "P2": 3, "FIRE": 2},
        "fire 8 to 10: 3 power at 10; the cultists hold a second key (two towns, air at 10)",
    ),
    Case(
        "S64_D1L1_G6",
        377,
        "Send p to air",
        {"P": -1, "AIR": 1},
        "no key left (one town, its key spent on earth 10): the priest's 2 steps stop at 9",
    ),
    Case(
        "S64_D1L1_G5",
        334,
        "send p to Earth",
        {"P": -1, "P1": -1, "P2": 1, "EARTH": 1},
        "all four priest spaces of earth are taken: the priest moves 1 step (2 to 3)",
    ),
    Case(
        "S65_D1L1_G2",
        327,
        "send p to Earth for 1",
        {"P": -1, "EARTH": 1},
        "'for 1' moves 1 step without taking a space",
    ),
    Case(
        "S64_D1L1_G1",
        93,
        "action BON2. +FIRE",
        {"FIRE": 1},
        "BON2's action: 1 cult step",
    ),
    Case(
        "S65_D1L1_G1",
        98,
        "action FAV6. +WATER",
        {"WATER": 1},
        "FAV6's action: 1 cult step",
    ),
    # Cult income at the end of a round, from that round's scoring tile.
    Case(
        "S64_D1L1_G1",
        104,
        "cult_income_for_faction",
        {"W": 2},
        "SCORE4 (round 1): 1 W for every 2 fire; the cultists are at fire 4",
    ),
    Case(
        "S64_D1L1_G1",
        105,
        "cult_income_for_faction",
        {},
        "... the witches at fire 0 get nothing",
    ),
    Case(
        "S64_D1L1_G1",
        106,
        "cult_income_for_faction",
        {"W": 1},
        "... the chaos magicians at fire 3 get 1 W",
    ),
    Case(
        "S64_D1L1_G1",
        153,
        "cult_income_for_faction",
        {"C": 5},
        "SCORE1 (round 2): 1 C for every earth step; the darklings are at earth 5",
    ),
    Case(
        "S64_D1L1_G1",
        355,
        "cult_income_for_faction",
        {"C": 8},
        "SCORE9 (round 5): 2 C for each priest on the cult tracks; the cultists have 4",
    ),
    Case(
        "S64_D1L1_G1",
        283,
        "cult_income_for_faction",
        {},
        "SCORE6 (round 4): a spade for every 4 water, used at once ...",
    ),
    Case(
        "S64_D1L1_G1",
        287,
        "transform D3 to red",
        {},
        "... the chaos magicians turn yellow D3 red (across the wheel's ends) for nothing",
    ),
    Case(
        "S64_D1L1_G1",
        288,
        "transform E11 to black",
        {},
        "... and the darklings neither pay a priest nor score VP for a free spade",
    ),
]


@pytest.mark.parametrize("case", [c.param() for c in CULTS])
def test_cult_tracks_and_cult_income(case: Case) -> None:
    check_case(case)


def test_space_10_holds_one_faction() -> None:
    """A faction with a key still stops at 9 when another faction is on 10.

    4pLeague_S69_D1L1_G7 as a command log, cut where the cultists sent a priest
    to earth; instead they send it to fire, where the nomads are on 10. The
    cultists hold two keys (TW1, TW8) and have spent one (water 10). The
    reference engine (run.pl on the same lines) leaves them at fire 9 with
    VP 100, C 0, W 2, P 0, bowls 2/2/1, cults 9/10/6/9.
    """
    lines = cut_before("S69_D1L1_G7", "cultists: send p to EARTH")
    assert lines[-1] == "cultists: Decline 3 from engineers"
    result = replay_text("\n".join([*lines, "cultists: send p to FIRE"]))
    assert result.error is None
    last = rows_of(result, "cultists")[-1]
    assert last.values == (100, 0, 2, 0, 2, 2, 1, 9, 10, 6, 9)
    assert last.before[3] == 1  # the priest was spent


BONUS = [
    Case(
        "S64_D1L1_G3",
        84,
        "pass BON3",
        {"VP": 4, "C": 1},
        "handing back BON6 scores 4 VP for each stronghold and sanctuary (a stronghold);"
        " the coin that lay on BON3 comes with it",
        vp=("+4 BON6",),
    ),
    Case(
        "S64_D1L1_G1",
        270,
        "pass BON8",
        {"VP": 8, "C": 1},
        "handing back BON7 scores 2 VP a trading post (4)",
        vp=("+8 BON7",),
    ),
    Case(
        "S64_D1L1_G1",
        137,
        "Pass bon3",
        {"VP": 2},
        "handing back BON9 scores 1 VP a dwelling (2)",
        vp=("+2 BON9",),
    ),
    Case(
        "S64_D1L1_G2",
        191,
        "pass BON8",
        {"VP": 9, "C": 2},
        "handing back BON10 scores 3 VP a shipping level (3)",
        vp=("+9 BON10",),
    ),
    Case(
        "S64_D1L1_G1",
        195,
        "pass BON7",
        {"C": 3},
        "a bonus tile left in the pool gains a coin at the start of every round: BON7,"
        " never taken, holds 3 in round 3",
    ),
    Case(
        "S64_D1L1_G2",
        44,
        "other_income_for_faction",
        {"W": 4, "P1": -3, "P2": 3},
        "BON5's income: 1 W and 3 power (on top of 1 W + 1 W a dwelling, 2 built)",
    ),
    Case(
        "S64_D1L1_G2",
        46,
        "other_income_for_faction",
        {"W": 3, "P1": -3, "P2": 3},
        "BON4's income: 3 power",
    ),
    Case(
        "S64_D1L1_G1",
        134,
        "build B3",
        {"VP": 2, "C": -2, "W": -1},
        "BON4 adds 1 to shipping while it is held: B3 lies two river spaces from the"
        " cultists' buildings and their shipping is 1",
        vp=("+2 FAV11",),
        offers=(1,),
    ),
]


@pytest.mark.parametrize("case", [c.param() for c in BONUS])
def test_bonus_tiles(case: Case) -> None:
    check_case(case)


FAVORS = [
    Case(
        "S64_D1L1_G6",
        348,
        "upgrade C4 to TE. +FAV1",
        {"C": -4, "W": -1, "P1": -2, "P2": 2, "FIRE": 3},
        "FAV1: 3 fire steps (5 to 8: 2 power at 7)",
        offers=(1,),
    ),
    Case(
        "S64_D1L1_G6",
        341,
        "upgrade D3 to SA. +FAV2",
        {"VP": 5, "C": -6, "W": -4, "P1": -1, "P3": 1, "WATER": 3},
        "FAV2: 3 water steps (6 to 9: 2 power at 7)",
        vp=("+5 SCORE7",),
        offers=(4,),
    ),
    Case(
        "S64_D1L1_G4",
        233,
        "Upgrade d7 to te. +FAV3",
        {"VP": 4, "C": -4, "W": -1, "P1": -2, "P2": 2, "EARTH": 3},
        "FAV3: 3 earth steps",
        vp=("+4 SCORE9",),
        offers=(5,),
    ),
    Case(
        "S68_D1L1_G3",
        348,
        "upgrade G4 to TE. +FAV4",
        {"C": -5, "W": -2, "P1": -2, "P2": 2, "AIR": 3},
        "FAV4: 3 air steps",
        offers=(2,),
    ),
    Case(
        "S64_D1L1_G7",
        83,
        "upgrade E7 to TE. +FAV7",
        {"C": -4, "W": -1, "EARTH": 2},
        "FAV7: 2 earth steps",
        offers=(1, 1),
    ),
    Case(
        "S64_D1L1_G4",
        76,
        "upgrade F7 to TE. +FAV8",
        {"C": -5, "W": -2, "AIR": 2},
        "FAV8: 2 air steps",
        offers=(2, 2),
    ),
    Case(
        "S64_D1L1_G2",
        95,
        "upgrade D3 to TE. +FAV9",
        {"C": -5, "W": -2, "FIRE": 1},
        "FAV9: 1 fire step",
        offers=(1,),
    ),
    Case(
        "S64_D1L1_G1",
        179,
        "upgrade E7 to TE. +FAV10",
        {"C": -5, "W": -2, "WATER": 1},
        "FAV10: 1 water step",
        offers=(2, 4),
    ),
    Case(
        "S64_D1L1_G1",
        73,
        "upgrade G5 to TE. +FAV11",
        {"C": -5, "W": -2, "EARTH": 1},
        "FAV11: 1 earth step",
        offers=(2,),
    ),
    Case(
        "S64_D1L1_G1",
        83,
        "build F3",
        {"VP": 2, "C": -2, "W": -1},
        "FAV11: 2 VP for each dwelling built",
        vp=("+2 FAV11",),
        offers=(2,),
    ),
    Case(
        "S64_D1L1_G1",
        297,
        "upgrade B5 to TE. +FAV12",
        {"VP": 4, "C": -5, "W": -2, "AIR": 1},
        "FAV12: 1 air step",
        vp=("+4 SCORE9",),
        offers=(3,),
    ),
    Case(
        "S64_D1L1_G4",
        234,
        "Pass bon9",
        {"VP": 2},
        "FAV12: on passing, 2 VP for one trading post",
        vp=("+2 FAV12",),
    ),
    Case(
        "S64_D1L1_G1",
        342,
        "convert 1PW to 1C. convert 1P to 1W. pass BON7",
        {"VP": 10, "C": 1, "W": 1, "P": -1, "P1": 1, "P3": -1},
        "FAV12: 3 VP for two trading posts; BON9 handed back: 1 VP a dwelling (7)",
        vp=("+7 BON9", "+3 FAV12"),
    ),
    Case(
        "S66_D1L1_G4",
        299,
        "upgrade A11 to TP",
        {"VP": 3, "C": -6, "W": -2},
        "FAV10: 3 VP for each trading post built",
        vp=("+3 FAV10",),
    ),
]


@pytest.mark.parametrize("case", [c.param() for c in FAVORS])
def test_favor_tiles(case: Case) -> None:
    check_case(case)


TOWNS = [
    Case(
        "S64_D1L1_G1",
        250,
        "convert 3PW to 3C. upgrade C4 to TP. +TW1",
        {"VP": 16, "C": 6, "W": -2, "P1": 3, "P3": -3},
        "a town: 4 connected buildings of 7 power (TP C4, D D6, TP E9, TP F6); TW1 is"
        " 5 VP and 6 C; witches add 5 VP",
        vp=("+3 FAV10", "+3 SCORE6", "+5 town", "+5 faction"),
        offers=(2,),
    ),
    Case(
        "S64_D1L1_G1",
        245,
        "upgrade G6 to TP. +TW1",
        {"VP": 11, "C": 3, "W": -2},
        "a sanctuary counts as two buildings: TP F7, SA G5, TP G6 is a town of 7 power",
        vp=("+3 FAV10", "+3 SCORE6", "+5 town"),
        offers=(2,),
    ),
    Case(
        "S64_D1L1_G1",
        331,
        "convert 1PW to 1C. upgrade F3 to TE. +FAV5. +TW3",
        {"VP": 13, "C": -4, "W": -2, "P": 1, "P1": 1, "P3": -1, "FIRE": 2},
        "FAV5 lowers the town power to 6: D E5, SA E6, TE F3 (6 power, 4 buildings with"
        " the sanctuary) becomes a town as the tile is taken; TW3 is 9 VP and a priest",
        vp=("+4 SCORE9", "+9 town"),
        offers=(1, 3),
    ),
    Case(
        "S64_D1L1_G2",
        322,
        "upgrade A6 to TE. +FAV5. +TW2. +TW1. convert 1PW to 1C",
        {"VP": 22, "C": 2, "P1": 1, "P2": -1, "FIRE": 2},
        "with FAV5 two groups of 6 power become towns at once (SCORE2: 5 VP each)",
        vp=("+7 town", "+5 SCORE2", "+5 town", "+5 SCORE2"),
        offers=(1,),
    ),
    Case(
        "S64_D1L1_G1",
        340,
        "build E11",
        {"VP": 2, "C": -2, "W": -1},
        "a building next to a town joins it: no new town tile",
        vp=("+2 FAV11",),
    ),
    Case(
        "S65_D1L1_G7",
        281,
        "Action acte. Bridge E8:G3. +TW1",
        {"VP": 10, "C": 6, "W": -2},
        "a bridge can join two groups into a town",
        vp=("+5 town", "+5 SCORE2"),
    ),
    Case(
        "S64_D1L1_G1",
        374,
        "dig 2. build A4. +TW2",
        {"VP": 11, "C": -2, "W": -5},
        "TW2: 7 VP and 2 W (2 spades for 6 W, the dwelling 1 W)",
        vp=("+2 FAV11", "+2 SCORE5", "+7 town"),
    ),
    Case(
        "S64_D1L1_G1",
        400,
        "upgrade A8 to TP. +TW3",
        {"VP": 12, "C": -3, "W": -2, "P": 1},
        "TW3: 9 VP and a priest",
        vp=("+3 FAV10", "+9 town"),
        offers=(1,),
    ),
    Case(
        "S67_D1L1_G5",
        334,
        "action ACT6. build B4. +TW4",
        {"VP": 8, "C": -1, "W": -1, "P1": -1, "P2": 6, "P3": -5},
        "TW4: 6 VP and 8 power (after ACT6 spent 6: 7 tokens to bowl II, 1 on to III)",
        vp=("+2 SCORE3", "+6 town"),
    ),
    Case(
        "S64_D1L1_G5",
        285,
        "upgrade D7 to TP. +TW5",
        {"VP": 11, "C": -3, "W": -2, "FIRE": 1, "WATER": 1, "EARTH": 1, "AIR": 1},
        "TW5: 8 VP and a step on every cult track",
        vp=("+3 FAV10", "+8 town"),
        offers=(2,),
    ),
    Case(
        "S64_D1L1_G4",
        166,
        "upgrade H6 to TP. +TW6",
        {
            "VP": 7,
            "C": -3,
            "W": -2,
            "P1": -3,
            "P2": 3,
            "FIRE": 2,
            "WATER": 2,
            "EARTH": 2,
            "AIR": 2,
        },
        "TW6: 2 VP and two steps on every track (fire 5 to 7: 2 power; air 0 to 2 and"
        " water 0 to 2: none; earth 2 to 4: 1)",
        vp=("+2 town", "+5 SCORE2"),
        offers=(2,),
    ),
    Case(
        "S64_D1L1_G4",
        168,
        "Upgrade e9 to tp. +TW7",
        {"VP": 11, "C": -2, "W": -1},
        "TW7: 4 VP and a free shipping step (to 1: 2 VP)",
        vp=("+4 town", "+2 advance-ship", "+5 SCORE2"),
        offers=(2, 3),
    ),
    Case(
        "S64_D1L1_G2",
        338,
        "action actw. build i11. +tw8",
        {"VP": 21},
        "TW8: 11 VP (a free witches' dwelling completes it)",
        vp=("+11 town", "+5 SCORE2", "+5 faction"),
        offers=(2,),
    ),
]


@pytest.mark.parametrize("case", [c.param() for c in TOWNS])
def test_towns_and_town_tiles(case: Case) -> None:
    check_case(case)


SCORING_TILES = [
    Case(
        "S68_D1L1_G3",
        236,
        "action BON1. transform H8 to green",
        {"VP": 2},
        "SCORE1: 2 VP a spade",
        vp=("+2 SCORE1",),
    ),
    Case(
        "S64_D1L1_G4",
        166,
        "upgrade H6 to TP. +TW6",
        {
            "VP": 7,
            "C": -3,
            "W": -2,
            "P1": -3,
            "P2": 3,
            "FIRE": 2,
            "WATER": 2,
            "EARTH": 2,
            "AIR": 2,
        },
        "SCORE2: 5 VP a town",
        vp=("+2 town", "+5 SCORE2"),
        offers=(2,),
    ),
    Case(
        "S64_D1L1_G3",
        284,
        "action ACTW. build A10",
        {"VP": 2},
        "SCORE3: 2 VP a dwelling",
        vp=("+2 SCORE3",),
    ),
    Case(
        "S64_D1L1_G6",
        87,
        "upgrade F3 to SH",
        {"VP": 5, "C": -8, "W": -4},
        "SCORE4: 5 VP a stronghold or sanctuary",
        vp=("+5 SCORE4",),
        offers=(1, 2, 2),
    ),
    Case(
        "S64_D1L1_G1",
        380,
        "action ACTW. build F2",
        {"VP": 2},
        "SCORE5: 2 VP a dwelling",
        vp=("+2 SCORE5",),
    ),
    Case(
        "S65_D1L1_G1",
        87,
        "action ACTS. Upgrade C1 to TP",
        {"VP": 3},
        "SCORE6: 3 VP a trading post",
        vp=("+3 SCORE6",),
    ),
    Case(
        "S64_D1L1_G2",
        296,
        "upgrade I7 to SH",
        {"VP": 5, "C": -8, "W": -4},
        "SCORE7: 5 VP a stronghold or sanctuary",
        vp=("+5 SCORE7",),
        offers=(4,),
    ),
    Case(
        "S65_D1L1_G3",
        306,
        "action ACTS. Upgrade I10 to TP",
        {"VP": 3},
        "SCORE8: 3 VP a trading post",
        vp=("+3 SCORE8",),
    ),
    Case(
        "S64_D1L1_G1",
        297,
        "upgrade B5 to TE. +FAV12",
        {"VP": 4, "C": -5, "W": -2, "AIR": 1},
        "SCORE9: 4 VP a temple",
        vp=("+4 SCORE9",),
        offers=(3,),
    ),
]


@pytest.mark.parametrize("case", [c.param() for c in SCORING_TILES])
def test_round_scoring_tiles(case: Case) -> None:
    check_case(case)
