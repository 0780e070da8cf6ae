"""Rules: the Fire & Ice factions' abilities and final scoring tiles, with reference figures.

Three sources of figures, none of them tmlog's own output:

* **Generated games** (``tests/data/fire-ice/``, see ``tests/test_fire_ice.py``):
  a case names a game, a line of its log and the command on that line. The
  row holding that line is found in tmlog's replay; ``expected.json`` holds
  the reference engine's values after every ledger row, in the same order, so
  the replayed values must equal the reference's row, and the row's change
  (``delta``) is the reference's row minus the reference's previous row of
  the same faction. The test states the rule as that change, written out by
  hand. Offers to neighbours (``offers``), hex colours, bridges and
  ``MAX_P``/``ALLOW_SHAPESHIFT`` were read from the reference engine's output
  for the same log (``perl /work/oracle/run.pl LOG --map-terrain <terrain of
  the log's map> [--max-line N] [--full]``; ``ledger[].leech``, ``raw.map``,
  ``raw.bridges``, ``raw.factions``) and are written in as literals.
* **Variants of a generated game**: the first ``keep`` lines of a game's log
  (the last one quoted as ``after``) and one or more appended commands, or
  the game with another ``final-scoring`` tile. The same lines were given to
  the reference engine; its figures are literals here.
* **Constructed logs** (``tests/data/constructed/fire_ice_*.log``) for what the
  generated games never show; the figures are the reference engine's for the
  same file. Some of them add resources with ``option loose-adjust-resource``
  (``+30C``) to reach a stronghold in a few lines; the rows checked never
  contain such an addition.

Values are in FIELDS order: VP C W P P1 P2 P3 FIRE WATER EARTH AIR.
"""

from __future__ import annotations

import functools
import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tmlog.errors import IllegalMove
from tmlog.games.terra_mystica.parse import parse_file
from tmlog.games.terra_mystica.replay import Replay, replay
from tmlog.games.terra_mystica.replay.ledger import Row

from .rulecheck import FIELDS, constructed, constructed_text, replay_text, row_at_line, rows_of

DATA = Path(__file__).parent / "data" / "fire-ice"
EXPECTED: dict[str, Any] = json.loads((DATA / "expected.json").read_text(encoding="utf-8"))
REFERENCE_ROWS = {g["log_file"]: g["rows"] for g in EXPECTED["games"]}

PREFIXES = {
    "side1": "fi-side1_",
    "side2": "fi-side2_",
    "fjords10": "fjords-1.0_",
    "fjords20": "fjords-2.0_",
    "fjords21": "fjords-2.1_",
    "loon13": "loon-lakes-1.3_",
    "loon15": "loon-lakes-1.5_",
    "loon16": "loon-lakes-1.6_",
    "orig2017": "original2017_",
    "orig": "original_",
}
GAMES = {
    short: next(name for name in sorted(REFERENCE_ROWS) if name.startswith(prefix))
    for short, prefix in PREFIXES.items()
}
"""Short names of the generated games, by the start of their file names: fi-side1_riverwalkers-
v2-icemaidens-dragonlords-cultists_connected-distance.log is side1 (and so on; shapeshifters
without a version are v1)."""


# ----------------------------------------------------------------- helpers


@functools.cache
def log_lines(game: str) -> tuple[str, ...]:
    return tuple((DATA / GAMES[game]).read_text(encoding="utf-8").splitlines())


@functools.cache
def generated(game: str) -> tuple[Replay, list[Row]]:
    result = replay(parse_file(str(DATA / GAMES[game])))
    assert result.error is None, result.error
    rows = rows_of(result)
    assert len(rows) == len(REFERENCE_ROWS[GAMES[game]])
    return result, rows


def delta_of(after: tuple[int, ...], before: tuple[int, ...]) -> dict[str, int]:
    return {n: a - b for n, a, b in zip(FIELDS, after, before, strict=True) if a != b}


@dataclass(frozen=True)
class Checked:
    """A row of a generated game whose replay equals the reference engine's row."""

    row: Row
    reference: tuple[int, ...]
    delta: dict[str, int]
    """The reference's change: its row minus its previous row of the same faction."""

    @property
    def offers(self) -> list[int]:
        return sorted(self.row.leech.values())


def reference_row(game: str, line: int, command: str) -> Checked:
    """The row holding ``line`` of a generated game, checked against ``expected.json``."""
    text = log_lines(game)[line - 1]
    assert text == command, f"{GAMES[game]}:{line} is {text!r}"
    _, rows = generated(game)
    reference = REFERENCE_ROWS[GAMES[game]]
    (index,) = [i for i, r in enumerate(rows) if line in r.lines][-1:]
    faction = reference[index][0]
    ours = rows[index]
    assert ours.faction == faction
    theirs = tuple(reference[index][1:])
    assert ours.values == theirs, f"{GAMES[game]}:{line}: {ours.values} is not {theirs}"
    previous = next(tuple(r[1:]) for r in reversed(reference[:index]) if r[0] == faction)
    assert ours.before == previous
    return Checked(ours, theirs, delta_of(theirs, previous))


def variant(game: str, keep: int, after: str, append: tuple[str, ...] = ()) -> list[str]:
    """The first ``keep`` lines of a generated game (the last is ``after``), then ``append``."""
    kept = list(log_lines(game)[:keep])
    assert kept[-1] == after
    return [*kept, *append]


@functools.cache
def state_at(game: str, lines: int) -> Replay:
    """tmlog's replay of the first ``lines`` lines of a generated game."""
    result = replay_text("\n".join(log_lines(game)[:lines]), f"{game}-{lines}.log")
    assert result.error is None, result.error
    return result


def effect_row_before(result: Replay, line: int) -> Row:
    """The engine's effect row written just before the row of ``line`` (a leech or decline)."""
    rows = rows_of(result)
    index = next(i for i, r in enumerate(rows) if line in r.lines)
    assert rows[index - 1].effect
    return rows[index - 1]


@dataclass(frozen=True)
class Case:
    """A generated game's row that shows a rule, and what the rule makes it change."""

    game: str
    line: int
    command: str
    delta: dict[str, int]
    rule: str
    offers: tuple[int, ...] | None = None
    warning: str | None = None

    def param(self) -> Any:
        return pytest.param(self, id=f"{self.game}:{self.line}")


