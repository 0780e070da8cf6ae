"""Dask: addresses checked before connecting, every step under a timeout, a
failing cluster reported in one line naming the logs not done."""

from __future__ import annotations

import shutil
import socket
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from tmlog.cli import cli
from tmlog.errors import TmlogError

pytest.importorskip("distributed")

GAME = Path(__file__).parent / "data" / "snellman-ledger" / "4pLeague_S64_D1L1_G1.txt"


def stats(address: str) -> Result:
    return CliRunner().invoke(
        cli, ["stats", str(GAME), "--no-cache", "-q", "--dask-scheduler", address]
    )


@pytest.mark.parametrize(
    "address",
    [
        "garbage",
        "http://localhost:8786",
        "tcp://",
        "tcp://:8786",
        "inproc://",
        "tls://localhost:8786",
        "ucx://localhost:8786",
        "",
        "localhost:99999",
        "a" * 300 + ":8786",  # a DNS label over 63 characters (was a bare UnicodeError)
        "a..b:8786",  # an empty label
    ],
)
def test_a_bad_address_is_a_usage_error(address: str) -> None:
    result = stats(address)
    assert result.exit_code == 2, result.output
    assert "--dask-scheduler" in result.output
    assert "Traceback" not in result.output and "internal error" not in result.output


@pytest.fixture()
def server() -> Iterator[Callable[[bytes | None], str]]:
    """A local TCP server that accepts, sends ``greeting`` (if any) and then says nothing."""
    sockets: list[socket.socket] = []

    def start(greeting: bytes | None) -> str:
        listener = socket.socket()
        listener.bind(("127.0.0.1", 0))
        listener.listen()
        sockets.append(listener)

        def serve() -> None:
            while True:
                try:
                    conn, _ = listener.accept()
                except OSError:
                    return
                sockets.append(conn)
                if greeting is not None:
                    conn.sendall(greeting)

        threading.Thread(target=serve, daemon=True).start()
        return f"tcp://127.0.0.1:{listener.getsockname()[1]}"

    yield start
    for s in sockets:
        s.close()


@pytest.mark.parametrize(
    ("greeting", "said"),
    [
        (None, "did not answer"),  # a silent server, or an HTTP server waiting for a request
        (b"SSH-2.0-OpenSSH_9.6\r\n", "does not speak Dask's protocol"),
        (b"HTTP/1.1 400 Bad Request\r\n\r\n", "does not speak Dask's protocol"),
    ],
)
def test_a_server_that_is_no_scheduler_is_a_clean_error(
    server: Callable[[bytes | None], str], greeting: bytes | None, said: str
) -> None:
    address = server(greeting)
    start = time.monotonic()
    result = stats(address)
    assert time.monotonic() - start < 15
    assert result.exit_code == 1, result.output
    assert said in result.output
    assert "Traceback" not in result.output and "MemoryError" not in result.output


def test_a_closed_port_is_reported_within_seconds() -> None:
    probe = socket.socket()
    probe.bind(("127.0.0.1", 0))
    port = probe.getsockname()[1]
    probe.close()
    start = time.monotonic()
    result = stats(f"tcp://127.0.0.1:{port}")
    assert time.monotonic() - start < 5
    assert result.exit_code == 1
    assert "cannot reach the Dask scheduler" in result.output


@pytest.mark.slow  # a local cluster takes some ten seconds to start and stop
def test_a_killed_cluster_names_the_logs_not_done(tmp_path: Path) -> None:
    from distributed import LocalCluster

    from tmlog.corpus import Runner, check, read_log

    folder = tmp_path / "games"
    folder.mkdir()
    shutil.copy(GAME, folder / "a.txt")
    log = read_log(str(folder / "a.txt"))
    cluster = LocalCluster(
        n_workers=1, threads_per_worker=1, processes=True, dashboard_address=None
    )
    with Runner(check, dask_scheduler=cluster.scheduler_address) as runner:
        cluster.close()
        with pytest.raises(TmlogError, match=r"logs not done: .*a\.txt"):
            runner.map([log])  # type: ignore[list-item]
