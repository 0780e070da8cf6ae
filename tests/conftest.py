"""Shared fixtures: the corpus of real games and their converted command logs."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from tmlog.games.terra_mystica.convert import ledger_to_commands
from tmlog.games.terra_mystica.parse import ParsedLog, parse_file

DATA = Path(__file__).parent / "data"
LEDGER_DIR = DATA / "snellman-ledger"
OLD_STYLE_DIR = DATA / "old-style"
SAMPLE_DIR = Path(__file__).parent.parent / "sample_logs"

LEDGERS = sorted(LEDGER_DIR.glob("*.txt"))
OLD_STYLE = sorted(OLD_STYLE_DIR.glob("*.txt"))
DROPOUT_GAME = LEDGER_DIR / "4pLeague_S64_D1L1_G3.txt"


@pytest.fixture(autouse=True, scope="session")
def _private_cache(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Commands run by the tests cache results (and keep the cache's secret) in directories
    of their own, not the user's."""
    old = {v: os.environ.get(v) for v in ("XDG_CACHE_HOME", "XDG_DATA_HOME")}
    os.environ["XDG_CACHE_HOME"] = str(tmp_path_factory.mktemp("xdg-cache"))
    os.environ["XDG_DATA_HOME"] = str(tmp_path_factory.mktemp("xdg-data"))
    yield
    for name, value in old.items():
        if value is None:
            os.environ.pop(name, None)
        else:
            os.environ[name] = value


def game_id(path: Path) -> str:
    return path.stem


@pytest.fixture(scope="session")
def manifest() -> dict[str, dict[str, int]]:
    """game id → faction → final VP (as computed by the reference engine)."""
    data = json.loads((LEDGER_DIR / "manifest.json").read_text(encoding="utf-8"))
    return {g["game_id"]: g["expected_total_vp"] for g in data["games"]}


@pytest.fixture(scope="session")
def ledgers() -> dict[str, ParsedLog]:
    """Every corpus game, parsed."""
    return {game_id(p): parse_file(str(p)) for p in LEDGERS}


@pytest.fixture(scope="session")
def converted(ledgers: dict[str, ParsedLog]) -> dict[str, str]:
    """Every corpus game as a raw command log."""
    return {gid: ledger_to_commands(log) for gid, log in ledgers.items()}
