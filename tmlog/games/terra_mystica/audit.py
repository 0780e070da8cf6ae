"""Audit a ledger: replay it and compare every recorded value with the replayed one.

A ledger row records the faction's VP, coins, workers, priests, the three
power bowls, the four cult positions and the power offered to neighbours
after that row. The replay groups its own rows exactly as the reference
engine does, so row *n* of the ledger is row *n* of the replay; any
difference is a divergence, reported with the row's line and command.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from tmlog.errors import InputError, ReplayError
from tmlog.games.terra_mystica.audit_rows import compare_rows
from tmlog.games.terra_mystica.replay.ledger import Row
from tmlog.games.terra_mystica.replay.replayer import Replay, replay

if TYPE_CHECKING:
    from tmlog.games.terra_mystica.parse.log import ParsedLog, Recorded
    from tmlog.games.terra_mystica.parse.log import Row as LogRow


FIELDS = ("vp", "c", "w", "p", "power", "cults", "leech")


@dataclass(frozen=True)
class Divergence:
    """One value the ledger recorded that the replay does not reproduce."""

    line: int
    faction: str
    command: str
    field: str
    recorded: Any
    replayed: Any

    def describe(self, source: str) -> str:
        return (
            f"{source}:{self.line}: {self.faction}: {self.command or '(no command)'}:"
            f" {self.field} recorded {_show(self.recorded)}, replayed {_show(self.replayed)}"
        )


def _show(value: Any) -> str:
    if isinstance(value, tuple):
        return "/".join(str(v) for v in value) if value else "-"
    return str(value)


@dataclass
class AuditReport:
    """Every divergence between a ledger and its replay."""

    source: str
    rows_compared: int = 0
    divergences: list[Divergence] = field(default_factory=list)
    error: ReplayError | InputError | None = None
    """Why the replay stopped, or why there was nothing to audit (InputError)."""
    final_vp: dict[str, int] = field(default_factory=dict)
    recorded_final_vp: dict[str, int] = field(default_factory=dict)
    replay: Replay | None = None
    ranked_vp: list[tuple[str, int]] = field(default_factory=list)
    """Final VP, best first."""

    @property
    def ok(self) -> bool:
        return not self.divergences and self.error is None


def _replayed_values(row: Row) -> dict[str, Any]:
    v = row.values
    return {
        "vp": v[0],
        "c": v[1],
        "w": v[2],
        "p": v[3],
        "power": (v[4], v[5], v[6]),
        "cults": (v[7], v[8], v[9], v[10]),
        "leech": tuple(sorted(row.leech.values())),
    }


def _recorded_values(rec: Recorded) -> dict[str, Any]:
    return {
        "vp": rec.vp,
        "c": rec.c,
        "w": rec.w,
        "p": rec.p,
        "power": tuple(rec.power),
        "cults": tuple(rec.cults),
        "leech": tuple(sorted(rec.leech_offers)),
    }


def _command_text(row: LogRow) -> str:
    parts = row.text.split("\t")
    return parts[-1].strip() if len(parts) > 1 else row.text


def audit(ledger: ParsedLog, result: Replay | None = None) -> AuditReport:
    """Replay a parsed ledger and compare it with what it recorded, row by row."""
    if ledger.format != "ledger":
        raise ReplayError(f"{ledger.source}: only a ledger records values to audit")
    result = result if result is not None else replay(ledger)
    report = AuditReport(ledger.source, error=result.error, replay=result)
    recorded = [r for r in ledger.rows if r.recorded is not None]
    replayed = [r for r in result.rows if type(r) is Row]
    compared, differing = compare_rows(recorded, replayed, report.recorded_final_vp)
    for i in differing:
        rec_row, our_row = recorded[i], replayed[i]
        rec = rec_row.recorded
        assert rec is not None
        faction = rec_row.faction.value if rec_row.faction is not None else ""
        command = _command_text(rec_row)
        want = _recorded_values(rec)
        got = _replayed_values(our_row)
        for name in FIELDS:
            if want[name] != got[name]:
                report.divergences.append(
                    Divergence(rec_row.line, faction, command, name, want[name], got[name])
                )
    if compared < min(len(recorded), len(replayed)):  # grouped otherwise from here on
        rec_row, our_row = recorded[compared], replayed[compared]
        faction = rec_row.faction.value if rec_row.faction is not None else ""
        report.divergences.append(
            Divergence(
                rec_row.line,
                faction,
                _command_text(rec_row),
                "faction",
                faction,
                our_row.faction,
            )
        )
    report.rows_compared = compared

    if result.error is None and len(recorded) != len(replayed) and not report.divergences:
        line = recorded[len(replayed)].line if len(recorded) > len(replayed) else 0
        report.divergences.append(Divergence(line, "", "", "rows", len(recorded), len(replayed)))
    report.final_vp = result.final_vp()
    for faction, vp in report.recorded_final_vp.items():
        if result.error is None and report.final_vp.get(faction) != vp:
            report.divergences.append(
                Divergence(0, faction, "final", "final vp", vp, report.final_vp.get(faction))
            )
    return report


_NOTHING_RECORDED = (
    "nothing recorded to audit (not a ledger export);"
    " use 'tmlog validate' to check a command log against the rules"
)


def audit_job(ledger: ParsedLog, result: Replay) -> AuditReport:
    """:func:`audit` as a corpus-runner job: the report without the replay it came from.

    A log that is not a ledger gives a report whose ``error`` says so.
    """
    if ledger.format != "ledger":
        report = AuditReport(ledger.source)
        report.error = InputError(ledger.source, _NOTHING_RECORDED)
        return report
    report = audit(ledger, result)
    if report.rows_compared == 0 and not report.recorded_final_vp and report.error is None:
        # Read as a ledger, yet no row recorded a value: a command log, most
        # likely. "0 rows match" would pass it as audited.
        report.error = InputError(ledger.source, _NOTHING_RECORDED)
    report.replay = None
    report.ranked_vp = sorted(report.final_vp.items(), key=lambda kv: (-kv[1], kv[0]))
    return report


audit_job.replay_options = {"rows": True}  # type: ignore[attr-defined]
