"""endplay's ``dds`` functions on ddsrs: change one import.

``endplay.dds`` (endplay 0.5.12) calls DDS 2.9 through ctypes; this module
offers its nine functions with the same signatures, taking endplay's own
``Deal``, ``Player``, ``Denom``, ``Vul`` and ``Card`` objects and returning
endplay's own result classes (``SolvedBoard``, ``SolvedBoardList``,
``DDTable``, ``DDTableList``, ``ParList``, ``SolvedPlay``,
``SolvedPlayList``), filled with this solver's answers::

    import endplay.dds as dds        # before
    from ddsrs import endplay as dds  # after

    from endplay.types import Deal
    table = dds.calc_dd_table(Deal("N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3"))
    table.pprint()

The answers are DDS's (the same structures, field by field), and so are the
errors: a position DDS refuses raises endplay's ``DDSError`` with DDS's
message. The differences:

* No batch limits: ``calc_all_tables``, ``solve_all_boards`` and the
  ``analyse_all_*`` functions take any number of deals (endplay and DDS
  stop at 40 tables of five strains, or 200 boards).
* With a target (``SolveMode.TargetOne``, ``TargetAll``) or target 0
  (``LegalOne``, ``LegalAll``), DDS lists the cards in an order that
  depends on what the same DDS thread solved before; the cards and scores
  are the same, the order or the one card chosen may differ.
* A revoke in a play sequence or in the current trick is refused
  (``DDSError``), where DDS solves the position as given.

It needs endplay installed (``pip install endplay``), for its types.
"""

from __future__ import annotations

import ctypes
import functools
from collections.abc import Iterable, Sequence
from typing import Optional, Union

import endplay._dds as _dds
from endplay.dds.analyse import SolvedPlay, SolvedPlayList
from endplay.dds.ddtable import DDTable, DDTableList
from endplay.dds.parscore import ParList
from endplay.dds.solve import SolvedBoard, SolvedBoardList, SolveMode
from endplay.types import Card, Deal, Denom, Player, Vul

from ddsrs import _ddsrs as _native

__all__ = [
    "DDSError",
    "DDTable",
    "DDTableList",
    "ParList",
    "SolveMode",
    "SolvedBoard",
    "SolvedBoardList",
    "SolvedPlay",
    "SolvedPlayList",
    "analyse_all_plays",
    "analyse_all_starts",
    "analyse_play",
    "analyse_start",
    "calc_all_tables",
    "calc_dd_table",
    "par",
    "solve_all_boards",
    "solve_board",
]

DDSError = _dds.DDSError

_INT_MIN, _INT_MAX = -(2**31), 2**31 - 1

# DDS 2.9's status codes (dll.h, the facade's dds::compat) that this
# module raises itself; a solver error carries its own (InputError.code,
# the facade's code_of).
_UNKNOWN, _PLAY_FAULT, _NO_SUIT = _native.RETURN_UNKNOWN_FAULT, _native.RETURN_PLAY_FAULT, _native.RETURN_NO_SUIT


class _Fault(Exception):
    """A DDS status code on its way to a DDSError."""

    def __init__(self, code: int):
        super().__init__(code)
        self.code = code


def _error(code: int) -> DDSError:
    """DDSError with DDS's text for ``code`` (ErrorMessage's)."""
    return DDSError(_native._dds29_message(code))


def _checked(answer: tuple):
    """The value of a native helper's ``(code, value)``, or the code as a
    fault."""
    code, value = answer
    if code != _native.RETURN_NO_FAULT:
        raise _Fault(code)
    return value


def _raw(dl) -> tuple:
    """The fields of DDS's ``deal`` structure: cards, trump, first, the
    current trick's suits and ranks."""
    cards = [list(hand) for hand in dl.remainCards]
    return cards, dl.trump, dl.first, list(dl.currentTrickSuit), list(dl.currentTrickRank)


def _board(dl, target: int, solutions: int = 1, mode: int = 1):
    """The position of DDS's ``deal`` structure as a ddsrs Board, checked
    as DDS's SolveBoard checks it (in DDS's order). A target beyond a C
    int fails DDS's checks as the nearest C int does."""
    target = max(_INT_MIN, min(target, _INT_MAX))
    return _checked(_native._dds29_board(*_raw(dl), target, solutions, mode))


