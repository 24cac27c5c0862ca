"""Two tournament runs compared match by match: does one bot play better than another?

A tournament's own interval treats every seat-match as independent, so the luck
of the deal counts as noise, and two bots measured in two runs differ by less
than that noise long before it shows. But two runs with the same rules, players
and seed play the same deals (deals are a prefix of the seed: the first deals of
a longer run are those of a shorter one), and when the second run swaps one bot
for another (``montecarlo,simple`` and then ``heuristic,simple``), every match of
the first has a *twin* in the second: the same cards to the same seats, only the
bot under test changed. The difference of two twins' outcomes cancels the luck
of the deal that both met.

:func:`compare_runs` pairs the tested bot's seat-matches of run A with their
twins in run B (the twin of a match is the match of the same deal whose seats
are A's with the tested bot's name replaced by its rival's; the seat is the
same), averages the differences of each deal (its seatings share the cards, so
they are not independent of each other) and reads a Student *t* interval off
the per-deal means, which are independent. For each measure it also gives the
interval the same data would give unpaired (the two runs' per-deal means as
independent samples), to show what the pairing bought.

The measures are the tested bot's win share (a win shared by ``k`` seats counts
``1/k``), its final total (lower is better in a penalty game such as
Three-Thirteen, higher in a points game such as Thirteen) and its margin (how far
it finished ahead of the best other seat: :func:`~threethirteen.lab.tournament.margin`;
higher is better). Both runs must be of one game (``settings.game``; a document
without it is Three-Thirteen's).

>>> def run(bot, games):
...     return load_run({"format": "threethirteen-tournament", "version": 2,
...         "settings": {"rules_options": {"name": "x"}, "players": 2, "seed": 1,
...                      "seats": [bot, "simple"]},
...         "games": [{"deal": d, "seating": s, "seats": seats, "totals": t, "winners": w}
...                   for d, s, seats, t, w in games]})
>>> a = run("new", [(0, 0, ["new", "simple"], [10, 30], [0]),
...                 (1, 0, ["new", "simple"], [20, 25], [0])])
>>> b = run("old", [(0, 0, ["old", "simple"], [15, 30], [0]),
...                 (1, 0, ["old", "simple"], [30, 25], [1])])
>>> result = compare_runs(a, b)
>>> result.bot_a, result.bot_b, result.deals, result.pairs
('new', 'old', 2, 2)
>>> win = result.measures[0]
>>> win.name, win.mean_a, win.mean_b, win.difference
('win', 1.0, 0.5, 0.5)
>>> result.game, result.measures[1].higher_is_better
('three-thirteen', False)
"""

from __future__ import annotations

import math
import statistics
from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from threethirteen.errors import RulesError, ThreeThirteenError
from threethirteen.games import DEFAULT_GAME, get_game
from threethirteen.lab.stats import student_t_quantile
from threethirteen.lab.tournament import MatchOutcome, margin

__all__ = [
    "CompareError",
    "Comparison",
    "Measure",
    "Run",
    "compare_runs",
    "comparison_to_dict",
    "load_run",
    "summary_line",
]

FORMAT = "threethirteen-tournament"
GAMES_SINCE = 2
"""The first version of the ``--json`` document that records every match (``games``)."""


class CompareError(ThreeThirteenError):
    """Two runs that cannot be compared, or a document that is not a run."""


@dataclass(frozen=True, slots=True)
class Run:
    """A tournament run read back from its ``--json`` document: its game, what decides
    its deals (``rules_options``, ``players``, ``seed``), its seats and its matches."""

    rules: str
    rules_options: Mapping[str, Any]
    players: int
    seed: int
    seats: tuple[str, ...]
    games: tuple[MatchOutcome, ...]
    game: str = DEFAULT_GAME

    @property
    def higher_wins(self) -> bool:
        """Whether the run's game counts points (the highest total wins)."""
        return get_game(self.game).higher_wins


def _need(data: Mapping[str, Any], key: str, kind: type | tuple[type, ...], where: str) -> Any:
    if key not in data:
        raise CompareError(f"{where} has no {key!r}")
    value = data[key]
    if not isinstance(value, kind) or isinstance(value, bool):
        raise CompareError(f"{where}: {key!r} is not what it should be: {value!r}")
    return value


