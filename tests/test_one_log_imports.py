"""A one-log report hashes nothing: a single log has no duplicate to find.

Duplicates are found by hashing every log (:func:`tmlog.runner.game_fingerprint`);
for one log that is wasted, and importing :mod:`hashlib` (OpenSSL) alone is some
milliseconds of a ``tmlog vp ONE.txt`` that has a few dozen in all.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import DROPOUT_GAME
from tests.test_startup import imported


@pytest.mark.parametrize(
    "args",
    [
        ("vp", str(DROPOUT_GAME)),
        ("leech", str(DROPOUT_GAME)),
        ("validate", str(DROPOUT_GAME)),
    ],
)
def test_one_log_is_not_hashed(tmp_path: Path, args: tuple[str, ...]) -> None:
    assert "hashlib" not in imported(tmp_path, *args)


def test_two_logs_are(tmp_path: Path) -> None:
    # The same game twice: the second is a duplicate, found by the hash.
    modules = imported(tmp_path, "vp", str(DROPOUT_GAME), str(DROPOUT_GAME), "--no-cache")
    assert "hashlib" in modules
