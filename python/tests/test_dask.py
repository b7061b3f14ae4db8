"""ddsrs.dask on a local Dask cluster of two worker processes: the parts'
answers against dd_tables and DDS's PAR2 lines, resuming a stopped run, and
a worker killed in the middle of a shard."""

from __future__ import annotations

import glob
import os
import random
import re
import signal
import subprocess
import sys
import time

import numpy as np
import pytest

pytest.importorskip("distributed", reason="ddsrs.dask needs dask[distributed] (pip install 'ddsrs[dask]')")
pytest.importorskip("pyarrow", reason="ddsrs.dask needs pyarrow (pip install 'ddsrs[dask]')")

import pyarrow.parquet as pq  # noqa: E402
from conftest import ROOT, SEATS, VULS, random_pbn  # noqa: E402
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
    # The reason alone: the row is the deal (no index within its shard).
    with pytest.raises(ddsrs.DealError) as e:
        ddsrs.dd_table("N:AKQ")
    assert rows[1]["error"] == e.value.reason == str(e.value)


def test_random_deals_are_those_of_earlier_releases():
    # The deals of a seed never change: these are random_deal's before its
    # text was written by the model (East void in clubs: "AQ986.").
    rng = random.Random(5)
    assert [ddask.random_deal(rng) for _ in range(2)] == [
        "N:53.92.K42.KT5432 QT2.KT876.AQ986. A9876.A43.T53.J8 KJ4.QJ5.J7.AQ976",
        "N:QJ8.K92.74.98762 7632.AT.KQ9.AK54 A9.Q75.JT865.QJT KT54.J8643.A32.3",
    ]


def test_a_deal_without_a_dealer_gets_the_par_of_its_first_seat(list10):
    # list10's deals start from their dealer's seat: with no dealer given,
    # each part row has DDS's PAR2 score of that dealer (the text's first
    # seat, in any case, after any whitespace), its dealer column null.
    texts = [r.deal if k % 2 else f" {r.deal[0].lower()}{r.deal[1:]}" for k, r in enumerate(list10)]
    assert {t.strip()[0].upper() for t in texts} == set("NESW")
    table = ddask.shard_table([ddask.Deal(t, None, VULS[r.vul]) for t, r in zip(texts, list10)])
    rows = table.to_pylist()
    assert [g["par_score"] for g in rows] == [r.par2[0] for r in list10]
    assert all(g["dealer"] is None and g["error"] is None for g in rows)


def test_pandas_reads_the_output(client, list10, tmp_path):
    # The README reads the output folder with pandas: the dask extra installs it.
    pd = pytest.importorskip("pandas")
    out = str(tmp_path / "out")
    deals = [ddask.Deal(r.deal, SEATS[r.dealer], VULS[r.vul]) for r in list10]
    ddask.run(ddask.ListSource(deals), out, shard_size=4, client=client)
    frame = pd.read_parquet(out).sort_values("deal", kind="stable")
    by_deal = {r.deal: r for r in list10}
    assert sorted(frame["deal"]) == sorted(by_deal)
    for deal, tricks, score in zip(frame["deal"], frame["tricks"], frame["par_score"]):
        r = by_deal[deal]
        assert [int(t) for t in tricks] == [t for row in r.table for t in row]
        assert score == r.par2[0]


def test_dask_extra_installs_pandas():
    tomllib = pytest.importorskip("tomllib")  # Python 3.11 and later
    with open(os.path.join(ROOT, "python", "pyproject.toml"), "rb") as f:
        extras = tomllib.load(f)["project"]["optional-dependencies"]
    assert any(dep.replace(" ", "").startswith("pandas") for dep in extras["dask"]), extras["dask"]


# --- the command, as a process -------------------------------------------------

# Runs ``python -m ddsrs.dask`` with Python's SIGINT handler installed: a
# process started in the background by a non-interactive shell (as a CI
# job may be) inherits SIGINT ignored, and Python then installs none.
COMMAND = [
    sys.executable,
    "-c",
    "import runpy, signal; signal.signal(signal.SIGINT, signal.default_int_handler); "
    "runpy.run_module('ddsrs.dask', run_name='__main__', alter_sys=True)",
]


def command(args, cwd, timeout=120):
    """The command's (status, stdout, stderr), run to its end."""
    run = subprocess.run(COMMAND + args, capture_output=True, text=True, cwd=cwd, timeout=timeout)
    return run.returncode, run.stdout, run.stderr


def test_command_refuses_another_job_in_one_line(client, list10, tmp_path):
    out = str(tmp_path / "out")
    ddask.run(ddask.ListSource([r.deal for r in list10[:2]]), out, shard_size=1, client=client)
    status, stdout, stderr = command(["--random", "4", "--seed", "1", "--shard-size", "2", "--out", out], tmp_path)
    assert status == 1, stderr
    assert stdout == ""
    lines = stderr.splitlines()
    assert len(lines) == 1, stderr
    assert lines[0].startswith("python -m ddsrs.dask: error: ") and "holds the parts of another job" in lines[0]
    # The folder is as it was: two parts of the first job.
    assert sorted(os.listdir(out)) == [ddask.JOB_FILE, "part-00000.parquet", "part-00001.parquet"]


