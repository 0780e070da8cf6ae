"""Pictures of reports and of the map: the only package that imports matplotlib.

Every function takes DataFrames (from :mod:`tmlog.report`), draws on a
matplotlib ``Axes`` (a new figure when none is given) and returns it; none
shows a window. Figures use the Agg canvas, so nothing needs a display;
:func:`save` writes one to ``.png`` or ``.svg``.

>>> import pandas as pd
>>> from tmlog.plot import plot_winrates
>>> rates = pd.DataFrame({"faction": ["witches", "nomads"], "games": [10, 10],
...                       "wins": [4.0, 2.0], "win_rate": [0.4, 0.2], "ci_low": [0.17, 0.06],
...                       "ci_high": [0.69, 0.51]})
>>> plot_winrates(rates).get_title()
'Win rate by faction (20 results, 95% Wilson intervals)'
"""

from __future__ import annotations

from tmlog.plot.board import plot_board
from tmlog.plot.common import faction_color, new_axes, save
from tmlog.plot.leech import plot_leech
from tmlog.plot.vp import plot_timeline, plot_vp
from tmlog.plot.winrates import plot_winrates, plot_winrates_by

__all__ = [
    "faction_color",
    "new_axes",
    "plot_board",
    "plot_leech",
    "plot_timeline",
    "plot_vp",
    "plot_winrates",
    "plot_winrates_by",
    "save",
]
