"""``tmlog validate``'s work, without click: the click command and
:mod:`tmlog.cli.quick` (the entry point's path for ``validate PATH…``) both run it."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from tmlog.cli.streams import echo


def validate_logs(
    paths: Sequence[str],
    *,
    input_format: str | None,
    vp_variant: str | None,
    jobs: int,
    dask_scheduler: str | None,
    progress: Callable[[int, int], None] | None,
    recursive: bool,
) -> int:
    """Replay each log through the rules, one line per log; the number that failed."""
    from tmlog.corpus import Failure, Runner, check

    failed = 0
    runner = Runner(
        check,
        input_format=input_format,
        jobs=jobs,
        dask_scheduler=dask_scheduler,
        replay_options={"vp_variant": vp_variant},
    )
    with runner:
        for item in runner.run(paths, progress=progress, recursive=recursive):
            if isinstance(item, Failure):
                echo(f"Error: {item.message}", err=True)
                failed += 1
                continue
            for warning in item.warnings:
                echo(f"warning: {warning}", err=True)
            if item.error is not None:
                echo(f"Error: {item.error}", err=True)
                failed += 1
                continue
            ranked = ", ".join(f"{name} {vp}" for name, vp in item.final_vp)
            echo(f"OK {item.source}: {item.status}, final VP {ranked}")
    return failed
