"""Bad input: the right exception, naming the item and what is wrong; with
errors="return", one bad item loses nothing else."""

import numpy as np
import pytest

import ddsrs
from conftest import DEAL, SEATS, VULS

SHORT = "N:QJ6.K652.J85.T9 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3"  # North has 12
TYPO = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJX"
TWICE = "N:QJ6.K652.J85.T98 QJ6.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3"


def test_exception_classes_are_value_errors():
    for cls in (ddsrs.DealError, ddsrs.BoardError, ddsrs.PlayError):
        assert issubclass(cls, ddsrs.InputError)
    assert issubclass(ddsrs.InputError, ValueError)


def test_one_bad_deal():
    with pytest.raises(ddsrs.DealError) as e:
        ddsrs.dd_table(TYPO)
    assert e.value.index is None and e.value.kind == "pbn_syntax"
    assert "invalid rank 'X'" in str(e.value) and "clubs of West" in str(e.value)
    with pytest.raises(ddsrs.DealError) as e:
        ddsrs.dd_table("N:A... K... Q... J...")
    assert e.value.kind == "not_full_deal"
    with pytest.raises(ddsrs.DealError) as e:
        ddsrs.dd_table(TWICE)
    assert e.value.kind == "invalid_deal" and "duplicate card" in str(e.value)
    with pytest.raises(ddsrs.DealError, match="bad bits"):
        ddsrs.dd_table(np.full((4, 4), 3, dtype=np.uint32))
    with pytest.raises(ddsrs.DealError, match="expected PBN text"):
        ddsrs.dd_table(3.5)


def test_batch_raise_names_the_first_bad_item_before_solving():
    deals = [DEAL, DEAL, SHORT, DEAL, TYPO]
    with pytest.raises(ddsrs.DealError) as e:
        ddsrs.dd_tables(deals)
    assert e.value.index == 2
    # The third deal: its ordinal and its index, neither read as the other.
    assert str(e.value).startswith("deal 3 (index 2): ")
    assert e.value.reason == str(e.value)[len("deal 3 (index 2): ") :]
    # An array with a bad deal: the same.
    bits = ddsrs.deals_to_array([DEAL, DEAL, DEAL])
    bits[1, 2, 3] |= 1 << 15
    with pytest.raises(ddsrs.DealError) as e:
        ddsrs.dd_tables(bits)
    assert e.value.index == 1 and e.value.kind == "bad_bits"


def test_batch_return_loses_nothing():
    deals = [DEAL, SHORT, DEAL, TYPO, "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"]
    tables, errors = ddsrs.dd_tables(deals, errors="return", threads=2)
    good = ddsrs.dd_table(DEAL)
    assert (tables[0] == good).all() and (tables[2] == good).all()
    assert (tables[1] == ddsrs.MISSING).all() and (tables[3] == ddsrs.MISSING).all()
    assert tables[4].tolist() == ddsrs.dd_table(deals[4]).tolist()
    assert [(e.index, type(e)) for e in errors] == [(1, ddsrs.DealError), (3, ddsrs.DealError)]
    assert all(isinstance(e, ValueError) for e in errors)
    # With par: None for the bad deals, ok=False in the array form.
    tables, pars, errors = ddsrs.dd_tables(deals, par="None", errors="return")
    assert pars[1] is None and pars[3] is None and str(pars[0].ns_first) == "Par -110: EW 2S"
    tables, rows, errors = ddsrs.dd_tables(deals, par="None", errors="return", par_format="array")
    assert rows["ok"].tolist() == [True, False, True, False, True]
    assert [e.index for e in errors] == [1, 3]


def test_solve_boards_errors():
    boards = [
        (DEAL, "S", "N"),
        (DEAL, "S", "N", "SA"),  # North does not hold the ace; it is still in a hand
        ("N:A... K... Q... J...", "NT", "W"),
        (DEAL, "X", "N"),
        "nonsense",
    ]
    with pytest.raises(ddsrs.BoardError) as e:
        ddsrs.solve_boards(boards)
    assert e.value.index == 1 and e.value.kind == "played_card_held"
    answers, errors = ddsrs.solve_boards(boards, errors="return")
    assert answers[0].best == 5 and answers[2].best == 0
    assert answers[1] is None and answers[3] is None and answers[4] is None
    assert [(e.index, e.kind) for e in errors] == [(1, "played_card_held"), (3, "strain"), (4, "type")]
    assert "board 4 (index 3): bad strain 'X'" in str(errors[1])
    # The target above the tricks left, found before solving.
    answers, errors = ddsrs.solve_boards([boards[0], boards[2]], target=2, errors="return")
    assert answers[0] is not None and answers[1] is None
    assert errors[0].kind == "target_too_high" and errors[0].index == 1


