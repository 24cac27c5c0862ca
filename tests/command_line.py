"""Running the installed ``threethirteen`` command from tests, as a user would."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

BIN = Path(sys.executable).parent / "threethirteen"
COMMAND = [str(BIN)] if BIN.exists() else [sys.executable, "-m", "threethirteen"]


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    """``threethirteen ARGS...`` with its output captured, in a wide pseudo-screen."""
    return subprocess.run(
        [*COMMAND, *args],
        capture_output=True,
        text=True,
        timeout=120,
        encoding="utf-8",
        env={**os.environ, "COLUMNS": "160", "PYTHONIOENCODING": "utf-8"},
    )
