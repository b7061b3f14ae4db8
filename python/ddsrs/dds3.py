"""DDS 3's Python interface (the pybind11 module ``dds3``) on ddsrs.

DDS 3.0 ships a Python extension, ``dds3``, whose functions take DDS's
structures as dicts, lists and PBN text and return dicts; BEN (the bridge
engine, ``src/ddsolver/ddsolver.py``) and other engines call it. This
module offers the same names, arguments, defaults and results, answered by
this solver (DDS 2.9's answers)::

    import dds3                     # before
    from ddsrs import dds3          # after

    ctx = dds3.SolverContext()
    fut = dds3.solve_board_pbn(
        "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3",
        trump=0, first=0, solutions=3, mode=1, context=ctx)
    fut["cards"], fut["score"][0]   # (9, 5)

A program that imports ``dds3`` itself (BEN does) runs unchanged once
``python -m ddsrs.dds3 --install`` has written a module ``dds3`` beside
ddsrs that star-imports this one; it refuses while a ``dds3`` that is not
ddsrs's (DDS 3's own) is installed, warns on import when one is installed
after it, and ``--uninstall`` removes it (see python/README.md, "BEN and
other dds3 users").

The results are DDS 3's: futureTricks as ``{"nodes", "cards", "suit",
"rank", "equals", "score"}`` (``suit``, ``rank``, ``equals`` and ``score``
tuples of 13 ints; suits 0-3 S, H, D, C; ranks 2-14; ``equals`` the lower
equivalent cards as a rank mask, rank r at bit r; ``score`` the tricks of
the side to play, -2 for a forced card not searched in mode 0), tables as
``{"res_table": 5 x 4}`` (strains S, H, D, C, NT by N, E, S, W), par as
``{"par_score", "par_contracts_string"}`` (DDS's texts), play analyses as
``{"number", "tricks"}``. So are the errors: a bad argument raises
``TypeError`` or ``ValueError`` with DDS 3's message, a missing key
``KeyError``, a position DDS refuses ``ValueError`` or ``RuntimeError``
(``"DDS error -14: Wrong number of remaining cards in a hand"``), as DDS 3
sorts its status codes.

Beyond DDS 3:

* ``solve_boards_pbn``: many sampled deals of one position in one call,
  solved on every core with the GIL released, returning the list of
  ``solve_board_pbn``'s dicts: the fast path for engines (BEN solves its
  samples one ``solve_board_pbn`` call at a time on a thread pool).
* No batch limits: ``solve_all_boards_*`` and ``analyse_all_plays_pbn``
  take any number of boards, ``calc_all_tables_pbn`` any number of deals
  (DDS 3 raises ``ValueError`` beyond 200 boards or 40 tables).
* ``SolverContext`` keeps its transposition table between the calls given
  it; a call without a context uses the calling thread's own solver. The
  answers never depend on either (``nodes`` does: it counts this solver's
  search, not DDS's).

The differences, as ``ddsrs.endplay``'s: with a target (or target 0) and
``solutions`` 1 or 2, DDS lists the cards in an order that depends on what
the same DDS thread solved before (the cards and scores are the same, the
order or the one card chosen may differ), and a revoke in the current
trick or in a play to analyse is refused (``RuntimeError``, DDS error -12
or -98) where DDS solves the position as given. Also refused: PBN text
with a card after a fourth hand or suit (DDS error -99; DDS reads past its
arrays) and a par table entry outside 0 to 13 (DDS error -1). The table of
a deal with fewer than 13 cards a hand follows DDS 2.9's rule (13 less the
leader's side's tricks); DDS 2.9's own answer there depends on what it
solved before. ``thread_index`` is checked as DDS 2.9 checks it (0 to the
cores less one) and selects nothing.
"""

from __future__ import annotations

import warnings
from collections.abc import Iterable, Sequence
from typing import Any, Optional

from ddsrs import _ddsrs as _native

__all__ = [
    "analyse_all_plays_pbn",
    "analyse_play_pbn",
    "api_root",
    "calc_all_tables_pbn",
    "calc_dd_table",
    "calc_par",
    "calc_par_from_table",
    "dealer_par",
    "initialise_static_memory",
    "module_name",
    "par",
    "set_max_threads",
    "SolverContext",
    "solve_all_boards_bin",
    "solve_all_boards_pbn",
    "solve_board",
    "solve_board_pbn",
    "solve_boards_pbn",
]

#: DDS 3's reusable solver context: a solver of its own, its table kept
#: between the calls given it (``context=``). Make one per thread.
SolverContext = _native.SolverContext

_INT_MIN, _INT_MAX = -(2**31), 2**31 - 1
_MASK_MAX = 0x7FFC
# The longest PBN text DDS's deal structure holds (80 bytes with the NUL),
# and the longest play text (106 with the NUL).
_PBN_MAX, _PLAY_MAX = 79, 105
_NO_TRICK = (0, 0, 0)

def _dds_error(code: int) -> Exception:
    """DDS 3's exception for a status code (``ValueError`` or
    ``RuntimeError``, ``"DDS error -14: ..."``)."""
    return _native._dds3_error(code)


