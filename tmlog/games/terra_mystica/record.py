"""A Terra Mystica game as a record: what the reports read, folded from a replay.

:func:`record_game` folds one :class:`~tmlog.games.terra_mystica.replay.Replay`
into a :class:`GameRecord`: plain, picklable Python (tuples of ints and
strings, no pandas), cheap to build in a worker process and to cache. Its
tables (``games``, ``factions``, ``vp``, ``vp_rounds``, ``leech``,
``feeding``) are read from the type itself (:data:`SCHEMA`);
:func:`tmlog.report.frames.frames` turns many records into DataFrames.

>>> from tmlog import parse_file, replay
>>> record = record_game(replay(parse_file("sample_logs/4pLeague_S64_D1L1_G3.txt")))
>>> [(f.faction, f.final_vp, f.rank) for f in record.factions]
[('darklings', 152, 2), ('cultists', 168, 1), ('witches', 92, None), ('swarmlings', 149, 3)]
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple

from tmlog.games.terra_mystica.replay import Replay
from tmlog.games.terra_mystica.replay import events as ev
from tmlog.reading import printable
from tmlog.records import FrameOptions, describe

if TYPE_CHECKING:
    from tmlog.games.terra_mystica.parse import ParsedLog
    from tmlog.games.terra_mystica.replay.summary import FactionSummary


class FactionRow(NamedTuple):
    """One faction of one game."""

    faction: str
    player: str | None
    start_order: int
    """Seat: 1 for the faction that set up first."""
    final_vp: int
    rank: int | None
    """1 = most VP among the factions still in the game; ties share the best
    rank; ``None`` for a faction that dropped out."""
    dropped: bool
    color: str
    """The faction's home terrain (``green``, ``brown`` …)."""
    bonus_round_1: str | None = None
    """The bonus tile the faction took at the end of setup, held in round 1."""


class VpRow(NamedTuple):
    """Net VP of one faction from one source (see
    :mod:`tmlog.games.terra_mystica.replay.events`)."""

    faction: str
    source: str
    vp: int


class VpRoundRow(NamedTuple):
    """A faction's VP at the end of a round (0 = after setup), final scoring left out.

    A round's cult rewards (the spades of its scoring tile), taken in the
    next round's income phase, count for the round that gave them.
    """

    faction: str
    round: int
    vp: int


class LeechRow(NamedTuple):
    """Power offered to one faction and what it did with the offers.

    ``declined`` counts the offers the faction refused with a ``decline``
    command (the ledger's ``Decline`` rows). An offer still open when its
    receiver takes its own turn lapses: the rules treat that as a decline,
    the ledger writes no row for it; those are counted apart, in ``lapsed``.
    Power is what the offer could give when it was accepted, refused or
    lapsed (capped by the receiver's bowls); ``offered_power`` is the offer as
    the rules compute it (the ledger's leech column), before any cap.
    """

    faction: str
    offers: int
    offered_power: int
    accepted: int
    accepted_power: int
    declined: int
    declined_power: int
    lapsed: int
    lapsed_power: int
    vp_paid: int


class FeedingRow(NamedTuple):
    """Power ``faction`` accepted from offers made by ``source_faction``'s building."""

    faction: str
    source_faction: str
    accepted: int
    """Offers taken."""
    accepted_power: int


class TimelineRow(NamedTuple):
    """A faction's state after one row of the ledger (the rows its replay writes).

    ``row`` numbers the ledger's action rows from 1 in order (the comment rows
    are not counted): it is the N-th row the audit compares with the N-th
    recorded row. ``line`` is the row's own line: in a ledger, the line of
    that recorded row (an income row's, a Cultists' ``[opponent accepted
    power]`` row's, not the command that caused it); in a command log, the
    line of the row's last command, and ``None`` for a row the engine writes
    itself (income, an effect row), which has no line there. ``round`` and
    ``turn`` are the engine's when the row closed; the income rows (and the
    spades taken with them) are the next round's, turn 0, as the ledger
    writes them under ``Round N income``.
    """

    row: int
    line: int | None
    round: int
    turn: int
    faction: str
    vp: int
    c: int
    w: int
    p: int
    p1: int
    p2: int
    p3: int
    fire: int
    water: int
    earth: int
    air: int
    d: int
    tp: int
    te: int
    sh: int
    sa: int
    ship: int
    dig: int


