"""The results cache can never change an answer: duplicates, damage, forgery, no room."""

from __future__ import annotations

import json
import os
import shutil
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from tmlog.cli import cli

LEDGER_DIR = Path(__file__).parent / "data" / "snellman-ledger"
GAME = LEDGER_DIR / "4pLeague_S64_D1L1_G1.txt"


def run(*args: str) -> Result:
    return CliRunner().invoke(cli, [*args, "-q", "-j", "1"])


@pytest.fixture()
def two_games(tmp_path: Path) -> Path:
    folder = tmp_path / "games"
    folder.mkdir()
    shutil.copy(GAME, folder / "a.txt")
    shutil.copy(LEDGER_DIR / "4pLeague_S64_D1L1_G2.txt", folder / "c.txt")
    return folder


def cache_files(cache: Path) -> list[Path]:
    """Every file of every batch: manifests and tables."""
    return sorted(p for p in cache.glob("*/batch-*/*") if p.is_file())


def damage_flip(path: Path) -> None:
    data = bytearray(path.read_bytes())
    data[len(data) // 2] ^= 0xFF
    path.write_bytes(bytes(data))


def damage_tear(path: Path) -> None:
    path.write_bytes(path.read_bytes()[: len(path.read_bytes()) // 2])


def _reshape(path: Path, manifest: Callable[[Any], Any], table: Callable[[Any], Any]) -> None:
    """Rewrite a cache file's content, keeping its form (a manifest keeps its MAC line)."""
    raw = path.read_bytes()
    try:
        if path.name == "manifest":
            mac, _, body = raw.partition(b"\n")
            path.write_bytes(mac + b"\n" + json.dumps(manifest(json.loads(body))).encode())
        else:
            content = json.loads(zlib.decompress(raw))
            path.write_bytes(zlib.compress(json.dumps(table(content)).encode()))
    except zlib.error as exc:
        raise ValueError(str(exc)) from None


def damage_wrong_columns(path: Path) -> None:
    def manifest(m: Any) -> Any:
        return {
            **m,
            "tables": {name: {**t, "columns": ["nothing"]} for name, t in m["tables"].items()},
        }

    _reshape(path, manifest, lambda _: {"nothing": [1, 2]})


def damage_wrong_types(path: Path) -> None:
    _reshape(path, lambda m: {**m, "keys": [1] * len(m["keys"])}, lambda t: [1] * len(t))


def damage_undecodable_key(path: Path) -> None:
    raw = path.read_bytes()
    if path.name == "manifest":
        mac, _, body = raw.partition(b"\n")
        path.write_bytes(mac + b"\n" + body.replace(b'"keys":["', b'"keys":["\xff\xfe', 1))
    else:
        text = zlib.decompress(raw)
        at = text.find(b'"') + 1
        path.write_bytes(zlib.compress(text[:at] + b"\xff\xfe" + text[at:]))


def damage_duplicate_rows(path: Path) -> None:
    def twice(table: Any) -> Any:
        if not isinstance(table, list):
            # Reshaped before (damage_wrong_columns leaves a mapping): no rows to repeat.
            raise ValueError("not a table of rows")
        return table * 2

    _reshape(path, lambda m: {**m, "keys": m["keys"] * 2}, twice)


DAMAGES = [
    damage_flip,
    damage_tear,
    damage_wrong_columns,
    damage_wrong_types,
    damage_undecodable_key,
    damage_duplicate_rows,
]
"""Every way of damaging a cache file, for this test and the stateful one."""


@pytest.mark.parametrize("damage", DAMAGES)
@pytest.mark.parametrize("command", ["stats", "vp"])
def test_a_damaged_cache_is_detected_dropped_and_replayed(
    two_games: Path, tmp_path: Path, damage: object, command: str
) -> None:
    cache = str(tmp_path / "C")
    plain = run(command, str(two_games), "--no-cache")
    assert plain.exit_code == 0
    run(command, str(two_games), "--cache", cache)
    for path in cache_files(tmp_path / "C"):
        damage(path)  # type: ignore[operator]
    hurt = run(command, str(two_games), "--cache", cache)
    assert hurt.exit_code == 0, hurt.output
    assert hurt.stdout == plain.stdout
    # One warning, or none when the damage hit only parts this command does not read.
    assert hurt.stderr.count("warning") <= 1, hurt.stderr
    if command == "vp" or damage is not damage_flip:
        assert hurt.stderr.count("warning") == 1 and "cache" in hurt.stderr, hurt.stderr
    # Dropped and replayed: the next run reads a sound cache, silently.
    healed = run(command, str(two_games), "--cache", cache)
    assert healed.stdout == plain.stdout and healed.stderr == ""


def test_a_forged_batch_is_not_trusted(tmp_path: Path) -> None:
    """A batch written by hand for a file that is no game must not make it one."""
    folder = tmp_path / "games"
    folder.mkdir()
    shutil.copy(GAME, folder / "a.txt")
    cache = tmp_path / "C"
    run("stats", str(folder), "--cache", str(cache))
    # Forge: the real game's batch, relabelled with the key of a comment-only file.
    from tmlog.cache import ResultCache

    (folder / "a.txt").write_text("# hello, I am not a game\n", encoding="utf-8")
    forged_key = ResultCache(cache).key_of((folder / "a.txt").read_bytes(), None)
    (manifest,) = cache.glob("*/batch-*/manifest")
    mac, _, body = manifest.read_bytes().partition(b"\n")
    signed = json.loads(body)
    manifest.write_bytes(mac + b"\n" + json.dumps({**signed, "keys": [forged_key]}).encode())
    plain = run("stats", str(folder), "--no-cache")
    forged = run("stats", str(folder), "--cache", str(cache))
    assert forged.stdout == plain.stdout


@pytest.mark.parametrize("where", ["file", "read-only"])
def test_a_cache_that_cannot_be_written_is_skipped_and_said_once(
    two_games: Path, tmp_path: Path, where: str
) -> None:
    cache = tmp_path / "C"
    if where == "file":
        (tmp_path / "F").write_text("a file where a directory should be\n", encoding="utf-8")
        cache = tmp_path / "F" / "C"
    else:
        cache.mkdir()
        cache.chmod(0o500)
        if os.access(cache, os.W_OK):
            pytest.skip("running as root: a read-only directory is still writable")
    plain = run("stats", str(two_games), "--no-cache")
    result = run("stats", str(two_games), "--cache", str(cache))
    assert result.exit_code == 0, result.output
    assert result.stdout == plain.stdout
    assert len(result.stderr.splitlines()) == 1 and "cache" in result.stderr, result.stderr
    assert "Traceback" not in result.output


def test_the_input_format_is_part_of_the_key(tmp_path: Path) -> None:
    from tmlog.games.terra_mystica.convert import ledger_to_commands
    from tmlog.games.terra_mystica.parse import parse_file

    folder = tmp_path / "games"
    folder.mkdir()
    log = folder / "a.txt"
    log.write_text(ledger_to_commands(parse_file(str(GAME))), encoding="utf-8")
    cache = str(tmp_path / "C")
    run("stats", str(folder), "--input-format", "ledger", "--cache", cache)
    plain = run("vp", str(log), "--no-cache")
    assert run("vp", str(log), "--cache", cache).stdout == plain.stdout


def test_the_key_changes_with_the_installed_code(monkeypatch: pytest.MonkeyPatch) -> None:
    from tmlog import cache

    data = GAME.read_bytes()
    before = cache.ResultCache.key_of(data, None)
    monkeypatch.setattr(cache, "code_fingerprint", lambda: "another build")
    assert cache.ResultCache.key_of(data, None) != before


def test_batches_are_compacted_and_the_cache_can_be_seen_and_cleared(tmp_path: Path) -> None:
    from tmlog.cache import MAX_BATCHES, ResultCache

    cache = tmp_path / "C"
    games = sorted(LEDGER_DIR.glob("*.txt"))[: MAX_BATCHES + 4]
    for game in games:  # one run, one batch each
        assert run("stats", str(game), "--cache", str(cache)).exit_code == 0
    found = ResultCache(cache).info()
    assert found.batches <= MAX_BATCHES
    assert found.entries == len(games)
    shown = CliRunner().invoke(cli, ["cache", "info", "--cache", str(cache)])
    assert shown.exit_code == 0
    assert f"entries:   {len(games)}" in shown.output and str(cache) in shown.output
    # Compacted entries still give the answers a replay gives.
    folder = tmp_path / "games"
    folder.mkdir()
    for game in games:
        shutil.copy(game, folder / game.name)
    assert (
        run("stats", str(folder), "--cache", str(cache)).stdout
        == run("stats", str(folder), "--no-cache").stdout
    )
    (cache / "keep.txt").write_text("not tmlog's\n", encoding="utf-8")
    cleared = CliRunner().invoke(cli, ["cache", "clear", "--cache", str(cache)])
    assert cleared.exit_code == 0
    assert ResultCache(cache).info().entries == 0
    assert (cache / "keep.txt").exists()  # only tmlog's own directories go


def test_a_cache_on_a_full_disk_is_skipped_and_said_once(two_games: Path, tmp_path: Path) -> None:
    """Issue 16's full disk, made with a file-size limit (root may write a
    read-only directory, but no one writes past RLIMIT_FSIZE): every write of the
    cache fails as it would with ENOSPC (Python ignores SIGXFSZ, so it is EFBIG)."""
    import resource
    import subprocess
    import sys

    def limited() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (1000, 1000))

    command = [sys.executable, "-m", "tmlog", "stats", str(two_games), "-q", "-j", "1"]
    plain = subprocess.run([*command, "--no-cache"], capture_output=True, text=True, check=False)
    full = subprocess.run(
        [*command, "--cache", str(tmp_path / "C")],
        capture_output=True,
        text=True,
        check=False,
        preexec_fn=limited,
    )
    assert full.returncode == 0, full.stderr
    assert full.stdout == plain.stdout
    assert len(full.stderr.splitlines()) == 1, full.stderr
    assert "results cache" in full.stderr and "going on without it" in full.stderr


def test_a_table_moved_from_another_batch_is_not_trusted(tmp_path: Path) -> None:
    """Each table file is bound to its batch's signed manifest: a sound file of
    another batch (another game's factions) must not be read as this one's."""
    folder = tmp_path / "games"
    folder.mkdir()
    cache = tmp_path / "C"
    for name in ("a", "c"):  # one run, one batch each
        shutil.copy(GAME if name == "a" else LEDGER_DIR / "4pLeague_S64_D1L1_G2.txt", folder)
        run("stats", str(folder), "--cache", str(cache))
    first, second = sorted(cache.glob("*/batch-*"), key=lambda p: p.stat().st_mtime_ns)
    shutil.copy(second / "factions.json.z", first / "factions.json.z")
    plain = run("stats", str(folder), "--no-cache")
    moved = run("stats", str(folder), "--cache", str(cache))
    assert moved.stdout == plain.stdout
    assert moved.stderr.count("warning") == 1 and "cache" in moved.stderr, moved.stderr


def test_a_cache_of_an_older_layout_is_ignored_and_cleared(two_games: Path, tmp_path: Path) -> None:
    """A ``v2-…`` directory (Parquet batches of an older tmlog) is another build's:
    never read, no warning, counted and removed by ``tmlog cache``."""
    cache = tmp_path / "C"
    old = cache / "v2-0123456789abcdef" / "batch-20250101000000-0123456789ab"
    old.mkdir(parents=True)
    (old / "games.parquet").write_bytes(b"PAR1 not read")
    plain = run("stats", str(two_games), "--no-cache")
    cached = run("stats", str(two_games), "--cache", str(cache))
    assert cached.stdout == plain.stdout and cached.stderr == ""
    from tmlog.cache import ResultCache

    assert ResultCache(cache).info().other_builds == 1
    assert CliRunner().invoke(cli, ["cache", "clear", "--cache", str(cache)]).exit_code == 0
    assert not (cache / "v2-0123456789abcdef").exists()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
@pytest.mark.parametrize(
    "where", ["*/batch-*/manifest", "*/batch-*/factions.json.z", "*/identities.json"]
)
def test_a_fifo_in_place_of_a_cache_file_is_not_waited_on(
    two_games: Path, tmp_path: Path, where: str
) -> None:
    """Opening a FIFO waits for a writer: before, a FIFO put in the place of a batch's
    manifest or table, or of the identities file, blocked ``stats`` forever. It is
    damage like any other (one warning, the games replayed). A process of its own,
    so that the test fails by its timeout instead of hanging."""
    import subprocess
    import sys

    cache = tmp_path / "C"
    assert run("stats", str(two_games), "--cache", str(cache)).exit_code == 0
    (layout,) = cache.glob("v3-*")
    fifo = next(cache.glob(where), None) or layout / "identities.json"  # none yet: made
    fifo.unlink(missing_ok=True)
    os.mkfifo(fifo)
    command = [sys.executable, "-m", "tmlog", "stats", str(two_games), "-q", "-j", "1"]
    plain = subprocess.run([*command, "--no-cache"], capture_output=True, text=True, check=True)
    done = subprocess.run(
        [*command, "--cache", str(cache)], capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout == plain.stdout
    (warning,) = done.stderr.splitlines()
    assert "damaged entries dropped" in warning
