"""One real snippet per rule of grammars/commands.lark and grammars/ledger.lark.

Most snippets are taken from the corpus games or the reference engine's old
test logs; each checks the typed action(s) it parses to.
"""

from __future__ import annotations

import pytest

from tmlog.games.terra_mystica.model.actions import (
    Abort,
    Action,
    AddPlayer,
    Adjust,
    AdminEmail,
    AdminIncome,
    Advance,
    Build,
    BuildBridge,
    Burn,
    Comment,
    Connect,
    Convert,
    Decline,
    Delete,
    Dig,
    Done,
    DropFaction,
    DropOption,
    Dropped,
    FactionIncome,
    FactionVariant,
    FinalScoring,
    Finish,
    Gain,
    Leech,
    LeechEffect,
    Marker,
    Order,
    Pass,
    PickColor,
    PlayerCount,
    PlayerName,
    Randomize,
    Resign,
    RoundScoring,
    Score,
    ScoreResources,
    SelectMap,
    Send,
    SetOption,
    Setup,
    Start,
    StartPlanning,
    StartPreview,
    Transform,
    UnlockTerrain,
    Upgrade,
    UseAction,
    Wait,
)
from tmlog.games.terra_mystica.model.enums import (
    ActionSpace,
    Building,
    Cult,
    Faction,
    IncomeKind,
    Pseudo,
    Resource,
    Terrain,
    Tile,
    Track,
)
from tmlog.games.terra_mystica.parse import Recorded, parse_log

NOMADS = Faction.NOMADS


def commands(text: str) -> list[Action]:
    return parse_log(text, input_format="commands").actions


def nomads(command: str) -> list[Action]:
    """The actions of one `nomads: …` row."""
    return commands(f"nomads: {command}")


def ledger(text: str) -> list[Action]:
    return parse_log(text, input_format="ledger").actions


ROW = "nomads\t\t20 VP\t\t15 C\t\t2 W\t\t0 P\t\t5/7/0 PW\t\t1/0/1/0\t\t"


def row_of(cell: str) -> list[Action]:
    """The actions of a ledger row of the nomads whose command cell is ``cell``."""
    return ledger(ROW + cell)


# ---------------------------------------------------------- player verbs

