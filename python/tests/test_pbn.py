"""Boards and PBN files as the model reads them (board_info, parse_pbn,
parse_seat, parse_vulnerability), DDS's status code on the exceptions
(InputError.code), and the Python modules that use them instead of
copies of their own (ddsrs.dask's reading of deal files, ddsrs.dds3's
solve_boards_pbn)."""

import pickle

import pytest

import ddsrs
from ddsrs import dask as ddask
from ddsrs import dds3
from conftest import DEAL

# The duplicate boards 1 to 16 (the PBN standard's table, section 3.4.2 /
# the WBF's board cycle): dealer, vulnerability.
BOARDS = [
    ("N", "None"), ("E", "NS"), ("S", "EW"), ("W", "All"),
    ("N", "NS"), ("E", "EW"), ("S", "All"), ("W", "None"),
    ("N", "EW"), ("E", "All"), ("S", "None"), ("W", "NS"),
    ("N", "All"), ("E", "None"), ("S", "NS"), ("W", "EW"),
]  # fmt: skip
ONE = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"
TWO = "E:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"


def test_board_info_follows_the_board_cycle():
    for board in range(1, 49):
        assert ddsrs.board_info(board) == BOARDS[(board - 1) % 16], board
    for bad in (0, -1, 2**40, "3", 2.0, True, None):
        with pytest.raises(ddsrs.InputError) as e:
            ddsrs.board_info(bad)
        assert e.value.kind == "board" and "board number from 1" in str(e.value)


def test_seat_and_vulnerability_names():
    assert [ddsrs.parse_seat(s) for s in ("n", "East", " SOUTH ", "w", 0, 3)] == ["N", "E", "S", "W", "N", "W"]
    names = ("none", "Love", "-", "ns", "EW", "all", "Both", 0, 1, 2, 3)
    assert [ddsrs.parse_vulnerability(v) for v in names] == [
        "None", "None", "None", "NS", "EW", "All", "All", "None", "All", "NS", "EW"
    ]  # fmt: skip
    for bad in ("Q", "Nord", "", 4, None):
        with pytest.raises(ddsrs.InputError) as e:
            ddsrs.parse_seat(bad)
        assert e.value.kind == "seat"
    for bad in ("NSEW", "yes", 4, "1"):
        with pytest.raises(ddsrs.InputError) as e:
            ddsrs.parse_vulnerability(bad)
        assert e.value.kind == "vulnerability"


GAMES = f"""% PBN 2.1
[Event "Club"]
[Board "2"]
[Deal "{ONE}"]

[Event "#"]
[Board "3"]
[Dealer "N"]
[Deal "#"]

[Board "4"]
[Vulnerable "EW"]
[Deal "{TWO}"]

[Board " 21 "]
[Deal "#"]

[Board "x"]
[Deal "#"]
[Date "2026.01.02"]

[Event "Notes: no deal"]
"""


def test_parse_pbn_reads_boards_with_the_copy_rule():
    records = ddsrs.parse_pbn(GAMES)
    got = [(r.game, r.board, r.board_number, r.dealer, r.vulnerability, r.deal, r.event, r.date) for r in records]
    assert got == [
        (1, "2", 2, "E", "NS", ONE, "Club", None),  # dealer and vulnerability: board 2's
        (2, "3", 3, "N", "EW", ONE, "Club", None),  # the Dealer tag wins; "#" copies the deal and the event
        (3, "4", 4, "W", "EW", TWO, None, None),  # the Vulnerable tag wins
        (4, "21", 21, "N", "NS", TWO, None, None),  # board 21 is board 5 of the cycle
        (5, "x", None, None, None, TWO, None, "2026.01.02"),  # no board number: nothing to say
        # game 6 has no deal: left out
    ]
    assert ddsrs.parse_pbn(GAMES.encode("utf-8")) == records
    assert ddsrs.parse_pbn("") == [] and ddsrs.parse_pbn("% PBN 2.1\n") == []


def test_parse_pbn_reads_bytes_in_the_files_character_set():
    text = f'[Event "Caf\u00e9"]\n[Board "1"]\n[Deal "{ONE}"]\n'
    (record,) = ddsrs.parse_pbn(text.encode("latin-1"))
    assert record.event == "Caf\u00e9" and (record.dealer, record.vulnerability) == ("N", "None")