def _ints(value: Any, where: str) -> tuple[int, ...]:
    if not isinstance(value, list) or not all(
        isinstance(v, int) and not isinstance(v, bool) for v in value
    ):
        raise CompareError(f"{where} is not a list of whole numbers: {value!r}")
    return tuple(value)


def load_run(data: Any, name: str = "the document") -> Run:
    """Read a run from a parsed ``threethirteen tournament --json`` document.

    ``name`` (the file's name) is quoted in errors. The game is the settings'
    ``game`` (Three-Thirteen when absent, as in documents written before other games
    joined), and ``rules_options`` must be that game's rules. Raises
    :class:`CompareError` for anything else: another format, a version before
    per-match records (run the tournament again with this version), an unknown
    game, another game's rules or a malformed field, quoting it.
    """
    if not isinstance(data, Mapping) or data.get("format") != FORMAT:
        raise CompareError(f"{name} is not a tournament's --json document (no format {FORMAT!r})")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise CompareError(f"{name}: its version is not a whole number: {version!r}")
    if version < GAMES_SINCE:
        raise CompareError(
            f"{name} is version {version}, which has no match-by-match record; "
            "play the tournament again to compare it"
        )
    settings = _need(data, "settings", Mapping, name)
    where = f"{name} settings"
    game = _need(settings, "game", str, where) if "game" in settings else DEFAULT_GAME
    try:
        card_game = get_game(game)
    except RulesError as error:
        raise CompareError(f"{where}: {error}") from None
    rules_options = _need(settings, "rules_options", Mapping, where)
    try:
        card_game.rules_from_options(rules_options)
    except RulesError as error:
        raise CompareError(
            f"{where}: 'rules_options' are not {card_game.title} rules: {error}"
        ) from None
    players = _need(settings, "players", int, where)
    seed = _need(settings, "seed", int, where)
    seats = _need(settings, "seats", list, where)
    if len(seats) != players or not all(isinstance(s, str) and s for s in seats):
        raise CompareError(f"{where}: 'seats' should name {players} bots: {seats!r}")
    games: list[MatchOutcome] = []
    placed: set[tuple[int, int]] = set()
    for number, entry in enumerate(_need(data, "games", list, name)):
        place = f"{name} games[{number}]"
        if not isinstance(entry, Mapping):
            raise CompareError(f"{place} is not an object: {entry!r}")
        deal = _need(entry, "deal", int, place)
        seating = _need(entry, "seating", int, place)
        game_seats = _need(entry, "seats", list, place)
        totals = _ints(entry.get("totals"), f"{place} totals")
        winners = _ints(entry.get("winners"), f"{place} winners")
        if (
            sorted(game_seats) != sorted(seats)
            or len(totals) != players
            or not all(0 <= w < players for w in winners)
            or deal < 0
        ):
            raise CompareError(f"{place} does not fit a {players}-player run of {seats}: {entry!r}")
        if (deal, seating) in placed:
            raise CompareError(f"{place} repeats deal {deal}, seating {seating}: {entry!r}")
        placed.add((deal, seating))
        games.append(MatchOutcome(deal, seating, tuple(game_seats), totals, winners))
    if not games:
        raise CompareError(f"{name} records no match")
    return Run(
        rules=str(settings.get("rules", rules_options.get("name", "?")))
        + "".join(f" +{rule}" for rule in settings.get("house", []) if isinstance(rule, str)),
        rules_options=rules_options,
        players=players,
        seed=seed,
        seats=tuple(seats),
        games=tuple(games),
        game=card_game.name,
    )


@dataclass(frozen=True, slots=True)
class Measure:
    """One measure of the tested bot in both runs, and their paired difference.

    ``mean_a`` and ``mean_b`` are over the paired seat-matches; ``difference`` is
    ``mean_a - mean_b`` and ``ci`` its 95% interval from the per-deal
    differences; ``unpaired_half_width`` is the half-width the same figures
    would have as two independent samples of deals. ``higher_is_better`` says
    which way is better for the bot.
    """

    name: str
    mean_a: float
    mean_b: float
    difference: float
    ci: tuple[float, float]
    unpaired_half_width: float
    higher_is_better: bool

    @property
    def verdict(self) -> str:
        """``"A"`` or ``"B"`` when the interval excludes 0 (that bot is better on
        this measure), else ``"neither"``."""
        low, high = self.ci
        if low > 0 or high < 0:
            return "A" if (low > 0) == self.higher_is_better else "B"
        return "neither"


