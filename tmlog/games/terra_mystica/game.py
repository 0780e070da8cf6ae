"""Terra Mystica through the game seam (:class:`tmlog.games.GameModule`).

>>> GAME.detect(b"nomads: build A5\\n", "a.log"), GAME.detect(b"%PDF-1.4", "a.pdf")
(True, False)
>>> GAME.detect(b'{"ledger": [{"comment": "option strict-leech"}]}', "game.json")
True
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterator
from typing import TYPE_CHECKING, Any, cast

from tmlog.games import Checked
from tmlog.records import RecordSchema
from tmlog.words import count

if TYPE_CHECKING:
    from tmlog.games.terra_mystica.model.actions import Action
    from tmlog.games.terra_mystica.parse import InputFormat, ParsedLog, Row
    from tmlog.games.terra_mystica.record import GameRecord
    from tmlog.games.terra_mystica.replay import Replay

# The parser, the engine and the record are imported when first used, not with
# this module: the registry imports it to learn the input formats, which every
# command's --help shows, and a help text should not wait for the rules engine.

_LOOKS_LIKE = re.compile(
    rb"^(?:[A-Za-z]+\t|\s*[A-Za-z]+:|\s*(?:option|map|score|delete|randomize|player-count)\b)",
    re.MULTILINE,
)
"""A ledger row (faction cell and tab), a ``faction: command`` row or an admin row."""


class TerraMystica:
    """Terra Mystica as played on terra.snellman.net: ledgers and command logs."""

    name = "terra_mystica"
    input_formats: tuple[str, ...] = ("ledger", "commands", "json")
    """The parser's ``INPUT_FORMATS`` (a test checks they are the same)."""

    @property
    def schema(self) -> RecordSchema:
        from tmlog.games.terra_mystica.record import SCHEMA

        return SCHEMA

    def detect(self, head: bytes, source: str) -> bool:
        if _LOOKS_LIKE.search(head) is not None:
            return True
        # A JSON object (or gzip) is the site's game JSON, whose ledger is read.
        from tmlog.games.terra_mystica.parse.site_json import looks_like_json

        return looks_like_json(head)

    def parse(
        self,
        data: bytes | str,
        *,
        source: str,
        input_format: str | None = None,
        partial: bool = False,
    ) -> ParsedLog:
        from tmlog.games.terra_mystica.parse import parse_log

        fmt = cast("InputFormat | None", input_format)
        parsed = parse_log(data, source=source, input_format=fmt, partial=partial)
        if fmt == "ledger" and not any(row.recorded is not None for row in parsed.rows):
            # Every row a ledger does not record values in is a comment: a command
            # log read as a ledger is all comments, and replays nothing ("OK … 0
            # factions"). The parser reads such a fragment; a command refuses it.
            from tmlog.errors import InputError

            raise InputError(
                source,
                "not a ledger: no row has a faction and its values (tab-separated);"
                " a command log is read as commands",
            )
        return parsed

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
        self, parsed: ParsedLog, result: Replay, *, tables: Collection[str] | None = None
    ) -> GameRecord:
        from tmlog.games.terra_mystica.record import record_game

        return record_game(result, tables=tables)

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
