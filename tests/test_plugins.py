"""The installed games: tmlog.plugins keeps importlib.metadata's answer, and sees a new install."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

LIST = (
    "import json, sys; from tmlog.plugins import game_entry_points, scan_entry_points;"
    "print(json.dumps([game_entry_points(), scan_entry_points(),"
    " 'importlib.metadata' in sys.modules]))"
)
KEPT_ONLY = (
    "import json, sys; from tmlog.plugins import game_entry_points;"
    "print(json.dumps([game_entry_points(), 'importlib.metadata' in sys.modules]))"
)


def _run(code: str, cache: Path, extra: Path) -> list[object]:
    env = {**os.environ, "XDG_CACHE_HOME": str(cache), "PYTHONPATH": str(extra)}
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True
    )
    result: list[object] = json.loads(done.stdout)
    return result


def _install_fake_game(folder: Path) -> None:
    """What pip leaves for a distribution with a tmlog.games entry point: its .dist-info."""
    info = folder / "tmlog_fake-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: tmlog-fake\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text("[tmlog.games]\nfake = tmlog_fake:GAME\n")


def test_the_kept_answer_is_importlib_metadatas_and_a_new_install_is_seen(tmp_path: Path) -> None:
    cache, extra = tmp_path / "cache", tmp_path / "site"
    extra.mkdir()
    kept, scanned, _ = _run(LIST, cache, extra)
    assert kept == scanned
    assert kept == {
        "root": "tmlog.games.root.game:GAME",
        "terra_mystica": "tmlog.games.terra_mystica.game:GAME",
    }
    assert (cache / "tmlog" / "games" / "entry-points.json").is_file()
    # The next run reads the kept answer: importlib.metadata is not even imported.
    again, scanned_again = _run(KEPT_ONLY, cache, extra)
    assert again == kept and scanned_again is False

    time.sleep(0.01)  # a new modification time for the folder, on any file system
    _install_fake_game(extra)
    after, scanned_after = _run(KEPT_ONLY, cache, extra)
    assert after == {**kept, "fake": "tmlog_fake:GAME"} and scanned_after is True


def test_a_damaged_kept_answer_is_asked_again(tmp_path: Path) -> None:
    cache, extra = tmp_path / "cache", tmp_path / "site"
    extra.mkdir()
    kept, _, _ = _run(LIST, cache, extra)
    kept_file = cache / "tmlog" / "games" / "entry-points.json"
    for damage in ("{not json", "[]", '{"x": 1}', ""):
        kept_file.write_text(damage)
        again, scanned = _run(KEPT_ONLY, cache, extra)
        assert again == kept and scanned is True


def test_an_unwritable_cache_only_costs_the_scan(tmp_path: Path) -> None:
    cache, extra = tmp_path / "cache", tmp_path / "site"
    extra.mkdir()
    cache.mkdir()
    (cache / "tmlog").write_text("a file where the folder would go")
    kept, scanned = _run(KEPT_ONLY, cache, extra)
    assert set(kept) == {"root", "terra_mystica"} and scanned is True  # type: ignore[arg-type]
