"""The engine's typed state: options, held resources, pending effects and decisions."""

from __future__ import annotations

import pytest

from tmlog.errors import IllegalMove
from tmlog.games.terra_mystica.parse import parse_log
from tmlog.games.terra_mystica.replay import replay
from tmlog.games.terra_mystica.replay.decisions import (
    CultSteps,
    DarklingConvert,
    FavorPick,
    FullTurn,
    LeechOffer,
)
from tmlog.games.terra_mystica.replay.factions import FACTION_BOARDS
from tmlog.games.terra_mystica.replay.fire_ice import FIRE_ICE_SETS
from tmlog.games.terra_mystica.replay.holdings import RESOURCES, Limits, Pending, check_names
from tmlog.games.terra_mystica.replay.options import (
    SETTINGS_ONLY,
    VALID_OPTIONS,
    Option,
    game_options,
)

from .rulecheck import command_log, replay_text

G1 = "4pLeague_S64_D1L1_G1"


def test_options_checked_by_the_rules_are_all_named() -> None:
    # The reference engine reads these but its 'option' command refuses them.
    assert {o.value for o in SETTINGS_ONLY} == {
        "loose-build-after-dig",
        "loose-convert-phase",
        "loose-cult-loss",
        "merge-income-phases",
    }
    assert {o.value for o in Option} - {o.value for o in SETTINGS_ONLY} == VALID_OPTIONS
    assert "strict-leech" in VALID_OPTIONS


@pytest.mark.parametrize("name", ["no-such-option", "loose-cult-loss"])
def test_a_log_setting_an_unknown_option_gets_a_positioned_error(name: str) -> None:
    lines = list(command_log(G1)[:5])
    lines.insert(2, f"option {name}")
    result = replay_text("\n".join(lines), "opt.log")
    err = result.error
    assert isinstance(err, IllegalMove)
    assert (err.line, err.reason) == (3, f"unknown option {name}")
    assert str(err) == f"opt.log:3: option {name}: unknown option {name}"


def test_game_options_are_validated_once() -> None:
    assert game_options(["loose-cult-loss", "strict-leech"]) == {
        Option.LOOSE_CULT_LOSS,
        Option.STRICT_LEECH,
    }
    with pytest.raises(ValueError, match="unknown game option 'strict-leach'"):
        game_options(["strict-leach"])


def test_settings_only_options_can_be_given_to_replay() -> None:
    text = "\n".join(command_log(G1))
    result = replay(parse_log(text, source="g1"), options=["loose-convert-phase"])
    assert result.error is None
    assert Option.LOOSE_CONVERT_PHASE in result._game.options
    assert "strict-leech" in result.options


def test_faction_rules_are_board_data() -> None:
    """The rules ask what a faction does; which factions do it is board data."""
    boards = dict(FACTION_BOARDS)
    for variant in FIRE_ICE_SETS.values():
        boards.update(variant)

    def having(attr: str) -> dict[str, object]:
        return {n: getattr(b, attr) for n, b in boards.items() if getattr(b, attr)}

    assert having("river_towns") == {"mermaids": True}
    assert having("cult_reaction") == {"cultists": True}
    assert having("transform_spades") == {"giants": 2}
    assert having("stronghold_bridge_vp") == {"engineers": 3}
    assert having("first_dwellings_by_river") == {"riverwalkers": True}
    assert {n: b.setup_dwellings for n, b in boards.items() if b.setup_dwellings != 2} == {
        "nomads": 3,
        "chaosmagicians": 1,
    }


def test_pending_decisions_are_typed_records() -> None:
    """G1 line 49: the darklings accept the cultists' offer, so the cultists owe a
    cult step; the witches' offer from the cultists was answered on line 41."""
    lines = command_log(G1)
    assert lines[48] == "darklings: Leech 2 from cultists"
    game = replay_text("\n".join(lines[:47]))._game
    assert game.action_required == [
        LeechOffer(
            faction="witches", from_faction="chaosmagicians", amount=1, actual=1, leech_id=11
        ),
        LeechOffer(faction="darklings", from_faction="cultists", amount=2, actual=2, leech_id=12),
        FullTurn(faction="darklings"),
    ]
    game = replay_text("\n".join(lines[:49]))._game
    assert game.action_required == [
        CultSteps(faction="cultists", amount=1),
        FullTurn(faction="darklings"),
    ]


def test_decisions_compare_and_print_as_records() -> None:
    steps = CultSteps(faction="cultists", amount=1)
    assert steps == CultSteps(faction="cultists", amount=1)
    assert steps != CultSteps(faction="cultists", amount=2)
    assert steps != FavorPick(faction="cultists", amount=1)  # same fields, another decision
    assert repr(steps) == "CultSteps(faction='cultists', amount=1)"
    assert not FullTurn().optional and DarklingConvert(amount=1).optional


def test_holdings_are_split_and_a_misspelt_name_raises() -> None:
    lines = command_log(G1)
    game = replay_text("\n".join(lines[:49]))._game
    cultists = game.factions["cultists"]
    assert set(cultists.res) == set(RESOURCES)
    assert cultists.pending == Pending(cult=1)
    assert cultists.limits == Limits()
    assert cultists.get("CULT") == 1 and cultists.get("TOWN_SIZE") == 7
    assert cultists.get("VP") == cultists.res["VP"]
    with pytest.raises(KeyError):
        cultists.get("SPADES")
    with pytest.raises(KeyError):
        cultists.res["SPADES"]  # type: ignore[index]


def test_a_snapshot_lists_the_ledger_fields_in_order() -> None:
    from tmlog.games.terra_mystica.replay.state import LEDGER_FIELDS

    lines = command_log(G1)
    cultists = replay_text("\n".join(lines[:49]))._game.factions["cultists"]
    for i, name in enumerate(LEDGER_FIELDS):  # distinct values: a swapped field shows
        cultists.set(name, 100 + i)
    assert cultists.snapshot() == tuple(range(100, 100 + len(LEDGER_FIELDS)))
    assert LEDGER_FIELDS[:4] == ("VP", "C", "W", "P")  # the ledger's column order


def test_fire_ice_boards_start_with_their_effects_and_limits() -> None:
    from .rulecheck import constructed

    result = constructed("fire_ice_shapeshifters_v1.log")
    shapeshifters = result._game.factions["shapeshifters"]
    assert shapeshifters.limits.allow_shapeshift == shapeshifters.get("ALLOW_SHAPESHIFT")
    assert shapeshifters.pending.pick_color == 0


def test_data_tables_are_checked_against_the_names() -> None:
    check_names("ok", [{"SPADE": 1, "VP": 2, "carpet_range": 1, "PW": 3}])
    with pytest.raises(ValueError, match="unknown resources \\['SPAED'\\]"):
        check_names("board", [{"SPAED": 1}])