def test_parse_pbn_errors_name_the_game():
    with pytest.raises(ddsrs.InputError) as e:
        ddsrs.parse_pbn(f'[Board "1"]\n[Deal "{ONE}"]\n\n[Board "2"]\n[Dealer "X"]\n[Deal "#"]\n')
    assert e.value.kind == "pbn_record" and e.value.index == 1
    assert str(e.value).startswith('game 2 (index 1): Dealer "X"')
    with pytest.raises(ddsrs.InputError) as e:
        ddsrs.parse_pbn('[Board "1"]\n[Deal "#"]\n')
    assert e.value.kind == "pbn_record" and e.value.index == 0 and "no earlier game has a deal" in str(e.value)
    with pytest.raises(ddsrs.InputError) as e:
        ddsrs.parse_pbn(f'[Board "1"]\n[Vulnerable "Maybe"]\n[Deal "{ONE}"]\n')
    assert e.value.kind == "pbn_record" and 'Vulnerable "Maybe"' in str(e.value)
    with pytest.raises(ddsrs.InputError) as e:
        ddsrs.parse_pbn('[Board "1\n')
    assert e.value.kind == "pbn_file" and e.value.index is None and "line 1" in str(e.value)
    with pytest.raises(TypeError):
        ddsrs.parse_pbn(7)


def test_pbn_record_compares_prints_and_pickles():
    (record,) = ddsrs.parse_pbn(f'[Board "5"]\n[Deal "{ONE}"]\n')
    assert record == ddsrs.PbnRecord(1, ONE, "N", "NS", "5", 5)
    assert repr(record) == (
        f"PbnRecord(game=1, deal='{ONE}', dealer='N', vulnerability='NS', board='5', board_number=5, "
        "event=None, date=None)"
    )
    for protocol in range(2, pickle.HIGHEST_PROTOCOL + 1):
        back = pickle.loads(pickle.dumps(record, protocol=protocol))
        assert back == record and hash(back) == hash(record) and repr(back) == repr(record)


def test_exceptions_carry_dds_status_codes():
    # DDS's dll.h: RETURN_CARD_COUNT -14, RETURN_PLAYED_CARD -13,
    # RETURN_TARGET_TOO_HIGH -3, RETURN_PLAY_FAULT -98, RETURN_UNKNOWN_FAULT -1.
    with pytest.raises(ddsrs.DealError) as e:
        ddsrs.dd_table("N:A... K... Q... J...")
    assert (e.value.kind, e.value.code) == ("not_full_deal", -14)
    boards = [(DEAL, "S", "N", "SA"), ("N:A... K... Q... J...", "NT", "W"), (DEAL, "X", "N")]
    _, errors = ddsrs.solve_boards(boards, errors="return")
    assert [(e.kind, e.code) for e in errors] == [("played_card_held", -13), ("strain", -1)]
    _, errors = ddsrs.solve_boards([boards[1]], target=2, errors="return")
    assert [(e.kind, e.code) for e in errors] == [("target_too_high", -3)]
    with pytest.raises(ddsrs.PlayError) as e:
        ddsrs.analyse_play(DEAL, "S", "N", ["CT", "C4", "CA", "H4"])
    assert e.value.code == -98
    with pytest.raises(ddsrs.InputError) as e:
        ddsrs.board_info(0)
    assert e.value.code == -1
    back = pickle.loads(pickle.dumps(errors[0]))
    assert back.code == -3 and back.kind == "target_too_high"


def test_the_first_seat_of_a_pbn_deal():
    # PBN's deal text gives the hands from the seat before its colon.
    assert ddsrs._ddsrs._pbn_first_seat(TWO) == "E"
    assert ddsrs._ddsrs._pbn_first_seat(" w:" + ONE[2:] + "\n") == "W"
    assert ddsrs._ddsrs._pbn_first_seat("S:- AKQJT98765432... - -") == "S"
    for bad in ("X:" + ONE[2:], ONE[2:], "N:AKQ", ""):
        with pytest.raises(ddsrs.DealError):
            ddsrs._ddsrs._pbn_first_seat(bad)


