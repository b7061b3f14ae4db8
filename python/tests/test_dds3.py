"""ddsrs.dds3 against DDS 3's Python interface and against DDS 2.9.

The interface (names, argument names and defaults, result shapes and
types, the exceptions of bad input) is that of DDS 3's pybind11 module
``dds3`` (dds-bridge/dds: python/src/bindings.cpp, converters.cpp and
python/tests). The answers are DDS 2.9's: the known answers of the hand
files (fixtures/dds-hands, read by conftest.py), and DDS 2.9 itself
through ctypes (tests/dds29.py, in a child process) on seeded random
positions, tables and plays; those tests skip where DDS 2.9 is not
installed.

As documented in the module: ``nodes`` counts this solver's search, so
results are compared without it; the batches have no size limits.
"""

from __future__ import annotations

import inspect
import random
import re
import threading
import warnings
from concurrent.futures import ThreadPoolExecutor

import pytest

import ddsrs
import dds29
from conftest import DEAL, RANKS, SEATS, STRAINS, SUITS, card, random_pbn
from ddsrs import dds3

SEED = 3
FUT_KEYS = ["nodes", "cards", "suit", "rank", "equals", "score"]
NO_TRICK = (0, 0, 0)

# DDS 3's exports (its python/dds3/__init__.py) and signatures
# (python/src/bindings.cpp): (name, default) with no default as (name,).
SIGNATURES = {
    "analyse_all_plays_pbn": [("deals",)],
    "analyse_play_pbn": [("remain_cards",), ("play",), ("trump", 4), ("first", 0), ("current_trick_suit", NO_TRICK),
                         ("current_trick_rank", NO_TRICK), ("thread_index", 0)],
    "api_root": [],
    "calc_all_tables_pbn": [("deals_pbn",), ("mode", -1), ("trump_filter", (0, 0, 0, 0, 0)), ("max_threads", 0)],
    "calc_dd_table": [("table_deal",)],
    "calc_par": [("table_deal",), ("vulnerable", 0)],
    "calc_par_from_table": [("table_results",), ("vulnerable", 0)],
    "dealer_par": [("table_results",), ("dealer",), ("vulnerable", 0)],
    "initialise_static_memory": [],
    "module_name": [],
    "par": [("table_results",), ("vulnerable", 0)],
    "set_max_threads": [("user_threads", 0)],
    "SolverContext": None,
    "solve_all_boards_bin": [("boards",), ("max_threads", 0)],
    "solve_all_boards_pbn": [("boards",), ("max_threads", 0)],
    "solve_board": [("deal",), ("target", -1), ("solutions", 3), ("mode", 0), ("thread_index", 0), ("context", None)],
    "solve_board_pbn": [("remain_cards",), ("trump", 4), ("first", 0), ("current_trick_suit", NO_TRICK),
                        ("current_trick_rank", NO_TRICK), ("target", -1), ("solutions", 3), ("mode", 0),
                        ("thread_index", 0), ("context", None)],
}


@pytest.fixture(scope="module")
def oracle():
    dds = dds29.load()
    if dds is None:
        pytest.skip("DDS 2.9 (libdds) is not installed: set DDS29_LIBRARY")
    yield dds
    dds.close()


def masks(pbn: str) -> list:
    """A PBN deal as DDS's 4 x 4 rank masks (N, E, S, W by S, H, D, C)."""
    first, text = pbn.split(":")
    out = [[0] * 4 for _ in range(4)]
    for k, hand in enumerate(text.split(" ")):
        seat = (SEATS.index(first) + k) % 4
        for s, holding in enumerate(hand.split(".")):
            for r in holding:
                out[seat][s] |= 1 << (RANKS.index(r) + 2)
    return out


def without_nodes(result):
    """A futureTricks dict (or a list of them) as it can be compared: without
    ``nodes`` and with the entries of its first ``cards`` cards (``score[0]``
    when there are none), tuples as lists. (Beyond ``cards``, DDS leaves
    what its search wrote there, and ddsrs zeros.)"""
    if isinstance(result, list):
        return [without_nodes(r) for r in result]
    n = max(result["cards"], 1)
    return dds29.plain({k: v[:n] for k, v in result.items() if k in ("suit", "rank", "equals", "score")}) | {
        "cards": result["cards"]}


def position(rng: random.Random, cards_played: int):
    """A random position after ``cards_played`` random legal cards: (PBN of
    the cards held, trump, first, trick suits, trick ranks), the Board."""
    board = ddsrs.Board(random_pbn(rng), STRAINS[rng.randrange(5)], SEATS[rng.randrange(4)])
    for _ in range(cards_played):
        board = board.after(rng.choice(board.legal_cards()))
    played = board.played
    suits = tuple(SUITS.index(c[0]) for c in played) + (0,) * (3 - len(played))
    ranks = tuple(RANKS.index(c[1]) + 2 for c in played) + (0,) * (3 - len(played))
    trump = STRAINS.index(board.strain)
    return (board.remaining, trump, SEATS.index(board.leader), suits, ranks), board


def positions(seed: int, n: int, depths=(0, 1, 2, 3, 5, 7, 13, 18, 26, 31, 34, 39, 43, 46, 49)):
    rng = random.Random(f"dds3:{seed}")
    return [position(rng, rng.choice(depths))[0] for _ in range(n)]


def solve(pos, **kw):
    pbn, trump, first, suits, ranks = pos
    return dds3.solve_board_pbn(pbn, trump=trump, first=first, current_trick_suit=suits, current_trick_rank=ranks, **kw)