def _checked(answer: tuple) -> Any:
    """The value of a native helper's ``(code, value)``, or DDS 3's
    exception for the code."""
    code, value = answer
    if code != 1:
        raise _dds_error(code)
    return value


# --- pybind11's conversions, as DDS 3's bindings get them -----------------


def _is_int(value: Any) -> bool:
    return not isinstance(value, float) and hasattr(type(value), "__index__")


def _arg_int(value: Any, func: str, name: str) -> int:
    """An ``int`` argument: an int (or anything with ``__index__``, not a
    float) that fits a C int; pybind11 refuses anything else with a
    TypeError."""
    if type(value) is int and _INT_MIN <= value <= _INT_MAX:
        return value
    if _is_int(value):
        number = value.__index__()
        if _INT_MIN <= number <= _INT_MAX:
            return int(number)
    raise TypeError(f"{func}(): incompatible function arguments: {name} must be an int (a C int), not {value!r}")


def _cast_int(value: Any, name: str) -> int:
    """``py::cast<int>`` of a value inside a list or dict: a RuntimeError
    for what is not an int."""
    if type(value) is int and _INT_MIN <= value <= _INT_MAX:
        return value
    if _is_int(value):
        number = value.__index__()
        if _INT_MIN <= number <= _INT_MAX:
            return int(number)
    raise RuntimeError(f"Unable to cast Python instance of type {type(value)} to C++ type 'int' ({name})")


def _is_sequence(value: Any) -> bool:
    """Python's sequence protocol, as ``py::sequence`` checks it."""
    return hasattr(type(value), "__getitem__") and hasattr(type(value), "__len__") and not isinstance(value, dict)


def _arg_sequence(value: Any, func: str, name: str) -> Any:
    if not _is_sequence(value):
        raise TypeError(f"{func}(): incompatible function arguments: {name} must be a sequence, not {value!r}")
    return value


def _cast_sequence(value: Any, name: str) -> Any:
    if not _is_sequence(value):
        raise RuntimeError(f"Unable to cast Python instance of type {type(value)} to C++ type 'sequence' ({name})")
    return value


def _arg_text(value: Any, func: str, name: str) -> str:
    """A ``std::string`` argument: str (or bytes)."""
    if isinstance(value, str):
        return value
    if isinstance(value, bytes):
        return value.decode("latin-1")
    raise TypeError(f"{func}(): incompatible function arguments: {name} must be a str, not {value!r}")


def _cast_text(value: Any, name: str) -> str:
    if isinstance(value, str):
        return value
    if isinstance(value, bytes):
        return value.decode("latin-1")
    raise RuntimeError(f"Unable to cast Python instance of type {type(value)} to C++ type 'str' ({name})")


def _arg_list(value: Any, func: str, name: str) -> list:
    if not isinstance(value, list):
        raise TypeError(f"{func}(): incompatible function arguments: {name} must be a list, not {value!r}")
    return value


def _arg_dict(value: Any, func: str, name: str) -> dict:
    if not isinstance(value, dict):
        raise TypeError(f"{func}(): incompatible function arguments: {name} must be a dict, not {value!r}")
    return value


def _cast_dict(value: Any, name: str) -> dict:
    if not isinstance(value, dict):
        raise RuntimeError(f"Unable to cast Python instance of type {type(value)} to C++ type 'dict' ({name})")
    return value


# --- DDS 3's converters (python/src/converters.cpp) -----------------------


def _bounded(value: int, low: int, high: int, name: str) -> int:
    if not low <= value <= high:
        raise ValueError(f"{name} has invalid value {value} (expected range {low}..{high})")
    return value


def _bounded_ints(values: Any, size: int, low: int, high: int, name: str) -> list:
    if len(values) != size:
        raise ValueError(f"{name} must have size {size}")
    out = [_cast_int(v, name) for v in values]
    for v in out:
        _bounded(v, low, high, name)
    return out


def _trick(suits: Any, ranks: Any) -> tuple:
    """The current trick's suits and ranks, checked as DDS 3 checks them."""
    suits = _bounded_ints(suits, 3, 0, 3, "current_trick_suit")
    ranks = _bounded_ints(ranks, 3, 0, 14, "current_trick_rank")
    for v in ranks:
        if v == 1:
            raise ValueError(f"current_trick_rank has invalid value {v} (expected 0 or 2..14)")
    return tuple(suits), tuple(ranks)


def _seat_and_strain(trump: int, first: int) -> None:
    _bounded(trump, 0, 4, "trump")
    _bounded(first, 0, 3, "first")


def _pbn_length(remain_cards: str, where: str = "") -> None:
    """The length of PBN text that DDS's deal structure holds (79 bytes);
    ``where`` names a batch's board in the message."""
    size = len(remain_cards.encode())
    if size > _PBN_MAX:
        raise ValueError(f"remain_cards PBN string is too long ({size} bytes, maximum {_PBN_MAX}){where}")


