"""A toy third game for tmlog, a distribution of its own (``tmlog-toy``): tmlog finds
it through its ``tmlog.games`` entry point and changes nothing for it.

Everything a game has to write is here: a record type (a dataclass of plain
fields and tuples of NamedTuple rows), a parsed log and a replay of its own,
and one object with ``name``, ``title``, ``input_formats``, ``capabilities``,
``schema``, ``detect``, ``owns``, ``parse``, ``replay_needs``, ``replay``,
``record``, ``check`` and ``listing``.

The toy log: a first line ``#toy``, then ``player: points [source]`` rows,
``end`` when the game is over; the most points win.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator
from dataclasses import dataclass, field
from typing import Any, ClassVar, NamedTuple

from tmlog.errors import TmlogError
from tmlog.games import CERTAIN, NOT_MINE, Capabilities, Checked
from tmlog.reading import normalize
from tmlog.records import FrameOptions, describe


class ToyFaction(NamedTuple):
    faction: str
    start_order: int
    final_vp: int
    dropped: bool


class ToyVp(NamedTuple):
    faction: str
    source: str
    vp: int


@dataclass(frozen=True)
class ToyRecord:
    game: str
    finished: bool
    error: str | None
    warnings: tuple[str, ...]
    factions: tuple[ToyFaction, ...]
    vp: tuple[ToyVp, ...]

    # Win rates read `finished` next to each faction.
    frame_options: ClassVar[FrameOptions] = FrameOptions(keys={"factions": ("finished",)})


@dataclass
class ToyLog:
    source: str
    rows: list[tuple[int, str, int, str]]  # line, player, points, source
    finished: bool
    warnings: list[str] = field(default_factory=list)


@dataclass
class ToyReplay:
    log: ToyLog
    error: str | None = None
    warnings: list[str] = field(default_factory=list)


class Toy:
    name = "toy"
    title = "Toy"
    input_formats: tuple[str, ...] = ("toy",)
    capabilities = Capabilities()  # nothing beyond the protocol
    schema = describe(ToyRecord)

    def detect(self, head: bytes, source: str) -> int:
        return CERTAIN if head.startswith(b"#toy\n") else NOT_MINE

    def owns(self, obj: object) -> bool:
        return isinstance(obj, (ToyLog, ToyReplay, ToyRecord))

    def replay_needs(self, job: str, tables: Collection[str] | None) -> dict[str, Any]:
        return {}

    def parse(
        self,
        data: bytes | str,
        *,
        source: str,
        input_format: str | None = None,
        partial: bool = False,
    ) -> ToyLog:
        log = ToyLog(source, [], finished=False)
        for number, line in enumerate(normalize(data, source).splitlines()[1:], 2):
            if line == "end":
                log.finished = True
                continue
            player, _, rest = line.partition(": ")
            points, _, why = rest.partition(" ")
            if not player or not points.lstrip("-").isdigit():
                raise TmlogError(f"{source}:{number}: expected 'player: points'")
            log.rows.append((number, player, int(points), why or "points"))
        return log

    def replay(self, parsed: ToyLog, **options: Any) -> ToyReplay:
        return ToyReplay(parsed, warnings=list(parsed.warnings))

    def record(
        self, parsed: ToyLog, result: ToyReplay, *, tables: Collection[str] | None = None
    ) -> ToyRecord:
        # All tables, whatever `tables` asks: the runner empties those not wanted.
        players: dict[str, int] = {}
        vp: dict[tuple[str, str], int] = {}
        for _, player, points, source in parsed.rows:  # one pass
            players[player] = players.get(player, 0) + points
            vp[player, source] = vp.get((player, source), 0) + points
        seats = {p: i for i, p in enumerate(players, 1)}
        return ToyRecord(
            game=parsed.source,
            finished=parsed.finished,
            error=result.error,
            warnings=tuple(result.warnings),
            factions=tuple(ToyFaction(p, seats[p], v, False) for p, v in players.items()),
            vp=tuple(ToyVp(p, s, v) for (p, s), v in vp.items()),
        )

    def check(self, parsed: ToyLog, result: ToyReplay) -> Checked:
        totals = {f.faction: f.final_vp for f in self.record(parsed, result).factions}
        ranked = tuple(sorted(totals.items(), key=lambda kv: (-kv[1], kv[0])))
        status = f"{len(totals)} players, {len(parsed.rows)} moves"
        return Checked(parsed.source, result.error, status, ranked, tuple(result.warnings))

    def listing(self, parsed: ToyLog, fmt: str) -> Iterator[str]:
        for line, player, points, source in parsed.rows:
            yield f"{parsed.source}:{line}: {player} +{points} ({source})"


GAME = Toy()