def check(case: Case) -> Checked:
    row = reference_row(case.game, case.line, case.command)
    assert row.delta == case.delta, case.rule
    if case.offers is not None:
        assert row.offers == sorted(case.offers), case.rule
    if case.warning is not None:
        assert row.row.warning == case.warning, case.rule
    return row


def illegal(lines: list[str], line: int, command: str, words: str) -> None:
    result = replay_text("\n".join(lines), "broken.log")
    err = result.error
    assert isinstance(err, IllegalMove), err
    assert (err.line, err.command) == (line, command)
    assert words in err.reason, err.reason


# -------------------------------------------------------------- Ice Maidens

ICE_MAIDENS = [
    Case(
        "side1",
        26,
        "icemaidens: pick-color red",
        {},
        "the Ice Maidens pick a secondary colour (red) for free; the engine then waits for"
        " their starting favor tile",
        warning="favor not taken by icemaidens",
    ),
    Case(
        "side1",
        27,
        "icemaidens: +FAV11",
        {"EARTH": 1},
        "the Ice Maidens start with a favor tile: FAV11 (+1 earth); the reference puts the"
        " riverwalkers' pick-color (line 28) on the same row, changing nothing",
    ),
    Case(
        "orig",
        22,
        "icemaidens: +FAV3",
        {"P1": -1, "P2": 1, "EARTH": 3},
        "starting favor FAV3: earth 0 to 3 gains 1 power (the row also holds the free"
        " initial dwelling of line 23)",
    ),
    Case(
        "side1",
        42,
        "icemaidens: burn 3. convert 3PW to 1W. dig 2. build D4",
        {"VP": 2, "C": -2, "W": -6, "P1": 3, "P2": -6},
        "terraforming to ice counts spades from the secondary colour: green D4 is 2 steps"
        " from red, 2 spades at 3 W, the dwelling 1 W 2 C (burn 3, 3 PW to 1 W, FAV11 +2 VP)",
        offers=(1,),
    ),
    Case(
        "orig",
        61,
        "icemaidens: dig 1. build F2",
        {"VP": 2, "C": -2, "W": -4},
        "green F2 is 1 step from the secondary colour blue: 1 spade (3 W) and the dwelling;"
        " SCORE1 +2 VP for the spade",
    ),
    Case(
        "orig",
        138,
        "icemaidens: pass BON5",
        {"VP": 11, "C": 1},
        "with their stronghold the Ice Maidens score 3 VP a temple on passing (1 temple: I2);"
        " BON6 handed back scores 4 VP for the SA and 4 for the SH",
    ),
    Case(
        "orig",
        164,
        "icemaidens: pass",
        {"VP": 3},
        "the last pass: 3 VP for the one temple, nothing from the bonus tile",
    ),
]


@pytest.mark.parametrize("case", [c.param() for c in ICE_MAIDENS])
def test_ice_maidens(case: Case) -> None:
    check(case)


def test_ice_maidens_dwellings_stand_on_ice() -> None:
    # The reference engine's map after the setup (run.pl --max-line 41 --full):
    # the first dwellings on red F2 and E7 stand on ice; after line 42 green D4 too.
    result = state_at("side1", 41)
    assert result._game.factions["icemaidens"].secondary_color == "red"
    assert result._game.board.hexes["F2"].terrain == "red"
    assert (result._game.hexes["F2"].color, result._game.hexes["E7"].color) == ("ice", "ice")
    assert result._game.hexes["D4"].color == "green"
    assert state_at("side1", 42)._game.hexes["D4"].color == "ice"


def test_ice_maidens_stronghold_pass_vp_grows_with_temples() -> None:
    # tests/data/constructed/fire_ice_icemaidens.log: stronghold E4 (line 25), temples
    # D5 and E5 (lines 26-27), then C3 (line 31). BON3 and BON4 score nothing on passing.
    result = constructed("fire_ice_icemaidens.log")
    assert result.error is None
    # line 29: two temples: 6 VP (+1 C lying on BON4): 29 40 22 -> 35 41 22.
    assert row_at_line(result, 29).values == (35, 41, 22, 0, 4, 8, 0, 3, 4, 1, 1)
    # line 32: three temples: 9 VP (+2 C on BON5): 39 38 -> 48 40.
    assert row_at_line(result, 32).values == (48, 40, 21, 2, 0, 7, 5, 3, 4, 4, 1)


# -------------------------------------------------------------------- Yetis

YETIS = [
    Case("side2", 27, "yetis: pick-color yellow", {}, "the Yetis pick a secondary colour"),
    Case(
        "side2",
        41,
        "yetis: action ACT5. build F5",
        {"VP": 2, "C": -2, "W": -1, "P1": 3, "P3": -3},
        "power actions cost the Yetis 1 power less: ACT5 (a spade) 3 instead of 4",
    ),
    Case(
        "side2",
        57,
        "yetis: burn 5. action ACT6. build G5",
        {"VP": 2, "C": -2, "W": -1, "P1": 5, "P2": -10},
        "ACT6 (2 spades) costs 5: burn 5 (10 tokens out of bowl II, 5 into III), spend 5",
    ),
    Case(
        "side2",
        110,
        "yetis: action ACT2",
        {"P": 1, "P1": 2, "P3": -2},
        "ACT2 (a priest) costs 2",
    ),
    Case(
        "side2",
        193,
        "yetis: action ACT3",
        {"W": 2, "P1": 3, "P3": -3},
        "ACT3 (2 W) costs 3",
    ),
    Case(
        "side2",
        155,
        "yetis: action ACT4",
        {"C": 7, "P1": 3, "P3": -3},
        "ACT4 (7 C) costs 3",
    ),
    Case(
        "fjords21",
        81,
        "yetis: action ACT1. bridge E3:F3",
        {"P1": 2, "P3": -2},
        "ACT1 (a bridge) costs 2",
    ),
    Case(
        "fjords21",
        86,
        "darklings: upgrade H4 to TP",
        {"C": -3, "W": -2},
        "the Yetis' stronghold has strength 4: H4's only Yetis neighbour is the SH G4, and"
        " the offer is 4",
        offers=(4,),
    ),
    Case(
        "fjords21",
        87,
        "yetis: leech 4 from darklings",
        {"VP": -3, "P1": -4, "P2": 4},
        "... and taking 4 power costs 3 VP",
    ),
    Case(
        "fjords21",
        99,
        "darklings: convert 1PW to 1C. upgrade H4 to SA. +FAV7. +TW5",
        {
            "VP": 13,
            "C": -9,
            "W": -4,
            "P1": -2,
            "P2": 3,
            "P3": -1,
            "FIRE": 1,
            "WATER": 1,
            "EARTH": 3,
            "AIR": 1,
        },
        "again 4 offered to the Yetis for their stronghold next to H4",
        offers=(4,),
    ),
    Case(
        "fjords21",
        75,
        "yetis: action ACT6. dig 1. build F4. +TW8",
        {"VP": 17, "C": -2, "W": -4, "P1": 5, "P3": -5},
        "the stronghold counts 4 towards a town: G4 SH + F3, G3, F4 dwellings = 7 makes a"
        " town (TW8, 11 VP); ACT6 for 5 power, 3 spades at 2 VP (SCORE1)",
        offers=(3, 3),
    ),
    Case(
        "fjords21",
        107,
        "yetis: action ACT5. dig 1. build H3",
        {"C": -2, "W": -4, "P1": 3, "P3": -3},
        "with their stronghold the Yetis may take a power action already taken this round:"
        " ACT5 here (round 4) ...",
        offers=(4,),
    ),
    Case(
        "fjords21",
        114,
        "yetis: convert 1PW to 1C. action ACT5. build F5",
        {"C": -1, "W": -1, "P1": 4, "P3": -4},
        "... and ACT5 again in the same round, still for 3 power",
        offers=(2, 4),
    ),
]


