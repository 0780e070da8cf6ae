"""The examples in docstrings run, and the grammars ship as package data."""

from __future__ import annotations

import ast
import doctest
import importlib
import re
import subprocess
import sys
from importlib import resources
from pathlib import Path

import pytest

import tmlog

MODULES = [
    "tmlog",
    "tmlog.games.terra_mystica.parse",
    "tmlog.games.terra_mystica.parse.legacy",
    "tmlog.reading",
    "tmlog.games.terra_mystica.replay.summary",
    "tmlog.games.terra_mystica.convert",
    "tmlog.games.terra_mystica.model.actions",
    "tmlog.games.terra_mystica.results",
    "tmlog.games.terra_mystica.ratings",
    "tmlog.games.terra_mystica.site_rules",
    "tmlog.games",
    "tmlog.games.terra_mystica.game",
    "tmlog.games.root.game",
    "tmlog.games.root.replayer",
    "tmlog.library",
    "tmlog.records",
    "tmlog.report.frames",
    "tmlog.report.vp",
]


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


README = Path(__file__).parent.parent / "README.md"


@pytest.mark.parametrize(
    "block", re.findall(r"```python\n(.*?)```", README.read_text("utf-8"), re.S)
)
def test_readme_python_examples_run(block: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(README.parent)
    exec(compile(block, "README.md", "exec"), {})


def test_the_library_is_one_import() -> None:
    """The README's library example needs one import statement, from ``tmlog`` itself."""
    # The first block is the library example; later ones show the engine's own API.
    block = re.findall(r"```python\n(.*?)```", README.read_text("utf-8"), re.S)[0]
    imports = [n for n in ast.parse(block).body if isinstance(n, ast.Import | ast.ImportFrom)]
    assert len(imports) == 1
    (statement,) = imports
    assert isinstance(statement, ast.ImportFrom) and statement.module == "tmlog"
    assert {alias.name for alias in statement.names} <= set(tmlog.__all__)


def test_import_tmlog_is_light() -> None:
    """``import tmlog`` loads neither pandas, pyarrow, matplotlib nor the rules engine."""
    code = (
        "import sys, tmlog;"
        "print([m for m in ('pandas', 'pyarrow', 'matplotlib',"
        " 'tmlog.games.terra_mystica.replay') if m in sys.modules])"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_front_door_names_resolve() -> None:
    for name in tmlog.__all__:
        assert getattr(tmlog, name) is not None, name


@pytest.mark.parametrize("grammar", ["commands.lark", "ledger.lark", "rootlog.lark"])
def test_grammars_are_package_data(grammar: str) -> None:
    text = resources.files("tmlog.grammars").joinpath(grammar).read_text(encoding="utf-8")
    assert text.startswith("//")


def test_lark_is_imported_only_by_tmlog_parse() -> None:
    """Each game's parse package is the single boundary of Lark and its errors:
    tmlog.games.terra_mystica.parse, tmlog.games.root.notation."""
    package = Path(importlib.import_module("tmlog").__file__ or "").parent
    importers = [
        str(path.relative_to(package))
        for path in package.rglob("*.py")
        if re.search(r"^\s*(?:from|import)\s+lark\b", path.read_text(encoding="utf-8"), re.M)
    ]
    boundaries = ("games/terra_mystica/parse/", "games/root/notation/")
    assert importers and all(p.startswith(boundaries) for p in importers), importers
