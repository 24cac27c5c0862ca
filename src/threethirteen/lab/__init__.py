"""The tournament lab: bots against bots over duplicate deals, in parallel, with statistics.

See ``docs/lab.md``. The pieces:

- :mod:`threethirteen.lab.tournament`: :class:`TournamentPlan` (the game, its rules,
  a bot per seat, matches, seed), :func:`run_tournament` and the pooled
  :class:`BotSummary`.
- :mod:`threethirteen.lab.executors`: where matches run (this process, a local
  process pool, Dask or Ray).
- :mod:`threethirteen.lab.compare`: two runs of the same deals paired match by
  match (:func:`compare_runs`), to tell two bots apart with fewer matches.
- :mod:`threethirteen.lab.merge`: a run played in parts (``first_deal``) joined into
  the whole (:func:`merge_documents`).
- :mod:`threethirteen.lab.stats`: the Wilson interval, Student's t quantile and the
  timing histogram.
"""

from __future__ import annotations

from threethirteen.lab.compare import Comparison, compare_runs, load_run
from threethirteen.lab.executors import EXECUTOR_NAMES, Executor, make_executor
from threethirteen.lab.merge import MergeError, merge_documents
from threethirteen.lab.stats import TimeHistogram, wilson_interval
from threethirteen.lab.tournament import (
    BotSummary,
    Game,
    GameResult,
    TournamentPlan,
    TournamentResult,
    play_game,
    run_tournament,
)

__all__ = [
    "EXECUTOR_NAMES",
    "BotSummary",
    "Comparison",
    "Executor",
    "Game",
    "GameResult",
    "MergeError",
    "TimeHistogram",
    "TournamentPlan",
    "TournamentResult",
    "compare_runs",
    "load_run",
    "make_executor",
    "merge_documents",
    "play_game",
    "run_tournament",
    "wilson_interval",
]