def code_of(error: Exception) -> int:
    m = re.match(r"DDS error (-?\d+): ", str(error))
    assert m, str(error)
    return int(m.group(1))


def outcome(f):
    """(1, result) or (DDS's code, exception class)."""
    try:
        return 1, f()
    except (ValueError, RuntimeError) as e:
        return code_of(e), type(e)


# --- The interface ---------------------------------------------------------------


def test_every_dds3_name_is_exported():
    assert sorted(dds3.__all__) == sorted(list(SIGNATURES) + ["solve_boards_pbn"])
    for name in dds3.__all__:
        assert callable(getattr(dds3, name)), name
    assert dds3.api_root() == "dds.hpp"
    assert dds3.module_name() == "_dds3"
    assert dds3.initialise_static_memory() is None
    ctx1, ctx2 = dds3.SolverContext(), dds3.SolverContext()
    assert isinstance(ctx1, dds3.SolverContext) and ctx1 is not ctx2
    # The shim BEN imports: every name, star-imported.
    namespace: dict = {}
    exec("from ddsrs.dds3 import *", namespace)
    assert set(dds3.__all__) <= set(namespace)


@pytest.mark.parametrize("name", [n for n, sig in SIGNATURES.items() if sig is not None])
def test_signatures_are_dds3s(name):
    params = list(inspect.signature(getattr(dds3, name)).parameters.values())
    got = [(p.name,) if p.default is inspect.Parameter.empty else (p.name, p.default) for p in params]
    assert got == SIGNATURES[name]


def check_future_tricks(fut: dict) -> None:
    assert list(fut) == FUT_KEYS
    assert type(fut["nodes"]) is int and type(fut["cards"]) is int
    for key in ("suit", "rank", "equals", "score"):
        assert type(fut[key]) is tuple and len(fut[key]) == 13, key
        assert all(type(v) is int for v in fut[key]), key
    n = fut["cards"]
    assert 0 <= n <= 13
    assert all(v == 0 for key in ("suit", "rank", "equals", "score") for v in fut[key][n:] if n > 0)
    assert all(0 <= s <= 3 for s in fut["suit"][:n]) and all(2 <= r <= 14 for r in fut["rank"][:n])


def test_result_shapes():
    fut = dds3.solve_board_pbn(DEAL, trump=0, first=0)
    check_future_tricks(fut)
    assert fut["cards"] == 9
    fut = dds3.solve_board({"trump": 4, "first": 0, "remain_cards": masks(DEAL), "current_trick_suit": (0, 0, 0),
                            "current_trick_rank": [0, 0, 0]})
    check_future_tricks(fut)
    for results in (dds3.solve_all_boards_pbn([{"remain_cards": DEAL}] * 2),
                    dds3.solve_all_boards_bin([{"trump": 4, "first": 0, "remain_cards": masks(DEAL),
                                                "current_trick_suit": NO_TRICK, "current_trick_rank": NO_TRICK}]),
                    dds3.solve_boards_pbn([DEAL] * 3)):
        assert type(results) is list
        for fut in results:
            check_future_tricks(fut)

    table = dds3.calc_dd_table({"cards": masks(DEAL)})
    assert list(table) == ["res_table"]
    rows = table["res_table"]
    assert type(rows) is list and len(rows) == 5
    assert all(type(row) is list and len(row) == 4 and all(type(t) is int for t in row) for row in rows)

    result = dds3.calc_all_tables_pbn([DEAL, DEAL])
    assert list(result) == ["no_of_boards", "tables", "par_results"]
    assert result["no_of_boards"] == 40 and result["par_results"] == []
    assert result["tables"] == [table, table]
    result = dds3.calc_all_tables_pbn([DEAL], mode=0)
    assert len(result["par_results"]) == 1

    par = dds3.par(table)
    assert list(par) == ["par_score", "par_contracts_string"]
    assert all(type(v) is list and len(v) == 2 and all(type(t) is str for t in v) for v in par.values())
    assert result["par_results"][0] == par == dds3.calc_par_from_table(table)
    assert dds3.calc_par({"cards": masks(DEAL)}) == {"dd_table": table, "par_results": par}

    dealer = dds3.dealer_par(table, dealer=0, vulnerable=0)
    assert list(dealer) == ["score", "number", "contracts"]
    assert type(dealer["score"]) is int and type(dealer["number"]) is int
    assert type(dealer["contracts"]) is list and len(dealer["contracts"]) == dealer["number"]

    play = dds3.analyse_play_pbn(DEAL, play="S6", trump=4, first=0)
    assert list(play) == ["number", "tricks"]
    assert type(play["tricks"]) is list and len(play["tricks"]) == play["number"] == 2
    assert dds3.analyse_all_plays_pbn([{"remain_cards": DEAL, "play": "S6"}]) == [play]
    assert dds3.solve_boards_pbn([]) == [] and dds3.solve_all_boards_pbn([]) == []
    assert dds3.calc_all_tables_pbn([]) == {"no_of_boards": 0, "tables": [], "par_results": []}