@pytest.mark.parametrize("case", [c.param() for c in YETIS])
def test_yetis(case: Case) -> None:
    check(case)


def test_yetis_stronghold_facts() -> None:
    # The reference's yetis after their stronghold (fjords21, run.pl --max-line 61 --full):
    # allow_reuse ACT1..ACT6, discount 1 PW on each; building_strength SH 4, SA 4 is in
    # their faction (src/Game/Factions/Yetis.pm; evaluate_game drops it from its output).
    # Both ACT5 rows are in round 4; H4's neighbours hold only the yetis' G4.
    result, _ = generated("fjords21")
    yetis = result._game.factions["yetis"]
    assert yetis.building_strength == {"SH": 4, "SA": 4}
    assert set(yetis.allow_reuse) == {f"ACT{i}" for i in range(1, 7)}
    assert reference_row("fjords21", 107, "yetis: action ACT5. dig 1. build H3").row.round == 4
    later = reference_row("fjords21", 114, "yetis: convert 1PW to 1C. action ACT5. build F5")
    assert later.row.round == 4
    assert sorted(result._game.board.adjacent["H4"]) == ["G4", "G5", "H3", "H5", "I3", "I4"]
    town = {h: state_at("fjords21", 75)._game.hexes[h] for h in ("F3", "G3", "G4", "F4")}
    assert {h: s.building for h, s in town.items()} == {"F3": "D", "G3": "D", "G4": "SH", "F4": "D"}
    assert len({s.town for s in town.values()}) == 1


def test_yetis_sanctuary_has_strength_four() -> None:
    # side2, first 120 lines, then the halflings upgrade A8 (next to the yetis' SA A9 and
    # TP B4) to a temple (run.pl on the same lines): the yetis are offered 4 + 2 = 6.
    upgrade = ("halflings: upgrade A8 to TE. +FAV9",)
    lines = variant("side2", 120, "halflings: leech 2 from yetis", upgrade)
    result = replay_text("\n".join(lines), "sanctuary.log")
    assert result.error is None
    row = row_at_line(result, 121)
    assert row.values == (25, 12, 2, 0, 0, 2, 5, 1, 0, 2, 4)
    assert sorted(row.leech.values()) == [6]
    yetis = result._game.factions["yetis"]
    next_to_a8 = {h: result._game.hexes[h].building for h in yetis.locations}
    assert {h: b for h, b in next_to_a8.items() if h in {"A7", "A9", "B4"}} == {
        "A9": "SA",
        "B4": "TP",
    }


def test_yetis_dwellings_stand_on_ice() -> None:
    # run.pl --max-line 40 --full on side2: G4 and B4 (yellow) are ice.
    result = state_at("side2", 40)
    assert result._game.factions["yetis"].secondary_color == "yellow"
    assert (result._game.hexes["G4"].color, result._game.hexes["B4"].color) == ("ice", "ice")


# ----------------------------------------------------------------- Acolytes

ACOLYTES = [
    Case("side2", 28, "acolytes: pick-color gray", {}, "the Acolytes pick a secondary colour"),
    Case(
        "side2",
        44,
        "acolytes: dig 1. build E7. -3FIRE",
        {"VP": 2, "C": -2, "W": -1, "FIRE": -3},
        "the Acolytes' dig makes a volcano (VOLCANO_TF) for no workers: green E7 is nobody's"
        " home, so they pay 3 steps on one cult track (fire 3 to 0); then the dwelling",
    ),
    Case(
        "side2",
        63,
        "acolytes: dig 1. build C3. -3AIR",
        {"VP": 2, "C": -2, "W": -1, "AIR": -3},
        "3 steps again, on air",
        offers=(2,),
    ),
    Case(
        "side2",
        138,
        "acolytes: dig 1. build E6. -4EARTH",
        {"VP": 4, "C": -2, "W": -1, "EARTH": -4},
        "brown E6 is the halflings' home: 4 steps",
    ),
    Case(
        "side2",
        191,
        "acolytes: convert 2PW to 2C. dig 1. build F3. -4EARTH",
        {"VP": 2, "W": -1, "P1": 2, "P3": -2, "EARTH": -4},
        "black F3 is the shapeshifters' colour, a home terrain too: 4 steps",
    ),
    Case(
        "fjords20",
        84,
        "acolytes: dig 1. build B6. -4AIR",
        {"C": -2, "W": -1, "AIR": -4},
        "brown B6, the halflings' home: 4 steps",
        offers=(2,),
    ),
    Case(
        "fjords20",
        62,
        "acolytes: upgrade A1 to SH",
        {"C": -8, "W": -4},
        "the Acolytes' stronghold costs 4 W 8 C",
        offers=(2,),
    ),
    Case(
        "fjords20",
        156,
        "acolytes: send p to WATER",
        {"P": -1, "P2": -3, "P3": 3, "WATER": 3},
        "with the stronghold each priest sent gives 1 step more: the last free spot (2"
        " steps) gives 3; water 2 to 5 gains 3 power",
    ),
    Case(
        "fjords20",
        170,
        "acolytes: send p to FIRE",
        {"P": -1, "P1": -1, "P2": 1, "FIRE": 3},
        "the same on fire (1 to 4), the last 2-step spot",
    ),
]