def _pbn_deal(remain_cards: str, trump: int, first: int, suits: Any, ranks: Any) -> tuple:
    """DDS 3's ``pbn_to_deal``: the checks of a PBN position's arguments."""
    _seat_and_strain(trump, first)
    _pbn_length(remain_cards)
    return _trick(suits, ranks)


def _masks(rows: Any, name: str, what: str) -> list:
    """A 4 x 4 list of DDS's rank masks (hand by suit), each 0..0x7FFC."""
    rows = _cast_sequence(rows, name)
    if len(rows) != 4:
        raise ValueError(f"{name} must have 4 rows")
    out = []
    for row in rows:
        row = _cast_sequence(row, name)
        if len(row) != 4:
            raise ValueError(f"each {name} row must have 4 values")
        values = []
        for v in row:
            v = _cast_int(v, name)
            if not 0 <= v <= _MASK_MAX:
                raise ValueError(f"{what} has invalid value {v} (expected range 0..0x7FFC)")
            values.append(v)
        out.append(values)
    return out


def _dict_deal(deal: dict) -> tuple:
    """DDS 3's ``dict_to_deal``: (cards, trump, first, suits, ranks)."""
    trump = _bounded(_cast_int(deal["trump"], "trump"), 0, 4, "trump")
    first = _bounded(_cast_int(deal["first"], "first"), 0, 3, "first")
    suits = _cast_sequence(deal["current_trick_suit"], "current_trick_suit")
    ranks = _cast_sequence(deal["current_trick_rank"], "current_trick_rank")
    suits, ranks = _trick(suits, ranks)
    cards = _masks(deal["remain_cards"], "remain_cards", "remain_cards")
    return cards, trump, first, suits, ranks


def _context(context: Any) -> Optional[Any]:
    if context is None or isinstance(context, SolverContext):
        return context
    raise RuntimeError(f"Unable to cast Python instance of type {type(context)} to C++ type 'SolverContext'")


def _vulnerable(vulnerable: int) -> int:
    if not 0 <= vulnerable <= 3:
        raise ValueError(f"vulnerable has invalid value {vulnerable} (expected 0=none, 1=both, 2=NS, 3=EW)")
    return vulnerable


def _table_rows(table_results: dict) -> list:
    """DDS 3's ``dict_to_dd_table_results``: the 5 x 4 ``res_table``."""
    rows = _cast_sequence(table_results["res_table"], "res_table")
    if len(rows) != 5:
        raise ValueError("res_table must have 5 rows")
    out = []
    for row in rows:
        row = _cast_sequence(row, "res_table")
        if len(row) != 4:
            raise ValueError("each res_table row must have 4 values")
        out.append([_cast_int(v, "res_table") for v in row])
    return out


# --- Solving ---------------------------------------------------------------


def solve_board(
    deal: dict,
    target: int = -1,
    solutions: int = 3,
    mode: int = 0,
    thread_index: int = 0,
    context: Optional[Any] = None,
) -> dict:
    """DDS's SolveBoard of a position in DDS's binary form: ``deal`` holds
    ``trump`` (0-3 S, H, D, C; 4 NT), ``first`` (the leader of the current
    trick, 0-3 N, E, S, W), ``remain_cards`` (4 x 4 rank masks, hand by
    suit, rank r at bit r) and ``current_trick_suit``/``current_trick_rank``
    (3 ints each; rank 0 for no card). ``target`` -1 (the most tricks) or
    0-13; ``solutions`` 1 (one best card), 2 (every best card), 3 (every
    card); ``mode`` 0 does not search a forced card (score -2), 1 and 2
    always search. Returns DDS's futureTricks as a dict: ``nodes``,
    ``cards``, and 13-tuples ``suit``, ``rank``, ``equals``, ``score``.

    >>> deal = {"trump": 4, "first": 0, "current_trick_suit": (0, 0, 0), "current_trick_rank": (0, 0, 0),
    ...         "remain_cards": [[0x4000, 0, 0, 0], [0x2000, 0, 0, 0], [0, 0x4000, 0, 0], [0, 0, 0x4000, 0]]}
    >>> fut = solve_board(deal)
    >>> fut["cards"], fut["suit"][0], fut["rank"][0], fut["score"][0]
    (1, 0, 14, 1)
    """
    func = "solve_board"
    deal = _arg_dict(deal, func, "deal")
    target = _arg_int(target, func, "target")
    solutions = _arg_int(solutions, func, "solutions")
    mode = _arg_int(mode, func, "mode")
    thread_index = _arg_int(thread_index, func, "thread_index")
    cards, trump, first, suits, ranks = _dict_deal(deal)
    context = _context(context)
    return _native._dds3_solve(cards, trump, first, suits, ranks, target, solutions, mode, thread_index, context)