PLAYER_VERBS: list[tuple[str, Action]] = [
    # adjust: [+-][N]TYPE [for SOURCE]
    ("+2FIRE", Adjust(delta=2, what=Cult.FIRE)),
    ("+EARTH", Adjust(delta=1, what=Cult.EARTH)),
    ("-SPADE", Adjust(delta=-1, what=Pseudo.SPADE)),
    ("+FAV11", Adjust(delta=1, what=Tile.FAV11)),
    ("+Fav12", Adjust(delta=1, what=Tile.FAV12)),
    ("+2TW5", Adjust(delta=2, what=Tile.TW5)),
    ("-4w", Adjust(delta=-4, what=Resource.W)),
    ("-1w", Adjust(delta=-1, what=Resource.W)),
    ("+P3", Adjust(delta=1, what=Pseudo.P3)),
    ("+priest", Adjust(delta=1, what=Resource.P)),
    ("+3vp for network", Adjust(delta=3, what=Resource.VP, source="network")),
    ("+8vp for FIRE", Adjust(delta=8, what=Resource.VP, source="FIRE")),
    (
        "+6vp for connected-distance",
        Adjust(delta=6, what=Resource.VP, source="connected-distance"),
    ),
    ("-BRIDGE", Adjust(delta=-1, what=Pseudo.BRIDGE)),
    ("+GAIN_FAVOR", Adjust(delta=1, what=Pseudo.GAIN_FAVOR)),
    # build / upgrade (with the building aliases)
    ("Build A5", Build(hex="A5")),
    ("build e10", Build(hex="E10")),
    ("upgrade E6 to TP", Upgrade(hex="E6", building=Building.TP)),
    ("Upgrade E6 to Temple", Upgrade(hex="E6", building=Building.TE)),
    ("upgrade E6 to trading post", Upgrade(hex="E6", building=Building.TP)),
    ("upgrade E6 to stronghold", Upgrade(hex="E6", building=Building.SH)),
    ("upgrade E6 to SANCTUARY", Upgrade(hex="E6", building=Building.SA)),
    ("upgrade E6 to sa", Upgrade(hex="E6", building=Building.SA)),
    ("upgrade E6 to dwelling", Upgrade(hex="E6", building=Building.D)),
    # send
    ("send p to WATER", Send(cult=Cult.WATER)),
    ("Send P to Water", Send(cult=Cult.WATER)),
    ("send priest to air for 1", Send(cult=Cult.AIR, slot=1)),
    # convert (resource aliases, missing counts)
    (
        "convert 3PW to 1W",
        Convert(from_count=3, from_what=Resource.PW, to_count=1, to_what=Resource.W),
    ),
    (
        "Convert 1 power to 1 coin",
        Convert(from_count=1, from_what=Resource.PW, to_count=1, to_what=Resource.C),
    ),
    (
        "Convert pw to c",
        Convert(from_count=1, from_what=Resource.PW, to_count=1, to_what=Resource.C),
    ),
    (
        "convert 2 priests to 2 workers",
        Convert(from_count=2, from_what=Resource.P, to_count=2, to_what=Resource.W),
    ),
    # gain / burn / leech / decline
    ("gain P3 for VP", Gain(what=Pseudo.P3, paid_with=Resource.VP)),
    ("burn 4", Burn(amount=4)),
    ("Leech 1", Leech(amount=1)),
    ("Leech 1 from darklings", Leech(amount=1, source_faction=Faction.DARKLINGS)),
    ("decline", Decline()),
    ("Decline 3 from swarmlings", Decline(amount=3, source_faction=Faction.SWARMLINGS)),
    # transform (grey → gray) / dig
    ("transform F3", Transform(hex="F3")),
    ("transform F3 to brown", Transform(hex="F3", terrain=Terrain.BROWN)),
    ("Transform D4 to grey", Transform(hex="D4", terrain=Terrain.GRAY)),
    ("dig 2", Dig(amount=2)),
    # pass / advance
    ("pass", Pass()),
    ("Pass BON6", Pass(bonus=Tile.BON6)),
    ("pass bon10", Pass(bonus=Tile.BON10)),
    ("advance ship", Advance(track=Track.SHIP)),
    ("Advance shipping", Advance(track=Track.SHIP)),
    ("advance dig", Advance(track=Track.DIG)),
    ("advance digging", Advance(track=Track.DIG)),
    # bridge / connect
    ("bridge E9:D6", BuildBridge(hex1="E9", hex2="D6")),
    ("Bridge e9 : d6 allow_illegal", BuildBridge(hex1="E9", hex2="D6", allow_illegal=True)),
    ("connect F2:E4", Connect(hexes=("F2", "E4"))),
    ("connect F2:E4:G3", Connect(hexes=("F2", "E4", "G3"))),
    ("connect r20", Connect(river="r20")),
    ("connect R7", Connect(river="r7")),
    # colours and terrain unlocking
    ("pick-color red", PickColor(terrain=Terrain.RED)),
    ("pick-color Grey", PickColor(terrain=Terrain.GRAY)),
    ("unlock-terrain blue", UnlockTerrain(target=Terrain.BLUE)),
    ("unlock-terrain gain-priest", UnlockTerrain(target="gain-priest")),
    # turn control
    ("wait", Wait()),
    ("done", Done()),
    ("resign", Resign()),
    ("drop-faction nomads", DropFaction(target=NOMADS)),
    ("delete FAV1", Delete(tile="FAV1")),
    # rows the engine writes itself
    ("cult_income_for_faction", FactionIncome(income=IncomeKind.CULT)),
    ("other_income_for_faction", FactionIncome(income=IncomeKind.OTHER)),
    ("all_income_for_faction", FactionIncome(income=IncomeKind.ALL)),
    ("income_for_faction", FactionIncome()),
    ("score_resources", ScoreResources()),
    ("start_planning", StartPlanning()),
    ("[opponent accepted power]", LeechEffect(accepted=True)),
    ("[all opponents declined power]", LeechEffect(accepted=False)),
    ("setup", Setup(chosen=NOMADS)),
    ("income", AdminIncome()),
]