def test_command_bad_arguments(tmp_path):
    # The argument errors themselves: tests/test_dask_command.py.
    out = str(tmp_path / "out")
    status, stdout, stderr = command(["--random", "4", "--threads", "2000", "--out", out], tmp_path)
    assert status == 2 and "error: argument --threads: must be 0 (every core) to 1024, not 2000" in stderr
    status, stdout, stderr = command([str(tmp_path / "missing.pbn"), "--out", out], tmp_path)
    assert status == 1 and stderr.count("\n") == 1 and "cannot read the deals of" in stderr, stderr
    (tmp_path / "empty.txt").write_text("# no deals\n\n")
    status, stdout, stderr = command(["empty.txt", "--out", out], tmp_path)
    assert status == 1 and stdout == "", stderr
    assert stderr.splitlines() == ["python -m ddsrs.dask: error: no deals in empty.txt: one PBN deal a line, or PBN "
                                   "games with [Deal] tags"]  # fmt: skip
    assert not os.path.exists(out)


def test_command_every_deal_bad_exits_non_zero(tmp_path):
    # Nothing solved is a failure: status 1 and one line saying so, after the
    # summary; the parts are written, each bad deal's error saying why.
    (tmp_path / "bad.txt").write_text("N:AKQ\nN:A... K... Q... J...\n")
    out = str(tmp_path / "out")
    args = ["bad.txt", "--shard-size", "1", "--workers", "1", "--out", out, "--quiet"]
    status, stdout, stderr = command(args, tmp_path)
    assert status == 1, stderr
    assert stdout.startswith("ddsrs.dask: 2 deals in 2 shards (2 solved, 0 skipped), 2 deals solved (2 bad)"), stdout
    last = stderr.splitlines()[-1]
    assert last.startswith("python -m ddsrs.dask: error: none of the 2 deals could be solved, every one is bad: "
                           "deal 1 (index 0): "), last  # fmt: skip
    _, parts = read_parts(out)
    errors = [row["error"] for t in parts for row in t.to_pylist()]
    assert len(errors) == 2 and all(errors), errors
    assert last.endswith(errors[0])
    # A rerun, every part skipped: still nothing solved, still status 1.
    status, stdout, stderr = command(args, tmp_path)
    assert status == 1 and "(0 solved, 2 skipped)" in stdout, stderr
    assert stderr.splitlines()[-1] == last


@pytest.mark.skipif(not hasattr(os, "killpg"), reason="needs process groups")
def test_command_ctrl_c(tmp_path):
    # A terminal's Ctrl-C: SIGINT to the command's process group (the command
    # and its local cluster's workers) once it has written a part. 400 deals
    # in 200 shards take a minute or more: the run is still under way then.
    out = tmp_path / "out"
    args = ["--random", "400", "--seed", "3", "--shard-size", "2", "--workers", "1", "--out", str(out), "--quiet"]
    stdout_path, stderr_path = tmp_path / "stdout.txt", tmp_path / "stderr.txt"
    with open(stdout_path, "w") as stdout, open(stderr_path, "w") as stderr:
        child = subprocess.Popen(COMMAND + args, stdout=stdout, stderr=stderr, cwd=tmp_path, start_new_session=True)
    try:
        deadline = time.monotonic() + 120
        while not glob.glob(str(out / "part-*.parquet")):
            assert child.poll() is None, stderr_path.read_text()
            assert time.monotonic() < deadline, "no part written in 120 s"
            time.sleep(0.05)
        # What the start wrote (such as distributed's warning that port 8787
        # is taken, by another cluster) is not the Ctrl-C's.
        before = stderr_path.stat().st_size
        os.killpg(child.pid, signal.SIGINT)
        child.wait(timeout=60)
    finally:
        if child.poll() is None:
            os.killpg(child.pid, signal.SIGKILL)
            child.wait()
    errors = stderr_path.read_bytes().decode()
    assert child.returncode == 130, errors
    assert stdout_path.read_text() == ""
    assert "Traceback" not in errors, errors
    # One line after Ctrl-C: no traceback nor warning of the cluster's workers.
    lines = stderr_path.read_bytes()[before:].decode().splitlines()
    assert len(lines) == 1, errors
    m = re.fullmatch(r"stopped: (\d+) of 200 shards written; run again to resume", lines[0])
    assert m, lines[0]
    # The count is the parts there, complete: no temporary file is left.
    written = int(m.group(1))
    assert 1 <= written < 200
    parts = sorted(os.listdir(out))
    assert parts[0] == ddask.JOB_FILE and len(parts) == written + 1, parts
    assert all(re.fullmatch(r"part-\d{5}\.parquet", p) for p in parts[1:]), parts