def solve_board_pbn(
    remain_cards: str,
    trump: int = 4,
    first: int = 0,
    current_trick_suit: Sequence[int] = _NO_TRICK,
    current_trick_rank: Sequence[int] = _NO_TRICK,
    target: int = -1,
    solutions: int = 3,
    mode: int = 0,
    thread_index: int = 0,
    context: Optional[Any] = None,
) -> dict:
    """DDS's SolveBoardPBN: ``solve_board`` of a position given as PBN text
    of the cards still held (``"N:AK.Q.. ..."``, at most 79 bytes), with
    the other fields as arguments. With a ``context`` (a
    ``SolverContext``), its solver answers, its table kept warm between
    calls; the GIL is released during the search.

    >>> pbn = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3"
    >>> fut = solve_board_pbn(pbn, trump=0, first=0, solutions=1, mode=1, context=SolverContext())
    >>> fut["cards"], fut["score"][0]
    (1, 5)
    >>> solve_board_pbn(pbn, trump=5)
    Traceback (most recent call last):
    ...
    ValueError: trump has invalid value 5 (expected range 0..4)
    """
    func = "solve_board_pbn"
    remain_cards = _arg_text(remain_cards, func, "remain_cards")
    trump = _arg_int(trump, func, "trump")
    first = _arg_int(first, func, "first")
    current_trick_suit = _arg_sequence(current_trick_suit, func, "current_trick_suit")
    current_trick_rank = _arg_sequence(current_trick_rank, func, "current_trick_rank")
    target = _arg_int(target, func, "target")
    solutions = _arg_int(solutions, func, "solutions")
    mode = _arg_int(mode, func, "mode")
    thread_index = _arg_int(thread_index, func, "thread_index")
    suits, ranks = _pbn_deal(remain_cards, trump, first, current_trick_suit, current_trick_rank)
    context = _context(context)
    return _native._dds3_solve(
        remain_cards, trump, first, suits, ranks, target, solutions, mode, thread_index, context
    )


def _trick_arg(value: Any, func: str, name: str) -> Any:
    """``solve_boards_pbn``'s current-trick argument: None for no card, or
    a sequence (not a string) of 3 ints."""
    if value is None:
        return _NO_TRICK
    if isinstance(value, str):
        raise TypeError(f"{name} must be a sequence of 3 ints, not a string")
    return _arg_sequence(value, func, name)


def solve_boards_pbn(
    pbns: Iterable[str],
    trump: int = 4,
    first: int = 0,
    current_trick_suit: Optional[Sequence[int]] = None,
    current_trick_rank: Optional[Sequence[int]] = None,
    target: int = -1,
    solutions: int = 3,
    mode: int = 0,
    threads: Optional[int] = None,
) -> list:
    """Many sampled deals of one position, solved on every core: the batch
    fast path for engines (BEN's ``DDSolver.solve``, a Monte Carlo player's
    samples). Each deal is PBN text of the cards still held (as
    ``solve_board_pbn``'s ``remain_cards``); the strain (``trump``, 0-3 S,
    H, D, C, 4 NT), the leader of the current trick (``first``, 0-3 N, E,
    S, W), its cards so far (``current_trick_suit``,
    ``current_trick_rank``), ``target``, ``solutions`` and ``mode`` are
    shared, with ``solve_board_pbn``'s meanings and defaults. The answer is
    the list of ``solve_board_pbn``'s dicts, one per deal in input order
    (the same answers, ``nodes`` aside), got in one native call with the
    GIL released: no Python thread pool, no per-deal solver call.
    ``threads``: None or 0 for every core, else that many.

    A bad argument raises as ``solve_board_pbn`` does (``ValueError``,
    ``TypeError``); a bad deal raises DDS 3's exception for it, naming its
    index (``RuntimeError: DDS error -14: ... (board 4, index 3)``), before
    anything is solved (a text over 79 bytes before any text is read).
    There is no limit on the number of deals.

    >>> deals = ["N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3",
    ...          "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3"]
    >>> [(f["cards"], f["score"][0]) for f in solve_boards_pbn(deals, trump=0, first=0, solutions=1, mode=1)]
    [(1, 5), (1, 5)]
    >>> after_ct = "N:QJ6.K652.J85.98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3"
    >>> f = solve_boards_pbn([after_ct], trump=0, first=0, current_trick_suit=(3, 0, 0),
    ...                      current_trick_rank=(10, 0, 0))[0]  # North led the CT: East's CQ, C4
    >>> f["cards"], f["suit"][:2], f["rank"][:2], f["score"][:2]
    (2, (3, 3), (12, 4), (8, 8))
    """
    func = "solve_boards_pbn"
    trump = _arg_int(trump, func, "trump")
    first = _arg_int(first, func, "first")
    current_trick_suit = _trick_arg(current_trick_suit, func, "current_trick_suit")
    current_trick_rank = _trick_arg(current_trick_rank, func, "current_trick_rank")
    target = _arg_int(target, func, "target")
    solutions = _arg_int(solutions, func, "solutions")
    mode = _arg_int(mode, func, "mode")
    _seat_and_strain(trump, first)
    suits, ranks = _trick(current_trick_suit, current_trick_rank)
    if isinstance(pbns, str):
        raise TypeError("pbns must be a sequence of PBN texts, not one string")
    texts = []
    for i, text in enumerate(pbns):
        if not isinstance(text, str):
            raise TypeError(f"pbns[{i}] must be PBN text (str), not {type(text).__name__}")
        _pbn_length(text, f" (board {i + 1}, index {i})")
        texts.append(text)
    return _native._dds3_solve_pbns(texts, trump, first, suits, ranks, target, solutions, mode, threads)