def _future_tricks(solution, target: int):
    """A ddsrs Solution as DDS's futureTricks (the facade's, for DDS's
    ``target``)."""
    fut = _dds.futureTricks()
    fut.nodes, fut.cards, suit, rank, equals, score = _native._dds29_future_tricks(solution, target)
    fut.suit[:], fut.rank[:], fut.equals[:], fut.score[:] = suit, rank, equals, score
    return fut


def _goal(target: int) -> Optional[int]:
    return None if target < 0 else target


@functools.lru_cache(maxsize=32)
def _list_type(element, field: str, n: int):
    """A ctypes structure like DDS's fixed-size lists (solvedBoards,
    ddTablesRes, solvedPlays) with room for ``n`` entries."""
    return type(
        f"{field}List{n}",
        (ctypes.Structure,),
        {"_fields_": [("noOfBoards", ctypes.c_int), (field, element * max(n, 1))]},
    )


def _solved_boards(n: int):
    if n <= _dds.MAXNOOFBOARDS:
        return _dds.solvedBoards()
    return _list_type(_dds.futureTricks, "solvedBoard", n)()


def _tables_res(n: int):
    if n <= _dds.MAXNOOFTABLES * 5:
        return _dds.ddTablesRes()
    return _list_type(_dds.ddTableResults, "results", n)()


def _solved_plays(n: int):
    if n <= _dds.MAXNOOFBOARDS:
        return _dds.solvedPlays()
    return _list_type(_dds.solvedPlay, "solved", n)()


def _dds_call(f):
    """Runs ``f``, turning a DDS status code into DDSError."""
    try:
        return f()
    except _Fault as fault:
        raise _error(fault.code) from None


def solve_board(
    deal: Deal,
    mode: SolveMode = SolveMode.Default,
    target: Optional[int] = None,
) -> SolvedBoard:
    """The double dummy score of every card the seat to play may play (DDS's
    SolveBoard), as ``endplay.dds.solve_board``.

    :param deal: The deal to solve, with ``first`` and ``trump`` filled in
    :param mode: What to list (``SolveMode``)
    :param target: The target of ``SolveMode.TargetOne`` and ``TargetAll``
    """
    target, solutions = SolveMode(mode).target_solutions(target)

    def run():
        board = _board(deal._data, target, solutions, 1)
        try:
            solution = _native.solve_board(board, target=_goal(target), solutions=solutions)
        except _native.InputError as e:
            raise _Fault(e.code) from None
        return SolvedBoard(_future_tricks(solution, target))

    return _dds_call(run)


def solve_all_boards(
    deals: Iterable[Deal],
    mode: SolveMode = SolveMode.Default,
    target: Optional[int] = None,
) -> SolvedBoardList:
    """``solve_board`` for many deals on every core (DDS's SolveAllBoards),
    as ``endplay.dds.solve_all_boards``, with no limit on their number."""
    target, solutions = SolveMode(mode).target_solutions(target)
    deals = list(deals)

    def run():
        boards = [_board(d._data, target, solutions, 1) for d in deals]
        try:
            answers = _native.solve_boards(boards, target=_goal(target), solutions=solutions)
        except _native.InputError as e:
            raise _Fault(e.code) from None
        out = _solved_boards(len(deals))
        out.noOfBoards = len(deals)
        for i, solution in enumerate(answers):
            out.solvedBoard[i] = _future_tricks(solution, target)
        return SolvedBoardList(out)

    return _dds_call(run)


def _table_cards(cards) -> tuple:
    """DDS's CalcDDtable checks of a deal's cards; the cards held and
    whether the deal is full."""
    return _checked(_native._dds29_table_deal([list(hand) for hand in cards]))


def _short_tables(held: list, strains: Sequence[int]) -> list:
    """DDS 2.9's tables of deals with fewer than 13 cards a hand (5 x 4
    lists; strains not asked for hold 0)."""
    return _checked(_native._dds29_short_tables(held, list(strains)))


def _fill_table(out, rows) -> None:
    for s in range(5):
        for h in range(4):
            out.resTable[s][h] = int(rows[s][h])