@pytest.mark.parametrize("case", [c.param() for c in ACOLYTES])
def test_acolytes(case: Case) -> None:
    check(case)


def test_acolytes_hexes_become_volcano() -> None:
    # run.pl --max-line 40/44/138 --full on side2: F4 and C2 (gray) are volcano after
    # the setup; E7 (green) after line 44, E6 (brown) after line 138.
    setup = state_at("side2", 40)._game
    assert setup.factions["acolytes"].secondary_color == "gray"
    assert (setup.hexes["F4"].color, setup.hexes["C2"].color) == ("volcano", "volcano")
    assert setup.hexes["E7"].color == "green"
    assert state_at("side2", 44)._game.hexes["E7"].color == "volcano"
    assert state_at("side2", 137)._game.hexes["E6"].color == "brown"
    assert state_at("side2", 138)._game.hexes["E6"].color == "volcano"


def test_acolytes_spades_become_cult_steps() -> None:
    # tests/data/constructed/fire_ice_acolytes.log (acolytes and witches, SCORE6 in round 1).
    result = constructed("fire_ice_acolytes.log")
    assert result.error is None
    # Round 1 scoring: water 4 (line 17, BON2) earns a spade (SCORE6); the acolytes take
    # it as a cult step at the start of round 2: line 20 '+AIR', air 3 -> 4.
    assert row_at_line(result, 20).values == (20, 20, 5, 0, 0, 6, 6, 3, 4, 3, 4)
    # line 22: ACT6's 2 spades are 2 steps (fire 3 -> 5, gaining 2 power): 6 PW paid,
    # bowls 0/6/6 -> 4/8/0.
    assert row_at_line(result, 22).values == (20, 22, 7, 0, 4, 8, 0, 5, 4, 3, 4)
    # line 23: BON1's spade is a step: earth 3 -> 4.
    assert row_at_line(result, 23).values == (20, 22, 7, 0, 4, 8, 0, 5, 4, 4, 4)


def test_acolytes_stronghold_adds_a_step_to_each_priest() -> None:
    result = constructed("fire_ice_acolytes.log")
    # line 26 (before the stronghold): a priest on water's 3-step spot: water 4 -> 7.
    assert row_at_line(result, 26).values[7:] == (5, 7, 4, 4)
    # line 29: the stronghold (4 W 8 C): 54 17 -> 46 13, +5 VP (SCORE7).
    assert row_at_line(result, 29).values == (25, 46, 13, 1, 0, 12, 0, 5, 7, 4, 4)
    # line 31: a priest on air's 3-step spot gives 4: air 4 -> 8 (4 power).
    assert row_at_line(result, 31).values == (25, 46, 13, 0, 0, 8, 4, 5, 7, 4, 8)


# -------------------------------------------------------------- Dragonlords

DRAGONLORDS = [
    Case("side1", 29, "dragonlords: pick-color black", {}, "the Dragonlords pick a colour"),
    Case(
        "side1",
        50,
        "dragonlords: dig 1. build H3",
        {"C": -2, "W": -1, "P1": -1},
        "a volcano costs the Dragonlords 1 power token (from bowl I): gray H3 is nobody's home",
    ),
    Case(
        "side1",
        46,
        "dragonlords: dig 1. build I4",
        {"C": -2, "W": -1, "P1": -2},
        "brown I4 is the cultists' home: 2 tokens",
    ),
    Case(
        "side1",
        56,
        "dragonlords: dig 1. build J4",
        {"C": -2, "W": -1, "P2": -1},
        "yellow J4 is the riverwalkers' colour, not a home terrain (they unlock terrains):"
        " 1 token, taken from bowl II when bowl I is empty",
    ),
    Case(
        "side1",
        87,
        "dragonlords: convert 1PW to 1C. dig 1. build H5",
        {"C": -1, "W": -1, "P3": -1},
        "1 PW to 1 C moves a token from bowl III to I, and the volcano takes it from bowl I",
    ),
    Case(
        "loon15",
        59,
        "dragonlords: dig 1. build D8",
        {"C": -2, "W": -1, "P2": -2},
        "yellow D8 is the shapeshifters' colour (home): 2 tokens from bowl II",
    ),
    Case(
        "side1",
        69,
        "dragonlords: convert 1PW to 1C. upgrade I4 to SH. +TW5",
        {
            "VP": 8,
            "C": -7,
            "W": -4,
            "P1": 4,
            "P2": 1,
            "P3": -1,
            "FIRE": 1,
            "WATER": 1,
            "EARTH": 1,
            "AIR": 1,
        },
        "the Dragonlords' stronghold (4 W 8 C) puts one token per player (4) into bowl I;"
        " TW5: a step on each cult, fire 2 to 3 gains 1 power; 1 PW to 1 C",
    ),
]


@pytest.mark.parametrize("case", [c.param() for c in DRAGONLORDS])
def test_dragonlords(case: Case) -> None:
    check(case)


def test_dragonlords_hexes_become_volcano() -> None:
    # run.pl --max-line 41/57 --full on side1.
    assert state_at("side1", 41)._game.hexes["C8"].color == "volcano"
    game = state_at("side1", 57)._game
    assert [game.hexes[h].color for h in ("I4", "H3", "J3", "J4")] == ["volcano"] * 4


