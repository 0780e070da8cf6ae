"""tmlog: parse, replay, audit and report on Terra Mystica game logs (terra.snellman.net).

>>> from tmlog import parse_log
>>> [str(a) for a in parse_log("witches: build E5").actions]
['witches: build E5']
"""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version

from tmlog.parse import ParsedLog, Recorded, Row, parse_file, parse_log

try:
    __version__ = version("tmlog")
except PackageNotFoundError:  # running from a source tree that is not installed
    __version__ = "0.0.0+unknown"

__all__ = ["ParsedLog", "Recorded", "Row", "__version__", "parse_file", "parse_log"]
