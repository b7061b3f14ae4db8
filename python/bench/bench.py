"""The speed figures of python/README.md, measured in one process.

1. Tables: endplay's ``calc_all_tables`` (DDS 2.9 inside, through ctypes; at
   most 40 deals of five strains per call, so in chunks of 40) against
   ``ddsrs.endplay.calc_all_tables`` (one call) and ``ddsrs.dd_tables``
   (the native API), on the same seeded random deals; the tables must be
   equal.
2. The binding's own cost per call: ``ddsrs.solve_board`` on small endings
   (2 to 4 tricks left, where the search takes microseconds) and
   ``ddsrs.dd_table`` on full deals, one call per item from Python, against
   the same work in Rust (``python/examples/call_cost.rs``: the same text
   parsed, the same solver calls on one reused solver).

    python python/bench/bench.py [--deals 1000] [--calls 1000] [--tables 20]

Needs endplay (``pip install endplay==0.5.12``) and cargo (for the Rust
side, built with ``cargo build --release -p dds-python --example
call_cost``).
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import tempfile
import time

import ddsrs

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
SUITS = "SHDC"
RANKS = "AKQJT98765432"


def random_pbn(rng: random.Random) -> str:
    cards = [s + r for s in SUITS for r in RANKS]
    rng.shuffle(cards)
    hands = []
    for h in range(4):
        mine = set(cards[13 * h : 13 * (h + 1)])
        hands.append(".".join("".join(r for r in RANKS if s + r in mine) for s in SUITS))
    return "N:" + " ".join(hands)


def chunks(seq, n):
    return [seq[k : k + n] for k in range(0, len(seq), n)]


def timed(f):
    t, c = time.perf_counter(), time.process_time()
    value = f()
    return value, time.perf_counter() - t, time.process_time() - c


def tables(n: int, seed: int) -> None:
    import endplay.dds as real
    from endplay.types import Deal

    from ddsrs import endplay as ours

    rng = random.Random(seed)
    pbns = [random_pbn(rng) for _ in range(n)]
    deals = [Deal(p) for p in pbns]
    print(f"calc_all_tables over {n} random deals (seed {seed}), {os.cpu_count()} cores:")

    def endplay_tables():
        out = []
        for chunk in chunks(deals, 40):
            out += [t.to_list() for t in real.calc_all_tables(chunk)]
        return out

    want, wall, cpu = timed(endplay_tables)
    print(f"  endplay 0.5.12 (DDS 2.9), chunks of 40: {wall:7.2f} s wall, {cpu:7.2f} s CPU, {n / wall:6.1f} deals/s")
    base = wall
    got, wall, cpu = timed(lambda: [t.to_list() for t in ours.calc_all_tables(deals)])
    assert got == want, "ddsrs.endplay's tables differ from endplay's"
    print(
        f"  ddsrs.endplay, one call:                {wall:7.2f} s wall, {cpu:7.2f} s CPU, {n / wall:6.1f} deals/s"
        f"  ({base / wall:.2f}x endplay)"
    )
    got, wall, cpu = timed(lambda: ddsrs.dd_tables(pbns).tolist())
    assert got == want, "ddsrs.dd_tables's tables differ from endplay's"
    print(
        f"  ddsrs.dd_tables (PBN text):             {wall:7.2f} s wall, {cpu:7.2f} s CPU, {n / wall:6.1f} deals/s"
        f"  ({base / wall:.2f}x endplay)"
    )


def endings(n: int, seed: int) -> list:
    """n positions at the start of a trick with 2 to 4 tricks left."""
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        strain = rng.choice(["S", "H", "D", "C", "NT"])
        board = ddsrs.Board(random_pbn(rng), strain, rng.choice("NESW"))
        left = rng.randint(2, 4)
        while board.tricks_left > left or board.played:
            board = board.after(rng.choice(board.legal_cards()))
        out.append((board.remaining, strain, board.leader))
    return out


def call_cost(calls: int, table_calls: int, seed: int) -> None:
    positions = endings(calls, seed)
    rng = random.Random(seed + 1)
    full = [random_pbn(rng) for _ in range(table_calls)]
    binary = os.path.join(ROOT, "target", "release", "examples", "call_cost")
    subprocess.run(
        ["cargo", "build", "--quiet", "--release", "-p", "dds-python", "--example", "call_cost"], cwd=ROOT, check=True
    )
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        for pbn, strain, leader in positions:
            f.write(f"solve\t{pbn}\t{strain}\t{leader}\n")
        for pbn in full:
            f.write(f"table\t{pbn}\n")
        path = f.name
    try:
        rust = subprocess.run([binary, path], capture_output=True, text=True, check=True).stdout
    finally:
        os.unlink(path)
    rust_times: dict = {}
    rust_sums: dict = {}
    for line in rust.splitlines():
        _round, _k, kind, count, seconds, checksum = line.split()
        rust_times.setdefault(kind, []).append(float(seconds))
        rust_sums[kind] = int(checksum)

    def py_solves():
        return sum(c.tricks for pbn, s, l in positions for c in ddsrs.solve_board(pbn, s, l))

    def py_tables():
        return sum(int(ddsrs.dd_table(pbn).sum()) for pbn in full)

    py_solve_times, py_table_times = [], []
    for _ in range(3):
        total, wall, _cpu = timed(py_solves)
        assert total == rust_sums["solve"], "the Python and Rust answers differ"
        py_solve_times.append(wall)
        total, wall, _cpu = timed(py_tables)
        assert total == rust_sums["table"], "the Python and Rust tables differ"
        py_table_times.append(wall)
    print(f"one call per item, best of 3 rounds, one thread:")
    for name, count, py, rs in (
        (f"solve_board, {calls} endings of 2-4 tricks", calls, min(py_solve_times), min(rust_times["solve"])),
        (f"dd_table, {table_calls} full deals", table_calls, min(py_table_times), min(rust_times["table"])),
    ):
        per_py, per_rs = py / count * 1e6, rs / count * 1e6
        print(
            f"  {name}: Python {per_py:9.1f} us/call, Rust {per_rs:9.1f} us/call, "
            f"binding +{per_py - per_rs:.1f} us/call ({(py / rs - 1) * 100:+.1f}%)"
        )


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=1000, help="deals for calc_all_tables (default 1000)")
    ap.add_argument("--calls", type=int, default=1000, help="one-deal solve_board calls (default 1000)")
    ap.add_argument("--tables", type=int, default=20, help="one-deal dd_table calls (default 20)")
    ap.add_argument("--seed", type=int, default=2024)
    ap.add_argument("--skip-tables", action="store_true")
    ap.add_argument("--skip-calls", action="store_true")
    args = ap.parse_args()
    print(f"ddsrs {ddsrs.__version__}, Python {sys.version.split()[0]}")
    if not args.skip_calls:
        call_cost(args.calls, args.tables, args.seed)
    if not args.skip_tables:
        tables(args.deals, args.seed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
