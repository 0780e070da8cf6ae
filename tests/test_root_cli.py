"""The shared commands on Rootlog files: ``vp`` (and ``--timeline``), ``stats``,
``replay --at``, ``render`` and the README's Root examples, byte for byte.

Expected figures come from the logs: setup pieces counted on their setup
lines, final VP as ``test_root_driver.FINAL`` tallies them, winners from the
``Winner:`` lines.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.test_root_driver import FINAL
from tmlog.cli import cli

DATA = Path(__file__).parent / "data" / "rootlog"
R2G4 = DATA / "2020_11_24_winter_tournament_r2g4.rootlog"
README = Path(__file__).parent.parent / "README.md"


def invoke(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args))
    assert "Traceback" not in result.output
    return result.exit_code, result.stdout, result.stderr


def test_replay_at_the_end_of_setup() -> None:
    code, out, _ = invoke("replay", str(R2G4), "--at", "R0")
    assert code == 0
    lines = out.splitlines()
    # Setup lines 15-18: C:...w->1+2+3+5+6+7+8+9+10+11+12 (11 warriors, sawmill,
    # recruiter, workshop; keep and no wood), A:3#->$, O:w->10+11/2w->5, P:w->4+8+9.
    assert lines[0] == f"{R2G4}: setup, after P's turn (log line 18) (end of round 0)"
    rows = {line.split()[0]: line.split() for line in lines[2:6]}
    assert rows["C"][-6:] == ["0", "11", "3", "1", "3", "-"]  # VP, w, b, t, hand, crafted
    assert rows["O"][-6:] == ["0", "4", "0", "0", "3", "-"]
    assert rows["P"][-6:] == ["0", "3", "0", "0", "3", "-"]


def test_replay_at_a_line_and_as_json() -> None:
    code, out, _ = invoke("replay", str(R2G4), "--at", "20", "--format", "json")
    assert code == 0
    state = json.loads(out)
    # Turn lines up to 20: setup (15-18) and C's first turn on line 20:
    # `++` after the first recruiter, `++` after a sawmill (LoR 6.5.4.III).
    assert (state["round"], state["line"], state["at"]) == (1, 20, "20")
    assert state["vp"]["C"] == 2 and state["vp_by_source"]["C"] == {"marquise-building": 2}
    # The timeline, turn by turn: the four setup lines (15-18), then C's turn.
    assert [(t["line"], t["round"], t["vp"]["C"]) for t in state["timeline"]] == [
        (15, 0, 0),
        (16, 0, 0),
        (17, 0, 0),
        (18, 0, 0),
        (20, 1, 2),
    ]


def test_replay_to_the_end() -> None:
    code, out, _ = invoke("replay", str(R2G4))
    assert code == 0
    head = out.splitlines()[0]
    assert head.endswith("(log line 50), game over, winner C")  # the last turn line, Winner: C


@pytest.mark.parametrize(
    ("at", "message"),
    [
        # The game ends on line 50, C's turn, the first of round 7; then "Winner: C".
        (
            "R9",
            "R9 is past the end of "
            + str(R2G4)
            + ": its last point is log line 50, round 7, turn 1 (game over)",
        ),
        (
            "R7T5",
            "R7T5 is past the last turn of round 7 of " + str(R2G4) + ": its last turn is R7T1",
        ),
        # 4 players: round 3 exists and has 4 turns (in Terra Mystica's words for --at).
        (
            "R3T9",
            "R3T9 is past the last turn of round 3 of " + str(R2G4) + ": its last turn is R3T4",
        ),
        ("999", "999 is past the end of"),
        ("round3", "use a log line number (120), a round (R3; R0 is setup)"),
    ],
)
def test_replay_at_outside_the_game_is_a_usage_error(at: str, message: str) -> None:
    code, _, err = invoke("replay", str(R2G4), "--at", at)
    assert code == 2 and message in err


def test_a_strict_replay_error_is_positioned(tmp_path: Path) -> None:
    log = tmp_path / "t.rootlog"
    log.write_text("Map: Fall\nDeck: E&P\nC: a\nC:w->1\nC:w1->3\n")
    code, _, err = invoke("replay", str(log), "--input-format", "rootlog-strict")
    assert code == 1
    assert err == (
        f"Error: {log}:5:3: C:w1->3: clearings 1 and 3 are not adjacent (Law of Root 2.2.1)\n"
    )
    code, _, err = invoke("replay", str(log))
    assert code == 0 and err.startswith(f"warning: {log}:5:3: C:w1->3:")


@pytest.mark.parametrize(
    "name",
    [
        "2020_11_24_winter_tournament_r2g4",  # Fall
        "2020_11_08_mega_exploding_birds",  # Winter
        "2020_11_19_winter_tournament_r1g2",  # Lake
        "2020_11_26_winter_tournament_r1g3",  # Mountain
    ],
)
def test_render_each_map(name: str, tmp_path: Path) -> None:
    out = tmp_path / "board.png"
    code, _, err = invoke("render", str(DATA / f"{name}.rootlog"), "--at", "R2", "-o", str(out))
    assert code == 0 and err.endswith(f"wrote {out}\n")
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_vp_sources_sum_to_the_final_vp() -> None:
    code, out, _ = invoke("vp", str(DATA), "--format", "json", "--no-cache", "-q")
    assert code == 0
    totals: dict[tuple[str, str], int] = {}
    for row in json.loads(out):
        key = (Path(row["game"]).stem, row["faction"])
        totals[key] = totals.get(key, 0) + row["vp"]
    assert totals == {(g, f): vp for g, final in FINAL.items() for f, vp in final.items()}


def test_vp_timeline_ends_at_the_final_vp() -> None:
    code, out, _ = invoke("vp", str(R2G4), "--timeline", "--format", "json", "--no-cache", "-q")
    assert code == 0
    rows = {r["faction"]: r for r in json.loads(out)}
    assert {f: r["final"] for f, r in rows.items()} == FINAL[R2G4.stem]
    assert all(r["setup"] == 0 for r in rows.values())  # nobody scores in setup
    # Rounds: 7 turns for C (lines 20, 25, ... 50); its last turn scores 30 - 21 = 9.
    assert rows["C"]["R7"] == 30 and rows["C"]["R6"] == 21


def test_stats_share_coalition_wins() -> None:
    code, out, _ = invoke("stats", str(DATA), "--format", "json", "--no-cache", "-q")
    assert code == 0
    wins = {r["faction"]: r["wins"] for r in json.loads(out)}
    # Winner lines: V, E, CG, A, C, E, CGV, P.
    assert wins["G"] == pytest.approx(1 / 2 + 1 / 3)
    assert wins["C"] == pytest.approx(1 + 1 / 2 + 1 / 3)
    assert wins["V"] == pytest.approx(1 + 1 / 3)
    assert wins["E"] == 2 and wins["D"] == 0


def test_readme_has_the_root_examples() -> None:
    # test_root_game.test_readme_root_examples_are_real_output runs them.
    section = README.read_text("utf-8").split("## Root (Rootlog)", 1)[1].split("\n## ", 1)[0]
    commands = re.findall(r"^\$ tmlog (\w+)", section, re.M)
    assert {"validate", "vp", "stats", "replay", "render"} <= set(commands)
    assert "--timeline" in section and "--at R3T2" in section


def test_a_folder_of_both_games(tmp_path: Path) -> None:
    import shutil

    shutil.copy(R2G4, tmp_path)
    tm = Path(__file__).parent.parent / "sample_logs" / "4pLeague_S64_D1L1_G3.txt"
    shutil.copy(tm, tmp_path)
    code, out, _ = invoke("vp", str(tmp_path), "--no-cache", "-q", "-j", "1")
    assert code == 0
    assert f"{tmp_path / R2G4.name}\nsource" in out and f"{tmp_path / tm.name}\nsource" in out
    code, out, _ = invoke("stats", str(tmp_path), "--no-cache", "-q", "-j", "1")
    assert code == 0 and out.splitlines()[-1].startswith("2 games;")
    rows = {line.split()[0]: line.split()[2] for line in out.splitlines()[1:-1]}
    assert rows["C"] == rows["cultists"] == "1.00"  # Winner: C; cultists 168 VP, the most


def test_the_help_of_vp_and_render_speaks_of_root_too() -> None:
    from tmlog.cli.rendering import render
    from tmlog.cli.reports import vp
    from tmlog.games.root.record import source_name
    from tmlog.games.root.scoring import VpSource

    text = " ".join((vp.help or "").split())
    assert [source_name(s) for s in VpSource if source_name(s) not in text] == []
    assert "Root" in (render.help or "") and ".rootlog" in (render.help or "")


def test_stats_groups_root_games_by_map_deck_players_and_seat() -> None:
    # Each game's map is its file's "Map:" line, read here from the text.
    maps = {}
    for path in sorted((R2G4.parent).glob("*.rootlog")):
        line = next(x for x in path.read_text().splitlines() if x.startswith("Map:"))
        maps[path.name] = line.split(":", 1)[1].split("//")[0].strip()
    code, out, _ = invoke("stats", str(R2G4.parent), "--by", "map", "--no-cache")
    assert code == 0
    rows = [line.split() for line in out.splitlines()[1:] if line and not line.startswith("8 ")]
    games_per_map: dict[str, int] = {}
    for row in rows:
        games_per_map[row[0]] = games_per_map.get(row[0], 0) + int(row[2])
    # Each game has 4 factions: a map's faction-games are 4 per game on it.
    expected = {m: 4 * list(maps.values()).count(m) for m in set(maps.values())}
    assert games_per_map == expected
    for by in ("deck", "players", "seat"):
        code, out, err = invoke("stats", str(R2G4.parent), "--by", by, "--no-cache")
        assert code == 0 and "Traceback" not in err
        assert out.splitlines()[0].split()[0] == by


def test_a_root_seat_is_the_order_of_play() -> None:
    # r2g3: setup turns C, E, A, L (lines 18-21); play opens with L (line 23), then
    # C (24), E (25), A (26): seats L 1, C 2, E 3, A 4 (the player lines' order differs).
    from tmlog import iter_records

    path = R2G4.parent / "2020_11_25_winter_tournament_r2g3.rootlog"
    (record,) = list(iter_records([str(path)]))
    seats = {f.faction: f.start_order for f in record.factions}
    assert seats == {"L": 1, "C": 2, "E": 3, "A": 4}