@pytest.mark.parametrize(("command", "expected"), PLAYER_VERBS, ids=[c for c, _ in PLAYER_VERBS])
def test_player_verb(command: str, expected: Action) -> None:
    (action,) = nomads(command)
    assert action == _with_faction(expected, NOMADS)
    assert action.line == 1
    assert action.column == len("nomads: ") + 1


@pytest.mark.parametrize(("command", "expected"), PLAYER_VERBS, ids=[c for c, _ in PLAYER_VERBS])
def test_ledger_cell_uses_the_same_rules(command: str, expected: Action) -> None:
    (action,) = row_of(command)
    assert action == _with_faction(expected, NOMADS)
    assert action.column == len(ROW) + 1


def _with_faction(action: Action, faction: Faction) -> Action:
    import dataclasses

    return dataclasses.replace(action, faction=faction)


@pytest.mark.parametrize(
    "name",
    [f"ACT{i}" for i in range(1, 7)]
    + [f"ACT{c}" for c in "AEGSNWC"]
    + [f"ACTH{i}" for i in range(1, 7)],
)
def test_action_spaces(name: str) -> None:
    assert nomads(f"action {name.lower()}") == [UseAction(space=ActionSpace(name), faction=NOMADS)]


@pytest.mark.parametrize("name", ["BON1", "BON2", "FAV6"])
def test_tile_actions(name: str) -> None:
    assert nomads(f"Action {name}") == [UseAction(space=Tile(name), faction=NOMADS)]


# ------------------------------------------------------------------ rows


def test_multi_command_row_keeps_order_and_columns() -> None:
    row = "witches: burn 4. action ACT6. transform F3 to brown. build G4"
    actions = commands(row)
    assert [str(a) for a in actions] == [
        "witches: burn 4",
        "witches: action ACT6",
        "witches: transform F3 to brown",
        "witches: build G4",
    ]
    assert [a.column for a in actions] == [
        row.index(word) + 1 for word in ("burn", "action", "transform", "build")
    ]


def test_stray_dots_and_blank_sub_commands_are_dropped() -> None:
    assert commands("auren: Upgrade F2 to TP.") == [
        Upgrade(hex="F2", building=Building.TP, faction=Faction.AUREN)
    ]
    assert commands("engineers: . Burn 3. . Bridge E9:D6. ") == [
        Burn(amount=3, faction=Faction.ENGINEERS),
        BuildBridge(hex1="E9", hex2="D6", faction=Faction.ENGINEERS),
    ]


def test_a_prefix_with_no_commands_is_an_empty_row() -> None:
    log = parse_log("nomads:", input_format="commands")
    assert log.rows[0].faction is NOMADS
    assert log.rows[0].actions == ()


def test_everything_is_case_insensitive() -> None:
    assert commands("NOMADS: BUILD a5. PASS Bon3") == [
        Build(hex="A5", faction=NOMADS),
        Pass(bonus=Tile.BON3, faction=NOMADS),
    ]


def test_whitespace_is_free() -> None:
    assert commands("  nomads :  build   A5 .send p to   fire  ") == [
        Build(hex="A5", faction=NOMADS),
        Send(cult=Cult.FIRE, faction=NOMADS),
    ]


def test_legacy_faction_name_dragonmasters() -> None:
    assert commands("dragonmasters: build A5") == [Build(hex="A5", faction=Faction.DRAGONLORDS)]
    assert commands("setup Dragonmasters") == [Setup(chosen=Faction.DRAGONLORDS)]


# -------------------------------------------------------------- comments


def test_comment_row() -> None:
    assert commands("# Round 1 income ") == [Comment(text=" Round 1 income ")]


def test_pragma_row() -> None:
    assert commands("## no comment row") == [Comment(text=" no comment row", pragma=True)]


def test_row_with_commands_and_a_trailing_comment() -> None:
    # The engine emits a row's comment before its commands.
    actions = commands("nomads: build A5. pass BON3 # opening. with dots: and colons")
    assert actions == [
        Comment(text=" opening. with dots: and colons"),
        Build(hex="A5", faction=NOMADS),
        Pass(bonus=Tile.BON3, faction=NOMADS),
    ]
    assert actions[0].column == 29