def test_docstring_examples():
    import doctest

    assert dds3.__doc__
    for name in dds3.__all__:
        assert getattr(dds3, name).__doc__, name
    failures, tried = doctest.testmod(dds3, optionflags=doctest.ELLIPSIS)
    assert failures == 0 and tried > 20
    globs = {"solve_boards_pbn": dds3.solve_boards_pbn, "SolverContext": dds3.SolverContext}
    for obj in (dds3.solve_boards_pbn, dds3.SolverContext):
        test = doctest.DocTestParser().get_doctest(obj.__doc__, globs, obj.__name__, None, 0)
        runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
        runner.run(test)
        assert runner.failures == 0 and ">>>" in obj.__doc__


def test_set_max_threads_warns_and_ignores():
    with pytest.warns(DeprecationWarning):
        dds3.set_max_threads(-1)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with pytest.raises(DeprecationWarning):
            dds3.set_max_threads(0)


# --- Bad input: DDS 3's exceptions -------------------------------------------------


def deal_dict(**changes):
    deal = {"trump": 0, "first": 0, "remain_cards": masks(DEAL), "current_trick_suit": NO_TRICK,
            "current_trick_rank": NO_TRICK}
    deal.update(changes)
    return deal


TABLE = {"res_table": [[5, 8, 5, 8], [6, 6, 6, 6], [5, 7, 5, 7], [7, 5, 7, 5], [6, 6, 6, 6]]}

