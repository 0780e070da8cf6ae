"""What each command does to the game: the rules of every verb, by action type.

Each kind of command has its module and handler table (setup, exchange,
building, moves, flow, admin, colors); :data:`RULES` joins them. Handlers
raise :class:`~tmlog.errors.IllegalMove` naming the rule broken; they are
played through :mod:`~tmlog.games.terra_mystica.replay.dispatch`.
"""

from __future__ import annotations

from collections.abc import Mapping

from tmlog.games.terra_mystica.replay import (
    admin,
    building,
    colors,
    exchange,
    flow,
    moves,
    setup,
)
from tmlog.games.terra_mystica.replay.state import Handler

RULES: Mapping[type, Handler] = {
    **setup.HANDLERS,
    **exchange.HANDLERS,
    **building.HANDLERS,
    **moves.HANDLERS,
    **flow.HANDLERS,
    **admin.HANDLERS,
    **colors.HANDLERS,
}
