"""The format of a text of deals, the model's (``ddsrs._ddsrs.detect_format``,
the ``dds`` command's detector, docs/cli.md's Input), and ``read_deals``,
which reads a file by it (issue 41)."""

from __future__ import annotations

import os

import pytest

import ddsrs
from ddsrs import dask as ddask
from conftest import DEAL, HANDS, ROOT

detect_format = ddsrs._ddsrs.detect_format
LIN = "pn|a,b,c,d|st||md|3S34JH258TQKD2JQC7,S27TKH69D45789KC6,S6QH47JD36TAC258J,|sv|o|"


def fixture(*path: str) -> str:
    with open(os.path.join(ROOT, "fixtures", *path), encoding="utf-8") as f:
        return f.read()


def test_the_fixtures_formats():
    assert detect_format(fixture("sample", "boards.pbn")) == "pbn"
    assert detect_format(fixture("sample", "deals.txt")) == "deals"
    with open(os.path.join(HANDS, "list10.txt"), "rb") as f:
        assert detect_format(f.read()) == "dds-hands"


def test_texts_made_by_hand():
    assert detect_format('% PBN 2.1\n[Board "1"]\n[Deal "' + DEAL + '"]\n') == "pbn"
    assert detect_format("% PBN 2.1\n% EXPORT\n") == "pbn"
    assert detect_format(LIN) == "lin"
    assert detect_format("a title\n" + LIN) == "lin"
    assert detect_format("NUMBER 1\nPBN 0 0 0 1 \"" + DEAL + "\"\n") == "dds-hands"
    assert detect_format("# two\n" + DEAL + "\n" + DEAL + "\n") == "deals"
    # The first line tells: a deal line and then a tag is a file of deals.
    assert detect_format(DEAL + '\n[Deal "' + DEAL + '"]\n') == "deals"
    assert detect_format("\n# nothing\n; at all\n") is None
    assert detect_format("") is None
    with pytest.raises(TypeError):
        detect_format(7)


def test_read_deals_reads_as_the_command_does(tmp_path):
    # A deal line first: a file of deals, whatever comes after (was: PBN
    # games, for a [Deal "..."] tag anywhere).
    mixed = tmp_path / "mixed.txt"
    mixed.write_text(f'{DEAL}\n[Deal "{DEAL}"]\n', encoding="utf-8")
    assert [d.deal for d in ddask.read_deals(str(mixed))] == [DEAL, f'[Deal "{DEAL}"]']
    # A % line among deal lines is no comment (was: skipped): dds reads it as a (bad) deal.
    escape = tmp_path / "escape.txt"
    escape.write_text(f"% deals\n{DEAL}\n", encoding="utf-8")
    assert [d.deal for d in ddask.read_deals(str(escape))] == ["% deals", DEAL]
    # LIN and DDS's hand files are told (were: read as lines of deals).
    lin = tmp_path / "board.lin"
    lin.write_text(LIN + "\n", encoding="utf-8")
    with pytest.raises(ValueError, match="a LIN file"):
        ddask.read_deals(str(lin))
    with pytest.raises(ValueError, match="DDS's hand file"):
        ddask.read_deals(os.path.join(HANDS, "list10.txt"))
    # A file of comments only: no deals.
    empty = tmp_path / "empty.txt"
    empty.write_text("# none yet\n\n", encoding="utf-8")
    assert ddask.read_deals(str(empty)) == []
