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
import contextlib
import glob
import hashlib
import json
import logging
import os
import random
import re
import signal
import sys
import threading
import time
import uuid
from dataclasses import dataclass, field
from typing import Any, Iterator, List, Optional, Sequence, Tuple, Union

import ddsrs

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

SEATS = "NESW"
RANKS = "AKQJT98765432"
# Test hook: the path of a marker file holding a shard index. The first
# attempt at that shard removes the marker and kills its worker process
# after writing its temporary file, before renaming it (see tests/test_dask.py).
CRASH_ENV = "DDSRS_DASK_TEST_CRASH"
JOB_FILE = "_ddsrs_job.json"


def _extra_command() -> str:
    """The pip command that installs ddsrs's ``dask`` extra, from the
    installed package's own metadata (its requirements as pinned there)."""
    requirements: List[str] = []
    try:
        from importlib.metadata import PackageNotFoundError, requires

        try:
            for r in requires("ddsrs") or []:
                name, _, marker = r.partition(";")
                if marker.replace("'", '"').replace(" ", "") == 'extra=="dask"':
                    requirements.append(name.strip())
        except PackageNotFoundError:
            pass
    except ImportError:
        pass
    if not requirements:
        requirements = ["dask[distributed]", "pyarrow", "pandas"]
    return "pip install " + " ".join(f'"{r}"' for r in requirements)


def require_extra() -> None:
    """Raise ``ImportError`` naming ddsrs's ``dask`` extra and the command
    that installs it when ``dask[distributed]`` or ``pyarrow`` cannot be
    imported (``run`` and the command check it before anything else)."""
    try:
        import distributed  # noqa: F401
        import pyarrow  # noqa: F401
    except ImportError as e:
        missing = getattr(e, "name", None) or str(e)
        raise ImportError(
            f"ddsrs.dask needs ddsrs's \"dask\" extra, which is not installed (no module named {missing!r}): "
            f"{_extra_command()}",
            name=getattr(e, "name", None),
        ) from e


class JobError(ValueError):
    """The output folder holds the parts of another job (another source or
    shard size): ``run`` refuses to mix them; use another folder."""


@dataclass(frozen=True)
class Deal:
    """One deal to solve: PBN text, its dealer (or None) and vulnerability."""

    deal: str
    dealer: Optional[str] = None
    vul: str = "None"
    board: Optional[int] = None


def _vul(text: str) -> str:
    """A vulnerability's PBN name, from any of the names the model reads."""
    return ddsrs.parse_vulnerability(text)


def _dealer(text: Optional[str]) -> Optional[str]:
    """A seat's letter, from any of the names the model reads; None for
    none given."""
    if text is None or not text.strip():
        return None
    return ddsrs.parse_seat(text)


def board_dealer_vul(board: int) -> Tuple[str, str]:
    """The dealer and vulnerability of a duplicate board number (1, 2, ...),
    the model's (``ddsrs.board_info``)."""
    return ddsrs.board_info(board)


# --- sources -----------------------------------------------------------------

# A file of PBN games: some line opens with a [Deal "..."] tag.
_DEAL_TAG = re.compile(r'^\s*\[Deal\s+"', re.MULTILINE)


def read_deals(path: str, vul: str = "None", dealer: Optional[str] = None) -> List[Deal]:
    """The deals of a file: PBN games (any ``[Deal "..."]`` tag), read by
    the model (``ddsrs.parse_pbn``: PBN's ``#`` copy rule, the dealer and
    vulnerability from the tags, else from the board number), or one PBN
    deal a line (blank lines and lines starting with ``#`` or ``%`` are
    skipped), those with ``dealer`` and ``vul``."""
    with open(path, encoding="utf-8-sig") as f:
        text = f.read()
    if _DEAL_TAG.search(text):
        return [Deal(r.deal, r.dealer, r.vulnerability or "None", r.board_number) for r in ddsrs.parse_pbn(text)]
    v, d = _vul(vul), _dealer(dealer)
    out = []
    for line in text.splitlines():
        text = line.strip().strip('"')
        if text and not text.startswith(("#", "%")):
            out.append(Deal(text, d, v))
    return out


