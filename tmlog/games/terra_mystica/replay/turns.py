"""Whose turn it is, what must happen next, and the phases of a round.

Pending decisions (a power offer to answer, a favor tile to take, spades to
use) are records in ``game.action_required``; a faction's turn ends only
when it has none left and has used its action. The phase machine moves the
game from setup through income, actions and final scoring.
"""

from __future__ import annotations

from typing import Any

from tmlog.errors import IllegalMove
from tmlog.games.terra_mystica.model.actions import FactionIncome
from tmlog.games.terra_mystica.model.enums import IncomeKind
from tmlog.games.terra_mystica.replay import commands, events, income, moves, scoring, segment
from tmlog.games.terra_mystica.replay.state import FactionState, Game
from tmlog.games.terra_mystica.replay.tiles import SCORING

Record = dict[str, Any]


# ------------------------------------------------------------ pending decisions


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


# -------------------------------------------------------------------- setup


def register_faction(game: Game, faction: FactionState) -> None:
    game.factions[faction.name] = faction
    game.order.append(faction)
    names = [f.name for f in game.order if not f.dropped]
    dwellings = [(n, "dwelling") for n in names if n != "chaosmagicians"]
    order = dwellings + dwellings[::-1]
    for late in ("nomads", "chaosmagicians"):
        f = game.factions.get(late)
        if f is not None and not f.dropped:
            order.append((late, "dwelling"))
    order += [(n, "bonus") for n in reversed(names)]
    game.setup_order = order


def setup_step_done(game: Game) -> None:
    if game.setup_order:
        game.setup_order.pop(0)


# --------------------------------------------------------------- the turn


def start_full_move(game: Game, faction: FactionState) -> None:
    game.active = faction
    faction.allowed_actions = 1
    faction.allowed_sub_actions = {}
    faction.allowed_build_locations = set()
    faction.require_home_terrain_tf = False
    faction.teleport_to = None
    faction.cult_blocked = {}
    faction.disable_spade_decline = False


def require_subaction(
    game: Game, faction: FactionState, kind: str, followup: dict[str, int]
) -> None:
    """Spend either a sub-action granted by an earlier step, or the turn's action."""
    allowed = faction.allowed_sub_actions
    if allowed.get(kind, 0) > 0:
        allowed[kind] -= 1
        faction.allowed_sub_actions = dict(followup)
    elif faction.allowed_actions:
        faction.allowed_actions -= 1
        faction.allowed_sub_actions = dict(followup)
        # Taking an action answers every pending power offer with "no".
        moves.decline_all(game, faction, explicit=False)
    elif game.round == 0:
        raise IllegalMove(f"{faction.name} cannot take that action during setup")
    else:
        unpassed = [f for f in game.order if not f.passed and not f.dropped]
        if len(unpassed) == 1:
            maybe_advance_to_next_player(game, faction)
            if not game.segment.must_end:
                segment.close_row(game)
            segment.open_row(game, faction)
            start_full_move(game, faction)
            require_subaction(game, faction, kind, followup)
            return
        if game.active is not faction:
            active = game.active.name if game.active else "no faction"
            raise IllegalMove(f"it is the {active}' turn, not the {faction.name}'")
        raise IllegalMove(
            f"{faction.name} have already used their action this turn ('{kind}' is a second one)"
        )


def is_active(game: Game, faction: FactionState) -> bool:
    return game.active is faction


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


def next_in_turn(game: Game, faction: FactionState) -> FactionState | None:
    if game.finished:
        return None
    for f in game.in_order_from(faction):
        if not f.passed and not f.dropped:
            return f
    return None


def _advance_turn_counter(game: Game, faction: FactionState, nxt: FactionState) -> None:
    if game.full_turn_played:
        game.full_turn_played = False
        game.turn += 1
    if faction.order >= nxt.order:
        game.full_turn_played = True
    segment.turn_header(game)


def maybe_advance_to_next_player(game: Game, faction: FactionState | None) -> None:
    """End ``faction``'s turn if it has nothing left to do, and hand over."""
    incomplete = detect_incomplete_turn(game, faction) if faction is not None else False
    if not game.round:
        return
    if (
        faction is not None
        and not incomplete
        and game.active is faction
        and not faction.allowed_actions
    ):
        dismiss_action(game, faction, "full")
        nxt = next_in_turn(game, faction)
        if nxt is not None:
            require_action(game, nxt, {"type": "full"})
            start_full_move(game, nxt)
            _advance_turn_counter(game, faction, nxt)
    if game.new_order:
        game.order = game.new_order
        game.new_order = []
    segment.close_row(game)


# --------------------------------------------------------------- the phases


def what_next(game: Game) -> None:
    """Move the game on to its next phase where everything required is done."""
    if game.state == "play":  # most of the game: only the end of the round to look for
        _play(game)
        return
    if game.state == "wait-for-players":
        _wait_for_players(game)
    if game.state == "select-factions":
        _select_factions(game)
    if game.state == "post-setup":
        _post_setup(game)
    if game.state == "initial-dwellings":
        _initial_dwellings(game)
    if game.state == "initial-bonus":
        _initial_bonus(game)
    if game.state == "income":
        _income(game)
    if game.state == "use-income-spades":
        if not any_pending(game):
            game.state = "income-terrain-unlock"
    if game.state == "income-terrain-unlock":
        _income_terrain_unlock(game)
    if game.state == "play":
        _play(game)
    if game.state == "abort":
        game.action_required = [{"type": "gameover", "aborted": True}]
        game.aborted = True
        game.finished = True


def advance_state(game: Game, new_state: str) -> None:
    if new_state == "select-factions" and game.state == "wait-for-players":
        game.state = new_state
        what_next(game)
    if new_state == "initial-dwellings" and game.state == "select-factions":
        game.state = new_state
        what_next(game)
    if new_state == "abort":
        game.state = new_state
        what_next(game)