@dataclass(frozen=True, slots=True)
class Comparison:
    """Run A's bot ``bot_a`` against run B's ``bot_b`` in the same seats of the same deals
    of ``game``."""

    rules: str
    players: int
    seed: int
    seats_a: tuple[str, ...]
    seats_b: tuple[str, ...]
    bot_a: str
    bot_b: str
    deals: int
    pairs: int
    measures: tuple[Measure, ...]
    game: str = DEFAULT_GAME


def _tested_bots(a: Run, b: Run, bot: str | None) -> tuple[str, str]:
    """The bot under test in A and its rival in B: the one swap of a name that turns
    A's seats into B's (``montecarlo,simple`` into ``heuristic,simple``, or
    ``montecarlo,heuristic`` into ``heuristic,heuristic``), or ``bot`` itself when
    both runs seat the same names."""
    wanted = bot.strip().lower() if bot is not None else None
    if sorted(a.seats) == sorted(b.seats):
        if wanted is None:
            raise CompareError(
                f"both runs seat the same bots {list(a.seats)}: name the one to compare with --bot"
            )
        if wanted not in a.seats:
            raise CompareError(f"--bot {wanted!r}: no seat of {list(a.seats)} holds it")
        return wanted, wanted
    swaps = [
        (x, y)
        for x in dict.fromkeys(a.seats)
        for y in dict.fromkeys(b.seats)
        if x != y and (wanted is None or x == wanted)
        if sorted(y if name == x else name for name in a.seats) == sorted(b.seats)
    ]
    if len(swaps) != 1:
        which = f" with {wanted!r} swapped" if wanted is not None else ""
        raise CompareError(
            f"run B's seats {list(b.seats)} should be run A's {list(a.seats)}{which}, one "
            "bot's name replaced by another's in every seat it holds"
        )
    return swaps[0]


def _check_same_deals(a: Run, b: Run) -> None:
    if a.game != b.game:
        raise CompareError(
            f"run A plays {a.game} and run B {b.game}: compare pairs runs of one game only"
        )
    if a.players != b.players:
        raise CompareError(
            f"run A has {a.players} players and run B has {b.players}: not the same deals"
        )
    if a.seed != b.seed:
        raise CompareError(f"run A has seed {a.seed} and run B seed {b.seed}: not the same deals")
    if dict(a.rules_options) != dict(b.rules_options):
        differ = sorted(
            key
            for key in set(a.rules_options) | set(b.rules_options)
            if a.rules_options.get(key) != b.rules_options.get(key)
        )
        shown = ", ".join(
            f"{key}: {a.rules_options.get(key)!r} against {b.rules_options.get(key)!r}"
            for key in differ
        )
        raise CompareError(f"the runs' rules differ ({shown}): not the same deals")


def _outcome(game: MatchOutcome, seat: int, higher_wins: bool) -> tuple[float, float, float]:
    """The seat's (win share, total, margin) in one match."""
    win = 1.0 / len(game.winners) if seat in game.winners else 0.0
    total = game.totals[seat]
    return win, float(total), float(margin(game.totals, seat, higher_wins))


def _measures(higher_wins: bool) -> tuple[tuple[str, bool], ...]:
    """Each measure's name and whether higher is better (a total is, in a points game)."""
    return (("win", True), ("total", higher_wins), ("margin", True))