def test_admin_row_with_a_comment() -> None:
    assert commands("option strict-leech # house rule") == [
        Comment(text=" house rule"),
        SetOption(name="strict-leech"),
    ]


def test_empty_comment() -> None:
    assert commands("#") == [Comment(text="")]


def test_blank_lines_make_no_rows() -> None:
    log = parse_log("\n   \nnomads: build A5\n\n", input_format="commands")
    assert [r.line for r in log.rows] == [3]


# ------------------------------------------------------------ admin rows

ADMIN: list[tuple[str, Action]] = [
    ("setup engineers", Setup(chosen=Faction.ENGINEERS)),
    ("setup Nomads", Setup(chosen=NOMADS)),
    (
        "setup witches for alice email alice@example.org",
        Setup(chosen=Faction.WITCHES, player="alice", email="alice@example.org"),
    ),
    ("player alice", AddPlayer(name="alice")),
    (
        "player alice email a@b.c username alice1",
        AddPlayer(name="alice", email="a@b.c", username="alice1"),
    ),
    ("player-count 4", PlayerCount(count=4)),
    ("order bob,alice,carol", Order(usernames=("bob", "alice", "carol"))),
    ("randomize v2 seed 4pLeague S64 G3", Randomize(version="v2", seed="4pLeague S64 G3")),
    ("randomize V1 seed x", Randomize(version="v1", seed="x")),
    (
        "score SCORE7,SCORE1,SCORE5,SCORE9,SCORE3,SCORE4",
        Score(tiles=tuple(Tile(f"SCORE{n}") for n in (7, 1, 5, 9, 3, 4))),
    ),
    (
        "score score6, score4, score5, score1, score8, score2",
        Score(tiles=tuple(Tile(f"SCORE{n}") for n in (6, 4, 5, 1, 8, 2))),
    ),
    ("delete bon9", Delete(tile="BON9")),
    ("option strict-leech", SetOption(name="strict-leech")),
    (
        "option fire-and-ice-factions/variable_v2",
        SetOption(name="fire-and-ice-factions/variable_v2"),
    ),
    ("dropoption email-notify", DropOption(name="email-notify")),
    (
        "map 126fe960806d587c78546b30f1a90853b1ada468",
        SelectMap(map_id="126fe960806d587c78546b30f1a90853b1ada468"),
    ),
    ("map original", SelectMap(map_id="original")),
    ("faction-variant final_ice", FactionVariant(name="final_ice")),
    ("final-scoring connected-distance", FinalScoring(name="connected-distance")),
    ("income", AdminIncome()),
    ("start", Start()),
    ("finish", Finish()),
    ("abort", Abort()),
    ("start-preview", StartPreview()),
    ("admin email someone@example.org", AdminEmail(address="someone@example.org")),
    ("drop-faction witches", DropFaction(target=Faction.WITCHES)),
    ("drop-faction player3", DropFaction(player_index=3)),
]


@pytest.mark.parametrize(("row", "expected"), ADMIN, ids=[r for r, _ in ADMIN])
def test_admin_row(row: str, expected: Action) -> None:
    log = parse_log(row, input_format="commands")
    assert log.rows[0].faction is None
    assert log.actions == [expected]
    assert log.actions[0].column == 1


# ----------------------------------------------------------------- ledger

FULL_ROW = (
    "cultists\t+13\t106 VP\t-5\t1 C\t-4\t6 W\t\t4 P\t\t1/0/4 PW\t+6\t6/10/10/5\t5\t"
    "convert 2PW to 2C. upgrade E6 to SA. +TW5. +FAV4. convert 1PW to 1C"
)


