"""A fault campaign: damaged real logs through the library and the command line.

Run by hand, not by the tests (it takes tens of minutes of CPU)::

    nice -n 19 python bench/fault_campaign.py                 # the full run
    python bench/fault_campaign.py --library 500 --cli-files 200 --singles 20   # a taste
    python bench/fault_campaign.py --show truncate:1234       # one input, as it was made
    nice -n 19 python bench/fault_campaign.py --library 10000 --cli-files 0 --singles 0 \
        --game-json 1700 --results-json 15000 --rootlog 500 --rounds 10   # other surfaces
    python bench/fault_campaign.py --show-surface game-json:value:12

The other surfaces (``fault_surfaces.py`` for the library: game JSON, results
JSON, Rootlogs; ``fault_cli_surfaces.py`` for the command line: Root logs
through every command, folders of FIFOs and devices, the cache under faults,
mixed folders, damaged JSON files) are off unless their counts are given.

Every input is made from one of the real logs in ``tests/data/`` and
``sample_logs/`` (and the command-log forms of the ledgers) by a seeded
random generator of its own (seed, kind, index), so any input the campaign
reports can be made again with ``--show KIND:INDEX``.

Oracles, for every input:

- no hang: the library gets ``--seconds`` of CPU per input, a command-line
  process a generous wall-clock limit;
- no internal error: the library raises nothing but ``TmlogError`` subclasses,
  with a position; the command line exits 0, 1 or 2 and prints no traceback
  and no "internal error";
- no unbounded memory: the library process runs under an address-space limit
  and its peak RSS is reported, as is every command-line process's;
- no wrong answer: a harmless edit (CRLF, BOM, blank lines, trailing spaces,
  case of a command) gives exactly the unmutated result; a changed recorded
  value in a ledger is caught by audit; a game cut before its last move is
  never reported finished; a value a format does not allow (an unknown or
  repeated faction, a seat or player count out of range, a ledger cell of the
  wrong type) is refused; a Rootlog cut before its ``Winner`` line names no
  winner; a damaged cache never changes an answer.
"""

from __future__ import annotations

import argparse
import collections
import functools
import json
import os
import random
import re
import resource
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from fault_cli_surfaces import (
    cache_faults,
    game_json_batches,
    mixed_folders,
    results_files,
    root_commands,
    special_folders,
)
from fault_mutations import (
    BASES,
    HARMLESS,
    KINDS,
    ROOT,
    Base,
    _bases,
    _finishing_line,
    kind_of,
    make,
    verdict,
)
from fault_surfaces import Surface, judge, surfaces

MB = 1 << 20

# -------------------------------------------------------------- the library


class OutOfTime(BaseException):
    """Raised by the CPU timer: a BaseException, so no ``except Exception`` in tmlog hides it."""


def _on_timer(signum: int, frame: object) -> None:
    raise OutOfTime


@dataclass
class Tally:
    inputs: collections.Counter[str] = field(default_factory=collections.Counter)
    outcomes: collections.Counter[tuple[str, str]] = field(default_factory=collections.Counter)
    findings: list[dict[str, Any]] = field(default_factory=list)
    slowest: tuple[float, str] = (0.0, "")
    peak_rss_mb: float = 0.0
    peak_at: str = ""
    surface_inputs: collections.Counter[str] = field(default_factory=collections.Counter)
    """Library inputs of the other surfaces, by ``surface:kind``."""
    cli_surface_inputs: collections.Counter[str] = field(default_factory=collections.Counter)
    """Damaged files of the other surfaces through the command line, by surface."""
    findings_path: Path | None = None
    """Where each finding is written as it is found (a run cut short keeps them)."""

    def found(self, where: str, kind: str, index: int, what: str, detail: str) -> None:
        self.outcomes[(kind, "FINDING " + what)] += 1
        finding = {
            "where": where,
            "input": f"{kind}:{index}",
            "what": what,
            "detail": detail[:2000],
        }
        self.findings.append(finding)
        if self.findings_path is not None:
            with self.findings_path.open("a", encoding="utf-8") as out:
                out.write(json.dumps(finding) + "\n")
        print(f"FINDING {where} {kind}:{index} {what}: {detail[:300]}", file=sys.stderr, flush=True)


