"""The optional compiled build: ``TMLOG_COMPILE=1 pip install --no-build-isolation .``

Everything else about the package is in pyproject.toml. Without the variable
this adds nothing and the package is pure Python. With it, mypyc compiles the
replay loop (the engine's rules and the ledger's fast row reader) to C
extensions; when mypyc or a C compiler is missing, or compiling fails, the
build warns and installs the pure-Python package, which behaves the same.
The compiled modules are the same source: nothing here changes what they do.
"""

from __future__ import annotations

import os
import shutil
import sys
import sysconfig
from pathlib import Path
from typing import Any

from setuptools import setup
from setuptools.command.build_ext import build_ext

HERE = Path(__file__).resolve().parent
ENGINE = "tmlog/games/terra_mystica"

# Compiled: the replay engine's rule modules (with decisions.py, whose plain
# classes a game makes hundreds of), its command stream, and the ledger's row
# loop and fast piece reader, where a game spends its time. Left
# interpreted: the definition modules (events, tiles, factions, the summary's
# frozen classes), which cost nothing per command; turn_command.py,
# whose InTurn subclasses an action class (a compiled class cannot); the audit
# (its job carries an attribute for the corpus runner; its row loop,
# audit_rows.py, cost more compiled than interpreted) and record.py (its
# tables read their annotations).
NOT_COMPILED = frozenset(("__init__", "events", "tiles", "factions", "summary", "turn_command"))


def compiled_modules() -> list[str]:
    replay = sorted(
        f"{ENGINE}/replay/{p.name}"
        for p in (HERE / ENGINE / "replay").glob("*.py")
        if p.stem not in NOT_COMPILED
    )
    parse = [f"{ENGINE}/parse/fast.py", f"{ENGINE}/parse/rows.py"]
    return [*replay, *parse]


def _warn(text: str) -> None:
    print(f"tmlog: {text}; installing the pure-Python package", file=sys.stderr)


def _have_c_compiler() -> bool:
    cc = os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc"
    return shutil.which(cc.split()[0]) is not None


class OptionalBuildExt(build_ext):  # type: ignore[misc]
    """Build the extensions, or none of them: a failed compile leaves pure Python."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as err:  # a compiler error of any kind: the fallback is the point
            for built in self.get_outputs():
                Path(built).unlink(missing_ok=True)
            _warn(f"compiling the replay loop failed ({err})")


def options() -> dict[str, Any]:
    if os.environ.get("TMLOG_COMPILE") != "1":
        return {}
    if not _have_c_compiler():
        _warn("no C compiler found")
        return {}
    try:  # mypy in the installing environment: pip install --no-build-isolation (README)
        from mypyc.build import mypycify
    except ImportError:
        _warn("mypyc (part of mypy) is not installed where the build runs")
        return {}
    try:
        extensions = mypycify(compiled_modules(), opt_level="3")
    except (Exception, SystemExit) as err:  # mypyc stops with SystemExit on a type error
        _warn(f"mypyc cannot compile the replay loop ({err})")
        return {}
    return {"ext_modules": extensions, "cmdclass": {"build_ext": OptionalBuildExt}}


setup(**options())
