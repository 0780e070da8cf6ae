"""Dask: addresses checked before connecting, every step under a timeout, a
failing cluster reported in one line naming the logs not done."""

from __future__ import annotations

import shutil
import socket
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

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
        (None, "did not answer within 3 s"),  # a silent server, or an HTTP server waiting
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
    assert time.monotonic() - start < 5  # issue 16: within 5 s (it took 10 s, then 13 s)
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


# ------------------------------------------- a scheduler that goes silent


class FreezingProxy:
    """A TCP relay to a real scheduler that can be frozen: from then on it
    neither reads nor forwards a byte, and keeps every connection open, which
    is what a client sees of a scheduler that is stopped (SIGSTOP) or hung.
    ``handshake_only`` freezes each connection right after the scheduler's
    handshake (the first length-prefixed message) has been passed on."""

    def __init__(self, target: str, *, handshake_only: bool = False) -> None:
        host, port = target.removeprefix("tcp://").rsplit(":", 1)
        self.target = (host, int(port))
        self.handshake_only = handshake_only
        self.frozen = threading.Event()
        self.sockets: list[socket.socket] = []
        self.listener = socket.socket()
        self.listener.bind(("127.0.0.1", 0))
        self.listener.listen()
        self.address = f"tcp://127.0.0.1:{self.listener.getsockname()[1]}"
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            upstream = socket.create_connection(self.target)
            self.sockets += [client, upstream]
            if self.handshake_only:
                head = _recv_exactly(upstream, 8)
                client.sendall(head + _recv_exactly(upstream, int.from_bytes(head, "little")))
                continue  # and never a byte more, either way
            for a, b in ((client, upstream), (upstream, client)):
                threading.Thread(target=self._pump, args=(a, b), daemon=True).start()

    def _pump(self, src: socket.socket, dst: socket.socket) -> None:
        while not self.frozen.is_set():
            try:
                src.settimeout(0.1)
                data = src.recv(65536)
            except TimeoutError:
                continue
            except OSError:
                return
            if not data or self.frozen.is_set():
                return  # frozen: what was read is dropped, and nothing is read again
            dst.sendall(data)

    def close(self) -> None:
        for s in [self.listener, *self.sockets]:
            s.close()


def _recv_exactly(sock: socket.socket, n: int) -> bytes:
    data = b""
    while len(data) < n:
        data += sock.recv(n - len(data))
    return data


@pytest.fixture(scope="module")
def scheduler() -> Iterator[str]:
    from distributed import LocalCluster

    cluster = LocalCluster(
        n_workers=1,
        threads_per_worker=1,
        processes=False,
        protocol="tcp",
        host="127.0.0.1",
        dashboard_address=None,
    )
    yield cluster.scheduler_address
    cluster.close()


def test_a_scheduler_silent_after_its_handshake_is_an_error_within_the_timeout(
    scheduler: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TMLOG_DASK_TIMEOUT", "2")
    proxy = FreezingProxy(scheduler, handshake_only=True)
    try:
        start = time.monotonic()
        result = stats(proxy.address)
        assert time.monotonic() - start < 15
    finally:
        proxy.close()
    assert result.exit_code == 1, result.output
    assert "cannot use the Dask scheduler" in result.output
    assert "Traceback" not in result.output


def test_a_scheduler_silent_mid_run_ends_the_run_within_the_idle_timeout(
    scheduler: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from tmlog.corpus import Runner, check, read_log

    monkeypatch.setenv("TMLOG_DASK_TIMEOUT", "2")
    shutil.copy(GAME, tmp_path / "a.txt")
    log = read_log(str(tmp_path / "a.txt"))
    proxy = FreezingProxy(scheduler)
    try:
        start = time.monotonic()
        not_done = r"no result for 2 s\); logs not done: .*a\.txt"
        with (
            pytest.raises(TmlogError, match=not_done),
            Runner(check, dask_scheduler=proxy.address) as runner,
        ):
            assert runner.map([log])  # type: ignore[list-item]  # the relay works
            proxy.frozen.set()
            runner.map([log])  # type: ignore[list-item]
        # Two idle timeouts at most (waiting, then closing), with room for a loaded machine.
        assert time.monotonic() - start < 20
    finally:
        proxy.close()


def test_a_bad_timeout_setting_is_a_clean_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TMLOG_DASK_TIMEOUT", "soon")
    result = stats("tcp://127.0.0.1:1")
    assert result.exit_code == 1, result.output
    assert "TMLOG_DASK_TIMEOUT='soon' is not a number of seconds" in result.output


@pytest.mark.slow  # a scheduler and a worker in processes of their own take some seconds to start
def test_a_scheduler_stopped_mid_run_ends_the_command_within_the_idle_timeout(
    tmp_path: Path,
) -> None:
    import os
    import signal
    import subprocess
    import sys

    probe = socket.socket()
    probe.bind(("127.0.0.1", 0))
    port = probe.getsockname()[1]
    probe.close()
    address = f"tcp://127.0.0.1:{port}"
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL}
    run = [sys.executable, "-m"]
    scheduler = subprocess.Popen(
        [
            *run,
            "distributed.cli.dask_scheduler",
            "--host=127.0.0.1",
            f"--port={port}",
            "--no-dashboard",
        ],
        **quiet,  # type: ignore[call-overload]
    )
    worker = subprocess.Popen(
        [
            *run,
            "distributed.cli.dask_worker",
            address,
            "--nthreads=1",
            "--no-nanny",
            "--no-dashboard",
        ],
        **quiet,  # type: ignore[call-overload]
    )
    folder = tmp_path / "games"
    folder.mkdir()
    text = GAME.read_text(encoding="utf-8")
    for i in range(1000):  # half a minute of work or more for one worker
        (folder / f"g{i:04d}.txt").write_text(text, encoding="utf-8")
    try:
        from distributed import Client

        monitor = Client(address, timeout=60)  # type: ignore[no-untyped-call]
        monitor.wait_for_workers(1, timeout=60)
        command = subprocess.Popen(
            [
                *run,
                "tmlog",
                "validate",
                "-q",
                f"--dask-scheduler={address}",
                str(folder),
            ],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env={**os.environ, "TMLOG_DASK_TIMEOUT": "5"},
        )
        deadline = time.monotonic() + 60
        while not monitor.run_on_scheduler(_tasks) and time.monotonic() < deadline:
            time.sleep(0.2)  # until the command has handed its logs out
        monitor.close()
        os.kill(scheduler.pid, signal.SIGSTOP)
        stopped = time.monotonic()
        out, err = command.communicate(timeout=120)
        assert time.monotonic() - stopped < 60
    finally:
        os.kill(scheduler.pid, signal.SIGCONT)
        for process in (worker, scheduler):
            process.kill()
            process.wait()
    assert command.returncode == 1, err
    assert "(TimeoutError: no result for 5 s); logs not done: " in err
    assert "Traceback" not in err + out


def _tasks(dask_scheduler: Any) -> int:
    return len(dask_scheduler.tasks)
