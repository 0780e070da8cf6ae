"""Rules: power bowls, conversions, power actions ACT1–ACT6, income.

Power gained moves a token from bowl I to bowl II, or (when bowl I is empty)
from bowl II to bowl III; power spent moves tokens from bowl III back to
bowl I; burning N removes N tokens from bowl II and moves N more to bowl III.
Cases are real corpus rows (see :mod:`tests.rulecheck`); the alchemists'
coin-to-VP rate, never used in the corpus, is checked on a constructed log
with figures from the reference engine.
"""

from __future__ import annotations

import pytest

from .rulecheck import FIELDS, Case, as_dict, check_case, constructed, income_rows, row_at_line

POWER = [
    Case(
        "S64_D1L1_G1",
        81,
        "Burn 4. Action act3",
        {"W": 2, "P1": 4, "P2": -8},
        "burn 4: bowl II loses 8 tokens, bowl III gains 4; ACT3 spends those 4 for 2 W",
    ),
    Case(
        "S64_D1L1_G1",
        191,
        "action ACT1. Bridge D6:E9",
        {"P1": 3, "P3": -3},
        "ACT1 spends 3 power for a bridge",
    ),
    Case(
        "S64_D1L1_G1",
        277,
        "action ACT2",
        {"P": 1, "P1": 3, "P3": -3},
        "ACT2 spends 3 power for a priest",
    ),
    Case(
        "S64_D1L1_G1",
        328,
        "action ACT3",
        {"W": 2, "P1": 4, "P3": -4},
        "ACT3 spends 4 power for 2 W",
    ),
    Case(
        "S64_D1L1_G1",
        114,
        "action ACT4",
        {"C": 7, "P1": 4, "P3": -4},
        "ACT4 spends 4 power for 7 C",
    ),
    Case(
        "S65_D1L1_G3",
        144,
        "convert 5PW to 1P. pass BON1",
        {"P": 1, "P1": 5, "P3": -5},
        "5 power convert to a priest",
    ),
    Case(
        "S64_D1L1_G1",
        349,
        "Convert 3pw to 1w. Pass bon9",
        {"W": 1, "P1": 3, "P3": -3},
        "3 power convert to a worker",
    ),
    Case(
        "S64_D1L1_G1",
        257,
        "Convert 1pw to 1c. Pass bon2",
        {"VP": 4, "C": 2, "P1": 1, "P3": -1},
        "1 power converts to a coin (the other coin lay on BON2); handing back BON9 scores"
        " 1 VP a dwelling (4)",
        vp=("+4 BON9",),
    ),
    Case(
        "S64_D1L1_G7",
        150,
        "Convert 1p to 1w. Build i8",
        {"VP": 2, "C": -2, "P": -1},
        "a priest converts to a worker, which pays for the dwelling",
        vp=("+2 FAV11",),
    ),
    Case(
        "S64_D1L1_G1",
        130,
        "Convert 1w to 1c. Build a6",
        {"VP": 2, "C": -1, "W": -2},
        "a worker converts to a coin",
        vp=("+2 FAV11",),
    ),
    Case(
        "S64_D1L1_G2",
        86,
        "convert 2VP to 2C. build C1",
        {"VP": 2, "W": -1},
        "the alchemists may sell VP for coins one for one",
        vp=("-2 convert", "+2 FAV11", "+2 SCORE5"),
        offers=(1,),
    ),
    Case(
        "S68_D1L1_G4",
        74,
        "upgrade C1 to SH. convert 3PW to 1W",
        {"VP": 5, "C": -6, "W": -3, "P2": -5, "P3": 5},
        "the alchemists' stronghold gives 12 power at once: from 3/5/0 that is 3 + 8 = 11"
        " (the twelfth is lost: every token is in bowl III), then 3 are spent on a worker",
        vp=("+5 SCORE7",),
        offers=(2,),
    ),
    Case(
        "S64_D1L1_G2",
        340,
        "dig 1. build D2",
        {"VP": 2, "C": -2, "W": -2, "P2": -2, "P3": 2},
        "with their stronghold the alchemists gain 2 power a spade",
        vp=("+2 FAV11",),
        offers=(4,),
    ),
    Case(
        "S64_D1L1_G1",
        42,
        "other_income_for_faction",
        {"C": 6, "W": 3},
        "round 1 income: 1 W + 1 W a dwelling (2 built), and BON3's 6 C",
    ),
    Case(
        "S64_D1L1_G1",
        43,
        "other_income_for_faction",
        {"C": 4, "W": 3},
        "... BON2's 4 C",
    ),
    Case(
        "S64_D1L1_G1",
        44,
        "other_income_for_faction",
        {"W": 3, "P": 1},
        "... BON8's priest",
    ),
    Case(
        "S64_D1L1_G1",
        45,
        "other_income_for_faction",
        {"C": 2, "W": 2},
        "... the chaos magicians start with one dwelling; BON1's 2 C",
    ),
    Case(
        "S64_D1L1_G1",
        291,
        "other_income_for_faction",
        {"C": 11, "W": 6, "P": 1, "P1": -1, "P2": -5, "P3": 6},
        "7 power of income: the last token of bowl I goes to bowl II, then six tokens go"
        " from bowl II to bowl III",
    ),
]


@pytest.mark.parametrize("case", [c.param() for c in POWER])
def test_power_conversions_and_actions(case: Case) -> None:
    check_case(case)


# ------------------------------------------------ constructed: the alchemists
# tests/data/constructed/alchemists.log; every figure below is the reference
# engine's (perl /work/oracle/run.pl alchemists.log), in FIELDS order
# VP C W P P1 P2 P3 FIRE WATER EARTH AIR.


def test_alchemists_exchange_rates() -> None:
    result = constructed("alchemists.log")
    assert result.error is None
    # line 13: 15 C: 4 C buy 2 VP (alchemists: 2 C a VP), 1 VP sells for 1 C,
    # then a trading post with no neighbour (2 W 6 C): VP 21, C 6, W 4.
    row = row_at_line(result, 13)
    assert row.values == (21, 6, 4, 1, 5, 7, 0, 1, 1, 0, 0)
    # line 14: anyone else pays 3 C a VP: witches 21 C - 3 - 6 (lonely TP) = 12, VP 21.
    row = row_at_line(result, 14)
    assert row.values == (21, 12, 4, 0, 5, 7, 0, 0, 0, 0, 2)


def test_alchemists_stronghold_power() -> None:
    result = constructed("alchemists.log")
    # line 15: the stronghold (4 W 6 C) gives 12 power: bowls 5/7/0 -> 0/5/7.
    assert row_at_line(result, 15).values == (21, 0, 0, 1, 0, 5, 7, 1, 1, 0, 0)
    # line 17: ACT6 spends 6 (-> 6/5/1); its 2 spades give 2 power each: 2/9/1.
    assert row_at_line(result, 17).values == (21, 0, 0, 1, 2, 9, 1, 1, 1, 0, 0)
    assert result._game.hexes["F3"].color == "black"
    # round 2 income: the stronghold's 6 C, 2 W (1 + one dwelling) and BON4's 3 power.
    income = income_rows(result, "alchemists")[-1]
    assert as_dict(income) == dict(zip(FIELDS, (21, 7, 2, 1, 0, 10, 2, 1, 1, 0, 0), strict=True))
