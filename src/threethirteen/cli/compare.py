"""``threethirteen compare``: two tournament runs of the same deals, paired match by match.

``threethirteen compare A.json B.json`` reads two ``tournament --json`` files
whose runs played the same deals (same game, rules, players and seed) with one bot
swapped for another, pairs every match of the tested bot in A with its twin in
B (same deal, same seat) and prints, for its win share, total and margin, both
runs' figures and the paired difference with a 95% interval, beside the
interval the same figures would have unpaired. See :mod:`threethirteen.lab.compare`
and ``docs/lab.md``.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from threethirteen.cli.common import make_console
from threethirteen.errors import ThreeThirteenError
from threethirteen.games import get_game
from threethirteen.lab.compare import (
    Comparison,
    compare_runs,
    comparison_to_dict,
    load_run,
    summary_line,
)

__all__ = ["add_parser", "print_comparison", "read_document", "run"]


def add_parser(commands: Any) -> None:
    parser = commands.add_parser(
        "compare",
        help="pair two tournament runs of the same deals match by match: is bot A better than B?",
        description="Compare the bot that run A seats and run B does not with the one that "
        "takes its seats in run B, on the deals both runs played (same rules, players and "
        "seed), twin match by twin match. The paired difference cancels the luck of the "
        "deal, so it shows a difference with far fewer matches than two separate intervals.",
    )
    parser.add_argument("run_a", metavar="A.json", help="a `threethirteen tournament --json` file")
    parser.add_argument("run_b", metavar="B.json", help="the same deals with one bot swapped")
    parser.add_argument(
        "--bot",
        metavar="NAME",
        help="the bot to compare when both runs seat the same names (one bot before and "
        "after a change of its code)",
    )
    parser.add_argument("--json", metavar="FILE", help="also write the comparison as JSON to FILE")
    parser.set_defaults(run=run)


def read_document(path: str) -> Any:
    """The parsed JSON of ``path``; a clear error quoting the path for a file that is
    missing or not JSON."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ThreeThirteenError(f"cannot read {path!r}: {exc}") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise ThreeThirteenError(f"{path!r} is not JSON: {exc}") from None


def run(args: argparse.Namespace) -> int:
    a = load_run(read_document(args.run_a), repr(args.run_a))
    b = load_run(read_document(args.run_b), repr(args.run_b))
    comparison = compare_runs(a, b, args.bot)
    if args.json:
        out = Path(args.json)
        if out.is_dir():
            raise ThreeThirteenError(f"--json {args.json!r} is a directory")
        out.write_text(json.dumps(comparison_to_dict(comparison), indent=1) + "\n", "utf-8")
    console = make_console()
    if not console.is_terminal:
        console.width = max(console.width, 140)  # piped: keep each row on one line
    print_comparison(comparison, console)
    return 0


def print_comparison(comparison: Comparison, console: Console) -> None:
    """The heading (the game first), one row a measure, and the verdict on match wins."""
    game = get_game(comparison.game)
    console.print(
        f"{game.title}, {comparison.rules}, {comparison.players} players, seed {comparison.seed}: "
        f"A = {comparison.bot_a} ({', '.join(comparison.seats_a)}), "
        f"B = {comparison.bot_b} ({', '.join(comparison.seats_b)}); "
        f"{comparison.deals} deals played by both, {comparison.pairs} twin seat-matches"
    )
    table = Table(show_edge=False, pad_edge=False)
    table.add_column("measure")
    for heading in ("A", "B", "A - B", "95% CI (paired)", "unpaired ±", "better"):
        table.add_column(heading, justify="right")
    for m in comparison.measures:
        scale = 100.0 if m.name == "win" else 1.0
        name = "win %" if m.name == "win" else m.name
        low, high = m.ci
        table.add_row(
            name,
            f"{scale * m.mean_a:.2f}",
            f"{scale * m.mean_b:.2f}",
            f"{scale * m.difference:+.2f}",
            f"{scale * low:+.2f} to {scale * high:+.2f}",
            f"{scale * m.unpaired_half_width:.2f}",
            {"A": comparison.bot_a, "B": comparison.bot_b}.get(m.verdict, "-"),
        )
    console.print(table)
    totals = (
        "A higher total (points) is better; margin = own total - best other total."
        if game.higher_wins
        else "A lower total is better; margin = best other total - own total."
    )
    console.print(
        f"Per seat-match; the intervals are over the per-deal means (Student t). {totals}"
    )
    console.print(summary_line(comparison))
