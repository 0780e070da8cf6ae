"""Whose turn it is, what must happen next, and the phases of a round.

Pending decisions (a power offer to answer, a favor tile to take, spades to
use) are records in ``game.action_required``; a faction's turn ends only
when it has none left and has used its action. The phase machine moves the
game from setup through income, actions and final scoring.
"""

from __future__ import annotations

from typing import TypeVar

from tmlog.errors import IllegalMove
from tmlog.games.terra_mystica.model.actions import FactionIncome
from tmlog.games.terra_mystica.model.enums import IncomeKind
from tmlog.games.terra_mystica.replay import commands, events, income, moves, scoring
from tmlog.games.terra_mystica.replay import decisions as d
from tmlog.games.terra_mystica.replay.options import Option
from tmlog.games.terra_mystica.replay.state import FactionState, Game
from tmlog.games.terra_mystica.replay.tiles import SCORING

D = TypeVar("D", bound=d.Decision)


# ------------------------------------------------------------ pending decisions


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


_SETTLED_KINDS = (d.FavorPick, d.TownPick, d.BridgePlacement)


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


# -------------------------------------------------------------------- setup


def register_faction(game: Game, faction: FactionState) -> None:
    game.factions[faction.name] = faction
    game.order.append(faction)
    playing = [f for f in game.order if not f.dropped]
    names = [f.name for f in playing]
    dwellings = [(f.name, "dwelling") for f in playing if f.board.setup_dwellings >= 2]
    order = dwellings + dwellings[::-1]
    # A third dwelling after everyone's second, then the single late one.
    order += [(f.name, "dwelling") for f in playing if f.board.setup_dwellings == 3]
    order += [(f.name, "dwelling") for f in playing if f.board.setup_dwellings == 1]
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
            if not game.ledger.force_finish:
                game.ledger.finish_row()
            game.ledger.start_row(faction)
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
    p = faction.pending
    if not p.any_to_settle():
        # Nothing left to decide: only settled decisions to forget.
        name = faction.name
        pending = game.action_required
        for r in pending:
            if r and r.faction == name and isinstance(r, _SETTLED_KINDS):
                game.action_required = [
                    r
                    for r in pending
                    if not r or r.faction != name or not isinstance(r, _SETTLED_KINDS)
                ]
                break
        return False
    ledger = game.ledger
    incomplete = False
    if p.pick_color:
        incomplete = True
        require_action(game, faction, d.PickColor())
    if p.spade:
        incomplete = True
        require_action(game, faction, d.Transform(amount=p.spade))
    if p.free_tf:
        incomplete = True
        ledger.warn(f"Unused free terraform for {faction.name}")
        require_action(game, faction, d.Transform())
    if p.volcano_tf:
        incomplete = True
        ledger.warn(f"Unused terraform for {faction.name}")
        require_action(game, faction, d.Transform())
    if p.lose_cult:
        require_action(game, faction, d.LoseCult(amount=p.lose_cult))
        return True
    if p.free_tp:
        incomplete = True
        ledger.warn(f"Unused free trading post for {faction.name}")
        require_action(game, faction, d.FreeUpgrade())
    if p.free_d:
        incomplete = True
        ledger.warn(f"Unused free dwelling for {faction.name}")
        require_action(game, faction, d.PlaceDwelling())
    if p.cult:
        require_action(game, faction, d.CultSteps(amount=p.cult))
        return True
    if p.gain_favor:
        incomplete = True
        ledger.warn(f"favor not taken by {faction.name}")
        require_action(game, faction, d.FavorPick(amount=p.gain_favor))
    else:
        dismiss_action(game, faction, d.FavorPick)
    if p.gain_tw:
        incomplete = True
        ledger.warn(f"town tile not taken by {faction.name}")
        require_action(game, faction, d.TownPick(amount=p.gain_tw))
    else:
        dismiss_action(game, faction, d.TownPick)
    if p.bridge:
        incomplete = True
        ledger.warn("bridge paid for but not placed")
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
    game.ledger.turn = game.turn
    game.ledger.turn_header(game.round, game.turn)


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
        dismiss_action(game, faction, d.FullTurn)
        nxt = next_in_turn(game, faction)
        if nxt is not None:
            require_action(game, nxt, d.FullTurn())
            start_full_move(game, nxt)
            _advance_turn_counter(game, faction, nxt)
    if game.new_order:
        game.order = game.new_order
        game.new_order = []
    game.ledger.finish_row()


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
        game.action_required = [d.GameOver(aborted=True)]
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
            game.action_required = [d.NotStarted()]
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
        game.action_required = [d.PickFaction()]
    else:
        game.state = "post-setup"


def _post_setup(game: Game) -> None:
    incomplete = False
    for faction in game.in_order():
        post = faction.extra.pop("post_setup", None)
        if post:
            for key, value in post.items():
                faction.set(key, value)
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
        game.action_required = [d.PlaceDwelling(faction=name)]
        game.factions[name].allowed_sub_actions = {"build": 1}


def _initial_bonus(game: Game) -> None:
    if game.setup_order:
        name = game.setup_order[0][0]
        game.action_required = [d.PickBonus(faction=name)]
        game.factions[name].allowed_sub_actions = {"pass": 1}
    else:
        game.action_required = []
        game.ledger.finish_row()
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
        if faction.pending.unlock_terrain:
            require_action(game, faction, d.UnlockTerrain(count=faction.pending.unlock_terrain))
    if any_pending(game):
        return
    if game.income_state == "cult":
        game.income_state = "other"
        game.state = "income"
        what_next(game)
    else:
        game.ledger.finish_row()
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
        game.income_state = "all" if Option.MERGE_INCOME_PHASES in game.options else "cult"
        what_next(game)


def income_for_all(game: Game, kind: str | None) -> None:
    """Income rows for every faction, in turn order."""
    if not game.ledger.trailing_comment:
        game.ledger.add_comment(f"Round {game.round + 1} income")
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
    game.ledger.round = game.round
    game.ledger.turn = game.turn
    game.ledger.turn_header(game.round, game.turn)
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
        require_action(game, faction, d.FullTurn())
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
    if faction.pending.spade:
        require_action(game, faction, d.Transform(amount=faction.pending.spade))
    if faction.pending.cult:
        require_action(game, faction, d.CultSteps(amount=faction.pending.cult))
