"""The error a broken Root rule raises: the rule's Law of Root number, the reason, a position."""

from __future__ import annotations

from tmlog.errors import TmlogError


class RootRuleError(TmlogError):
    """A board operation that the Law of Root forbids.

    ``rule`` is the Law of Root number (``"4.2.1"``); ``position`` is whatever
    the caller knows about where the action was written (``"game.rootlog:12:7"``),
    or None. The message reads ``position: reason (Law of Root rule)``.
    """

    def __init__(self, rule: str, reason: str, *, position: str | None = None) -> None:
        self.rule = rule
        self.reason = reason
        self.position = position
        super().__init__(self._message())

    def _message(self) -> str:
        where = f"{self.position}: " if self.position else ""
        return f"{where}{self.reason} (Law of Root {self.rule})"

    def located(self, position: str) -> RootRuleError:
        """The same error with ``position`` filled in, unless it already had one."""
        return RootRuleError(self.rule, self.reason, position=self.position or position)
