"""Resources, power bowls, cult tracks, tiles and the VP they bring.

Every change to a faction's holdings goes through :func:`adjust`, which
applies the side effects the rules attach to it: power from cult steps,
keys and the single top space of each cult, favor and town tile rewards,
round-scoring VP, faction specials, pool limits.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final, cast

from tmlog.errors import IllegalMove
from tmlog.games.terra_mystica.replay import events as ev
from tmlog.games.terra_mystica.replay import towns
from tmlog.games.terra_mystica.replay.decisions import CultSteps, LeechOffer
from tmlog.games.terra_mystica.replay.holdings import (
    FACTION_ACTIONS,
    LIMIT_NAMES,
    PENDING_NAMES,
    Cult,
)
from tmlog.games.terra_mystica.replay.options import Option
from tmlog.games.terra_mystica.replay.state import FIELD_INDEX, FactionState, Game, Track
from tmlog.games.terra_mystica.replay.tiles import (
    BUILD_VP_TILES,
    CULTS,
    FIRE_ICE_FINAL_SCORING,
    TILES,
)

_ALIASES: Final = {
    "PRIEST": "P",
    "PRIESTS": "P",
    "POWER": "PW",
    "WORKER": "W",
    "WORKERS": "W",
    "COIN": "C",
    "COINS": "C",
}
_CULT_SET: Final = frozenset(CULTS)
_BUILDING_KEYS: Final = frozenset(("D", "TP", "TE", "SH", "SA"))
_FINAL_SOURCES: Final = frozenset(
    ("fire", "water", "earth", "air", "network", *FIRE_ICE_FINAL_SCORING)
)


class NotEnough(IllegalMove):
    """A faction would go below zero of something."""

    def __init__(self, faction: str, resource: str, needed: int, has: int) -> None:
        self.faction = faction
        self.resource = resource
        self.needed = needed
        self.has = has
        super().__init__(
            f"{faction} do not have enough {_pretty(resource)}: needs {needed}, has {has}"
        )


_PRETTY: Final = {
    "C": "C",
    "W": "W",
    "P": "P",
    "VP": "VP",
    "P1": "power in bowl I",
    "P2": "power in bowl II",
    "P3": "power in bowl III",
    "SPADE": "spades",
}


def _pretty(resource: str) -> str:
    return _PRETTY.get(resource, resource)


def vp_source(raw: str | None, game: Game) -> str:
    """Map the engine's VP labels to tmlog's source names."""
    if raw is None:
        return "unknown"
    if game.final_resources and raw == "convert":
        return "final-resources"
    # Remembered per label: this runs for every VP change. The rules use a few
    # dozen labels; a log's '+3vp for X' brings its own, hence the bound.
    known = _VP_SOURCES.get(raw)
    if known is None:
        known = _vp_source(raw)
        if len(_VP_SOURCES) < 512:
            _VP_SOURCES[raw] = known
    return known


_VP_SOURCES: Final[dict[str, str]] = {}


def _vp_source(raw: str) -> str:
    if raw == "TW":
        return "town"
    if raw in _BUILDING_KEYS:
        return "faction"
    if raw in _FINAL_SOURCES:
        return f"final-{raw}"
    if raw.startswith("advance_"):
        track = raw[len("advance_") :]
        return f"advance-{track}" if track in ("ship", "dig") else "faction"
    if raw.startswith("ACT"):
        return "faction"
    return raw


def record_vp(game: Game, faction: FactionState, delta: int, source: str) -> None:
    faction.vp_source[source] = faction.vp_source.get(source, 0) + delta
    game.events.append(ev.VpChanged(game.round, game.turn, game.line, faction.name, delta, source))


def gain_power(faction: FactionState, count: int) -> int:
    """Move ``count`` tokens up the bowls; returns how many could move."""
    p1 = faction.p1
    p2 = faction.p2
    moved = min(count, 2 * p1 + p2)
    # Bowl I empties first, then bowl II: the same as moving one token at a time.
    up = min(moved, p1)
    p1 -= up
    p2 += up
    faction.p1 = p1
    faction.p2 = p2 - (moved - up)
    faction.p3 += moved - up
    return moved


def gain(
    game: Game, faction: FactionState, bundle: Mapping[str, Any], source: str | None = None
) -> None:
    """Receive a bundle of resources and effects (keys before cult steps)."""
    # Keys first, the rest in the bundle's order (no sort with a key function:
    # this runs for every gain).
    keys = ["KEY", *[k for k in bundle if k != "KEY"]] if "KEY" in bundle else list(bundle)
    for key in keys:
        amount = bundle[key]
        if type(amount) is not int:  # an ABC isinstance costs more than the gain itself
            if isinstance(amount, Mapping):
                # A gained ability (e.g. Yetis' reusable power actions).
                if key == "allow_reuse":
                    faction.allow_reuse.update(amount)
                else:
                    faction.extra[key] = dict(amount)
                continue
            if isinstance(amount, str):
                # Gains that scale with the table: "PLAYER_COUNT" / "OPPONENT_COUNT".
                players = sum(1 for f in game.order if not f.dummy)
                amount = players - 1 if amount == "OPPONENT_COUNT" else players
        adjust(game, faction, key, amount, source)


def pay(
    game: Game,
    faction: FactionState,
    cost: Mapping[str, int],
    discount: Mapping[str, int] | None = None,
) -> None:
    for key, amount in cost.items():
        if discount and discount.get(key):
            amount -= discount[key]
        adjust(game, faction, key, -amount)


def maybe_special(game: Game, faction: FactionState, kind: str, mode: str) -> bool:
    """A faction's automatic reward for gaining (or spending) something."""
    special = faction.special
    if not special or special.get("mode") != mode:
        return False
    enable_if = special.get("enable_if")
    if enable_if:
        for building, level in enable_if.items():
            if faction.buildings[building].level != level:
                return False
    record = special.get(kind)
    if record is None:
        return False
    gain(game, faction, record, "faction")
    return True


