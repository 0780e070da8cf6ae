"""A record built with only some of its tables is the whole record with the others emptied.

``GameModule.record(parsed, result, tables=...)`` lets a game skip the tables
a command does not want (``tmlog stats`` wants ``games`` and ``factions``; Terra
Mystica then reads them from the replay's state instead of folding every
event). Whatever is skipped, what is built must be what the whole record says:
checked here for every subset of the tables, on every real game in
``tests/data`` of both games, each replayed as the runner's worker replays it
for those tables.
"""

from __future__ import annotations

import itertools
import pickle
from pathlib import Path

import pytest

from tmlog.corpus import Log, PerGame, process_log
from tmlog.games import GAMES, AnyGame
from tmlog.games.terra_mystica.parse import parse_file
from tmlog.games.terra_mystica.record import SCHEMA, record_game
from tmlog.games.terra_mystica.replay import replay
from tmlog.reading import read_bytes

DATA = Path(__file__).parent / "data"
GAME_FILES = [
    *sorted((DATA / "snellman-ledger").glob("*.txt")),
    *sorted((DATA / "fire-ice").glob("*.log")),
    *sorted((DATA / "rootlog").glob("*.rootlog")),
]


def _subsets(game: AnyGame) -> list[tuple[str, ...]]:
    names = [t.name for t in game.schema.tables]
    return [
        ("games", *subset)
        for k in range(len(names) + 1)
        for subset in itertools.combinations(names, k)
    ]


def test_the_games_are_all_there() -> None:
    # 42 corpus ledgers, 10 Fire & Ice command logs, 8 Rootlog games.
    assert len(GAME_FILES) == 60


@pytest.mark.parametrize("path", GAME_FILES, ids=lambda p: p.name)
def test_every_table_subset_is_the_whole_record_cut_down(path: Path) -> None:
    data = read_bytes(str(path))
    game = GAMES.game_for(data, path.name)
    parsed = game.parse(data, source=path.name)
    needs = getattr(game, "replay_needs", lambda job, tables: {})
    whole = game.record(parsed, game.replay(parsed, **needs("record", None)))
    assert whole.error is None
    if game.name == "terra_mystica":  # the whole record has every table filled
        assert all(getattr(whole, t.name) for t in game.schema.tables)
    # One replay per set of replay options (Terra Mystica's ledger rows or not).
    replays: dict[str, object] = {}
    for tables in _subsets(game):
        options = needs("record", frozenset(tables))
        key = repr(sorted(options.items()))
        if key not in replays:
            replays[key] = game.replay(parsed, **options)
        built = game.record(parsed, replays[key], tables=frozenset(tables))
        assert built == game.schema.only(whole, tables), tables


def test_a_record_pickles_to_itself() -> None:
    # Records come back from worker processes pickled (GameRecord.__reduce__).
    name = "fi-side2_shapeshifters-v2-yetis-acolytes-halflings_connected-sa-sh-distance.log"
    log = parse_file(str(DATA / "fire-ice" / name))
    record = record_game(replay(log))
    assert "shapeshifters_v2" in [f.faction for f in record.factions]  # renamed rows too
    again = pickle.loads(pickle.dumps(record, protocol=pickle.HIGHEST_PROTOCOL))
    assert again == record
    for table in SCHEMA.tables:
        rows = getattr(again, table.name)
        assert rows and all(type(row) is table.row for row in rows), table.name
    light = record_game(replay(log, rows=False), tables=("games", "factions"))
    assert pickle.loads(pickle.dumps(light)) == light


def test_the_runner_asks_the_game_for_the_tables_only() -> None:
    path = DATA / "snellman-ledger" / "4pLeague_S64_D1L1_G3.txt"
    log = Log(str(path), read_bytes(str(path)))
    whole = process_log(log, PerGame("record"), None)
    light = process_log(log, PerGame("record", frozenset({"games", "factions"})), None)
    game = GAMES["terra_mystica"]
    assert light == game.schema.only(whole, ("games", "factions"))
    # The dropout game: its factions in seat order (the ledger's setup) with the
    # reference engine's final VP (tests/data/snellman-ledger/manifest.json);
    # the witches dropped out: no rank.
    assert [(f.faction, f.final_vp, f.rank) for f in light.factions] == [  # type: ignore[attr-defined]
        ("darklings", 152, 2),
        ("cultists", 168, 1),
        ("witches", 92, None),
        ("swarmlings", 149, 3),
    ]
    assert light.vp == () and light.timeline == ()  # type: ignore[attr-defined]
