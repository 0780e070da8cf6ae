"""Root through the game seam (:class:`tmlog.games.GameModule`).

Input formats: ``rootlog`` reads the deviations known from real logs with a
warning each (what a user of someone else's log wants: it is read, and the
warnings say where it strays); ``rootlog-strict`` rejects them.

>>> GAME.detect(b"Map: Fall\\nDeck: E&P\\n", "g.txt"), GAME.detect(b"", "g.rootlog")
(3, 3)
>>> GAME.detect(b"nomads: build A5\\n", "a.log")
0
"""

from __future__ import annotations

import dataclasses
import functools
import re
from collections.abc import Collection, Iterator
from typing import TYPE_CHECKING, Any

from tmlog.games import CERTAIN, NOT_MINE, Capabilities, Checked
from tmlog.records import RecordSchema

if TYPE_CHECKING:
    from tmlog.games.root.notation import Action, RootLog
    from tmlog.games.root.record import RootRecord
    from tmlog.games.root.replay import RootReplay

# The parser, the replay, the record and the capabilities are imported when
# first used: the registry imports this module for every command (even --help)
# to learn the input formats, and a Terra Mystica run should not load Root's grammar.

SUFFIX = ".rootlog"


@functools.cache
def _looks_like() -> re.Pattern[bytes]:
    """A Rootlog file starts (after comments and blank lines) with its Map line.

    Compiled when a log has a ``Map:`` at all: every log of every game is asked."""
    return re.compile(rb"\A(?:\s*(?://[^\n]*)?\n)*\s*Map:[ \t]*(?:Fall|Winter|Lake|Mountain)\b")


class Root:
    """Root (Leder Games) in Rootlog notation."""

    name = "root"
    title = "Root"
    input_formats: tuple[str, ...] = ("rootlog", "rootlog-strict")

    @functools.cached_property
    def capabilities(self) -> Capabilities:
        from tmlog.games.capabilities import (
            DRAWING,
            EXPORT,
            GROUPINGS,
            RATING,
            STATE,
            VP_SOURCES,
            WATCH,
        )
        from tmlog.games.root.commands import (
            Drawing,
            Export,
            Groupings,
            Rating,
            State,
            VpSources,
            Watch,
        )

        return (
            Capabilities()
            .add(STATE, State())
            .add(DRAWING, Drawing())
            .add(VP_SOURCES, VpSources())
            .add(WATCH, Watch())
            .add(GROUPINGS, Groupings())
            .add(EXPORT, Export())
            .add(RATING, Rating())
        )

    @property
    def schema(self) -> RecordSchema:
        from tmlog.games.root.record import SCHEMA

        return SCHEMA

    def detect(self, head: bytes, source: str) -> int:
        # Its suffix, or its Map line first, are Root's alone.
        if source.lower().endswith(SUFFIX):
            return CERTAIN
        if b"Map:" not in head:
            return NOT_MINE
        return CERTAIN if _looks_like().match(head.lstrip(b"\xef\xbb\xbf")) else NOT_MINE

    def owns(self, obj: object) -> bool:
        return type(obj).__module__.startswith("tmlog.games.root.")

    def parse(
        self,
        data: bytes | str,
        *,
        source: str,
        input_format: str | None = None,
        partial: bool = False,
    ) -> RootLog:
        # `partial` needs nothing: a Rootlog without its Winner line is an unfinished game.
        from tmlog.games.root.notation import parse_rootlog

        return parse_rootlog(data, source=source, lenient=input_format != "rootlog-strict")

    def replay_needs(self, job: str, tables: Collection[str] | None) -> dict[str, Any]:
        """What the replay must keep for ``job`` (``record`` with only ``tables``,
        None: all of them; ``check``): the board after each turn only for the
        timeline, which triples the replay's time."""
        return {"boards": job == "record" and (tables is None or "timeline" in tables)}

    def replay(self, parsed: RootLog, **options: Any) -> RootReplay:
        # Records keep the board after each turn unless told (replay_needs):
        # the record's timeline counts each faction's pieces on them.
        from tmlog.games.root.replay import replay

        return replay(parsed, boards=[] if options.get("boards", True) else None)

    def record(
        self, parsed: RootLog | None, result: RootReplay, *, tables: Collection[str] | None = None
    ) -> RootRecord:
        from tmlog.games.root.record import record_game

        fingerprint = self.fingerprint(parsed) if parsed is not None else ""
        return record_game(result, tables=tables, fingerprint=fingerprint)

    def fingerprint(self, parsed: RootLog) -> str:
        """The game's content fingerprint: its map, deck and clearings, and each
        turn's faction and actions as tmlog writes them (comments, spacing and
        how an action was spelt left out); the same game in two files gives one."""
        from tmlog.identity import digest

        head = f"{parsed.map}\n{parsed.deck}\n{','.join(parsed.clearings or ())}"
        return digest("\n".join((head, *(str(t) for t in parsed.turns))))

    def check(self, parsed: RootLog, result: RootReplay) -> Checked:
        turns = len(parsed.turns)
        status = f"{len(parsed.factions)} factions, {turns} turns"
        if result.winner:
            status += f", winner {''.join(result.winner)}"
        else:
            status += ", no winner declared"
        ranked = tuple(sorted(result.vp.items(), key=lambda kv: (-kv[1], kv[0])))
        return Checked(parsed.source, result.error, status, ranked, tuple(result.warnings))

    def listing(self, parsed: RootLog, fmt: str) -> Iterator[str]:
        import json

        for turn in parsed.turns:
            for action in turn.actions:
                if fmt == "json":
                    yield json.dumps(
                        {
                            "source": parsed.source,
                            "line": action.line,
                            "column": action.column,
                            "kind": action.kind,
                            "faction": turn.faction,
                            "setup": turn.setup,
                            "fields": _fields(action),
                            "text": str(action),
                        }
                    )
                else:
                    yield f"{parsed.source}:{action.line}:{action.column}: {turn.faction} {action}"

    def __reduce__(self) -> str:
        # One instance per process: unpickling finds it instead of making another.
        return "GAME"


def _fields(action: Action) -> dict[str, Any]:
    """The action's own fields (atoms as nested objects), its position left out."""
    fields = dataclasses.asdict(action)
    del fields["line"], fields["column"]
    return fields


GAME = Root()
