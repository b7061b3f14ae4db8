"""BEN's double dummy layer, unchanged, on ddsrs: solve, par and BEN's own
replay benchmark, checked against DDS 2.9.

BEN (https://github.com/lorserker/ben) calls DDS 3's Python module
``dds3`` from ``src/ddsolver/ddsolver.py``. This script runs BEN's own
files on ``ddsrs.dds3`` through the package ``dds3`` that ``python -m
ddsrs.dds3 --install --target DIR`` writes (``from ddsrs.dds3 import *``)
and checks every answer against DDS
2.9 (the C library through ctypes; Debian's package libdds0, or the
library $DDS29_LIBRARY names):

1. It writes a recording in BEN's own ``DDSRecorder`` format: a few
   hundred BEN-shaped ``DDSolver.solve`` calls (trick-1 deals sampled
   around one fixed hand with ``solutions=1``, as BEN's bidding and lead
   do; mid-play positions with 0 to 3 cards in the current trick, two
   hands fixed and the other two resampled, with ``solutions=3``, as its
   card play does) and some ``calculatepar`` calls. The recording is made
   by BEN's ``DDSolver`` itself, in a child process whose ``dds3`` is a
   shim over DDS 2.9: the recorded results are DDS 2.9's.
2. It runs BEN's ``DDSolver().solve`` and ``calculatepar`` on a few of the
   positions on ddsrs and compares them with the recording.
3. It runs BEN's ``ddsreplay.py`` on the recording with ddsrs as ``dds3``:
   BEN re-issues every call, times it and checks that the answer is the
   recorded one (its "VERIFY" line; exit status 1 on any mismatch).
4. It times the same solve calls on the batch fast path,
   ``ddsrs.dds3.solve_boards_pbn`` (one call per BEN call, no thread pool),
   and checks those answers too.

Usage (BEN's files only, no TensorFlow; BEN needs numpy and colorama)::

    pip install colorama
    # a BEN checkout, or just the files this needs:
    git clone https://github.com/lorserker/ben /tmp/ben
    python python/examples/ben_check.py /tmp/ben [--calls 300] [--samples 20] [--threads 2]

The BEN checkout is only read; the shims and the recording go to a
temporary folder (``--work DIR`` to keep them). Exit status 0 when every
answer equals DDS 2.9's.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time

SUITS = "SHDC"
RANKS = "23456789TJQKA"
STRAINS = ["S", "H", "D", "C", "NT"]
SEATS = "NESW"

# The dds3 shim over DDS 2.9 through ctypes that makes the recording:
# solve_board_pbn, calc_all_tables_pbn and SolverContext, as BEN calls them.
DDS29_SHIM = r'''"""dds3 for BEN over DDS 2.9 (ctypes): the oracle of ben_check.py."""
import ctypes as C
import ctypes.util
import os
import threading

_lib = C.CDLL(os.environ.get("DDS29_LIBRARY") or ctypes.util.find_library("dds"))
# DDS 2.9 keeps its memory per thread index (one per core): each context
# takes the next index, and one call at a time runs on an index.
_info = C.create_string_buffer(4096)
_lib.GetDDSInfo(_info)
_THREADS = max(1, C.c_int.from_buffer(_info, 48).value)  # DDSInfo.noOfThreads
_locks = [threading.Lock() for _ in range(_THREADS)]
_next = [0]
_lock = _locks[0]


class _Future(C.Structure):
    _fields_ = [("nodes", C.c_int), ("cards", C.c_int), ("suit", C.c_int * 13),
                ("rank", C.c_int * 13), ("equals", C.c_int * 13), ("score", C.c_int * 13)]


class _DealPBN(C.Structure):
    _fields_ = [("trump", C.c_int), ("first", C.c_int), ("currentTrickSuit", C.c_int * 3),
                ("currentTrickRank", C.c_int * 3), ("remainCards", C.c_char * 80)]


class _TableDealPBN(C.Structure):
    _fields_ = [("cards", C.c_char * 80)]


class _Table(C.Structure):
    _fields_ = [("resTable", (C.c_int * 4) * 5)]


class _Par(C.Structure):
    _fields_ = [("parScore", (C.c_char * 16) * 2), ("parContractsString", (C.c_char * 128) * 2)]


class SolverContext:
    def __init__(self):
        with _lock:
            self.index = _next[0] % _THREADS
            _next[0] += 1


def solve_board_pbn(remain_cards, trump=4, first=0, current_trick_suit=(0, 0, 0),
                    current_trick_rank=(0, 0, 0), target=-1, solutions=3, mode=0,
                    thread_index=0, context=None):
    dl = _DealPBN(trump, first, (C.c_int * 3)(*current_trick_suit),
                  (C.c_int * 3)(*current_trick_rank), remain_cards.encode())
    fut = _Future()
    index = 0 if context is None else context.index
    with _locks[index]:
        code = _lib.SolveBoardPBN(dl, target, solutions, mode, C.byref(fut), index)
    if code != 1:
        raise RuntimeError(f"DDS error {code}")
    return {"nodes": fut.nodes, "cards": fut.cards, "suit": tuple(fut.suit), "rank": tuple(fut.rank),
            "equals": tuple(fut.equals), "score": tuple(fut.score)}


def calc_all_tables_pbn(deals_pbn, mode=-1, trump_filter=(0, 0, 0, 0, 0), max_threads=0):
    tables, pars = [], []
    for pbn in deals_pbn:
        table = _Table()
        with _locks[0]:
            code = _lib.CalcDDtablePBN(_TableDealPBN(pbn.encode()), C.byref(table))
        if code != 1:
            raise RuntimeError(f"DDS error {code}")
        tables.append({"res_table": [list(table.resTable[s]) for s in range(5)]})
        if mode != -1:
            par = _Par()
            with _locks[0]:
                code = _lib.Par(C.byref(table), C.byref(par), mode)
            if code != 1:
                raise RuntimeError(f"DDS error {code}")
            pars.append({"par_score": [par.parScore[i].value.decode() for i in range(2)],
                         "par_contracts_string": [par.parContractsString[i].value.decode() for i in range(2)]})
    return {"no_of_boards": 20 * len(deals_pbn), "tables": tables, "par_results": pars}
'''


# Runs a script (argv[1:]) as __main__ and leaves with os._exit (Debian's
# libdds.so.0 crashes at process exit).
RUN_AND_EXIT = """import os, runpy, sys
sys.argv = sys.argv[1:]
code = 0
try:
    runpy.run_path(sys.argv[0], run_name="__main__")