BAD = [
    # DDS 3's converters: ValueError naming the value.
    (lambda: dds3.solve_board(deal_dict(trump=5)), ValueError, "trump has invalid value 5"),
    (lambda: dds3.solve_board(deal_dict(first=4)), ValueError, "first has invalid value 4"),
    (lambda: dds3.solve_board(deal_dict(current_trick_suit=(0, 0, 5))), ValueError, "invalid value 5"),
    (lambda: dds3.solve_board(deal_dict(current_trick_suit=(-1, 0, 0))), ValueError, "invalid value -1"),
    (lambda: dds3.solve_board(deal_dict(current_trick_rank=(2, 2, 15))), ValueError, "invalid value 15"),
    (lambda: dds3.solve_board(deal_dict(current_trick_rank=(-1, 0, 0))), ValueError, "invalid value -1"),
    (lambda: dds3.solve_board(deal_dict(current_trick_rank=(1, 0, 0))), ValueError, r"expected 0 or 2\.\.14"),
    (lambda: dds3.solve_board(deal_dict(current_trick_suit=(0, 1))), ValueError, "must have size 3"),
    (lambda: dds3.solve_board(deal_dict(current_trick_rank=(0, 0, 0, 0))), ValueError, "must have size 3"),
    (lambda: dds3.solve_board(deal_dict(remain_cards=[[0, 0, 0]])), ValueError, "remain_cards must have 4 rows"),
    (lambda: dds3.solve_board(deal_dict(remain_cards=[[0, 0, 0]] * 4)), ValueError, "must have 4 values"),
    (lambda: dds3.solve_board(deal_dict(remain_cards=[[0x8000, 0, 0, 0]] * 4)), ValueError, "0x7FFC"),
    (lambda: dds3.solve_board_pbn(DEAL, trump=5), ValueError, "trump has invalid value 5"),
    (lambda: dds3.solve_board_pbn(DEAL, first=4), ValueError, "first has invalid value 4"),
    (lambda: dds3.solve_board_pbn(DEAL, current_trick_suit=(0, 0, 5)), ValueError, "invalid value"),
    (lambda: dds3.solve_board_pbn(DEAL + " " * 11), ValueError, "too long"),
    (lambda: dds3.solve_all_boards_pbn([{"remain_cards": DEAL, "trump": 5}]), ValueError, "invalid value 5"),
    (lambda: dds3.solve_all_boards_pbn([{"remain_cards": DEAL, "first": 4}]), ValueError, "invalid value 4"),
    (lambda: dds3.solve_all_boards_pbn([{"remain_cards": DEAL, "current_trick_rank": (2, 2, 15)}]), ValueError,
     "invalid value 15"),
    (lambda: dds3.solve_all_boards_bin([deal_dict(trump=5)]), ValueError, "invalid value 5"),
    (lambda: dds3.solve_all_boards_bin([deal_dict(remain_cards=[[0] * 4] * 3)]), ValueError, "4 rows"),
    (lambda: dds3.calc_dd_table({"cards": [[0, 0, 0]]}), ValueError, "cards must have 4 rows"),
    (lambda: dds3.calc_all_tables_pbn([DEAL], trump_filter=[0, 0, 0]), ValueError, "must have size 5"),
    (lambda: dds3.calc_all_tables_pbn([DEAL], trump_filter=[0, 0, 2, 0, 0]), ValueError, "invalid value 2"),
    (lambda: dds3.calc_all_tables_pbn([DEAL], trump_filter=[-1, 0, 0, 0, 0]), ValueError, "invalid value -1"),
    (lambda: dds3.calc_all_tables_pbn([DEAL], mode=4), ValueError, "mode has invalid value 4"),
    (lambda: dds3.calc_all_tables_pbn([DEAL], mode=0, trump_filter=[1, 0, 0, 0, 0]), ValueError, "requires all"),
    (lambda: dds3.calc_all_tables_pbn([DEAL], trump_filter=[1, 1, 1, 1, 1]), ValueError, "DDS error -201: "),
    (lambda: dds3.calc_all_tables_pbn(["N:" + "A" * 90]), ValueError, "at index 0 is too long"),
    (lambda: dds3.par(TABLE, vulnerable=4), ValueError, "vulnerable has invalid value 4"),
    (lambda: dds3.calc_par({"cards": masks(DEAL)}, vulnerable=-1), ValueError, "vulnerable has invalid value"),
    (lambda: dds3.calc_par_from_table(TABLE, vulnerable=4), ValueError, "vulnerable has invalid value"),
    (lambda: dds3.dealer_par(TABLE, dealer=4), ValueError, "dealer has invalid value 4"),
    (lambda: dds3.dealer_par(TABLE, dealer=0, vulnerable=9), ValueError, "vulnerable has invalid value 9"),
    (lambda: dds3.par({"res_table": [[0] * 4] * 4}), ValueError, "res_table must have 5 rows"),
    (lambda: dds3.par({"res_table": [[20] * 4] * 5}), RuntimeError, "DDS error -1: General error"),
    (lambda: dds3.par({"res_table": [["7"] * 4] * 5}), RuntimeError, "Unable to cast"),
    (lambda: dds3.analyse_play_pbn(DEAL, play="S6S", trump=4, first=0), ValueError, "must be even"),
    (lambda: dds3.analyse_play_pbn(DEAL, play="S6" * 53), ValueError, "too long"),
    (lambda: dds3.analyse_all_plays_pbn([{"remain_cards": DEAL, "play": "S"}]), ValueError, "at index 0"),
    # DDS's status codes: input codes ValueError, position codes RuntimeError.
    (lambda: dds3.solve_board_pbn("This is not a valid PBN"), ValueError, "DDS error -99: PBN string error"),
    (lambda: dds3.solve_board_pbn(""), ValueError, "DDS error -99"),
    (lambda: dds3.solve_board_pbn(DEAL, target=14), ValueError, "DDS error -7: "),
    (lambda: dds3.solve_board_pbn(DEAL, target=-2), ValueError, "DDS error -5: "),
    (lambda: dds3.solve_board_pbn(DEAL, solutions=0), ValueError, "DDS error -8: "),
    (lambda: dds3.solve_board_pbn(DEAL, solutions=4), ValueError, "DDS error -9: "),
    (lambda: dds3.solve_board_pbn(DEAL, mode=3), ValueError, "DDS error -17: "),
    (lambda: dds3.solve_board_pbn(DEAL, mode=-1), ValueError, "DDS error -16: "),
    (lambda: dds3.solve_board_pbn(DEAL, thread_index=-1), ValueError, "DDS error -15: "),
    (lambda: dds3.solve_board_pbn(DEAL, thread_index=4096), ValueError, "DDS error -15: "),
    (lambda: dds3.solve_board(deal_dict(remain_cards=[[0] * 4] * 4)), RuntimeError, "DDS error -2: Zero cards"),
    (lambda: dds3.solve_board_pbn("N:A... K... Q..."), RuntimeError, "DDS error -14: "),
    (lambda: dds3.solve_board_pbn("N:A... A... Q... J..."), RuntimeError, "DDS error -4: Cards duplicated"),
    (lambda: dds3.solve_board_pbn("N:A... K... Q... J...", target=2), RuntimeError, "DDS error -3: "),
    (lambda: dds3.solve_board_pbn("N:... K... Q... J...", current_trick_rank=(0, 14, 0)), RuntimeError,
     "DDS error -12: "),
    (lambda: dds3.solve_board_pbn("N:... K... Q... J...", current_trick_rank=(13, 0, 0)), RuntimeError,
     "DDS error -13: "),
    (lambda: dds3.solve_all_boards_pbn([{"remain_cards": DEAL}, {"remain_cards": "N:A... K... Q..."}]), RuntimeError,
     r"DDS error -14: .*\(board 2, index 1\)"),
    (lambda: dds3.calc_dd_table({"cards": [[0] * 4] * 4}), RuntimeError, "DDS error -2: "),
    (lambda: dds3.calc_all_tables_pbn(["N:A5.QJ953.KQ962. KJT8.K74..AJ62 632.A6.T74.KQ953 Q974.T82.AJ5.T74"]),
     RuntimeError, "DDS error -14: "),
    # DDS's reading of PBN: "not a pbn" is North ("n") with the ten and the ace.
    (lambda: dds3.calc_all_tables_pbn(["not a pbn"]), RuntimeError, "DDS error -14: "),
    (lambda: dds3.calc_all_tables_pbn(["A:"]), ValueError, "DDS error -99: "),
    (lambda: dds3.analyse_play_pbn(DEAL, play="XX"), RuntimeError, "DDS error -98: "),
    (lambda: dds3.analyse_play_pbn(DEAL, play="SA"), RuntimeError, "DDS error -98: "),
    (lambda: dds3.analyse_play_pbn("xyz", play=""), ValueError, "DDS error -99: "),
    (lambda: dds3.analyse_play_pbn("nope", play=""), RuntimeError, "DDS error -2: "),
    # Missing keys: KeyError.
    (lambda: dds3.solve_board({"trump": 0}), KeyError, "first"),
    (lambda: dds3.solve_all_boards_pbn([{"trump": 0}]), KeyError, "remain_cards"),
    (lambda: dds3.calc_dd_table({}), KeyError, "cards"),
    (lambda: dds3.par({"invalid": "structure"}), KeyError, "res_table"),
    (lambda: dds3.analyse_all_plays_pbn([{"remain_cards": DEAL}]), KeyError, "play"),
    # Arguments of the wrong type: TypeError (pybind11's incompatible
    # function arguments); values of the wrong type inside a list or dict:
    # RuntimeError (pybind11's cast error).
    (lambda: dds3.solve_board_pbn(DEAL, trump="S"), TypeError, "trump"),
    (lambda: dds3.solve_board_pbn(DEAL, trump=1.0), TypeError, "trump"),
    (lambda: dds3.solve_board_pbn(DEAL, first=2**40), TypeError, "first"),
    (lambda: dds3.solve_board_pbn(7), TypeError, "remain_cards"),
    (lambda: dds3.solve_board_pbn(DEAL, current_trick_suit=0), TypeError, "current_trick_suit"),
    (lambda: dds3.solve_board(DEAL), TypeError, "deal"),
    (lambda: dds3.solve_all_boards_pbn(({"remain_cards": DEAL},)), TypeError, "boards"),
    (lambda: dds3.calc_all_tables_pbn(DEAL), TypeError, "deals_pbn"),
    (lambda: dds3.solve_board(deal_dict(trump="0")), RuntimeError, "Unable to cast"),
    (lambda: dds3.solve_board_pbn(DEAL, current_trick_suit=("a", "b", "c")), RuntimeError, "Unable to cast"),
    (lambda: dds3.solve_all_boards_pbn(["not a dict"]), RuntimeError, "Unable to cast"),
    (lambda: dds3.solve_board_pbn(DEAL, context="ctx"), RuntimeError, "SolverContext"),
    (lambda: dds3.solve_boards_pbn(DEAL), TypeError, "one string"),
    (lambda: dds3.solve_boards_pbn([DEAL, 7]), TypeError, r"pbns\[1\]"),
    (lambda: dds3.solve_boards_pbn([DEAL], trump=5), ValueError, "trump has invalid value 5"),
    (lambda: dds3.solve_boards_pbn([DEAL], current_trick_rank=(1, 0, 0)), ValueError, "invalid value 1"),
    (lambda: dds3.solve_boards_pbn([DEAL], threads=-1), ValueError, "threads"),
    (lambda: dds3.solve_boards_pbn([DEAL, "N:A... K... Q..."]), RuntimeError, r"DDS error -14: .*\(board 2, index 1\)"),
    (lambda: dds3.solve_boards_pbn([DEAL], target=14), ValueError, r"DDS error -7: .*\(board 1, index 0\)"),
]


