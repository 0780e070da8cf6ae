"""The rules engine: replays a log's actions and emits events.

No I/O, no command line, no pandas: text goes in through :mod:`tmlog.games.terra_mystica.parse`,
events come out for :mod:`tmlog.report`.
"""

from tmlog.games.terra_mystica.replay.replayer import Replay, Replayer, Stop, replay
from tmlog.games.terra_mystica.replay.stream import command_stream, rewrite_stream
from tmlog.games.terra_mystica.replay.summary import game_summary

__all__ = [
    "Replay",
    "Replayer",
    "Stop",
    "command_stream",
    "game_summary",
    "replay",
    "rewrite_stream",
]
