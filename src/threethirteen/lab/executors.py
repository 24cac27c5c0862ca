"""Where the lab's matches run: in this process, a local process pool, Dask or Ray.

Every executor maps a picklable top-level function over a list of items and
yields the results as they finish, in any order; the lab puts them back in
order itself, so the figures do not depend on which executor ran them or how
many workers it had. Dask and Ray are imported only when chosen (the
``cluster`` extra installs Dask); the local executors need only the standard
library.

>>> with make_executor("local", workers=1) as executor:
...     sorted(executor.imap_unordered(abs, [-2, 1, -3]))
[1, 2, 3]
"""

from __future__ import annotations

import concurrent.futures
import importlib
import multiprocessing
import os
from collections.abc import Callable, Iterator, Sequence
from types import ModuleType, TracebackType
from typing import Any, Protocol, TypeVar

from threethirteen.errors import ThreeThirteenError

__all__ = [
    "EXECUTOR_NAMES",
    "DaskExecutor",
    "Executor",
    "ProcessPoolExecutor",
    "RayExecutor",
    "SerialExecutor",
    "available_cpus",
    "make_executor",
]

T = TypeVar("T")
R = TypeVar("R")

EXECUTOR_NAMES: tuple[str, ...] = ("local", "dask", "ray")
"""The executor kinds :func:`make_executor` knows."""