@pytest.mark.parametrize("call,exc,match", BAD, ids=range(len(BAD)))
def test_bad_input_raises_as_dds3(call, exc, match):
    with pytest.raises(exc, match=match):
        call()


def test_input_that_dds3_accepts():
    # Lists or tuples for the trick, numpy ints and bools as ints, bits 0
    # and 1 of a mask ignored (DDS 3's own test deals set them), bytes as
    # text, no batch limit.
    np = pytest.importorskip("numpy")
    a = dds3.solve_board_pbn(DEAL, trump=np.int64(0), first=np.int32(1), current_trick_suit=[0, 0, 0],
                             current_trick_rank=np.array([0, 0, 0]), solutions=True)
    b = dds3.solve_board_pbn(DEAL.encode(), trump=0, first=1, solutions=1)
    assert without_nodes(a) == without_nodes(b)
    odd = [[0x1FFF, 0, 0, 0], [0, 0x1FFF, 0, 0], [0, 0, 0x1FFF, 0], [0, 0, 0, 0x1FFF]]
    clean = [[c & 0x7FFC for c in hand] for hand in odd]
    assert without_nodes(dds3.solve_board(deal_dict(remain_cards=odd))) == without_nodes(
        dds3.solve_board(deal_dict(remain_cards=clean)))
    assert dds3.calc_dd_table({"cards": odd}) == dds3.calc_dd_table({"cards": clean})
    assert len(dds3.solve_all_boards_pbn([{"remain_cards": "N:A... K... Q... J..."}] * 201)) == 201


# --- DDS 2.9's answers ---------------------------------------------------------


def fut_cards(fut: dict) -> list:
    """A futureTricks dict as the hand files write FUT: (card, equals, score)."""
    out = []
    for i in range(fut["cards"]):
        s = fut["suit"][i]
        equals = [card(s, q) for q in range(14, 1, -1) if fut["equals"][i] & (1 << q)]
        out.append((card(s, fut["rank"][i]), equals, fut["score"][i]))
    return out


def test_known_answers(list10):
    ctx = dds3.SolverContext()
    for r in list10:
        if r.fut:
            fut = dds3.solve_board_pbn(r.deal, trump=r.strain, first=r.leader, target=-1, solutions=3, mode=1,
                                       context=ctx)
            assert fut_cards(fut) == r.fut, f"line {r.line}"
        table = dds3.calc_dd_table({"cards": masks(r.deal)})
        assert table["res_table"] == r.table, f"line {r.line}"
        if r.par:
            assert dds3.par(table, vulnerable=r.vul) == {"par_score": r.par[0], "par_contracts_string": r.par[1]}
        if r.par2:
            dealer = dds3.dealer_par(table, dealer=r.dealer, vulnerable=r.vul)
            assert [dealer["score"]] + dealer["contracts"] == [r.par2[0]] + r.par2[1], f"line {r.line}"
        if r.play and r.trace:
            play = dds3.analyse_play_pbn(r.deal, "".join(r.play), trump=r.strain, first=r.leader)
            assert play == {"number": len(r.trace), "tricks": r.trace}, f"line {r.line}"
    result = dds3.calc_all_tables_pbn([r.deal for r in list10])
    assert [t["res_table"] for t in result["tables"]] == [r.table for r in list10]


