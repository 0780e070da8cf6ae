"""The per-game record of a Rootlog game (see :mod:`tmlog.records`).

>>> [t.name for t in SCHEMA.tables], [c.name for c in SCHEMA.games][:4]
(['factions', 'vp', 'vp_rounds', 'timeline'], ['game', 'map_name', 'deck', 'player_count'])
>>> source_name(VpSource.MARQUISE_BUILDING), source_key("roosts") < source_key("turmoil")
('marquise-building', True)
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass
from typing import ClassVar, NamedTuple

from tmlog.games.root.notation import RootLog
from tmlog.games.root.replay import RootReplay
from tmlog.games.root.scoring import VpSource
from tmlog.records import FrameOptions, describe


class RootFaction(NamedTuple):
    faction: str
    start_order: int
    """Its seat in the order of play: 1 takes the first turn after setup. A
    faction that never played comes after, in the order of the player lines."""
    final_vp: int
    dropped: bool
    won: bool
    vp_marker: str
    """Where its VP marker ended: ``track``, ``dominance`` or ``coalition:<F>``."""
    player: str | None = None
    """The name its player line gives (``A: phod``)."""


class RootVp(NamedTuple):
    faction: str
    source: str
    """A :class:`VpSource` by :func:`source_name` (``craft``, ``roosts``...)."""
    vp: int


class RootVpRound(NamedTuple):
    faction: str
    round: int
    """0: after setup; then after every faction's n-th turn (Root's rounds)."""
    vp: int


class RootTimeline(NamedTuple):
    """One faction after one turn line: a row per turn line and faction of the game.

    The VP are the track's (the notation's floor at 0); the pieces are those on
    the twelve clearings (not in the forests, the Burrow, a box or the
    supply), as ``tmlog replay --at LINE`` shows them, and so are the rulers
    of the clearings."""

    turn: int
    """The turn line's number among the log's turn lines, from 1 (setup's included)."""
    line: int
    """The turn line's line in the log (``tmlog replay --at LINE``)."""
    round: int
    """0 for setup, then the count of turns of the faction whose turn it was (Root's rounds)."""
    faction: str
    acting: bool
    """The turn was this faction's."""
    vp: int
    warriors: int
    buildings: int
    tokens: int
    ruled: int
    """Clearings it rules."""
    cards: int
    """Cards in its hand, as far as the log shows them."""


def source_name(source: VpSource) -> str:
    """The name a VP source has in reports: ``VpSource.TRADE_POST`` is ``trade-post``."""
    return source.name.lower().replace("_", "-")


_ORDER = {source_name(s): i for i, s in enumerate(VpSource)}


def source_key(name: str) -> tuple[int, str]:
    """Sort key of a source name: the order of :class:`VpSource` (rule by rule)."""
    return (_ORDER.get(name, len(_ORDER)), name)


@dataclass(frozen=True)
class RootRecord:
    game: str
    map_name: str
    deck: str
    player_count: int
    finished: bool
    winner: tuple[str, ...]
    turns: int
    actions: int
    error: str | None
    warnings: tuple[str, ...]
    factions: tuple[RootFaction, ...]
    vp: tuple[RootVp, ...]
    vp_rounds: tuple[RootVpRound, ...]
    timeline: tuple[RootTimeline, ...]
    """Every faction after every turn line (:class:`RootTimeline`); built from the
    boards the replay kept (``replay(..., boards=[])``), empty if it kept none."""
    fingerprint: str = ""
    """The game's content fingerprint (:meth:`~tmlog.games.root.game.Root.fingerprint`)."""

    frame_options: ClassVar[FrameOptions] = FrameOptions(
        names={"map_name": "map"},
        hidden=("fingerprint",),
        keys={"factions": ("player_count", "map_name", "deck", "finished")},
    )
    """As Terra Mystica's: ``games`` calls ``map_name`` ``map``; each faction row
    carries its game's player count, map and deck for ``stats --by``."""


SCHEMA = describe(RootRecord)


def record_game(
    result: RootReplay, *, tables: Collection[str] | None = None, fingerprint: str = ""
) -> RootRecord:
    """Fold a replay into its record (``tables``: only these of its tables, the
    others left empty, as :meth:`~tmlog.records.RecordSchema.only` leaves them;
    None: all)."""
    log = result.log

    def wants(table: str) -> bool:
        return tables is None or table in tables

    factions = []
    seats = _seats(log)
    names = {p.faction: p.name or None for p in log.players}
    for faction in log.factions if wants("factions") else ():
        seat = seats[faction]
        partner = result.dominance.get(faction)
        marker = (
            "track"
            if partner is None
            else "dominance"
            if partner == faction
            else f"coalition:{partner}"
        )
        factions.append(
            RootFaction(
                faction,
                seat,
                result.vp[faction],
                False,
                faction in result.winner,
                marker,
                names.get(faction),
            )
        )
    return RootRecord(
        game=log.source,
        map_name=log.map,
        deck=log.deck,
        player_count=len(log.factions),
        finished=result.finished,
        winner=result.winner,
        turns=len(log.turns),
        actions=sum(len(t.actions) for t in log.turns),
        error=result.error,
        warnings=tuple(result.warnings),
        factions=tuple(factions),
        vp=tuple(
            RootVp(f, source_name(source), n)
            for f in (log.factions if wants("vp") else ())
            for source, n in sorted(result.vp_by_source.get(f, {}).items(), key=_rank)
        ),
        vp_rounds=_rounds(result) if wants("vp_rounds") else (),
        timeline=_timeline(result) if wants("timeline") else (),
        fingerprint=fingerprint,
    )


def _seats(log: RootLog) -> dict[str, int]:
    """Each faction's seat: the order of their first turns after setup (LoR 2.4:
    play passes clockwise from there), then those that never played."""
    played = list(dict.fromkeys(t.faction for t in log.turns if not t.setup))
    order = played + [f for f in log.factions if f not in played]
    return {faction: seat for seat, faction in enumerate(order, 1)}


def _rank(item: tuple[VpSource, int]) -> int:
    return list(VpSource).index(item[0])


def _rounds(result: RootReplay) -> tuple[RootVpRound, ...]:
    """Each faction's VP after setup and after each round: the VP after the
    last turn line of that round."""
    after: dict[int, Mapping[str, int]] = {}
    for end in result.turn_ends:
        after[end.round] = end.vp
    return tuple(
        RootVpRound(f, r, vp.get(f, 0))
        for r, vp in sorted(after.items())
        for f in result.log.factions
    )


def _timeline(result: RootReplay) -> tuple[RootTimeline, ...]:
    """Each faction's VP and pieces after each turn line (the replay's kept boards)."""
    if result.boards is None:
        return ()
    log = result.log
    out = []
    for end, board in zip(result.turn_ends, result.boards, strict=True):
        counts = {f: [0, 0, 0, 0] for f in log.factions}
        for clearing in board.clearings:
            for owner, code, n in clearing.pieces:
                kind = _KINDS.get(code[0])
                if kind is not None and owner.value in counts:
                    counts[owner.value][kind] += n
            if clearing.ruler is not None and clearing.ruler.value in counts:
                counts[clearing.ruler.value][3] += 1
        for f in log.factions:
            warriors, buildings, tokens, ruled = counts[f]
            out.append(
                RootTimeline(
                    end.turn + 1,
                    end.line,
                    end.round,
                    f,
                    f == end.faction,
                    end.vp.get(f, 0),
                    warriors,
                    buildings,
                    tokens,
                    ruled,
                    sum(n for hand, n in board.hands.items() if hand.value == f),
                )
            )
    return tuple(out)


_KINDS = {"w": 0, "b": 1, "t": 2}
"""A Rootlog piece code's first letter: warrior, building, token."""