def library_check(seed: int, kind: str, index: int, tally: Tally, seconds: float) -> None:
    try:
        base, text = make(seed, kind, index)
    except Exception as exc:  # the campaign's own bug: say so, and go on
        tally.found("generator", kind, index, "campaign bug", f"{type(exc).__name__}: {exc}")
        return
    tally.inputs[kind] += 1
    start = time.monotonic()
    signal.setitimer(signal.ITIMER_PROF, seconds)
    try:
        try:
            got = verdict(text)
        finally:
            signal.setitimer(signal.ITIMER_PROF, 0)
    except OutOfTime:
        tally.found("library", kind, index, "hang", f"more than {seconds} s of CPU ({base.name})")
        return
    except MemoryError:
        tally.found("library", kind, index, "memory", f"MemoryError ({base.name})")
        return
    except Exception as exc:  # the finding the campaign exists for
        tally.found("library", kind, index, "internal error", f"{type(exc).__name__}: {exc}")
        return
    elapsed = time.monotonic() - start
    if elapsed > tally.slowest[0]:
        tally.slowest = (elapsed, f"{kind}:{index} ({base.name})")
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    if rss > tally.peak_rss_mb:
        tally.peak_rss_mb, tally.peak_at = rss, f"{kind}:{index}"
    problem = _judge(kind, base, got)
    if problem:
        tally.found("library", kind, index, "wrong answer", f"{base.name}: {problem}")
        return
    if got[0] == "error" and len(got) == 3:
        _check_position(got, tally, kind, index)
    tally.outcomes[(kind, "error" if got[0] == "error" else "replayed")] += 1


def surface_check(seed: int, surface: Surface, index: int, tally: Tally, seconds: float) -> None:
    """:func:`library_check` of one input of a surface (game JSON, results JSON, Rootlog)."""
    kind = surface.kind_of(seed, index)
    label = f"{surface.name}:{kind}"
    try:
        base, data, expect = surface.make(seed, kind, index)
    except Exception as exc:  # the campaign's own bug: say so, and go on
        tally.found("generator", label, index, "campaign bug", f"{type(exc).__name__}: {exc}")
        return
    tally.surface_inputs[label] += 1
    start = time.monotonic()
    signal.setitimer(signal.ITIMER_PROF, seconds)
    try:
        try:
            got = surface.verdict(data)
        finally:
            signal.setitimer(signal.ITIMER_PROF, 0)
    except OutOfTime:
        tally.found("library", label, index, "hang", f"more than {seconds} s of CPU ({base.name})")
        return
    except MemoryError:
        tally.found("library", label, index, "memory", f"MemoryError ({base.name})")
        return
    except RecursionError as exc:  # an Exception, but named: the nesting kinds look for it
        tally.found("library", label, index, "internal error", f"RecursionError: {exc}")
        return
    except Exception as exc:  # the finding the campaign exists for
        tally.found("library", label, index, "internal error", f"{type(exc).__name__}: {exc}")
        return
    elapsed = time.monotonic() - start
    if elapsed > tally.slowest[0]:
        tally.slowest = (elapsed, f"{label}:{index} ({base.name})")
    problem = judge(expect, got, base.verdict)
    if problem:
        tally.found("library", label, index, "wrong answer", f"{base.name}: {problem}")
        return
    tally.outcomes[(label, "error" if got[0] == "error" else "ok")] += 1


def _check_position(got: tuple[Any, ...], tally: Tally, kind: str, index: int) -> None:
    name, message = got[1], got[2]
    if name in ("LogSyntaxError", "ReplayError", "IllegalMove") and not message.startswith(
        "m.txt:L"
    ):
        tally.found("library", kind, index, "no position", f"{name}: {message}")
    elif name not in ("LogSyntaxError", "ReplayError", "IllegalMove", "InputError"):
        if not message.startswith("m.txt"):
            tally.found("library", kind, index, "no position", f"{name}: {message}")