@pytest.mark.parametrize("mode", [0, 1, 2])
def test_solve_board_pbn_equals_dds29(oracle, mode):
    for pos in positions(mode, 40):
        for solutions in (1, 2, 3):
            code, want = oracle.solve_board_pbn(*pos, -1, solutions, mode)
            assert code == 1
            assert without_nodes(solve(pos, solutions=solutions, mode=mode)) == without_nodes(want), (pos, solutions)


def test_forced_cards_in_mode_0_equal_dds29(oracle):
    # North's ace-king of spades are one choice; East has one spade to
    # follow North's three: DDS's mode 0 does not search such a card (score
    # -2), modes 1 and 2 do.
    pos = ("N:AK... 32... .32.. .54..", 4, 0, (0, 0, 0), (0, 0, 0))
    east = ("N:.A.. K.2.. 4.K.. 5.3..", 4, 0, (0, 0, 0), (3, 0, 0))
    for p in (pos, east):
        for mode in (0, 1, 2):
            for solutions in (1, 2, 3):
                code, want = oracle.solve_board_pbn(*p, -1, solutions, mode)
                assert code == 1
                assert without_nodes(solve(p, solutions=solutions, mode=mode)) == without_nodes(want)
    assert solve(pos, mode=0)["score"][0] == solve(east, mode=0)["score"][0] == -2
    assert solve(east, mode=1)["score"][0] == 1


def test_targets_equal_dds29(oracle):
    # With a target and one or all optimal cards, DDS's order (or its one
    # card) depends on its earlier searches: compared as sets.
    for pos in positions(10, 25):
        pbn = pos[0]
        left = (sum(c not in ". " for c in pbn[2:]) + 3) // 4
        for target in range(0, left + 2):
            for solutions in (1, 2, 3):
                code, want = oracle.solve_board_pbn(*pos, target, solutions, 1)
                got = outcome(lambda: solve(pos, target=target, solutions=solutions, mode=1))
                if code != 1:
                    assert got == (code, RuntimeError if code == -3 else ValueError), (pos, target)
                    continue
                got = got[1]
                assert got["cards"] == want["cards"], (pos, target, solutions)
                if solutions == 3:
                    assert without_nodes(got) == without_nodes(want), (pos, target)
                elif want["cards"] == 0:
                    assert got["score"][0] == want["score"][0]
                elif solutions == 2:
                    assert sorted(fut_cards(got)) == sorted(fut_cards(want)), (pos, target)
                else:
                    assert fut_cards(got)[0][2] == fut_cards(want)[0][2], (pos, target)


def test_solve_board_binary_equals_dds29(oracle):
    rng = random.Random("dds3:binary")
    for pos in positions(20, 30):
        cards = masks(pos[0])
        # Bits 0 and 1 set at random: DDS ignores them.
        noisy = [[c | rng.choice([0, 1, 2, 3]) if c else c for c in hand] for hand in cards]
        deal = {"trump": pos[1], "first": pos[2], "remain_cards": noisy, "current_trick_suit": pos[3],
                "current_trick_rank": pos[4]}
        code, want = oracle.solve_board(noisy, pos[1], pos[2], pos[3], pos[4], -1, 3, 1)
        assert code == 1
        assert without_nodes(dds3.solve_board(deal, mode=1)) == without_nodes(want)


BAD_POSITIONS = [
    ("N:AK.. Q.. J.. T..", 0, 0, (0, 0, 0), (0, 0, 0)),
    ("N:A... K... Q...", 4, 0, (0, 0, 0), (0, 0, 0)),
    ("N:A... A... Q... J...", 4, 0, (0, 0, 0), (0, 0, 0)),
    ("N:A... K... Q... .2..", 4, 0, (0, 0, 0), (0, 0, 0)),
    ("N:A... K... Q... J...", 4, 0, (0, 0, 0), (14, 0, 0)),
    ("N:... K... Q... J...", 4, 0, (0, 0, 0), (14, 0, 0)),
    ("N:... K... Q... J...", 4, 0, (0, 0, 0), (0, 14, 0)),
    ("N:2... K... Q... J...", 4, 1, (0, 0, 0), (3, 0, 0)),
    ("N:... ... ... ...", 4, 0, (0, 0, 0), (0, 0, 0)),
    ("X", 4, 0, (0, 0, 0), (0, 0, 0)),
    ("", 4, 0, (0, 0, 0), (0, 0, 0)),
    ("N:A... K... Q... J...", 4, 0, (0, 0, 0), (0, 5, 0)),
    ("N:AKQJT98765432.... ... ... ...", 4, 0, (0, 0, 0), (0, 0, 0)),
    ("N:A.K... K... Q... J...", 4, 0, (0, 0, 0), (0, 0, 0)),
    ("W:A... K... Q... J2...", 4, 0, (0, 0, 0), (0, 0, 0)),
    ("n:a... k... q... j...", 4, 0, (0, 0, 0), (0, 0, 0)),
    (" N:A... K... Q... J...", 4, 0, (0, 0, 0), (0, 0, 0)),
]


def test_status_codes_equal_dds29(oracle):
    for pos in BAD_POSITIONS:
        for target, solutions, mode in [(-1, 3, 1), (2, 1, 1), (-2, 1, 1), (14, 1, 1), (-1, 0, 1), (-1, 4, 1),
                                        (-1, 1, 3), (-1, 1, -1), (1, 2, 0)]:
            code, want = oracle.solve_board_pbn(*pos, target, solutions, mode)
            got = outcome(lambda: solve(pos, target=target, solutions=solutions, mode=mode))
            if code == 1:
                assert got[0] == 1 and without_nodes(got[1]) == without_nodes(want), (pos, target, solutions, mode)
            else:
                cls = ValueError if code in (-5, -7, -8, -9, -15, -16, -17, -18, -19, -99) else RuntimeError
                assert got == (code, cls), (pos, target, solutions, mode)


