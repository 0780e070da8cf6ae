"""The reference engine's backward-compatibility rewrites of one input row.

``clean_commands`` (src/commands.pm) rewrites every row of a command log
before running it. This module applies the same rewrites to a row's parsed
actions, in the engine's order:

1. Engineers: ``-2w. bridge …`` and ``convert 2w to [1]bridge`` become
   ``action ACTE`` (the Engineers' bridge action);
2. ``pass. +bonN`` becomes ``pass BONN``;
3. ``+bonN`` at the start of a row becomes ``pass BONN``;
4. ``build X. transform Y`` is reordered to transform first;
5. ``pass BONN. convert …`` is reordered to convert first;
6. ``dig N. action X`` is reordered to the action first (N of one digit);
7. ``leech``/``decline`` sub-commands move to the front of the row.

Like the engine's regexes, rewrites 1a and 2–6 touch only the first place
they match. They concern what a player typed; a ledger's command cell is the
engine's record of what it ran (after these rewrites), so they are applied
to command logs only. Stream-level rewrites (merging ``+X. +X``, ``resign``
→ ``drop-faction``, ``player-count``) belong to the replayer.

>>> from tmlog.games.terra_mystica.model.actions import Adjust, Pass
>>> from tmlog.games.terra_mystica.model.enums import Tile
>>> rewrite_row(None, (Adjust(delta=1, what=Tile.BON3),))
(Pass(faction=None, line=0, column=0, bonus=<Tile.BON3: 'BON3'>),)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence

from tmlog.games.terra_mystica.model.actions import (
    Action,
    Adjust,
    Build,
    BuildBridge,
    Convert,
    Decline,
    Dig,
    Leech,
    Pass,
    Transform,
    UseAction,
)
from tmlog.games.terra_mystica.model.enums import ActionSpace, Faction, Pseudo, Resource, Tile

Pair = Callable[[Action, Action], bool]


def _is_bonus_gain(a: Action) -> bool:
    return (
        isinstance(a, Adjust) and a.delta == 1 and isinstance(a.what, Tile) and a.what.kind == "BON"
    )


def _first_pair(actions: list[Action], match: Pair) -> int | None:
    for i in range(len(actions) - 1):
        if match(actions[i], actions[i + 1]):
            return i
    return None


def _swap_first(actions: list[Action], match: Pair) -> None:
    i = _first_pair(actions, match)
    if i is not None:
        actions[i], actions[i + 1] = actions[i + 1], actions[i]


def _engineers_bridge(a: Action) -> UseAction:
    return UseAction(space=ActionSpace.ACTE, faction=a.faction, line=a.line, column=a.column)


def _is_convert_to_bridge(a: Action) -> bool:
    return (
        isinstance(a, Convert)
        and a.from_count == 2
        and a.from_what is Resource.W
        and a.to_count == 1
        and a.to_what is Pseudo.BRIDGE
    )


def rewrite_row(faction: Faction | None, actions: Sequence[Action]) -> tuple[Action, ...]:
    """The row's actions after the engine's legacy rewrites (see the module doc)."""
    out = list(actions)
    if faction is Faction.ENGINEERS:
        i = _first_pair(
            out,
            lambda a, b: (
                isinstance(a, Adjust)
                and a.delta == -2
                and a.what is Resource.W
                and isinstance(b, BuildBridge)
            ),
        )
        if i is not None:
            out[i] = _engineers_bridge(out[i])
        out = [_engineers_bridge(a) if _is_convert_to_bridge(a) else a for a in out]

    i = _first_pair(out, lambda a, b: isinstance(a, Pass) and a.bonus is None and _is_bonus_gain(b))
    if i is not None:
        gain, passing = out.pop(i + 1), out[i]
        assert isinstance(gain, Adjust) and isinstance(gain.what, Tile)
        assert isinstance(passing, Pass)
        out[i] = dataclasses.replace(passing, bonus=gain.what)

    if out and _is_bonus_gain(out[0]):
        first = out[0]
        assert isinstance(first, Adjust) and isinstance(first.what, Tile)
        out[0] = Pass(bonus=first.what, faction=first.faction, line=first.line, column=first.column)

    _swap_first(out, lambda a, b: isinstance(a, Build) and isinstance(b, Transform))
    _swap_first(
        out, lambda a, b: isinstance(a, Pass) and a.bonus is not None and isinstance(b, Convert)
    )
    _swap_first(out, lambda a, b: isinstance(a, Dig) and a.amount < 10 and isinstance(b, UseAction))

    leeches: list[Action] = [a for a in out if isinstance(a, (Leech, Decline))]
    if leeches:
        out = leeches + [a for a in out if not isinstance(a, (Leech, Decline))]
    return tuple(out)
