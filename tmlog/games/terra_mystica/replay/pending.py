"""Pending decisions: what a faction still has to do before its turn can end.

A power offer to answer, a favor tile to take, spades to use: each is a
record in ``game.action_required``. :func:`detect_incomplete_turn` reads a
faction's pending effects and records what it still owes.
"""

from __future__ import annotations

from typing import Any

from tmlog.games.terra_mystica.replay import segment
from tmlog.games.terra_mystica.replay.state import FactionState, Game

Record = dict[str, Any]


def require_action(game: Game, faction: FactionState, record: Record) -> None:
    if faction.dropped:
        return
    record["faction"] = faction.name
    pending = game.action_required
    for i, old in enumerate(pending):
        if old is None:
            pending[i] = record
            return
    pending.append(record)


def dismiss_action(game: Game, faction: FactionState, kind: str | None) -> None:
    name = faction.name
    pending = game.action_required
    for r in pending:
        if r and r.get("faction") == name and (kind is None or r.get("type") == kind):
            break
    else:
        return
    game.action_required = [
        r
        for r in pending
        if not r or not (r.get("faction") == name and (kind is None or r.get("type") == kind))
    ]


_SETTLED_KINDS = frozenset(("favor", "town", "bridge"))
_PENDING_KEYS = (
    "PICK_COLOR",
    "SPADE",
    "FREE_TF",
    "VOLCANO_TF",
    "LOSE_CULT",
    "FREE_TP",
    "FREE_D",
    "CULT",
    "GAIN_FAVOR",
    "GAIN_TW",
    "BRIDGE",
    "CONVERT_W_TO_P",
    "GAIN_P3_FOR_VP",
    "UNLOCK_TERRAIN",
)


def find_actions(game: Game, faction: FactionState, kind: str) -> list[Record]:
    return [
        r
        for r in game.action_required
        if r and r.get("faction") == faction.name and r.get("type") == kind
    ]


def clear_empty(game: Game) -> None:
    game.action_required = [r for r in game.action_required if r]


def any_pending(game: Game) -> bool:
    """Is any decision still required (optional ones aside)?"""
    for r in game.action_required:
        if r and not r.get("optional"):
            return True
    return False


def detect_incomplete_turn(game: Game, faction: FactionState) -> bool:
    """Record what ``faction`` still has to decide; True if its turn cannot end yet."""
    if faction.dropped:
        return False
    res = faction.res
    if not any(map(res.get, _PENDING_KEYS)):
        # Nothing left to decide: only settled decisions to forget.
        name = faction.name
        pending = game.action_required
        for r in pending:
            if r and r.get("faction") == name and r["type"] in _SETTLED_KINDS:
                game.action_required = [
                    r
                    for r in pending
                    if not r or r.get("faction") != name or r["type"] not in _SETTLED_KINDS
                ]
                break
        return False
    incomplete = False
    get = faction.get
    if get("PICK_COLOR"):
        incomplete = True
        require_action(game, faction, {"type": "pick-color"})
    if get("SPADE"):
        incomplete = True
        require_action(game, faction, {"type": "transform", "amount": get("SPADE")})
    if get("FREE_TF"):
        incomplete = True
        segment.warn(game, faction, f"Unused free terraform for {faction.name}")
        require_action(game, faction, {"type": "transform"})
    if get("VOLCANO_TF"):
        incomplete = True
        segment.warn(game, faction, f"Unused terraform for {faction.name}")
        require_action(game, faction, {"type": "transform"})
    if get("LOSE_CULT"):
        require_action(game, faction, {"type": "lose-cult", "amount": get("LOSE_CULT")})
        return True
    if get("FREE_TP"):
        incomplete = True
        segment.warn(game, faction, f"Unused free trading post for {faction.name}")
        require_action(game, faction, {"type": "upgrade"})
    if get("FREE_D"):
        incomplete = True
        segment.warn(game, faction, f"Unused free dwelling for {faction.name}")
        require_action(game, faction, {"type": "dwelling"})
    if get("CULT"):
        require_action(game, faction, {"type": "cult", "amount": get("CULT")})
        return True
    if get("GAIN_FAVOR"):
        incomplete = True
        segment.warn(game, faction, f"favor not taken by {faction.name}")
        require_action(game, faction, {"type": "favor", "amount": get("GAIN_FAVOR")})
    else:
        dismiss_action(game, faction, "favor")
    if get("GAIN_TW"):
        incomplete = True
        segment.warn(game, faction, f"town tile not taken by {faction.name}")
        require_action(game, faction, {"type": "town", "amount": get("GAIN_TW")})
    else:
        dismiss_action(game, faction, "town")
    if get("BRIDGE"):
        incomplete = True
        segment.warn(game, faction, "bridge paid for but not placed")
        require_action(game, faction, {"type": "bridge"})
    else:
        dismiss_action(game, faction, "bridge")
    if get("CONVERT_W_TO_P") and "strict-darkling-sh" in game.options:
        incomplete = True
        require_action(
            game,
            faction,
            {"type": "convert", "amount": get("CONVERT_W_TO_P"), "optional": True},
        )
    if get("GAIN_P3_FOR_VP"):
        require_action(game, faction, {"type": "gain-token", "amount": get("GAIN_P3_FOR_VP")})
    if get("UNLOCK_TERRAIN"):
        incomplete = True
        require_action(game, faction, {"type": "unlock-terrain", "count": get("UNLOCK_TERRAIN")})
    return incomplete
