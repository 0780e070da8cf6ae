"""Pictures of games with nothing to show still draw (they used to be internal errors)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from tmlog.cli import cli

CONSTRUCTED = Path(__file__).parent / "data" / "constructed"


@pytest.mark.parametrize(
    ("args", "name"),
    [
        # No faction ever accepted power in this short game: an empty heatmap.
        (["leech", str(CONSTRUCTED / "alchemists.log")], "leech.png"),
        # Cut off in round 3: the timeline has no VP for rounds 4–6 and final.
        (["vp", str(CONSTRUCTED / "fire_ice_dragonlords.log"), "--timeline"], "timeline.png"),
    ],
)
def test_plot_of_a_game_with_gaps(tmp_path: Path, args: list[str], name: str) -> None:
    out = tmp_path / name
    result = CliRunner().invoke(cli, [*args, "--plot", str(out)])
    assert result.exit_code == 0, result.output
    assert "internal error" not in result.output
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
