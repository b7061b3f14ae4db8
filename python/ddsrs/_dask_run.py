"""The driver of a ``ddsrs.dask`` run: ``run`` (a source's shards
submitted to a Dask cluster, the parts already written skipped, the job
recorded in the output folder so that another job's parts are never
mixed in), its ``Summary``, and the check that ddsrs's ``dask`` extra is
installed (``require_extra``)."""

from __future__ import annotations

import glob
import json
import os
import sys
import time
import uuid
from dataclasses import dataclass
from typing import Any, List, Optional, Tuple

import ddsrs
from ddsrs._dask_cluster import _close, _CtrlC, _ignore_sigint_plugin, _quiet_cluster, _sigint_ignored_by_workers
from ddsrs._dask_deals import DealSource
from ddsrs._dask_parts import _part_errors, part_path, solve_shard

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


def _plan(source: DealSource, shard_size: int) -> Tuple[int, int]:
    """The number of shards of ``source`` and the digits of their parts' numbers."""
    shards = -(-source.count // shard_size)
    return shards, max(5, len(str(max(shards - 1, 0))))


def written_parts(out: str, source: DealSource, shard_size: int) -> Tuple[int, int]:
    """``(written, shards)``: how many of the job's parts ``out`` holds, of
    how many."""
    shards, width = _plan(source, shard_size)
    return sum(os.path.exists(part_path(out, i, width)) for i in range(shards)), shards


def _remove_temporary_files(out: str) -> None:
    """Remove the temporary files of attempts that did not finish (a worker
    killed mid-write): only when no attempt is under way."""
    for tmp in glob.glob(os.path.join(out, "part-*.parquet.tmp-*")):
        try:
            os.remove(tmp)
        except OSError:
            pass


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