except SystemExit as e:
    code = e.code if isinstance(e.code, int) else 0
sys.stdout.flush()
sys.stderr.flush()
os._exit(code)
"""


def write_package(folder: str, text: str) -> str:
    """A package ``dds3`` holding ``text`` under ``folder``; ``folder``."""
    os.makedirs(os.path.join(folder, "dds3"), exist_ok=True)
    with open(os.path.join(folder, "dds3", "__init__.py"), "w") as f:
        f.write(text)
    return folder


# --- The workload: BEN-shaped calls -----------------------------------------


def random_deal(rng: random.Random) -> list:
    """Four hands of 13 cards ("SA", ...), N, E, S, W."""
    cards = [s + r for s in SUITS for r in RANKS]
    rng.shuffle(cards)
    return [cards[13 * h : 13 * (h + 1)] for h in range(4)]


def hand_text(cards) -> str:
    held = set(cards)
    return ".".join("".join(r for r in reversed(RANKS) if s + r in held) for s in SUITS)


def pbn(hands) -> str:
    return "N:" + " ".join(hand_text(h) for h in hands)


def code52(card: str) -> int:
    """BEN's card code: suit * 13 + (0 for the ace .. 12 for the two)."""
    return SUITS.index(card[0]) * 13 + 14 - (RANKS.index(card[1]) + 2)