def calc_dd_table(deal: Deal) -> DDTable:
    """The double dummy table of a deal (DDS's CalcDDtable), as
    ``endplay.dds.calc_dd_table``."""
    if len(deal.curtrick) != 0:
        raise DDSError("Cards played to trick")

    def run():
        held, full = _table_cards(deal._data.remainCards)
        table = _dds.ddTableResults()
        if full:
            try:
                rows = _native.dd_table(held).tolist()
            except _native.InputError as e:
                raise _Fault(e.code) from None
        else:
            rows = _short_tables([held], range(5))[0]
        _fill_table(table, rows)
        return DDTable(table)

    return _dds_call(run)


def calc_all_tables(deals: Iterable[Deal], exclude: Iterable[Denom] = []) -> DDTableList:
    """The double dummy tables of many deals on every core (DDS's
    CalcAllTables), as ``endplay.dds.calc_all_tables``, with no limit on
    their number. ``exclude`` leaves strains out (their entries are 0)."""
    deals = list(deals)
    for d in deals:
        if len(d.curtrick) != 0:
            raise DDSError("Cards played to trick")
    excluded = [False] * 5
    for denom in exclude:
        excluded[denom] = True
    strains = [s for s in range(5) if not excluded[s]]

    def run():
        if not strains:
            raise _Fault(_NO_SUIT)
        checked = [_table_cards(d._data.remainCards) for d in deals]
        held = [h for h, _full in checked]
        out = _tables_res(len(deals))
        out.noOfBoards = len(deals)
        full = [i for i, (_h, is_full) in enumerate(checked) if is_full]
        if full:
            try:
                tables = _native.dd_tables([held[i] for i in full], strains=strains)
            except _native.InputError as e:
                raise _Fault(e.code) from None
            size = ctypes.sizeof(_dds.ddTableResults)
            base = ctypes.addressof(out) + type(out).results.offset
            if len(full) == len(deals):
                data = tables.astype("<i4").tobytes()
                ctypes.memmove(base, data, len(data))
            else:
                for i, table in zip(full, tables.astype("<i4")):
                    data = table.tobytes()
                    ctypes.memmove(base + i * size, data, len(data))
        short = [i for i, (_h, is_full) in enumerate(checked) if not is_full]
        if short:
            for i, rows in zip(short, _short_tables([held[i] for i in short], strains)):
                _fill_table(out.results[i], rows)
        return DDTableList(out)

    return _dds_call(run)


def par(deal: Union[Deal, DDTable], vul: Union[Vul, int], dealer: Player) -> ParList:
    """The par contracts and score (DDS's DealerParBin), as
    ``endplay.dds.par``: from a Deal (its table is solved first) or a
    DDTable; an ``int`` vulnerability is a board number."""
    dd_table = calc_dd_table(deal) if isinstance(deal, Deal) else deal
    if not isinstance(vul, Vul):
        vul = Vul.from_board(vul)
    rows = [[dd_table._data.resTable[s][h] for h in range(4)] for s in range(5)]
    try:
        code, master = _native._dds29_par_master(rows, int(dealer), int(vul))
    except (OverflowError, TypeError):
        raise _error(_UNKNOWN) from None
    if code != _native.RETURN_NO_FAULT:
        raise _error(code)
    data = _dds.parResultsMaster()
    data.score, contracts = master
    data.number = len(contracts)
    for slot, numbers in zip(data.contracts, contracts):
        slot.underTricks, slot.overTricks, slot.level, slot.denom, slot.seats = numbers
    return ParList(data)


def _card_code(card) -> str:
    if isinstance(card, str):
        card = Card(card)
    text = _native._dds29_card(int(card.suit), int(card.rank.to_alternate()))
    if text is None:
        raise _Fault(_PLAY_FAULT)
    return text


def _prepare_play(dl, play: Sequence[str]):
    """DDS's AnalysePlayBin set-up: the checks (as DDS, in DDS's order), and
    the request that gives its values (the current trick's cards put back
    in their hands and played first), with the slice of the answer DDS
    returns: ``(request, in_trick, analysed, number)``."""
    return _checked(_native._dds29_play(*_raw(dl), list(play)))


