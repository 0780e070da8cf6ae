"""`tmlog cache clear` removes only what tmlog wrote, and `tmlog cache info`
measures only that (issue 27)."""

from __future__ import annotations

import errno
import os
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from tmlog.cli import cli

LEDGER_DIR = Path(__file__).parent / "data" / "snellman-ledger"


def run(*args: str) -> Result:
    return CliRunner().invoke(cli, list(args))


def files_under(folder: Path) -> list[str]:
    return sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*"))


@pytest.fixture()
def cached(tmp_path: Path) -> Path:
    """A cache directory holding the results of two games (one batch)."""
    folder = tmp_path / "games"
    folder.mkdir()
    for name in ("4pLeague_S64_D1L1_G1.txt", "4pLeague_S64_D1L1_G2.txt"):
        shutil.copy(LEDGER_DIR / name, folder / name)
    cache = tmp_path / "C"
    assert run("stats", str(folder), "-q", "-j", "1", "--cache", str(cache)).exit_code == 0
    assert len(list(cache.glob("v*-*/batch-*/manifest"))) == 1
    return cache


def test_a_folder_of_the_user_named_tmlog_something_is_kept(cached: Path) -> None:
    """Before issue 27 every folder named ``tmlog-*`` went, with all it held."""
    for name in ("tmlog-games", "tmlog-1.0"):  # the second is named like the first layout's
        (cached / name / "src").mkdir(parents=True)
        (cached / name / "src" / "main.py").write_text("print('mine')\n", encoding="utf-8")
    cleared = run("cache", "clear", "--cache", str(cached))
    assert cleared.exit_code == 0, cleared.output
    assert cleared.stdout == f"cleared {cached}\n" and cleared.stderr == ""
    assert files_under(cached) == [
        "tmlog-1.0",
        "tmlog-1.0/src",
        "tmlog-1.0/src/main.py",
        "tmlog-games",
        "tmlog-games/src",
        "tmlog-games/src/main.py",
    ]


def test_a_symbolic_link_named_like_a_layout_folder_is_not_followed(
    cached: Path, tmp_path: Path
) -> None:
    """Before issue 27 it stopped the clear partway, with ``Error: standard output:
    cannot write: Cannot call rmtree on a symbolic link``."""
    mine = tmp_path / "mine"
    (mine / "batch-20250101000000-0123456789ab").mkdir(parents=True)
    (mine / "batch-20250101000000-0123456789ab" / "manifest").write_text("mine\n", "utf-8")
    (mine / "identities.json").write_text("{}\n", encoding="utf-8")
    (cached / "v3-0123456789abcdef").symlink_to(mine, target_is_directory=True)
    (cached / "ledger-grammar.lark-cache").symlink_to(mine / "identities.json")
    from tmlog.cache import ResultCache

    layout = ResultCache(cached).directory  # tmlog's own
    (layout / "batch-20250101000000-ba7c4ba7c4ba").symlink_to(mine, target_is_directory=True)
    before = files_under(mine)

    cleared = run("cache", "clear", "--cache", str(cached))
    assert cleared.exit_code == 0, cleared.output
    assert cleared.stdout == f"cleared {cached}\n"
    assert sorted(cleared.stderr.splitlines()) == [
        f"warning: left {cached / 'ledger-grammar.lark-cache'}: a symbolic link (not followed)",
        f"warning: left {cached / 'v3-0123456789abcdef'}: a symbolic link (not followed)",
        f"warning: left {layout / 'batch-20250101000000-ba7c4ba7c4ba'}:"
        " a symbolic link (not followed)",
    ]
    assert files_under(mine) == before
    # The clear went on: every file of tmlog's is gone, only the links and their folder stay.
    assert sorted(p.name for p in cached.iterdir()) == sorted(
        ["ledger-grammar.lark-cache", layout.name, "v3-0123456789abcdef"]
    )
    assert [p.name for p in layout.iterdir()] == ["batch-20250101000000-ba7c4ba7c4ba"]


