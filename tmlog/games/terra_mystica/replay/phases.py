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
from tmlog.games.terra_mystica.replay.state import FactionState, Game, Phase
from tmlog.games.terra_mystica.replay.tiles import SCORING
from tmlog.games.terra_mystica.replay.turns import start_full_move


def what_next(game: Game) -> None:
    """Move the game on to its next phase where everything required is done."""
    if game.phase is not Phase.PLAY and not _until_play(game):
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


def _until_play(game: Game) -> bool:
    """The phases before the actions, each in turn while the last one is done;
    True if the action phase is reached."""
    if game.phase is Phase.WAIT_FOR_PLAYERS:
        _wait_for_players(game)
    if game.phase is Phase.SELECT_FACTIONS:
        _select_factions(game)
    if game.phase is Phase.POST_SETUP:
        _post_setup(game)
    if game.phase is Phase.INITIAL_DWELLINGS:
        _initial_dwellings(game)
    if game.phase is Phase.INITIAL_BONUS:
        _initial_bonus(game)
    if game.phase is Phase.INCOME:
        _income(game)
    if game.phase is Phase.USE_INCOME_SPADES:
        if not any_pending(game):
            game.phase = Phase.INCOME_TERRAIN_UNLOCK
    if game.phase is Phase.INCOME_TERRAIN_UNLOCK:
        _income_terrain_unlock(game)
    return game.phase is Phase.PLAY


_ADVANCES: Final = {
    Phase.SELECT_FACTIONS: Phase.WAIT_FOR_PLAYERS,
    Phase.INITIAL_DWELLINGS: Phase.SELECT_FACTIONS,
}
"""The phases a setup command can move the game on to, each from the one before it."""


def advance_phase(game: Game, phase: Phase) -> None:
    """Move the game on to ``phase`` if it stands at the phase before it."""
    if game.phase is _ADVANCES[phase]:
        game.phase = phase
        what_next(game)


def _wait_for_players(game: Game) -> None:
    if game.player_count is not None:
        if len(game.players) == game.player_count:
            game.phase = Phase.SELECT_FACTIONS
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
        game.phase = Phase.POST_SETUP


def _post_setup(game: Game) -> None:
    incomplete = False
    for faction in game.in_order():
        post = faction.extra.pop("post_setup", None)
        if post:
            for key, value in post.items():
                faction.set(key, value)
        incomplete |= detect_incomplete_turn(game, faction)
    if not incomplete:
        game.phase = Phase.INITIAL_DWELLINGS


def _initial_dwellings(game: Game) -> None:
    if not game.setup_order:
        return
    name, step = game.setup_order[0]
    if step == "bonus":
        game.phase = Phase.INITIAL_BONUS
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
        game.phase = Phase.INCOME


def _income(game: Game) -> None:
    if any_pending(game):
        return
    mask = {IncomeKind.CULT: 1, IncomeKind.OTHER: 14}.get(game.income_kind, 15)
    if not any(f.income_taken & mask for f in game.order):
        income_for_all(game, game.income_kind)
    game.phase = Phase.USE_INCOME_SPADES


def _income_terrain_unlock(game: Game) -> None:
    for faction in game.in_order():
        if faction.pending.unlock_terrain:
            require_action(game, faction, d.UnlockTerrain(count=faction.pending.unlock_terrain))
    if any_pending(game):
        return
    if game.income_kind is IncomeKind.CULT:
        game.income_kind = IncomeKind.OTHER
        game.phase = Phase.INCOME
        what_next(game)
    else:
        segment.close_row(game)
        game.phase = Phase.PLAY
        start_round(game)


def _end_round(game: Game) -> None:
    if game.round == 6:
        scoring.finish(game)
    else:
        game.phase = Phase.INCOME
        game.income_kind = (
            IncomeKind.ALL if Option.MERGE_INCOME_PHASES in game.options else IncomeKind.CULT
        )
        what_next(game)


def income_for_all(game: Game, kind: IncomeKind) -> None:
    """Income rows for every faction, in turn order."""
    if not game.segment.after_comment:
        segment.write_comment(game, f"Round {game.round + 1} income")
    for faction in game.in_turn_order():
        dispatch.engine_row(game, faction, _income_row(kind, faction))


_INCOME_ROWS: Final[dict[tuple[IncomeKind, str], FactionIncome]] = {}
"""The engine's income commands, one per kind and faction: an action is frozen,
and making one costs more than the row's bookkeeping."""


def _income_row(kind: IncomeKind, faction: FactionState) -> FactionIncome:
    key = (kind, faction.name)
    row = _INCOME_ROWS.get(key)
    if row is None:
        row = _INCOME_ROWS[key] = FactionIncome(income=kind, faction=faction.tag)
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
