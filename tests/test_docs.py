"""The examples in docstrings run, and the grammars ship as package data."""

from __future__ import annotations

import doctest
import importlib
import re
from importlib import resources
from pathlib import Path

import pytest

MODULES = [
    "tmlog",
    "tmlog.games.terra_mystica.parse",
    "tmlog.games.terra_mystica.parse.legacy",
    "tmlog.reading",
    "tmlog.games.terra_mystica.replay.summary",
    "tmlog.games.terra_mystica.replay.summary",
    "tmlog.games.terra_mystica.convert",
    "tmlog.games.terra_mystica.model.actions",
]


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


@pytest.mark.parametrize("grammar", ["commands.lark", "ledger.lark"])
def test_grammars_are_package_data(grammar: str) -> None:
    text = resources.files("tmlog.grammars").joinpath(grammar).read_text(encoding="utf-8")
    assert text.startswith("//")


def test_lark_is_imported_only_by_tmlog_parse() -> None:
    """tmlog.games.terra_mystica.parse is the single boundary of Lark and its errors."""
    package = Path(importlib.import_module("tmlog").__file__ or "").parent
    importers = [
        str(path.relative_to(package))
        for path in package.rglob("*.py")
        if re.search(r"^\s*(?:from|import)\s+lark\b", path.read_text(encoding="utf-8"), re.M)
    ]
    assert importers and all(p.startswith("games/terra_mystica/parse/") for p in importers), (
        importers
    )