def test_play_errors():
    play = ["CT", "C4", "CA", "H4"]  # West revokes: it holds the club king and jack
    with pytest.raises(ddsrs.PlayError) as e:
        ddsrs.analyse_play(DEAL, "S", "N", play)
    err = e.value
    assert (err.card_index, err.card, err.seat, err.fault) == (3, "H4", "W", "revoke")
    assert "card 4 of the play (H4, West to play)" in str(err)
    requests = [(DEAL, "S", "N", ["CT"]), (DEAL, "S", "N", play), (DEAL, "S", "N", "C4")]
    with pytest.raises(ddsrs.PlayError) as e:
        ddsrs.analyse_plays(requests)
    assert e.value.index == 1 and str(e.value).startswith("play 2 (index 1): card 4")
    answers, errors = ddsrs.analyse_plays(requests, errors="return")
    assert answers[0].tricks == [8, 8] and answers[1] is None and answers[2] is None
    assert [(e.index, e.fault) for e in errors] == [(1, "revoke"), (2, "held_by_E")]
    with pytest.raises(ddsrs.InputError, match="invalid card"):
        ddsrs.analyse_play(DEAL, "S", "N", "CT ZZ")


def test_bad_arguments():
    with pytest.raises(TypeError, match="not one string"):
        ddsrs.dd_tables(DEAL)
    with pytest.raises(ValueError, match="errors must be"):
        ddsrs.dd_tables([DEAL], errors="skip")
    with pytest.raises(ValueError, match="threads must be"):
        ddsrs.dd_tables([DEAL], threads=-1)
    with pytest.raises(ValueError, match="par needs"):
        ddsrs.dd_tables([DEAL], strains="NT", par="None")
    with pytest.raises(ValueError, match="strains is empty"):
        ddsrs.dd_tables([DEAL], strains=[])
    with pytest.raises(ddsrs.InputError, match="bad vulnerability"):
        ddsrs.par(ddsrs.dd_table(DEAL), "sometimes")
    with pytest.raises(ddsrs.InputError, match="bad seat"):
        ddsrs.dealer_par(ddsrs.dd_table(DEAL), 7, "None")
    with pytest.raises(ddsrs.InputError, match="out of range"):
        ddsrs.par([[14] * 4] * 5, "None")
    with pytest.raises(ValueError, match="target must be"):
        ddsrs.solve_board(DEAL, "S", "N", target=14)
    with pytest.raises(ValueError, match="solutions must be"):
        ddsrs.solve_board(DEAL, "S", "N", solutions=4)
    with pytest.raises(TypeError, match="strain and leader"):
        ddsrs.solve_board(DEAL)
    with pytest.raises(ValueError, match="a deal array must have shape"):
        ddsrs.dd_tables(np.zeros((2, 4, 5), dtype=np.uint32))
    with pytest.raises(ddsrs.BoardError, match="target 2 is more than the 1 tricks left"):
        ddsrs.solve_board("N:A... K... Q... J...", "NT", "W", target=2)
    with pytest.raises(ddsrs.InputError, match="bad contract"):
        ddsrs.contract_result(DEAL, "8NT by S")
    with pytest.raises(ddsrs.DealError, match="incomplete"):
        ddsrs.solve_layouts("N:- - - -")


# The ceiling of threads: dds::MAX_THREADS, 1,024 (as the CLI's --threads).
MAX_THREADS = 1024


def batch_calls():
    """Each call taking threads, with a one-item (or empty) input."""
    return {
        "dd_tables": lambda threads: ddsrs.dd_tables([], threads=threads),
        "solve_boards": lambda threads: ddsrs.solve_boards([], threads=threads),
        "analyse_plays": lambda threads: ddsrs.analyse_plays([], threads=threads),
        "solve_layouts": lambda threads: ddsrs.solve_layouts(
            "N:AKQT.AK2.K32.K32 J98.QJT.QJ.QJ 5432.876.A54.A54 76.95.T98.T98", "S", "E", limit=1, threads=threads
        ),
    }