def test_tables_equal_dds29(oracle):
    rng = random.Random("dds3:tables")
    pbns = []
    # Full deals only: DDS 2.9's table of a smaller deal depends on what it
    # solved before (the same call answers differently in one session).
    for _ in range(8):
        pbns.append(random_pbn(rng))
    filters = [(0, 0, 0, 0, 0), (1, 1, 1, 1, 0), (0, 1, 0, 1, 0)]
    wants = []
    for pbn in pbns:
        code, want = oracle.table_pbn(pbn)
        assert code == 1
        wants.append(want)
        code, by_masks = oracle.table(masks(pbn))
        assert (code, by_masks) == (1, want)
        assert dds3.calc_dd_table({"cards": masks(pbn)})["res_table"] == want, pbn
    for f in filters:
        got = dds3.calc_all_tables_pbn(pbns, trump_filter=f, max_threads=2)
        assert got["no_of_boards"] == 4 * f.count(0) * len(pbns)
        expect = [[row if not f[s] else [0, 0, 0, 0] for s, row in enumerate(w)] for w in wants]
        assert [t["res_table"] for t in got["tables"]] == expect
    for vul in range(4):
        got = dds3.calc_all_tables_pbn(pbns, mode=vul)
        for want, par in zip(wants, got["par_results"]):
            assert oracle.par(want, vul) == (1, par)
            assert dds3.par({"res_table": want}, vulnerable=vul) == par
            for dealer in range(4):
                assert oracle.dealer_par(want, dealer, vul) == (1, dds3.dealer_par({"res_table": want}, dealer, vul))


def test_analyse_play_equals_dds29(oracle):
    rng = random.Random("dds3:play")
    deals = []
    for i in range(30):
        pos, board = position(rng, rng.choice([0, 0, 1, 2, 3, 6, 13, 30, 45]))
        play = []
        for _ in range(rng.randrange(0, 14)):
            if not board.legal_cards():
                break
            c = rng.choice(board.legal_cards())
            play.append(c)
            board = board.after(c)
        text = "".join(play)
        if i % 3 == 0:
            text = text.lower()
        code, want = oracle.analyse_play_pbn(pos[0], text, *pos[1:])
        assert code == 1
        got = dds3.analyse_play_pbn(pos[0], text, trump=pos[1], first=pos[2], current_trick_suit=pos[3],
                                    current_trick_rank=pos[4])
        assert got == want, (pos, text)
        deals.append(({"remain_cards": pos[0], "play": text, "trump": pos[1], "first": pos[2],
                       "current_trick_suit": pos[3], "current_trick_rank": pos[4]}, want))
    assert dds3.analyse_all_plays_pbn([d for d, _ in deals]) == [w for _, w in deals]


# --- Contexts and batches ----------------------------------------------------------


def sampled(pos, board, rng: random.Random, n: int) -> list:
    """``n`` deals of the position as an engine samples them: the hand to
    play and one other kept, the cards of the other two dealt again (their
    sizes kept, no revoke in the current trick)."""
    pbn, trump, first, suits, ranks = pos
    to_play = SEATS.index(board.to_play)
    keep = [to_play, (to_play + rng.randrange(1, 4)) % 4]
    swap = [s for s in range(4) if s not in keep]
    hands = [[SUITS[k] + r for k, h in enumerate(board.hand(SEATS[s]).split(".")) for r in h] for s in range(4)]
    pool = hands[swap[0]] + hands[swap[1]]
    out = []
    while len(out) < n:
        rng.shuffle(pool)
        new = list(hands)
        new[swap[0]], new[swap[1]] = pool[: len(hands[swap[0]])], pool[len(hands[swap[0]]) :]
        text = "N:" + " ".join(".".join("".join(r for r in reversed(RANKS) if s + r in set(h)) for s in SUITS)
                               for h in new)
        try:
            ddsrs.Board(text, board.strain, board.leader, board.played)
        except ddsrs.BoardError:
            continue  # a revoke in the current trick
        out.append(text)
    return out


def bens_positions():
    """BEN's shape: positions at trick 1 and later, with 0-3 cards in the
    current trick, each with sampled deals: [(position, samples)]."""
    rng = random.Random("dds3:ben")
    out = []
    for depth in (0, 1, 6, 14, 27, 31, 38, 45):
        pos, board = position(rng, depth)
        out.append((pos, sampled(pos, board, rng, 6)))
    return out


