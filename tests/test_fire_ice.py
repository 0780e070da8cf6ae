"""Fire & Ice factions, every map and every Fire & Ice final scoring tile.

``tests/data/fire-ice/`` holds ten complete, legal 6-round games, one per map
(Original, Original [2017 vp], Fire & Ice sides 1 and 2, Loon Lakes v1.3,
v1.5, v1.6, Fjords v1.0, v2.0, v2.1), with every Fire & Ice faction (the
Shapeshifters and Riverwalkers in all their versions), each Fire & Ice final
scoring tile at least twice, a 3- and a 5-player game, Fakirs and Giants.
Each was made by a generator that proposed random moves and kept only those
the reference engine accepted; ``expected.json`` holds the reference engine's
figures for each (evaluate_game of jsnell/terra-mystica, run on the log with
the terrain of its map): the values after every ledger row and the final
state of every faction. Names say what a game exercises.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from tmlog.cli import cli
from tmlog.games.terra_mystica.parse import parse_file
from tmlog.games.terra_mystica.record import record_game
from tmlog.games.terra_mystica.replay import replay
from tmlog.games.terra_mystica.replay.ledger import Row
from tmlog.games.terra_mystica.replay.maps import MAPS

DATA = Path(__file__).parent / "data" / "fire-ice"
EXPECTED: dict[str, Any] = json.loads((DATA / "expected.json").read_text(encoding="utf-8"))
GAMES = {g["log_file"]: g for g in EXPECTED["games"]}
FIELDS = ["VP", "C", "W", "P", "P1", "P2", "P3", "FIRE", "WATER", "EARTH", "AIR"]


@pytest.fixture(scope="module")
def replays() -> dict[str, Any]:
    return {name: replay(parse_file(str(DATA / name))) for name in GAMES}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_row_matches_the_reference_engine(name: str, replays: dict[str, Any]) -> None:
    result = replays[name]
    assert result.error is None
    assert result.finished
    ours = [[r.faction, *r.values] for r in result.rows if isinstance(r, Row)]
    theirs = GAMES[name]["rows"]
    assert len(ours) == len(theirs)
    for i, (a, b) in enumerate(zip(ours, theirs, strict=True)):
        assert a == b, f"ledger row {i}: {dict(zip(['faction', *FIELDS], b, strict=True))}"


@pytest.mark.parametrize("name", sorted(GAMES))
def test_final_state_matches_the_reference_engine(name: str, replays: dict[str, Any]) -> None:
    result = replays[name]
    for faction, want in GAMES[name]["final"].items():
        f = result.state.faction(faction)
        assert f.vp == want["vp"]
        assert (f.c, f.w, f.p) == (want["c"], want["w"], want["p"])
        assert list(f.power) == want["power"]
        assert list(f.cults) == want["cults"]
        assert f.buildings._asdict() == want["buildings"]
        assert f.shipping == want["ship"]


def test_coverage_of_factions_maps_and_tiles(replays: dict[str, Any]) -> None:
    factions = {f.full_name for r in replays.values() for f in r.state.factions}
    for name in ("icemaidens", "yetis", "acolytes", "dragonlords", "fakirs", "giants"):
        assert name in factions
    for version in ("", "_v2", "_v3", "_v4", "_v5"):
        assert f"shapeshifters{version}" in factions
    # The reference engine's variable sets v2 and v3 keep the first Riverwalkers.
    for version in ("", "_v4", "_v5"):
        assert f"riverwalkers{version}" in factions
    assert {r.state.map_id for r in replays.values()} == set(MAPS)
    tiles = [k for r in replays.values() for k in r.state.final_scoring]
    for tile in (
        "connected-distance",
        "connected-sa-sh-distance",
        "building-on-edge",
        "connected-clusters",
    ):
        assert tiles.count(tile) >= 2
    assert {len(r.state.factions) for r in replays.values()} == {3, 4, 5}


def test_final_scoring_tile_vp_has_its_own_source(replays: dict[str, Any]) -> None:
    # The reference engine's "+Nvp for <tile>" rows become final-<tile> VP
    # (in games where some faction scored on the tile: nobody has an SA and an
    # SH in one network in one of the connected-sa-sh-distance games).
    scored = 0
    for result in replays.values():
        record = record_game(result)
        sources = {row.source for row in record.vp}
        (tile,) = [k for k in result.state.final_scoring if k not in ("network", "cults")]
        if any(f.final_counts.get(tile) for f in result._game.order if not f.dummy):
            assert f"final-{tile}" in sources
            scored += 1
        for f in record.factions:
            assert sum(v.vp for v in record.vp if v.faction == f.faction) == f.final_vp
    assert scored >= 8


def test_2017_map_variant_starting_vp(replays: dict[str, Any]) -> None:
    # Starting VP of the "Original [2017 vp]" map: the reference engine's
    # vp_setups{original_2017} (acolytes 23, engineers 16, riverwalkers 21, witches 19).
    result = replays["original2017_riverwalkers-acolytes-witches-engineers_building-on-edge.log"]
    initial = {f.name: f.vp_source["initial"] for f in result._game.order if not f.dummy}
    assert initial == {"riverwalkers": 21, "acolytes": 23, "witches": 19, "engineers": 16}


@pytest.mark.parametrize("command", ["vp", "leech", "stats"])
def test_reports_work_on_fire_ice_games(command: str) -> None:
    result = CliRunner().invoke(cli, [command, str(DATA), "--no-cache", "-q", "-j", "1"])
    assert result.exit_code == 0, result.output
    assert "shapeshifters" in result.stdout and "icemaidens" in result.stdout


def test_render_draws_ice_and_volcano(tmp_path: Path) -> None:
    name = "fi-side2_shapeshifters-v2-yetis-acolytes-halflings_connected-sa-sh-distance.log"
    out = tmp_path / "map.png"
    result = CliRunner().invoke(cli, ["render", str(DATA / name), "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert out.stat().st_size > 20_000


def test_later_versions_keep_their_own_name_in_reports(replays: dict[str, Any]) -> None:
    # As the reference site's statistics do (shapeshifters_vN, riverwalkers_vN).
    names = {f.faction for r in replays.values() for f in record_game(r).factions}
    assert {"shapeshifters", "shapeshifters_v5", "riverwalkers_v4", "riverwalkers"} <= names
    record = record_game(replays[next(n for n in GAMES if "shapeshifters-v5" in n)])
    assert {v.faction for v in record.vp} == {f.faction for f in record.factions}
