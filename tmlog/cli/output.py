"""Writing files the careful way: through a temporary file and a rename.

A file named with ``-o`` or ``--plot`` is written next to its target under a
temporary name and renamed into place only once it is complete, so a reader
never sees half a picture and a failed write leaves nothing behind. A
symbolic link at the target is refused rather than followed (it could point
anywhere), and an existing file is kept unless ``--force`` is given.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable

import click

from tmlog.errors import TmlogError

_FORCE = "tmlog.force"


def _remember_force(ctx: click.Context, _param: click.Parameter, value: bool) -> None:
    ctx.meta[_FORCE] = value


# Eager, so that an output option's callback (checked before any work) knows it.
force_option = click.option(
    "--force",
    is_flag=True,
    is_eager=True,
    expose_value=False,
    callback=_remember_force,
    help="Overwrite the output file if it exists.",
)


def forced() -> bool:
    """Whether the running command was given ``--force``."""
    ctx = click.get_current_context(silent=True)
    return bool(ctx is not None and ctx.meta.get(_FORCE))


def checked_output(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    """An output option's callback: refuse the target before any work is done.

    A refused target (it exists, it is a link) is a usage error; a folder that
    is missing or not writable is one line of error and exit status 1 (see
    :mod:`tmlog.report.targets`).
    """
    if value is not None and value != "-":
        from tmlog.report.targets import check_folder

        try:
            check_target(value, force=bool(ctx.meta.get(_FORCE)))
        except TmlogError as exc:
            raise click.BadParameter(str(exc), ctx=ctx, param=param) from None
        check_folder(value)
    return value


def check_target(path: str, *, force: bool) -> None:
    """Refuse a target that is a symbolic link, not a plain file, or exists without ``force``.

    Called before the work, so that a refusal costs nothing; :func:`write_atomic`
    checks again when it writes.
    """
    from pathlib import Path  # only a command that writes a file needs it

    target = Path(path)
    if target.is_symlink():
        raise TmlogError(f"{path}: is a symbolic link; tmlog does not write through links")
    if target.exists():
        if not target.is_file():
            raise TmlogError(f"{path}: exists and is not a plain file")
        if not force:
            raise TmlogError(f"{path}: already exists (use --force to overwrite it)")


def write_atomic(path: str, write: Callable[[str], None], *, force: bool) -> None:
    """Have ``write`` fill a temporary file beside ``path``, then move it into place.

    ``write`` gets the temporary file's name, which ends in ``path``'s suffix
    (matplotlib picks a picture's format from it).

    Raises:
        TmlogError: the target is refused (see :func:`check_target`) or cannot be written.
    """
    import tempfile  # only a command that writes a file needs it (and its imports)
    from pathlib import Path

    check_target(path, force=force)
    target = Path(path)
    folder = target.parent
    try:
        fd, tmp = tempfile.mkstemp(
            dir=folder, prefix=f".{target.name}.", suffix=target.suffix or ".tmp"
        )
    except OSError as exc:
        raise TmlogError(f"{path}: cannot write: {exc.strerror or exc}") from None
    os.close(fd)
    try:
        write(tmp)
        _publish(tmp, path, force=force)
    except OSError as exc:
        raise TmlogError(f"{path}: cannot write: {exc.strerror or exc}") from None
    finally:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)


def _publish(tmp: str, path: str, *, force: bool) -> None:
    from tmlog.report.targets import publish

    publish(tmp, path, force=force)
