"""Reading logs: decoding and command-line paths."""

from __future__ import annotations

import gzip
from pathlib import Path

import pytest
from click.testing import CliRunner

from tmlog.cli import cli
from tmlog.errors import InputError
from tmlog.reading import decode, expand_paths, iter_paths, normalize


def test_decode_drops_bom_and_normalises_line_ends() -> None:
    assert decode(b"\xef\xbb\xbfa\r\nb\rc\n", "x") == "a\nb\nc\n"


def test_undecodable_byte_position_counts_characters() -> None:
    with pytest.raises(InputError) as info:
        decode("ok\nnomads: # \u00e9".encode() + b"\xff", "x")
    assert (info.value.line, info.value.column) == (2, 12)
    assert str(info.value) == "x:2:12: not UTF-8 text: byte 0xff cannot be decoded"


def test_tabs_are_text_but_other_controls_are_not() -> None:
    assert normalize("a\tb", "x") == "a\tb"
    with pytest.raises(InputError, match="control character 0x1b"):
        normalize("a\x1bb", "x")


@pytest.mark.parametrize("code", range(0x100))
def test_every_byte_is_refused_exactly_when_a_binary_control(code: int) -> None:
    # C0 controls but TAB, LF, CR; and DEL: refused wherever they stand, the first named.
    char = chr(code)
    binary = (code < 0x20 and char not in "\t\n\r") or code == 0x7F
    text = f"option x{char}y\nnomads: build A5\x01"
    if binary:
        with pytest.raises(InputError, match=f"0x{code:02x}|NUL") as info:
            normalize(text, "x")
        assert (info.value.line, info.value.column) == (1, 9)
    else:
        with pytest.raises(InputError, match="control character 0x01") as info:
            normalize(text, "x")
        assert info.value.line == (3 if char == "\n" else 2)
        assert normalize(text[:-1], "x").startswith("option x")


def test_expand_paths(tmp_path: Path) -> None:
    (tmp_path / "b.txt").write_text("x")
    (tmp_path / "a.log").write_text("x")
    (tmp_path / "notes.md").write_text("x")
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "c.txt").write_text("x")
    one = tmp_path / "b.txt"
    assert expand_paths([str(tmp_path), "-", str(one)]) == [
        str(tmp_path / "a.log"),
        str(tmp_path / "b.txt"),
        "-",
        str(one),
    ]


def test_expand_paths_errors(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="no such file"):
        expand_paths([str(tmp_path / "missing")])
    with pytest.raises(InputError, match="holds no"):
        expand_paths([str(tmp_path)])


def test_a_folder_of_folders_hints_at_recursive(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "g.txt").write_text("x")
    (tmp_path / "b").mkdir()
    with pytest.raises(InputError) as info:
        expand_paths([str(tmp_path)])
    assert str(info.value) == (
        f"{tmp_path}: directory holds no *.txt, *.log, *.rootlog or game JSON"
        " (*.json, *.json.gz) files (it has 2 sub-folders: -r/--recursive reads them)"
    )
    (tmp_path / "b").rmdir()
    with pytest.raises(InputError, match=r"files \(it has a sub-folder: -r/--recursive reads it\)"):
        expand_paths([str(tmp_path)])
    result = CliRunner().invoke(cli, ["validate", str(tmp_path)])
    assert result.exit_code == 1 and "-r/--recursive reads it" in result.stderr


DATA = Path(__file__).parent / "data"


def test_a_json_gz_is_a_log_only_if_it_holds_a_ledger(tmp_path: Path) -> None:
    """The reference ratings beside the results files are gzipped JSON, not a game:
    ``validate -r tests/data`` failed on them ("not a game JSON")."""
    ratings = DATA / "results" / "synthetic-14-5000.elo.json.gz"
    game = DATA / "site-json" / "4pLeague_S64_D1L1_G1.json.gz"
    sub = tmp_path / "sub"
    sub.mkdir()
    (sub / ratings.name).write_bytes(ratings.read_bytes())
    (sub / game.name).write_bytes(game.read_bytes())
    # "ledger" across the 64 KiB pieces the listing unpacks, and far into the text.
    for name, at in (("edge.json.gz", 65_536 - 4), ("far.json.gz", 3 * 2**20)):
        text = b'{"x": "' + b"a" * (at - 10) + b'", "ledger": []}'
        assert text.index(b'"ledger"') == at
        (sub / name).write_bytes(gzip.compress(text))
    (sub / "none.json.gz").write_bytes(gzip.compress(b'{"x": "' + b"a" * 2**20 + b'"}'))
    (sub / "not-gzip.json.gz").write_bytes(b"nomads: build A5\n")  # the reader will say so
    assert list(iter_paths([str(tmp_path)], recursive=True)) == [
        str(sub / game.name),
        str(sub / "edge.json.gz"),
        str(sub / "far.json.gz"),
        str(sub / "not-gzip.json.gz"),
    ]
    (sub / "not-gzip.json.gz").unlink()
    (sub / "edge.json.gz").unlink()
    (sub / "far.json.gz").unlink()
    result = CliRunner().invoke(cli, ["validate", "-r", str(tmp_path)])
    assert result.exit_code == 0, result.output
    # The game alone: the ratings file is not a log.
    assert result.stdout.startswith(f"OK {sub / game.name}: 4 factions, 6 rounds")
    assert result.stdout.count("\n") == 1
