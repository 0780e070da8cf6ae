"""A package a user can trust (issue 10, item 7): a name of its own on PyPI, a
licence, and an sdist that carries everything its tests need."""

from __future__ import annotations

import email
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest

import tmlog

tomllib = pytest.importorskip("tomllib", reason="Python 3.11 reads TOML")

ROOT = Path(__file__).parent.parent
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))

pytest.importorskip("build", reason="python -m build (the dev extra installs it)")


def _build(what: str, source: Path, out: Path) -> Path:
    """Build offline, with the setuptools installed here (no download)."""
    done = subprocess.run(
        [sys.executable, "-m", "build", what, "--no-isolation", "--outdir", str(out), str(source)],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    (built,) = out.glob("*.tar.gz" if what == "--sdist" else "*.whl")
    return built


@pytest.fixture(scope="module")
def sdist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _build("--sdist", ROOT, tmp_path_factory.mktemp("sdist"))


def test_the_distribution_has_a_name_of_its_own() -> None:
    # "tmlog" on PyPI is an unrelated time logger.
    assert PYPROJECT["project"]["name"] == tmlog.DIST_NAME == "tmlog-games"
    assert PYPROJECT["project"]["scripts"] == {"tmlog": "tmlog.cli.quick:main"}
    assert "tmlog-games[dask]" in PYPROJECT["project"]["optional-dependencies"]["dev"]
    # Every install hint names it.
    for path in [ROOT / "README.md", *(ROOT / "tmlog").rglob("*.py")]:
        assert "install 'tmlog[" not in path.read_text(encoding="utf-8"), path


def test_licence_and_build_floor() -> None:
    assert PYPROJECT["project"]["license"] == "MIT"
    assert (ROOT / "LICENSE").read_text(encoding="utf-8").startswith("MIT License")
    assert "the tmlog authors" in (ROOT / "LICENSE").read_text(encoding="utf-8")
    # An SPDX string in `license` needs setuptools 77 or later.
    assert PYPROJECT["build-system"]["requires"] == ["setuptools>=77"]
    assert set(PYPROJECT["project"]["urls"]) >= {"Homepage", "Repository", "Issues"}


@pytest.mark.slow  # building the sdist takes some seconds
def test_the_sdist_carries_what_its_tests_need(sdist: Path) -> None:
    with tarfile.open(sdist) as tar:
        names = {name.split("/", 1)[1] for name in tar.getnames() if "/" in name}
    top = sdist.name.removesuffix(".tar.gz")
    assert top == f"tmlog_games-{tmlog.__version__}" or top.startswith("tmlog_games-")
    for needed in [
        "README.md",
        "LICENSE",
        "pyproject.toml",
        "grammars/commands.lark",
        "grammars/ledger.lark",
        "tests/conftest.py",
        "tests/rulecheck.py",
        "tests/data/snellman-ledger/manifest.json",
        "tests/data/snellman-ledger/4pLeague_S64_D1L1_G3.txt",
        "tests/data/fire-ice/expected.json",
        "tests/data/constructed/giants_fakirs.log",
        "sample_logs/4pLeague_S64_D1L1_G3.txt",
        "examples/broken.log",
        "docs/vp.png",
    ]:
        assert needed in names, needed
    # Every test module and every data file of the repository.
    for path in (ROOT / "tests").rglob("*"):
        if path.is_file() and "__pycache__" not in path.parts and ".hypothesis" not in path.parts:
            assert str(path.relative_to(ROOT)) in names, path
    assert not [n for n in names if "__pycache__" in n or n.endswith(".pyc")]


@pytest.mark.slow
def test_a_wheel_built_from_the_sdist_ships_the_grammars(sdist: Path, tmp_path: Path) -> None:
    with tarfile.open(sdist) as tar:
        if hasattr(tarfile, "data_filter"):
            tar.extractall(tmp_path, filter="data")
        else:  # an older Python: the archive was just built here, from this repository
            tar.extractall(tmp_path)
    (unpacked,) = [p for p in tmp_path.iterdir() if p.is_dir()]
    wheel = _build("--wheel", unpacked, tmp_path / "wheel")
    with zipfile.ZipFile(wheel) as whl:
        names = set(whl.namelist())
        (metadata,) = [n for n in names if n.endswith(".dist-info/METADATA")]
        meta = email.message_from_bytes(whl.read(metadata))
    assert {"tmlog/grammars/commands.lark", "tmlog/grammars/ledger.lark"} <= names
    assert "tmlog/py.typed" in names
    # tmlog report's page: its template, script and style (package data).
    page = ("game.html.j2", "watch.js", "watch.css", "corpus.html.j2", "corpus.js")
    assert {f"tmlog/report/html/{n}" for n in page} <= names
    assert meta["Name"] == "tmlog-games"
    assert meta["License-Expression"] == "MIT"
    assert any(u.startswith("Repository, ") for u in meta.get_all("Project-URL") or [])
    assert any(n.endswith(".dist-info/licenses/LICENSE") for n in names)