def _judge(kind: str, base: Base, got: tuple[Any, ...]) -> str:
    """What is wrong with the answer ``got`` (empty when nothing is)."""
    if kind in HARMLESS and got != base.verdict:
        return f"harmless edit changed the result: {got} != {base.verdict}"
    if kind == "value" and got[0] == "ok" and len(got) > 5 and got[5]:
        return "a changed recorded value passed the audit"
    if kind == "truncate" and got[0] == "ok" and got[1]:
        return "a game cut before its end is reported finished"
    return ""


# --------------------------------------------------------- the command line


def _unlimited() -> None:
    """A tmlog process gets no address-space limit (pyarrow reserves much it never uses)."""
    resource.setrlimit(resource.RLIMIT_AS, (resource.RLIM_INFINITY, resource.RLIM_INFINITY))


XDG: dict[str, str] = {}
"""The campaign's own XDG_DATA_HOME and XDG_CACHE_HOME: the cache faults replace
the cache secret, which must never be the user's own."""


def tmlog(
    args: list[str], timeout: float, stdin: bytes | None = None, apart: bool = False
) -> tuple[int, str, float, float, str]:
    """(exit status, output, seconds, peak RSS in MB, standard error) of one tmlog
    process; its output holds its standard error too unless ``apart``."""
    start = time.monotonic()
    proc = subprocess.Popen(
        [sys.executable, "-m", "tmlog", *args],
        stdin=subprocess.PIPE if stdin is not None else subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE if apart else subprocess.STDOUT,
        # A strict UTF-8 standard output (as under most UTF-8 locales; the C
        # locale's is lenient) makes an unprintable file name fail loudly.
        env={**os.environ, "COLUMNS": "200", "PYTHONIOENCODING": "utf-8", **XDG},
        preexec_fn=_unlimited,
    )
    try:
        out, err = proc.communicate(stdin, timeout=timeout)
    except subprocess.TimeoutExpired:
        # The process group would be cleaner, but a hung tmlog has no children
        # of its own beyond -j 1's.
        proc.kill()
        out, err = proc.communicate()
        text = out.decode("utf-8", "replace")
        return -999, text, time.monotonic() - start, 0.0, (err or b"").decode("utf-8", "replace")
    seconds = time.monotonic() - start
    rss = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    text, errors = out.decode("utf-8", "replace"), (err or b"").decode("utf-8", "replace")
    return proc.returncode, text, seconds, rss, errors


@dataclass
class CliTally:
    processes: collections.Counter[str] = field(default_factory=collections.Counter)
    exits: collections.Counter[tuple[str, int]] = field(default_factory=collections.Counter)
    files: int = 0
    slowest: tuple[float, str] = (0.0, "")
    peak_rss_mb: float = 0.0


def cli_process(
    ct: CliTally, tally: Tally, label: str, args: list[str], timeout: float, what: str, **kw: Any
) -> tuple[int, str]:
    code, out, seconds, rss, err = tmlog(args, timeout, **kw)
    ct.processes[label] += 1
    ct.exits[(label, code)] += 1
    ct.peak_rss_mb = max(ct.peak_rss_mb, rss)
    if seconds > ct.slowest[0]:
        ct.slowest = (seconds, f"{label} {what}")
    if code == -999:
        tally.found("cli", label, 0, "hang", f"{what}: no end within {timeout} s")
    elif code not in (0, 1, 2):
        tally.found("cli", label, 0, "exit status", f"{what}: exit {code}: {out[-500:]}")
    for text in (out, err):
        if "Traceback" in text or "internal error" in text:
            tally.found("cli", label, 0, "internal error", f"{what}: {text[-1500:]}")
    return code, out


