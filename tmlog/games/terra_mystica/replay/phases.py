"""The phases of a game: setup, income, the action phase, final scoring.

:func:`what_next` moves the game on once everything required of the current
phase is done; the engine calls it after every command.
"""

from __future__ import annotations

from typing import Final

from tmlog.errors import IllegalMove
from tmlog.games.terra_mystica.model.actions import FactionIncome
from tmlog.games.terra_mystica.model.enums import IncomeKind
from tmlog.games.terra_mystica.replay import decisions as d
from tmlog.games.terra_mystica.replay import dispatch, events, income, scoring, segment
from tmlog.games.terra_mystica.replay.economy import gain
from tmlog.games.terra_mystica.replay.options import Option
from tmlog.games.terra_mystica.replay.pending import (
    any_pending,
    detect_incomplete_turn,
    require_action,
)
from tmlog.games.terra_mystica.replay.state import FactionState, Game
from tmlog.games.terra_mystica.replay.tiles import SCORING
from tmlog.games.terra_mystica.replay.turns import start_full_move


def what_next(game: Game) -> None:
    """Move the game on to its next phase where everything required is done."""
    if game.state != "play":
        _until_play(game)
        if game.state != "play":
            return
    # The action phase, most of the game (checked inline: this runs after every
    # command): the round ends once nothing is required and everyone has passed.
    for r in game.action_required:
        if r and not r.optional:
            return
    for f in game.order:
        if not (f.passed or f.dropped):
            return
    _end_round(game)


def _until_play(game: Game) -> None:
    """The phases before the actions, each in turn while the last one is done."""
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
        if faction.pending.unlock_terrain:
            require_action(game, faction, d.UnlockTerrain(count=faction.pending.unlock_terrain))
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


def _end_round(game: Game) -> None:
    if game.round == 6:
        scoring.finish(game)
    else:
        game.state = "income"
        game.income_state = "all" if Option.MERGE_INCOME_PHASES in game.options else "cult"
        what_next(game)


def income_for_all(game: Game, kind: str | None) -> None:
    """Income rows for every faction, in turn order."""
    if not game.segment.after_comment:
        segment.write_comment(game, f"Round {game.round + 1} income")
    for faction in game.in_turn_order():
        dispatch.engine_row(game, faction, _income_row(kind, faction))


_INCOME_ROWS: Final[dict[tuple[str | None, str], FactionIncome]] = {}
"""The engine's income commands, one per kind and faction: an action is frozen,
and making one costs more than the row's bookkeeping."""


def _income_row(kind: str | None, faction: FactionState) -> FactionIncome:
    key = (kind, faction.name)
    row = _INCOME_ROWS.get(key)
    if row is None:
        action_kind = IncomeKind(kind) if kind else None
        row = _INCOME_ROWS[key] = FactionIncome(income=action_kind, faction=faction.tag)
    return row


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
    # Table order to check (no lists built); turn order only to name the first one.
    if not all(other.passed or other.dropped or other.dummy for other in game.order):
        for other in game.in_turn_order():
            if not (other.passed or other.dropped or other.dummy):
                raise IllegalMove(
                    f"cannot take income for {faction.name} while {other.name} is still playing"
                )
    if game.round == 0:
        faction.passed = True
    parts = income.faction_income(game, faction)
    bit = 1
    for part in parts:
        if mask & bit:
            gain(game, faction, part)
        bit <<= 1
    faction.income_taken |= mask
    kind = "cult" if mask == 1 else "other" if mask == 14 else "all"
    game.events.append(events.IncomeTaken(game.round + 1, 0, game.line, faction.name, kind))
    if faction.pending.spade:
        require_action(game, faction, d.Transform(amount=faction.pending.spade))
    if faction.pending.cult:
        require_action(game, faction, d.CultSteps(amount=faction.pending.cult))
