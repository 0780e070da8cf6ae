"""Reaching a Dask scheduler safely: addresses checked, every step under a timeout.

``distributed`` trusts whatever answers on an address: an HTTP or SSH server
makes it read a bogus message length and allocate exabytes, and a server that
accepts and never answers makes it wait past any timeout. So tmlog checks
the address first, then opens a plain socket and reads the first thing a
scheduler sends on a connection (its handshake, a length-prefixed message)
before handing the address to ``distributed``.

A Dask scheduler and its workers are trusted: they unpickle what tmlog sends
and tmlog unpickles their results.
"""

from __future__ import annotations

import contextlib
import logging
import math
import os
import re
import socket
import struct
import warnings
from collections.abc import Iterator

from tmlog.errors import TmlogError

PROBE_TIMEOUT = 3.0
"""Seconds to connect and to get the scheduler's first bytes (a scheduler sends
its handshake as soon as it accepts: even across the world that takes well under
a second)."""
MAX_HANDSHAKE = 1 << 20
"""A scheduler's handshake is a few hundred bytes; more means it is no scheduler."""
CONNECT_TIMEOUT = 10.0
"""Seconds for each step of connecting to a Dask scheduler and of closing."""
IDLE_TIMEOUT = 120.0
"""Seconds a run waits for the next result before it gives the cluster up.

A chunk of logs takes a worker seconds, so two minutes without any result
means a scheduler or worker that is stopped, hung or unreachable: a stopped
scheduler keeps its connections open, so nothing else would tell."""
TIMEOUT_VARIABLE = "TMLOG_DASK_TIMEOUT"
"""An environment variable that sets :data:`IDLE_TIMEOUT` (in seconds)."""

_ADDRESS = re.compile(
    r"^(?:tcp://)?(?P<host>\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?)"
    r":(?P<port>[0-9]{1,5})/?$"
)


class DaskAddressError(ValueError):
    """An address tmlog will not try (a usage error)."""


class DaskError(TmlogError):
    """The scheduler cannot be reached, is no scheduler, or the cluster failed."""


def parse_address(text: str) -> tuple[str, int]:
    """(host, port) of ``tcp://host:port`` or ``host:port``.

    Raises:
        DaskAddressError: anything else (other protocols need settings tmlog does not take).
    """
    scheme = text.split("://", 1)[0] if "://" in text else "tcp"
    if scheme != "tcp":
        raise DaskAddressError(
            f"{text!r}: only tcp:// scheduler addresses are supported, not {scheme}://"
        )
    match = _ADDRESS.match(text)
    if not text or match is None:
        raise DaskAddressError(f"{text!r} is not a scheduler address (tcp://HOST:PORT)")
    port = int(match["port"])
    if not 0 < port < 65536:
        raise DaskAddressError(f"{text!r}: port {port} is out of range")
    host = match["host"].strip("[]")
    # A DNS name has labels of 1 to 63 characters and 253 in all; another
    # makes the socket layer's IDNA encoding raise a bare UnicodeError.
    if not match["host"].startswith("[") and (
        len(host) > 253 or any(not 0 < len(label) <= 63 for label in host.rstrip(".").split("."))
    ):
        raise DaskAddressError(f"{text[:80]!r}: {host[:40]!r} is not a host name")
    return host, port


def probe(text: str, timeout: float = PROBE_TIMEOUT) -> str:
    """The ``tcp://`` address of a scheduler that answers like one.

    Raises:
        DaskAddressError: the address is malformed.
        DaskError: nothing listens there, it does not answer, or it is no Dask scheduler.
    """
    host, port = parse_address(text)
    where = f"the Dask scheduler at {text}"
    try:
        with socket.create_connection((host, port), timeout=timeout) as sock:
            sock.settimeout(timeout)
            head = _read_exactly(sock, 8)
    except TimeoutError:
        raise DaskError(f"{where} did not answer within {timeout:g} s") from None
    except OSError as exc:
        raise DaskError(f"cannot reach {where}: {exc.strerror or exc}") from None
    except UnicodeError as exc:  # a host name the resolver cannot encode
        raise DaskError(f"cannot reach {where}: {exc}") from None
    if head is None:
        raise DaskError(f"{where} closed the connection: it is not a Dask scheduler")
    (length,) = struct.unpack("<Q", head)
    if not 0 < length <= MAX_HANDSHAKE:
        raise DaskError(f"{where} does not speak Dask's protocol (is it a web or SSH server?)")
    return f"tcp://{host}:{port}" if ":" not in host else f"tcp://[{host}]:{port}"


def timeouts() -> tuple[float, float]:
    """(connect, idle) timeouts in seconds; ``TMLOG_DASK_TIMEOUT`` sets the idle one
    (and caps the connect one).

    Raises:
        DaskAddressError: the variable is not a positive number of seconds.
    """
    text = os.environ.get(TIMEOUT_VARIABLE)
    if text is None:
        return CONNECT_TIMEOUT, IDLE_TIMEOUT
    try:
        idle = float(text)
    except ValueError:
        idle = math.nan
    if not 0 < idle < math.inf:
        raise DaskAddressError(f"{TIMEOUT_VARIABLE}={text[:40]!r} is not a number of seconds")
    return min(CONNECT_TIMEOUT, idle), idle


def _read_exactly(sock: socket.socket, n: int) -> bytes | None:
    data = b""
    while len(data) < n:
        part = sock.recv(n - len(data))
        if not part:
            return None
        data += part
    return data


@contextlib.contextmanager
def quiet_distributed() -> Iterator[None]:
    """Keep ``distributed``'s own log records (with their tracebacks) off the
    user's terminal while tmlog talks to a cluster: tmlog reports what failed."""
    saved = []
    for name in ("distributed", "tornado", "asyncio"):
        logger = logging.getLogger(name)
        saved.append((logger, logger.handlers[:], logger.propagate))
        logger.handlers = [logging.NullHandler()]
        logger.propagate = False
    try:
        with warnings.catch_warnings():
            # The logs travel inside the task graph on purpose (workers need not
            # see the caller's files): distributed's advice about it is noise here.
            warnings.filterwarnings("ignore", message="Sending large graph", category=UserWarning)
            yield
    finally:
        for logger, handlers, propagate in saved:
            logger.handlers = handlers
            logger.propagate = propagate