def _odd_entries(folder: Path, rng: random.Random) -> None:
    """Odd things a folder of logs may hold beside its logs."""
    (folder / "empty.txt").write_bytes(b"")
    (folder / "subdir.txt").mkdir()
    (folder / "subdir.txt" / "inner.log").write_bytes(rng.randbytes(100))
    (folder / "loop.txt").symlink_to("loop.txt")
    (folder / "broken.txt").symlink_to("nowhere.txt")
    os.mkfifo(folder / "fifo.txt")
    (folder / os.fsdecode(b"caf\xe9.txt")).write_bytes(BASES[0].text.encode())
    (folder / "binary.log").write_bytes(rng.randbytes(4096))
    (folder / "zero.txt").symlink_to("/dev/zero")


_OK_LINE = re.compile(r"^OK (?P<path>.+?): (?P<rest>.*)$")
_AUDIT_OK = re.compile(r"^OK (?P<path>.+?): ")


def _judge_validate(
    out: str, made: dict[str, tuple[str, int, int]], base_lines: dict[int, str], tally: Tally
) -> None:
    seen = set()
    for line in out.splitlines():
        m = _OK_LINE.match(line)
        if not m or Path(m["path"]).name not in made:
            continue
        name = Path(m["path"]).name
        seen.add(name)
        kind, idx, b = made[name]
        if kind in HARMLESS and m["rest"] != base_lines.get(b):
            tally.found(
                "cli",
                kind,
                idx,
                "wrong answer",
                f"validate {name}: {m['rest']} != {base_lines.get(b)}",
            )
        if kind == "truncate" and "incomplete game" not in m["rest"]:
            tally.found("cli", kind, idx, "wrong answer", f"validate {name}: {m['rest']}")
    for name, (kind, idx, b) in made.items():
        if kind in HARMLESS and name not in seen and b in base_lines:
            tally.found("cli", kind, idx, "wrong answer", f"validate {name}: not OK")


def cli_batches(
    seed: int, files: int, batch: int, tally: Tally, ct: CliTally, work: Path
) -> Iterator[None]:
    """One CLI process over a folder of ``batch`` damaged files per step."""
    # What validate says of each unmutated base, to compare harmless edits with.
    base_dir = work / "bases"
    base_dir.mkdir()
    for k, base in enumerate(BASES):
        (base_dir / f"{k:04d}.txt").write_text(base.text, encoding="utf-8")
    _, out = cli_process(
        ct,
        tally,
        "validate",
        ["validate", "-q", "-j", "1", str(base_dir)],
        600,
        "bases",
    )
    base_lines = {}
    for line in out.splitlines():
        m = _OK_LINE.match(line)
        if m:
            base_lines[int(Path(m["path"]).stem)] = m["rest"]
    if not base_lines:  # nothing to compare harmless edits with: say so
        tally.found("generator", "bases", 0, "campaign bug", f"validate said: {out[-300:]}")
    index = 0
    round_no = 0
    while index < files:
        round_no += 1
        folder = work / f"batch{round_no}"
        folder.mkdir()
        made: dict[str, tuple[str, int, int]] = {}
        for _ in range(min(batch, files - index)):
            kind = kind_of(seed, "cli", index)
            try:
                base, data = make(seed, kind, 1_000_000 + index)
            except Exception as exc:  # the campaign's own bug: say so, and go on
                tally.found("generator", kind, 1_000_000 + index, "campaign bug", repr(exc))
                index += 1
                continue
            name = f"{index:06d}.txt"
            (folder / name).write_bytes(
                data if isinstance(data, bytes) else data.encode("utf-8", "surrogatepass")
            )
            made[name] = (kind, 1_000_000 + index, BASES.index(base))
            tally.inputs["cli:" + kind] += 1
            ct.files += 1
            index += 1
        _odd_entries(folder, random.Random(f"{seed}:odd:{round_no}"))
        limit = 60 + 5 * len(made)
        # Each batch goes through one command (validate, stats or audit in turn).
        command = ("validate", "stats", "audit")[round_no % 3]
        args = [command, "-q", "-j", "1", str(folder)]
        if command == "stats":  # validate and audit keep no cache
            args[1:1] = ["--format", "json", "--no-cache"]
        code, out = cli_process(ct, tally, command, args, limit, folder.name)
        if code == 2:  # a usage error: the batch was not read at all
            tally.found("generator", command, round_no, "campaign bug", out[-300:])
        if command == "validate":
            _judge_validate(out, made, base_lines, tally)
        elif command == "audit":
            for line in out.splitlines():
                m = _AUDIT_OK.match(line)
                if m and Path(m["path"]).name in made:
                    kind, idx, _ = made[Path(m["path"]).name]
                    if kind == "value":
                        tally.found("cli", kind, idx, "wrong answer", f"audit passed {line}")
        subprocess.run(["rm", "-rf", str(folder)], check=False)
        yield


