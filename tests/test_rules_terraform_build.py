"""Rules: terraforming and spades, building and upgrade costs.

Every case is a real corpus row (see :mod:`tests.rulecheck`): the replay must
reproduce every value the ledger recorded after it, and the row's change must
be the one the rule gives, worked out by hand in ``delta``.

The terraforming wheel is yellow, brown, black, blue, green, gray, red and
round again, so red and yellow are neighbours: a transform takes the shorter
way, which may cross the wheel's ends.
"""

from __future__ import annotations

import pytest

from .rulecheck import Case, check_case

TERRAFORM = [
    Case(
        "S64_D1L1_G2",
        232,
        "dig 2. build D4",
        {"VP": 2, "C": -2, "W": -7},
        "dig level 0 costs 3 W a spade; red D4 to the cultists' brown is 2 steps the short"
        " way, across the wheel's ends (red, yellow, brown): 6 W, then the dwelling 1 W 2 C",
        vp=("+2 FAV11",),
        offers=(5,),
    ),
    Case(
        "S65_D1L1_G6",
        263,
        "advance dig",
        {"VP": 6, "C": -5, "W": -2, "P": -1},
        "a step on the digging track costs 2 W 5 C 1 P and gives 6 VP",
        vp=("+6 advance-dig",),
    ),
    Case(
        "S65_D1L1_G6",
        271,
        "dig 2. build A6",
        {"VP": 4, "C": -2, "W": -5},
        "dig level 1 costs 2 W a spade: red to brown is 2 steps, 4 W, then 1 W 2 C",
        vp=("+2 FAV11", "+2 SCORE3"),
    ),
    Case(
        "S65_D1L1_G6",
        279,
        "dig 1. build A8",
        {"VP": 4, "C": -2, "W": -3},
        "dig level 1: black to brown is 1 step, 2 W, then 1 W 2 C",
        vp=("+2 FAV11", "+2 SCORE3"),
        offers=(2,),
    ),
    Case(
        "S66_D1L1_G4",
        242,
        "advance dig",
        {"VP": 6, "C": -5, "W": -2, "P": -1},
        "the second step on the digging track costs the same and also gives 6 VP",
        vp=("+6 advance-dig",),
    ),
    Case(
        "S66_D1L1_G4",
        248,
        "dig 1. dig 1. build E4",
        {"VP": 6, "C": -2, "W": -3},
        "dig level 2 costs 1 W a spade: blue to brown is 2 steps, 2 W; SCORE1 pays 2 VP a spade",
        vp=("+2 SCORE1", "+2 SCORE1", "+2 FAV11"),
        offers=(1,),
    ),
    Case(
        "S66_D1L1_G4",
        389,
        "dig 1. transform I5 to brown",
        {"W": -1},
        "dig level 2, one spade and no building: 1 W",
    ),
    Case(
        "S64_D1L1_G2",
        268,
        "Dig 2. Transform b5 to green",
        {"W": -6},
        "a hex may be transformed to a colour that is not home: black, blue, green is 2 steps",
    ),
    Case(
        "S64_D1L1_G1",
        128,
        "dig 1. transform B3 to brown",
        {"VP": 2, "W": -3},
        "SCORE1 (round 2 here) gives 2 VP for each spade, also without building",
        vp=("+2 SCORE1",),
    ),
    Case(
        "S64_D1L1_G1",
        275,
        "action ACT5. build I10",
        {"C": -2, "W": -1, "P1": 4, "P3": -4},
        "ACT5 spends 4 power from bowl III (back to bowl I) for one free spade: blue to"
        " green is 1 step, so only the dwelling is paid",
    ),
    Case(
        "S64_D1L1_G2",
        118,
        "action ACT6. build D7",
        {"VP": 6, "C": -2, "W": -1, "P1": 6, "P3": -6},
        "ACT6 spends 6 power for two free spades (red, yellow, brown); SCORE1 counts free"
        " spades too",
        vp=("+2 SCORE1", "+2 SCORE1", "+2 FAV11"),
        offers=(2,),
    ),
    Case(
        "S64_D1L1_G1",
        60,
        "burn 6. action ACT6. transform F3 to brown. build G4",
        {"C": -2, "W": -1, "P1": 6, "P2": -12},
        "ACT6's two spades may go to two hexes (F3 and G4, yellow to brown, one each);"
        " burning 6 takes 12 tokens from bowl II and moves 6 to bowl III",
        offers=(2,),
    ),
    Case(
        "S64_D1L1_G2",
        221,
        "burn 1. action ACT6. dig 1. build C2",
        {"VP": 2, "C": -2, "W": -4, "P1": 6, "P2": -2, "P3": -5},
        "gray to brown is 3 steps the short way (gray, red, yellow, brown; 4 the other way):"
        " ACT6's two spades plus one dug for 3 W, then the dwelling",
        vp=("+2 FAV11",),
        offers=(1, 2),
    ),
    Case(
        "S64_D1L1_G1",
        259,
        "action BON1. build H8",
        {"C": -2, "W": -1},
        "BON1's action is one free spade: gray to green",
        offers=(2,),
    ),
]


