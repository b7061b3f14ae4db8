"""Million-deal runs on Dask's distributed scheduler.

A deal source (a file of PBN deals, one a line; a file of PBN games; or a
seeded generator) is cut into shards; each shard is solved on a Dask worker
by ``ddsrs.dd_tables`` on all the worker's cores, with each deal's dealer
par, and written as one Parquet file, ``part-00003.parquet``, in the output
folder. A part is written atomically (a temporary file, then ``os.replace``)
and parts already there are skipped, so a run that stopped resumes where it
ended and writes nothing twice.

    python -m ddsrs.dask --random 1000000 --seed 1 --out deals/
    python -m ddsrs.dask games.pbn --out games/ --scheduler tcp://host:8786

The command exits with status 0 when every shard is written and some deal
solved; 1, after one line on stderr, when the deals cannot be read or are
none, when every deal is bad (the parts are written, with why in their
``error`` column), when the output folder holds another job's parts
(``JobError``) or cannot be written, or when ddsrs's ``dask`` extra is not
installed; 2 for bad arguments (``argument --threads: must be 0 (every
core) to 1024, not 2000``); and 130 on Ctrl-C, after one line on stderr
such as ``stopped: 2 of 4 shards written; run again to resume``.

>>> from ddsrs import dask as ddask                        # doctest: +SKIP
>>> summary = ddask.run(ddask.RandomSource(2000, seed=1), "out/", shard_size=500)  # doctest: +SKIP

Columns of every part: ``board`` (int32 or null), ``deal`` (PBN text),
``dealer`` (``"N"``... or null), ``vulnerability`` (``"None"``, ``"NS"``,
``"EW"``, ``"All"``), ``tricks`` (fixed-size list of 20 uint8: strains S, H,
D, C, NT by declarers N, E, S, W, as ``dd_tables``' tables flattened),
``par_score`` (int32, North-South's dealer par score), ``par_contracts``
(``"EW 4Sx-1"``, several joined by commas) and ``error`` (null, or why the
deal could not be solved; its tricks and par are then null). A deal
without a dealer gets the par of its first seat as dealer (PBN's
convention), its ``dealer`` column staying null.

Needs ``dask[distributed]`` and ``pyarrow`` (``pip install "ddsrs[dask]"``,
which also installs pandas, to read the output with ``pandas.read_parquet``).
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any, Optional, Sequence

import ddsrs

# The parts by job: the deals and their sources, one shard on a worker
# (solved and written as Parquet), Ctrl-C and the cluster, the driver.
# This module holds the command line and names them all, where they were.
from ddsrs._dask_deals import (  # noqa: F401
    Deal,
    DealSource,
    ListSource,
    RandomSource,
    RANKS,
    _dealer,
    _shard_deals,
    _vul,
    board_dealer_vul,
    random_deal,
    read_deals,
)
from ddsrs._dask_parts import CRASH_ENV, part_path, shard_table, solve_shard  # noqa: F401
from ddsrs._dask_run import (  # noqa: F401
    JOB_FILE,
    JobError,
    Summary,
    _first_error,
    require_extra,
    run,
    written_parts,
)

__all__ = [
    "Deal",
    "DealSource",
    "JobError",
    "ListSource",
    "RandomSource",
    "Summary",
    "read_deals",
    "random_deal",
    "solve_shard",
    "part_path",
    "written_parts",
    "run",
    "main",
    "require_extra",
]

#: The seats' letters, North first.
SEATS = "NESW"


def _int_option(allowed: str, low: Optional[int] = None, high: Optional[int] = None) -> Any:
    """An argparse ``type`` of an int option, from ``low`` to ``high``,
    whose errors say what is allowed: ``argument --threads: must be 0
    (every core) to 1024, not 2000``."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"must be {allowed}, not {text!r}") from None
        if (low is not None and value < low) or (high is not None and value > high):
            raise argparse.ArgumentTypeError(f"must be {allowed}, not {value}")
        return value

    return parse