@dataclass(frozen=True)
class GameRecord:
    """What the reports need from one replayed game, as plain Python data.

    Picklable and pandas-free, so that it can be built in a worker process
    and cached. Rows are in seat order; VP rows of a faction sum exactly to
    its ``final_vp``. Its fields are its tables (:data:`SCHEMA`): the plain
    ones make its row of ``games``, each tuple of rows a table of its own.
    """

    game: str
    """The game's id: the log's path unless given."""
    map_name: str
    map_id: str
    options: tuple[str, ...]
    """Game options, sorted."""
    players: tuple[str, ...]
    """Player names by seat (empty when the log does not name them)."""
    player_count: int
    """Factions that started the game (dropped ones included)."""
    final_scoring: str
    """``original``, or the Fire & Ice final scoring tile in play."""
    score_tiles: tuple[str, ...]
    """The round scoring tiles of rounds 1 to 6, in order."""
    finished: bool
    last_round: int
    dropped: tuple[str, ...]
    error: str | None
    """Why the replay stopped before the end of the log (``None``: it did not)."""
    warnings: tuple[str, ...]
    """What did not stop the replay but should be said (a cut-off row, an unfinished game)."""
    factions: tuple[FactionRow, ...]
    vp: tuple[VpRow, ...]
    vp_rounds: tuple[VpRoundRow, ...]
    leech: tuple[LeechRow, ...]
    feeding: tuple[FeedingRow, ...]
    timeline: tuple[TimelineRow, ...] = ()
    """One row per ledger row (when the replay kept its rows; see :class:`TimelineRow`)."""
    fingerprint: str = ""
    """The game's content fingerprint, the same whatever its format
    (:mod:`tmlog.games.terra_mystica.fingerprint`; empty: not from a log)."""

    frame_options: ClassVar[FrameOptions] = FrameOptions(
        names={"map_name": "map", "last_round": "rounds"},
        hidden=("warnings", "fingerprint"),
        keys={"factions": ("player_count", "map_name", "final_scoring", "score_tiles", "finished")},
    )
    """In the report frames, ``games`` calls ``map_name`` ``map`` and
    ``last_round`` ``rounds`` and leaves the warnings out; the factions table
    repeats the game's grouping keys that reporters group and filter by."""

    @property
    def ok(self) -> bool:
        """True if the log replayed to its end without breaking a rule."""
        return self.error is None

    def __reduce__(self) -> tuple[Any, ...]:
        # Records travel back from the worker processes: as plain tuples they pickle
        # and unpickle several times faster than as named tuples, each of which
        # pickle rebuilds by a Python call.
        values = self.__dict__
        return (
            _unpickle,
            (
                tuple([values[name] for name in _PLAIN]),
                tuple([tuple(map(tuple, values[name])) for name, _ in _ROWS]),
            ),
        )


def _unpickle(plain: tuple[Any, ...], tables: tuple[_PlainRows, ...]) -> GameRecord:
    record = object.__new__(GameRecord)
    values = record.__dict__
    values.update(zip(_PLAIN, plain, strict=True))
    for (name, row), rows in zip(_ROWS, tables, strict=True):
        values[name] = tuple(map(row._make, rows))
    return record


_PlainRows = tuple[tuple[Any, ...], ...]
"""A table's rows as plain tuples (how a record pickles)."""

_FINAL = "final-"

_FOLDED = frozenset(("vp", "vp_rounds", "leech", "feeding"))
"""The tables folded from the replay's events; the others read its state."""