def score_current_tile(game: Game, faction: FactionState, kind: str, mode: str) -> None:
    """Round-scoring VP for building or gaining something this round."""
    tile = game.scoring_tile
    if tile is None or tile.mode != mode:
        return
    vp = tile.vp.get(kind)
    if vp:
        adjust(game, faction, "VP", vp, tile.name)


def score_favor_tiles(game: Game, faction: FactionState, building: str) -> None:
    """FAV10 / FAV11: VP for each trading post or dwelling built."""
    held = faction.held
    for tile in BUILD_VP_TILES:
        if not held[tile]:
            continue
        vp = TILES[tile].build_vp.get(building)
        if vp:
            adjust(game, faction, "VP", vp, tile)


def _cult_power(game: Game, faction: FactionState, cult: Cult, old: int, new: int) -> None:
    if old <= 2 < new:
        adjust(game, faction, "PW", 1)
    if old <= 4 < new:
        adjust(game, faction, "PW", 2)
    if old <= 6 < new:
        adjust(game, faction, "PW", 2)
    if old <= 9 < new:
        if faction.held["KEY"] < 1:
            faction.set_field(FIELD_INDEX[cult], 9)
            if Option.MANUAL_FAV5 not in game.options:
                faction.cult_blocked[cult] = 1
            return
        if not faction.board.cult_reaction and _must_wait_for_cultists(game, cult):
            raise IllegalMove(
                f"must wait for the cultists' cult decision before advancing to 10 on {cult}"
                " (use the 'wait' command)"
            )
        adjust(game, faction, "KEY", -1)
        adjust(game, faction, "PW", 3)
        for other in game.in_order():
            if other is not faction:
                other.max_cult[cult] = 9
    if old == 10 and new < 10:
        adjust(game, faction, "KEY", 1)
        for other in game.in_order():
            other.max_cult[cult] = 10


def _must_wait_for_cultists(game: Game, cult: Cult) -> bool:
    if Option.LOOSE_CULTIST_ORDERING in game.options:
        return False
    cultists = next((f for f in game.order if f.board.cult_reaction), None)
    if cultists is None or not cultists.held["KEY"]:
        return False
    pending = 0
    offers: set[int] = set()
    for record in game.action_required:
        if isinstance(record, CultSteps) and record.faction == cultists.name:
            pending += 1
        elif isinstance(record, LeechOffer) and record.from_faction == cultists.name:
            if not cultists.leech_cult_gained.get(record.leech_id):
                offers.add(record.leech_id)
    return cultists.get(cult) + pending + len(offers) >= 10