def test_dragonlords_spades_become_tokens_and_stronghold() -> None:
    # tests/data/constructed/fire_ice_dragonlords.log (3 players).
    result = constructed("fire_ice_dragonlords.log")
    assert result.error is None
    # line 22: BON1's spade is a new token in bowl I: 4/4/0 -> 5/4/0.
    assert row_at_line(result, 22).values == (20, 17, 5, 0, 5, 4, 0, 2, 0, 0, 0)
    # line 28: ACT6: 6 power spent (bowl III to I) and its 2 spades are 2 tokens: 0/2/7 -> 8/2/1.
    assert row_at_line(result, 28).values == (20, 42, 17, 0, 8, 2, 1, 2, 0, 0, 0)
    # line 32: the stronghold (4 W 8 C: 39 15 -> 31 11) adds 3 tokens (3 players): 8 -> 11.
    row = row_at_line(result, 32)
    assert row.values == (20, 31, 11, 0, 11, 2, 1, 2, 0, 0, 0)
    assert sorted(row.leech.values()) == [1, 1]


# ------------------------------------------------------------ Shapeshifters

SHAPESHIFTERS = [
    Case(
        "side2",
        47,
        "shapeshifters: gain P3 for VP",
        {"VP": -1, "P3": 1},
        "v2: when an opponent takes their power, the Shapeshifters may buy a bowl-III token"
        " for 1 VP",
    ),
    Case(
        "loon15",
        55,
        "shapeshifters: gain P3 for VP",
        {"VP": -1, "P3": 1},
        "v3: the same",
    ),
    Case(
        "fjords10",
        51,
        "shapeshifters: gain P3 for VP",
        {"VP": -1, "P3": 1},
        "v4: the same",
    ),
    Case(
        "fjords21",
        52,
        "shapeshifters: gain P3 for VP",
        {"VP": -1, "P3": 1},
        "v5: the same",
    ),
    Case(
        "orig",
        125,
        "shapeshifters: action ACTH2. pick-color gray",
        {"VP": 2, "P2": -3},
        "v1 after the stronghold: ACTH2 changes colour for 3 power tokens (bowl I empty, so"
        " from bowl II) and scores 2 VP",
    ),
    Case(
        "orig",
        158,
        "shapeshifters: action ACTH2. pick-color green",
        {"VP": 2, "P1": -3},
        "v1: again, tokens from bowl I",
    ),
    Case(
        "loon15",
        91,
        "shapeshifters: action ACTH2. pick-color gray",
        {"VP": 2, "P1": -3},
        "v3: ACTH2 as in v1",
    ),
    Case(
        "fjords10",
        114,
        "shapeshifters: action ACTH4. pick-color yellow",
        {"P2": -4},
        "v4: ACTH4 costs 4 tokens and scores nothing",
    ),
    Case(
        "fjords21",
        69,
        "shapeshifters: action ACTH6. pick-color red",
        {"P1": -5},
        "v5: ACTH6 costs 5 tokens",
    ),
]


@pytest.mark.parametrize("case", [c.param() for c in SHAPESHIFTERS])
def test_shapeshifters(case: Case) -> None:
    check(case)


def test_shapeshifters_v2_accepted_offer_effect_row() -> None:
    # side2 line 45: the offer of 1 to the acolytes, taken on line 46; the reference's
    # '[opponent accepted power]' row changes nothing, line 47 buys the token.
    result, _ = generated("side2")
    effect = effect_row_before(result, 46)
    assert str(effect.actions[0]) == "shapeshifters: [opponent accepted power]"
    assert effect.values == (22, 13, 2, 0, 1, 7, 0, 1, 1, 0, 0) == effect.before


def test_shapeshifters_v1_power_effects() -> None:
    # tests/data/constructed/fire_ice_shapeshifters_v1.log (errata-cultist-power).
    result = constructed("fire_ice_shapeshifters_v1.log")
    assert result.error is None
    # line 18 offers the ice maidens 1; they take it (line 19): the first Shapeshifters
    # get a new token in bowl III at once: 4/4/0 -> 4/4/1.
    accepted = effect_row_before(result, 19)
    assert str(accepted.actions[0]) == "shapeshifters: [opponent accepted power]"
    assert accepted.values == (20, 12, 6, 0, 4, 4, 1, 1, 1, 0, 0)
    # line 21 offers 1 again; declined (line 22): 1 power, bowl I to II: 4/4 -> 3/5.
    declined = effect_row_before(result, 22)
    assert str(declined.actions[0]) == "shapeshifters: [all opponents declined power]"
    assert declined.values == (20, 7, 4, 0, 3, 5, 1, 1, 2, 0, 0)


def test_shapeshifters_v2_declined_offer_gives_power() -> None:
    # side2, first 45 lines, then the acolytes decline the offer of line 45 (run.pl on the
    # same lines): '[all opponents declined power]' gives 1 power: 1/7/0 -> 0/8/0.
    declines = ("acolytes: decline 1 from shapeshifters",)
    lines = variant("side2", 45, "shapeshifters: dig 1. build D5", declines)
    result = replay_text("\n".join(lines), "decline.log")
    assert result.error is None
    declined = effect_row_before(result, 46)
    assert str(declined.actions[0]) == "shapeshifters: [all opponents declined power]"
    assert declined.values == (22, 13, 2, 0, 0, 8, 0, 1, 1, 0, 0)


def test_shapeshifters_declined_power_with_no_token_to_move() -> None:
    # loon15 line 150 (auren decline 2): the effect row changes nothing, the
    # shapeshifters' bowls are 0/0/2.
    result, _ = generated("loon15")
    declined = effect_row_before(result, 150)
    assert str(declined.actions[0]) == "shapeshifters: [all opponents declined power]"
    assert declined.values == declined.before == (45, 1, 6, 1, 0, 0, 2, 9, 5, 2, 2)


@pytest.mark.parametrize(
    ("game", "keep", "after", "command", "values", "rule"),
    [
        (
            "orig",
            124,
            "giants: send p to FIRE",
            "shapeshifters: burn 3. action ACTH1. pick-color gray",
            (45, 0, 1, 0, 3, 2, 0, 2, 5, 1, 3),
            "v1 ACTH1: 3 power from bowl III and 2 VP (after burning 3)",
        ),
        (
            "fjords10",
            113,
            "cultists: pass BON5",
            "shapeshifters: burn 1. action ACTH3. pick-color yellow",
            (30, 5, 0, 0, 4, 3, 0, 7, 4, 1, 1),
            "v4 ACTH3: 4 power, no VP (after burning 1)",
        ),
        (
            "fjords21",
            144,
            "darklings: leech 4 from yetis",
            "shapeshifters: action ACTH5. pick-color gray",
            (28, 0, 3, 0, 5, 2, 0, 2, 10, 4, 1),
            "v5 ACTH5: 5 power, no VP",
        ),
    ],
)
def test_shapeshifters_colour_change_for_power(
    game: str, keep: int, after: str, command: str, values: tuple[int, ...], rule: str
) -> None:
    result = replay_text("\n".join(variant(game, keep, after, (command,))), "acth.log")
    assert result.error is None
    assert row_at_line(result, keep + 1).values == values, rule
    assert result._game.factions["shapeshifters"].color == command.rsplit(" ", 1)[1]