def _optional(board: dict, key: str, cast, default):
    """An optional key of a batch item's dict, cast as DDS 3 casts it."""
    return cast(board[key], key) if key in board else default


def _board_options(board: dict) -> tuple:
    return (
        _optional(board, "target", _cast_int, -1),
        _optional(board, "solutions", _cast_int, 3),
        _optional(board, "mode", _cast_int, 0),
    )


def solve_all_boards_pbn(boards: list, max_threads: int = 0) -> list:
    """DDS's SolveAllBoards: ``solve_board_pbn`` for many positions on
    every core (``max_threads`` > 0: that many threads). Each board is a
    dict with ``remain_cards`` (PBN text) and, optionally, ``trump`` (4),
    ``first`` (0), ``current_trick_suit``/``current_trick_rank``
    ((0, 0, 0)), ``target`` (-1), ``solutions`` (3) and ``mode`` (0).
    Returns one futureTricks dict per board. A bad board raises before
    anything is solved. No limit on the number of boards.

    >>> pbn = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3"
    >>> [f["score"][0] for f in solve_all_boards_pbn([{"remain_cards": pbn}, {"remain_cards": pbn, "trump": 0}])]
    [7, 5]
    """
    func = "solve_all_boards_pbn"
    boards = _arg_list(boards, func, "boards")
    max_threads = _arg_int(max_threads, func, "max_threads")
    items = []
    for board in boards:
        board = _cast_dict(board, "boards")
        remain_cards = _cast_text(board["remain_cards"], "remain_cards")
        trump = _optional(board, "trump", _cast_int, 4)
        first = _optional(board, "first", _cast_int, 0)
        suits = _optional(board, "current_trick_suit", _cast_sequence, _NO_TRICK)
        ranks = _optional(board, "current_trick_rank", _cast_sequence, _NO_TRICK)
        suits, ranks = _pbn_deal(remain_cards, trump, first, suits, ranks)
        items.append((remain_cards, trump, first, suits, ranks, *_board_options(board)))
    return _native._dds3_solve_all(items, max(max_threads, 0))


def solve_all_boards_bin(boards: list, max_threads: int = 0) -> list:
    """DDS's SolveAllBoardsBin: ``solve_board`` for many positions on every
    core (``max_threads`` > 0: that many threads). Each board is
    ``solve_board``'s ``deal`` dict with, optionally, ``target`` (-1),
    ``solutions`` (3) and ``mode`` (0). Returns one futureTricks dict per
    board. No limit on the number of boards.

    >>> deal = {"trump": 4, "first": 0, "current_trick_suit": (0, 0, 0), "current_trick_rank": (0, 0, 0),
    ...         "remain_cards": [[0x4000, 0, 0, 0], [0x2000, 0, 0, 0], [0, 0x4000, 0, 0], [0, 0, 0x4000, 0]]}
    >>> [f["score"][0] for f in solve_all_boards_bin([deal, dict(deal, first=1)])]
    [1, 0]
    """
    func = "solve_all_boards_bin"
    boards = _arg_list(boards, func, "boards")
    max_threads = _arg_int(max_threads, func, "max_threads")
    items = []
    for board in boards:
        board = _cast_dict(board, "boards")
        cards, trump, first, suits, ranks = _dict_deal(board)
        items.append((cards, trump, first, suits, ranks, *_board_options(board)))
    return _native._dds3_solve_all(items, max(max_threads, 0))


# --- Tables and par --------------------------------------------------------


def _checked_table_cards(cards: list) -> tuple:
    """DDS's checks of a table deal's cards (CalcDDtable's), raising DDS
    3's exception; the cards held and whether the deal is full."""
    return _checked(_native._dds29_table_deal(cards))


def _tables(deals: list, strains: list, threads: Optional[int]) -> list:
    """The tables (5 x 4 lists; strains not asked for hold 0) of checked
    deals (``_checked_table_cards``'s)."""
    out: list = [None] * len(deals)
    full = [i for i, (_held, is_full) in enumerate(deals) if is_full]
    if full:
        try:
            tables = _native.dd_tables([deals[i][0] for i in full], threads=threads, strains=strains)
        except _native.InputError as e:
            raise _dds_error(e.code) from None
        for i, table in zip(full, tables.tolist()):
            out[i] = [[int(t) if s in strains else 0 for t in row] for s, row in enumerate(table)]
    short = [i for i, (_held, is_full) in enumerate(deals) if not is_full]
    if short:
        # DDS 2.9's tables of deals with fewer than 13 cards a hand.
        tables = _checked(_native._dds29_short_tables([deals[i][0] for i in short], strains, threads))
        for i, rows in zip(short, tables):
            out[i] = rows
    return out


def _table_of(cards: list) -> list:
    return _tables([_checked_table_cards(cards)], list(range(5)), 1)[0]


