"""The GIL is released while solving (other Python threads and asyncio keep
running), and Ctrl-C stops a long batch promptly."""

import asyncio
import os
import signal
import threading
import time

import pytest

import ddsrs


@pytest.fixture
def sigint_raises():
    """SIGINT raises KeyboardInterrupt during the test, as in an interactive
    Python: a process started in the background by a non-interactive shell
    inherits SIGINT ignored, and Python then installs no handler for it."""
    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, before)


def gaps_while(work) -> tuple:
    """Runs ``work`` in a thread while this thread spins in Python, noting
    the time between its loop iterations; returns (iterations, longest gap,
    the work's duration)."""
    done = threading.Event()
    timing = {}

    def run():
        t = time.perf_counter()
        work()
        timing["work"] = time.perf_counter() - t
        done.set()

    worker = threading.Thread(target=run)
    worker.start()
    iterations, longest = 0, 0.0
    last = time.perf_counter()
    while not done.is_set():
        now = time.perf_counter()
        longest = max(longest, now - last)
        last = now
        iterations += 1
    worker.join()
    return iterations, longest, timing["work"]


def test_other_threads_run_during_a_batch(random_deals):
    # One worker thread, chunks of about 3 s: if the GIL were held while
    # solving, this thread would stall for whole chunks.
    previous = ddsrs._ddsrs._set_chunk_seconds(3.0)
    try:
        iterations, longest, work = gaps_while(lambda: ddsrs.dd_tables(random_deals[:30], threads=1))
    finally:
        ddsrs._ddsrs._set_chunk_seconds(previous)
    assert work > 1.0
    assert iterations > 20_000
    assert longest < 1.0, f"this thread stalled for {longest:.3f} s during a {work:.1f} s batch"


def test_other_threads_run_during_one_deal_calls(random_deals):
    # Held, the GIL would let this thread run only between the calls.
    iterations, longest, work = gaps_while(lambda: [ddsrs.dd_table(d) for d in random_deals[:6]])
    assert work > 0.2 and iterations > 20_000


def test_asyncio_keeps_running(random_deals):
    async def main():
        ticks = 0

        async def ticker():
            nonlocal ticks
            while True:
                await asyncio.sleep(0.01)
                ticks += 1

        task = asyncio.ensure_future(ticker())
        t = time.perf_counter()
        tables = await asyncio.get_running_loop().run_in_executor(
            None, lambda: ddsrs.dd_tables(random_deals[:12], threads=1)
        )
        elapsed = time.perf_counter() - t
        task.cancel()
        return tables, ticks, elapsed

    tables, ticks, elapsed = asyncio.run(main())
    assert tables.shape == (12, 5, 4)
    # A tick every 10 ms: many of them happen while the batch runs (with the
    # GIL held, only a few would, between chunks).
    assert ticks > 0.2 * elapsed / 0.01


@pytest.mark.skipif(not hasattr(signal, "pthread_kill"), reason="needs pthread_kill")
def test_ctrl_c_stops_a_long_batch(random_deals, sigint_raises):
    deals = random_deals * 4  # 240 deals: a minute or more on one thread
    main = threading.get_ident()
    timer = threading.Timer(0.5, lambda: signal.pthread_kill(main, signal.SIGINT))
    t = time.perf_counter()
    timer.start()
    with pytest.raises(KeyboardInterrupt):
        ddsrs.dd_tables(deals, threads=1)
    elapsed = time.perf_counter() - t
    timer.join()
    assert elapsed < 5.0, f"Ctrl-C took {elapsed:.2f} s to stop the batch"


@pytest.mark.skipif(not hasattr(signal, "pthread_kill"), reason="needs pthread_kill")
def test_ctrl_c_stops_solve_layouts(sigint_raises):
    pbn = "N:AQ72.K84.A95.Q63 - K853.A62.KJ4.J72 -"  # 10,400,600 layouts
    main = threading.get_ident()
    timer = threading.Timer(0.5, lambda: signal.pthread_kill(main, signal.SIGINT))
    t = time.perf_counter()
    timer.start()
    with pytest.raises(KeyboardInterrupt):
        ddsrs.solve_layouts(pbn, "S", "W", threads=1)
    elapsed = time.perf_counter() - t
    timer.join()
    assert elapsed < 5.0, f"Ctrl-C took {elapsed:.2f} s to stop"


def test_batches_from_several_threads_at_once(list10):
    deals = [r.deal for r in list10]
    want = [r.table for r in list10]
    results = [None] * 4

    def run(k):
        results[k] = ddsrs.dd_tables(deals[k:] + deals[:k], threads=1 + k % 2).tolist()

    threads = [threading.Thread(target=run, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for k, got in enumerate(results):
        assert got == want[k:] + want[:k]


def test_cpu_count_default(list10):
    # threads=None and threads=0 both use every core.
    deals = [r.deal for r in list10[:4]]
    assert ddsrs.dd_tables(deals, threads=0).tolist() == ddsrs.dd_tables(deals).tolist()
    assert os.cpu_count() >= 1