@pytest.mark.parametrize(
    ("game", "lines", "allowed"),
    [
        ("orig", 31, 100),  # v1: from the start
        ("orig", 125, 99),  # v1: one used
        ("side2", 40, 0),  # v2: none before the stronghold
        ("loon15", 74, 0),  # v3: none before the stronghold ...
        ("loon15", 75, 4),  # ... OPPONENT_COUNT (5 players) with it (line 75)
        ("loon15", 115, 1),  # ... three used (lines 91, 99, 115)
        ("fjords10", 40, 10000),  # v4
        ("fjords21", 40, 10000),  # v5
    ],
)
def test_shapeshifters_allow_shapeshift(game: str, lines: int, allowed: int) -> None:
    # raw.factions.shapeshifters.ALLOW_SHAPESHIFT of run.pl --max-line N --full.
    assert state_at(game, lines)._game.factions["shapeshifters"].get("ALLOW_SHAPESHIFT") == allowed


def test_shapeshifters_colour_change_recolours_their_pieces() -> None:
    # orig line 125 (ACTH2, black to gray); run.pl --max-line 124/125 --full: every
    # shapeshifter building, the bridge B2:C1 and the priest on AIR3 turn gray.
    buildings = {"B2": "D", "B3": "D", "F5": "TE", "F7": "D", "G5": "D", "G6": "SH", "H7": "D"}
    for lines, color in ((124, "black"), (125, "gray")):
        game = state_at("orig", lines)._game
        assert game.factions["shapeshifters"].color == color
        assert {h: game.hexes[h].building for h in buildings} == buildings
        assert {game.hexes[h].color for h in buildings} == {color}
        assert next(b for b in game.bridges if {b[0], b[1]} == {"B2", "C1"})[2] == color
        assert game.cult_slots["AIR"][2] == color


# ------------------------------------------------------------- Riverwalkers

RIVERWALKERS = [
    Case("loon16", 20, "riverwalkers: pick-color blue", {}, "v4 Riverwalkers pick a colour"),
    Case(
        "side1",
        116,
        "riverwalkers: build B6",
        {"VP": 4, "C": -2, "W": -1},
        "the Riverwalkers reach a hex only across a river (B6, across from D5)",
    ),
    Case(
        "side1",
        75,
        "riverwalkers: unlock-terrain brown",
        {},
        "v1: the priest of the income (their temple) unlocks a terrain instead, for free",
    ),
    Case(
        "loon16",
        66,
        "riverwalkers: unlock-terrain black",
        {"C": -2},
        "v4: unlocking a terrain that is nobody's home costs 2 C",
    ),
    Case(
        "fjords20",
        104,
        "riverwalkers: unlock-terrain black",
        {"C": -1},
        "v5: nobody's home: 1 C",
    ),
    Case(
        "fjords20",
        151,
        "riverwalkers: unlock-terrain red",
        {"C": -2},
        "v5: red, the giants' home: 2 C",
    ),
    Case(
        "loon13",
        129,
        "riverwalkers: unlock-terrain gain-priest. unlock-terrain gain-priest",
        {"P": 2},
        "'gain-priest' takes the priest itself and stays available: twice, 2 priests",
    ),
    Case(
        "fjords20",
        131,
        "riverwalkers: unlock-terrain gain-priest. unlock-terrain gain-priest",
        {"P": 1},
        "... but only up to MAX_P: 1 (one priest already on a cult track), so 1 priest",
    ),
    Case(
        "fjords20",
        54,
        "riverwalkers: upgrade I7 to SH. bridge C8:B6. bridge G8:I7",
        {"VP": 5, "C": -6, "W": -4},
        "the Riverwalkers' stronghold (4 W 6 C) comes with 2 bridges, placed at once, free",
    ),
    Case(
        "orig2017",
        47,
        "riverwalkers: upgrade D2 to SH. -BRIDGE. -BRIDGE",
        {"VP": 5, "C": -6, "W": -4},
        "... or given up (-BRIDGE)",
    ),
]


@pytest.mark.parametrize("case", [c.param() for c in RIVERWALKERS])
def test_riverwalkers(case: Case) -> None:
    check(case)


@pytest.mark.parametrize(
    ("game", "lines", "max_p", "unlocked"),
    [
        ("side1", 74, 1, {"yellow"}),
        ("side1", 75, 2, {"yellow", "brown"}),  # a terrain unlocked: MAX_P + 1
        ("fjords20", 130, 1, {"yellow", "gain-priest", "black"}),
        ("fjords20", 131, 1, {"yellow", "gain-priest", "black"}),  # gain-priest: no MAX_P
        ("loon13", 128, 2, {"red", "gain-priest", "black", "gray"}),
    ],
)
def test_riverwalkers_unlocks_and_max_p(
    game: str, lines: int, max_p: int, unlocked: set[str]
) -> None:
    # raw.factions.riverwalkers.MAX_P / unlocked_terrain of run.pl --max-line N --full.
    riverwalkers = state_at(game, lines)._game.factions["riverwalkers"]
    assert riverwalkers.get("MAX_P") == max_p
    assert {str(getattr(t, "value", t)) for t in riverwalkers.unlocked_terrain} == unlocked


def test_riverwalkers_v4_unlocking_a_home_terrain() -> None:
    # loon16, first 109 lines, then green (the witches' home) instead of brown (run.pl on
    # the same lines): 3 C; MAX_P 1 -> 2.
    lines = variant("loon16", 109, "witches: pass BON3", ("riverwalkers: unlock-terrain green",))
    result = replay_text("\n".join(lines), "unlock.log")
    assert result.error is None
    assert row_at_line(result, 110).values == (19, 4, 2, 0, 0, 5, 2, 4, 0, 1, 1)
    assert result._game.factions["riverwalkers"].get("MAX_P") == 2


