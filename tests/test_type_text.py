"""Types through the e-graph: the encoder's own Type objects come back for the texts it
wrote, and any other type text is read by the one type parser of the text layer."""
from __future__ import annotations

import pytest

from corpus_util import CORPUS_FILES
from eqsat.egraph.encode import encode, type_text
from eqsat.errors import ParseError
from eqsat.ir.types import TileType, TokenType, ptr, tile
from eqsat.text import parse_file
from eqsat.text.parser import parse_type

FILES = [p for p in CORPUS_FILES if p.name.endswith(".seq.mlir")][:4]


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_every_type_of_a_kernel_reads_back_from_its_text(path):
    k = parse_file(path)
    seen = {r.type for op in k.walk() for r in op.results} | {p.type for p in k.params}
    assert len(seen) > 2
    for t in seen:
        assert parse_type(str(t)) == t


def test_parse_type_takes_the_whole_text_or_fails():
    assert parse_type("tile<4x8xf32>") == tile((4, 8), "f32")
    assert parse_type(" !cuda_tile.tile<ptr<f16>> ") == tile((), ptr("f16"))
    assert parse_type("token") == TokenType()
    for bad in ("tile<4xf32> junk", "tile<4xf32", "tensor", ""):
        with pytest.raises(ParseError):
            parse_type(bad)


@pytest.mark.parametrize("path", FILES[:2], ids=lambda p: p.name)
def test_encoding_hands_back_its_own_objects(path):
    enc = encode(parse_file(path))
    assert enc.types
    for text, t in enc.types.items():
        assert enc.type_of(text) is t
        assert type_text(t) == text
    # a text the encoder did not write (a rule's) is parsed; junk is an error
    assert "tile<3x5xi16>" not in enc.types
    assert enc.type_of("tile<3x5xi16>") == TileType((3, 5), "i16")
    with pytest.raises(ParseError):
        enc.type_of("tile<3x")
