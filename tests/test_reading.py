"""Reading logs: decoding and command-line paths."""

from __future__ import annotations

from pathlib import Path

import pytest

from tmlog.errors import InputError
from tmlog.reading import decode, expand_paths, normalize


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
