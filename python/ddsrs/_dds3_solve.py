"""DDS 3's solving functions (``ddsrs.dds3``'s ``solve_board``,
``solve_board_pbn``, ``solve_boards_pbn``, ``solve_all_boards_pbn``,
``solve_all_boards_bin``): the arguments checked as DDS 3's bindings check
them (``ddsrs._dds3_args``), the positions solved by the native module."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Optional

from ddsrs import _ddsrs as _native
from ddsrs import _dds3_args as a
from ddsrs._dds3_args import NO_TRICK as _NO_TRICK
from ddsrs._dds3_args import SolverContext  # noqa: F401 (solve_board_pbn's example)


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
    deal, target, solutions, mode, thread_index = a.arguments(
        "solve_board", deal, target, solutions, mode, thread_index
    )
    cards, trump, first, suits, ranks = a.dict_deal(deal)
    context = a.context(context)
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
    remain_cards, trump, first, trick_suit, trick_rank, target, solutions, mode, thread_index = a.arguments(
        "solve_board_pbn", remain_cards, trump, first, current_trick_suit, current_trick_rank, target, solutions,
        mode, thread_index,
    )  # fmt: skip
    suits, ranks = a.pbn_deal(remain_cards, trump, first, trick_suit, trick_rank)
    context = a.context(context)
    return _native._dds3_solve(
        remain_cards, trump, first, suits, ranks, target, solutions, mode, thread_index, context
    )


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
    trump, first, trick_suit, trick_rank, target, solutions, mode = a.arguments(
        "solve_boards_pbn", trump, first, current_trick_suit, current_trick_rank, target, solutions, mode
    )
    a.seat_and_strain(trump, first)
    suits, ranks = a.trick(trick_suit, trick_rank)
    if isinstance(pbns, str):
        raise TypeError("pbns must be a sequence of PBN texts, not one string")
    texts = []
    for i, text in enumerate(pbns):
        if not isinstance(text, str):
            raise TypeError(f"pbns[{i}] must be PBN text (str), not {type(text).__name__}")
        a.pbn_length(text, f" (board {i + 1}, index {i})")
        texts.append(text)
    return _native._dds3_solve_pbns(texts, trump, first, suits, ranks, target, solutions, mode, threads)


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
    boards, max_threads = a.arguments("solve_all_boards_pbn", boards, max_threads)
    items = []
    for board in boards:
        remain_cards, trump, first, suits, ranks = a.fields(board, a.PBN_BOARD, "boards")
        suits, ranks = a.pbn_deal(remain_cards, trump, first, suits, ranks)
        items.append((remain_cards, trump, first, suits, ranks, *a.fields(board, a.OPTIONS, "boards")))
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
    boards, max_threads = a.arguments("solve_all_boards_bin", boards, max_threads)
    items = []
    for board in boards:
        board = a.cast(a.DICT, board, "boards")
        cards, trump, first, suits, ranks = a.dict_deal(board)
        items.append((cards, trump, first, suits, ranks, *a.fields(board, a.OPTIONS, "boards")))
    return _native._dds3_solve_all(items, max(max_threads, 0))
