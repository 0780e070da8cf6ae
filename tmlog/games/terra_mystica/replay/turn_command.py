"""A ledger's command that may be another faction's (see :mod:`.stream`).

A class of its own module: it subclasses an action class, which a class
compiled by mypyc cannot (the compiled build compiles :mod:`.stream`, not
this); :mod:`.stream` imports it under the same name.
"""

from __future__ import annotations

from tmlog.games.terra_mystica.model import actions as a
from tmlog.games.terra_mystica.model.action import action_class


@action_class
class InTurn(a.Action):
    """A ledger's command that may be another faction's: whoever's turn it is plays it.

    In round 0 the reference engine ends a row only on a setup dwelling, a
    ``pick-color`` or a pass, and does not start a new row while one is open;
    so the Ice Maidens' ``+FAVn`` row stays open and takes in the next
    command, whoever gave it (``icemaidens … +FAV9. build C3``, the build being
    the next faction's dwelling). ``faction`` is the row's; the replayer
    finds the player when the command is played (:func:`.stream.in_turn`).
    """

    command: a.Action
    picked_elsewhere: frozenset[str] = frozenset()
    """Factions that pick their colour in a round-0 row of their own: not this one's."""

    def notation(self) -> str:
        return self.command.notation()