def random_deal(rng: random.Random) -> str:
    """A random full deal as PBN text, North first, from ``rng``."""
    cards = list(range(52))
    rng.shuffle(cards)
    hands = []
    for h in range(4):
        mine = sorted(cards[13 * h : 13 * h + 13])  # card c: suit c // 13, rank RANKS[c % 13]
        hands.append(".".join("".join(RANKS[c % 13] for c in mine if c // 13 == s) for s in range(4)))
    return "N:" + " ".join(hands)


class DealSource:
    """A sequence of deals cut into shards; ``shard(i, size)`` is what a
    worker receives (small for generated deals), ``key`` names the source
    (an output folder holds the parts of one source and shard size)."""

    count: int
    key: str

    def shard(self, index: int, size: int) -> Any:
        raise NotImplementedError


@dataclass
class RandomSource(DealSource):
    """``count`` random deals; shard ``i`` is drawn by ``random.Random`` seeded
    from ``(seed, i)``, so every shard is reproducible on its own. Deal
    ``k`` (from 0) is board ``k + 1``, with that board's dealer and
    vulnerability."""

    count: int
    seed: int = 0

    @property
    def key(self) -> str:  # type: ignore[override]
        return f"random:{self.count}:{self.seed}"

    def shard(self, index: int, size: int) -> Any:
        start = index * size
        return ("random", self.seed, index, start, min(size, self.count - start))


@dataclass
class ListSource(DealSource):
    """Deals in memory (``read_deals``' list, or PBN strings)."""

    deals: Sequence[Union[Deal, str]]
    name: str = ""
    _key: str = field(default="", repr=False)

    def __post_init__(self) -> None:
        self.deals = [d if isinstance(d, Deal) else Deal(d) for d in self.deals]
        h = hashlib.sha256()
        for d in self.deals:
            h.update(f"{d.deal}|{d.dealer}|{d.vul}|{d.board}\n".encode())
        self._key = f"deals:{len(self.deals)}:{h.hexdigest()[:16]}"

    @property
    def count(self) -> int:  # type: ignore[override]
        return len(self.deals)

    @property
    def key(self) -> str:  # type: ignore[override]
        return self._key

    def shard(self, index: int, size: int) -> Any:
        part = self.deals[index * size : (index + 1) * size]
        return ("deals", [(d.deal, d.dealer, d.vul, d.board) for d in part])  # type: ignore[union-attr]


def _shard_deals(spec: Any) -> List[Deal]:
    if spec[0] == "random":
        _, seed, index, start, count = spec
        rng = random.Random(seed * 1_000_003 + index)
        out = []
        for k in range(start, start + count):
            dealer, vul = board_dealer_vul(k + 1)
            out.append(Deal(random_deal(rng), dealer, vul, k + 1))
        return out
    return [Deal(*t) for t in spec[1]]


# --- one shard on a worker ---------------------------------------------------


def part_path(out: str, index: int, width: int = 5) -> str:
    return os.path.join(out, f"part-{index:0{width}d}.parquet")


def _schema() -> Any:
    import pyarrow as pa

    return pa.schema([
        ("board", pa.int32()),
        ("deal", pa.string()),
        ("dealer", pa.string()),
        ("vulnerability", pa.string()),
        ("tricks", pa.list_(pa.uint8(), 20)),
        ("par_score", pa.int32()),
        ("par_contracts", pa.string()),
        ("error", pa.string()),
    ])  # fmt: skip


def shard_table(deals: Sequence[Deal], threads: Optional[int] = None) -> Any:
    """Solve ``deals`` (``dd_tables`` on ``threads`` threads, all cores by
    default) and return a pyarrow Table of the parts' schema."""
    import numpy as np
    import pyarrow as pa

    tables, errors = ddsrs.dd_tables([d.deal for d in deals], threads=threads, errors="return")
    # The reason alone: the row is the deal (the message's index would be
    # the deal's place in this shard, not in the source).
    bad = {e.index: e.reason for e in errors}
    scores: List[Optional[int]] = []
    contracts: List[Optional[str]] = []
    for i, d in enumerate(deals):
        if i in bad:
            scores.append(None)
            contracts.append(None)
            continue
        dealer = d.dealer or d.deal.strip()[:1].upper()
        if dealer not in SEATS:
            dealer = "N"
        p = ddsrs.dealer_par(tables[i], dealer, d.vul)
        scores.append(p.score)
        contracts.append(",".join(str(c) for c in p.contracts))
    flat = np.ascontiguousarray(tables, dtype=np.uint8).reshape(len(deals), 20)
    list_type = pa.list_(pa.uint8(), 20)
    if bad:
        tricks = pa.array([None if i in bad else row.tolist() for i, row in enumerate(flat)], type=list_type)
    else:
        tricks = pa.FixedSizeListArray.from_arrays(pa.array(flat.reshape(-1), type=pa.uint8()), 20)
    return pa.Table.from_arrays(
        [
            pa.array([d.board for d in deals], type=pa.int32()),
            pa.array([d.deal for d in deals], type=pa.string()),
            pa.array([d.dealer for d in deals], type=pa.string()),
            pa.array([d.vul for d in deals], type=pa.string()),
            tricks,
            pa.array(scores, type=pa.int32()),
            pa.array(contracts, type=pa.string()),
            pa.array([bad.get(i) for i in range(len(deals))], type=pa.string()),
        ],
        schema=_schema(),
    )


def solve_shard(out: str, index: int, spec: Any, width: int = 5, threads: Optional[int] = None) -> dict:
    """Solve one shard and write its part atomically; a part already there is
    left alone (``skipped``). Runs on a Dask worker; returns what the
    summary needs."""
    import pyarrow.parquet as pq

    path = part_path(out, index, width)
    start = time.perf_counter()
    if os.path.exists(path):
        return {"index": index, "deals": 0, "skipped": True, "seconds": 0.0, "errors": 0}
    deals = _shard_deals(spec)
    table = shard_table(deals, threads)
    tmp = f"{path}.tmp-{uuid.uuid4().hex}"
    try:
        pq.write_table(table, tmp)
        _crash_hook(index)
        if os.path.exists(path):  # another attempt got there first: keep its file
            os.remove(tmp)
            return {"index": index, "deals": 0, "skipped": True, "seconds": 0.0, "errors": 0}
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.remove(tmp)
        raise
    return {
        "index": index,
        "deals": len(deals),
        "skipped": False,
        "seconds": time.perf_counter() - start,
        "errors": len(deals) - table.column("error").null_count,
    }


def _crash_hook(index: int) -> None:
    marker = os.environ.get(CRASH_ENV)
    if not marker:
        return
    try:
        with open(marker) as f:
            target = int(f.read().strip())
    except (OSError, ValueError):
        return
    if target == index:
        os.remove(marker)  # the retry goes through
        os._exit(1)


# --- the driver ----------------------------------------------------------------


def _plan(source: DealSource, shard_size: int) -> Tuple[int, int]:
    """The number of shards of ``source`` and the digits of their parts' numbers."""
    shards = -(-source.count // shard_size)
    return shards, max(5, len(str(max(shards - 1, 0))))


def written_parts(out: str, source: DealSource, shard_size: int) -> Tuple[int, int]:
    """``(written, shards)``: how many of the job's parts ``out`` holds, of
    how many."""
    shards, width = _plan(source, shard_size)
    return sum(os.path.exists(part_path(out, i, width)) for i in range(shards)), shards


@contextlib.contextmanager
def _sigint_ignored_by_workers() -> Iterator[None]:
    """SIGINT ignored meanwhile: the processes started inside (the local
    cluster's workers) inherit it ignored, as an ignored signal stays
    ignored across ``exec`` (a handler does not), so a Ctrl-C at the
    terminal, sent to every process of the group, stops this process
    alone, which then closes the cluster, rather than each worker printing
    its own traceback. (Blocking the signal would not do: the processes
    are started from a thread of distributed's that exists already.) This
    process ignores Ctrl-C meanwhile: the cluster's start, a few seconds.
    Only the main thread can do this."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    before = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, before)


class _CtrlC:
    """Ctrl-C during a run, in the main thread: noted by a SIGINT handler of
    ours, and raised as ``KeyboardInterrupt`` by ``check()`` at the run's own
    points, rather than wherever the main thread is (inside distributed's
    waits, a ``KeyboardInterrupt`` makes its event loop log an error with a
    traceback). Only in place of Python's own handler: a SIGINT ignored, or
    handled by the caller, is left as it is."""

    def __init__(self) -> None:
        self.pressed = False
        self._before: Any = None

    def __enter__(self) -> "_CtrlC":
        if (
            threading.current_thread() is threading.main_thread()
            and signal.getsignal(signal.SIGINT) is signal.default_int_handler
        ):
            self._before = signal.signal(signal.SIGINT, self._note)
        return self

    def _note(self, signum: int, frame: Any) -> None:
        self.pressed = True

    def check(self) -> None:
        """Raise ``KeyboardInterrupt`` if Ctrl-C was pressed."""
        if self.pressed:
            raise KeyboardInterrupt

    def __exit__(self, *exc: Any) -> None:
        if self._before is not None:
            signal.signal(signal.SIGINT, self._before)


def _ignore_sigint() -> None:
    """In a worker process: ignore SIGINT (see ``_sigint_ignored_by_workers``)."""
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGINT, signal.SIG_IGN)


def _ignore_sigint_plugin() -> Any:
    """A worker plugin that ignores SIGINT on each worker it is set up on:
    a worker restarted after one died is started without
    ``_sigint_ignored_by_workers``."""
    from distributed.diagnostics.plugin import WorkerPlugin

    class IgnoreSigint(WorkerPlugin):  # type: ignore[misc]
        def setup(self, worker: Any) -> None:
            _ignore_sigint()

    return IgnoreSigint()


# The loggers of a cluster's processes: distributed's, and tornado's (its
# event loop logs the errors of its callbacks).
_CLUSTER_LOGGERS = ("distributed", "tornado")


def _quiet_logging() -> None:
    """In a worker process of a stopped run, about to be closed: no more log
    lines (its cancelled task warns; its heartbeat to a scheduler closed
    first logs an error with a traceback)."""
    for name in _CLUSTER_LOGGERS:
        logging.getLogger(name).setLevel(logging.CRITICAL)


@contextlib.contextmanager
def _quiet_cluster(client: Any) -> Iterator[None]:
    """No warnings from the local cluster while it closes after Ctrl-C:
    this process's ``distributed`` and ``tornado`` loggers are turned down
    for the time, and, given our own local cluster's ``client``, its
    workers' for good."""
    if client is not None:
        try:
            client.run(_quiet_logging)
        except Exception:  # a worker gone: it has nothing more to say
            pass
    loggers = [logging.getLogger(name) for name in _CLUSTER_LOGGERS]
    levels = [logger.level for logger in loggers]
    for logger in loggers:
        logger.setLevel(logging.CRITICAL)
    try:
        yield
    finally:
        for logger, level in zip(loggers, levels):
            logger.setLevel(level)


def _remove_temporary_files(out: str) -> None:
    """Remove the temporary files of attempts that did not finish (a worker
    killed mid-write): only when no attempt is under way."""
    for tmp in glob.glob(os.path.join(out, "part-*.parquet.tmp-*")):
        try:
            os.remove(tmp)
        except OSError:
            pass


def _close(client: Any, cluster: Any) -> None:
    """Close our own client and local cluster, if any."""
    if client is not None:
        client.close()
    if cluster is not None:
        cluster.close()


@dataclass
class Summary:
    deals: int
    shards: int
    solved: List[int]
    skipped: List[int]
    solved_deals: int
    errors: int
    seconds: float
    workers: int
    out: str
    #: Bad deals in the parts skipped (written by an earlier run).
    skipped_errors: int = 0

    @property
    def all_bad(self) -> bool:
        """True when the job has deals and every one of them is bad (in
        the parts of this run and of the runs before it): nothing was
        solved."""
        return self.deals > 0 and self.errors + self.skipped_errors == self.deals

    @property
    def deals_per_second_per_worker(self) -> float:
        return self.solved_deals / self.seconds / max(self.workers, 1) if self.seconds > 0 else 0.0

    def line(self) -> str:
        return (
            f"ddsrs.dask: {self.deals} deals in {self.shards} shards "
            f"({len(self.solved)} solved, {len(self.skipped)} skipped), {self.solved_deals} deals solved"
            f"{f' ({self.errors} bad)' if self.errors else ''} in {self.seconds:.1f} s on {self.workers} "
            f"worker{'s' if self.workers != 1 else ''}: "
            f"{self.deals_per_second_per_worker:.1f} deals/s per worker -> {self.out}"
        )


def _check_job(out: str, source: DealSource, shard_size: int, shards: int) -> None:
    job = {"source": source.key, "deals": source.count, "shard_size": shard_size, "shards": shards}
    path = os.path.join(out, JOB_FILE)
    if os.path.exists(path):
        with open(path) as f:
            old = json.load(f)
        if old != job:
            raise JobError(f"{out} holds the parts of another job ({old}), not of {job}: use another --out")
        return
    if glob.glob(os.path.join(out, "part-*.parquet")):
        raise JobError(f"{out} holds parts of an unknown job: use another --out")
    tmp = f"{path}.tmp-{uuid.uuid4().hex}"
    with open(tmp, "w") as f:
        json.dump(job, f)
    os.replace(tmp, path)


def run(
    source: DealSource,
    out: str,
    *,
    shard_size: int = 10_000,
    client: Any = None,
    scheduler: Optional[str] = None,
    workers: int = 1,
    threads_per_worker: int = 1,
    threads: Optional[int] = None,
    progress: bool = False,
) -> Summary:
    """Solve ``source`` into ``out`` (a folder every worker can write to).

    The Dask cluster is ``client``'s, else the scheduler at ``scheduler``
    (``"tcp://host:8786"``), else a local cluster of ``workers`` processes
    of ``threads_per_worker`` tasks each (one task solves on all cores,
    ``threads=None``, so one task per worker is the right number).

    Raises ``JobError`` (a ``ValueError``) when ``out`` holds the parts of
    another job, and ``ValueError`` for a bad ``shard_size`` or ``threads``,
    before any cluster starts. On Ctrl-C (``KeyboardInterrupt``) the parts
    written stay, a rerun resumes; a local cluster of its own is closed
    without its workers' warnings (its workers ignore SIGINT, leaving it to
    this process) and the ``KeyboardInterrupt`` propagates. Without the
    ``dask`` extra installed, raises ``ImportError`` saying so
    (``require_extra``)."""
    require_extra()
    from distributed import Client, LocalCluster, as_completed

    if shard_size < 1:
        raise ValueError("shard_size must be at least 1")
    # The solver's own check of threads (None, or 0 to its ceiling), here
    # rather than in every shard's task on the workers.
    ddsrs.dd_tables([], threads=threads)
    out = os.path.abspath(out)
    os.makedirs(out, exist_ok=True)
    shards, width = _plan(source, shard_size)
    _check_job(out, source, shard_size, shards)

    own_cluster = own_client = None
    interrupted = False
    with _CtrlC() as ctrl_c:
        try:
            if client is None:
                if scheduler:
                    client = own_client = Client(scheduler)
                else:
                    with _sigint_ignored_by_workers():
                        own_cluster = LocalCluster(
                            n_workers=workers, threads_per_worker=threads_per_worker, processes=True
                        )
                    client = own_client = Client(own_cluster)
                    own_client.register_plugin(_ignore_sigint_plugin(), name="ddsrs-ignore-sigint")
            ctrl_c.check()
            start = time.perf_counter()
            todo = [i for i in range(shards) if not os.path.exists(part_path(out, i, width))]
            todo_set = set(todo)
            skipped = [i for i in range(shards) if i not in todo_set]
            run_id = uuid.uuid4().hex[:8]
            futures = [
                client.submit(
                    solve_shard, out, i, source.shard(i, shard_size), width, threads,
                    key=f"ddsrs-shard-{i:0{width}d}-{run_id}", retries=2,
                )  # fmt: skip
                for i in todo
            ]
            solved: List[int] = []
            solved_deals = bad = n = 0
            finished = as_completed(futures)
            while not finished.is_empty():
                # Polled rather than waited on: Ctrl-C is checked here.
                ctrl_c.check()
                batch = finished.next_batch(block=False)
                if not batch:
                    time.sleep(0.05)
                for fut in batch:
                    n += 1
                    r = fut.result()
                    fut.release()
                    if r["skipped"]:
                        skipped.append(r["index"])
                    else:
                        solved.append(r["index"])
                        solved_deals += r["deals"]
                        bad += r["errors"]
                    if progress:
                        el = time.perf_counter() - start
                        tty = sys.stderr.isatty()
                        end = "\n" if n == len(futures) or not tty else ""
                        sys.stderr.write(
                            f"{chr(13) if tty else ''}ddsrs.dask: {n}/{len(futures)} shards, {solved_deals} deals, "
                            f"{solved_deals / el if el else 0:.1f} deals/s{end}"
                        )
                        sys.stderr.flush()
            n_workers = len(client.scheduler_info().get("workers", {})) or 1
            seconds = time.perf_counter() - start
        except KeyboardInterrupt:
            interrupted = True
            raise
        finally:
            # Still under _CtrlC: a second Ctrl-C does not break the cleanup.
            if interrupted:
                # Ctrl-C: the parts written stay (a rerun resumes); the cluster
                # is closed without the warnings of its tasks cancelled midway.
                with _quiet_cluster(own_client if own_cluster is not None else None):
                    _close(own_client, own_cluster)
                if own_cluster is not None:  # its workers are gone: their attempts too
                    _remove_temporary_files(out)
            else:
                _close(own_client, own_cluster)
    # Temporary files of attempts that died (a worker killed mid-write).
    _remove_temporary_files(out)
    skipped_bad = sum(_part_errors(part_path(out, i, width)) for i in skipped)
    return Summary(
        source.count, shards, sorted(solved), sorted(skipped), solved_deals, bad, seconds, n_workers, out, skipped_bad
    )


def _part_errors(path: str) -> int:
    """The bad deals of a part: its rows with an ``error``."""
    import pyarrow.parquet as pq

    column = pq.read_table(path, columns=["error"]).column("error")
    return len(column) - column.null_count


def _first_error(out: str, source: DealSource, shard_size: int) -> Optional[Tuple[int, str]]:
    """``(index in the source, reason)`` of the first bad deal in the job's
    parts, or None."""
    import pyarrow.parquet as pq

    shards, width = _plan(source, shard_size)
    for i in range(shards):
        path = part_path(out, i, width)
        if os.path.exists(path):
            for k, reason in enumerate(pq.read_table(path, columns=["error"]).column("error").to_pylist()):
                if reason is not None:
                    return i * shard_size + k, reason
    return None


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
