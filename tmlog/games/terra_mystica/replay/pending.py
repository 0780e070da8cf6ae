"""Pending decisions: what a faction still has to do before its turn can end.

A power offer to answer, a favor tile to take, spades to use: each is a
typed record (:mod:`~tmlog.games.terra_mystica.replay.decisions`) in
``game.action_required``. :func:`detect_incomplete_turn` reads a faction's
pending effects and records what it still owes.
"""

from __future__ import annotations

from typing import Final, TypeVar

from tmlog.games.terra_mystica.replay import decisions as d
from tmlog.games.terra_mystica.replay import segment
from tmlog.games.terra_mystica.replay.options import Option
from tmlog.games.terra_mystica.replay.state import FactionState, Game

D = TypeVar("D", bound=d.Decision)


def require_action(game: Game, faction: FactionState, record: d.Decision) -> None:
    if faction.dropped:
        return
    record.faction = faction.name
    pending = game.action_required
    for i, old in enumerate(pending):
        if old is None:
            pending[i] = record
            return
    pending.append(record)


def dismiss_action(game: Game, faction: FactionState, kind: type[d.Decision] | None) -> None:
    name = faction.name
    kind = kind or d.Decision
    pending = game.action_required
    for r in pending:
        if r and r.faction == name and isinstance(r, kind):
            break
    else:
        return
    game.action_required = [
        r for r in pending if not r or not (r.faction == name and isinstance(r, kind))
    ]


_SETTLED_KINDS: Final = frozenset((d.FavorPick, d.TownPick, d.BridgePlacement))
"""Leaf classes, so their instances are found by type (cheaper than isinstance with a tuple)."""


def find_actions(game: Game, faction: FactionState, kind: type[D]) -> list[D]:
    return [r for r in game.action_required if isinstance(r, kind) and r.faction == faction.name]


def clear_empty(game: Game) -> None:
    game.action_required = [r for r in game.action_required if r]


def any_pending(game: Game) -> bool:
    """Is any decision still required (optional ones aside)?"""
    for r in game.action_required:
        if r and not r.optional:
            return True
    return False


def detect_incomplete_turn(game: Game, faction: FactionState) -> bool:
    """Record what ``faction`` still has to decide; True if its turn cannot end yet."""
    if faction.dropped:
        return False
    p = faction.pending
    if not p.any_to_settle():
        # Nothing left to decide: only settled decisions to forget.
        name = faction.name
        pending = game.action_required
        for r in pending:
            if r and r.faction == name and type(r) in _SETTLED_KINDS:
                game.action_required = [
                    r
                    for r in pending
                    if not r or r.faction != name or type(r) not in _SETTLED_KINDS
                ]
                break
        return False
    incomplete = False
    if p.pick_color:
        incomplete = True
        require_action(game, faction, d.PickColor())
    if p.spade:
        incomplete = True
        require_action(game, faction, d.Transform(amount=p.spade))
    if p.free_tf:
        incomplete = True
        segment.warn(game, faction, f"Unused free terraform for {faction.name}")
        require_action(game, faction, d.Transform())
    if p.volcano_tf:
        incomplete = True
        segment.warn(game, faction, f"Unused terraform for {faction.name}")
        require_action(game, faction, d.Transform())
    if p.lose_cult:
        require_action(game, faction, d.LoseCult(amount=p.lose_cult))
        return True
    if p.free_tp:
        incomplete = True
        segment.warn(game, faction, f"Unused free trading post for {faction.name}")
        require_action(game, faction, d.FreeUpgrade())
    if p.free_d:
        incomplete = True
        segment.warn(game, faction, f"Unused free dwelling for {faction.name}")
        require_action(game, faction, d.PlaceDwelling())
    if p.cult:
        require_action(game, faction, d.CultSteps(amount=p.cult))
        return True
    if p.gain_favor:
        incomplete = True
        segment.warn(game, faction, f"favor not taken by {faction.name}")
        require_action(game, faction, d.FavorPick(amount=p.gain_favor))
    else:
        dismiss_action(game, faction, d.FavorPick)
    if p.gain_tw:
        incomplete = True
        segment.warn(game, faction, f"town tile not taken by {faction.name}")
        require_action(game, faction, d.TownPick(amount=p.gain_tw))
    else:
        dismiss_action(game, faction, d.TownPick)
    if p.bridge:
        incomplete = True
        segment.warn(game, faction, "bridge paid for but not placed")
        require_action(game, faction, d.BridgePlacement())
    else:
        dismiss_action(game, faction, d.BridgePlacement)
    if p.convert_w_to_p and Option.STRICT_DARKLING_SH in game.options:
        incomplete = True
        require_action(game, faction, d.DarklingConvert(amount=p.convert_w_to_p))
    if p.gain_p3_for_vp:
        require_action(game, faction, d.GainToken(amount=p.gain_p3_for_vp))
    if p.unlock_terrain:
        incomplete = True
        require_action(game, faction, d.UnlockTerrain(count=p.unlock_terrain))
    return incomplete