def test_what_the_user_put_in_a_layout_folder_is_kept_and_said(cached: Path) -> None:
    (batch,) = cached.glob("v3-*/batch-*")
    (batch / "notes.txt").write_text("mine\n", encoding="utf-8")
    (batch.parent / "manifest").write_text("mine: not where tmlog puts one\n", encoding="utf-8")
    cleared = run("cache", "clear", "--cache", str(cached))
    assert cleared.exit_code == 0, cleared.output
    assert sorted(cleared.stderr.splitlines()) == [
        f"warning: left {batch / 'notes.txt'}: not written by tmlog",
        f"warning: left {batch.parent / 'manifest'}: not written by tmlog",
    ]
    assert files_under(cached) == [
        batch.parent.name,
        f"{batch.parent.name}/{batch.name}",
        f"{batch.parent.name}/{batch.name}/notes.txt",
        f"{batch.parent.name}/manifest",
    ]


def test_tmlog_tags_the_folders_it_makes_as_a_cache(cached: Path) -> None:
    (tag,) = cached.glob("v3-*/CACHEDIR.TAG")
    # The signature of https://bford.info/cachedir/, which backup tools look for.
    assert tag.read_bytes().startswith(b"Signature: 8a477f597d28d172789f06886806bc55\n")


def test_a_cache_that_cannot_be_cleared_is_named(
    cached: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A read-only cache: before issue 27, ``Error: manifest: Read-only file system``
    (a read-only mount, made here by refusing every removal: root may remove files
    from a read-only directory, and tests cannot mount)."""

    def read_only(path: object, *args: object, **kwargs: object) -> None:
        raise OSError(errno.EROFS, os.strerror(errno.EROFS), str(path))

    everything = files_under(cached)  # all tmlog's: each removal is refused
    monkeypatch.setattr(os, "unlink", read_only)
    monkeypatch.setattr(os, "rmdir", read_only)
    monkeypatch.setattr(os, "remove", read_only)
    cleared = run("cache", "clear", "--cache", str(cached))
    monkeypatch.undo()
    assert cleared.exit_code == 1
    (line,) = cleared.stderr.splitlines()
    assert line.startswith(f"Error: results cache {cached} not fully cleared: cannot remove ")
    assert line.endswith(f": {os.strerror(errno.EROFS)} (and {len(everything) - 1} more)")
    assert files_under(cached) == everything


def test_the_cache_is_empty_after_a_clear(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Before issue 27 ``cache info`` showed 151 KiB after ``cache clear``: the parsers'
    grammar tables, which they keep in the user's cache directory, stayed."""
    from tmlog.games.root.notation.parser import rootlog_parser
    from tmlog.games.terra_mystica.parse.grammar import commands_parser, ledger_parser

    home = tmp_path / "xdg-cache"
    monkeypatch.setenv("XDG_CACHE_HOME", str(home))
    for parser in (commands_parser, ledger_parser, rootlog_parser):
        parser.__wrapped__()  # a new parser, which writes its tables where they are kept
    folder = tmp_path / "games"
    folder.mkdir()
    for name in ("4pLeague_S64_D1L1_G1.txt", "4pLeague_S64_D1L1_G2.txt"):
        shutil.copy(LEDGER_DIR / name, folder / name)
    assert run("stats", str(folder), "-q", "-j", "1").exit_code == 0  # the default cache
    assert len(files_under(home / "tmlog")) > 3
    assert "size:      0 bytes" not in run("cache", "info").stdout

    cleared = run("cache", "clear")
    assert cleared.exit_code == 0 and cleared.stderr == "", cleared.output
    assert files_under(home / "tmlog") == []
    shown = run("cache", "info")
    assert "entries:   0\n" in shown.stdout and "size:      0 bytes\n" in shown.stdout


def test_info_measures_only_what_tmlog_wrote(cached: Path) -> None:
    """Before issue 27 every file under the cache directory was counted."""
    before = run("cache", "info", "--cache", str(cached)).stdout
    (cached / "big.bin").write_bytes(bytes(1 << 20))
    (cached / "tmlog-games").mkdir()
    (cached / "tmlog-games" / "big.bin").write_bytes(bytes(1 << 20))
    assert run("cache", "info", "--cache", str(cached)).stdout == before


def test_cache_help_names_every_command_that_uses_the_cache() -> None:
    """Before issue 27 it named vp, leech and stats, not export and ratings."""
    shown = run("cache", "--help")
    assert shown.exit_code == 0
    users = sorted(
        name
        for name, command in cli.commands.items()
        if name != "cache" and any(p.name == "cache_dir" for p in command.params)
    )
    assert users == ["export", "leech", "ratings", "stats", "vp"]
    summary = " ".join(shown.stdout.split())
    assert "vp, leech, stats, export and ratings" in summary