def calc_dd_table(table_deal: dict) -> dict:
    """DDS's CalcDDtable: the double dummy table of ``table_deal["cards"]``
    (4 x 4 rank masks, hand by suit) as ``{"res_table": 5 x 4}``, strains
    S, H, D, C, NT by declarers N, E, S, W.

    >>> R = {r: 1 << (i + 2) for i, r in enumerate("23456789TJQKA")}
    >>> hands = ["QJ6.K652.J85.T98", "873.J97.AT764.Q4", "K5.T83.KQ9.A7652", "AT942.AQ4.32.KJ3"]
    >>> cards = [[sum(R[c] for c in suit) for suit in hand.split(".")] for hand in hands]
    >>> calc_dd_table({"cards": cards})["res_table"]
    [[5, 8, 5, 8], [6, 6, 6, 6], [5, 7, 5, 7], [7, 5, 7, 5], [6, 6, 6, 6]]
    """
    table_deal = _arg_dict(table_deal, "calc_dd_table", "table_deal")
    cards = _masks(table_deal["cards"], "cards", "cards")
    return {"res_table": _table_of(cards)}


def _par_dict(rows: list, vulnerable: int) -> dict:
    try:
        sides = _native.par(rows, vulnerable)
    except (_native.InputError, OverflowError, TypeError):
        raise _dds_error(-1) from None
    return {"par_score": sides.score_texts(), "par_contracts_string": sides.contract_texts()}


def calc_all_tables_pbn(
    deals_pbn: list,
    mode: int = -1,
    trump_filter: Sequence[int] = (0, 0, 0, 0, 0),
    max_threads: int = 0,
) -> dict:
    """DDS's CalcAllTablesPBN: the tables of many PBN deals on every core
    (``max_threads`` > 0: that many threads). ``trump_filter`` leaves
    strains out (1: out; order S, H, D, C, NT; their rows hold 0); ``mode``
    is the vulnerability of par (-1 no par, 0 none, 1 both, 2 NS, 3 EW; par
    needs every strain). Returns ``{"no_of_boards", "tables":
    [{"res_table"}...], "par_results": [{"par_score",
    "par_contracts_string"}...]}``. No limit on the number of deals.

    >>> pbn = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3"
    >>> result = calc_all_tables_pbn([pbn], mode=0)
    >>> result["no_of_boards"], result["tables"][0]["res_table"][4]
    (20, [6, 6, 6, 6])
    >>> result["par_results"][0]
    {'par_score': ['NS -110', 'EW 110'], 'par_contracts_string': ['NS:EW 2S', 'EW:EW 2S']}
    """
    func = "calc_all_tables_pbn"
    deals_pbn = _arg_list(deals_pbn, func, "deals_pbn")
    mode = _arg_int(mode, func, "mode")
    trump_filter = _arg_sequence(trump_filter, func, "trump_filter")
    max_threads = _arg_int(max_threads, func, "max_threads")
    if not -1 <= mode <= 3:
        raise ValueError(f"mode has invalid value {mode} (expected -1=disabled, 0=none, 1=both, 2=NS, 3=EW)")
    skipped = _bounded_ints(trump_filter, 5, 0, 1, "trump_filter")
    strains = [s for s in range(5) if not skipped[s]]
    if mode != -1 and len(strains) != 5:
        raise ValueError(
            "Par computation (mode != -1) requires all strains to be included (trump_filter must be all zeros)"
        )
    texts = []
    for i, pbn in enumerate(deals_pbn):
        text = _cast_text(pbn, "deals_pbn")
        if len(text.encode()) > _PBN_MAX:
            raise ValueError(f"PBN string at index {i} is too long (max {_PBN_MAX} characters)")
        texts.append(text)
    cards = [_native._dds3_read_pbn(text) for text in texts]
    if not strains:
        raise _dds_error(-201)
    checked = [_checked_table_cards(c) for c in cards]
    tables = _tables(checked, strains, max_threads if max_threads > 0 else None)
    result = {
        "no_of_boards": 4 * len(strains) * len(tables),
        "tables": [{"res_table": rows} for rows in tables],
        "par_results": [],
    }
    if mode != -1:
        result["par_results"] = [_par_dict(rows, mode) for rows in tables]
    return result


def par(table_results: dict, vulnerable: int = 0) -> dict:
    """DDS's Par: par for each side starting the bidding, from a table
    (``{"res_table": 5 x 4}``, as ``calc_dd_table`` gives), as
    ``{"par_score": ["NS ...", "EW ..."], "par_contracts_string": [...]}``.

    >>> table = {"res_table": [[5, 8, 5, 8], [6, 6, 6, 6], [5, 7, 5, 7], [7, 5, 7, 5], [6, 6, 6, 6]]}
    >>> par(table, vulnerable=0)
    {'par_score': ['NS -110', 'EW 110'], 'par_contracts_string': ['NS:EW 2S', 'EW:EW 2S']}
    """
    func = "par"
    table_results = _arg_dict(table_results, func, "table_results")
    vulnerable = _vulnerable(_arg_int(vulnerable, func, "vulnerable"))
    return _par_dict(_table_rows(table_results), vulnerable)


