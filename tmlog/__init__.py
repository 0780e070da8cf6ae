"""tmlog: parse, replay, audit and report on Terra Mystica game logs (terra.snellman.net).

Everything a library user needs comes from here:

>>> from tmlog import parse_log, replay
>>> [str(a) for a in parse_log("witches: build E5").actions]
['witches: build E5']
>>> replay(parse_log("witches: build E5")).error is not None  # no game was set up
True

Names other than the parser are imported on first use: ``import tmlog`` loads
neither the rules engine nor pandas, pyarrow or matplotlib.
"""

from __future__ import annotations

from importlib import import_module
from importlib.metadata import PackageNotFoundError, version
from typing import TYPE_CHECKING, Any

from tmlog.games.terra_mystica.parse import ParsedLog, Recorded, Row, parse_file, parse_log

if TYPE_CHECKING:
    from tmlog.corpus import iter_records
    from tmlog.games import GAMES
    from tmlog.games.terra_mystica.audit import audit
    from tmlog.games.terra_mystica.frames import board_frames, events_frame
    from tmlog.games.terra_mystica.record import GameRecord, record_game
    from tmlog.games.terra_mystica.replay import replay
    from tmlog.report.frames import frames
    from tmlog.report.leech import leech_totals, who_fed_whom
    from tmlog.report.vp import vp_breakdown
    from tmlog.report.winrates import faction_winrates

DIST_NAME = "tmlog-games"
"""The name tmlog is installed under (``pip install tmlog-games``): ``tmlog`` on
PyPI is an unrelated project. The import name and the command are ``tmlog``."""

try:
    __version__ = version(DIST_NAME)
except PackageNotFoundError:  # running from a source tree that is not installed
    __version__ = "0.0.0+unknown"

__all__ = [
    "GAMES",
    "GameRecord",
    "ParsedLog",
    "Recorded",
    "Row",
    "__version__",
    "audit",
    "board_frames",
    "events_frame",
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
    "GameRecord": "tmlog.games.terra_mystica.record",
    "audit": "tmlog.games.terra_mystica.audit",
    "board_frames": "tmlog.games.terra_mystica.frames",
    "events_frame": "tmlog.games.terra_mystica.frames",
    "faction_winrates": "tmlog.report.winrates",
    "frames": "tmlog.report.frames",
    "iter_records": "tmlog.corpus",
    "leech_totals": "tmlog.report.leech",
    "record_game": "tmlog.games.terra_mystica.record",
    "replay": "tmlog.games.terra_mystica.replay",
    "vp_breakdown": "tmlog.report.vp",
    "who_fed_whom": "tmlog.report.leech",
}
"""Where each lazily imported name lives."""


def __getattr__(name: str) -> Any:
    # The engine and the reporters load on first use, so that reading logs (and the
    # CLI's light commands) start fast and pandas is imported only by a reporter.
    if name in _LAZY:
        value = getattr(import_module(_LAZY[name]), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'tmlog' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
