"""The reference engine's row rewrites (``clean_commands``), on command logs."""

from __future__ import annotations

import pytest

from tmlog.games.terra_mystica.parse import parse_log


def row(text: str) -> list[str]:
    return [str(a) for a in parse_log(text, input_format="commands").actions]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param(
            "nomads: build A5. leech 1 from witches. decline 2 from auren",
            ["nomads: leech 1 from witches", "nomads: decline 2 from auren", "nomads: build A5"],
            id="leech and decline first",
        ),
        pytest.param(
            "nomads: build E6. transform E6 to yellow",
            ["nomads: transform E6 to yellow", "nomads: build E6"],
            id="build. transform",
        ),
        pytest.param(
            "nomads: pass BON3. convert 1P to 1C",
            ["nomads: convert 1P to 1C", "nomads: pass BON3"],
            id="pass X. convert",
        ),
        pytest.param(
            "nomads: dig 1. action ACT5. build E6",
            ["nomads: action ACT5", "nomads: dig 1", "nomads: build E6"],
            id="dig N. action X",
        ),
        pytest.param("nomads: +Bon1", ["nomads: pass BON1"], id="+BONn at row start"),
        pytest.param("nomads: pass. +bon5", ["nomads: pass BON5"], id="pass. +bonN"),
        pytest.param(
            "nomads: build A5. +BON3",
            ["nomads: build A5", "nomads: +BON3"],
            id="+BONn elsewhere is left alone",
        ),
        pytest.param(
            "engineers: -2w. bridge E9:D6",
            ["engineers: action ACTE", "engineers: bridge E9:D6"],
            id="Engineers -2w. bridge",
        ),
        pytest.param(
            "engineers: convert 2w to bridge. bridge E9:D6",
            ["engineers: action ACTE", "engineers: bridge E9:D6"],
            id="Engineers convert 2w to bridge",
        ),
        pytest.param(
            "nomads: convert 2w to bridge",
            ["nomads: convert 2W to 1BRIDGE"],
            id="only for the Engineers",
        ),
        pytest.param(
            "nomads: build A5. transform B2. build C3. transform D4",
            [
                "nomads: transform B2",
                "nomads: build A5",
                "nomads: build C3",
                "nomads: transform D4",
            ],
            id="first place only",
        ),
    ],
)
def test_rewrite(text: str, expected: list[str]) -> None:
    assert row(text) == expected


def test_rewritten_actions_keep_their_positions() -> None:
    (leech, build) = parse_log("nomads: build A5. leech 1", input_format="commands").actions
    assert (leech.column, build.column) == (19, 9)


def test_ledger_cells_are_not_rewritten() -> None:
    # The ledger records what the engine ran, in order (two input rows here).
    cell = "+EARTH. Leech 2 from witches"
    text = "cultists\t-1\t19 VP\t\t7 C\t\t3 W\t\t0 P\t+2\t0/10/2 PW\t\t1/0/4/0\t\t" + cell
    actions = parse_log(text, input_format="ledger").actions
    assert [a.kind for a in actions] == ["adjust", "leech"]