SINGLE_COMMANDS = [
    ["validate"], ["parse"], ["replay"], ["audit"], ["vp", "--no-cache"], ["leech", "--no-cache"],
    ["stats", "--no-cache"], ["convert"], ["replay", "--at", "5"], ["render"],
    ["vp", "--no-cache", "--timeline"], ["replay", "--format", "json"],
]  # fmt: skip


def cli_singles(seed: int, count: int, tally: Tally, ct: CliTally, work: Path) -> Iterator[None]:
    """One CLI process per step: a damaged or odd file, a usage error, a damaged cache."""
    folder = work / "singles"
    folder.mkdir()
    _odd_entries(folder, random.Random(f"{seed}:odd:singles"))
    odd = ["empty.txt", "subdir.txt", "loop.txt", "broken.txt", "fifo.txt", "binary.log"]
    odd += [
        "zero.txt",
        os.fsdecode(b"caf\xe9.txt"),
        "/dev/zero",
        "/dev/null",
        "/",
        "/proc/self/mem",
    ]
    for n in range(count):
        rng = random.Random(f"{seed}:single:{n}")
        command = rng.choice(SINGLE_COMMANDS)
        if n % 5 == 0:  # an odd file named directly
            target = rng.choice(odd)
            path = target if target.startswith("/") else str(folder / target)
            cli_process(ct, tally, "single-odd", [*command, path], 60, f"{command} {target}")
            yield
            continue
        kind = kind_of(seed, "single", n)
        _, data = make(seed, kind, 2_000_000 + n)
        raw = data if isinstance(data, bytes) else data.encode("utf-8", "surrogatepass")
        tally.inputs["cli-single:" + kind] += 1
        if n % 7 == 1:  # through stdin
            cli_process(
                ct,
                tally,
                "single-stdin",
                [*command, "-"],
                60,
                f"{command} - ({kind}:{2_000_000 + n})",
                stdin=raw,
            )
            yield
            continue
        path = folder / f"s{n}.txt"
        path.write_bytes(raw)
        extra = ["-o", str(folder / f"out{n}.png")] if command == ["render"] else []
        if command == ["convert"]:
            extra = ["-o", str(folder / f"out{n}.log")]
        cli_process(
            ct,
            tally,
            "single",
            [*command, str(path), *extra],
            60,
            f"{command} {kind}:{2_000_000 + n}",
        )
        yield
    # Usage errors and odd settings: bad --at, bad Dask addresses, damaged caches.
    game = str(ROOT / "sample_logs" / "4pLeague_S64_D1L1_G3.txt")
    for at in ["0", "-1", "²", "1e3", "9" * 5000, "", " 3", "3\n"]:
        cli_process(ct, tally, "usage", ["replay", game, "--at", at], 60, f"--at {at[:20]!r}")
        yield
    addresses = ["garbage", "", "tcp://", "http://localhost:8786", "tls://x:1", "ucx://x:1"]
    addresses += ["inproc://", "localhost:99999", "tcp://127.0.0.1:1", "[::1]:1", "a" * 300 + ":1"]
    for address in addresses:
        cli_process(
            ct,
            tally,
            "dask-address",
            ["stats", game, "--no-cache", "-q", "--dask-scheduler", address],
            60,
            f"dask {address[:30]!r}",
        )
        yield
    for n in range(4):
        rng = random.Random(f"{seed}:cache:{n}")
        cache = folder / f"cache{n}"
        cli_process(
            ct,
            tally,
            "cache",
            ["stats", game, "-q", "--cache", str(cache)],
            120,
            f"cache {n} first",
        )
        for f in [p for p in cache.rglob("*") if p.is_file()]:
            how = rng.randrange(4)
            if how == 0:
                f.write_bytes(rng.randbytes(rng.randint(0, 5000)))
            elif how == 1:
                data = f.read_bytes()
                f.write_bytes(data[: rng.randrange(len(data) + 1)])
            elif how == 2:
                data = bytearray(f.read_bytes())
                if data:
                    data[rng.randrange(len(data))] ^= 0xFF
                f.write_bytes(bytes(data))
            else:
                f.unlink()
        for command in (["stats"], ["vp"], ["leech"]):
            cli_process(
                ct,
                tally,
                "cache",
                [*command, game, "-q", "--cache", str(cache)],
                120,
                f"cache {n} {command}",
            )
        yield


