"""Illegal moves are named precisely: line, command, and the rule in plain words.

Each case takes a real game's command-log form (``tmlog convert`` of
``tests/data/snellman-ledger/4pLeague_<game>.txt``) or a constructed log of
``tests/data/constructed/``, keeps its first ``keep`` lines (``after`` is the
last line kept, so the cut point is visible here), and appends one or more
commands, the last of which breaks a rule. The same lines were given to the
reference engine (``perl /work/oracle/run.pl``); it rejects the same command
on the same line, with the message quoted in ``oracle``.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from tmlog.errors import IllegalMove, ReplayError
from tmlog.games.terra_mystica.parse import parse_log
from tmlog.games.terra_mystica.replay import replay

from .rulecheck import command_log, constructed_text, replay_text, rows_of


@dataclass(frozen=True)
class Illegal:
    name: str
    game: str
    """A corpus game (``S64_D1L1_G1``) or a constructed log (``alchemists.log``)."""
    keep: int
    after: str
    append: tuple[str, ...]
    line: int
    command: str
    """The offending command as tmlog names it (faction and that one command)."""
    words: tuple[str, ...]
    """Key words of tmlog's reason."""
    oracle: str
    """The reference engine's message for the same lines."""

    def lines(self) -> list[str]:
        if self.game.endswith(".log"):
            source = constructed_text(self.game).splitlines()
        else:
            source = list(command_log(f"4pLeague_{self.game}"))
        kept = source[: self.keep]
        assert kept[-1] == self.after
        return [*kept, *self.append]


G1 = "S64_D1L1_G1"
# In 4pLeague_S64_D1L1_G1 the first 35 lines are the options, setup, initial
# dwellings and bonus tiles; line 36 is the cultists' first move of round 1
# (bowls 5/7/0, 15 C, 3 W, 0 P; buildings D E6, D F5; the witches have D F4).
START = 35

