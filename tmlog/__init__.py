"""tmlog: parse, replay, audit and report on Terra Mystica game logs (terra.snellman.net).

>>> from tmlog import parse_log
>>> [str(a) for a in parse_log("witches: build E5").actions]
['witches: build E5']
"""

from __future__ import annotations

from importlib import import_module
from importlib.metadata import PackageNotFoundError, version
from typing import TYPE_CHECKING, Any

from tmlog.games.terra_mystica.parse import ParsedLog, Recorded, Row, parse_file, parse_log

if TYPE_CHECKING:
    from tmlog.report.leech import leech_totals, who_fed_whom
    from tmlog.report.vp import vp_breakdown
    from tmlog.report.winrates import faction_winrates

try:
    __version__ = version("tmlog")
except PackageNotFoundError:  # running from a source tree that is not installed
    __version__ = "0.0.0+unknown"

__all__ = [
    "ParsedLog",
    "Recorded",
    "Row",
    "__version__",
    "faction_winrates",
    "leech_totals",
    "parse_file",
    "parse_log",
    "vp_breakdown",
    "who_fed_whom",
]

_REPORTERS = {
    "vp_breakdown": "tmlog.report.vp",
    "leech_totals": "tmlog.report.leech",
    "who_fed_whom": "tmlog.report.leech",
    "faction_winrates": "tmlog.report.winrates",
}


def __getattr__(name: str) -> Any:
    # The reporters need pandas: import it only when one is asked for, so
    # that reading and replaying logs (and the CLI's other commands) stay light.
    if name in _REPORTERS:
        return getattr(import_module(_REPORTERS[name]), name)
    raise AttributeError(f"module 'tmlog' has no attribute {name!r}")