def _solved_play(analysis, k: int, analysed: int, number: int):
    out = _dds.solvedPlay()
    out.number = number
    for i, value in enumerate(analysis.tricks[k : k + analysed + 1]):
        out.tricks[i] = value
    return out


def _flip(solved, starting_cards: int) -> None:
    for i in range(solved.number):
        solved.tricks[i] = starting_cards - solved.tricks[i]


def _analyse_one(dl, play: Sequence[str]):
    request, k, analysed, number = _prepare_play(dl, play)
    try:
        analysis = _native.analyse_play(*request)
    except _native.InputError as e:
        raise _Fault(e.code) from None
    return _solved_play(analysis, k, analysed, number)


def _play_codes(play) -> list:
    codes = [_card_code(c) for c in play]
    if len(codes) > 52:
        raise IndexError("invalid index")
    return codes


def analyse_start(deal: Deal, declarer_is_first: bool = False) -> int:
    """The most tricks declarer's side can take (DDS's AnalysePlayBin with
    no cards), as ``endplay.dds.analyse_start``: declarer is the seat on
    the right of ``deal.first``, or ``deal.first`` itself with
    ``declarer_is_first``."""
    solved = _dds_call(lambda: _analyse_one(deal._data, []))
    if declarer_is_first:
        return len(deal[deal.first]) - solved.tricks[0]
    return solved.tricks[0]


def analyse_play(
    deal: Deal,
    play: Iterable[Union[Card, str]],
    declarer_is_first: bool = False,
) -> SolvedPlay:
    """Declarer's side's double dummy tricks before the play and after each
    card of ``play`` (DDS's AnalysePlayBin), as ``endplay.dds.analyse_play``."""
    codes = _dds_call(lambda: _play_codes(play))
    solved = _dds_call(lambda: _analyse_one(deal._data, codes))
    if declarer_is_first:
        _flip(solved, len(deal[deal.first]))
    return SolvedPlay(solved)


def _analyse_all(deals: Sequence[Deal], plays: Sequence[Sequence[str]]):
    """DDS's AnalyseAllPlaysBin: every request checked, the good ones solved
    on every core, the first fault (by index) raised."""
    if len(deals) != len(plays):
        raise _Fault(_UNKNOWN)
    faults = {}
    prepared = []
    for i, (deal, play) in enumerate(zip(deals, plays)):
        try:
            prepared.append((i, _prepare_play(deal._data, play)))
        except _Fault as fault:
            faults[i] = fault.code
    answers, errors = _native.analyse_plays([p[1][0] for p in prepared], errors="return")
    for e in errors:
        faults[prepared[e.index][0]] = e.code
    if faults:
        raise _Fault(faults[min(faults)])
    out = _solved_plays(len(deals))
    out.noOfBoards = len(deals)
    for (i, (_request, k, analysed, number)), analysis in zip(prepared, answers):
        out.solved[i] = _solved_play(analysis, k, analysed, number)
    return out


def analyse_all_starts(deals: Iterable[Deal], declarer_is_first: bool = False) -> list[int]:
    """``analyse_start`` for many deals on every core, as
    ``endplay.dds.analyse_all_starts``, with no limit on their number."""
    deals = list(deals)
    solved = _dds_call(lambda: _analyse_all(deals, [[] for _ in deals]))
    if declarer_is_first:
        return [len(d[d.first]) - solved.solved[i].tricks[0] for i, d in enumerate(deals)]
    return [solved.solved[i].tricks[0] for i in range(len(deals))]


def analyse_all_plays(
    deals: Iterable[Deal],
    plays: Iterable[Iterable[Union[Card, str]]],
    declarer_is_first: bool = False,
) -> SolvedPlayList:
    """``analyse_play`` for many deals on every core (DDS's
    AnalyseAllPlaysBin), as ``endplay.dds.analyse_all_plays``, with no limit
    on their number."""
    deals = list(deals)
    codes = _dds_call(lambda: [_play_codes(p) for p in plays])
    solved = _dds_call(lambda: _analyse_all(deals, codes))
    if declarer_is_first:
        for i, d in enumerate(deals):
            _flip(solved.solved[i], len(d[d.first]))
    return SolvedPlayList(solved)
