"""The arguments of ``ddsrs.dds3``'s functions, checked and converted as
DDS 3's bindings (pybind11 and DDS 3's ``python/src/converters.cpp``) do,
with their exceptions and messages, and DDS 3's exceptions for DDS's status
codes.

Each function's arguments are described once, in :data:`SIGNATURES` (name
and kind, in the order the bindings check them), and checked by one
function, :func:`arguments`; so are the keys of a batch item's dict
(:data:`PBN_BOARD`, :data:`PLAY_DEAL`, :data:`OPTIONS`, checked by
:func:`fields`). A kind is what pybind11 converts the value to: an
argument of the wrong type raises ``TypeError`` ("incompatible function
arguments"), a value inside a list or dict ``RuntimeError`` ("Unable to
cast"). The ranges (DDS 3's converters) raise ``ValueError``.
"""

from __future__ import annotations

from typing import Any, Callable, Dict, Optional, Tuple

from ddsrs import _ddsrs as _native

#: DDS 3's reusable solver context (``context=``).
SolverContext = _native.SolverContext

_INT_MIN, _INT_MAX = -(2**31), 2**31 - 1
_MASK_MAX = 0x7FFC
# The longest PBN text DDS's deal structure holds (80 bytes with the NUL),
# and the longest play text (106 with the NUL).
PBN_MAX, PLAY_MAX = 79, 105
NO_TRICK = (0, 0, 0)
# The kinds of value pybind11 converts to.
INT, TEXT, SEQUENCE, LIST, DICT, TRICK = "int", "str", "sequence", "list", "dict", "trick"
# A dict key without a default.
REQUIRED = object()
_BAD = object()


def dds_error(code: int) -> Exception:
    """DDS 3's exception for a status code (``ValueError`` or
    ``RuntimeError``, ``"DDS error -14: ..."``)."""
    return _native._dds3_error(code)


def checked(answer: tuple) -> Any:
    """The value of a native helper's ``(code, value)``, or DDS 3's
    exception for the code."""
    code, value = answer
    if code != _native.RETURN_NO_FAULT:
        raise dds_error(code)
    return value


# --- pybind11's conversions, as DDS 3's bindings get them -----------------


def _as_int(value: Any) -> Any:
    """A C int: an int (or anything with ``__index__``, not a float) that
    fits one."""
    if type(value) is int and _INT_MIN <= value <= _INT_MAX:
        return value
    if not isinstance(value, float) and hasattr(type(value), "__index__"):
        number = value.__index__()
        if _INT_MIN <= number <= _INT_MAX:
            return int(number)
    return _BAD


def _as_sequence(value: Any) -> Any:
    """Python's sequence protocol, as ``py::sequence`` checks it."""
    if hasattr(type(value), "__getitem__") and hasattr(type(value), "__len__") and not isinstance(value, dict):
        return value
    return _BAD


def _as_text(value: Any) -> Any:
    """A ``std::string``: str (or bytes)."""
    if isinstance(value, str):
        return value
    if isinstance(value, bytes):
        return value.decode("latin-1")
    return _BAD


def _as_type(kind: type) -> Callable[[Any], Any]:
    return lambda value: value if isinstance(value, kind) else _BAD


#: Each kind's conversion (the value, or ``_BAD``), its name in an
#: argument's TypeError and its C++ type in a cast's RuntimeError.
_KINDS: Dict[str, Tuple[Callable[[Any], Any], str, str]] = {
    INT: (_as_int, "an int (a C int)", "int"),
    TEXT: (_as_text, "a str", "str"),
    SEQUENCE: (_as_sequence, "a sequence", "sequence"),
    LIST: (_as_type(list), "a list", "list"),
    DICT: (_as_type(dict), "a dict", "dict"),
}


def argument(kind: str, value: Any, func: str, name: str) -> Any:
    """A function's argument converted to ``kind``, or pybind11's
    TypeError. ``TRICK``: ``solve_boards_pbn``'s current-trick argument,
    None for no card or a sequence (not a string)."""
    if kind == TRICK:
        if value is None:
            return NO_TRICK
        if isinstance(value, str):
            raise TypeError(f"{name} must be a sequence of 3 ints, not a string")
        kind = SEQUENCE
    convert, what, _ctype = _KINDS[kind]
    out = convert(value)
    if out is _BAD:
        raise TypeError(f"{func}(): incompatible function arguments: {name} must be {what}, not {value!r}")
    return out


