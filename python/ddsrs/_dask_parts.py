"""One shard of a ``ddsrs.dask`` run, on a worker: its deals solved
(``dd_tables``, each deal's dealer par) into a pyarrow Table of the parts'
schema, written atomically as one Parquet file (``part-00003.parquet``),
and the bad deals of a part read back."""

from __future__ import annotations

import os
import time
import uuid
from typing import Any, List, Optional, Sequence

import ddsrs
from ddsrs._dask_deals import Deal, _shard_deals

# Test hook: the path of a marker file holding a shard index. The first
# attempt at that shard removes the marker and kills its worker process
# after writing its temporary file, before renaming it (see tests/test_dask.py).
CRASH_ENV = "DDSRS_DASK_TEST_CRASH"


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
        # A deal without a dealer: its first seat's par (PBN's convention),
        # the seat the model reads first in its text.
        dealer = d.dealer or ddsrs._ddsrs._pbn_first_seat(d.deal)
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


def _part_errors(path: str) -> int:
    """The bad deals of a part: its rows with an ``error``."""
    import pyarrow.parquet as pq

    column = pq.read_table(path, columns=["error"]).column("error")
    return len(column) - column.null_count