def calc_par(table_deal: dict, vulnerable: int = 0) -> dict:
    """DDS 3's calc_par: the table of ``table_deal["cards"]`` and its par,
    as ``{"dd_table": {"res_table"}, "par_results": {"par_score",
    "par_contracts_string"}}``.

    >>> R = {r: 1 << (i + 2) for i, r in enumerate("23456789TJQKA")}
    >>> hands = ["QJ6.K652.J85.T98", "873.J97.AT764.Q4", "K5.T83.KQ9.A7652", "AT942.AQ4.32.KJ3"]
    >>> cards = [[sum(R[c] for c in suit) for suit in hand.split(".")] for hand in hands]
    >>> calc_par({"cards": cards}, vulnerable=1)["par_results"]["par_score"]
    ['NS -110', 'EW 110']
    """
    func = "calc_par"
    table_deal = _arg_dict(table_deal, func, "table_deal")
    vulnerable = _vulnerable(_arg_int(vulnerable, func, "vulnerable"))
    cards = _masks(table_deal["cards"], "cards", "cards")
    rows = _table_of(cards)
    return {"dd_table": {"res_table": rows}, "par_results": _par_dict(rows, vulnerable)}


def calc_par_from_table(table_results: dict, vulnerable: int = 0) -> dict:
    """DDS 3's calc_par_from_table: ``par`` of a table.

    >>> table = {"res_table": [[5, 8, 5, 8], [6, 6, 6, 6], [5, 7, 5, 7], [7, 5, 7, 5], [6, 6, 6, 6]]}
    >>> calc_par_from_table(table, vulnerable=3)["par_contracts_string"]
    ['NS:EW 2S', 'EW:EW 2S']
    """
    func = "calc_par_from_table"
    table_results = _arg_dict(table_results, func, "table_results")
    vulnerable = _vulnerable(_arg_int(vulnerable, func, "vulnerable"))
    return _par_dict(_table_rows(table_results), vulnerable)


def dealer_par(table_results: dict, dealer: int, vulnerable: int = 0) -> dict:
    """DDS's DealerPar: par when ``dealer`` (0-3 N, E, S, W) starts the
    auction, from a table, as ``{"score", "number", "contracts"}``
    (North-South's score, DDS's contract texts).

    >>> table = {"res_table": [[4, 9, 4, 9], [10, 2, 10, 2], [8, 3, 8, 3], [6, 7, 6, 7], [9, 3, 9, 3]]}
    >>> dealer_par(table, dealer=1, vulnerable=2)
    {'score': 100, 'number': 1, 'contracts': ['4S*-EW-1']}
    """
    func = "dealer_par"
    table_results = _arg_dict(table_results, func, "table_results")
    dealer = _arg_int(dealer, func, "dealer")
    vulnerable = _arg_int(vulnerable, func, "vulnerable")
    if not 0 <= dealer <= 3:
        raise ValueError(f"dealer has invalid value {dealer} (expected 0=N, 1=E, 2=S, 3=W)")
    _vulnerable(vulnerable)
    rows = _table_rows(table_results)
    try:
        result = _native.dealer_par(rows, dealer, vulnerable)
    except (_native.InputError, OverflowError, TypeError):
        raise _dds_error(-1) from None
    contracts = result.dealer_texts()[:10]
    return {"score": result.score, "number": len(contracts), "contracts": contracts}


# --- Play analysis ---------------------------------------------------------


def _prepare_play(
    remain_cards: str, play: str, trump: int, first: int, suits: tuple, ranks: tuple, thread_index: int
) -> tuple:
    """DDS's AnalysePlayPBN set-up: the PBN read, the play read, the checks
    (as DDS, in DDS's order), and the request that gives its values (the
    current trick's cards put back in their hands and played first), with
    the slice of the answer DDS returns: ``(request, in_trick, analysed,
    number)``."""
    cards = _native._dds3_read_pbn(remain_cards)
    played = _native._dds3_read_play(play)
    return _checked(_native._dds29_play(cards, trump, first, suits, ranks, played, thread_index))


def _solved_play(analysis, k: int, analysed: int, number: int) -> dict:
    tricks = list(analysis.tricks[k : k + analysed + 1])
    count = max(0, min(number, 53))
    return {"number": count, "tricks": tricks[:count]}


