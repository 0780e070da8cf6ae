"""The corpus runner: parallel replay, the results cache, Dask, bad logs in a batch."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from click.testing import CliRunner

from tmlog.cache import ResultCache, content_key
from tmlog.cli import cli
from tmlog.corpus import CHUNK, Failure, iter_records
from tmlog.games.terra_mystica.convert import ledger_to_commands
from tmlog.games.terra_mystica.parse import parse_file
from tmlog.games.terra_mystica.record import GameRecord

LEDGER_DIR = Path(__file__).parent / "data" / "snellman-ledger"
GAMES = sorted(LEDGER_DIR.glob("*.txt"))


@pytest.fixture()
def corpus(tmp_path: Path) -> Path:
    """Eight real games in a directory of their own, plus a broken log and a non-log file."""
    folder = tmp_path / "games"
    folder.mkdir()
    for game in GAMES[:8]:
        shutil.copy(game, folder / game.name)
    (folder / "zz_broken.txt").write_text("witches: biuld E5\n", encoding="utf-8")
    (folder / "notes.md").write_text("not a log\n", encoding="utf-8")
    return folder


def manifest() -> dict[str, dict[str, int]]:
    data = json.loads((LEDGER_DIR / "manifest.json").read_text(encoding="utf-8"))
    return {g["log_file"]: g["expected_total_vp"] for g in data["games"]}


def records(folder: Path, **kwargs: object) -> list[GameRecord | Failure]:
    return list(iter_records([str(folder)], **kwargs))  # type: ignore[arg-type]


def test_bad_logs_are_listed_and_the_rest_counted(corpus: Path) -> None:
    items = records(corpus)
    good = [i for i in items if isinstance(i, GameRecord)]
    bad = [i for i in items if isinstance(i, Failure)]
    assert len(good) == 8 and len(bad) == 1
    assert bad[0].source.endswith("zz_broken.txt")
    assert "biuld" in bad[0].message
    # final VP as the reference engine computed it (manifest.json)
    expected = manifest()
    for record in good:
        vp = {f.faction: f.final_vp for f in record.factions}
        assert vp == expected[Path(record.game).name]


@pytest.fixture()
def big_corpus(corpus: Path) -> Path:
    """More logs than one task holds, so that two processes share the work."""
    for game in GAMES[8:34]:
        shutil.copy(game, corpus / game.name)
    assert len(list(corpus.glob("*.txt"))) > 2 * CHUNK
    return corpus


def test_same_answer_from_one_and_two_processes(big_corpus: Path) -> None:
    assert records(big_corpus, jobs=1) == records(big_corpus, jobs=2)


def test_cache_hit_then_miss_for_an_edited_file(corpus: Path, tmp_path: Path) -> None:
    cache = ResultCache(tmp_path / "cache")
    cold = records(corpus, cache=cache)
    keys = {content_key(p.read_bytes()) for p in corpus.glob("*.txt")}
    stored = ResultCache(tmp_path / "cache")
    assert len([k for k in keys if k in stored]) == 8  # the broken log is not cached

    warm = records(corpus, cache=ResultCache(tmp_path / "cache"), jobs=2)
    assert warm == cold

    # A hit replays nothing: a cached record comes back even if replaying would now fail.
    edited = corpus / GAMES[0].name
    text = edited.read_text(encoding="utf-8")
    edited.write_text(text.replace("build E6", "build E7", 1), encoding="utf-8")
    again = ResultCache(tmp_path / "cache")
    assert content_key(edited.read_bytes()) not in again
    after = records(corpus, cache=again)
    changed = [r for r in after if isinstance(r, GameRecord) and r.game == str(edited)]
    assert changed and changed[0] != cold[0]
    assert content_key(edited.read_bytes()) in ResultCache(tmp_path / "cache")


def test_cached_parts_for_win_rates_only(corpus: Path, tmp_path: Path) -> None:
    cache_dir = tmp_path / "cache"
    full = records(corpus, cache=ResultCache(cache_dir))
    light = records(corpus, cache=ResultCache(cache_dir), tables=("games", "factions"))
    for a, b in zip(full, light, strict=True):
        if isinstance(a, GameRecord):
            assert isinstance(b, GameRecord)
            assert a.factions == b.factions and b.vp == ()


def test_a_run_killed_while_writing_leaves_a_readable_cache(corpus: Path, tmp_path: Path) -> None:
    cache_dir = tmp_path / "cache"
    records(corpus, cache=ResultCache(cache_dir))
    # Kill a writer in the middle of a batch: it is left as a temporary directory.
    script = textwrap.dedent(
        f"""
        import os, signal
        import pathlib
        from tmlog.cache import ResultCache
        from tmlog.corpus import iter_records
        real = pathlib.Path.write_bytes
        def write_then_die(self, data):
            real(self, data)
            if self.name.startswith("vp."):
                os.kill(os.getpid(), signal.SIGKILL)
        pathlib.Path.write_bytes = write_then_die
        list(iter_records([{str(corpus)!r}], cache=ResultCache({str(cache_dir / "other")!r})))
        """
    )
    killed = subprocess.run([sys.executable, "-c", script], check=False)
    assert killed.returncode == -signal.SIGKILL
    # The half-written batch is ignored; the run after it replays and caches everything.
    version_dir = next((cache_dir / "other").iterdir())
    batches = [p for p in version_dir.iterdir() if p.name.startswith("batch-")]
    assert [p.name.endswith(".tmp") for p in batches] == [True]
    assert len(ResultCache(cache_dir / "other").index()) == 0
    fresh = records(corpus, cache=ResultCache(cache_dir / "other"))
    assert fresh == records(corpus, cache=ResultCache(cache_dir))
    assert len(ResultCache(cache_dir / "other").index()) == 8
    # A torn batch file (a copy cut short) is skipped, not misread.
    batch = next(p for p in version_dir.glob("batch-*") if not p.name.endswith(".tmp"))
    data = (batch / "manifest").read_bytes()
    (batch / "manifest").write_bytes(data[: len(data) // 2])
    assert len(ResultCache(cache_dir / "other").index()) == 0
    assert records(corpus, cache=ResultCache(cache_dir / "other")) == fresh
    # So is a batch whose tables are torn: its games are replayed, not half-read.
    for table in ("games", "vp"):
        for batch in version_dir.glob("batch-*"):
            if not batch.name.endswith(".tmp") and (batch / f"{table}.json.z").exists():
                data = (batch / f"{table}.json.z").read_bytes()
                (batch / f"{table}.json.z").write_bytes(data[: len(data) // 2])
        assert records(corpus, cache=ResultCache(cache_dir / "other")) == fresh


def test_dask_local_cluster_gives_the_same_answer(corpus: Path) -> None:
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    ) as cluster:
        on_dask = records(corpus, dask_scheduler=cluster.scheduler_address)
    assert on_dask == records(corpus, jobs=1)


def test_stats_command_same_with_jobs_and_cache(big_corpus: Path, tmp_path: Path) -> None:
    corpus = big_corpus
    runner = CliRunner()
    args = ["stats", str(corpus), "--format", "csv", "-q"]
    plain = runner.invoke(cli, [*args, "--no-cache", "-j", "1"])
    parallel = runner.invoke(cli, [*args, "--no-cache", "-j", "2"])
    cold = runner.invoke(cli, [*args, "--cache", str(tmp_path / "c")])
    warm = runner.invoke(cli, [*args, "--cache", str(tmp_path / "c")])
    assert plain.exit_code == parallel.exit_code == cold.exit_code == warm.exit_code == 1
    assert plain.stdout == parallel.stdout == cold.stdout == warm.stdout
    assert "zz_broken.txt" in plain.stderr and "34 games" in plain.stderr


def test_default_cache_location_follows_xdg(monkeypatch: pytest.MonkeyPatch) -> None:
    if sys.platform in ("win32", "darwin"):
        pytest.skip("XDG applies to Linux and other Unix systems")
    monkeypatch.setenv("XDG_CACHE_HOME", "/some/where")
    assert ResultCache().root == Path("/some/where/tmlog")
    assert os.fspath(ResultCache().directory).startswith("/some/where/tmlog/v3-")


def test_a_cached_error_names_the_path_read_now(tmp_path: Path) -> None:
    lines = ledger_to_commands(parse_file(str(GAMES[0]))).split("\n")
    illegal = "\n".join([*lines[:40], "cultists: upgrade A1 to SH", ""])
    first = tmp_path / "one" / "bad.txt"
    first.parent.mkdir()
    first.write_text(illegal, encoding="utf-8")
    cache = tmp_path / "cache"
    (before,) = records(first.parent, cache=ResultCache(cache))
    moved = tmp_path / "two" / "moved.txt"
    moved.parent.mkdir()
    shutil.copy(first, moved)
    (after,) = records(moved.parent, cache=ResultCache(cache))
    assert isinstance(before, GameRecord) and isinstance(after, GameRecord)
    assert before.error is not None and before.error.startswith(f"{first}:41: ")
    assert after.error == before.error.replace(str(first), str(moved))
    assert after.game == str(moved)


@pytest.mark.parametrize("game", GAMES[:6], ids=lambda p: p.stem)
def test_replay_without_rows_has_the_same_events(game: Path) -> None:
    from tmlog.games.terra_mystica.replay import replay

    parsed = parse_file(str(game))
    full, lean = replay(parsed), replay(parsed, rows=False)
    assert lean.rows == [] and full.rows
    assert lean.events == full.events
    assert lean.final_vp() == full.final_vp()


def _crash(parsed: object, result: object) -> None:
    raise KeyError("boom")


def test_a_crash_in_a_job_names_the_log() -> None:
    from tmlog.corpus import Log, process_log

    failure = process_log(Log(str(GAMES[0]), None, str(GAMES[0])), _crash, None)
    assert isinstance(failure, Failure)
    assert failure.message == f"{GAMES[0]}: internal error: KeyError: 'boom'"