def test_riverwalkers_stronghold_bridges() -> None:
    # run.pl --max-line 53/54 --full on fjords20: raw.bridges gains C8:B6 and G8:I7 (yellow).
    before = {(a, b) for a, b, _ in state_at("fjords20", 53)._game.bridges}
    after = state_at("fjords20", 54)._game.bridges
    assert {(a, b, c) for a, b, c in after if (a, b) not in before} == {
        ("C8", "B6", "yellow"),
        ("G8", "I7", "yellow"),
    }
    assert state_at("orig2017", 47)._game.bridges == []


# ------------------------------------------------------------ final scoring

TILES = ("connected-distance", "connected-sa-sh-distance", "building-on-edge", "connected-clusters")

# For each generated game played with each Fire & Ice tile (its 'final-scoring' line
# replaced; nothing else depends on it): per faction (the tile's measure, VP for it), in the
# order of the names.
# Reference: raw.factions.<f>.<tile> and vp_source.<tile> of run.pl --full on the same text.
FINAL_TILES: dict[str, tuple[tuple[str, ...], dict[str, tuple[tuple[int, int], ...]]]] = {
    "side1": (
        ("cultists", "dragonlords", "icemaidens", "riverwalkers"),
        {
            "connected-distance": ((4, 9), (3, 0), (4, 9), (6, 18)),
            "connected-sa-sh-distance": ((0, 0), (0, 0), (0, 0), (0, 0)),
            "building-on-edge": ((3, 15), (2, 6), (1, 0), (3, 15)),
            "connected-clusters": ((2, 9), (1, 0), (2, 9), (3, 18)),
        },
    ),
    "side2": (
        ("acolytes", "halflings", "shapeshifters", "yetis"),
        {
            "connected-distance": ((5, 15), (5, 15), (2, 3), (2, 3)),
            "connected-sa-sh-distance": ((0, 0), (0, 0), (0, 0), (0, 0)),
            "building-on-edge": ((0, 0), (4, 18), (1, 9), (1, 9)),
            "connected-clusters": ((1, 6), (2, 18), (1, 6), (1, 6)),
        },
    ),
    "fjords10": (
        ("cultists", "engineers", "icemaidens", "shapeshifters"),
        {
            "connected-distance": ((5, 15), (2, 3), (2, 3), (5, 15)),
            "connected-sa-sh-distance": ((0, 0), (0, 0), (0, 0), (0, 0)),
            "building-on-edge": ((2, 15), (2, 15), (0, 0), (0, 0)),
            "connected-clusters": ((2, 15), (2, 15), (1, 3), (1, 3)),
        },
    ),
    "fjords20": (
        ("acolytes", "giants", "halflings", "riverwalkers"),
        {
            "connected-distance": ((2, 0), (4, 12), (8, 18), (3, 6)),
            "connected-sa-sh-distance": ((1, 18), (0, 0), (0, 0), (0, 0)),
            "building-on-edge": ((4, 12), (6, 18), (3, 6), (2, 0)),
            "connected-clusters": ((1, 6), (1, 6), (2, 18), (1, 6)),
        },
    ),
    "fjords21": (
        ("darklings", "nomads", "shapeshifters", "yetis"),
        {
            "connected-distance": ((3, 3), (3, 3), (6, 18), (4, 12)),
            "connected-sa-sh-distance": ((1, 15), (0, 0), (1, 15), (0, 0)),
            "building-on-edge": ((2, 9), (3, 18), (2, 9), (1, 0)),
            "connected-clusters": ((1, 6), (1, 6), (2, 18), (1, 6)),
        },
    ),
    "loon13": (
        ("alchemists", "dwarves", "nomads", "riverwalkers"),
        {
            "connected-distance": ((2, 3), (2, 3), (3, 12), (4, 18)),
            "connected-sa-sh-distance": ((0, 0), (0, 0), (0, 0), (2, 18)),
            "building-on-edge": ((3, 12), (1, 6), (4, 18), (0, 0)),
            "connected-clusters": ((1, 6), (1, 6), (1, 6), (2, 18)),
        },
    ),
    "loon15": (
        ("auren", "chaosmagicians", "dragonlords", "shapeshifters", "swarmlings"),
        {
            "connected-distance": ((3, 3), (2, 0), (3, 3), (5, 18), (4, 12)),
            "connected-sa-sh-distance": ((0, 0), (1, 15), (0, 0), (1, 15), (0, 0)),
            "building-on-edge": ((2, 2), (3, 12), (4, 18), (2, 2), (2, 2)),
            "connected-clusters": ((1, 4), (1, 4), (1, 4), (1, 4), (2, 18)),
        },
    ),
    "loon16": (
        ("fakirs", "riverwalkers", "witches"),
        {
            "connected-distance": ((5, 18), (3, 12), (2, 6)),
            "connected-sa-sh-distance": ((0, 0), (0, 0), (0, 0)),
            "building-on-edge": ((1, 12), (0, 0), (3, 18)),
            "connected-clusters": ((1, 9), (2, 18), (1, 9)),
        },
    ),
    "orig2017": (
        ("acolytes", "engineers", "riverwalkers", "witches"),
        {
            "connected-distance": ((6, 18), (4, 3), (4, 3), (5, 12)),
            "connected-sa-sh-distance": ((0, 0), (0, 0), (0, 0), (0, 0)),
            "building-on-edge": ((1, 3), (4, 18), (3, 12), (1, 3)),
            "connected-clusters": ((1, 9), (1, 9), (1, 9), (1, 9)),
        },
    ),
    "orig": (
        ("fakirs", "giants", "icemaidens", "shapeshifters"),
        {
            "connected-distance": ((4, 15), (3, 6), (4, 15), (2, 0)),
            "connected-sa-sh-distance": ((0, 0), (1, 12), (2, 18), (0, 0)),
            "building-on-edge": ((3, 12), (3, 12), (3, 12), (1, 0)),
            "connected-clusters": ((2, 12), (1, 3), (3, 18), (1, 3)),
        },
    ),
}


def with_tile(game: str, tile: str) -> Replay:
    text = "\n".join(log_lines(game))
    text, n = re.subn(r"^final-scoring \S+$", f"final-scoring {tile}", text, flags=re.M)
    assert n == 1
    return replay_text(text, f"{game}-{tile}.log")


