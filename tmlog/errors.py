"""tmlog's exceptions: one root, one child per kind of failure, positions attached."""

from __future__ import annotations


class TmlogError(Exception):
    """Root of every error tmlog raises on purpose."""


class InputError(TmlogError):
    """A log cannot be read at all: missing, unreadable, not text, too large.

    ``line`` and ``column`` (1-based) locate the first bad byte when known.
    """

    def __init__(
        self, source: str, reason: str, *, line: int | None = None, column: int | None = None
    ) -> None:
        self.source = source
        self.reason = reason
        self.line = line
        self.column = column
        where = source if line is None else f"{source}:{line}:{column or 1}"
        super().__init__(f"{where}: {reason}")


class LogSyntaxError(TmlogError, ValueError):
    """The text of a log does not follow the grammar.

    The message reads ``path:line:col: unexpected 'xyz'; expected one of …``
    followed by the offending line and a caret under the column.
    """

    def __init__(
        self,
        source: str,
        line: int,
        column: int,
        unexpected: str,
        expected: list[str],
        context: str = "",
    ) -> None:
        self.source = source
        self.line = line
        self.column = column
        self.unexpected = unexpected
        self.expected = expected
        self.context = context
        super().__init__(self._message())

    def _message(self) -> str:
        where = f"{self.source}:{self.line}:{self.column}"
        what = f"unexpected {self.unexpected}"
        if len(self.expected) == 1:
            what += f"; expected {self.expected[0]}"
        elif self.expected:
            shown = ", ".join(self.expected[:12])
            more = f" (and {len(self.expected) - 12} more)" if len(self.expected) > 12 else ""
            what += f"; expected one of {shown}{more}"
        text = f"{where}: {what}"
        if self.context:
            text += "\n" + self.context.rstrip("\n")
        return text


class ReplayError(TmlogError):
    """An action breaks a rule of the game, or the log cannot be followed.

    Carries the source, the log line of the offending row, the command as
    written, and the rule in plain words.
    """

    def __init__(self, reason: str, *, source: str = "", line: int = 0, command: str = "") -> None:
        self.reason = reason
        self.source = source
        self.line = line
        self.command = command
        super().__init__(self._message())

    def _message(self) -> str:
        parts = []
        if self.source or self.line:
            parts.append(f"{self.source or '<log>'}:{self.line}")
        if self.command:
            parts.append(self.command)
        parts.append(self.reason)
        return ": ".join(parts)

    def located(self, *, source: str, line: int, command: str) -> ReplayError:
        """The same error with its position filled in (where it was not yet)."""
        return ReplayError(
            self.reason,
            source=self.source or source,
            line=self.line or line,
            command=self.command or command,
        )


class IllegalMove(ReplayError):
    """A player's command that the rules forbid (not enough resources, wrong turn, …)."""

    def located(self, *, source: str, line: int, command: str) -> IllegalMove:
        return IllegalMove(
            self.reason,
            source=self.source or source,
            line=self.line or line,
            command=self.command or command,
        )


class BadOption(TmlogError):
    """An option's value that the log cannot serve (``--at`` past the game's end).

    A usage error: the command line gives it exit status 2, naming ``option``.
    """

    def __init__(self, option: str, reason: str) -> None:
        self.option = option
        self.reason = reason
        super().__init__(f"Invalid value for '{option}': {reason}")


class Unsupported(TmlogError):
    """A command asked of a log whose game cannot do it (``tmlog audit`` of a Root log).

    For one log the command line makes it a usage error (exit status 2); in a
    run over many logs it is noted and the log skipped.
    """

    def __init__(self, source: str, command: str, game: str) -> None:
        self.source = source
        self.command = command
        self.game = game
        where = f"{source}: " if source else ""
        super().__init__(f"{where}tmlog {command} does not serve {game} logs")
