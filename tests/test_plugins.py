"""The installed games: tmlog.plugins reads the same entry points as importlib.metadata,
sees a new install at once, and imports no importlib.metadata to do it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tmlog.plugins import _group, _normalised

BOTH = (
    "import json, sys; from tmlog.plugins import game_entry_points, scan_entry_points;"
    "ours = game_entry_points(); loaded = 'importlib.metadata' in sys.modules;"
    "print(json.dumps([ours, scan_entry_points(), loaded]))"
)


def _run(extra: Path) -> list[object]:
    env = {**os.environ, "PYTHONPATH": str(extra)}
    done = subprocess.run(
        [sys.executable, "-c", BOTH], capture_output=True, text=True, env=env, check=True
    )
    result: list[object] = json.loads(done.stdout)
    return result


def _install_fake(folder: Path, dist: str, entry_points: str) -> None:
    """What pip leaves for a distribution: its .dist-info with entry_points.txt."""
    info = folder / f"{dist}-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {dist}\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(entry_points)


def test_the_same_games_as_importlib_metadata_and_a_new_install_at_once(tmp_path: Path) -> None:
    extra = tmp_path / "site"
    extra.mkdir()
    ours, theirs, loaded = _run(extra)
    assert (
        ours
        == theirs
        == {
            "root": "tmlog.games.root.game:GAME",
            "terra_mystica": "tmlog.games.terra_mystica.game:GAME",
        }
    )
    assert loaded is False  # read without importing importlib.metadata

    _install_fake(
        extra, "tmlog_fake", "[console_scripts]\nx = a:b\n\n[tmlog.games]\nfake = tmlog_fake:GAME\n"
    )
    # A distribution of the same normalised name further down sys.path is not read
    # again, and one with no tmlog.games group adds nothing.
    _install_fake(extra, "Other.Dist", "[tmlog.gamesx]\nnot_a_game = x:y\n")
    ours, theirs, _ = _run(extra)
    assert (
        ours
        == theirs
        == {
            "root": "tmlog.games.root.game:GAME",
            "terra_mystica": "tmlog.games.terra_mystica.game:GAME",
            "fake": "tmlog_fake:GAME",
        }
    )


@pytest.mark.parametrize(
    ("folder", "name"),
    [
        ("tmlog_games-0.1.0.dist-info", "tmlog-games"),
        ("Tmlog.Toy-2.0.dist-info", "tmlog-toy"),
        ("zipp-3.17.0.dist-info", "zipp"),
        ("old_style.egg-info", "old-style"),
    ],
)
def test_a_distribution_is_known_by_its_normalised_name(folder: str, name: str) -> None:
    assert _normalised(folder) == name


def test_only_the_group_is_read() -> None:
    text = "# c\n[tmlog.games]\n a = m:A \n; x\nb=m:B\n[other]\nc = m:C\n"
    assert _group(text) == [("a", "m:A"), ("b", "m:B")]