def advance_track(
    game: Game, faction: FactionState, name: str, track: Any, *, free: bool = False
) -> None:
    """Move a building count or a ship/dig track up one step, paying its cost."""
    if not free:
        cost = track.advance_cost if not isinstance(track, Track) else track.spec.advance_cost
        pay(game, faction, cost)
    gains = track.advance_gain if not isinstance(track, Track) else track.spec.advance_gain
    if gains and track.level < len(gains):
        gain(game, faction, gains[track.level], f"advance_{name}")
    track.level += 1
    if track.level > track.max_level:
        raise IllegalMove(f"{faction.name} cannot advance {name} beyond level {track.max_level}")


def adjust(
    game: Game, faction: FactionState, kind: str, delta: int, source: str | None = None
) -> None:
    """Change a faction's holding of ``kind`` by ``delta`` with all its side effects."""
    kind = _ALIASES.get(kind, kind)
    # ``kind`` is a name from a gain, a cost or a '+N X' command: _category
    # tells what it names before anything is read or written under it.
    if kind in faction.plain:
        # Coins, workers, power tokens, VP: no side effects beyond the pool
        # (and the VP's source). All of them are typed fields.
        pool = game.pool
        if pool is None or pool[kind] < delta:
            raise IllegalMove(f"no {kind} left in the pool")
        slot = FIELD_INDEX[kind]
        old = faction.field(slot)
        if old + delta < 0:
            raise NotEnough(faction.name, kind, -delta, old)
        if slot == 0:
            record_vp(game, faction, delta, vp_source(source, game))
        pool[kind] -= delta
        faction.set_field(slot, old + delta)
        return
    if kind == "PW" and delta > 0:
        gain_power(faction, delta)
        return

    if kind == "VP":  # only when a faction special touches VP
        record_vp(game, faction, delta, vp_source(source, game))
    if kind == "PW_TOKEN" and delta < 0:
        kind, delta = "LOSE_PW_TOKEN", -delta

    category = _category(kind)
    if category == "track":
        name = "teleport" if kind == "GAIN_TELEPORT" else "ship"
        _check_supply(game, kind, delta)
        # Steps past the top of the track do nothing, so only the steps left
        # are walked (the reference engine walks all ``delta`` of them).
        track = faction.track(name)
        for _ in range(max(0, min(delta, track.max_level - track.level))):
            track = faction.track(name)
            if track.level < track.max_level:
                reward = track.spec.advance_gain[track.level] if track.spec.advance_gain else {}
                gain(game, faction, reward, f"advance_{name}")
                track.level += 1
        return
    if category == "actions":
        faction.allowed_actions += delta
        return
    if category == "lose-tokens":
        for _ in range(abs(delta)):
            if faction.p1:
                faction.p1 -= 1
            elif faction.p2:
                faction.p2 -= 1
            elif faction.p3:
                faction.p3 -= 1
            else:
                raise IllegalMove(f"{faction.name} do not have {delta} power tokens to spend")
        return
    if category == "power":  # spending: tokens go from bowl III back to bowl I
        if faction.p3 + delta < 0:
            raise NotEnough(faction.name, "PW", -delta, faction.p3)
        faction.p1 -= delta
        faction.p3 += delta
        return

    if category == "unknown":
        raise IllegalMove(f"no {kind} left in the pool")
    # Cults, priests and a watched plain resource are typed fields; tiles, keys
    # and action spaces are held by name.
    slot = FIELD_INDEX.get(kind, -1)
    held = faction.held
    if category == "pending":
        old = getattr(faction.pending, PENDING_NAMES[kind])
    elif category == "limit":
        old = getattr(faction.limits, LIMIT_NAMES[kind])
    elif slot >= 0:
        old = faction.field(slot)
    else:
        old = held[kind]
    special = faction.special
    if delta > 0 and special is not None and kind in special and special.get("mode") == "replace":
        # The supply bounds the loop below: a number beyond it fails at once.
        _check_supply(game, kind, delta)
        replaced = False
        for _ in range(delta):
            replaced |= maybe_special(game, faction, kind, "replace")
        if replaced:
            return
    pool = game.pool
    if category != "faction-action":
        if pool is None or kind not in pool or pool[kind] < delta:
            raise IllegalMove(f"no {kind} left in the pool")
    new = old + delta
    if new < 0:
        raise NotEnough(faction.name, kind, -delta, old)
    if category != "faction-action" and pool is not None:
        pool[kind] -= delta
    if category == "pending":
        setattr(faction.pending, PENDING_NAMES[kind], new)
    elif category == "limit":
        setattr(faction.limits, LIMIT_NAMES[kind], new)
    elif slot >= 0:
        faction.set_field(slot, new)
    else:
        held[kind] = new

    if category == "cult":
        cap = faction.max_cult[kind]
        if new > cap:
            faction.set_field(slot, cap)
            new = cap
        _cult_power(game, faction, cast(Cult, kind), old, new)
        level = faction.field(slot)  # _cult_power may have held it at 9
        if level != old:
            game.events.append(
                ev.CultStep(game.round, game.turn, game.line, faction.name, kind, level)
            )
    elif category == "priest":
        if new > faction.limits.max_p:
            faction.p = faction.limits.max_p
    elif category == "favor":
        if new > 1:
            raise IllegalMove(f"{faction.name} cannot take a second {kind}")
        gain(game, faction, TILES[kind].gain, kind)
        if kind == "FAV5":
            for where in list(faction.locations):
                towns.detect_town(game, faction, where)
        game.events.append(_tile_event(game, faction, kind))
    elif category == "town":
        for _ in range(delta):
            gain(game, faction, TILES[kind].gain, "TW")
        game.events.append(_tile_event(game, faction, kind))
    elif category == "key":
        blocked = faction.cult_blocked
        if blocked and held["KEY"] >= len(blocked):
            for cult in list(blocked):
                gain(game, faction, {cult: 1})
            faction.cult_blocked = {}
    elif category == "bonus" and delta > 0:
        game.events.append(_tile_event(game, faction, kind))

    if delta > 0:
        tile = game.gain_tile
        scores = tile is not None and kind in tile.vp
        rewards = special is not None and kind in special and special.get("mode") == "gain"
        if scores or rewards:
            for _ in range(delta):
                if scores:
                    score_current_tile(game, faction, kind, "gain")
                if rewards:
                    maybe_special(game, faction, kind, "gain")

    if category == "bonus":
        faction.c += game.bonus_coins.get(kind, 0)
        game.bonus_coins[kind] = 0


