"""The per-user secret the results cache signs its entries with.

It lives in the user's data directory (platformdirs), not next to the cache:
whoever can write the cache directory (a shared ``--cache``, a copied cache)
cannot forge an entry without it. It is created once, 0600, atomically, so
two first runs at once agree on one secret.
"""

from __future__ import annotations

import errno
import functools
import os
import secrets
import stat
from pathlib import Path

from tmlog.dirs import data_root
from tmlog.errors import TmlogError

SECRET_BYTES = 32


class CacheSecretError(TmlogError):
    """The secret cannot be read or made: the cache is not used."""


def secret_path() -> Path:
    """``$XDG_DATA_HOME/tmlog/cache-secret`` on Linux (read anew each call: tests move it)."""
    return data_root() / "cache-secret"


def cache_secret() -> bytes:
    """The secret, made on first use."""
    return _secret_at(secret_path())


@functools.cache
def _secret_at(path: Path) -> bytes:
    try:
        return _read(path)
    except FileNotFoundError:
        pass
    try:
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        try:
            os.write(fd, secrets.token_bytes(SECRET_BYTES))
            os.fsync(fd)
        finally:
            os.close(fd)
        try:
            os.link(tmp, path)  # fails if another run made it first: use theirs
        except FileExistsError:
            pass
        finally:
            tmp.unlink(missing_ok=True)
    except OSError as exc:
        raise CacheSecretError(f"cannot make its key {path}: {exc.strerror}") from None
    try:
        return _read(path)
    except FileNotFoundError:  # removed again meanwhile
        raise CacheSecretError(f"cannot make its key {path}: it vanished") from None


_OPEN_FLAGS = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
"""A link is not followed (the key is this user's own file, not whatever a link
names), and a FIFO or a device opens without waiting for a writer: both are
then refused as not a regular file, as any other bad key is."""


def _read(path: Path) -> bytes:
    """The secret at ``path``.

    Raises:
        FileNotFoundError: there is none yet.
        CacheSecretError: there is one, but it cannot be used (any reason).
    """
    try:
        fd = os.open(path, _OPEN_FLAGS)
    except FileNotFoundError:
        raise
    except OSError as exc:
        if exc.errno == errno.ELOOP or path.is_symlink():
            raise CacheSecretError(f"its key {path} is a symbolic link") from None
        raise CacheSecretError(f"cannot read its key {path}: {exc.strerror}") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode) or info.st_size != SECRET_BYTES:
            raise CacheSecretError(f"its key {path} is not a {SECRET_BYTES}-byte file")
        if os.name == "posix" and (info.st_mode & 0o077 or info.st_uid != os.getuid()):
            raise CacheSecretError(f"its key {path} is readable by others (want mode 0600)")
        data = os.read(fd, SECRET_BYTES)
    except OSError as exc:
        raise CacheSecretError(f"cannot read its key {path}: {exc.strerror}") from None
    finally:
        os.close(fd)
    if len(data) != SECRET_BYTES:  # shortened meanwhile
        raise CacheSecretError(f"its key {path} is not a {SECRET_BYTES}-byte file")
    return data