def test_dds_status_codes_are_the_native_modules():
    # DDS's dll.h: RETURN_NO_FAULT 1, RETURN_UNKNOWN_FAULT -1,
    # RETURN_PLAY_FAULT -98, RETURN_NO_SUIT -201.
    native = ddsrs._ddsrs
    codes = (native.RETURN_NO_FAULT, native.RETURN_UNKNOWN_FAULT, native.RETURN_PLAY_FAULT, native.RETURN_NO_SUIT)
    assert codes == (1, -1, -98, -201)
    with pytest.raises(ValueError, match="^DDS error -201: "):
        dds3.calc_all_tables_pbn([DEAL], trump_filter=(1, 1, 1, 1, 1))


def test_dask_reads_games_with_the_models_rules(tmp_path):
    path = tmp_path / "games.pbn"
    path.write_text(GAMES, encoding="utf-8")
    deals = ddask.read_deals(str(path))
    assert [(d.deal, d.dealer, d.vul, d.board) for d in deals] == [
        (ONE, "E", "NS", 2),
        (ONE, "N", "EW", 3),
        (TWO, "W", "EW", 4),
        (TWO, "N", "NS", 21),
        (TWO, None, "None", None),
    ]
    bad = tmp_path / "bad.pbn"
    bad.write_text(f'[Board "1"]\n[Deal "{ONE}"]\n[Dealer "Q"]\n', encoding="utf-8")
    with pytest.raises(ValueError, match='game 1 \\(index 0\\): Dealer "Q"'):
        ddask.read_deals(str(bad))
    plain = tmp_path / "deals.txt"
    plain.write_text(f"# two deals\n{ONE}\n\n\"{TWO}\"\n", encoding="utf-8")
    assert [(d.deal, d.dealer, d.vul) for d in ddask.read_deals(str(plain), "both", "west")] == [
        (ONE, "W", "All"),
        (TWO, "W", "All"),
    ]
    assert ddask.board_dealer_vul(14) == ("E", "None")


def test_solve_boards_pbn_checks_each_text_as_solve_board_pbn():
    long = DEAL + " " * 11  # 80 bytes: one over DDS's buffer
    with pytest.raises(ValueError, match=r"too long \(80 bytes, maximum 79\) \(board 2, index 1\)"):
        dds3.solve_boards_pbn([DEAL, long])
    with pytest.raises(ValueError, match="too long"):
        dds3.solve_board_pbn(long)
    with pytest.raises(ValueError, match="current_trick_suit has invalid value 4"):
        dds3.solve_boards_pbn([DEAL], current_trick_suit=(4, 0, 0))
    with pytest.raises(ValueError, match="current_trick_suit must have size 3"):
        dds3.solve_boards_pbn([DEAL], current_trick_suit=(0, 0))
    with pytest.raises(TypeError, match="not a string"):
        dds3.solve_boards_pbn([DEAL], current_trick_rank="000")
    with pytest.raises(ValueError, match="first has invalid value 4"):
        dds3.solve_boards_pbn([DEAL], first=4)
    one = dds3.solve_board_pbn(DEAL, trump=1, first=2, solutions=3, mode=1)
    batch = dds3.solve_boards_pbn(iter([DEAL, DEAL]), trump=1, first=2, solutions=3, mode=1, threads=1)
    drop = lambda f: {k: v for k, v in f.items() if k != "nodes"}  # noqa: E731
    assert [drop(f) for f in batch] == [drop(one)] * 2


def test_dds3_reads_a_play_as_the_facade_reads_it():
    from ddsrs import _ddsrs

    # DDS's ConvertPlayFromPBN: two characters a card, suit then rank, either case.
    assert _ddsrs._dds3_read_play("sTh2CAdk") == ["ST", "H2", "CA", "DK"]
    assert _ddsrs._dds3_read_play("") == []
    for bad in ("C1", "XA", "S\u00e9"):
        with pytest.raises(RuntimeError, match="DDS error -98: "):
            _ddsrs._dds3_read_play(bad)
    lower = dds3.analyse_play_pbn(DEAL, "ctc4", trump=0, first=0)
    assert lower == dds3.analyse_play_pbn(DEAL, "CTC4", trump=0, first=0) == {"number": 3, "tricks": [8, 8, 8]}
