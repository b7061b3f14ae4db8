"""ddsrs.dask on a local Dask cluster of two worker processes: the parts'
answers against dd_tables and DDS's PAR2 lines, resuming a stopped run, and
a worker killed in the middle of a shard."""

from __future__ import annotations

import glob
import os
import random

import numpy as np
import pytest

pytest.importorskip("distributed", reason="ddsrs.dask needs dask[distributed] (pip install 'ddsrs[dask]')")
pytest.importorskip("pyarrow", reason="ddsrs.dask needs pyarrow (pip install 'ddsrs[dask]')")

import pyarrow.parquet as pq  # noqa: E402
from conftest import SEATS, VULS, random_pbn  # noqa: E402
from distributed import Client, LocalCluster  # noqa: E402

import ddsrs  # noqa: E402
from ddsrs import dask as ddask  # noqa: E402


@pytest.fixture(scope="module")
def crash_marker(tmp_path_factory):
    # The hook is read by the worker processes: set before they start.
    path = str(tmp_path_factory.mktemp("crash") / "marker")
    old = os.environ.get(ddask.CRASH_ENV)
    os.environ[ddask.CRASH_ENV] = path
    yield path
    if old is None:
        del os.environ[ddask.CRASH_ENV]
    else:
        os.environ[ddask.CRASH_ENV] = old


@pytest.fixture(scope="module")
def client(crash_marker):
    with LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None, silence_logs=40
    ) as cluster, Client(cluster) as c:
        yield c


@pytest.fixture(scope="module")
def games(list10, tmp_path_factory):
    """list10's deals as PBN games, then 10 random deals: 20 deals."""
    rng = random.Random(2020)
    rows = [(r.deal, SEATS[r.dealer], VULS[r.vul], r.par2) for r in list10]
    rows += [(random_pbn(rng), SEATS[k % 4], VULS[k % 4], None) for k in range(10)]
    path = tmp_path_factory.mktemp("games") / "games.pbn"
    with open(path, "w") as f:
        for board, (deal, dealer, vul, _) in enumerate(rows, 1):
            vul_text = {"All": "Both"}.get(vul, vul)  # PBN's name, read back as "All"
            f.write(f'[Event "test"]\n[Board "{board}"]\n[Dealer "{dealer}"]\n[Vulnerable "{vul_text}"]\n')
            f.write(f'[Deal "{deal}"]\n[Contract ""]\n\n')
    return str(path), rows


def read_parts(out):
    paths = sorted(glob.glob(os.path.join(out, "part-*.parquet")))
    return paths, [pq.read_table(p) for p in paths]


def check_answers(out, rows):
    _, parts = read_parts(out)
    got = [row for t in parts for row in t.to_pylist()]
    assert [g["deal"] for g in got] == [r[0] for r in rows]
    assert [g["board"] for g in got] == list(range(1, len(rows) + 1))
    assert [(g["dealer"], g["vulnerability"]) for g in got] == [(r[1], r[2]) for r in rows]
    tables = ddsrs.dd_tables([r[0] for r in rows])
    np.testing.assert_array_equal(np.array([g["tricks"] for g in got], dtype=np.uint8).reshape(-1, 5, 4), tables)
    for g, r, table in zip(got, rows, tables):
        par = ddsrs.dealer_par(table, r[1], r[2])
        assert g["par_score"] == par.score
        assert g["par_contracts"] == ",".join(str(c) for c in par.contracts)
        assert g["error"] is None
        if r[3] is not None:  # DDS's PAR2 line
            assert g["par_score"] == r[3][0]
            assert par.dealer_texts() == r[3][1]


def no_tmp(out):
    return not glob.glob(os.path.join(out, "*.tmp-*"))


