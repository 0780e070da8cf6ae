"""The fault campaign's command-line surfaces beyond Terra Mystica's text logs
(``fault_campaign.py``): every command on Root logs, folders of FIFOs, sockets,
devices and symlink loops named like logs, the results cache under faults,
folders mixing games, and damaged game and results JSON.

Each generator runs one tmlog process per step through ``run`` (the
campaign's ``cli_process``, which judges exit status, traceback and hang) and
judges the answer itself where it is known, through ``found``.
"""

from __future__ import annotations

import gzip
import os
import random
import re
import shutil
import socket
import stat
import subprocess
from collections.abc import Callable, Iterator
from pathlib import Path

from fault_mutations import ROOT
from fault_surfaces import Surface

Run = Callable[..., tuple[int, str]]
"""``run(label, args, timeout, what, apart=False, stdin=None)``: (exit status, output);
``apart``: the output is standard output alone (standard error is judged, not returned)."""
Found = Callable[[str, str, int, str, str], None]
"""``found(where, kind, index, what, detail)``: a finding."""
Count = Callable[[str], None]
"""``count(surface)``: one more damaged input through the command line."""

DATA = ROOT / "tests" / "data"
TM_LOGS = [DATA / "snellman-ledger" / f"4pLeague_S64_D1L1_G{n}.txt" for n in (3, 4, 5)]
ROOT_LOGS = sorted((DATA / "rootlog").glob("*.rootlog"))
GAME_JSON = DATA / "site-json" / "4pLeague_S65_D1L1_G2.json.gz"
RESULTS = DATA / "results" / "corpus-results.json"
TOY_LOG = "#toy\nscore 3\n"


def _corpus_commands(out: Path) -> list[list[str]]:
    return [
        ["parse"], ["parse", "--format", "json"], ["validate"], ["audit"],
        ["vp", "--no-cache"], ["vp", "--no-cache", "--timeline"],
        ["vp", "--no-cache", "--format", "json"],
        ["vp", "--no-cache", "--timeline", "--format", "csv"],
        ["leech", "--no-cache"], ["stats", "--no-cache"],
        ["stats", "--no-cache", "--format", "json"],
        ["stats", "--no-cache", "--by", "seat"], ["stats", "--no-cache", "--by", "players"],
        ["stats", "--no-cache", "--by", "map"], ["stats", "--no-cache", "--by", "rating-band"],
        ["stats", "--no-cache", "--by", "score-tiles"],
        ["stats", "--no-cache", "--min-rating", "1000"],
        ["ratings", "--no-cache"], ["ratings", "--no-cache", "--show", "factions"],
        ["export", "--no-cache", "--to", "csv", str(out / "csv")],
        ["export", "--no-cache", "--to", "parquet", str(out / "pq")],
        ["export", "--no-cache", "--to", "sqlite", str(out / "x.db")],
    ]  # fmt: skip


def _one_log_commands(out: Path, rng: random.Random) -> list[list[str]]:
    at = rng.choice(["R2", "R1T1", "R9", "R3T99", "0", "5", "40", "99999", "R0", "R2T0", "end"])
    return [
        ["replay"], ["replay", "--at", at], ["replay", "--format", "json"],
        ["render", "-o", str(out / "b.png"), "--force"],
        ["render", "--at", at, "-o", str(out / "b.svg"), "--force"],
        ["convert"], ["convert", "-o", str(out / "c.log"), "--force"],
    ]  # fmt: skip


def _quiet(args: list[str]) -> list[str]:
    """``-q -j 1`` for the commands that take them (no progress line, no worker pool)."""
    if args[0] in ("validate", "audit", "vp", "leech", "stats", "ratings", "export"):
        return [*args, "-q", "-j", "1"]
    return args


def root_commands(
    seed: int, count: int, rootlog: Surface, run: Run, counted: Count, work: Path
) -> Iterator[None]:
    """Every command on a Root log (real or damaged): exit 0, 1 or 2, in one line."""
    folder = work / "root-commands"
    folder.mkdir()
    for n in range(count):
        rng = random.Random(f"{seed}:root-commands:{n}")
        out = folder / f"o{n}"
        out.mkdir()
        if rng.random() < 0.4:
            log = rng.choice(ROOT_LOGS)
            what = log.name
        else:
            kind = rootlog.kind_of(seed, 3_000_000 + n)
            _, data, _ = rootlog.make(seed, kind, 3_000_000 + n)
            log = folder / f"r{n}.rootlog"
            log.write_bytes(data)
            what = f"rootlog {kind}:{3_000_000 + n}"
            counted("rootlog")
        commands = _corpus_commands(out) + _one_log_commands(out, rng)
        command = rng.choice(commands)
        args = [command[0], str(log), *command[1:]]
        run("root:" + command[0], _quiet(args), 120, f"{' '.join(command)} {what}")
        shutil.rmtree(out, ignore_errors=True)
        yield


