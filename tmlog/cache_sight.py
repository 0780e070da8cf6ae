"""Files the results cache knows by sight: their keys without reading them.

A warm run over a large corpus would spend most of
its time reading and hashing every log again to find its key. So the cache
keeps, in one file per build (:data:`FILE`, MAC'd as a whole), the key and
:func:`~tmlog.corpus.game_fingerprint` of each log it read, under the log's
absolute path, input format and replay options, with the file's identity
when it was read: device, inode, size, and modification and change times in
nanoseconds (``st_mtime_ns``, ``st_ctime_ns``), as ``git`` does for its
index. A file whose identity is unchanged is not read again. Any write to a
file changes its change time (which, unlike the modification time, no
program can set back), and a file replaced by another (``mv``, a new
checkout) has another inode, so a changed file never finds its old entry.
Two guards remain. The identity is taken *before* the file is read, so a
write during the read leaves a newer identity than the one recorded. And a
file changed less than :data:`SETTLE_SECONDS` before it was read is not
recorded at all: file times have the granularity of the kernel's clock tick,
so a second write within the same tick as the first, of the same size, would
leave the identity as it was ("racy git"); a file that old cannot be written
again within the tick it was last written in.

The file holds one JSON object, ``{where: [dev, ino, size, mtime_ns,
ctime_ns, key, fingerprint]}``, after a line with its HMAC (the cache's
secret, :mod:`tmlog.cache_secret`): an entry written by hand would name a
stale key for a changed file, so a file that fails the check is ignored
whole.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import json
import os
import time
import uuid
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from tmlog.cache_tables import Damaged, read_file

FILE = "identities.json"
"""Its name, in the cache's directory of this build."""

SETTLE_SECONDS = 2.0
"""A file changed more recently than this when read is not known by sight (see above)."""

Identity = tuple[int, int, int, int, int]
"""A file's device, inode, size, modification and change time (ns)."""

Known = dict[str, list[Any]]
"""Where a log is (:func:`where`) → its identity, key and fingerprint."""


def identity(st: os.stat_result) -> Identity:
    return (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns)


def where(path: str, input_format: str | None, options: Mapping[str, Any]) -> str:
    """An entry's name: the log's absolute path, input format and replay options."""
    wanted = json.dumps(dict(options), sort_keys=True) if options else ""
    return f"{input_format or 'detect'}\0{wanted}\0{os.path.abspath(path)}"


def known(
    entries: Known,
    path: str,
    input_format: str | None,
    options: Mapping[str, Any],
    st: os.stat_result | None = None,
) -> tuple[str, str] | None:
    """The key and fingerprint of the log at ``path`` if its identity (``st``, or
    stat'ed now) is the one recorded (the file was not changed since), else None."""
    entry = entries.get(where(path, input_format, options))
    if entry is None:
        return None
    try:
        now = identity(st if st is not None else os.stat(path))
    except OSError:
        return None
    if len(entry) != 7 or tuple(entry[:5]) != now:
        return None
    key, fingerprint = entry[5], entry[6]
    return (key, fingerprint) if isinstance(key, str) and isinstance(fingerprint, str) else None


def learn(
    entries: Known,
    path: str,
    before: os.stat_result,
    key: str,
    fingerprint: str,
    input_format: str | None,
    options: Mapping[str, Any],
) -> None:
    """Record a log's key and fingerprint under ``before``, its identity taken
    just before it was read, unless it changed too recently to tell."""
    settled = time.time_ns() - int(SETTLE_SECONDS * 1e9)
    if max(before.st_mtime_ns, before.st_ctime_ns) > settled:
        return
    entries[where(path, input_format, options)] = [*identity(before), key, fingerprint]


def _mac(secret: bytes, body: bytes) -> str:
    return hmac.new(secret, b"tmlog identities\0" + body, hashlib.sha256).hexdigest()


def read(path: Path, secret: bytes) -> Known | None:
    """The entries kept at ``path`` (none if there is no file; None if it fails its check)."""
    try:
        raw = read_file(path)
    except Damaged:  # a FIFO or a device in its place: not waited on
        return None
    except OSError:
        return {}
    mac, _, body = raw.partition(b"\n")
    try:
        if not hmac.compare_digest(mac.decode("ascii"), _mac(secret, body)):
            return None
        entries = json.loads(body)
    except ValueError:  # not ASCII, not JSON
        return None
    return entries if isinstance(entries, dict) else None


def write(path: Path, secret: bytes, entries: Known) -> None:
    """Keep ``entries`` at ``path``, replacing the file in one step.

    Raises:
        OSError: it could not be written (nothing is left behind).
    """
    body = json.dumps(entries, separators=(",", ":")).encode()
    tmp = path.with_name(f"{path.name}.{uuid.uuid4().hex[:12]}.tmp")
    try:
        tmp.write_bytes(_mac(secret, body).encode("ascii") + b"\n" + body)
        os.replace(tmp, path)
    except OSError:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise
