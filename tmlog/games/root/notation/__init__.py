"""Rootlog notation: parser, typed actions and their printed form.

>>> log = parse_rootlog("Map: Fall\\nDeck: E&P\\nO: Bea\\nO:($_h+$_m)->2\\n", source="g.rootlog")
>>> [str(a) for _, a in log.actions()]
['$_h+$_m->2']
>>> print(*log.warnings)
g.rootlog:4:3: board slots grouped in parentheses: '($_h+$_m)' read as '$_h+$_m'
"""

from tmlog.games.root.notation.actions import ACTION_TYPES, Action
from tmlog.games.root.notation.parser import RootLog, parse_rootlog
from tmlog.games.root.notation.printer import print_log
from tmlog.games.root.notation.transformer import DEVIATIONS, Deviation, Turn

__all__ = [
    "ACTION_TYPES",
    "DEVIATIONS",
    "Action",
    "Deviation",
    "RootLog",
    "Turn",
    "parse_rootlog",
    "print_log",
]