# ------------------------------------------------------ folders of odd entries

SPECIAL_NAMES = ["x.json", "y.json.gz", "z.txt", "w.log", "v.rootlog", "results.json"]
SPECIAL_NAMES += ["game.JSON", "a.TXT", "4pLeague_S64_D1L1_G9.json"]


def _special(folder: Path, name: str, rng: random.Random) -> str:
    """A FIFO, socket, device or symlink loop named ``name``; what it is."""
    path = folder / name
    what = rng.choice(["fifo", "socket", "null", "zero", "urandom", "loop", "dangling", "mknod"])
    if what == "fifo":
        os.mkfifo(path)
    elif what == "socket":
        sock = socket.socket(socket.AF_UNIX)
        try:
            sock.bind(str(path))
        except OSError:  # a socket path is limited to about 108 bytes
            os.mkfifo(path)
            what = "fifo"
        sock.close()
    elif what in ("null", "zero", "urandom"):
        path.symlink_to(f"/dev/{what}")
    elif what == "loop":
        path.symlink_to(name + ".other")
        (folder / (name + ".other")).symlink_to(name)
    elif what == "dangling":
        path.symlink_to("nowhere/" + name)
    else:
        os.mknod(path, 0o600 | stat.S_IFCHR, os.makedev(1, rng.choice([3, 5])))
    return what


def special_folders(seed: int, count: int, run: Run, found: Found, work: Path) -> Iterator[None]:
    """Folders holding FIFOs, sockets, devices and symlink loops named like logs, beside
    real logs: no command may hang (the listing never opens them), and every real log
    is still read."""
    for n in range(count):
        rng = random.Random(f"{seed}:special:{n}")
        folder = work / f"special{n}"
        (folder / "sub").mkdir(parents=True)
        shutil.copy(rng.choice(TM_LOGS), folder / "tm.txt")
        shutil.copy(rng.choice(ROOT_LOGS), folder / "r.rootlog")
        shutil.copy(GAME_JSON, folder / "g.json.gz")
        kinds = []
        for name in rng.sample(SPECIAL_NAMES, rng.randint(1, len(SPECIAL_NAMES))):
            kinds.append(_special(folder, name, rng))
        kinds.append(_special(folder / "sub", rng.choice(SPECIAL_NAMES), rng))
        out = work / f"special-out{n}"
        out.mkdir()
        command = rng.choice(_corpus_commands(out))
        # Mostly the folder (its listing must skip the odd entries); now and then
        # an odd entry named directly.
        target = folder / rng.choice(SPECIAL_NAMES) if rng.random() < 0.15 else folder
        args = [command[0], str(target), *command[1:]]
        if rng.random() < 0.3:
            args.insert(1, "-r")
        _, output = run(
            "special:" + command[0], _quiet(args), 120, f"{' '.join(args[:1])} {sorted(kinds)}"
        )
        if command == ["validate"] and target == folder:
            for real in ("tm.txt", "r.rootlog", "g.json.gz"):
                if not re.search(rf"^OK \S*{re.escape(real)}: ", output, re.M):
                    found("cli", "special", n, "wrong answer", f"validate: no OK for {real}")
        subprocess.run(["rm", "-rf", str(folder), str(out)], check=False)
        yield


# ------------------------------------------------------------ the cache


def _chattr(flag: str, path: Path) -> None:
    subprocess.run(["chattr", "-R", flag, str(path)], check=False, capture_output=True)


def _private(path: Path, data: bytes) -> None:
    """Write ``path`` with mode 0600, as tmlog wants its secret (or it is not used at all,
    and its content never read)."""
    path.write_bytes(data)
    path.chmod(0o600)


def _damage(cache: Path, rng: random.Random) -> str:
    files = sorted(p for p in cache.rglob("*") if p.is_file() and not p.is_symlink())
    if not files:
        return "empty"
    done = []
    for f in rng.sample(files, rng.randint(1, len(files))):
        how = rng.choice(["random", "truncate", "flip", "delete", "fifo", "dir", "zero", "loop"])
        done.append(how)
        data = f.read_bytes()
        f.unlink()
        if how == "random":
            f.write_bytes(rng.randbytes(rng.randint(0, 5000)))
        elif how == "truncate":
            f.write_bytes(data[: rng.randrange(len(data) + 1)])
        elif how == "flip":
            flipped = bytearray(data)
            if flipped:
                flipped[rng.randrange(len(flipped))] ^= 1 << rng.randrange(8)
            f.write_bytes(bytes(flipped))
        elif how == "fifo":
            os.mkfifo(f)
        elif how == "dir":
            f.mkdir()
        elif how == "zero":
            f.symlink_to("/dev/zero")
        elif how == "loop":
            f.symlink_to(f.name)
    return "+".join(sorted(set(done)))


