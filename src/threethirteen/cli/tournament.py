"""``threethirteen tournament``: bots against bots over duplicate deals, with a table of figures.

Plays ``--matches`` matches of ``--game`` (Three-Thirteen by default) between
``--bots`` (one registry name per seat of that game, the last repeated to fill
``--players``) under every distinct seating of each deal, on a local process pool
(or Dask or Ray with ``--executor``), draws a progress bar on stderr when it is a
terminal (else a line at each tenth of the matches), and prints a table per bot:
matches, wins with a 95% confidence interval, mean total and margin, rounds won
and gone out, and decision times. ``--json FILE`` writes the same figures. See
``docs/lab.md``.
"""

from __future__ import annotations

import argparse
import json
import secrets
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from threethirteen.cli.common import add_engine_option, engine_specs, make_console
from threethirteen.cli.games import add_game_options, game_and_rules
from threethirteen.errors import ThreeThirteenError
from threethirteen.games import DEFAULT_GAME, get_game
from threethirteen.lab.executors import EXECUTOR_NAMES, make_executor
from threethirteen.lab.tournament import TournamentPlan, TournamentResult, run_tournament

__all__ = ["ProgressLines", "add_parser", "print_document", "print_result", "run"]


def _at_least(low: int) -> Callable[[str], int]:
    """An argument type: a whole number of at least ``low``."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
        if value < low:
            raise argparse.ArgumentTypeError(f"must be at least {low}, got {text!r}")
        return value

    return parse


_positive, _whole = _at_least(1), _at_least(0)


def _seed(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not an integer: {text!r}") from None


def add_parser(commands: Any) -> None:
    parser = commands.add_parser(
        "tournament",
        help="play bots against each other over duplicate deals and tabulate their strength",
        description="Play bots against each other: every deal is played under every distinct "
        "seating of the bots, so each bot meets the same cards from each seat. Prints "
        "per-bot figures with 95%% confidence intervals; the same seed gives the same "
        "results whatever the number of workers.",
    )
    add_game_options(parser)
    parser.add_argument(
        "--players",
        metavar="N",
        type=_positive,
        help="seats at the table (default: one a --bots name, at least the rules' minimum)",
    )
    parser.add_argument(
        "--bots",
        metavar="A,B,...",
        required=True,
        help="one bot of the game per seat, comma-separated; fewer names than players repeat "
        "the last (--players 4 --bots heuristic,simple: one heuristic against three simple)",
    )
    parser.add_argument(
        "--matches",
        metavar="M",
        type=_positive,
        default=100,
        help="matches in all, rounded up to whole deals (every seating of a deal) (default 100)",
    )
    parser.add_argument(
        "--seed", metavar="S", type=_seed, help="tournament seed (default: random, printed)"
    )
    parser.add_argument(
        "--first-deal",
        metavar="N",
        type=_whole,
        default=0,
        help="start at deal N of the seed's deals (default 0): play a long run in parts, "
        "then join them with `threethirteen merge`",
    )
    add_engine_option(parser)
    parser.add_argument(
        "--workers", metavar="W", type=_positive, help="worker processes (default: every CPU)"
    )
    parser.add_argument(
        "--executor",
        choices=EXECUTOR_NAMES,
        default="local",
        help="local process pool (default), or a Dask or Ray cluster (optional packages)",
    )
    parser.add_argument(
        "--address",
        metavar="ADDR",
        help="a running Dask scheduler or Ray cluster (default: start a local one)",
    )
    parser.add_argument("--json", metavar="FILE", help="also write the figures as JSON to FILE")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    game, rules = game_and_rules(args)
    bots = [name.strip() for name in args.bots.split(",")]
    if not all(bots):
        raise ThreeThirteenError(f"--bots needs comma-separated bot names, got {args.bots!r}")
    # Without --players: one seat a name, but never fewer than the rules' minimum (so
    # `--bots greedy` is greedy against itself, and `--rules app` fills its four seats).
    minimum = getattr(rules, "min_players", None)
    if not isinstance(minimum, int):
        minimum = min(game.player_counts)
    players = args.players if args.players is not None else max(len(bots), minimum)
    seed = args.seed if args.seed is not None else secrets.randbits(32)
    engines = engine_specs(args)
    plan = TournamentPlan.build(
        rules, players, bots, args.matches, seed, args.first_deal, engines=engines, game=game.name
    )
    json_path = Path(args.json) if args.json else None
    if json_path is not None and json_path.is_dir():
        raise ThreeThirteenError(f"--json {args.json!r} is a directory")

    stderr = Console(stderr=True, highlight=False)
    with (
        make_executor(args.executor, args.workers, args.address) as executor,
        Progress(
            TextColumn("matches"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
            console=stderr,
            disable=not stderr.is_terminal,
        ) as bar,
    ):
        task = bar.add_task("matches", total=plan.total_matches)

        def on_bar(done: int, total: int) -> None:
            bar.update(task, completed=done)

        progress: Callable[[int, int], None] = (
            on_bar if stderr.is_terminal else ProgressLines(stderr)
        )
        result = run_tournament(plan, executor, progress=progress)

    if json_path is not None:
        # Written before the table: a reader that closes the pipe early (`| head`) must
        # not cost the figures of a run that may have taken hours.
        document = result.to_dict(house=list(args.house))
        json_path.write_text(json.dumps(document, indent=1) + "\n", encoding="utf-8")
    console = make_console()
    if not console.is_terminal:
        # Piped or redirected: no screen to fit, so do not squeeze the table into 80 columns.
        console.width = max(console.width, 140)
    print_result(result, console, house=args.house)
    return 0


class ProgressLines:
    """Progress for a run whose stderr is a file or a pipe (``nohup``, a batch job): a
    plain line at each tenth of the matches, with the time spent and an estimate of
    the time left, where a terminal would get the bar."""

    def __init__(self, console: Console, steps: int = 10) -> None:
        self._console = console
        self._steps = steps
        self._shown = 0
        self._start = time.monotonic()

    def __call__(self, done: int, total: int) -> None:
        step = done * self._steps // total if total else self._steps
        if step <= self._shown:
            return
        self._shown = step
        elapsed = time.monotonic() - self._start
        left = elapsed * (total - done) / done if done else 0.0
        self._console.print(
            f"matches {done}/{total} ({100 * done // total}%), {elapsed:.0f} s, "
            f"about {left:.0f} s left"
        )


def _count(n: int, one: str, many: str | None = None) -> str:
    return f"{n} {one if n == 1 else many or one + 's'}"


def _ms(value: float | None) -> str:
    # Three significant digits: a random bot's microseconds and a search bot's
    # hundreds of milliseconds both stay readable. None: not known (parts joined
    # without their timing histograms).
    if value is None:
        return "?"
    return f"{value:.3g}" if value < 100 else f"{value:.0f}"


def print_result(result: TournamentResult, console: Console, *, house: list[str]) -> None:
    """The settings line, the per-bot table and how ties were counted."""
    print_document(result.to_dict(house=list(house)), console)


def print_document(
    document: Mapping[str, Any], console: Console, *, name_game: bool = False
) -> None:
    """The table of a ``--json`` document (a run's, or parts joined by ``merge``).

    The heading names the game when ``name_game`` is true or the game is not
    Three-Thirteen (whose table reads as it did before other games joined).
    """
    settings = document["settings"]
    game = get_game(settings.get("game", DEFAULT_GAME))
    rules = settings["rules"] + "".join(f" +{rule}" for rule in settings.get("house", []))
    if name_game or game.name != DEFAULT_GAME:
        rules = f"{game.title}, {rules}"
    deals, seatings, matches = settings["deals"], settings["seatings"], settings["matches"]
    requested = settings["matches_requested"]
    rounded = f" (asked {requested}, rounded up to whole deals)" if matches != requested else ""
    first = settings.get("first_deal", 0)
    which = f" from deal {first}" if first else ""
    parts = settings.get("parts")
    joined = f", joined from {_count(len(parts), 'part')}" if parts else ""
    console.print(
        f"{rules}, {settings['players']} players ({', '.join(settings['seats'])}), seed "
        f"{settings['seed']}: {_count(deals, 'deal')}{which} x {_count(seatings, 'seating')} = "
        f"{_count(matches, 'match', 'matches')}{rounded}{joined}; {settings['executor']} "
        f"executor, {_count(settings['workers'], 'worker')}, {settings['elapsed_s']:.1f} s"
    )
    table = Table(show_edge=False, pad_edge=False)
    table.add_column("bot")
    for heading in (
        "seats",
        "matches",
        "wins",
        "win %",
        "95% CI",
        "total",
        "margin",
        "rounds won %",
        "out %",
        "decisions",
        "ms mean",
        "median",
        "p99",
    ):
        table.add_column(heading, justify="right")
    for name, bot in document["bots"].items():
        low, high = bot["win_rate_ci"]
        wins = bot["wins"]
        table.add_row(
            name,
            str(bot["seats"]),
            str(bot["matches"]),
            f"{wins:g}" if wins == int(wins) else f"{wins:.2f}",
            f"{100 * bot['win_rate']:.1f}",
            f"{100 * low:.1f}-{100 * high:.1f}",
            f"{bot['mean_total']:.1f}",
            f"{bot['mean_margin']:+.1f}",
            f"{100 * bot['round_win_rate']:.1f}",
            f"{100 * bot['out_rate']:.1f}",
            str(bot["decisions"]),
            _ms(bot["mean_decision_ms"]),
            _ms(bot["median_decision_ms"]),
            _ms(bot["p99_decision_ms"]),
        )
    console.print(table)
    margin = (
        "total = points (higher is better); margin = own total - best other total; a round "
        "is won by the first to finish"
        if game.higher_wins
        else "margin = best other total - own total"
    )
    console.print(
        f"Counted per seat-match (fair share {100 / settings['players']:.1f}%); a win or a "
        f"round shared by k seats counts 1/k each; {margin}."
    )
    engines = settings.get("engines") or {}
    for name, command in engines.items():
        console.print(
            f"Engine {name}: {command} (its decision times are wall-clock, the pipe included; "
            "the other bots' are CPU time)."
        )
