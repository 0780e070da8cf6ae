"""``Replay.final_vp()`` reads the engine directly: it must agree with the frozen state.

Expected figures come from the reference engine: the corpus manifest (final VP
of the 42 league games as the site computed them), the Fire & Ice games'
``expected.json`` and the fidelity games' final states (both from
jsnell/terra-mystica's evaluate_game on the very logs).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tmlog.games.terra_mystica.parse import parse_file
from tmlog.games.terra_mystica.replay import replay
from tmlog.games.terra_mystica.replay.replayer import Replay

from .conftest import DATA, LEDGERS, game_id
from .test_fidelity import FINAL

FIRE_ICE = DATA / "fire-ice"
FIRE_ICE_FINAL: dict[str, dict[str, int]] = {
    g["log_file"]: {name: f["vp"] for name, f in g["final"].items()}
    for g in json.loads((FIRE_ICE / "expected.json").read_text(encoding="utf-8"))["games"]
}


def _final_vp(path: Path) -> Replay:
    result = replay(parse_file(str(path)), rows=False)
    assert result.error is None, str(result.error)
    # Read before the state is frozen, and after: both must be the engine's figures.
    direct = result.final_vp()
    assert direct == result.state.final_vp()
    assert result.final_vp() == direct
    return result


@pytest.mark.parametrize("path", LEDGERS, ids=game_id)
def test_the_corpus_final_vp_is_the_manifest(
    path: Path, manifest: dict[str, dict[str, int]]
) -> None:
    assert _final_vp(path).final_vp() == manifest[game_id(path)]


@pytest.mark.parametrize("name", sorted(FIRE_ICE_FINAL))
def test_the_fire_ice_final_vp_is_the_reference_engine(name: str) -> None:
    assert _final_vp(FIRE_ICE / name).final_vp() == FIRE_ICE_FINAL[name]


@pytest.mark.parametrize("name", sorted(FINAL))
@pytest.mark.parametrize("suffix", [".log", ".txt"])
def test_the_fidelity_final_vp_is_the_reference_engine(name: str, suffix: str) -> None:
    want = {faction: figures[0] for faction, figures in FINAL[name].items()}
    assert _final_vp(DATA / "fidelity" / f"{name}{suffix}").final_vp() == want
