"""The Fire & Ice choices of colour and of unlocked terrain."""

from __future__ import annotations

from tmlog.errors import IllegalMove
from tmlog.games.terra_mystica.model import actions as a
from tmlog.games.terra_mystica.replay import decisions as d
from tmlog.games.terra_mystica.replay import pending, terrain
from tmlog.games.terra_mystica.replay.building import recolor
from tmlog.games.terra_mystica.replay.economy import gain, pay
from tmlog.games.terra_mystica.replay.guards import need_faction
from tmlog.games.terra_mystica.replay.state import FactionState, Game, Handler, Turn
from tmlog.games.terra_mystica.replay.tiles import (
    CULTS,
)


def _pick_color(game: Game, faction: FactionState | None, action: a.PickColor) -> Turn:
    f = need_faction(faction, action)
    if not f.pending.pick_color:
        raise IllegalMove(f"{f.name} may not pick a colour now")
    wanted = terrain.assert_color(terrain.alias_color(action.terrain.value))
    for other in game.in_order():
        if other.color == wanted or (game.round == 0 and other.secondary_color == wanted):
            raise IllegalMove(f"{wanted} is not available")
    f.pending.pick_color = 0
    field = f.extra.get("pick_color_field", "secondary_color")
    if field == "color":
        orig = f.color
        f.color = wanted
        for name, h in game.hexes.items():
            if h.building and h.color == orig:
                recolor(game, f, name, wanted)
        game.bridges = [(x, y, wanted if c == orig else c) for x, y, c in game.bridges]
        for cult in CULTS:
            game.cult_slots[cult] = [wanted if s == orig else s for s in game.cult_slots[cult]]
    else:
        f.secondary_color = wanted
    if f.locked_terrain is not None:
        f.locked_terrain.pop(wanted, None)
        f.unlocked_terrain.add(wanted)
    return Turn.HAND_OVER


def _unlock(game: Game, faction: FactionState | None, action: a.UnlockTerrain) -> None:
    f = need_faction(faction, action)
    if not f.pending.unlock_terrain:
        raise IllegalMove(f"{f.name} may not unlock a terrain now")
    target = str(action.target)  # a colour's or a "gain-…" name, as plain text
    special = target.startswith("gain-")
    if not special:
        target = terrain.assert_color(terrain.alias_color(target))
    locked = f.locked_terrain
    if not locked or target not in locked:
        raise IllegalMove(f"{f.name} cannot unlock {target} (already unlocked?)")
    effect = (
        locked[target][""] if special else locked[target][terrain.color_home_status(game, target)]
    )
    saved, f.special = f.special, None
    gain(game, f, effect.get("gain", {}))
    pay(game, f, effect.get("cost", {}))
    f.special = saved
    f.unlocked_terrain.add(target)
    if not effect.get("permanent"):
        del locked[target]
    # The reference engine means to stop turning priests into unlocks once
    # every colour is unlocked, but its check (``grep { $_ !~ $special_unlock }``)
    # matches an empty or "1" pattern and never fires: a priest gained later
    # is still an unlock decision, answered ``unlock-terrain gain-priest``.
    f.pending.unlock_terrain -= 1
    if not f.pending.unlock_terrain:
        pending.dismiss_action(game, f, d.UnlockTerrain)


HANDLERS: dict[type, Handler] = {
    a.PickColor: _pick_color,
    a.UnlockTerrain: _unlock,
}
