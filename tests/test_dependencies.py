"""Dependency floors that keep known vulnerabilities out (issue 16)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

packaging = pytest.importorskip("packaging.requirements")

PYPROJECT = Path(__file__).parent.parent / "pyproject.toml"


def _requirement(name: str) -> object:
    # The quoted requirements of pyproject.toml (tomllib is not in Python 3.10).
    for line in re.findall(r'^\s*"([^"]+)",', PYPROJECT.read_text(encoding="utf-8"), re.M):
        req = packaging.Requirement(line)
        if req.name == name:
            return req
    raise AssertionError(f"{name} is not a dependency")


def test_pyarrow_floor_is_past_cve_2023_47248() -> None:
    # PyArrow 0.14.0 to 14.0.0 deserialise untrusted IPC/Parquet data unsafely;
    # 14.0.1 is the first fixed release.
    req = _requirement("pyarrow")
    assert not req.specifier.contains("14.0.0")  # type: ignore[attr-defined]
    assert req.specifier.contains("14.0.1")  # type: ignore[attr-defined]