def test_games_resume(client, games, tmp_path):
    path, rows = games
    deals = ddask.read_deals(path)
    assert [(d.deal, d.dealer, d.vul, d.board) for d in deals] == [
        (r[0], r[1], r[2], b) for b, r in enumerate(rows, 1)
    ]
    out = str(tmp_path / "out")
    s = ddask.run(ddask.ListSource(deals), out, shard_size=6, client=client)
    assert (s.deals, s.shards, s.solved, s.skipped, s.solved_deals) == (20, 4, [0, 1, 2, 3], [], 20)
    check_answers(out, rows)
    assert no_tmp(out)

    # A rerun of a finished job solves nothing.
    paths, _ = read_parts(out)
    before = {p: (os.stat(p).st_ino, os.stat(p).st_mtime_ns) for p in paths}
    s = ddask.run(ddask.ListSource(deals), out, shard_size=6, client=client)
    assert (s.solved, s.skipped, s.solved_deals) == ([], [0, 1, 2, 3], 0)

    # One part deleted: only that shard is solved again.
    old = pq.read_table(paths[2])
    os.remove(paths[2])
    s = ddask.run(ddask.ListSource(deals), out, shard_size=6, client=client)
    assert (s.solved, s.skipped, s.solved_deals) == ([2], [0, 1, 3], 6)
    for p in paths:
        if p != paths[2]:
            assert (os.stat(p).st_ino, os.stat(p).st_mtime_ns) == before[p], p
    assert pq.read_table(paths[2]).equals(old)
    check_answers(out, rows)
    assert no_tmp(out)

    # Another job's folder is refused.
    with pytest.raises(ValueError, match="another job"):
        ddask.run(ddask.ListSource(deals), out, shard_size=5, client=client)


def test_worker_killed(client, games, crash_marker, tmp_path):
    _, rows = games
    out = str(tmp_path / "out")
    with open(crash_marker, "w") as f:
        f.write("1")
    s = ddask.run(ddask.ListSource([ddask.Deal(r[0], r[1], r[2]) for r in rows]), out, shard_size=5, client=client)
    assert not os.path.exists(crash_marker), "the hook did not run"
    # Every shard once, none written twice, no temporary file left.
    assert (s.solved, s.skipped, s.solved_deals) == ([0, 1, 2, 3], [], 20)
    paths, parts = read_parts(out)
    assert [os.path.basename(p) for p in paths] == [f"part-{i:05d}.parquet" for i in range(4)]
    assert sorted(os.listdir(out)) == sorted([ddask.JOB_FILE] + [os.path.basename(p) for p in paths])
    got = [row for t in parts for row in t.to_pylist()]
    assert [g["deal"] for g in got] == [r[0] for r in rows]
    tables = ddsrs.dd_tables([r[0] for r in rows])
    np.testing.assert_array_equal(np.array([g["tricks"] for g in got], dtype=np.uint8).reshape(-1, 5, 4), tables)


def test_random_command(client, tmp_path, capsys):
    out = str(tmp_path / "out")
    args = ["--random", "9", "--seed", "7", "--shard-size", "4", "--out", out, "--quiet"]
    assert ddask.main(args + ["--scheduler", client.scheduler.address]) == 0
    line = capsys.readouterr().out
    assert "9 deals in 3 shards (3 solved, 0 skipped)" in line
    _, parts = read_parts(out)
    got = [row for t in parts for row in t.to_pylist()]
    # Shards are reproducible on their own: the same seed gives the same deals.
    source = ddask.RandomSource(9, seed=7)
    again = [d for i in range(3) for d in ddask._shard_deals(source.shard(i, 4))]
    assert [g["deal"] for g in got] == [d.deal for d in again]
    assert [(g["board"], g["dealer"], g["vulnerability"]) for g in got] == [
        (k, *ddask.board_dealer_vul(k)) for k in range(1, 10)
    ]
    np.testing.assert_array_equal(
        np.array([g["tricks"] for g in got], dtype=np.uint8).reshape(-1, 5, 4),
        ddsrs.dd_tables([d.deal for d in again]),
    )
    assert ddsrs.deals_to_pbn(ddsrs.deals_to_array([d.deal for d in again])) == [d.deal for d in again]


def test_bad_deal_is_a_row(client, tmp_path):
    deals = [ddask.Deal(random_pbn(random.Random(1)), "N", "None"), ddask.Deal("N:AKQ", "E", "NS")]
    out = str(tmp_path / "out")
    s = ddask.run(ddask.ListSource(deals), out, shard_size=10, client=client)
    assert (s.solved_deals, s.errors) == (2, 1)
    rows = pq.read_table(os.path.join(out, "part-00000.parquet")).to_pylist()
    assert rows[0]["error"] is None and rows[0]["tricks"] is not None
    assert rows[1]["tricks"] is None and rows[1]["par_score"] is None and rows[1]["error"]
