"""ddsrs: a fast, exact double dummy solver for contract bridge.

The answers are DDS 2.9's, bit for bit; the solver is the Rust crate ``dds``
of the ddsrs workspace. Deals are PBN text (``"N:QJ6.K652.J85.T98 ..."``),
objects with a ``to_pbn()`` method, or numpy arrays of DDS's bit layout
(shape (4, 4) for one deal, (n, 4, 4) for a batch: seats N, E, S, W by suits
S, H, D, C, the rank of value r at bit r, as DDS's ``remainCards``). Tables
are numpy arrays in DDS's order: strains S, H, D, C, NT by declarers
N, E, S, W.

>>> import ddsrs
>>> deal = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3"
>>> table = ddsrs.dd_table(deal)
>>> int(table[0, 3])  # spades (row 0), West declares (column 3): 8 tricks
8
>>> str(ddsrs.dealer_par(table, "N", "None"))
'Par -110: EW 2S'
>>> ddsrs.solve_board(deal, "S", "N").best  # North's best lead: 5 tricks for NS
5

Batches (``dd_tables``, ``solve_boards``, ``analyse_plays``) run on every
core, or on ``threads`` threads, with no limit on their size; they release
the GIL while solving, so other Python threads and asyncio keep running,
and Ctrl-C stops them between chunks of a few dozen items, where a
``progress(done, total)`` callback is called too (returning False stops
the batch: the answers of the first ``done`` items come back). Bad input raises
a subclass of ``ValueError`` (``InputError``, ``DealError``, ``BoardError``,
``PlayError``) naming the item's index and what is wrong; with
``errors="return"`` a batch solves every good item and returns the bad
items' exceptions instead (each carries ``index``, ``kind``, ``reason``
and ``code``, DDS's status code for the fault). Results are small frozen
objects that compare by value and pickle.

``board_info`` (a board number's dealer and vulnerability), ``parse_pbn``
(a PBN file's games read as boards, with PBN's ``#`` copy rule),
``parse_seat`` and ``parse_vulnerability`` are the model's readings, as
the ``dds`` command and the npm package read them.

``ddsrs.endplay`` offers endplay's nine ``dds`` functions on this solver
(``from ddsrs import endplay as dds`` in place of ``import endplay.dds as
dds``); ``ddsrs.dds3`` offers DDS 3's Python interface, the module ``dds3``
that BEN calls (``from ddsrs import dds3``), with ``solve_boards_pbn``, a
batch of sampled deals of one position in one call.
"""

from ddsrs._ddsrs import (
    MAX_THREADS,
    MISSING,
    PAR_DTYPE,
    BestLine,
    Board,
    BoardError,
    ContractResult,
    DealError,
    InputError,
    LayoutSummary,
    LineCard,
    Par,
    ParContract,
    PbnRecord,
    PlayAnalysis,
    PlayError,
    ScoredCard,
    SidesPar,
    Solution,
    __version__,
    analyse_play,
    analyse_plays,
    best_line,
    board_info,
    contract_result,
    dd_table,
    dd_tables,
    deals_to_array,
    deals_to_pbn,
    dealer_par,
    par,
    parse_pbn,
    parse_seat,
    parse_vulnerability,
    solve_board,
    solve_boards,
    solve_layouts,
)

__all__ = [
    "MAX_THREADS",
    "MISSING",
    "PAR_DTYPE",
    "BestLine",
    "Board",
    "BoardError",
    "ContractResult",
    "DealError",
    "InputError",
    "LayoutSummary",
    "LineCard",
    "Par",
    "ParContract",
    "PbnRecord",
    "PlayAnalysis",
    "PlayError",
    "ScoredCard",
    "SidesPar",
    "Solution",
    "__version__",
    "analyse_play",
    "analyse_plays",
    "best_line",
    "board_info",
    "contract_result",
    "dd_table",
    "dd_tables",
    "deals_to_array",
    "deals_to_pbn",
    "dealer_par",
    "par",
    "parse_pbn",
    "parse_seat",
    "parse_vulnerability",
    "solve_board",
    "solve_boards",
    "solve_layouts",
]