# ---------------------------------------------------------------- the report


def report(tally: Tally, ct: CliTally, seconds: float) -> None:
    lib = {k: v for k, v in tally.inputs.items() if ":" not in k}
    cli = {k: v for k, v in tally.inputs.items() if ":" in k}
    print("\n== inputs by kind (library | CLI files) ==")
    for kind in KINDS:
        c = sum(v for k, v in cli.items() if k.split(":", 1)[1] == kind)
        outcomes = ", ".join(
            f"{o} {n}" for (k, o), n in sorted(tally.outcomes.items()) if k == kind
        )
        print(f"  {kind:16} {lib.get(kind, 0):7} | {c:6}   {outcomes}")
    print(f"  {'total':16} {sum(lib.values()):7} | {sum(cli.values()):6}")
    print("\n== other surfaces, library: inputs by kind and outcome ==")
    for label, n in sorted(tally.surface_inputs.items()):
        outcomes = ", ".join(
            f"{o} {k}" for (lab, o), k in sorted(tally.outcomes.items()) if lab == label
        )
        print(f"  {label:24} {n:7}   {outcomes}")
    by_surface: collections.Counter[str] = collections.Counter()
    for label, n in tally.surface_inputs.items():
        by_surface[label.split(":")[0]] += n
    for name, n in sorted(by_surface.items()):
        print(f"  {name:24} {n:7} in all")
    print("\n== other surfaces, command line: damaged files ==")
    for name, n in sorted(tally.cli_surface_inputs.items()):
        print(f"  {name:24} {n:7}")
    every = sum(tally.inputs.values()) + sum(by_surface.values())
    every += sum(tally.cli_surface_inputs.values())
    print(f"  all damaged inputs: {every} (and {sum(ct.processes.values())} tmlog processes)")
    print("\n== command line ==")
    for label, n in sorted(ct.processes.items()):
        exits = ", ".join(
            f"exit {c}: {k}" for (lab, c), k in sorted(ct.exits.items()) if lab == label
        )
        print(f"  {label:14} {n:5} processes   {exits}")
    print(f"  files through batch processes: {ct.files}")
    print(f"  slowest process: {ct.slowest[0]:.1f} s ({ct.slowest[1]})")
    print(f"  peak RSS of a process: {ct.peak_rss_mb:.0f} MB")
    print("\n== library ==")
    print(f"  slowest input: {tally.slowest[0]:.2f} s ({tally.slowest[1]})")
    print(
        f"  peak RSS of the library process: {tally.peak_rss_mb:.0f} MB"
        f" (reached at {tally.peak_at})"
    )
    print(f"\n== findings: {len(tally.findings)} ==")
    for f in tally.findings[:50]:
        print(f"  {f['where']} {f['input']} {f['what']}: {f['detail'][:200]}")
    print(f"\nwall time {seconds / 60:.1f} min")


