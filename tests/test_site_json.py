"""Issue 14: the site's game JSON (``/app/view-game/``) as a third input format.

``tests/data/site-json/`` holds what the site's game view serves for the 42
corpus games, made by the reference engine (``evaluate_game`` called as
``src/Server/ViewGame.pm`` calls it, encoded as it encodes it; see the
README there), plus an unfinished game and a game whose options the site
passed from its database instead of from rows. The expected figures are the
corpus ledgers' recorded values, ``manifest.json`` and the engine's own final
state in each JSON (its ``factions``).
"""

from __future__ import annotations

import dataclasses
import gzip
import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from tmlog.cli import cli
from tmlog.errors import InputError, TmlogError
from tmlog.games import GAMES
from tmlog.games.terra_mystica.audit import audit
from tmlog.games.terra_mystica.convert import ledger_to_commands
from tmlog.games.terra_mystica.parse import ParsedLog, detect_format, parse_file, parse_log
from tmlog.games.terra_mystica.record import GameRecord, record_game
from tmlog.games.terra_mystica.replay import replay
from tmlog.reading import iter_paths

from .conftest import LEDGER_DIR

DATA = Path(__file__).parent / "data" / "site-json"
GAME_JSONS = sorted(DATA.glob("4pLeague_*.json.gz"))
UNFINISHED = DATA / "unfinished-S65_G1-row200.json"
OPTIONS_IN_METADATA = DATA / "options-in-metadata-S66_G1.json.gz"
DROPPED = {  # games where a player dropped out, and who (the corpus README)
    "4pLeague_S64_D1L1_G3": {"witches"},
    "4pLeague_S64_D1L1_G4": {"cultists"},
    "4pLeague_S64_D1L1_G5": {"darklings", "cultists"},
    "4pLeague_S64_D1L1_G6": {"alchemists"},
    "4pLeague_S64_D1L1_G7": {"auren"},
}


def load(path: Path) -> dict[str, Any]:
    raw = path.read_bytes()
    data: dict[str, Any] = json.loads(gzip.decompress(raw) if path.suffix == ".gz" else raw)
    return data


def gid(path: Path) -> str:
    return path.name.split(".")[0]


def engine_final(data: dict[str, Any]) -> dict[str, tuple[int, ...]]:
    """The reference engine's final state per faction, from the JSON's ``factions``."""
    keys = ("VP", "C", "W", "P", "P1", "P2", "P3", "FIRE", "WATER", "EARTH", "AIR")
    out = {}
    for name, f in data["factions"].items():
        levels = tuple(f["buildings"][b]["level"] for b in ("D", "TP", "TE", "SH", "SA"))
        tracks = [f[t]["level"] if isinstance(f.get(t), dict) else 0 for t in ("ship", "dig")]
        out[name] = (*(int(f[k]) for k in keys), *levels, *tracks)
    return out


def tmlog_final(parsed: ParsedLog) -> dict[str, tuple[int, ...]]:
    result = replay(parsed)
    assert result.error is None, str(result.error)
    out = {}
    for f in result.state.factions:
        out[f.name] = (f.vp, f.c, f.w, f.p, *f.power, *f.cults, *f.buildings, f.shipping, f.dig)
    return out


def test_samples_are_all_there() -> None:
    assert [gid(p) for p in GAME_JSONS] == sorted(p.stem for p in LEDGER_DIR.glob("*.txt"))
    assert len(GAME_JSONS) == 42


@pytest.mark.parametrize("path", GAME_JSONS, ids=gid)
def test_game_json_audits_clean(path: Path, manifest: dict[str, dict[str, int]]) -> None:
    parsed = parse_file(path)
    report = audit(parsed)
    assert report.ok, [d.describe(str(path)) for d in report.divergences[:3]]
    text = audit(parse_file(LEDGER_DIR / f"{gid(path)}.txt"))
    # Every row the ledger text records is compared from the JSON too.
    assert report.rows_compared == text.rows_compared > 250
    assert report.final_vp == manifest[gid(path)]


@pytest.mark.parametrize("path", GAME_JSONS, ids=gid)
def test_game_json_gives_the_ledgers_record(path: Path) -> None:
    """Same replay, hence the same vp, leech and stats tables, as from the ledger text."""
    ledger = parse_file(LEDGER_DIR / f"{gid(path)}.txt")
    from_text = record_game(replay(ledger), game_id="g", parsed=ledger)
    game_json = parse_file(path)
    from_json = record_game(replay(game_json), game_id="g", parsed=game_json)
    # A line of a game JSON is its ledger row: the text has four more (its Player rows).
    assert [t.line for t in from_json.timeline] == [t.line - 4 for t in from_text.timeline]
    assert from_json == _without_lines(from_text, from_json)
    assert from_json.players == tuple(p["name"] for p in load(path)["players"])
    assert set(from_json.dropped) == DROPPED.get(gid(path), set())