def test_context_reuse_gives_fresh_answers():
    work = [(p, *pos[1:]) for pos, samples in bens_positions() for p in samples[:3]] + positions(30, 12)
    work = work + work[::-1]
    ctx = dds3.SolverContext()
    for pos in work:
        for solutions, mode in ((1, 1), (3, 1), (2, 0), (3, 2)):
            kw = {"solutions": solutions, "mode": mode}
            reused = solve(pos, context=ctx, **kw)
            fresh = solve(pos, context=dds3.SolverContext(), **kw)
            none = solve(pos, **kw)
            assert without_nodes(reused) == without_nodes(fresh) == without_nodes(none), (pos, kw)
    # The binary form, and DDS 3's own context test deals.
    simple = {"trump": 0, "first": 0, "remain_cards": [[0x7FFC, 0, 0, 0], [0, 0x7FFC, 0, 0], [0, 0, 0x7FFC, 0],
                                                        [0, 0, 0, 0x7FFC]],
              "current_trick_suit": NO_TRICK, "current_trick_rank": NO_TRICK}
    other = dict(simple, trump=1, first=1, remain_cards=[[0, 0x7FFC, 0, 0], [0x7FFC, 0, 0, 0], [0, 0, 0x7FFC, 0],
                                                           [0, 0, 0, 0x7FFC]])
    for deal in (simple, other, simple):
        assert without_nodes(dds3.solve_board(deal, context=ctx)) == without_nodes(dds3.solve_board(deal))


def test_contexts_on_a_thread_pool_as_ben_uses_them():
    # BEN: a ThreadPoolExecutor, one SolverContext per worker thread,
    # solve_board_pbn releasing the GIL; and one context shared by threads
    # (its calls wait for each other).
    work = [(p, *pos[1:]) for pos, samples in bens_positions() for p in samples]
    expected = [without_nodes(solve(pos, solutions=3, mode=1)) for pos in work]
    local = threading.local()
    shared = dds3.SolverContext()

    def own(pos):
        if not hasattr(local, "ctx"):
            local.ctx = dds3.SolverContext()
        return without_nodes(solve(pos, solutions=3, mode=1, context=local.ctx))

    with ThreadPoolExecutor(max_workers=4) as pool:
        assert list(pool.map(own, work)) == expected
        assert list(pool.map(lambda p: without_nodes(solve(p, solutions=3, mode=1, context=shared)), work)) == expected


def test_the_gil_is_released(random_deals):
    # Held, the GIL would let this thread run only between the calls (or
    # not at all during the batch).
    from test_threads import gaps_while

    ctx = dds3.SolverContext()
    deals = random_deals[:4]
    for work in (lambda: [dds3.solve_board_pbn(d, trump=0, context=ctx) for d in deals],
                 lambda: [dds3.solve_board_pbn(d, trump=1) for d in deals]):
        iterations, longest, seconds = gaps_while(work)
        assert seconds > 0.05 and iterations > 20_000, (iterations, seconds)
    # One call: held, the GIL would stall this thread for all of it.
    iterations, longest, seconds = gaps_while(lambda: dds3.solve_boards_pbn(deals * 2, trump=2, threads=1))
    assert seconds > 0.1 and iterations > 20_000 and longest < seconds / 2, (iterations, longest, seconds)


@pytest.mark.parametrize("solutions,mode", [(1, 1), (3, 1), (2, 0), (3, 0), (1, 2)])
def test_batch_fast_path_equals_one_by_one(solutions, mode):
    for (pbn, trump, first, suits, ranks), samples in bens_positions():
        one_by_one = [without_nodes(solve((p, trump, first, suits, ranks), solutions=solutions, mode=mode))
                      for p in samples]
        for threads in (None, 1, 2):
            batch = dds3.solve_boards_pbn(samples, trump=trump, first=first, current_trick_suit=suits,
                                          current_trick_rank=ranks, solutions=solutions, mode=mode, threads=threads)
            assert without_nodes(batch) == one_by_one, (pbn, threads)


def test_batch_fast_path_on_many_deals(oracle):
    # Trick 1, one hand fixed and the others dealt at random, solutions 1 (BEN's
    # bidding shape); and the batch against DDS 2.9.
    rng = random.Random("dds3:samples")
    fixed = random_pbn(rng).split(":")[1].split(" ")[0]
    deck = [s + r for s in SUITS for r in RANKS]
    held = {s + r for s, h in zip(SUITS, fixed.split(".")) for r in h}
    rest = [c for c in deck if c not in held]
    samples = []
    for _ in range(24):
        rng.shuffle(rest)
        hands = [fixed] + [".".join("".join(r for r in reversed(RANKS) if s + r in set(rest[13 * k:13 * k + 13]))
                                    for s in SUITS) for k in range(3)]
        samples.append("N:" + " ".join(hands))
    batch = dds3.solve_boards_pbn(samples, trump=2, first=1, solutions=1, mode=1)
    for pbn, fut in zip(samples, batch):
        code, want = oracle.solve_board_pbn(pbn, 2, 1, NO_TRICK, NO_TRICK, -1, 1, 1)
        assert code == 1 and without_nodes(fut) == without_nodes(want)


def test_solve_all_boards_equal_one_by_one():
    work = [(p, *pos[1:]) for pos, samples in bens_positions() for p in samples[:2]]
    boards = []
    for i, (pbn, trump, first, suits, ranks) in enumerate(work):
        boards.append({"remain_cards": pbn, "trump": trump, "first": first, "current_trick_suit": suits,
                       "current_trick_rank": ranks, "target": -1, "solutions": 1 + i % 3, "mode": i % 3})
    expected = [without_nodes(solve(pos, solutions=b["solutions"], mode=b["mode"])) for pos, b in zip(work, boards)]
    for max_threads in (0, 1, 2):
        assert without_nodes(dds3.solve_all_boards_pbn(boards, max_threads=max_threads)) == expected
    binary = [dict(b, remain_cards=masks(b["remain_cards"])) for b in boards]
    assert without_nodes(dds3.solve_all_boards_bin(binary)) == expected
