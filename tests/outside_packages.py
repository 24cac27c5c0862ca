"""An installed outside package for the plug-in tests: a module and its distribution's metadata."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


@contextmanager
def installed_package(folder: Path, module: str, source: str, entry_points: str) -> Iterator[Path]:
    """Put ``module`` (``source``) and a ``.dist-info`` naming ``entry_points`` (as pip writes
    them) in ``folder``, on ``sys.path`` while the block runs; forget the module after."""
    (folder / f"{module}.py").write_text(source)
    info = folder / f"{module}-1.0.dist-info"
    info.mkdir()
    name = module.replace("_", "-")
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(entry_points)
    sys.path.insert(0, str(folder))
    try:
        yield folder
    finally:
        sys.path.remove(str(folder))
        sys.modules.pop(module, None)
