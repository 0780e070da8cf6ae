"""The error a broken Root rule raises: the rule's Law of Root number, the reason, a position."""

from __future__ import annotations

from tmlog.errors import TmlogError


class RootRuleError(TmlogError):
    """A board operation that the Law of Root forbids.

    ``rule`` is the Law of Root number (``"4.2.1"``); ``position`` is whatever
    the caller knows about where the action was written (``"game.rootlog:12:7"``),
    or None. The message reads ``position: reason (Law of Root rule)``.

    ``certain`` is False when the log cannot prove the breach: what it checks
    is hidden from the log (a hand's cards) or changed by effects the replay
    does not follow, so a replay reports it as a note, not as a rule broken.
    """

    def __init__(
        self, rule: str, reason: str, *, position: str | None = None, certain: bool = True
    ) -> None:
        self.rule = rule
        self.reason = reason
        self.position = position
        self.certain = certain
        super().__init__(self._message())

    def _message(self) -> str:
        where = f"{self.position}: " if self.position else ""
        return f"{where}{self.reason} (Law of Root {self.rule})"

    def located(self, position: str) -> RootRuleError:
        """The same error with ``position`` filled in, unless it already had one."""
        return RootRuleError(
            self.rule, self.reason, position=self.position or position, certain=self.certain
        )