def _steps(
    args: argparse.Namespace,
    others: dict[str, Surface],
    tally: Tally,
    ct: CliTally,
    work: Path,
) -> list[tuple[Iterator[None], int]]:
    """The command-line parts: each a generator of steps and its number of steps."""
    run = functools.partial(cli_process, ct, tally)
    found = tally.found

    def counted(surface: str) -> None:
        tally.cli_surface_inputs[surface] += 1

    seed = args.seed
    batches = -(-args.cli_files // args.batch) + 1 if args.cli_files else 0
    singles = args.singles + 8 + 11 + 4 if args.singles else 0
    caches = 4 * args.cache_faults + 5 if args.cache_faults else 0
    game_json = -(-args.game_json_files // args.game_json_batch)
    results = args.results_files + 2 if args.results_files else 0
    return [
        (cli_batches(seed, args.cli_files, args.batch, tally, ct, work), batches),
        (cli_singles(seed, args.singles, tally, ct, work), singles),
        (root_commands(seed, args.root_commands, others["rootlog"], run, counted, work),
         args.root_commands),
        (special_folders(seed, args.special, run, found, work), args.special),
        (cache_faults(seed, args.cache_faults, run, found, work, work / "xdg-data"), caches),
        (mixed_folders(seed, args.mixed, run, found, work), args.mixed),
        (game_json_batches(seed, args.game_json_files, args.game_json_batch, others["game-json"],
                           run, found, counted, work), game_json),
        (results_files(seed, args.results_files, others["results-json"], run, found, counted,
                       work), results),
    ]  # fmt: skip


def run_rounds(
    args: argparse.Namespace,
    rounds: int,
    library: list[tuple[str, int]],
    others: dict[str, Surface],
    tally: Tally,
    ct: CliTally,
    work: Path,
    started: float,
) -> None:
    """Library inputs and command-line steps by turns, so that a run cut short
    (Ctrl-C, SIGTERM) still reports on every part."""
    steps = _steps(args, others, tally, ct, work)
    library_done = {name: 0 for name, _ in library}
    for r in range(rounds):
        for name, total in library:
            upto = total * (r + 1) // rounds
            for i in range(library_done[name], upto):
                if name == "tm":
                    kind = kind_of(args.seed, "library", i)
                    library_check(args.seed, kind, i, tally, args.seconds)
                else:
                    surface_check(args.seed, others[name], i, tally, args.seconds)
            library_done[name] = upto
        for steps_of, total in steps:
            for _ in range(-(-total // rounds)):
                next(steps_of, None)
        print(
            f"  round {r + 1}/{rounds}: library {sum(library_done.values())},"
            f" CLI files {ct.files + sum(tally.cli_surface_inputs.values())},"
            f" CLI processes {sum(ct.processes.values())}, findings {len(tally.findings)},"
            f" {(time.monotonic() - started) / 60:.1f} min",
            file=sys.stderr,
            flush=True,
        )
    for steps_of, total in steps:
        if total:
            for _ in steps_of:
                pass


def _interrupted(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--seed", type=int, default=16)
    parser.add_argument("--library", type=int, default=64_000, help="inputs through the library")
    parser.add_argument(
        "--cli-files", type=int, default=36_000, help="files through batch CLI runs"
    )
    parser.add_argument("--batch", type=int, default=600, help="files per CLI process")
    parser.add_argument("--singles", type=int, default=60, help="single-file CLI invocations")
    parser.add_argument("--game-json", type=int, default=0, help="game JSON through the library")
    parser.add_argument("--results-json", type=int, default=0, help="results JSON, library")
    parser.add_argument("--rootlog", type=int, default=0, help="Rootlogs through the library")
    parser.add_argument("--root-commands", type=int, default=0, help="commands on Root logs")
    parser.add_argument("--special", type=int, default=0, help="commands on odd folders")
    parser.add_argument("--cache-faults", type=int, default=0, help="damaged caches")
    parser.add_argument("--mixed", type=int, default=0, help="commands on mixed folders")
    parser.add_argument("--game-json-files", type=int, default=0, help="game JSON, CLI")
    parser.add_argument("--game-json-batch", type=int, default=200, help="game JSON per process")
    parser.add_argument("--results-files", type=int, default=0, help="results files, CLI")
    parser.add_argument("--rounds", type=int, default=0, help="rounds (default: by --batch)")
    parser.add_argument("--seconds", type=float, default=5.0, help="CPU seconds per library input")
    parser.add_argument(
        "--memory-mb", type=int, default=2048, help="address-space limit of the library"
    )
    parser.add_argument("--show", metavar="KIND:INDEX", help="print one input and what it gives")
    parser.add_argument(
        "--show-surface", metavar="SURFACE:KIND:INDEX", help="the same, for another surface"
    )
    parser.add_argument("--findings", type=Path, default=Path("fault_campaign_findings.jsonl"))
    args = parser.parse_args(argv)

    started = time.monotonic()
    BASES.extend(_bases())
    for base in BASES:
        base.verdict = verdict(base.text)
        base.finishing_line = _finishing_line(base.text)
    others = surfaces()
    print(
        f"{len(BASES)} bases ({sum(b.ledger for b in BASES)} ledgers); "
        + ", ".join(f"{s.name} {len(s.bases)}" for s in others.values()),
        file=sys.stderr,
    )
    if args.show:
        kind, _, index = args.show.partition(":")
        base, data = make(args.seed, kind, int(index))
        sys.stdout.write(f"# base {base.name}\n")
        sys.stdout.flush()
        sys.stdout.buffer.write(
            data if isinstance(data, bytes) else data.encode("utf-8", "surrogatepass")
        )
        print(f"\n# verdict {verdict(data)}\n# base verdict {base.verdict}")
        return 0
    if args.show_surface:
        name, kind, index = args.show_surface.split(":")
        surface = others[name]
        base, raw, expect = surface.make(args.seed, kind, int(index))
        sys.stdout.write(f"# base {base.name}, expected: {expect}\n")
        sys.stdout.flush()
        sys.stdout.buffer.write(raw)
        print(f"\n# verdict {str(surface.verdict(raw))[:2000]}")
        return 0

    tally, ct = Tally(findings_path=args.findings), CliTally()
    args.findings.write_text("", encoding="utf-8")
    signal.signal(signal.SIGPROF, _on_timer)
    signal.signal(signal.SIGTERM, _interrupted)
    soft = args.memory_mb * MB
    resource.setrlimit(resource.RLIMIT_AS, (soft, resource.getrlimit(resource.RLIMIT_AS)[1]))
    rounds = args.rounds or max(1, -(-args.cli_files // args.batch))
    library: list[tuple[str, int]] = [("tm", args.library)]
    library += [("game-json", args.game_json), ("results-json", args.results_json)]
    library += [("rootlog", args.rootlog)]
    tmp = tempfile.mkdtemp(prefix="tmlog-campaign-")
    work = Path(tmp)
    for name in ("xdg-data", "xdg-cache"):
        (work / name).mkdir()
    XDG.update(XDG_DATA_HOME=str(work / "xdg-data"), XDG_CACHE_HOME=str(work / "xdg-cache"))
    try:
        run_rounds(args, rounds, library, others, tally, ct, work, started)
    except KeyboardInterrupt:
        print("interrupted: the figures below are those of the inputs done", file=sys.stderr)
    finally:
        # A read-only (chattr +i) cache of the cache faults must not outlive the run.
        subprocess.run(["chattr", "-R", "-i", tmp], check=False, capture_output=True)
        subprocess.run(["rm", "-rf", tmp], check=False)
    report(tally, ct, time.monotonic() - started)
    return 1 if tally.findings else 0


if __name__ == "__main__":
    sys.exit(main())