def _without_lines(record: GameRecord, like: GameRecord) -> GameRecord:
    """``record`` with the timeline's lines of ``like``."""
    timeline = tuple(
        t._replace(line=o.line) for t, o in zip(record.timeline, like.timeline, strict=True)
    )
    return dataclasses.replace(record, timeline=timeline)


@pytest.mark.parametrize("path", [*GAME_JSONS[:7], UNFINISHED, OPTIONS_IN_METADATA], ids=gid)
def test_final_state_is_the_engines(path: Path) -> None:
    data = load(path)
    assert tmlog_final(parse_file(path)) == engine_final(data)


def test_unfinished_game() -> None:
    data = load(UNFINISHED)
    assert not data["finished"]
    parsed = parse_file(UNFINISHED)
    report = audit(parsed)
    assert report.ok and report.rows_compared == 216  # 280 JSON rows, 216 of them action rows
    assert sum("faction" in row for row in data["ledger"]) == 216
    state = replay(parsed).state
    assert (state.round, state.turn, state.finished) == (data["round"], data["turn"], False)


def test_options_from_the_json_header(manifest: dict[str, dict[str, int]]) -> None:
    """The site passes a game's options from its database: the ledger has no option rows."""
    data = load(OPTIONS_IN_METADATA)
    assert not any(row.get("comment", "").startswith("option ") for row in data["ledger"])
    assert sorted(data["metadata"]["game_options"]) == sorted(data["options"])
    parsed = parse_file(OPTIONS_IN_METADATA)
    assert parsed.rows[0].text == "option email-notify"  # sorted, put first, at ledger row 1
    assert {r.line for r in parsed.rows[:10]} == {1}
    report = audit(parsed)
    assert report.ok and report.final_vp == manifest["4pLeague_S66_D1L1_G1"]
    # strict-leech and the others are in play: the same record as the ledger text's.
    text = record_game(replay(parse_file(LEDGER_DIR / "4pLeague_S66_D1L1_G1.txt")), game_id="g")
    from_json = record_game(replay(parsed), game_id="g")
    assert from_json == _without_lines(text, from_json)


def test_players_come_from_the_json() -> None:
    """With players given the engine writes no ``Player N:`` rows; the JSON names them."""
    path = GAME_JSONS[0]
    data = load(path)
    assert not any(row.get("comment", "").startswith("Player ") for row in data["ledger"])
    commands = ledger_to_commands(parse_file(path))
    ledger = ledger_to_commands(parse_file(LEDGER_DIR / f"{gid(path)}.txt"))
    assert commands == ledger
    assert "# Player 1: GeorgeShortwell\n" in commands


def test_detection() -> None:
    raw = GAME_JSONS[0].read_bytes()
    assert detect_format('  {"ledger": []}') == "json"
    assert GAMES.game_for(raw, "x.json.gz").name == "terra_mystica"
    assert GAMES["terra_mystica"].detect(raw[:4096], "x") and GAMES["terra_mystica"].detect(
        b'{"a": 1}', "x"
    )
    text = gzip.decompress(raw)
    assert parse_log(text, source="x").rows == parse_log(raw, source="x").rows
    assert parse_log(text, source="x", input_format="json").rows == parse_log(text).rows
    with pytest.raises(
        InputError, match="x: not a game JSON: the top level is a list, not an object"
    ):
        parse_log("[1, 2]", source="x", input_format="json")
    result = CliRunner().invoke(cli, ["validate", "--input-format", "json", str(UNFINISHED)])
    assert result.exit_code == 0 and "incomplete game (round 5, turn 2)" in result.output


def test_directories_take_game_json_but_not_other_json(tmp_path: Path) -> None:
    (tmp_path / "manifest.json").write_text('{"games": []}')
    (tmp_path / "game.json").write_bytes(UNFINISHED.read_bytes())
    (tmp_path / "b.json.gz").write_bytes(GAME_JSONS[0].read_bytes())
    assert [Path(str(p)).name for p in iter_paths([str(tmp_path)])] == ["b.json.gz", "game.json"]


def _broken(tmp_path: Path, edit: Any) -> Path:
    data = load(GAME_JSONS[0])
    edit(data)
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(data))
    return path