class Executor(Protocol):
    """Runs a function over items somewhere; a context manager that frees what it started."""

    name: str
    workers: int

    def imap_unordered(self, fn: Callable[[T], R], items: Sequence[T]) -> Iterator[R]:
        """``fn(item)`` for every item, yielded as each finishes (any order).

        ``fn`` must be a module-level function and the items picklable, for the
        executors that run them in other processes. An exception raised by ``fn``
        is raised here.
        """
        ...

    def close(self) -> None:
        """Stop the workers this executor started (idempotent)."""
        ...

    def __enter__(self) -> Executor: ...

    def __exit__(
        self,
        kind: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None: ...


class _Closing:
    """``with`` support for the executors: leaving the block closes them."""

    def close(self) -> None:
        """Nothing to free by default."""

    def __enter__(self) -> Any:  # Any: each subclass returns itself
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()


class SerialExecutor(_Closing):
    """Runs everything in this process, in order: one worker, no start-up cost."""

    name = "local"

    def __init__(self) -> None:
        self.workers = 1

    def imap_unordered(self, fn: Callable[[T], R], items: Sequence[T]) -> Iterator[R]:
        for item in items:
            yield fn(item)


class ProcessPoolExecutor(_Closing):
    """A local pool of ``workers`` processes (the default executor).

    Processes are started with ``spawn``: the command line draws a progress bar
    from a thread, and forking a process that runs threads can deadlock the
    child. The pool starts on first use and is reused until :meth:`close`.
    """

    name = "local"

    def __init__(self, workers: int) -> None:
        if workers < 1:
            raise ThreeThirteenError(f"workers must be at least 1, got {workers}")
        self.workers = workers
        self._pool: concurrent.futures.ProcessPoolExecutor | None = None

    def imap_unordered(self, fn: Callable[[T], R], items: Sequence[T]) -> Iterator[R]:
        if self._pool is None:
            self._pool = concurrent.futures.ProcessPoolExecutor(
                max_workers=self.workers, mp_context=multiprocessing.get_context("spawn")
            )
        futures = [self._pool.submit(fn, item) for item in items]
        try:
            for future in concurrent.futures.as_completed(futures):
                yield future.result()
        finally:
            # An error or an interrupt abandons the rest rather than waiting for it.
            for future in futures:
                future.cancel()

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None

    def __exit__(
        self,
        kind: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        if exc is not None and self._pool is not None:
            # After an error or an interrupt, do not sit out the batches still running.
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
        self.close()


def _import_optional(module: str, executor: str) -> ModuleType:
    try:
        return importlib.import_module(module)
    except ImportError as exc:
        extra = "pip install 'threethirteen[cluster]'" if executor == "dask" else "pip install ray"
        raise ThreeThirteenError(
            f"--executor {executor} needs the {module!r} package, which is not installed ({extra})"
        ) from exc


class DaskExecutor(_Closing):
    """Runs on a Dask cluster through ``distributed``.

    ``address`` is a running scheduler (``tcp://host:8786``); without one, a
    local cluster of ``workers`` single-threaded workers is started and stopped
    with the executor (``processes=False`` keeps them as threads of this
    process, which is quick to start and is what the tests use).
    """

    name = "dask"

    def __init__(
        self, address: str | None = None, workers: int | None = None, *, processes: bool = True
    ) -> None:
        self._distributed = _import_optional("distributed", "dask")
        self.address = address
        self.workers = workers or available_cpus()
        self._processes = processes
        self._cluster: Any = None
        self._client: Any = None

    def _connect(self) -> Any:
        if self._client is None:
            if self.address is None:
                self._cluster = self._distributed.LocalCluster(
                    n_workers=self.workers,
                    threads_per_worker=1,
                    processes=self._processes,
                    dashboard_address=None,
                )
                self._client = self._distributed.Client(self._cluster)
            else:
                self._client = self._distributed.Client(self.address)
                self.workers = max(1, len(self._client.scheduler_info().get("workers", {})))
        return self._client

    def imap_unordered(self, fn: Callable[[T], R], items: Sequence[T]) -> Iterator[R]:
        client = self._connect()
        # pure=False: equal items must still each run (and nothing is cached between runs).
        futures = client.map(fn, list(items), pure=False)
        try:
            for future in self._distributed.as_completed(futures):
                result: R = future.result()
                yield result
        finally:
            client.cancel(futures)

    def close(self) -> None:
        if self._client is not None:
            self._client.close()
            self._client = None
        if self._cluster is not None:
            self._cluster.close()
            self._cluster = None


class RayExecutor(_Closing):
    """Runs on a Ray cluster: ``address`` (``ray://host:10001`` or ``auto``), or a local one.

    Without an address a local Ray instance with ``workers`` CPUs is started and
    shut down with the executor.
    """

    name = "ray"

    def __init__(self, address: str | None = None, workers: int | None = None) -> None:
        self._ray = _import_optional("ray", "ray")
        self.address = address
        self.workers = workers or available_cpus()
        self._started = False

    def imap_unordered(self, fn: Callable[[T], R], items: Sequence[T]) -> Iterator[R]:
        ray = self._ray
        if not ray.is_initialized():
            if self.address is None:
                ray.init(num_cpus=self.workers, include_dashboard=False)
            else:
                ray.init(address=self.address)
            self._started = True
        remote = ray.remote(num_cpus=1)(fn)
        pending = [remote.remote(item) for item in items]
        try:
            while pending:
                done, pending = ray.wait(pending, num_returns=1)
                result: R = ray.get(done[0])
                yield result
        finally:
            for ref in pending:
                ray.cancel(ref)

    def close(self) -> None:
        if self._started:
            self._ray.shutdown()
            self._started = False


def available_cpus() -> int:
    """The CPUs this process may run on (the affinity mask where the OS has one)."""
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return max(1, os.cpu_count() or 1)


def make_executor(
    kind: str = "local", workers: int | None = None, address: str | None = None
) -> Executor:
    """An executor by name: ``local`` (default), ``dask`` or ``ray``.

    ``workers`` defaults to the CPUs available; ``local`` with one worker runs in
    this process. ``address`` names a running Dask scheduler or Ray cluster
    (without one, Dask and Ray start a local one). Raises
    :class:`~threethirteen.errors.ThreeThirteenError` for an unknown kind, a
    worker count under 1, an address given to ``local``, or a missing package.
    """
    key = kind.strip().lower()
    if key not in EXECUTOR_NAMES:
        raise ThreeThirteenError(f"unknown executor {kind!r}; known: {', '.join(EXECUTOR_NAMES)}")
    if workers is not None and workers < 1:
        raise ThreeThirteenError(f"workers must be at least 1, got {workers}")
    if key == "local":
        if address is not None:
            raise ThreeThirteenError("an address is for --executor dask or ray, not local")
        count = workers or available_cpus()
        return SerialExecutor() if count == 1 else ProcessPoolExecutor(count)
    if key == "dask":
        return DaskExecutor(address, workers)
    return RayExecutor(address, workers)