def cast(kind: str, value: Any, name: str) -> Any:
    """``py::cast`` of a value inside a list or dict: the value converted
    to ``kind``, or a RuntimeError."""
    convert, _what, ctype = _KINDS[kind]
    out = convert(value)
    if out is _BAD:
        raise RuntimeError(f"Unable to cast Python instance of type {type(value)} to C++ type '{ctype}' ({name})")
    return out


#: The arguments of each function, name and kind, in the order the
#: bindings check them (a context is checked after the position).
SIGNATURES: Dict[str, Tuple[Tuple[str, str], ...]] = {
    "solve_board": (("deal", DICT), ("target", INT), ("solutions", INT), ("mode", INT), ("thread_index", INT)),
    "solve_board_pbn": (
        ("remain_cards", TEXT), ("trump", INT), ("first", INT), ("current_trick_suit", SEQUENCE),
        ("current_trick_rank", SEQUENCE), ("target", INT), ("solutions", INT), ("mode", INT), ("thread_index", INT),
    ),  # fmt: skip
    "solve_boards_pbn": (
        ("trump", INT), ("first", INT), ("current_trick_suit", TRICK), ("current_trick_rank", TRICK),
        ("target", INT), ("solutions", INT), ("mode", INT),
    ),  # fmt: skip
    "solve_all_boards_pbn": (("boards", LIST), ("max_threads", INT)),
    "solve_all_boards_bin": (("boards", LIST), ("max_threads", INT)),
    "calc_dd_table": (("table_deal", DICT),),
    "calc_all_tables_pbn": (("deals_pbn", LIST), ("mode", INT), ("trump_filter", SEQUENCE), ("max_threads", INT)),
    "par": (("table_results", DICT), ("vulnerable", INT)),
    "calc_par": (("table_deal", DICT), ("vulnerable", INT)),
    "calc_par_from_table": (("table_results", DICT), ("vulnerable", INT)),
    "dealer_par": (("table_results", DICT), ("dealer", INT), ("vulnerable", INT)),
    "analyse_play_pbn": (
        ("remain_cards", TEXT), ("play", TEXT), ("trump", INT), ("first", INT), ("current_trick_suit", SEQUENCE),
        ("current_trick_rank", SEQUENCE), ("thread_index", INT),
    ),  # fmt: skip
    "analyse_all_plays_pbn": (("deals", LIST),),
    "set_max_threads": (("user_threads", INT),),
}


def arguments(func: str, *values: Any) -> Any:
    """``func``'s arguments (``values``, in :data:`SIGNATURES`' order),
    each converted to its kind, or pybind11's TypeError for the first bad
    one. One argument gives its value, several a list."""
    out = [argument(kind, value, func, name) for (name, kind), value in zip(SIGNATURES[func], values)]
    return out[0] if len(out) == 1 else out


#: The keys of a board of ``solve_all_boards_pbn``: (key, kind, default).
PBN_BOARD = (
    ("remain_cards", TEXT, REQUIRED),
    ("trump", INT, 4),
    ("first", INT, 0),
    ("current_trick_suit", SEQUENCE, NO_TRICK),
    ("current_trick_rank", SEQUENCE, NO_TRICK),
)
#: The keys of a deal of ``analyse_all_plays_pbn``.
PLAY_DEAL = (("remain_cards", TEXT, REQUIRED), ("play", TEXT, REQUIRED)) + PBN_BOARD[1:]
#: The search options of a batch's board.
OPTIONS = (("target", INT, -1), ("solutions", INT, 3), ("mode", INT, 0))


def fields(item: Any, keys: tuple, name: str) -> list:
    """The values of a batch item's dict (``item``, the list ``name``'s),
    each key cast to its kind (a missing key without a default raises
    ``KeyError``)."""
    item = cast(DICT, item, name)
    return [
        cast(kind, item[key], key) if key in item or default is REQUIRED else default for key, kind, default in keys
    ]


# --- DDS 3's converters (python/src/converters.cpp) -----------------------