def cache_faults(
    seed: int, count: int, run: Run, found: Found, work: Path, secret_dir: Path
) -> Iterator[None]:
    """The cache damaged, replaced by FIFOs, read-only (chattr +i) or with an odd secret:
    every answer equals the answer without the cache, and nothing hangs."""
    folder = work / "cache-corpus"
    folder.mkdir()
    for log in TM_LOGS:
        shutil.copy(log, folder)
    shutil.copy(ROOT_LOGS[0], folder)
    shutil.copy(GAME_JSON, folder / "4pLeague_S65_D1L1_G2.json.gz")
    commands = [
        ["stats", "--format", "json"], ["vp", "--format", "json"], ["leech", "--format", "json"],
        ["stats", "--by", "seat", "--format", "csv"], ["vp", "--timeline", "--format", "csv"],
    ]  # fmt: skip
    expected: dict[str, str] = {}
    for command in commands:
        args = [command[0], str(folder), *command[1:], "--no-cache", "-q", "-j", "1"]
        _, out = run("cache:reference", args, 300, " ".join(command), apart=True)
        expected[" ".join(command)] = out
        yield
    secret = secret_dir / "tmlog" / "cache-secret"
    for n in range(count):
        rng = random.Random(f"{seed}:cache:{n}")
        cache = work / f"cache{n}"
        command = rng.choice(commands)
        args = [command[0], str(folder), *command[1:], "-q", "-j", "1", "--cache", str(cache)]
        run("cache:fill", args, 300, f"fill {n}", apart=True)
        fault = rng.choice(["damage", "damage", "read-only", "read-only-files", "secret"])
        if fault == "damage":
            fault = "damage:" + _damage(cache, rng)
        elif fault == "read-only":
            _chattr("+i", cache)
        elif fault == "read-only-files":
            for p in cache.rglob("*"):
                if p.is_file():
                    _chattr("+i", p)
        else:
            how = rng.choice(["fifo", "dir", "empty", "random", "symlink", "zero", "missing"])
            fault = "secret:" + how
            saved = secret.read_bytes() if secret.is_file() else None
            secret.unlink(missing_ok=True)
            if how == "fifo":
                os.mkfifo(secret)
            elif how == "dir":
                secret.mkdir()
            elif how == "empty":
                _private(secret, b"")
            elif how == "random":
                _private(secret, rng.randbytes(rng.randint(1, 100)))
            elif how == "symlink":
                secret.symlink_to(secret_dir / "elsewhere")
            elif how == "zero":
                secret.symlink_to("/dev/zero")
        for step in range(2):
            command = rng.choice(commands)
            args = [command[0], str(folder), *command[1:], "-q", "-j", "1", "--cache", str(cache)]
            code, out = run("cache:" + command[0], args, 120, f"{fault} {command}", apart=True)
            if code != -999 and out != expected[" ".join(command)]:
                found(
                    "cli",
                    "cache",
                    n,
                    "wrong answer",
                    f"{fault}, {' '.join(command)} (run {step + 1}): exit {code}, {out[:300]!r}",
                )
            yield
        sub = rng.choice([["info"], ["clear"]])
        run("cache:" + sub[0], ["cache", *sub, "--cache", str(cache)], 60, f"{fault} cache {sub}")
        _chattr("-i", cache)
        if fault.startswith("secret:"):
            if secret.is_dir() and not secret.is_symlink():
                shutil.rmtree(secret)
            else:
                secret.unlink(missing_ok=True)
            if saved is not None:
                _private(secret, saved)
        subprocess.run(["rm", "-rf", str(cache)], check=False)
        yield


# ------------------------------------------------------------ mixed folders