def compare_runs(a: Run, b: Run, bot: str | None = None, confidence: float = 0.95) -> Comparison:
    """Pair run A's tested bot with run B's in the same seats of the same deals.

    The tested bots are the one name A seats and B does not, and the one B seats
    and A does not; when both runs seat the same names (one bot's code measured
    before and after a change), ``bot`` names it. Deals that only one run played
    are left out (the longer run's extra deals have no twins).

    Raises :class:`CompareError` when the runs do not play the same deals (another
    game, other rules, players or seed), differ in more than one bot, or when a match of a
    deal both played has no twin, or fewer than two deals pair up.
    """
    _check_same_deals(a, b)
    higher_wins = a.higher_wins
    bot_a, bot_b = _tested_bots(a, b, bot)
    twins: dict[tuple[int, tuple[str, ...], int], tuple[float, float, float]] = {}
    deals_b = set()
    for game in b.games:
        deals_b.add(game.deal)
        for seat, name in enumerate(game.seats):
            if name == bot_b:
                twins[(game.deal, game.seats, seat)] = _outcome(game, seat, higher_wins)
    per_deal: dict[int, list[tuple[tuple[float, ...], tuple[float, ...]]]] = defaultdict(list)
    for game in a.games:
        if game.deal not in deals_b:
            continue
        swapped = tuple(bot_b if name == bot_a else name for name in game.seats)
        for seat, name in enumerate(game.seats):
            if name != bot_a:
                continue
            twin = twins.get((game.deal, swapped, seat))
            if twin is None:
                raise CompareError(
                    f"deal {game.deal} of run A seats {list(game.seats)}, but run B played "
                    f"that deal without the twin seating {list(swapped)}"
                )
            per_deal[game.deal].append((_outcome(game, seat, higher_wins), twin))
    if len(per_deal) < 2:
        raise CompareError(
            f"only {len(per_deal)} deal(s) played by both runs: at least 2 are needed "
            "for an interval (the runs' first deals are the same; play more matches)"
        )
    deals = sorted(per_deal)
    pairs = sum(len(per_deal[d]) for d in deals)
    t = student_t_quantile(0.5 + confidence / 2.0, len(deals) - 1)
    measures: list[Measure] = []
    for index, (name, higher) in enumerate(_measures(higher_wins)):
        mean_a = [statistics.fmean(p[0][index] for p in per_deal[d]) for d in deals]
        mean_b = [statistics.fmean(p[1][index] for p in per_deal[d]) for d in deals]
        differences = [x - y for x, y in zip(mean_a, mean_b, strict=True)]
        n = len(deals)
        difference = statistics.fmean(differences)
        half = t * statistics.stdev(differences) / math.sqrt(n)
        unpaired = t * math.sqrt((statistics.variance(mean_a) + statistics.variance(mean_b)) / n)
        all_a = [p[0][index] for d in deals for p in per_deal[d]]
        all_b = [p[1][index] for d in deals for p in per_deal[d]]
        measures.append(
            Measure(
                name=name,
                mean_a=statistics.fmean(all_a),
                mean_b=statistics.fmean(all_b),
                difference=difference,
                ci=(difference - half, difference + half),
                unpaired_half_width=unpaired,
                higher_is_better=higher,
            )
        )
    return Comparison(
        rules=a.rules,
        players=a.players,
        seed=a.seed,
        seats_a=a.seats,
        seats_b=b.seats,
        bot_a=bot_a,
        bot_b=bot_b,
        deals=len(deals),
        pairs=pairs,
        measures=tuple(measures),
        game=a.game,
    )


def comparison_to_dict(comparison: Comparison) -> dict[str, Any]:
    """The JSON document of ``threethirteen compare --json``."""
    return {
        "format": "threethirteen-comparison",
        "version": 1,
        "game": comparison.game,
        "rules": comparison.rules,
        "players": comparison.players,
        "seed": comparison.seed,
        "seats_a": list(comparison.seats_a),
        "seats_b": list(comparison.seats_b),
        "bot_a": comparison.bot_a,
        "bot_b": comparison.bot_b,
        "deals": comparison.deals,
        "pairs": comparison.pairs,
        "measures": {
            m.name: {
                "a": m.mean_a,
                "b": m.mean_b,
                "difference": m.difference,
                "ci": list(m.ci),
                "unpaired_half_width": m.unpaired_half_width,
                "higher_is_better": m.higher_is_better,
                "better": m.verdict,
            }
            for m in comparison.measures
        },
    }


def summary_line(comparison: Comparison) -> str:
    """One sentence: which bot wins more matches, or that the interval holds 0."""
    win = comparison.measures[0]
    low, high = win.ci
    figures = (
        f"{100 * win.difference:+.1f} points of match wins ({100 * low:+.1f} to {100 * high:+.1f})"
    )
    if win.verdict == "neither":
        return f"No difference shown: {figures}, the interval holds 0."
    better, worse = (
        (comparison.bot_a, comparison.bot_b)
        if win.verdict == "A"
        else (comparison.bot_b, comparison.bot_a)
    )
    return f"{better} wins more matches than {worse} in the same seats: {figures}."