def bounded(value: int, low: int, high: int, name: str) -> int:
    if not low <= value <= high:
        raise ValueError(f"{name} has invalid value {value} (expected range {low}..{high})")
    return value


def bounded_ints(values: Any, size: int, low: int, high: int, name: str) -> list:
    if len(values) != size:
        raise ValueError(f"{name} must have size {size}")
    out = [cast(INT, v, name) for v in values]
    for v in out:
        bounded(v, low, high, name)
    return out


def trick(suits: Any, ranks: Any) -> tuple:
    """The current trick's suits and ranks, checked as DDS 3 checks them."""
    suits = bounded_ints(suits, 3, 0, 3, "current_trick_suit")
    ranks = bounded_ints(ranks, 3, 0, 14, "current_trick_rank")
    for v in ranks:
        if v == 1:
            raise ValueError(f"current_trick_rank has invalid value {v} (expected 0 or 2..14)")
    return tuple(suits), tuple(ranks)


def seat_and_strain(trump: int, first: int) -> None:
    bounded(trump, 0, 4, "trump")
    bounded(first, 0, 3, "first")


def pbn_length(remain_cards: str, where: str = "") -> None:
    """The length of PBN text that DDS's deal structure holds (79 bytes);
    ``where`` names a batch's board in the message."""
    size = len(remain_cards.encode())
    if size > PBN_MAX:
        raise ValueError(f"remain_cards PBN string is too long ({size} bytes, maximum {PBN_MAX}){where}")


def pbn_deal(remain_cards: str, trump: int, first: int, suits: Any, ranks: Any) -> tuple:
    """DDS 3's ``pbn_to_deal``: the checks of a PBN position's arguments."""
    seat_and_strain(trump, first)
    pbn_length(remain_cards)
    return trick(suits, ranks)


def masks(rows: Any, name: str, what: str) -> list:
    """A 4 x 4 list of DDS's rank masks (hand by suit), each 0..0x7FFC."""
    rows = cast(SEQUENCE, rows, name)
    if len(rows) != 4:
        raise ValueError(f"{name} must have 4 rows")
    out = []
    for row in rows:
        row = cast(SEQUENCE, row, name)
        if len(row) != 4:
            raise ValueError(f"each {name} row must have 4 values")
        values = []
        for v in row:
            v = cast(INT, v, name)
            if not 0 <= v <= _MASK_MAX:
                raise ValueError(f"{what} has invalid value {v} (expected range 0..0x7FFC)")
            values.append(v)
        out.append(values)
    return out


def dict_deal(deal: dict) -> tuple:
    """DDS 3's ``dict_to_deal``: (cards, trump, first, suits, ranks)."""
    trump = bounded(cast(INT, deal["trump"], "trump"), 0, 4, "trump")
    first = bounded(cast(INT, deal["first"], "first"), 0, 3, "first")
    suits = cast(SEQUENCE, deal["current_trick_suit"], "current_trick_suit")
    ranks = cast(SEQUENCE, deal["current_trick_rank"], "current_trick_rank")
    suits, ranks = trick(suits, ranks)
    cards = masks(deal["remain_cards"], "remain_cards", "remain_cards")
    return cards, trump, first, suits, ranks


def context(value: Any) -> Optional[Any]:
    if value is None or isinstance(value, SolverContext):
        return value
    raise RuntimeError(f"Unable to cast Python instance of type {type(value)} to C++ type 'SolverContext'")


def vulnerable(value: int) -> int:
    if not 0 <= value <= 3:
        raise ValueError(f"vulnerable has invalid value {value} (expected 0=none, 1=both, 2=NS, 3=EW)")
    return value


def table_rows(table_results: dict) -> list:
    """DDS 3's ``dict_to_dd_table_results``: the 5 x 4 ``res_table``."""
    rows = cast(SEQUENCE, table_results["res_table"], "res_table")
    if len(rows) != 5:
        raise ValueError("res_table must have 5 rows")
    out = []
    for row in rows:
        row = cast(SEQUENCE, row, "res_table")
        if len(row) != 4:
            raise ValueError("each res_table row must have 4 values")
        out.append([cast(INT, v, "res_table") for v in row])
    return out