def _wait_for_players(game: Game) -> None:
    if game.player_count is not None:
        if len(game.players) == game.player_count:
            game.state = "select-factions"
        else:
            game.action_required = [{"type": "not-started"}]
    else:
        game.action_required = []


def _select_factions(game: Game) -> None:
    if not game.players:
        return
    if game.order:
        game.action_required = []
        if detect_incomplete_turn(game, game.order[-1]):
            return
    if len(game.players) != len(game.order):
        game.action_required = [{"type": "faction"}]
    else:
        game.state = "post-setup"


def _post_setup(game: Game) -> None:
    incomplete = False
    for faction in game.in_order():
        post = faction.extra.pop("post_setup", None)
        if post:
            for key, value in post.items():
                faction.res[key] = value
        incomplete |= detect_incomplete_turn(game, faction)
    if not incomplete:
        game.state = "initial-dwellings"


def _initial_dwellings(game: Game) -> None:
    if not game.setup_order:
        return
    name, step = game.setup_order[0]
    if step == "bonus":
        game.state = "initial-bonus"
    else:
        game.action_required = [{"type": "dwelling", "faction": name}]
        game.factions[name].allowed_sub_actions = {"build": 1}


def _initial_bonus(game: Game) -> None:
    if game.setup_order:
        name = game.setup_order[0][0]
        game.action_required = [{"type": "bonus", "faction": name}]
        game.factions[name].allowed_sub_actions = {"pass": 1}
    else:
        game.action_required = []
        segment.close_row(game)
        game.state = "income"


def _income(game: Game) -> None:
    if any_pending(game):
        return
    mask = {"cult": 1, "other": 14}.get(game.income_state, 15)
    if not any(f.income_taken & mask for f in game.order):
        income_for_all(game, game.income_state)
    game.state = "use-income-spades"


def _income_terrain_unlock(game: Game) -> None:
    for faction in game.in_order():
        if faction.get("UNLOCK_TERRAIN"):
            require_action(
                game, faction, {"type": "unlock-terrain", "count": faction.get("UNLOCK_TERRAIN")}
            )
    if any_pending(game):
        return
    if game.income_state == "cult":
        game.income_state = "other"
        game.state = "income"
        what_next(game)
    else:
        segment.close_row(game)
        game.state = "play"
        start_round(game)


def _play(game: Game) -> None:
    if any_pending(game):
        return
    if not all(f.passed or f.dropped for f in game.order):
        return
    if game.round == 6:
        scoring.finish(game)
    else:
        game.state = "income"
        game.income_state = "all" if "merge-income-phases" in game.options else "cult"
        what_next(game)


def income_for_all(game: Game, kind: str | None) -> None:
    """Income rows for every faction, in turn order."""
    if not game.segment.after_comment:
        segment.write_comment(game, f"Round {game.round + 1} income")
    action_kind = IncomeKind(kind) if kind else None
    for faction in game.in_turn_order():
        commands.engine_row(game, faction, FactionIncome(income=action_kind, faction=faction.tag))


def start_round(game: Game) -> None:
    """A new round: clear action spaces, coins on unused bonus tiles, first player."""
    game.round += 1
    game.turn = 1
    for faction in game.in_order():
        if not faction.income_taken:
            raise IllegalMove(f"round {game.round} income not taken for {faction.name}")
        faction.income_taken = 0
        faction.passed = False
    game.blocked.clear()
    pool = game.pool or {}
    for tile, count in pool.items():
        if tile.startswith("BON") and count:
            game.bonus_coins[tile] = game.bonus_coins.get(tile, 0) + 1
    segment.turn_header(game)
    order = game.in_turn_order()
    for i, faction in enumerate(order):
        faction.order = i
    scoring_tile = game.score_tiles[game.round - 1] if len(game.score_tiles) >= game.round else None
    game.scoring_tile = SCORING.get(scoring_tile) if scoring_tile else None
    gains = game.scoring_tile is not None and game.scoring_tile.mode == "gain"
    game.gain_tile = game.scoring_tile if gains else None
    game.events.append(
        events.RoundStarted(
            round=game.round, turn=1, line=0, faction=None, scoring_tile=scoring_tile
        )
    )
    for faction in order:
        if faction.dropped:
            continue
        require_action(game, faction, {"type": "full"})
        start_full_move(game, faction)
        game.full_turn_played = False
        break


def take_income(game: Game, faction: FactionState, mask: int) -> None:
    """Pay a faction the parts of its income in ``mask``.

    Bits: 1 round-scoring cult reward, 2 bonus tile, 4 buildings, 8 favors.
    """
    if faction.income_taken & mask:
        raise IllegalMove(f"{faction.name} cannot take income twice")
    for other in game.in_turn_order():
        if not (other.passed or other.dropped or other.dummy):
            raise IllegalMove(
                f"cannot take income for {faction.name} while {other.name} is still playing"
            )
    if game.round == 0:
        faction.passed = True
    parts = income.faction_income(game, faction)
    bit = 1
    from tmlog.games.terra_mystica.replay.economy import gain

    for part in parts:
        if mask & bit:
            gain(game, faction, part)
        bit <<= 1
    faction.income_taken |= mask
    game.events.append(
        events.IncomeTaken(
            round=game.round + 1,
            turn=0,
            line=game.line,
            faction=faction.name,
            kind={1: "cult", 14: "other"}.get(mask, "all"),
        )
    )
    if faction.get("SPADE"):
        require_action(game, faction, {"type": "transform", "amount": faction.get("SPADE")})
    if faction.get("CULT"):
        require_action(game, faction, {"type": "cult", "amount": faction.get("CULT")})