CASES = [
    Illegal(
        "not enough coins",
        "S64_D1L1_G3",
        107,
        "cultists: advance ship",
        ("witches: upgrade E7 to TP",),
        108,
        "witches: upgrade E7 to TP",
        ("witches cannot afford upgrade E7 to TP", "needs 3 C, has 2"),
        "Not enough 'C' in witches",
    ),
    Illegal(
        "not enough coins for a dwelling",
        G1,
        96,
        "witches: pass BON2",
        ("chaosmagicians: build a6",),
        97,
        "chaosmagicians: build A6",
        ("cannot afford build A6", "needs 2 C, has 1"),
        "Not enough 'C' in chaosmagicians",
    ),
    Illegal(
        "not enough priests",
        G1,
        START,
        "cultists: Pass BON3",
        ("cultists: advance ship",),
        36,
        "cultists: advance ship",
        ("cannot afford advance ship", "needs 1 P, has 0"),
        "Not enough 'P' in cultists",
    ),
    Illegal(
        "no priest to send",
        G1,
        START,
        "cultists: Pass BON3",
        ("cultists: send p to FIRE",),
        36,
        "cultists: send p to FIRE",
        ("needs 1 P, has 0",),
        "Not enough 'P' in cultists",
    ),
    Illegal(
        "not enough power in bowl III",
        "giants_fakirs.log",
        13,
        "giants: action BON1. dig 1. build D3",
        ("fakirs: action ACT6. build D4",),
        14,
        "fakirs: action ACT6",
        ("fakirs cannot afford action ACT6", "needs 6 power in bowl III, has 0"),
        "Not enough 'P3' in fakirs",
    ),
    Illegal(
        "burning more than bowl II holds",
        G1,
        START,
        "cultists: Pass BON3",
        ("cultists: burn 4",),
        36,
        "cultists: burn 4",
        ("cannot burn 4", "needs 8 power tokens in bowl II, has 7"),
        "Not enough 'P2' in cultists",
    ),
    Illegal(
        "occupied hex",
        G1,
        START,
        "cultists: Pass BON3",
        ("cultists: build F4",),
        36,
        "cultists: build F4",
        ("F4 already has a building (D)",),
        "'F4' already contains a D",
    ),
    Illegal(
        "transform onto a building",
        G1,
        START,
        "cultists: Pass BON3",
        ("cultists: dig 1. transform F4 to brown",),
        36,
        "cultists: transform F4 to brown",
        ("F4 cannot be transformed", "it has a building"),
        "Can't transform F4 to brown, already contains a building",
    ),
    Illegal(
        "out of range",
        G1,
        START,
        "cultists: Pass BON3",
        ("cultists: build A1",),
        36,
        "cultists: build A1",
        ("cultists cannot reach A1",),
        "cultists can't reach A1",
    ),
    Illegal(
        "out of carpet range",
        "giants_fakirs.log",
        13,
        "giants: action BON1. dig 1. build D3",
        ("fakirs: dig 1. build I5",),
        14,
        "fakirs: build I5",
        ("fakirs cannot reach I5",),
        "fakirs can't reach I5",
    ),
    Illegal(
        "wrong player's turn",
        G1,
        START,
        "cultists: Pass BON3",
        ("darklings: upgrade G5 to TP",),
        36,
        "darklings: upgrade G5 to TP",
        ("it is the cultists' turn, not the darklings'",),
        "Command invalid when not active player",
    ),
    Illegal(
        "upgrade path skipped (D to TE)",
        G1,
        START,
        "cultists: Pass BON3",
        ("cultists: upgrade E6 to TE",),
        36,
        "cultists: upgrade E6 to TE",
        ("a TE can only replace a TP", "E6 holds a D", "upgrade path skipped"),
        "E6 contains D, wanted TP",
    ),
    Illegal(
        "upgrade path skipped (D to SH)",
        G1,
        START,
        "cultists: Pass BON3",
        ("cultists: upgrade E6 to SH",),
        36,
        "cultists: upgrade E6 to SH",
        ("a SH can only replace a TP", "upgrade path skipped"),
        "E6 contains D, wanted TP",
    ),
    Illegal(
        "leech without an offer",
        G1,
        START,
        "cultists: Pass BON3",
        ("witches: leech 1 from cultists",),
        36,
        "witches: leech 1 from cultists",
        ("witches have no offer of 1 power from cultists",),
        "invalid leech 1 from cultists",
    ),
    Illegal(
        "leech more than offered",
        G1,
        124,
        "cultists: action ACT4",
        ("witches: Leech 3 from chaosmagicians",),
        125,
        "witches: leech 3 from chaosmagicians",
        ("no offer of 3 power from chaosmagicians",),
        "invalid leech 3 from chaosmagicians",
    ),
    Illegal(
        "decline without an offer",
        G1,
        START,
        "cultists: Pass BON3",
        ("witches: decline 1 from cultists",),
        36,
        "witches: decline 1 from cultists",
        ("no offer of 1 power from cultists to decline",),
        "Invalid decline (1 from cultists)",
    ),
    Illegal(
        "strict-leech: offers answered out of order",
        G1,
        124,
        "cultists: action ACT4",
        ("witches: Leech 1 from darklings", "witches: Leech 2 from chaosmagicians"),
        126,
        "witches: leech 2 from chaosmagicians",
        ("'leech 2 from chaosmagicians' should happen before 'leech 1 from darklings'",),
        "'leech 2 from chaosmagicians' should happen before 'leech 1 from darklings'",
    ),
    Illegal(
        "town tile without a town",
        G1,
        START,
        "cultists: Pass BON3",
        ("cultists: upgrade E6 to TP. +TW1",),
        36,
        "cultists: +TW1",
        ("cultists have not founded a town", "cannot take TW1"),
        "Taking town tile not allowed",
    ),
    Illegal(
        "favor tile without a temple or sanctuary",
        G1,
        START,
        "cultists: Pass BON3",
        ("cultists: upgrade E6 to TP. +FAV11",),
        36,
        "cultists: +FAV11",
        ("may not take a favor tile now",),
        "Taking favor tile not allowed",
    ),
    Illegal(
        "favor tile twice",
        "S64_D1L1_G2",
        110,
        "cultists: Leech 2 from witches",
        ("cultists: upgrade E6 to SA. +FAV11",),
        111,
        "cultists: +FAV11",
        ("cultists cannot take a second FAV11",),
        "Can't take two copies of FAV11",
    ),
    Illegal(
        "favor tile all taken",
        G1,
        216,
        "chaosmagicians: Decline 7 from witches",
        ("cultists: upgrade B3 to TE. +FAV11",),
        217,
        "cultists: +FAV11",
        ("no FAV11 left",),
        "Not enough 'FAV11' in pool",
    ),
    Illegal(
        "passing without a bonus tile",
        G1,
        START,
        "cultists: Pass BON3",
        ("cultists: pass",),
        36,
        "cultists: pass",
        ("passing needs a bonus tile", "except in round 6"),
        "Must take a bonus tile when passing (except on last round)",
    ),
    Illegal(
        "second action in a turn",
        G1,
        START,
        "cultists: Pass BON3",
        ("cultists: upgrade E6 to TP. upgrade F5 to TP",),
        36,
        "cultists: upgrade F5 to TP",
        ("already used their action this turn", "'upgrade' is a second one"),
        "'upgrade' command not allowed (trying to take multiple actions in one turn?)",
    ),
    Illegal(
        "power action already taken this round",
        G1,
        44,
        "chaosmagicians: Leech 1 from witches",
        ("chaosmagicians: burn 4. action ACT5",),
        45,
        "chaosmagicians: action ACT5",
        ("action space ACT5 is already taken this round",),
        "Action space ACT5 is blocked",
    ),
    Illegal(
        "faction action before the stronghold",
        G1,
        41,
        "witches: Leech 1 from cultists",
        ("witches: action ACTW. build G3",),
        42,
        "witches: action ACTW",
        ("witches have no ACTW action",),
        "No ACTW space available",
    ),
    Illegal(
        "another faction's action",
        G1,
        START,
        "cultists: Pass BON3",
        ("cultists: action ACTW. build G3",),
        36,
        "cultists: action ACTW",
        ("cultists have no ACTW action",),
        "No ACTW space available",
    ),
    Illegal(
        "bridge without ACT1",
        G1,
        START,
        "cultists: Pass BON3",
        ("cultists: bridge E6:E7",),
        36,
        "cultists: bridge E6:E7",
        ("cultists have no bridge to place",),
        "Can't build bridge",
    ),
    Illegal(
        "cult step without a reason",
        G1,
        START,
        "cultists: Pass BON3",
        ("cultists: +FIRE",),
        36,
        "cultists: +FIRE",
        ("not entitled to gain 1 FIRE",),
        "Not allowed to gain 1 x FIRE",
    ),
    Illegal(
        "giants: one spade is not enough",
        "giants_fakirs.log",
        12,
        "giants: pass BON1",
        ("giants: action BON1. build D3",),
        13,
        "giants: build D3",
        ("giants cannot afford build D3", "needs 2 spades, has 1"),
        "Not enough 'SPADE' in giants",
    ),
    Illegal(
        "coins to VP at the wrong rate",
        "alchemists.log",
        13,
        "alchemists: convert 4C to 2VP. convert 1VP to 1C. upgrade E5 to TP",
        ("witches: convert 2C to 1VP. upgrade F4 to TP",),
        14,
        "witches: convert 2C to 1VP",
        ("converting to 1 VP takes 3 C, not 2",),
        "Conversion to 1 VP requires 3 C, not 2",
    ),
]


