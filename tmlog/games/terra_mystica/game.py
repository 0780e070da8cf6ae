"""Terra Mystica through the game seam (:class:`tmlog.games.GameModule`).

>>> GAME.detect(b"nomads: build A5\\n", "a.log"), GAME.detect(b"%PDF-1.4", "a.pdf")
(2, 1)
>>> GAME.detect(b'{"ledger": [{"comment": "option strict-leech"}]}', "game.json")
2
"""

from __future__ import annotations

import functools
import re
from collections.abc import Collection, Iterator
from typing import TYPE_CHECKING, Any

from tmlog.games import LIKELY, TEXT, Capabilities, Checked
from tmlog.records import RecordSchema
from tmlog.words import count

if TYPE_CHECKING:
    from tmlog.games.terra_mystica.model.actions import Action
    from tmlog.games.terra_mystica.parse import ParsedLog, Row
    from tmlog.games.terra_mystica.record import GameRecord
    from tmlog.games.terra_mystica.replay import Replay

# The parser, the engine, the record and the capabilities are imported when
# first used, not with this module: the registry imports it to learn the input
# formats, which every command's --help shows, and a help text should not wait
# for the rules engine, nor `validate` for what only other commands do.

_LOOKS_LIKE = re.compile(
    rb"^(?:[A-Za-z]+\t|\s*[A-Za-z]+:|\s*(?:option|map|score|delete|randomize|player-count)\b)",
    re.MULTILINE,
)
"""A ledger row (faction cell and tab), a ``faction: command`` row or an admin row."""


class TerraMystica:
    """Terra Mystica as played on terra.snellman.net: ledgers and command logs."""

    name = "terra_mystica"
    title = "Terra Mystica"
    input_formats: tuple[str, ...] = ("ledger", "commands", "json")
    """The parser's ``INPUT_FORMATS`` (a test checks they are the same)."""

    @functools.cached_property
    def capabilities(self) -> Capabilities:
        from tmlog.games.capabilities import (
            AUDIT,
            CONVERT,
            DRAWING,
            EXPORT,
            GROUPINGS,
            LEECH,
            RATING,
            STATE,
            VP_SOURCES,
            WATCH,
        )
        from tmlog.games.terra_mystica import commands

        return (
            Capabilities()
            .add(STATE, commands.State())
            .add(DRAWING, commands.Drawing())
            .add(AUDIT, commands.AUDIT)
            .add(CONVERT, commands.Convert())
            .add(VP_SOURCES, commands.VpSources())
            .add(LEECH, commands.Leech())
            .add(RATING, commands.Rating())
            .add(GROUPINGS, commands.Groupings())
            .add(EXPORT, commands.Export())
            .add(WATCH, commands.Watch())
        )

    @property
    def schema(self) -> RecordSchema:
        from tmlog.games.terra_mystica.record import SCHEMA

        return SCHEMA

    def detect(self, head: bytes, source: str) -> int:
        if _LOOKS_LIKE.search(head) is not None:
            return LIKELY
        # A JSON object (or gzip) is the site's game JSON, whose ledger is read.
        from tmlog.games.terra_mystica.parse.json_head import looks_like_json

        # Any other text is read too: the parser then says where it stops being a log.
        return LIKELY if looks_like_json(head) else TEXT

    def owns(self, obj: object) -> bool:
        return type(obj).__module__.startswith("tmlog.games.terra_mystica.")

    def parse(
        self,
        data: bytes | str,
        *,
        source: str,
        input_format: str | None = None,
        partial: bool = False,
    ) -> ParsedLog:
        from tmlog.games.terra_mystica.parse import parse_for_command

        return parse_for_command(data, source, input_format, partial=partial)

    def replay_needs(self, job: str, tables: Collection[str] | None) -> dict[str, Any]:
        """What the replay must keep for ``job`` (``record`` with only ``tables``,
        None: all of them; ``check``): the ledger's rows only for the timeline,
        which costs a fifth of the replay and most of the record's size."""
        return {"rows": job == "record" and (tables is None or "timeline" in tables)}

    def replay(self, parsed: ParsedLog, **options: Any) -> Replay:
        # Records keep the ledger's rows too unless told (replay_needs): each
        # faction's state after each row is the record's timeline (the export's
        # per-row table).
        from tmlog.games.terra_mystica.replay import replay

        options.setdefault("rows", True)
        return replay(parsed, **options)

    def record(
        self, parsed: ParsedLog | None, result: Replay, *, tables: Collection[str] | None = None
    ) -> GameRecord:
        from tmlog.games.terra_mystica.record import record_game

        return record_game(
            result,
            tables=tables,
            parsed=parsed,
            fingerprint=self.fingerprint(parsed) if parsed is not None else "",
        )

    def fingerprint(self, parsed: ParsedLog) -> str:
        """The game's content fingerprint: the same for its ledger, its command log
        and its game JSON (:mod:`tmlog.games.terra_mystica.fingerprint`)."""
        from tmlog.games.terra_mystica.fingerprint import fingerprint

        return fingerprint(parsed)

    def check(self, parsed: ParsedLog, result: Replay) -> Checked:
        state = result.state
        factions = len(state.factions)
        if state.finished:
            status = f"{count(factions, 'faction')}, {count(state.round, 'round')}"
        else:
            status = (
                f"{count(factions, 'faction')}, incomplete game"
                f" (round {state.round}, turn {state.turn})"
            )
        ranked = tuple(sorted(state.final_vp().items(), key=lambda kv: (-kv[1], kv[0])))
        return Checked(
            parsed.source,
            str(result.error) if result.error is not None else None,
            status,
            ranked,
            tuple(result.warnings),
        )

    def listing(self, parsed: ParsedLog, fmt: str) -> Iterator[str]:
        import json

        for row in parsed.rows:
            if fmt == "json":
                for action in row.actions or ((None,) if row.recorded else ()):
                    yield json.dumps(_action_record(parsed, row, action), ensure_ascii=False)
            else:
                for action in row.actions:
                    yield f"{parsed.source}:{row.line}:{action.column}: {action}"

    def __reduce__(self) -> str:
        # One instance per process: unpickling finds it instead of making another.
        return "GAME"


def _action_record(log: ParsedLog, row: Row, action: Action | None) -> dict[str, Any]:
    """The JSON object of an action (``None``: a ledger row with no commands)."""
    faction = row.faction if action is None else action.faction
    record: dict[str, Any] = {
        "source": log.source,
        "line": row.line,
        "column": action.column if action else 1,
        "kind": action.kind if action else "empty",
        "faction": faction.value if faction is not None else None,
        "fields": action.fields() if action else {},
        "text": str(action) if action else "",
    }
    if row.recorded is not None:
        record["recorded"] = row.recorded.as_dict()
    return record


GAME = TerraMystica()