@pytest.mark.parametrize("game", sorted(GAMES))
def test_final_scoring_tiles(game: str) -> None:
    """Each tile's measure per faction and the VP it brings, in every generated game.

    The tile's VP go 18/12/6 to the three best measures (ties share, rounded down); a
    measure of 0 scores nothing.
    """
    for tile in TILES:
        result = (
            with_tile(game, tile)
            if f"final-scoring {tile}" not in log_lines(game)
            else generated(game)[0]
        )
        assert result.finished
        got = {
            f.name: (f.final_counts[tile], f.vp_source.get(f"final-{tile}", 0))
            for f in result._game.order
            if not f.dummy
        }
        names, table = FINAL_TILES[game]
        assert got == dict(zip(names, table[tile], strict=True)), tile


@pytest.mark.parametrize("game", sorted(GAMES))
def test_final_scoring_tile_rows_match_the_reference(game: str) -> None:
    """The '+Nvp for <tile>' rows: N is the reference row's VP step, and the tile's VP."""
    _, rows = generated(game)
    reference = REFERENCE_ROWS[GAMES[game]]
    (tile,) = [t for t in TILES if f"final-scoring {t}" in log_lines(game)]
    seen = {}
    for i, row in enumerate(rows):
        text = str(row.actions[0]) if row.actions else ""
        found = re.fullmatch(rf"{row.faction}: \+(\d+)VP for {tile}", text)
        if not found:
            continue
        previous = next(r for r in reversed(reference[:i]) if r[0] == row.faction)
        assert reference[i][1] - previous[1] == int(found.group(1))
        seen[row.faction] = int(found.group(1))
    names, table = FINAL_TILES[game]
    expected = {f: vp for f, (_, vp) in zip(names, table[tile], strict=True) if vp}
    assert seen == expected


# ------------------------------------------------------------ illegal moves


def test_illegal_acolytes_volcano_without_cult_steps() -> None:
    # side2: after line 63 the acolytes stand at 0 on every cult track.
    # Reference: "Not high enough in any cult for volcano" (line 67).
    lines = variant("side2", 66, "halflings: send p to AIR", ("acolytes: dig 1. build E8",))
    illegal(lines, 67, "acolytes: build E8", "not high enough on any cult track for a volcano")


def test_illegal_second_variable_faction() -> None:
    # orig with the riverwalkers set up before the shapeshifters.
    # Reference: "Can't add shapeshifters, riverwalkers already in use" (line 17).
    lines = variant(
        "orig",
        15,
        "final-scoring connected-distance",
        ("setup riverwalkers", "setup shapeshifters"),
    )
    illegal(lines, 17, "setup shapeshifters", "cannot add shapeshifters: riverwalkers already use")


def test_illegal_riverwalkers_build_inland() -> None:
    # side1: blue B8 touches the riverwalkers' C6 and C7 by land only.
    # Reference: "riverwalkers can't reach B8" (line 116).
    lines = variant("side1", 115, "riverwalkers: unlock-terrain blue", ("riverwalkers: build B8",))
    illegal(lines, 116, "riverwalkers: build B8", "riverwalkers cannot reach B8")


def test_illegal_riverwalkers_first_dwelling_inland() -> None:
    # loon16: blue B6 has no river next to it.
    # Reference: "Can't place initial dwelling inland for riverwalkers." (line 23).
    lines = variant("loon16", 22, "witches: build C3", ("riverwalkers: build B6",))
    illegal(lines, 23, "riverwalkers: build B6", "first dwellings must be next to a river")


@pytest.mark.parametrize(
    ("keep", "after", "action"),
    [
        (77, "riverwalkers: leech 2 from witches", "ACT5"),
        (112, "witches: upgrade D4 to TP", "BON1"),
    ],
)
def test_illegal_riverwalkers_spade_actions(keep: int, after: str, action: str) -> None:
    # loon16 (v4); the riverwalkers hold BON1 in round 6 (line 105).
    # Reference: "Riverwalkers (playtest v4) are not allowed to use action <action>".
    lines = variant("loon16", keep, after, (f"riverwalkers: action {action}",))
    illegal(lines, keep + 1, f"riverwalkers: action {action}", f"may not use action {action}")


def test_illegal_yetis_reuse_without_stronghold() -> None:
    # side2: the yetis took ACT5 on line 41 (round 1) and have no stronghold.
    # Reference: "Action space ACT5 is blocked" (line 48).
    lines = variant("side2", 47, "shapeshifters: gain P3 for VP", ("yetis: action ACT5. build A9",))
    illegal(lines, 48, "yetis: action ACT5", "action space ACT5 is already taken this round")


def test_illegal_shapeshifters_v2_colour_change_before_stronghold() -> None:
    # side2 (v2, ALLOW_SHAPESHIFT 0, no ACTH1 without the stronghold).
    # Reference: "No ACTH1 space available" (line 60).
    lines = variant(
        "side2",
        59,
        "acolytes: dig 1. build B2. -3EARTH",
        ("shapeshifters: action ACTH1. pick-color green",),
    )
    illegal(lines, 60, "shapeshifters: action ACTH1", "shapeshifters have no ACTH1 action")


@pytest.mark.parametrize(
    ("version", "keep", "append"),
    [
        ("variable_v2", 24, "shapeshifters: action ACTH1. pick-color brown"),
        ("variable_v3", 23, "shapeshifters: action ACTH2. pick-color green"),
    ],
)
def test_illegal_shapeshifters_colour_changes_beyond_the_limit(
    version: str, keep: int, append: str
) -> None:
    # tests/data/constructed/fire_ice_shapeshifters_v2.log (2 players; for v3 its option
    # line says variable_v3): after the stronghold (line 22) v2 may change colour
    # PLAYER_COUNT = 2 times (lines 23, 24), v3 OPPONENT_COUNT = 1 time (line 23).
    # Reference: "Not enough 'ALLOW_SHAPESHIFT' in shapeshifters" (line keep + 1).
    source = constructed_text("fire_ice_shapeshifters_v2.log").replace("variable_v2", version)
    lines = [*source.splitlines()[:keep], append]
    action = append.split(". ")[0]
    illegal(lines, keep + 1, action, "needs 1 ALLOW_SHAPESHIFT, has 0")
