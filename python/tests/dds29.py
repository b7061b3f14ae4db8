"""DDS 2.9 itself, through ctypes: the oracle of the dds3 tests.

The library is $DDS29_LIBRARY, else the system's ``libdds`` (Debian's
package libdds0 is DDS 2.9.0); it is only loaded and read, and checked to
be 2.9 (``GetDDSInfo``). ``load()`` returns None when there is none, and
the tests that need it skip.

Debian's libdds.so.0 crashes when the process that loaded it exits (its
static destructors; a C program that only dlopens it crashes too), so it
is never loaded into the test process: ``load()`` starts this file as a
child process that serves the calls (one JSON line each way) and ends
with ``os._exit``.

Each call returns DDS's status code and its result in DDS 3's shapes
(the dicts of the ``dds3`` module), so that a result of ``ddsrs.dds3`` can
be compared with it as it is.
"""

from __future__ import annotations

import ctypes as C
import ctypes.util
import json
import os
import subprocess
import sys
from typing import Optional


class FutureTricks(C.Structure):
    _fields_ = [("nodes", C.c_int), ("cards", C.c_int), ("suit", C.c_int * 13),
                ("rank", C.c_int * 13), ("equals", C.c_int * 13), ("score", C.c_int * 13)]


class DealPBN(C.Structure):
    _fields_ = [("trump", C.c_int), ("first", C.c_int), ("currentTrickSuit", C.c_int * 3),
                ("currentTrickRank", C.c_int * 3), ("remainCards", C.c_char * 80)]


class Deal(C.Structure):
    _fields_ = [("trump", C.c_int), ("first", C.c_int), ("currentTrickSuit", C.c_int * 3),
                ("currentTrickRank", C.c_int * 3), ("remainCards", (C.c_uint * 4) * 4)]


class DdTableDeal(C.Structure):
    _fields_ = [("cards", (C.c_uint * 4) * 4)]


class DdTableDealPBN(C.Structure):
    _fields_ = [("cards", C.c_char * 80)]


class DdTableResults(C.Structure):
    _fields_ = [("resTable", (C.c_int * 4) * 5)]


class ParResults(C.Structure):
    _fields_ = [("parScore", (C.c_char * 16) * 2), ("parContractsString", (C.c_char * 128) * 2)]


class ParResultsDealer(C.Structure):
    _fields_ = [("number", C.c_int), ("score", C.c_int), ("contracts", (C.c_char * 10) * 10)]


class PlayTracePBN(C.Structure):
    _fields_ = [("number", C.c_int), ("cards", C.c_char * 106)]


class SolvedPlay(C.Structure):
    _fields_ = [("number", C.c_int), ("tricks", C.c_int * 53)]


def _future(fut: FutureTricks) -> dict:
    return {
        "nodes": fut.nodes,
        "cards": fut.cards,
        "suit": tuple(fut.suit),
        "rank": tuple(fut.rank),
        "equals": tuple(fut.equals),
        "score": tuple(fut.score),
    }


