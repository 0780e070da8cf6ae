"""Terra Mystica through the game seam (:class:`tmlog.games.GameModule`).

>>> GAME.detect(b"nomads: build A5\\n", "a.log"), GAME.detect(b"%PDF-1.4", "a.pdf")
(True, False)
>>> GAME.detect(b'{"ledger": [{"comment": "option strict-leech"}]}', "game.json")
True
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any, cast

from tmlog.games import Checked
from tmlog.games.terra_mystica.model.actions import Action
from tmlog.games.terra_mystica.parse import INPUT_FORMATS, InputFormat, ParsedLog, Row, parse_log
from tmlog.games.terra_mystica.parse.site_json import looks_like_json
from tmlog.games.terra_mystica.record import SCHEMA, GameRecord, record_game
from tmlog.games.terra_mystica.replay import Replay, replay
from tmlog.words import count

_LOOKS_LIKE = re.compile(
    rb"^(?:[A-Za-z]+\t|\s*[A-Za-z]+:|\s*(?:option|map|score|delete|randomize|player-count)\b)",
    re.MULTILINE,
)
"""A ledger row (faction cell and tab), a ``faction: command`` row or an admin row."""


class TerraMystica:
    """Terra Mystica as played on terra.snellman.net: ledgers and command logs."""

    name = "terra_mystica"
    input_formats: tuple[str, ...] = INPUT_FORMATS
    schema = SCHEMA

    def detect(self, head: bytes, source: str) -> bool:
        # A JSON object (or gzip) is the site's game JSON, whose ledger is read.
        return _LOOKS_LIKE.search(head) is not None or looks_like_json(head)

    def parse(
        self,
        data: bytes | str,
        *,
        source: str,
        input_format: str | None = None,
        partial: bool = False,
    ) -> ParsedLog:
        fmt = cast("InputFormat | None", input_format)
        return parse_log(data, source=source, input_format=fmt, partial=partial)

    def replay(self, parsed: ParsedLog, **options: Any) -> Replay:
        # Records keep the ledger's rows too: each faction's state after each
        # row is the record's timeline (the export's per-row table).
        options.setdefault("rows", True)
        return replay(parsed, **options)

    def record(self, parsed: ParsedLog, result: Replay) -> GameRecord:
        return record_game(result)

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
