"""tmlog: parse, replay, audit and report on Terra Mystica game logs (terra.snellman.net).

Everything a library user needs comes from here:

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
    from tmlog.corpus import iter_records
    from tmlog.games import GAMES
    from tmlog.games.terra_mystica.audit import audit
    from tmlog.games.terra_mystica.frames import board_frames, events_frame
    from tmlog.games.terra_mystica.parse import ParsedLog, Recorded, Row, parse_file, parse_log
    from tmlog.games.terra_mystica.record import GameRecord, record_game
    from tmlog.games.terra_mystica.replay import replay
    from tmlog.report.frames import frames
    from tmlog.report.leech import leech_totals, who_fed_whom
    from tmlog.report.vp import vp_breakdown
    from tmlog.report.winrates import faction_winrates

__version__: str
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

_PARSE = "tmlog.games.terra_mystica.parse"

_LAZY = {
    "GAMES": "tmlog.games",
    "ParsedLog": _PARSE,
    "Recorded": _PARSE,
    "Row": _PARSE,
    "parse_file": _PARSE,
    "parse_log": _PARSE,
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