def _vul_option(text: str) -> str:
    try:
        return _vul(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be None, NS, EW or All, not {text!r}") from None


def _dealer_option(text: str) -> str:
    try:
        return ddsrs.parse_seat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be N, E, S or W, not {text!r}") from None


def main(argv: Optional[Sequence[str]] = None) -> int:
    """``python -m ddsrs.dask``: the exit status is 0 when every shard is
    written and some deal solved, 1 when the deals cannot be read or are
    none, when every deal is bad (nothing solved; the parts are written,
    each bad deal's ``error`` says why), when ``--out`` holds another job's
    parts or cannot be written, or when ddsrs's ``dask`` extra is not
    installed, 2 for bad arguments, 130 after Ctrl-C (with one line on
    stderr: how many shards are written). Every error is one line on
    stderr."""
    p = argparse.ArgumentParser(
        prog="python -m ddsrs.dask",
        description="Solve many deals double dummy on a Dask cluster, one Parquet file per shard.",
    )
    at_least_1 = _int_option("an int of 1 or more", low=1)
    threads = _int_option(f"0 (every core) to {ddsrs.MAX_THREADS}", low=0, high=ddsrs.MAX_THREADS)
    p.add_argument("deals", nargs="?", help="a file of PBN deals (one a line) or of PBN games")
    p.add_argument("--random", type=at_least_1, metavar="N", help="N random deals instead of a file")
    p.add_argument("--seed", type=_int_option("an int"), default=0, help="the seed of --random (default 0)")
    p.add_argument("--out", required=True, help="the output folder (every worker must reach it)")
    p.add_argument("--shard-size", type=at_least_1, default=10_000, help="deals a shard (default 10000)")
    p.add_argument("--scheduler", help="a Dask scheduler's address (tcp://host:8786); default: a local cluster")
    p.add_argument("--workers", type=at_least_1, default=1, help="local cluster: worker processes (default 1)")
    p.add_argument("--threads-per-worker", type=at_least_1, default=1, help="local cluster: tasks a worker (default 1)")
    p.add_argument(
        "--threads", type=threads, default=None,
        help=f"solver threads a task, 0 (every core, the default) to {ddsrs.MAX_THREADS}",
    )  # fmt: skip
    p.add_argument(
        "--vul", type=_vul_option, default=None,
        help="vulnerability of a file of plain deals: None (the default), NS, EW or All",
    )  # fmt: skip
    p.add_argument("--dealer", type=_dealer_option, default=None, help="dealer of a file of plain deals: N, E, S or W")
    p.add_argument("--quiet", action="store_true", help="no progress display")
    a = p.parse_args(argv)
    if a.deals is not None and a.random is not None:
        p.error("give a file of deals or --random N, not both")
    if a.deals is None and a.random is None:
        p.error("give a file of deals or --random N")
    if a.random is not None and (a.vul is not None or a.dealer is not None):
        p.error("--vul and --dealer are for a file of deals: random deal k has board k + 1's dealer and vulnerability")

    def fail(message: str) -> int:
        print(f"{p.prog}: error: {message}", file=sys.stderr)
        return 1

    try:
        require_extra()
    except ImportError as e:
        return fail(str(e))

    source: Optional[DealSource] = None
    try:
        if a.random is not None:
            source = RandomSource(a.random, a.seed)
        else:
            try:
                deals = read_deals(a.deals, a.vul or "None", a.dealer)
            except (OSError, ValueError) as e:
                return fail(f"cannot read the deals of {a.deals}: {e}")
            if not deals:
                return fail(f"no deals in {a.deals}: one PBN deal a line, or PBN games with [Deal] tags")
            source = ListSource(deals, name=a.deals)
        summary = run(
            source, a.out, shard_size=a.shard_size, scheduler=a.scheduler, workers=a.workers,
            threads_per_worker=a.threads_per_worker, threads=a.threads, progress=not a.quiet,
        )  # fmt: skip
    except JobError as e:
        return fail(str(e))
    except OSError as e:  # --out not writable, a scheduler out of reach
        return fail(str(e))
    except KeyboardInterrupt:
        # One line, over the progress line on a terminal.
        erase = "\r\x1b[K" if not a.quiet and sys.stderr.isatty() else ""
        if source is None:
            sys.stderr.write(f"{erase}stopped before any shard was solved\n")
        else:
            written, shards = written_parts(os.path.abspath(a.out), source, a.shard_size)
            sys.stderr.write(f"{erase}stopped: {written} of {shards} shards written; run again to resume\n")
        return 130
    print(summary.line())
    if summary.all_bad:
        first = _first_error(summary.out, source, a.shard_size)  # type: ignore[arg-type]
        example = f": deal {first[0] + 1} (index {first[0]}): {first[1]}" if first is not None else ""
        return fail(f"none of the {summary.deals} deals could be solved, every one is bad{example}")
    return 0


if __name__ == "__main__":
    # As ``python -m ddsrs.dask``: the workers must unpickle the functions of
    # the module ``ddsrs.dask``, not of ``__main__``.
    from ddsrs.dask import main as _main

    sys.exit(_main())