class Dds29:
    """The calls of DDS 2.9 the tests compare with."""

    def __init__(self, lib: C.CDLL):
        self.lib = lib

    def message(self, code: int) -> str:
        line = C.create_string_buffer(80)
        self.lib.ErrorMessage(code, line)
        return line.value.decode()

    def solve_board_pbn(self, pbn, trump, first, suits=(0, 0, 0), ranks=(0, 0, 0), target=-1, solutions=3, mode=1):
        dl = DealPBN(trump, first, (C.c_int * 3)(*suits), (C.c_int * 3)(*ranks), pbn.encode())
        fut = FutureTricks()
        code = self.lib.SolveBoardPBN(dl, target, solutions, mode, C.byref(fut), 0)
        return code, _future(fut)

    def solve_board(self, cards, trump, first, suits=(0, 0, 0), ranks=(0, 0, 0), target=-1, solutions=3, mode=1):
        rows = ((C.c_uint * 4) * 4)(*[(C.c_uint * 4)(*row) for row in cards])
        dl = Deal(trump, first, (C.c_int * 3)(*suits), (C.c_int * 3)(*ranks), rows)
        fut = FutureTricks()
        code = self.lib.SolveBoard(dl, target, solutions, mode, C.byref(fut), 0)
        return code, _future(fut)

    def table_pbn(self, pbn):
        table = DdTableResults()
        code = self.lib.CalcDDtablePBN(DdTableDealPBN(pbn.encode()), C.byref(table))
        return code, [list(table.resTable[s]) for s in range(5)]

    def table(self, cards):
        rows = ((C.c_uint * 4) * 4)(*[(C.c_uint * 4)(*row) for row in cards])
        table = DdTableResults()
        code = self.lib.CalcDDtable(DdTableDeal(rows), C.byref(table))
        return code, [list(table.resTable[s]) for s in range(5)]

    def par(self, rows, vulnerable):
        table = DdTableResults()
        for s in range(5):
            for h in range(4):
                table.resTable[s][h] = rows[s][h]
        res = ParResults()
        code = self.lib.Par(C.byref(table), C.byref(res), vulnerable)
        return code, {
            "par_score": [res.parScore[i].value.decode() for i in range(2)],
            "par_contracts_string": [res.parContractsString[i].value.decode() for i in range(2)],
        }

    def dealer_par(self, rows, dealer, vulnerable):
        table = DdTableResults()
        for s in range(5):
            for h in range(4):
                table.resTable[s][h] = rows[s][h]
        res = ParResultsDealer()
        code = self.lib.DealerPar(C.byref(table), C.byref(res), dealer, vulnerable)
        n = max(0, min(res.number, 10))
        return code, {"score": res.score, "number": n, "contracts": [res.contracts[i].value.decode() for i in range(n)]}

    def analyse_play_pbn(self, pbn, play, trump, first, suits=(0, 0, 0), ranks=(0, 0, 0)):
        dl = DealPBN(trump, first, (C.c_int * 3)(*suits), (C.c_int * 3)(*ranks), pbn.encode())
        trace = PlayTracePBN(len(play) // 2, play.encode())
        solved = SolvedPlay()
        code = self.lib.AnalysePlayPBN(dl, trace, C.byref(solved), 0)
        n = max(0, min(solved.number, 53))
        return code, {"number": n, "tricks": list(solved.tricks[:n])}


def _open() -> Optional[Dds29]:
    """DDS 2.9 in this process, or None."""
    path = os.environ.get("DDS29_LIBRARY") or ctypes.util.find_library("dds")
    if not path:
        return None
    try:
        lib = C.CDLL(path)
    except OSError:
        return None
    # DDSInfo has grown between versions: a generous buffer, the version first.
    info = C.create_string_buffer(4096)
    lib.GetDDSInfo(info)
    major, minor = C.c_int.from_buffer(info, 0).value, C.c_int.from_buffer(info, 4).value
    if (major, minor) != (2, 9):
        return None
    return Dds29(lib)


def _serve() -> None:
    """The child process: one call per line of stdin (``[name, args]``), one
    answer per line of stdout (``[code, result]``); the first line says
    whether DDS 2.9 is there. Ends with ``os._exit`` (see above)."""
    dds = _open()
    out = sys.stdout
    out.write(json.dumps(dds is not None) + "\n")
    out.flush()
    if dds is not None:
        for line in sys.stdin:
            name, args = json.loads(line)
            out.write(json.dumps(getattr(dds, name)(*args)) + "\n")
            out.flush()
    out.close()
    os._exit(0)


class Oracle:
    """DDS 2.9 in a child process, with ``Dds29``'s calls (tuples and lists
    come back as lists: compare with ``same``)."""

    def __init__(self, child: subprocess.Popen):
        self.child = child

    def call(self, name: str, *args):
        self.child.stdin.write(json.dumps([name, list(args)]) + "\n")
        self.child.stdin.flush()
        code, result = json.loads(self.child.stdout.readline())
        return code, result

    def __getattr__(self, name: str):
        if name.startswith("_") or not hasattr(Dds29, name):
            raise AttributeError(name)
        return lambda *args: self.call(name, *args)

    def close(self) -> None:
        if self.child.poll() is None:
            self.child.stdin.close()
            self.child.wait(timeout=30)


def load() -> Optional[Oracle]:
    """DDS 2.9 in a child process, or None when there is none."""
    child = subprocess.Popen(
        [sys.executable, os.path.abspath(__file__)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    if not json.loads(child.stdout.readline() or "false"):
        child.wait(timeout=30)
        return None
    return Oracle(child)


def plain(value):
    """``value`` with its tuples as lists, as the oracle's JSON gives it."""
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    return value


if __name__ == "__main__":
    _serve()