def trick1_call(rng: random.Random, samples: int) -> dict:
    """BEN's bidding/lead shape: one hand fixed, the other three sampled,
    trick 1, ``solutions=1``."""
    fixed_seat = rng.randrange(4)
    fixed = random_deal(rng)[fixed_seat]
    rest = [c for c in (s + r for s in SUITS for r in RANKS) if c not in set(fixed)]
    hands_pbn = []
    for _ in range(samples):
        rng.shuffle(rest)
        others = [rest[13 * k : 13 * (k + 1)] for k in range(3)]
        hands = []
        for seat in range(4):
            hands.append(fixed if seat == fixed_seat else others.pop())
        hands_pbn.append(pbn(hands))
    return {"strain_i": rng.randrange(5), "leader_i": rng.randrange(4), "current_trick": [],
            "hands_pbn": hands_pbn, "solutions": 1, "purpose": "bid"}


def midplay_call(rng: random.Random, samples: int) -> dict:
    """BEN's card play shape: a deal played to trick 2-12 with 0-3 cards in
    the current trick; the hand to play and one other fixed, the unseen
    cards of the other two resampled (never into a suit a hand has shown
    out of), ``solutions=3``."""
    import ddsrs

    hands = random_deal(rng)
    strain_i = rng.randrange(5)
    trump = (strain_i - 1) % 5
    leader = rng.randrange(4)
    board = ddsrs.Board(pbn(hands), STRAINS[trump], SEATS[leader])
    tricks = rng.randrange(1, 12)
    in_trick = rng.randrange(4)
    voids = [set() for _ in range(4)]
    for _ in range(4 * tricks + in_trick):
        trick = board.played
        seat = SEATS.index(board.to_play)
        card = rng.choice(board.legal_cards())
        if trick and card[0] != trick[0][0]:
            voids[seat].add(trick[0][0])
        board = board.after(card)
    to_play = SEATS.index(board.to_play)
    dummy = rng.choice([s for s in range(4) if s != to_play])
    swap = [s for s in range(4) if s not in (to_play, dummy)]
    held = [board.hand(SEATS[s]).split(".") for s in range(4)]
    held = [[SUITS[k] + r for k in range(4) for r in held[s][k]] for s in range(4)]
    pool = held[swap[0]] + held[swap[1]]
    sizes = [len(held[swap[0]]), len(held[swap[1]])]
    hands_pbn = []
    for _ in range(samples):
        for _try in range(200):
            rng.shuffle(pool)
            a, b = pool[: sizes[0]], pool[sizes[0] :]
            if not any(c[0] in voids[swap[0]] for c in a) and not any(c[0] in voids[swap[1]] for c in b):
                break
        else:
            a, b = held[swap[0]], held[swap[1]]
        sample = list(held)
        sample[swap[0]], sample[swap[1]] = a, b
        hands_pbn.append(pbn(sample))
    return {"strain_i": strain_i, "leader_i": SEATS.index(board.leader),
            "current_trick": [code52(c) for c in board.played], "hands_pbn": hands_pbn,
            "solutions": 3, "purpose": "play"}


def par_call(rng: random.Random) -> dict:
    hands = random_deal(rng)
    return {"hand": " ".join(hand_text(h) for h in hands), "vuln": [rng.random() < 0.5, rng.random() < 0.5]}


def workload(calls: int, samples: int, seed: int) -> list:
    rng = random.Random(seed)
    out = []
    for i in range(calls):
        if i % 20 == 0:
            out.append(("par", par_call(rng)))
        elif i % 5 == 0:
            out.append(("solve", trick1_call(rng, samples)))
        else:
            out.append(("solve", midplay_call(rng, samples)))
    return out


# --- 1. The recording, by BEN's DDSolver on DDS 2.9 (child process) ---------