def record_game(
    replay: Replay,
    *,
    game_id: str | None = None,
    tables: Collection[str] | None = None,
    parsed: ParsedLog | None = None,
    fingerprint: str = "",
) -> GameRecord:
    """Fold a replay into a :class:`GameRecord`.

    Args:
        replay: the outcome of :func:`tmlog.games.terra_mystica.replay.replay`.
        game_id: the id to file the game under (default: the log's source).
        tables: build only these tables (``games`` is always built; the others
            are left empty, as :meth:`~tmlog.records.RecordSchema.only` leaves
            them); None: all of them. ``tmlog stats`` wants ``games`` and
            ``factions``, which the replay's state gives without a pass over its
            events.
        parsed: the log that was replayed: a ledger's rows give the
            timeline's rows their own lines (see :class:`TimelineRow`).
        fingerprint: the log's content fingerprint (:meth:`TerraMystica.fingerprint
            <tmlog.games.terra_mystica.game.TerraMystica.fingerprint>`).
    """
    state = replay.state
    factions = sorted(state.factions, key=_seat)
    names = [f.name for f in factions]
    # Later versions of a faction go by their own name (``shapeshifters_v5``), as
    # the reference site's statistics keep them apart.
    label = {f.name: f.full_name for f in factions}
    last_round = state.round

    def wants(table: str) -> bool:
        return tables is None or table in tables

    folded = (
        _fold(replay.events, names, label, last_round)
        if tables is None or not _FOLDED.isdisjoint(tables)
        else None
    )
    faction_rows: tuple[FactionRow, ...] = ()
    if wants("factions"):
        first_bonus = _first_bonus(replay.events)
        in_game = sorted((f.vp for f in factions if not f.dropped), reverse=True)
        rank_of: dict[int, int] = {}
        for i, vp in enumerate(in_game, 1):
            rank_of.setdefault(vp, i)
        faction_rows = tuple(
            FactionRow(
                f.full_name,
                f.player,
                f.start_order,
                f.vp,
                None if f.dropped else rank_of[f.vp],
                f.dropped,
                f.color,
                first_bonus.get(f.name),
            )
            for f in factions
        )
    extra = [k for k in state.final_scoring if k not in ("network", "cults")]
    # A record is stored (cache, Parquet) and printed: a file name's undecodable
    # bytes become backslash escapes here (see tmlog.reading.printable).
    return GameRecord(
        game=printable(game_id if game_id is not None else replay.source),
        map_name=state.map_name,
        map_id=state.map_id,
        options=state.options,
        players=state.players,
        player_count=len(factions),
        final_scoring=extra[0] if extra else "original",
        score_tiles=state.score_tiles,
        finished=state.finished,
        last_round=last_round,
        dropped=tuple(f.full_name for f in factions if f.dropped),
        error=printable(str(replay.error)) if replay.error is not None else None,
        warnings=tuple(printable(w) for w in replay.warnings),
        factions=faction_rows,
        vp=folded.vp if folded is not None and wants("vp") else (),
        vp_rounds=folded.vp_rounds if folded is not None and wants("vp_rounds") else (),
        leech=folded.leech if folded is not None and wants("leech") else (),
        feeding=folded.feeding if folded is not None and wants("feeding") else (),
        timeline=_timeline(replay, label, parsed) if replay.rows and wants("timeline") else (),
        fingerprint=fingerprint,
    )


def _seat(f: FactionSummary) -> int:
    return f.start_order


class _Folded(NamedTuple):
    """The tables folded from a replay's events."""

    vp: tuple[VpRow, ...]
    vp_rounds: tuple[VpRoundRow, ...]
    leech: tuple[LeechRow, ...]
    feeding: tuple[FeedingRow, ...]


def _fold(
    events: Iterable[ev.EngineEvent], names: list[str], label: dict[str, str], last_round: int
) -> _Folded:
    """One pass over the events (about a thousand a game)."""
    by_source: dict[str, dict[str, int]] = {n: {} for n in names}
    # Non-final VP gained per faction and round.
    per_round: dict[str, list[int]] = {n: [0] * (last_round + 1) for n in names}
    # offers, offered, accepted, accepted_pw, declined, declined_pw, lapsed, lapsed_pw, vp
    leech: dict[str, list[int]] = {n: [0] * 9 for n in names}
    fed: dict[tuple[str, str], list[int]] = {}
    vp_changed = ev.VpChanged
    offered = ev.PowerOffered
    accepted = ev.PowerAccepted
    declined = ev.PowerDeclined
    for e in events:
        if isinstance(e, vp_changed):
            faction = e.faction or ""
            sources = by_source.get(faction)
            if sources is None:
                continue
            src = e.source
            delta = e.delta
            sources[src] = sources.get(src, 0) + delta
            if e.round <= last_round and not src.startswith(_FINAL):
                per_round[faction][e.round] += delta
        elif isinstance(e, offered):
            row = leech.get(e.faction or "")
            if row is not None:
                row[0] += 1
                row[1] += e.amount
        elif isinstance(e, accepted):
            receiver = e.faction or ""
            power = e.power
            row = leech.get(receiver)
            if row is not None:
                row[2] += 1
                row[3] += power
                row[8] += e.vp
            pair = fed.get((receiver, e.source_faction))
            if pair is None:
                fed[receiver, e.source_faction] = [1, power]
            else:
                pair[0] += 1
                pair[1] += power
        elif isinstance(e, declined):
            row = leech.get(e.faction or "")
            if row is not None:
                if e.explicit:
                    row[4] += 1
                    row[5] += e.power
                else:
                    row[6] += 1
                    row[7] += e.power

    vp_rows = [
        VpRow(label[n], src, vp)
        for n in names
        for src, vp in sorted(by_source[n].items(), key=_order)
    ]
    round_rows = []
    for n in names:
        total = 0
        name = label[n]
        for rnd, gained in enumerate(per_round[n]):
            total += gained
            round_rows.append(VpRoundRow(name, rnd, total))
    seat = {n: i for i, n in enumerate(names)}
    feeding = [
        FeedingRow(label.get(r, r), label.get(s, s), p[0], p[1])
        for (r, s), p in sorted(fed.items(), key=lambda kv: (seat[kv[0][0]], kv[0][1]))
    ]
    return _Folded(
        tuple(vp_rows),
        tuple(round_rows),
        tuple(LeechRow(label[n], *leech[n]) for n in names),
        tuple(feeding),
    )


