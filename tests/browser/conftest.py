"""Browser tests: the real server (`threethirteen serve`) driven by Playwright in Debian's Chromium.

The server runs as a subprocess on a free port with a throw-away SQLite database, and
with short bot pauses so a round takes seconds. Chromium comes from apt
(`scripts/install-tools.sh`, run by `make unit`); `playwright install` is never used.

Without `/usr/bin/chromium` (or the `playwright` package) the tests are skipped on a
developer's machine but FAIL when `CI=true`, so CI cannot pass without running them.
Screenshots go to `test-artifacts/browser/` (ignored by git).
"""

from __future__ import annotations

import contextlib
import os
import shutil
import sys
from collections.abc import Generator, Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_helpers import serving

CHROMIUM = Path(os.environ.get("THREETHIRTEEN_CHROMIUM", "/usr/bin/chromium"))
ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts" / "browser"
DEFAULT_TIMEOUT_MS = 15_000


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "browser: drives the web front end in Chromium")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.browser)


def _unavailable(reason: str) -> None:
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"browser tests cannot run under CI: {reason}", pytrace=False)
    pytest.skip(reason)


@pytest.fixture(scope="session")
def artifacts() -> Path:
    """The folder for this run's screenshots, emptied once per session."""
    shutil.rmtree(ARTIFACTS, ignore_errors=True)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The base URL of a freshly started `threethirteen serve`, with the example engine
    ``pile`` (examples/engines/pile_engine.py) for players to pick, and ``broken``, an
    engine whose every move is illegal (tests/engine_faults.py)."""
    pile = ROOT / "examples" / "engines" / "pile_engine.py"
    with serving(
        tmp_path_factory.mktemp("server"),
        engines=[
            f"pile={sys.executable} {pile}",
            f"broken={sys.executable} {ROOT / 'tests' / 'engine_faults.py'} illegal",
        ],
    ) as base:
        yield base


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Chromium under Playwright, one per test module.

    Not one per session: Playwright's sync API keeps an asyncio loop running in the
    main thread while it is started, and later tests (the server's) call asyncio.run().
    """
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _unavailable("the playwright package is not installed (pip install -e '.[dev]')")
    if not CHROMIUM.exists():
        _unavailable(f"{CHROMIUM} is missing (run scripts/install-tools.sh)")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=str(CHROMIUM),
            args=["--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu"],
        )
        try:
            yield browser
        finally:
            browser.close()


class Pages:
    """Opens pages in fresh browser contexts (each its own localStorage) and closes them."""

    def __init__(self, browser: Any, base: str, name: str) -> None:
        self.browser = browser
        self.base = base
        self.name = name
        self.contexts: list[Any] = []
        self.pages: list[Any] = []
        self.errors: list[str] = []

    def new(self, width: int = 1280, height: int = 860, locale: str = "en-US") -> Any:
        context = self.browser.new_context(
            viewport={"width": width, "height": height}, locale=locale
        )
        context.set_default_timeout(DEFAULT_TIMEOUT_MS)
        page = context.new_page()
        page.on("pageerror", lambda exc: self.errors.append(f"page error: {exc}"))
        page.on(
            "console",
            lambda msg: (
                self.errors.append(f"console {msg.type}: {msg.text}")
                if msg.type == "error"
                else None
            ),
        )
        self.contexts.append(context)
        self.pages.append(page)
        return page

    def shot(self, page: Any, label: str) -> Path:
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        path = ARTIFACTS / f"{self.name}-{label}.png"
        page.screenshot(path=str(path), full_page=True)
        return path

    def close(self, failed: bool) -> None:
        for i, page in enumerate(self.pages):
            if failed:
                with contextlib.suppress(Exception):
                    self.shot(page, f"failure-{i}")
        for context in self.contexts:
            with contextlib.suppress(Exception):
                context.close()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    report = yield
    if report.when == "call":
        item.stash.setdefault(_FAILED, False)
        if report.failed:
            item.stash[_FAILED] = True
    return report


_FAILED = pytest.StashKey[bool]()


@pytest.fixture
def pages(
    browser: Any, server: str, artifacts: Path, request: pytest.FixtureRequest
) -> Iterator[Pages]:
    opened = Pages(browser, server, request.node.name)
    yield opened
    opened.close(request.node.stash.get(_FAILED, False))
    # A page error (an exception in the app's JavaScript) fails the test that caused it;
    # failed resource loads (a 4xx the test provoked on purpose) are reported by the test.
    page_errors = [e for e in opened.errors if e.startswith("page error")]
    assert not page_errors, "\n".join(page_errors)