def record(ben_src: str, work: str, calls: list, path: str) -> None:
    """Runs BEN's DDSolver on the DDS 2.9 shim with BEN's recorder on; ends
    with os._exit (Debian's libdds.so.0 crashes at process exit)."""
    sys.path[:0] = [write_package(os.path.join(work, "dds29"), DDS29_SHIM), ben_src]
    from ddsolver.ddsrecorder import DDSRecorder

    DDSRecorder.configure(path=path)
    from ddsolver.ddsolver import DDSolver, dds3

    assert dds3.__file__.startswith(work), dds3.__file__
    solver = DDSolver(dds_mode=1, max_threads=1)
    for kind, call in calls:
        if kind == "par":
            solver.calculatepar(call["hand"], call["vuln"], print_result=False)
        else:
            solver.solve(call["strain_i"], call["leader_i"], call["current_trick"], call["hands_pbn"],
                         call["solutions"], purpose=call["purpose"])
    DDSRecorder.close()
    sys.stdout.flush()
    os._exit(0)


# --- 2.-4. BEN on ddsrs --------------------------------------------------------


def normalise(result) -> dict:
    return {str(k): [int(v) for v in values] for k, values in result.items()}


def aggregate(solved: list, solutions: int) -> dict:
    """BEN's ``solve_helper`` aggregation of futureTricks dicts (its code,
    for the batch path, which returns the same dicts)."""
    card_rank = [0x4000, 0x2000, 0x1000, 0x0800, 0x0400, 0x0200, 0x0100, 0x0080, 0x0040, 0x0020, 0x0010, 0x0008,
                 0x0004]
    if solutions == 1:
        return {"max": [f["score"][0] for f in solved], "min": [f["score"][f["cards"] - 1] for f in solved]}
    out: dict = {}
    for fut in solved:
        for i in range(fut["cards"]):
            suit = fut["suit"][i]
            out.setdefault(suit * 13 + 14 - fut["rank"][i], []).append(fut["score"][i])
            for k, code in enumerate(card_rank):
                if code & fut["equals"][i]:
                    out.setdefault(suit * 13 + k, []).append(fut["score"][i])
    return out


