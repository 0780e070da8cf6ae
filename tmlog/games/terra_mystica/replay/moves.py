"""A turn's moves besides building: priests to cults, actions, passing, advancing, leech replies."""

from __future__ import annotations

from typing import Final

from tmlog.errors import IllegalMove
from tmlog.games.terra_mystica.model import actions as a
from tmlog.games.terra_mystica.replay import (
    economy,
    events,
    leech,
    pending,
    scoring,
    segment,
    turns,
)
from tmlog.games.terra_mystica.replay.economy import adjust, gain, pay
from tmlog.games.terra_mystica.replay.guards import need_active, need_faction
from tmlog.games.terra_mystica.replay.holdings import RESOURCE_SET
from tmlog.games.terra_mystica.replay.options import Option
from tmlog.games.terra_mystica.replay.state import FactionState, Game, Handler, Turn
from tmlog.games.terra_mystica.replay.tiles import (
    ACTIONS,
)

_STRONGHOLD_ACTIONS: Final = frozenset(("ACTA", "ACTG", "ACTS", "ACTN", "ACTW", "ACTC"))


def _send(game: Game, faction: FactionState | None, action: a.Send) -> None:
    f = need_active(game, faction, action)
    turns.require_subaction(game, f, "send", {})
    cult: str = action.cult._value_  # not .value: an enum property, Python per call
    wanted = action.slot
    steps = 1
    slots = game.cult_slots[cult]
    for i, occupant in enumerate(slots):
        if occupant is None:
            value = 3 if i == 0 else 2
            if wanted and value != wanted:
                continue
            steps = value
            slots[i] = f.color
            f.limits.max_p -= 1
            f.limits.cult_p += 1
            break
    if wanted and steps != wanted:
        raise IllegalMove(f"there is no free {wanted}-step space on the {cult} track")
    steps += f.limits.priest_cult_bonus
    gain(game, f, {cult: steps})
    adjust(game, f, "P", -1)


def _use_action(game: Game, faction: FactionState | None, action: a.UseAction) -> None:
    f = need_active(game, faction, action)
    name: str = action.space._value_
    power_action = name.startswith("ACT") and name[3:4] in "123456" and name[3:4]
    if not power_action and not (name in RESOURCE_SET and f.get(name)):
        if name in _STRONGHOLD_ACTIONS:
            raise IllegalMove(f"{f.name} have no {name} action (it comes with a stronghold)")
        if name.startswith(("BON", "FAV")):
            raise IllegalMove(f"{f.name} have no {name} action (it needs the {name} tile)")
        raise IllegalMove(f"{f.name} have no {name} action")
    spec = f.extra.get("actions", {}).get(name) or ACTIONS.get(name)
    if spec is None:
        raise IllegalMove(f"unknown action {name}")
    key = name if name.startswith("ACT") else f"{name}/{f.name}"
    if key in game.blocked and not f.allow_reuse.get(key):
        raise IllegalMove(f"action space {key} is already taken this round")
    rules = f.extra.get("action", {}).get(name, {})
    if rules.get("forbid"):
        raise IllegalMove(f"{f.display} may not use action {name}")
    subaction = dict(rules.get("subaction") or spec.subaction)
    turns.require_subaction(game, f, "action", subaction)
    pay(game, f, spec.cost, f.discount.get(name))
    gain(game, f, spec.gain, name)
    if not spec.dont_block:
        game.blocked.add(key)


def _pass(game: Game, faction: FactionState | None, action: a.Pass) -> Turn:
    f = need_active(game, faction, action)
    if Option.STRICT_CHAOSMAGICIAN_SH in game.options and f.allowed_actions > 1:
        f.allowed_actions = 1
    turns.require_subaction(game, f, "pass", {})
    first = not any(o.passed for o in game.order)
    if game.round:
        if first:
            for o in game.order:
                o.start_player = False
            f.start_player = True
        if Option.VARIABLE_TURN_ORDER in game.options:
            game.new_order = [o for o in game.order if o is not f] + [f]
    if Option.STRICT_CHAOSMAGICIAN_SH in game.options and f.passed:
        raise IllegalMove(f"{f.name} have already passed this round")
    f.passed = True
    discard = next(iter(f.tiles("BON")), None)
    scoring.pass_vp(game, f, lambda vp, tile: adjust(game, f, "VP", vp, tile))
    bonus: str | None = action.bonus._value_ if action.bonus else None
    if bonus:
        if not game.round:
            turns.setup_step_done(game)
        if game.round == 6:
            segment.warn(game, f, "Can't take a bonus tile when passing on last round")
        else:
            if (game.pool or {}).get(bonus, 0) < 1:
                raise IllegalMove(f"{bonus} is not available")
            adjust(game, f, bonus, 1)
    elif game.round != 6:
        raise IllegalMove("passing needs a bonus tile (except in round 6)")
    if discard:
        adjust(game, f, discard, -1)
    game.events.append(events.Passed(game.round, game.turn, game.line, f.name, bonus))
    return Turn.HAND_OVER


def _advance(game: Game, faction: FactionState | None, action: a.Advance) -> None:
    f = need_faction(faction, action)
    turns.require_subaction(game, f, "advance", {})
    name: str = action.track._value_
    track = f.track(name)
    if track.level >= track.max_level:
        raise IllegalMove(f"{f.name} cannot advance {name} beyond level {track.max_level}")
    economy.advance_track(game, f, name, track)


def _leech(game: Game, faction: FactionState | None, action: a.Leech) -> Turn:
    f = need_faction(faction, action)
    source: str = action.source_faction._value_ if action.source_faction else ""
    leech.accept(game, f, action.amount, source)
    return Turn.HAND_OVER


def _decline(game: Game, faction: FactionState | None, action: a.Decline) -> Turn:
    f = need_faction(faction, action)
    if action.amount is None:
        leech.decline_all(game, f, explicit=True)
    else:
        source: str = action.source_faction._value_ if action.source_faction else ""
        if not leech.decline(game, f, action.amount, source, explicit=True):
            raise IllegalMove(
                f"there is no offer of {action.amount} power from {source} to decline"
            )
        pending.clear_empty(game)
    return Turn.HAND_OVER


HANDLERS: dict[type, Handler] = {
    a.Send: _send,
    a.Leech: _leech,
    a.Decline: _decline,
    a.UseAction: _use_action,
    a.Pass: _pass,
    a.Advance: _advance,
}
