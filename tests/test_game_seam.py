"""The game seam is real: a toy third game (``tests/data/toy_game``, a distribution
of its own) goes through the runner, the cache, the report tables, win rates and
the commands parse, validate, vp and stats: registered in this process, and
installed with its own ``tmlog.games`` entry point beside tmlog, alone and mixed
with both real games. Nothing in tmlog is changed for it.
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from tmlog import GAMES, faction_winrates, frames, iter_records, vp_breakdown
from tmlog.cache import ResultCache
from tmlog.cli import cli
from tmlog.corpus import Failure

TOY_PROJECT = Path(__file__).parent / "data" / "toy_game"
ROOT = Path(__file__).parent.parent
SAMPLE_TM = ROOT / "sample_logs" / "4pLeague_S64_D1L1_G3.txt"
SAMPLE_ROOT = ROOT / "tests" / "data" / "rootlog" / "2020_11_26_winter_tournament_r1g3.rootlog"


def _toy_module() -> object:
    spec = importlib.util.spec_from_file_location("tmlog_toy", TOY_PROJECT / "tmlog_toy.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["tmlog_toy"] = module  # its objects pickle by module name
    spec.loader.exec_module(module)
    return module


toy = _toy_module()
TOY = toy.GAME  # type: ignore[attr-defined]
ToyRecord = toy.ToyRecord  # type: ignore[attr-defined]
GAME_1 = "#toy\nann: 3\nbob: 5 bonus\nann: 4\nend\n"  # ann 7, bob 5
GAME_2 = "#toy\nbob: 6\nann: 2\nend\n"  # bob 6, ann 2


@pytest.fixture()
def toy_logs(tmp_path: Path) -> Iterator[Path]:
    folder = tmp_path / "toys"
    folder.mkdir()
    (folder / "g1.txt").write_text(GAME_1, encoding="utf-8")
    (folder / "g2.txt").write_text(GAME_2, encoding="utf-8")
    (folder / "g3.txt").write_text("#toy\nann: lots\n", encoding="utf-8")
    with GAMES.registered(TOY):
        yield folder


def test_the_toy_goes_through_the_runner_and_the_cache(toy_logs: Path, tmp_path: Path) -> None:
    fresh = list(iter_records([str(toy_logs)]))
    assert [type(r).__name__ for r in fresh] == ["ToyRecord", "ToyRecord", "Failure"]
    assert isinstance(fresh[2], Failure) and "expected 'player: points'" in fresh[2].message
    cache = ResultCache(tmp_path / "cache")
    stored = list(iter_records([str(toy_logs)], cache=cache))
    assert len(cache.index()) == 2
    again = list(iter_records([str(toy_logs)], cache=ResultCache(tmp_path / "cache")))
    assert again == stored == fresh
    light = list(iter_records([str(toy_logs)], cache=cache, tables=("games", "factions")))
    assert [r.vp for r in light if isinstance(r, ToyRecord)] == [(), ()]


def test_toy_tables_and_win_rates(toy_logs: Path) -> None:
    records = [r for r in iter_records([str(toy_logs)]) if isinstance(r, ToyRecord)]
    tables = frames(records)
    assert list(tables) == ["games", "factions", "vp"]
    assert list(tables.factions.columns) == [
        "game", "faction", "start_order", "final_vp", "dropped", "finished",
    ]  # fmt: skip
    rates = faction_winrates(tables.factions).set_index("faction")
    assert rates.loc["ann", "wins"] == 1.0 and rates.loc["bob", "games"] == 2
    by_source = vp_breakdown(tables.vp)
    assert by_source[by_source.faction == "bob"]["vp"].tolist() == [5, 6]


def test_toy_through_the_command_line(toy_logs: Path, tmp_path: Path) -> None:
    runner = CliRunner()
    g1 = str(toy_logs / "g1.txt")

    parsed = runner.invoke(cli, ["parse", g1])
    assert parsed.exit_code == 0 and parsed.stdout.splitlines()[1] == f"{g1}:3: bob +5 (bonus)"

    valid = runner.invoke(cli, ["validate", g1, "-q", "-j", "1"])
    assert valid.stdout == f"OK {g1}: 2 players, 3 moves, final VP ann 7, bob 5\n"

    cache = ["--cache", str(tmp_path / "cli-cache"), "-q", "-j", "1"]
    vp = runner.invoke(cli, ["vp", g1, "--format", "csv", *cache])
    assert vp.exit_code == 0 and f"{g1},bob,bonus,5" in vp.stdout

    stats = runner.invoke(cli, ["stats", str(toy_logs), *cache])
    assert stats.exit_code == 1  # g3 does not parse; the two others are counted
    lines = stats.stdout.splitlines()
    assert lines[0].split()[:3] == ["faction", "games", "wins"]
    # wins with two decimals, as in every table (issue 10: no longer 3 when all are <= 1)
    assert sorted(line.split()[:3] for line in lines[1:3]) == [
        ["ann", "2", "1.00"],
        ["bob", "2", "1.00"],
    ]
    assert lines[-1] == "2 games; left out: 0 dropped factions, 0 unfinished games"


def test_a_mixed_corpus_is_told_apart(toy_logs: Path) -> None:
    sample = Path(__file__).parent.parent / "sample_logs" / "4pLeague_S64_D1L1_G3.txt"
    items = list(iter_records([str(toy_logs / "g1.txt"), str(sample)]))
    assert [type(i).__name__ for i in items] == ["ToyRecord", "GameRecord"]
    assert GAMES.game_of_record(items[1]).name == "terra_mystica"


# ---- the toy game installed as a distribution of its own, found by its entry point


@pytest.fixture(scope="module")
def installed_toy(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The toy game built and installed (``pip install --target``) into a folder of
    its own; a process with that folder on its path has a third game installed."""
    target = tmp_path_factory.mktemp("site")
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-build-isolation",
         "--no-index", "--target", str(target), str(TOY_PROJECT)],
        check=True, capture_output=True,
    )  # fmt: skip
    return target


