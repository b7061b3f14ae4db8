"""Ctrl-C and the Dask cluster of a ``ddsrs.dask`` run: the local
cluster's workers started with SIGINT ignored (Ctrl-C stops the run's own
process, which closes the cluster), Ctrl-C noted and raised at the run's
own points, the cluster's loggers quiet while it closes after Ctrl-C, and
the closing of the run's own client and cluster."""

from __future__ import annotations

import contextlib
import logging
import signal
import threading
from typing import Any, Iterator


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


def _close(client: Any, cluster: Any) -> None:
    """Close our own client and local cluster, if any."""
    if client is not None:
        client.close()
    if cluster is not None:
        cluster.close()