def mixed_folders(seed: int, count: int, run: Run, found: Found, work: Path) -> Iterator[None]:
    """Folders mixing Terra Mystica (text, command log, game JSON), Root, a toy game's log
    (its plugin not installed) and a results file: every command, no internal error."""
    for n in range(count):
        rng = random.Random(f"{seed}:mixed:{n}")
        folder = work / f"mixed{n}"
        folder.mkdir()
        picked = rng.sample(
            ["tm", "tm2", "json", "root", "toy", "results", "empty"], rng.randint(2, 7)
        )
        if "tm" in picked:
            shutil.copy(TM_LOGS[0], folder / "tm.txt")
        if "tm2" in picked:
            shutil.copy(TM_LOGS[1], folder / "tm2.log")
        if "json" in picked:
            shutil.copy(GAME_JSON, folder / "g.json.gz")
        if "root" in picked:
            shutil.copy(rng.choice(ROOT_LOGS), folder / "r.rootlog")
        if "toy" in picked:
            (folder / "toy.txt").write_text(TOY_LOG)
        if "results" in picked:
            shutil.copy(RESULTS, folder / "results.json")
        if "empty" in picked:
            (folder / "empty.txt").write_bytes(b"")
        out = work / f"mixed-out{n}"
        out.mkdir()
        command = rng.choice(_corpus_commands(out))
        args = [command[0], str(folder), *command[1:]]
        run("mixed:" + command[0], _quiet(args), 300, f"{' '.join(command)} {sorted(picked)}")
        subprocess.run(["rm", "-rf", str(folder), str(out)], check=False)
        yield


# -------------------------------------------------------- damaged JSON files


def game_json_batches(
    seed: int, files: int, batch: int, game_json: Surface, run: Run, found: Found,
    counted: Count, work: Path,
) -> Iterator[None]:  # fmt: skip
    """Folders of damaged game JSON through ``audit`` and ``validate``: a harmless edit
    is OK, a changed recorded value is never OK in the audit, a refused one never OK."""
    index = 0
    round_no = 0
    while index < files:
        round_no += 1
        folder = work / f"gj{round_no}"
        folder.mkdir()
        made: dict[str, tuple[str, int, str]] = {}
        for _ in range(min(batch, files - index)):
            i = 4_000_000 + index
            kind = game_json.kind_of(seed, i)
            _, data, expect = game_json.make(seed, kind, i)
            packed = data[:2] == b"\x1f\x8b"
            name = f"{index:06d}.json" + (".gz" if packed else "")
            (folder / name).write_bytes(data)
            made[name] = (kind, i, expect)
            counted("game-json")
            index += 1
        command = ("audit", "validate")[round_no % 2]
        _, out = run(
            "game-json:" + command, [command, "-q", "-j", "1", str(folder)], 900, folder.name
        )
        ok = {Path(m[1]).name for m in re.finditer(r"^OK (\S+?): ", out, re.M)}
        for name, (kind, i, expect) in made.items():
            if expect == "same" and name not in ok:
                found("cli", "game-json:" + kind, i, "wrong answer", f"{command} {name}: not OK")
            if name in ok and (
                expect == "refused" or (expect == "not-passed" and command == "audit")
            ):
                found("cli", "game-json:" + kind, i, "wrong answer", f"{command} {name}: OK")
        subprocess.run(["rm", "-rf", str(folder)], check=False)
        yield


def results_files(
    seed: int, count: int, results: Surface, run: Run, found: Found, counted: Count, work: Path
) -> Iterator[None]:
    """Damaged results files through ``stats`` and ``ratings``: a harmless edit gives the
    same answer, a refused value exits 1, an accepted one exits 0."""
    folder = work / "results"
    folder.mkdir()
    reference: dict[str, str] = {}
    for command in (["stats"], ["ratings"]):
        _, reference[command[0]] = run(
            "results:reference", [*command, str(RESULTS), "--no-cache", "-q"], 300, "reference",
            apart=True,
        )  # fmt: skip
        yield
    for n in range(count):
        rng = random.Random(f"{seed}:results:{n}")
        i = 5_000_000 + n
        kind = results.kind_of(seed, i)
        _, data, expect = results.make(seed, kind, i)
        counted("results-json")
        if rng.random() < 0.3:
            data = gzip.compress(data)
        path = folder / f"r{n}.json" if rng.random() < 0.7 else folder / f"r{n}.json.gz"
        path.write_bytes(data)
        command = rng.choice([["stats"], ["ratings"]])
        code, out = run(
            "results:" + command[0], [*command, str(path), "--no-cache", "-q"], 120,
            f"{command[0]} {kind}:{i}", apart=True,
        )  # fmt: skip
        wrong = ""
        if expect == "same" and (code, out) != (0, reference[command[0]]):
            wrong = f"harmless edit: exit {code}, {out[:200]!r}"
        elif expect == "refused" and code == 0:
            wrong = f"accepted what must be refused: {out[:200]!r}"
        elif expect == "accepted" and code == 1:
            wrong = "refused what must be accepted"
        if wrong:
            found("cli", "results-json:" + kind, i, "wrong answer", f"{command[0]}: {wrong}")
        path.unlink()
        yield