def test_ledger_action_row_recorded_values() -> None:
    (row,) = parse_log(FULL_ROW, input_format="ledger").rows
    assert row.faction is Faction.CULTISTS
    assert row.recorded == Recorded(
        vp=106,
        c=1,
        w=6,
        p=4,
        power=(1, 0, 4),
        cults=(6, 10, 10, 5),
        d_vp=13,
        d_c=-5,
        d_w=-4,
        d_p=None,
        d_pw=None,
        d_cult=6,
        leech_offers=(5,),
    )
    assert row.recorded is not None and row.recorded.pw == 8
    assert row.command_text == (
        "convert 2PW to 2C. upgrade E6 to SA. +TW5. +FAV4. convert 1PW to 1C"
    )
    assert [a.kind for a in row.actions] == ["convert", "upgrade", "adjust", "adjust", "convert"]
    assert row.actions[1].column == FULL_ROW.index("upgrade") + 1


def test_ledger_leech_cell_lists_every_offer() -> None:
    text = "swarmlings\t+2\t112 VP\t\t0 C\t-5\t0 W\t\t0 P\t\t4/0/0 PW\t\t8/7/8/8\t3 1\tbuild H4"
    (row,) = parse_log(text, input_format="ledger").rows
    assert row.recorded is not None and row.recorded.leech_offers == (3, 1)


def test_ledger_setup_row() -> None:
    (row,) = parse_log(ROW + "setup", input_format="ledger").rows
    assert row.actions == (Setup(chosen=NOMADS, faction=NOMADS),)


def test_ledger_empty_command_cell_of_a_dropped_faction() -> None:
    text = "witches\t+1\t83 VP\t\t13 C\t\t10 W\t\t3 P\t\t0/3/2 PW\t\t0/1/0/3\t\t"
    (row,) = parse_log(text, input_format="ledger").rows
    assert row.faction is Faction.WITCHES
    assert row.actions == ()
    assert row.recorded is not None and row.recorded.vp == 83


COMMENT_ROWS: list[tuple[str, Action]] = [
    ("option strict-leech", SetOption(name="strict-leech")),
    (
        "map 126fe960806d587c78546b30f1a90853b1ada468",
        SelectMap(map_id="126fe960806d587c78546b30f1a90853b1ada468"),
    ),
    (
        "Round 1 scoring: SCORE7, SA/SH >> 5",
        RoundScoring(round=1, tile=Tile.SCORE7, description="SA/SH >> 5"),
    ),
    (
        "Round 4 scoring: SCORE9, TE >> 4",
        RoundScoring(round=4, tile=Tile.SCORE9, description="TE >> 4"),
    ),
    ("Removing tile BON8", Delete(tile="BON8")),
    ("Player 1: Gewalf", PlayerName(seat=1, name="Gewalf")),
    ("witches dropped from the game", Dropped(target=Faction.WITCHES)),
    ("Added final scoring tile: connected-distance", FinalScoring(name="connected-distance")),
    ("Round 1 income", Marker(text="Round 1 income")),
    ("Round 6, turn 9", Marker(text="Round 6, turn 9")),
    ("Scoring FIRE cult", Marker(text="Scoring FIRE cult")),
    ("Scoring network", Marker(text="Scoring network")),
    ("Scoring connected-sa-sh-distance", Marker(text="Scoring connected-sa-sh-distance")),
    ("Converting resources to VPs", Marker(text="Converting resources to VPs")),
    (" Default game options", Comment(text=" Default game options")),
    (" option not-an-engine-comment", Comment(text=" option not-an-engine-comment")),
    ("Round about midnight", Comment(text="Round about midnight")),
    ("Scoring network twice", Comment(text="Scoring network twice")),
]


@pytest.mark.parametrize(("text", "expected"), COMMENT_ROWS, ids=[t for t, _ in COMMENT_ROWS])
def test_ledger_comment_row(text: str, expected: Action) -> None:
    (row,) = parse_log(f"{text}\n{ROW}setup", input_format="ledger").rows[:1]
    assert row.faction is None and row.recorded is None
    assert row.actions == (expected,)
    assert row.actions[0].line == 1


def test_final_scoring_rows_are_adjustments() -> None:
    text = (
        "cultists\t+18\t168 VP\t\t0 C\t\t0 W\t\t0 P\t\t3/1/0 PW\t\t7/10/10/7\t\t+18vp for network"
    )
    assert ledger(text) == [
        Adjust(delta=18, what=Resource.VP, source="network", faction=Faction.CULTISTS)
    ]