def _set(path: tuple[Any, ...], value: Any) -> Any:
    def edit(data: Any) -> None:
        for key in path[:-1]:
            data = data[key]
        data[path[-1]] = value

    return edit


def _drop(path: tuple[Any, ...]) -> Any:
    def edit(data: Any) -> None:
        for key in path[:-1]:
            data = data[key]
        del data[path[-1]]

    return edit


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (_set(("ledger", 30, "VP", "value"), "lots"), r"ledger\[30\]\.VP\.value: unexpected"),
        (_set(("ledger", 30, "C"), 3), r"ledger\[30\]\.C: expected an object"),
        (_set(("ledger", 30, "commands"), "fly to E5"), r"ledger\[30\]\.commands: unexpected"),
        (_set(("ledger", 30, "commands"), "build\nE5"), r"ledger\[30\]\.commands: a line break"),
        (_set(("ledger", 31), [1]), r"ledger\[31\]: expected an object"),
        (_set(("ledger", 2, "comment"), 7), r"ledger\[2\]\.comment: expected a string"),
        (_set(("ledger",), {}), r"no 'ledger' list"),
        (_set(("players",), "x"), r"players: expected a list"),
        # Issue 27: the bowls and cults given apart (P1-P3, FIRE-AIR) went unchecked, a
        # bool was read as a number, a float was "expected a string", and the
        # metadata's map was named as the top level's.
        (_set(("ledger", 30, "P2", "value"), "garbage"), r"\]\.P2\.value: expected a number"),
        (_set(("ledger", 30, "WATER"), None), r"ledger\[30\]\.WATER: expected an object"),
        (_drop(("ledger", 30, "P3")), r"ledger\[30\]\.P3: missing$"),
        (_drop(("ledger", 30, "AIR", "value")), r"ledger\[30\]\.AIR\.value: missing$"),
        (_set(("ledger", 30, "EARTH", "delta"), "x"), r"\]\.EARTH\.delta: expected a number"),
        # Row 30 (cultists: build F5) has PW "5/7/0" and CULT "1/0/1/0".
        (
            _set(("ledger", 30, "P2", "value"), 8),
            r'ledger\[30\]\.P2\.value: 8 disagrees with ledger\[30\]\.PW\.value "5/7/0"$',
        ),
        (
            _set(("ledger", 30, "FIRE", "value"), 0),
            r'\.FIRE\.value: 0 disagrees with ledger\[30\]\.CULT\.value "1/0/1/0"$',
        ),
        (
            _set(("ledger", 30, "P1", "value"), 5.5),
            r"\.P1\.value: expected a whole number, got 5.5",
        ),
        (_set(("ledger", 30, "VP", "value"), True), r"\.VP\.value: expected a number, got true$"),
        (_set(("ledger", 30, "VP", "delta"), False), r"\.VP\.delta: expected a number, got false"),
        (
            _set(("ledger", 30, "VP", "value"), 20.5),
            r"\.VP\.value: expected a whole number, got 20.5",
        ),
        (_set(("ledger", 30, "VP", "value"), None), r"\.VP\.value: expected a number, got null"),
        (_set(("ledger", 30, "PW", "value"), None), r"\.PW\.value: expected a string, got null"),
        (_set(("ledger", 30, "leech"), {"red": True}), r"\.leech\.red: expected a number"),
        (_set(("metadata", "map_variant"), 7), r"broken\.json: metadata\.map_variant: expected a"),
        (_set(("map_variant",), ["x"]), r"broken\.json: map_variant: expected a string"),
    ],
)
def test_bad_json_names_its_path(tmp_path: Path, edit: Any, message: str) -> None:
    path = _broken(tmp_path, edit)
    with pytest.raises(InputError, match=message):
        parse_file(path)
    result = CliRunner().invoke(cli, ["validate", str(path)])
    assert result.exit_code == 1
    assert "Traceback" not in result.output
    assert f"{path}: " in result.output


def test_a_disagreeing_bowl_fails_the_audit(tmp_path: Path) -> None:
    """Before, the audit said "OK, 314 rows match" (it compares PW and CULT only)."""
    path = _broken(tmp_path, _set(("ledger", 30, "P2", "value"), 8))
    result = CliRunner().invoke(cli, ["audit", str(path)])
    assert result.exit_code == 1
    assert result.stderr == (
        f'Error: {path}: ledger[30].P2.value: 8 disagrees with ledger[30].PW.value "5/7/0"\n'
    )
    assert "0 match, 0 diverge, 1 failed" in result.stdout


