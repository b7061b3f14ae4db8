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

from ddsrs import _dds3_args as _args
from ddsrs._dds3_args import SolverContext
from ddsrs._dds3_play import analyse_all_plays_pbn, analyse_play_pbn
from ddsrs._dds3_solve import (
    solve_all_boards_bin,
    solve_all_boards_pbn,
    solve_board,
    solve_board_pbn,
    solve_boards_pbn,
)
from ddsrs._dds3_tables import calc_all_tables_pbn, calc_dd_table, calc_par, calc_par_from_table, dealer_par, par

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
    _args.arguments("set_max_threads", user_threads)
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


# The functions live by job (``_dds3_args``: the arguments as DDS 3's
# bindings check them; ``_dds3_solve``, ``_dds3_tables``, ``_dds3_play``: the
# functions); ``doctest.testmod`` of this module runs their examples too.
__test__ = {
    name: globals()[name] for name in __all__ if getattr(globals()[name], "__module__", "").startswith("ddsrs._dds3_")
}


if __name__ == "__main__":
    # ``python -m ddsrs.dds3 [--install | --uninstall]``: the module ``dds3``
    # of DDS 3's name, standing in for it (ddsrs/_dds3_shim.py).
    import sys

    from ddsrs._dds3_shim import main as _main

    sys.exit(_main())