def check(ben_src: str, work: str, recording: str, threads: int) -> int:
    # The dds3 that runs BEN on ddsrs: ddsrs's own stand-in, written as a BEN
    # user writes it, into a folder of its own put first on the path.
    shim = os.path.join(work, "ddsrs-shim")
    os.makedirs(shim, exist_ok=True)
    subprocess.run([sys.executable, "-m", "ddsrs.dds3", "--install", "--target", shim], check=True)
    records = [json.loads(line) for line in open(recording)]
    solves = [r for r in records if r.get("t") == "solve"]
    pars = [r for r in records if r.get("t") == "par"]
    boards = sum(len(r["hands_pbn"]) for r in solves)
    print(f"recording: {recording}: {len(solves)} solve calls ({boards} deals), {len(pars)} par calls, "
          f"results by DDS 2.9 ({sum(r['ms'] for r in records if 'ms' in r) / 1000:.1f} s recorded)")
    failures = 0

    # 2. BEN's DDSolver.solve / calculatepar on ddsrs, in this process.
    sys.path[:0] = [shim, ben_src]
    from ddsolver.ddsolver import DDSolver, dds3

    assert dds3.__file__.startswith(shim), dds3.__file__
    import ddsrs.dds3

    assert dds3.solve_board_pbn is ddsrs.dds3.solve_board_pbn
    solver = DDSolver(dds_mode=1, max_threads=threads)
    direct = solves[:5] + [r for r in solves if r["solutions"] == 1][:5]
    bad = 0
    for r in direct:
        got = solver.solve(r["strain_i"], r["leader_i"], r["current_trick"], r["hands_pbn"], r["solutions"])
        bad += normalise(got) != normalise(r["result"])
    for r in pars:
        bad += solver.calculatepar(r["hand"], r["vuln"], print_result=False) != r["result"]
    print(f"DDSolver.solve on {len(direct)} calls and calculatepar on {len(pars)} hands: {bad} mismatches")
    failures += bad

    # 3. BEN's replay benchmark, ddsrs as dds3.
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([shim, os.environ.get("PYTHONPATH", "")]))
    replay = os.path.join(ben_src, "ddsolver", "ddsreplay.py")
    command = [sys.executable, replay, recording, "--threads", str(threads)]
    print("$ " + " ".join(command))
    run = subprocess.run(command, env=env, capture_output=True, text=True)
    print(run.stdout.strip())
    if run.returncode != 0:
        print(run.stderr.strip())
        print(f"ddsreplay.py exit status {run.returncode}")
        failures += 1

    # 3b. The same replay on DDS 2.9 (its shim, one thread index per BEN
    # thread), for its time; os._exit at the end (see record()).
    oracle = os.path.join(work, "dds29")
    env29 = dict(os.environ, PYTHONPATH=os.pathsep.join([oracle, os.environ.get("PYTHONPATH", "")]))
    run = subprocess.run([sys.executable, "-c", RUN_AND_EXIT] + command[1:], env=env29, capture_output=True, text=True)
    times = [line for line in run.stdout.splitlines() if line.startswith(("DDS time", "VERIFY", "TOTAL"))]
    print("the same replay on DDS 2.9 (ctypes shim): " + " | ".join(times))

    # 4. The batch fast path on the same calls.
    bad, start = 0, time.perf_counter()
    for r in solves:
        trump = (r["strain_i"] - 1) % 5
        trick = r["current_trick"][:3]
        suits = tuple(c // 13 for c in trick) + (0,) * (3 - len(trick))
        ranks = tuple(14 - c % 13 for c in trick) + (0,) * (3 - len(trick))
        futs = ddsrs.dds3.solve_boards_pbn(r["hands_pbn"], trump=trump, first=r["leader_i"], current_trick_suit=suits,
                                           current_trick_rank=ranks, solutions=r["solutions"], mode=1,
                                           threads=threads)
        bad += normalise(aggregate(futs, r["solutions"])) != normalise(r["result"])
    elapsed = time.perf_counter() - start
    print(f"solve_boards_pbn (batch fast path, {threads} threads): {len(solves)} calls ({boards} deals) "
          f"in {elapsed:.3f} s, {bad} mismatches")
    failures += bad
    return failures


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("ben", help="a BEN checkout (its src/ddsolver, src/objects.py, src/nn/timing.py are read)")
    parser.add_argument("--calls", type=int, default=300, help="DDSolver calls in the recording (default 300)")
    parser.add_argument("--samples", type=int, default=20, help="sampled deals per solve call (default 20)")
    parser.add_argument("--threads", type=int, default=os.cpu_count() or 2, help="BEN's solver threads")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--work", help="a folder for the shims and the recording (default: a temporary one)")
    parser.add_argument("--record-only", metavar="OUT", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    ben_src = os.path.join(os.path.abspath(args.ben), "src")
    if not os.path.exists(os.path.join(ben_src, "ddsolver", "ddsolver.py")):
        parser.error(f"no src/ddsolver/ddsolver.py in {args.ben}")
    work = os.path.abspath(args.work) if args.work else tempfile.mkdtemp(prefix="ben_check-")
    if args.record_only:
        record(ben_src, work, workload(args.calls, args.samples, args.seed), args.record_only)
    recording = os.path.join(work, "dds29-recording.jsonl")
    start = time.perf_counter()
    child = subprocess.run(
        [sys.executable, os.path.abspath(__file__), args.ben, "--calls", str(args.calls), "--samples",
         str(args.samples), "--seed", str(args.seed), "--work", work, "--record-only", recording],
    )
    if child.returncode != 0 or not os.path.exists(recording):
        print(f"the recording on DDS 2.9 failed (exit status {child.returncode})")
        return 2
    print(f"recorded with BEN's DDSolver on DDS 2.9 in {time.perf_counter() - start:.1f} s")
    failures = check(ben_src, work, recording, args.threads)
    print("OK: every answer equals DDS 2.9's" if not failures else f"FAILED: {failures} mismatches")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