def _first_bonus(events: Iterable[ev.EngineEvent]) -> dict[str, str]:
    """The bonus tile each faction passed with at the end of setup, from the events
    up to round 1's start (a pass's round is the game's, which only goes up)."""
    out: dict[str, str] = {}
    passed = ev.Passed
    started = ev.RoundStarted
    for e in events:
        if isinstance(e, passed):
            if e.round == 0 and e.bonus is not None:
                out[e.faction or ""] = e.bonus
        elif isinstance(e, started):
            break
    return out


def _recorded_rows(parsed: ParsedLog | None) -> list[tuple[int, str]]:
    """The line and faction of each recorded row of a ledger (none for a command log)."""
    if parsed is None:
        return []
    # Unpacked, as the audit's row loop reads them (a named tuple's attribute
    # reads are not specialised); the enum's _value_ read directly.
    return [
        (line, who._value_ if who is not None else "")
        for line, who, _actions, _text, recorded in parsed.rows
        if recorded is not None
    ]


def _timeline(
    replay: Replay, label: dict[str, str], parsed: ParsedLog | None
) -> tuple[TimelineRow, ...]:
    make = TimelineRow._make
    row_closed = ev.RowClosed
    no_holdings = (0,) * 7
    # Row N is the N-th recorded row of a ledger (what the audit compares) as
    # long as the two agree on whose rows they are.
    recorded = iter(_recorded_rows(parsed))
    out = []
    number = 0
    for e in replay.rows:
        if not isinstance(e, row_closed):
            continue
        number += 1
        faction = e.faction or ""
        line: int | None = None
        own = next(recorded, None)
        if own is not None and own[1] == faction:
            line = own[0]
        else:
            recorded = iter(())
            actions = e.actions
            # An effect row's command is another faction's; an income row's is
            # the engine's (line 0).
            if actions and not e.effect:
                line = actions[-1].line or None
        # The row's place, then its values and holdings as the row keeps them:
        # TimelineRow's fields from ``vp`` on are LEDGER_FIELDS, then segment.holdings.
        place = (number, line, e.round, e.turn, label.get(faction, faction))
        out.append(make(place + e.values + (e.holdings or no_holdings)))
    return tuple(out)


# ------------------------------------------------------------ source order

_FAMILY_ORDER = (
    "initial",
    "SCORE",
    "FAV",
    "BON",
    "town",
    "advance-ship",
    "advance-dig",
    "faction",
    "convert",
    "leech",
    "final-fire",
    "final-water",
    "final-earth",
    "final-air",
    "final-network",
    "final-",
    "final-resources",
)
_NUMBERED = re.compile(r"^([A-Z]+)(\d+)$")


def source_key(source: str) -> tuple[int, int, str]:
    """Sort key of a VP source: the order of a game (initial, rounds, …, final scoring).

    >>> sorted(["final-network", "SCORE10", "leech", "SCORE2", "initial"], key=source_key)
    ['initial', 'SCORE2', 'SCORE10', 'leech', 'final-network']
    """
    m = _NUMBERED.match(source)
    if m:
        family, number = m.group(1), int(m.group(2))
    else:
        family, number = source, 0
    if family in _FAMILY_ORDER:
        return _FAMILY_ORDER.index(family), number, source
    if source.startswith(_FINAL):
        return _FAMILY_ORDER.index(_FINAL), 0, source
    return _FAMILY_ORDER.index("faction"), 1, source


_SOURCE_KEYS: dict[str, tuple[int, int, str]] = {}
""":func:`source_key` of the sources met so far (a few dozen names in all)."""


def _order(item: tuple[str, int]) -> tuple[int, int, str]:
    key = _SOURCE_KEYS.get(item[0])
    if key is None:
        key = _SOURCE_KEYS[item[0]] = source_key(item[0])
    return key


# ------------------------------------------------------------------ schema

SCHEMA = describe(GameRecord)
"""The record's tables, read from :class:`GameRecord`."""

_PLAIN = tuple(c.name for c in SCHEMA.games)
_ROWS = tuple((t.name, t.row) for t in SCHEMA.tables)

GAME_COLUMNS = SCHEMA.frame_columns("games")
"""The games table: one row per game; ``options``, ``players`` and ``dropped``
are comma-separated."""
FACTION_COLUMNS = SCHEMA.frame_columns("factions")
"""One row per faction of a game, with the game's grouping keys."""
VP_COLUMNS = SCHEMA.frame_columns("vp")
VP_ROUND_COLUMNS = SCHEMA.frame_columns("vp_rounds")
LEECH_COLUMNS = SCHEMA.frame_columns("leech")
FEEDING_COLUMNS = SCHEMA.frame_columns("feeding")
