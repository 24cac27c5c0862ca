"""``python -m threethirteen``: the same commands as the ``threethirteen`` script."""

from __future__ import annotations

from threethirteen.cli.main import main

raise SystemExit(main())