def _check_supply(game: Game, kind: str, delta: int) -> None:
    """Fail as running out of the pool does, before a loop over ``delta`` starts."""
    pool = game.pool
    if pool is not None and kind in pool and pool[kind] < delta:
        raise IllegalMove(f"no {kind} left in the pool")


_CATEGORIES: Final[dict[str, str]] = {}


def _category(kind: str) -> str:
    """What sort of holding ``kind`` is, for :func:`adjust` (remembered per name)."""
    category = _CATEGORIES.get(kind)
    if category is None:
        if kind in ("GAIN_TELEPORT", "GAIN_SHIP"):
            category = "track"
        elif kind == "GAIN_ACTION":
            category = "actions"
        elif kind == "LOSE_PW_TOKEN":
            category = "lose-tokens"
        elif kind == "PW":
            category = "power"
        elif kind in _CULT_SET:
            category = "cult"
        elif kind == "P":
            category = "priest"
        elif kind.startswith("FAV") and kind in TILES:
            category = "favor"
        elif kind.startswith("TW") and kind in TILES:
            category = "town"
        elif kind == "KEY":
            category = "key"
        elif kind.startswith("BON") and kind in TILES:
            category = "bonus"
        elif kind in FACTION_ACTIONS:
            # Faction action spaces (ACTW …) are not in the pool.
            category = "faction-action"
        elif kind in PENDING_NAMES:
            category = "pending"
        elif kind in LIMIT_NAMES:
            category = "limit"
        elif kind in ("VP", "C", "W", "P1", "P2", "P3"):
            category = "other"  # a plain resource that a faction special watches
        else:
            category = "unknown"
        _CATEGORIES[kind] = category
    return category


def _tile_event(game: Game, faction: FactionState, tile: str) -> ev.TileTaken:
    return ev.TileTaken(game.round, game.turn, game.line, faction.name, tile)