@pytest.mark.parametrize("case", [pytest.param(c, id=c.name) for c in CASES])
def test_illegal_move(case: Illegal) -> None:
    result = replay_text("\n".join(case.lines()), "broken.log")
    err = result.error
    assert isinstance(err, IllegalMove), err
    assert (err.line, err.command) == (case.line, case.command)
    for words in case.words:
        assert words in err.reason
    assert str(err) == f"broken.log:{case.line}: {case.command}: {err.reason}"


def test_out_of_order_leech_is_a_warning_without_strict_leech() -> None:
    """Without 'option strict-leech' the reference engine accepts the out-of-order
    leech and puts the same message on the row as a warning; the witches end with
    VP 23, bowls 3/3/0 (run.pl on the same lines)."""
    case = next(c for c in CASES if c.name.startswith("strict-leech"))
    lines = case.lines()
    lines.remove("option strict-leech")
    result = replay_text("\n".join(lines), "lenient.log")
    assert result.error is None
    last = rows_of(result, "witches")[-1]
    assert last.warning == case.oracle
    assert last.values[:7] == (23, 8, 3, 0, 3, 3, 0)


def _unknown_map_error() -> ReplayError:
    text = "map 0123456789abcdef0123456789abcdef01234567\n" + "\n".join(
        command_log(f"4pLeague_{G1}")[:START]
    )
    log = parse_log(text, source="map.log")
    try:
        result = replay(log)
    except ReplayError as raised:
        return raised
    assert result.error is not None
    return result.error


def test_unknown_map_id() -> None:
    """A map id tmlog has no terrain for is refused.

    The reference engine takes the terrain of a map from the site's database
    (evaluate_game's metadata), so it cannot be asked about an unknown id
    without one; run.pl without --map-terrain plays such a log on the original
    map. tmlog refuses it rather than guess.
    """
    err = _unknown_map_error()
    assert "unknown map id 0123456789abcdef0123456789abcdef01234567" in err.reason
    assert "does not know its terrain" in err.reason


def test_unknown_map_id_is_located() -> None:
    err = _unknown_map_error()
    assert (err.source, err.line) == ("map.log", 1)
    assert err.command.startswith("map 0123456789abcdef")