def analyse_play_pbn(
    remain_cards: str,
    play: str,
    trump: int = 4,
    first: int = 0,
    current_trick_suit: Sequence[int] = _NO_TRICK,
    current_trick_rank: Sequence[int] = _NO_TRICK,
    thread_index: int = 0,
) -> dict:
    """DDS's AnalysePlayPBN: declarer's side's double dummy tricks (declarer
    on the right of ``first``) before ``play`` (``"S6H2..."``, two
    characters a card) and after each of its cards, as ``{"number",
    "tricks"}``.

    >>> pbn = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3"
    >>> analyse_play_pbn(pbn, "CTC4CACJ", trump=0, first=0)
    {'number': 5, 'tricks': [8, 8, 8, 8, 8]}
    """
    func = "analyse_play_pbn"
    remain_cards = _arg_text(remain_cards, func, "remain_cards")
    play = _arg_text(play, func, "play")
    trump = _arg_int(trump, func, "trump")
    first = _arg_int(first, func, "first")
    current_trick_suit = _arg_sequence(current_trick_suit, func, "current_trick_suit")
    current_trick_rank = _arg_sequence(current_trick_rank, func, "current_trick_rank")
    thread_index = _arg_int(thread_index, func, "thread_index")
    suits, ranks = _pbn_deal(remain_cards, trump, first, current_trick_suit, current_trick_rank)
    size = len(play.encode())
    if size > _PLAY_MAX:
        raise ValueError(f"play string is too long ({size} chars, maximum {_PLAY_MAX})")
    if size % 2:
        raise ValueError("play string length must be even (2 characters per card)")
    request, k, analysed, number = _prepare_play(remain_cards, play, trump, first, suits, ranks, thread_index)
    try:
        analysis = _native.analyse_play(*request)
    except _native.InputError as e:
        raise _dds_error(e.code) from None
    return _solved_play(analysis, k, analysed, number)


def analyse_all_plays_pbn(deals: list) -> list:
    """DDS's AnalyseAllPlaysPBN: ``analyse_play_pbn`` for many deals on
    every core. Each deal is a dict with ``remain_cards`` and ``play`` and,
    optionally, ``trump`` (4), ``first`` (0) and
    ``current_trick_suit``/``current_trick_rank`` ((0, 0, 0)). No limit on
    the number of deals.

    >>> pbn = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3"
    >>> analyse_all_plays_pbn([{"remain_cards": pbn, "play": "CT", "trump": 0}, {"remain_cards": pbn, "play": ""}])
    [{'number': 2, 'tricks': [8, 8]}, {'number': 1, 'tricks': [6]}]
    """
    func = "analyse_all_plays_pbn"
    deals = _arg_list(deals, func, "deals")
    read = []
    for i, deal in enumerate(deals):
        deal = _cast_dict(deal, "deals")
        remain_cards = _cast_text(deal["remain_cards"], "remain_cards")
        play = _cast_text(deal["play"], "play")
        trump = _optional(deal, "trump", _cast_int, 4)
        first = _optional(deal, "first", _cast_int, 0)
        suits = _optional(deal, "current_trick_suit", _cast_sequence, _NO_TRICK)
        ranks = _optional(deal, "current_trick_rank", _cast_sequence, _NO_TRICK)
        suits, ranks = _pbn_deal(remain_cards, trump, first, suits, ranks)
        size = len(play.encode())
        if size > _PLAY_MAX or size % 2:
            raise ValueError(f"play string at index {i} is invalid (even length, at most {_PLAY_MAX} chars)")
        read.append((remain_cards, play, trump, first, suits, ranks))
    # DDS analyses every board and returns the first failure by index.
    faults = {}
    prepared = []
    for i, (remain_cards, play, trump, first, suits, ranks) in enumerate(read):
        try:
            prepared.append((i, _prepare_play(remain_cards, play, trump, first, suits, ranks, 0)))
        except (ValueError, RuntimeError) as e:
            faults[i] = e
    answers, errors = _native.analyse_plays([p[1][0] for p in prepared], errors="return")
    for e in errors:
        faults[prepared[e.index][0]] = _dds_error(e.code)
    if faults:
        raise faults[min(faults)]
    return [_solved_play(a, k, analysed, number) for a, (_i, (_r, k, analysed, number)) in zip(answers, prepared)]


# --- The rest of DDS 3's module ---------------------------------------------


def initialise_static_memory() -> None:
    """DDS 3's InitializeStaticMemory: nothing to do here (each solver
    allocates its table as its searches need it).

    >>> initialise_static_memory()
    """
    return None


def set_max_threads(user_threads: int = 0) -> None:
    """DDS 3's deprecated SetMaxThreads: warns (``DeprecationWarning``) and
    ignores ``user_threads``, as DDS 3 does. The batches use every core
    (or their ``max_threads``/``threads``).

    >>> import warnings
    >>> with warnings.catch_warnings():
    ...     warnings.simplefilter("ignore")
    ...     set_max_threads(4)
    """
    _arg_int(user_threads, "set_max_threads", "user_threads")
    warnings.warn(
        "set_max_threads() is deprecated; use initialise_static_memory(). The user_threads argument is ignored.",
        DeprecationWarning,
        stacklevel=2,
    )


def api_root() -> str:
    """DDS 3's header name, as its module answers: ``"dds.hpp"``.

    >>> api_root()
    'dds.hpp'
    """
    return "dds.hpp"


def module_name() -> str:
    """DDS 3's extension module's name, as it answers: ``"_dds3"``.

    >>> module_name()
    '_dds3'
    """
    return "_dds3"


if __name__ == "__main__":
    # ``python -m ddsrs.dds3 [--install | --uninstall]``: the module ``dds3``
    # of DDS 3's name, standing in for it (ddsrs/_dds3_shim.py).
    import sys

    from ddsrs._dds3_shim import main as _main

    sys.exit(_main())