@pytest.mark.parametrize("name", list(batch_calls()))
def test_threads_range(name):
    call = batch_calls()[name]
    call(None)
    call(0)
    call(MAX_THREADS)  # accepted (an empty batch starts no thread)
    for bad in (MAX_THREADS + 1, 2000, 4096, 2**70, -1, -(2**70)):
        # A ValueError naming threads and the range, not an OverflowError.
        with pytest.raises(ValueError, match=rf"threads must be None or 0 \(every core\) to {MAX_THREADS}, not {bad}"):
            call(bad)
    for bad in (2.0, "2", True, [2]):
        with pytest.raises(TypeError, match="threads must be None or an int"):
            call(bad)


def test_threads_numpy_int(list10):
    assert ddsrs.dd_tables([list10[0].deal], threads=np.int64(2)).tolist() == [list10[0].table]
    with pytest.raises(ValueError, match="threads must be"):
        ddsrs.dd_tables([], threads=np.uint64(2**63))


def test_tables_of_floats_and_integer_dtypes(list10):
    # Whole numbers are tricks whatever their type: DDS's PAR and PAR2 lines.
    for r in list10:
        for table in (
            np.array(r.table, dtype=np.float64),
            np.array(r.table, dtype=np.float32),
            np.array(r.table, dtype=np.int8),
            np.array(r.table, dtype=np.uint16),
            np.array(r.table, dtype=np.int64).T.copy().T,  # not C-contiguous
            [[float(t) for t in row] for row in r.table],
            [[np.int32(t) for t in row] for row in r.table],
            np.array(r.table, dtype=object),
        ):
            assert ddsrs.par(table, r.vul).contract_texts() == r.par[1], f"line {r.line}"
            assert ddsrs.dealer_par(table, SEATS[r.dealer], VULS[r.vul]).score == r.par2[0], f"line {r.line}"


def test_tables_contract_result_of_floats(list10):
    for r in list10:
        table = np.array(r.table, dtype=np.float64)
        # West's notrump tricks: row 4 (NT), column 3 (W) of DDS's table.
        assert ddsrs.contract_result(table, "3NT by W").tricks == r.table[4][3], f"line {r.line}"


def bad_tables(known):
    """(table, what the message names) for tables with one bad entry: West's
    notrump, row 4 column 3."""

    def with_entry(value, dtype=None):
        rows = [list(row) for row in known]
        rows[4][3] = value
        return np.array(rows, dtype=dtype) if dtype else rows

    return [
        (with_entry(7.9), "not a whole number of tricks: 7.9"),
        (with_entry(7.9, np.float64), "not a whole number of tricks: 7.9"),
        (with_entry(6.5, np.float32), "not a whole number of tricks: 6.5"),
        (with_entry(float("nan")), "not a number of tricks: NaN"),
        (with_entry(float("nan"), np.float64), "not a number of tricks: NaN"),
        (with_entry(float("inf"), np.float64), "not a number of tricks: inf"),
        (with_entry(float("-inf")), "not a number of tricks: -inf"),
        (with_entry(14.0, np.float64), "out of range: 14"),
        (with_entry(-1, np.int64), "out of range: -1 tricks"),
        (with_entry(2**64 - 1, np.uint64), "out of range: 18446744073709551615 tricks"),
        (with_entry(2**70), "out of range: 1180591620717411303424 tricks"),
        (with_entry(True), "not a number of tricks: True"),
        (with_entry("7"), "not a number of tricks: '7'"),
        (with_entry(None), "not a number of tricks: None"),
    ]


@pytest.mark.parametrize("index", range(14))
def test_bad_table_entries_are_refused(list10, index):
    r = list10[0]
    table, message = bad_tables(r.table)[index]
    for call in (
        lambda: ddsrs.par(table, "None"),
        lambda: ddsrs.dealer_par(table, "N", "None"),
        lambda: ddsrs.contract_result(table, "3NT by W"),
    ):
        with pytest.raises(ddsrs.InputError) as e:
            call()
        assert e.value.kind == "table" and e.value.index is None
        assert message in str(e.value) and "for West in NT" in str(e.value), str(e.value)
        assert "-9223372036854775808" not in str(e.value)


def test_table_of_the_wrong_shape_or_dtype():
    with pytest.raises(ddsrs.InputError, match=r"shape \(5, 4\) .* not \(4, 5\)"):
        ddsrs.par(np.zeros((4, 5), dtype=np.uint8), "None")
    with pytest.raises(ddsrs.InputError, match="not a number of tricks: True"):
        ddsrs.par(np.ones((5, 4), dtype=bool), "None")
    with pytest.raises(ddsrs.InputError, match="not a number of tricks"):
        ddsrs.par(np.full((5, 4), 7 + 0j), "None")
