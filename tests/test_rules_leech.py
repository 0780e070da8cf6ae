"""Rules: leeching power from a neighbour's building.

A faction that builds or upgrades offers each opponent with buildings next to
the hex the sum of their strengths (dwelling 1, trading post and temple 2,
stronghold and sanctuary 3). Taking N power costs N - 1 VP; what can be taken
is capped by the receiver's bowls (2 per token in bowl I, 1 per token in
bowl II) and by its VP (at most VP + 1). Corpus rows as in
:mod:`tests.rulecheck`; the other cases are corpus command logs, changed as
described, with the reference engine's figures for the changed log.
"""

from __future__ import annotations

import pytest

from .rulecheck import Case, check_case, command_log, corpus_replay, replay_text, rows_of

LEECH = [
    Case(
        "S64_D1L1_G1",
        304,
        "upgrade E7 to SA. +FAV12. +TW5",
        {
            "VP": 13,
            "C": -6,
            "W": -4,
            "P1": -3,
            "P2": 3,
            "FIRE": 1,
            "WATER": 1,
            "EARTH": 1,
            "AIR": 2,
        },
        "offers by strength: next to E7 the chaos magicians have SA D4, TP D5, TP E8"
        " (3 + 2 + 2 = 7) and the cultists SA E6 (3)",
        vp=("+8 town", "+5 faction"),
        offers=(3, 7),
    ),
    Case(
        "S64_D1L1_G1",
        306,
        "Leech 3 from witches",
        {"VP": -2, "P1": -3, "P2": 3},
        "taking 3 power costs 2 VP",
        vp=("-2 leech",),
    ),
    Case(
        "S64_D1L1_G1",
        308,
        "Decline 7 from witches",
        {},
        "declining the 7 costs nothing",
    ),
    Case(
        "S64_D1L1_G1",
        298,
        "Leech 3 from darklings",
        {"P2": -1, "P3": 1},
        "an offer of 3, but bowl I is empty and bowl II holds 1 token: 1 power, 0 VP",
    ),
    Case(
        "S64_D1L1_G1",
        47,
        "upgrade E6 to TP",
        {"C": -3, "W": -2},
        "a dwelling next to the new trading post offers 1 to its owner (CM D4, witches F4)",
        offers=(1, 1),
    ),
    Case(
        "S64_D1L1_G1",
        72,
        "upgrade E6 to TE. +FAV11",
        {"C": -5, "W": -2, "EARTH": 1},
        "... the temple: chaos magicians TE D4 (2), witches D E7 + TP F4 (3)",
        offers=(2, 3),
    ),
]


@pytest.mark.parametrize("case", [c.param() for c in LEECH])
def test_leech(case: Case) -> None:
    check_case(case)


def test_leech_capped_by_vp() -> None:
    """With 0 VP a faction can take only 1 power (VP + 1), for 0 VP.

    4pLeague_S64_D1L1_G2 as a command log, cut after the alchemists' 'Leech 2
    from cultists' (command-log line 49), with the alchemists' earlier
    'upgrade E5 to TP' (line 41) preceded by 'convert 20VP to 20C' (the
    alchemists sell VP one for one). Reference engine (run.pl on those lines):
    after line 41 the alchemists have VP 0, C 32, bowls 4/8/0; after the leech
    VP 0, bowls 3/9/0: 1 power, not 2.
    """
    lines = list(command_log("4pLeague_S64_D1L1_G2")[:49])
    assert lines[40] == "alchemists: upgrade E5 to TP"
    assert lines[48] == "alchemists: Leech 2 from cultists"
    lines[40] = "alchemists: convert 20VP to 20C. upgrade E5 to TP"
    result = replay_text("\n".join(lines))
    assert result.error is None
    alchemists = rows_of(result, "alchemists")
    assert alchemists[-2].values == (0, 32, 4, 1, 4, 8, 0, 1, 1, 0, 0)
    assert alchemists[-1].values == (0, 32, 4, 1, 3, 9, 0, 1, 1, 0, 0)


def test_without_errata_cultist_power() -> None:
    """Without errata-cultist-power, cultists gain nothing when every opponent declines.

    4pLeague_S64_D1L1_G6 as a command log without its 'option
    errata-cultist-power' line: the two '[all opponents declined power]' rows of
    the real game (1 power each) are gone and the cultists end with 134 VP
    instead of 135; the others' scores do not change (reference engine, run.pl
    on the changed log).
    """
    real = corpus_replay("4pLeague_S64_D1L1_G6")
    declined = "cultists: [all opponents declined power]"
    assert [str(r.actions[0]) for r in rows_of(real) if r.effect].count(declined) == 2
    lines = list(command_log("4pLeague_S64_D1L1_G6"))
    assert "option errata-cultist-power" in lines
    lines.remove("option errata-cultist-power")
    result = replay_text("\n".join(lines))
    assert result.error is None
    assert result.finished
    assert result.final_vp() == {
        "alchemists": 58,
        "cultists": 134,
        "engineers": 144,
        "nomads": 139,
    }
    effects = [str(r.actions[0]) for r in rows_of(result, "cultists") if r.effect]
    assert effects
    assert declined not in effects
