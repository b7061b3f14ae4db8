"""The progress callback of the batch calls (dd_tables, solve_boards,
analyse_plays): progress(done, total) between chunks and at the end, in
input items; returning False stops the batch, which returns the answers of
the first `done` items. Answers are checked against DDS's own (TABLE, FUT
and TRACE lines of fixtures/dds-hands)."""

import pytest

import ddsrs
from conftest import SEATS, STRAINS

BAD = "N:A... K... Q... J..."  # not a full deal: refused by dd_tables


@pytest.fixture
def small_chunks():
    """Chunks of one thread's minimum (two items): several calls even for a
    batch of ten deals."""
    previous = ddsrs._ddsrs._set_chunk_seconds(0.001)
    yield
    ddsrs._ddsrs._set_chunk_seconds(previous)


def recorder(stop_at=None):
    """A progress callback noting its calls; it returns False once `done`
    reaches `stop_at`."""
    calls = []

    def progress(done, total):
        calls.append((done, total))
        return False if stop_at is not None and done >= stop_at else None

    return calls, progress


def check_calls(calls, total):
    assert calls, "progress was never called"
    assert all(t == total for _, t in calls)
    dones = [d for d, _ in calls]
    assert dones == sorted(set(dones)), f"done must grow: {dones}"
    assert 0 < dones[0] <= total


def test_dd_tables_progress(list10, small_chunks):
    deals = [r.deal for r in list10]
    calls, progress = recorder()
    tables = ddsrs.dd_tables(deals, threads=1, progress=progress)
    assert tables.tolist() == [r.table for r in list10]
    check_calls(calls, 10)
    assert calls[-1] == (10, 10)
    assert len(calls) >= 3  # chunks of two deals: a call after each


def test_dd_tables_progress_false_stops(list10, small_chunks):
    deals = [r.deal for r in list10]
    calls, progress = recorder(stop_at=3)
    tables = ddsrs.dd_tables(deals, threads=1, progress=progress)
    check_calls(calls, 10)
    done = calls[-1][0]
    assert 3 <= done < 10
    # The answers of the first `done` deals, as if the input ended there.
    assert tables.shape == (done, 5, 4)
    assert tables.tolist() == [r.table for r in list10[:done]]
    # With par: the pars of the same deals.
    calls, progress = recorder(stop_at=1)
    tables, pars = ddsrs.dd_tables(deals, threads=1, par="None", progress=progress)
    assert len(tables) == len(pars) == calls[-1][0] < 10
    assert tables.tolist() == [r.table for r in list10[: len(pars)]]
    assert all(isinstance(p, ddsrs.SidesPar) for p in pars)


def test_progress_counts_bad_items(list10, small_chunks):
    # errors="return": the bad deals count among the items done, and a
    # stopped batch keeps the errors of the items it reached.
    deals = [BAD, list10[0].deal, list10[1].deal, BAD, list10[2].deal, list10[3].deal, list10[4].deal, BAD]
    calls, progress = recorder()
    tables, errors = ddsrs.dd_tables(deals, threads=1, errors="return", progress=progress)
    check_calls(calls, 8)
    assert calls[-1] == (8, 8)
    assert [e.index for e in errors] == [0, 3, 7]
    assert tables[[1, 2, 4, 5, 6]].tolist() == [r.table for r in list10[:5]]
    assert (tables[[0, 3, 7]] == ddsrs.MISSING).all()

    calls, progress = recorder(stop_at=1)
    tables, errors = ddsrs.dd_tables(deals, threads=1, errors="return", progress=progress)
    # Two good deals a chunk: the first stops before deal 4, the next good one.
    assert calls == [(4, 8)]
    assert tables.shape == (4, 5, 4)
    assert [e.index for e in errors] == [0, 3]
    assert tables[1:3].tolist() == [list10[0].table, list10[1].table]


def test_solve_boards_progress(list100, small_chunks):
    records = [r for r in list100 if r.fut][:12]
    boards = [(r.deal, STRAINS[r.strain], SEATS[r.leader]) for r in records]
    calls, progress = recorder()
    answers = ddsrs.solve_boards(boards, threads=1, progress=progress)
    assert [[(c.card, list(c.equals), c.tricks) for c in s] for s in answers] == [r.fut for r in records]
    check_calls(calls, 12)
    assert calls[-1] == (12, 12)

    calls, progress = recorder(stop_at=2)
    answers = ddsrs.solve_boards(boards, threads=1, progress=progress)
    done = calls[-1][0]
    assert 2 <= done < 12 and len(answers) == done
    assert [[(c.card, list(c.equals), c.tricks) for c in s] for s in answers] == [r.fut for r in records[:done]]


def test_analyse_plays_progress(list100, small_chunks):
    records = list100[:12]
    plays = [(r.deal, r.strain, SEATS[r.leader], "".join(r.play)) for r in records]
    calls, progress = recorder()
    answers = ddsrs.analyse_plays(plays, threads=1, progress=progress)
    assert [a.dds_trace for a in answers] == [r.trace for r in records]
    check_calls(calls, 12)
    assert calls[-1] == (12, 12)

    calls, progress = recorder(stop_at=2)
    answers = ddsrs.analyse_plays(plays, threads=1, progress=progress)
    done = calls[-1][0]
    assert 2 <= done < 12 and len(answers) == done
    assert [a.dds_trace for a in answers] == [r.trace for r in records[:done]]


def test_progress_edge_cases(list10):
    # An empty batch reports once, at the end.
    calls, progress = recorder()
    assert ddsrs.dd_tables([], progress=progress).shape == (0, 5, 4)
    assert calls == [(0, 0)]
    # A batch whose items are all bad (errors="return"): nothing to solve.
    calls, progress = recorder()
    tables, errors = ddsrs.dd_tables([BAD, BAD], errors="return", progress=progress)
    assert calls == [(2, 2)] and len(errors) == 2
    # progress=None is no callback; a value that cannot be called is refused
    # before anything is solved.
    assert ddsrs.dd_tables([list10[0].deal], progress=None).tolist() == [list10[0].table]
    for call in (
        lambda: ddsrs.dd_tables([list10[0].deal], progress=3),
        lambda: ddsrs.solve_boards([(list10[0].deal, "S", "N")], progress="yes"),
        lambda: ddsrs.analyse_plays([(list10[0].deal, "S", "N", "")], progress=True),
    ):
        with pytest.raises(TypeError, match="progress must be None or a callable"):
            call()


def test_progress_exception_propagates(list10):
    def boom(done, total):
        raise RuntimeError(f"stop at {done} of {total}")

    with pytest.raises(RuntimeError, match="stop at .* of 3"):
        ddsrs.dd_tables([r.deal for r in list10[:3]], threads=1, progress=boom)