def _tmlog(site: Path, *args: str, cache: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(site), "XDG_CACHE_HOME": str(cache)}
    return subprocess.run(
        [sys.executable, "-m", "tmlog", *args], capture_output=True, text=True, env=env,
        timeout=120,
    )  # fmt: skip


def test_the_installed_toy_is_found_by_its_entry_point(installed_toy: Path, tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(installed_toy)}
    listed = subprocess.run(
        [sys.executable, "-c",
         "import importlib.metadata as m;"
         "print(sorted(e.name for e in m.entry_points(group='tmlog.games')))"],
        capture_output=True, text=True, env=env, check=True,
    )  # fmt: skip
    assert listed.stdout.strip() == "['root', 'terra_mystica', 'toy']"
    # Without the folder, only tmlog's own two.
    plain = subprocess.run(
        [sys.executable, "-c",
         "import importlib.metadata as m;"
         "print(sorted(e.name for e in m.entry_points(group='tmlog.games')))"],
        capture_output=True, text=True, check=True,
    )  # fmt: skip
    assert plain.stdout.strip() == "['root', 'terra_mystica']"


def test_the_installed_toy_through_every_shared_command(
    installed_toy: Path, tmp_path: Path
) -> None:
    folder = tmp_path / "mixed"
    folder.mkdir()
    (folder / "g1.txt").write_text(GAME_1, encoding="utf-8")
    (folder / "g2.txt").write_text(GAME_2, encoding="utf-8")
    cache = tmp_path / "cache"
    g1 = str(folder / "g1.txt")

    parsed = _tmlog(installed_toy, "parse", g1, cache=cache)
    assert parsed.returncode == 0, parsed.stderr
    assert parsed.stdout.splitlines()[1] == f"{g1}:3: bob +5 (bonus)"
    valid = _tmlog(installed_toy, "validate", g1, "-q", "-j", "1", cache=cache)
    assert valid.stdout == f"OK {g1}: 2 players, 3 moves, final VP ann 7, bob 5\n"
    vp = _tmlog(installed_toy, "vp", g1, "--format", "csv", "-q", "-j", "1", cache=cache)
    assert vp.returncode == 0 and f"{g1},bob,bonus,5" in vp.stdout
    # A command the toy cannot do is refused in one line, as a usage error.
    audit = _tmlog(installed_toy, "audit", g1, "-q", "-j", "1", cache=cache)
    assert audit.returncode == 2
    assert (
        audit.stderr.strip().splitlines()[-1] == f"Error: {g1}: tmlog audit does not serve Toy logs"
    )
    page = tmp_path / "toy.html"
    report = _tmlog(installed_toy, "report", g1, "-o", str(page), cache=cache)
    assert report.returncode == 2 and not page.exists()
    assert report.stderr.strip() == f"Error: {g1}: tmlog report does not serve Toy logs"

    # Mixed with both real games: each log goes to its own game, through the cache twice.
    for sample in (SAMPLE_TM, SAMPLE_ROOT):
        (folder / sample.name).write_bytes(sample.read_bytes())
    for _ in range(2):
        stats = _tmlog(installed_toy, "stats", str(folder), "-q", "-j", "1", cache=cache)
        assert stats.returncode == 0, stats.stderr
        # 2 toy games, 1 Terra Mystica, 1 Root: one table, every game counted once
        # (the witches dropped out of the Terra Mystica game: left out, as the site does).
        assert stats.stdout.splitlines()[-1].startswith("4 games;")
        for faction in ("ann", "bob", "cultists", "C"):
            assert any(line.split()[0] == faction for line in stats.stdout.splitlines()[1:-1])
    valid = _tmlog(installed_toy, "validate", str(folder), "-q", "-j", "1", cache=cache)
    assert valid.returncode == 0 and valid.stdout.count("OK ") == 4
    audit = _tmlog(installed_toy, "audit", str(folder), "-q", "-j", "1", cache=cache)
    assert audit.returncode == 0  # the Terra Mystica ledger is audited; the others noted
    assert "3 ledgers" not in audit.stdout and "1 ledger audited" in audit.stdout
    assert audit.stderr.count("skipped: ") == 3