@pytest.mark.parametrize("case", [c.param() for c in TERRAFORM])
def test_terraforming_and_spades(case: Case) -> None:
    check_case(case)


BUILD = [
    Case(
        "S64_D1L1_G4",
        138,
        "build B2",
        {"C": -2, "W": -1},
        "a dwelling costs 1 W 2 C",
    ),
    Case(
        "S66_D1L1_G4",
        150,
        "build C5",
        {"C": -1, "W": -1},
        "the engineers' dwelling costs 1 W 1 C",
    ),
    Case(
        "S65_D1L1_G1",
        256,
        "build A4",
        {"C": -3, "W": -2},
        "the swarmlings' dwelling costs 2 W 3 C",
    ),
    Case(
        "S64_D1L1_G1",
        47,
        "upgrade E6 to TP",
        {"C": -3, "W": -2},
        "a trading post next to an opponent costs 2 W 3 C; each neighbour is offered power",
        offers=(1, 1),
    ),
    Case(
        "S66_D1L1_G4",
        299,
        "upgrade A11 to TP",
        {"VP": 3, "C": -6, "W": -2},
        "a trading post with no opponent's building next to it costs double coins: 2 W 6 C"
        " (and no one is offered power)",
        vp=("+3 FAV10",),
        offers=(),
    ),
    Case(
        "S68_D1L1_G2",
        218,
        "upgrade E9 to TP",
        {"VP": 6, "C": -6, "W": -2},
        "the same surcharge for the witches: 2 W 6 C",
        vp=("+3 FAV10", "+3 SCORE8"),
        offers=(),
    ),
    Case(
        "S64_D1L1_G4",
        56,
        "Upgrade f6 to tp",
        {"C": -2, "W": -1},
        "the engineers' trading post costs 1 W 2 C",
        offers=(2, 3),
    ),
    Case(
        "S67_D1L1_G1",
        343,
        "upgrade E8 to TP",
        {"VP": 3, "C": -4, "W": -1},
        "... and 1 W 4 C with no opponent next to it",
        vp=("+3 FAV10",),
        offers=(),
    ),
    Case(
        "S64_D1L1_G3",
        56,
        "upgrade G6 to TP",
        {"C": -4, "W": -3},
        "the swarmlings' trading post costs 3 W 4 C",
        offers=(2,),
    ),
    Case(
        "S64_D1L1_G1",
        72,
        "upgrade E6 to TE. +FAV11",
        {"C": -5, "W": -2, "EARTH": 1},
        "a temple costs 2 W 5 C and comes with a favor tile (FAV11: +1 earth)",
        offers=(2, 3),
    ),
    Case(
        "S64_D1L1_G4",
        86,
        "Upgrade f6 to te. +FAV11",
        {"C": -4, "W": -1, "EARTH": 1},
        "the engineers' temple costs 1 W 4 C",
        offers=(1, 2, 3),
    ),
    Case(
        "S64_D1L1_G3",
        105,
        "upgrade D2 to TE. +FAV11",
        {"C": -6, "W": -3, "EARTH": 1},
        "the swarmlings' temple costs 3 W 6 C",
    ),
    Case(
        "S65_D1L1_G7",
        72,
        "upgrade F6 to SH",
        {"C": -6, "W": -4},
        "the witches' stronghold costs 4 W 6 C",
        offers=(1, 2),
    ),
    Case(
        "S65_D1L1_G1",
        380,
        "upgrade E8 to SH",
        {"C": -6, "W": -3},
        "the engineers' stronghold costs 3 W 6 C",
        offers=(3,),
    ),
    Case(
        "S65_D1L1_G1",
        80,
        "upgrade D5 to SH",
        {"C": -8, "W": -5},
        "the swarmlings' stronghold costs 5 W 8 C",
        offers=(2,),
    ),
    Case(
        "S64_D1L1_G2",
        296,
        "upgrade I7 to SH",
        {"VP": 5, "C": -8, "W": -4},
        "the nomads' stronghold costs 4 W 8 C; SCORE7 gives 5 VP for it",
        vp=("+5 SCORE7",),
        offers=(4,),
    ),
    Case(
        "S67_D1L1_G2",
        224,
        "upgrade E3 to SH",
        {"VP": 5, "C": -4, "W": -4},
        "the chaos magicians' stronghold costs 4 W 4 C; SCORE4 gives 5 VP for it",
        vp=("+5 SCORE4",),
        offers=(2,),
    ),
    Case(
        "S64_D1L1_G1",
        186,
        "upgrade E6 to SA. +FAV10",
        {"VP": 5, "C": -8, "W": -4, "WATER": 1},
        "the cultists' sanctuary costs 4 W 8 C and comes with a favor tile",
        vp=("+5 SCORE7",),
        offers=(3, 5),
    ),
    Case(
        "S64_D1L1_G1",
        173,
        "upgrade G5 to SA. +FAV10",
        {"VP": 5, "C": -10, "W": -4, "P1": -1, "P3": 1, "WATER": 1},
        "the darklings' sanctuary costs 4 W 10 C; water 2 to 3 gains 1 power",
        vp=("+5 SCORE7",),
        offers=(1, 2),
    ),
    Case(
        "S64_D1L1_G4",
        267,
        "Upgrade e7 to sa. +FAV10",
        {"VP": 5, "C": -6, "W": -3, "WATER": 1},
        "the engineers' sanctuary costs 3 W 6 C",
        vp=("+5 SCORE7",),
        offers=(1, 1),
    ),
    Case(
        "S68_D1L1_G6",
        202,
        "upgrade G3 to SA. +FAV11",
        {"VP": 5, "C": -8, "W": -5, "EARTH": 1},
        "the swarmlings' sanctuary costs 5 W 8 C",
        vp=("+5 SCORE7",),
    ),
    Case(
        "S64_D1L1_G2",
        151,
        "upgrade D3 to SA. +FAV10",
        {"VP": 5, "C": -6, "W": -4, "WATER": 1},
        "the nomads' sanctuary costs 4 W 6 C",
        vp=("+5 SCORE4",),
        offers=(1,),
    ),
    Case(
        "S66_D1L1_G5",
        165,
        "upgrade G6 to SA. +FAV10",
        {"VP": 5, "C": -8, "W": -4, "WATER": 1},
        "the mermaids' sanctuary costs 4 W 8 C",
        vp=("+5 SCORE7",),
        offers=(1, 4),
    ),
]


@pytest.mark.parametrize("case", [c.param() for c in BUILD])
def test_build_and_upgrade_costs(case: Case) -> None:
    check_case(case)
