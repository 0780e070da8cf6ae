"""tmlog: parse, replay, audit and report on board-game logs: Terra Mystica
(terra.snellman.net) and Root (Rootlog notation).

Everything a library user needs comes from here; each function goes to the
game of the log it is given (:mod:`tmlog.library`). A game's own types and
functions are in its package (``tmlog.games.terra_mystica``, ``tmlog.games.root``).

>>> from tmlog import parse_log, replay
>>> [str(a) for a in parse_log("witches: build E5").actions]
['witches: build E5']
>>> replay(parse_log("witches: build E5")).error is not None  # no game was set up
True

Every name is imported on first use: ``import tmlog`` (which the command line's
``import tmlog.cli`` runs first) loads neither the parser nor the rules engine,
nor pandas, pyarrow or matplotlib.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

from tmlog.dist import DIST_NAME as DIST_NAME

if TYPE_CHECKING:
    from tmlog.corpus import Failure, iter_records
    from tmlog.games import GAMES
    from tmlog.library import audit, parse_file, parse_log, record_game, replay
    from tmlog.report.frames import frames
    from tmlog.report.leech import leech_totals, who_fed_whom
    from tmlog.report.vp import vp_breakdown
    from tmlog.report.winrates import faction_winrates

__version__: str
__all__ = [
    "GAMES",
    "Failure",
    "__version__",
    "audit",
    "faction_winrates",
    "frames",
    "iter_records",
    "leech_totals",
    "parse_file",
    "parse_log",
    "record_game",
    "replay",
    "vp_breakdown",
    "who_fed_whom",
]

_LAZY = {
    "GAMES": "tmlog.games",
    "Failure": "tmlog.corpus",
    "parse_file": "tmlog.library",
    "parse_log": "tmlog.library",
    "audit": "tmlog.library",
    "faction_winrates": "tmlog.report.winrates",
    "frames": "tmlog.report.frames",
    "iter_records": "tmlog.corpus",
    "leech_totals": "tmlog.report.leech",
    "record_game": "tmlog.library",
    "replay": "tmlog.library",
    "vp_breakdown": "tmlog.report.vp",
    "who_fed_whom": "tmlog.report.leech",
}
"""Where each lazily imported name lives."""


def _version() -> str:
    # importlib.metadata alone costs some 30 ms of start-up: only asked for by --version.
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version(DIST_NAME)
    except PackageNotFoundError:  # running from a source tree that is not installed
        return "0.0.0+unknown"


def __getattr__(name: str) -> Any:
    # The parser, the engine and the reporters load on first use, so that the command
    # line starts fast (`--help` loads none of them) and pandas is imported only by
    # a reporter.
    if name == "__version__":
        value: Any = _version()
        globals()[name] = value
        return value
    if name in _LAZY:
        value = getattr(import_module(_LAZY[name]), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'tmlog' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