@pytest.mark.parametrize(
    ("text", "kind"),
    [("null", "null"), ("[]\n", "a list"), (" 7", "a number"), ('"x"', "a string")],
)
def test_json_that_is_not_an_object_is_not_a_command_log(
    tmp_path: Path, text: str, kind: str
) -> None:
    message = f"not a game JSON: the top level is {kind}, not an object"
    with pytest.raises(InputError, match=f"^g: {message}$"):
        parse_log(text, source="g")
    with pytest.raises(InputError, match=f"^g: {message}$"):
        parse_log(text.encode(), source="g")
    path = tmp_path / "g.json"
    path.write_text(text)
    result = CliRunner().invoke(cli, ["validate", str(path)])
    assert result.exit_code == 1
    assert result.stderr == f"Error: {path}: {message}\n"


def test_an_illegal_move_names_its_ledger_row(tmp_path: Path) -> None:
    # ledger[30] is the cultists' "build F5" in round 0, when nothing can be upgraded.
    assert load(GAME_JSONS[0])["ledger"][30]["commands"] == "build F5"
    path = _broken(tmp_path, _set(("ledger", 30, "commands"), "upgrade E6 to TP"))
    result = replay(parse_file(path))
    assert str(result.error) == (
        f"{path}:31: cultists: upgrade E6 to TP: buildings cannot be upgraded during setup"
    )


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b'{"ledger": [', r"broken\.json:1:13: not valid JSON"),
        (b'{"ledger": 5}', "not a game JSON: no 'ledger' list"),
        (b"\x1f\x8b\x08\x00garbage", "not a readable gzip file"),
        (gzip.compress(b'{"ledger": [1', mtime=0)[:-8], "not a readable gzip file"),
        (b'{"ledger": "\xff"}', "not UTF-8 text"),
    ],
)
def test_unreadable_json(tmp_path: Path, data: bytes, message: str) -> None:
    path = tmp_path / "broken.json"
    path.write_bytes(data)
    with pytest.raises(TmlogError, match=message):
        parse_file(path)
    result = CliRunner().invoke(cli, ["audit", str(path)])
    assert result.exit_code == 1 and "Traceback" not in result.output


def test_cli_reports_are_the_same_from_json_and_text() -> None:
    runner = CliRunner()
    ledger = str(LEDGER_DIR / "4pLeague_S64_D1L1_G3.txt")
    game = str(DATA / "4pLeague_S64_D1L1_G3.json.gz")
    json_out = ["--format", "json"]
    for command in (
        ["vp", *json_out],
        ["leech", *json_out],
        ["stats", *json_out],
        ["replay", "--at", "R3T2", *json_out],
        ["replay"],
        ["convert"],
    ):
        outputs = []
        for path in (ledger, game):
            result = runner.invoke(cli, [*command, path])
            assert result.exit_code == 0, result.output
            outputs.append(result.output.replace(path, "GAME"))
        assert outputs[0] == outputs[1], command
    result = runner.invoke(cli, ["audit", str(DATA)])
    assert result.exit_code == 0
    assert "44 ledgers audited, 14726 rows compared: 44 match, 0 diverge, 0 failed" in result.output


MAP_GAMES = sorted((DATA / "fire-ice").glob("*.json.gz"))


@pytest.mark.parametrize("path", MAP_GAMES, ids=gid)
def test_map_options_and_players_from_the_json(path: Path) -> None:
    """Fire & Ice games on every map, their setup only in the JSON's header."""
    data = load(path)
    assert not any(
        row.get("comment", "").startswith(("option ", "map ", "Player ")) for row in data["ledger"]
    )
    parsed = parse_file(path)
    report = audit(parsed)
    assert report.ok and report.rows_compared > 150, report.error
    result = replay(parsed)
    assert result.map_id == (data["map_variant"] or "126fe960806d587c78546b30f1a90853b1ada468")
    assert tmlog_final(parsed) == engine_final(data)
    # five of the ten logs have no `player` rows: no players, no names
    names = {p["name"] for p in data["players"]} or {None}
    assert {f.player for f in result.state.factions} == names


def test_all_map_games_are_there() -> None:
    assert len(MAP_GAMES) == 10


def test_the_engines_error_is_a_warning(tmp_path: Path) -> None:
    """A game the site's engine stopped on: its error is said, the ledger still read."""
    path = _broken(tmp_path, _set(("error",), ["Error on line 5 [witches: fly]:", "Unknown"]))
    parsed = parse_file(path)
    assert parsed.warnings == [
        f"{path}: the site's engine reported an error: Error on line 5 [witches: fly]: Unknown"
    ]
    result = CliRunner().invoke(cli, ["validate", str(path)])
    assert "the site's engine reported an error" in result.output
