"""Tournaments between bots with duplicate deals: the plan, the matches, the pooled figures.

A :class:`TournamentPlan` names the game (any game of the registry,
:func:`threethirteen.games.get_game`; Three-Thirteen by default), its rules, one
bot per seat, the number of matches and a seed. Each *deal* is a match seed
derived from the tournament seed; every deal is played once under every distinct
seating of the bot list (every distinct permutation of who sits where), so every
bot meets the same shuffles from every seat it can hold. The match count is
therefore rounded up to whole deals: ``matches = deals * len(seatings)``.

:func:`run_tournament` plays the plan's :class:`Game` list on an executor
(:mod:`threethirteen.lab.executors`), timing every ``choose`` call inside the
worker, and pools the results per bot name (several seats holding the same bot
are pooled) into a :class:`TournamentResult`. The results are folded in plan
order, so the same seed gives the same figures on any executor and any number
of workers; only the decision times vary.

>>> from threethirteen.games.three_thirteen.rules import apply_house_rule, get_rules
>>> rules = apply_house_rule(get_rules("classic"), "hand_sizes=3-4")
>>> plan = TournamentPlan.build(rules, 2, ["greedy", "random"], matches=3, seed=1)
>>> plan.seatings
(('greedy', 'random'), ('random', 'greedy'))
>>> plan.deals, plan.total_matches
(2, 4)
>>> result = run_tournament(plan)
>>> result.bots["greedy"].matches, result.bots["random"].matches
(4, 4)

Another game is named by ``game``, with that game's rules and bots:

>>> from threethirteen.games import get_game
>>> thirteen = get_game("thirteen")
>>> plan = TournamentPlan.build(
...     thirteen.rules(None, ["target=3"]), 3, ["simple", "random"], 3, seed=1, game="thirteen"
... )
>>> plan.game, plan.seatings
('thirteen', (('simple', 'random', 'random'), ('random', 'simple', 'random'), \
('random', 'random', 'simple')))
>>> run_tournament(plan).bots["simple"].matches
3
"""

from __future__ import annotations

import hashlib
import itertools
import math
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from threethirteen.bots import Bot, make_bot, split_bot_spec
from threethirteen.bots.base import close_bot
from threethirteen.bots.match import GameBot, game_decisions
from threethirteen.engines import EngineSpec, engine_table
from threethirteen.errors import RulesError, ThreeThirteenError
from threethirteen.game import Game as CardGame
from threethirteen.game import MatchState
from threethirteen.games import DEFAULT_GAME, get_game
from threethirteen.lab.executors import Executor, SerialExecutor
from threethirteen.lab.stats import TimeHistogram, wilson_interval

__all__ = [
    "BotSummary",
    "Game",
    "GameResult",
    "MatchOutcome",
    "TournamentPlan",
    "TournamentResult",
    "derive_seed",
    "margin",
    "play_game",
    "run_tournament",
    "summarise",
]


def derive_seed(seed: int, *path: int | str) -> int:
    """A 63-bit seed derived from ``seed`` and a path of labels, stable across Pythons.

    Hashing (rather than ``seed + n``) keeps the derived seeds of neighbouring
    tournament seeds unrelated, and BLAKE2 does not change between versions or
    platforms, unlike :func:`hash`.

    >>> derive_seed(7, "deal", 0) == derive_seed(7, "deal", 0) != derive_seed(7, "deal", 1)
    True
    """
    text = ":".join(str(part) for part in (seed, *path))
    digest = hashlib.blake2b(text.encode("utf-8"), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


def margin(totals: Sequence[int], seat: int, higher_wins: bool = False) -> int:
    """How far ``seat`` finished ahead of the best other seat (negative: behind).

    In a penalty game (lowest total wins, Three-Thirteen) it is the best other
    total less the seat's own; in a points game (``higher_wins``, Thirteen) the
    seat's own total less the best other.

    >>> margin([10, 30, 25], 0), margin([10, 30, 25], 1)
    (15, -20)
    >>> margin([10, 30, 25], 1, higher_wins=True), margin([10, 30, 25], 0, higher_wins=True)
    (5, -20)
    """
    others = [t for s, t in enumerate(totals) if s != seat]
    if higher_wins:
        return totals[seat] - max(others)
    return min(others) - totals[seat]


def _distinct_seatings(seats: Sequence[str]) -> tuple[tuple[str, ...], ...]:
    """Every distinct arrangement of ``seats``, the given order first."""
    seen: dict[tuple[str, ...], None] = {}
    for order in itertools.permutations(seats):
        seen.setdefault(order, None)
    return tuple(seen)


@dataclass(frozen=True, slots=True)
class Game:
    """One match of a plan: the deal it plays, under which seating, with which seeds.

    ``seed`` is the match seed (equal for every seating of one deal, so those
    matches deal the same cards to the same seats); ``bot_seeds[seat]`` seeds
    the bot in that seat (for bots that use chance).
    """

    index: int
    deal: int
    seating: int
    seed: int
    seats: tuple[str, ...]
    bot_seeds: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class TournamentPlan:
    """What to play: rules, one bot name per seat, how many matches, from which seed,
    the engines (programs playing as bots) that seat names may refer to, and the
    game (its registry name; ``rules`` are that game's rules object).

    Build it with :meth:`build`, which checks every part of it.
    """

    rules: Any
    seats: tuple[str, ...]
    matches_requested: int
    seed: int
    first_deal: int = 0
    engines: tuple[EngineSpec, ...] = ()
    game: str = DEFAULT_GAME
    seatings: tuple[tuple[str, ...], ...] = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "seatings", _distinct_seatings(self.seats))

    @classmethod
    def build(
        cls,
        rules: Any,
        players: int,
        bots: Sequence[str],
        matches: int,
        seed: int,
        first_deal: int = 0,
        engines: Sequence[EngineSpec] = (),
        *,
        game: str = DEFAULT_GAME,
    ) -> TournamentPlan:
        """A checked plan. ``bots`` lists one registry name per seat; when it lists
        fewer names than ``players``, the last name fills the remaining seats (so
        ``["heuristic", "simple"]`` at 4 players is one ``heuristic`` against three
        ``simple``). Names are matched case-insensitively and pooled lowercased.

        ``engines`` names programs that play as bots
        (:class:`~threethirteen.engines.EngineSpec`): ``bots`` may then name them,
        with options as for any bot (``mybot:depth=3``). Each is started here once
        and must answer ``hello``, so a wrong command fails before the run.

        The deals are the seed's deals ``first_deal``, ``first_deal + 1``, ...: a
        long tournament can be played in parts (deals 0 to 499, then 500 to 999)
        whose documents :mod:`threethirteen.lab.merge` joins into the whole.

        ``game`` names the game (any name or alias :func:`~threethirteen.games.get_game`
        knows; the plan keeps its registry name); ``rules`` must be that game's rules
        (``get_game(game).rules(...)``) and the bots that game's. Engines play
        Three-Thirteen only, for now.

        Raises :class:`~threethirteen.errors.ThreeThirteenError` for an unknown
        bot, no bots or more bots than players, fewer than one match, a seed that
        is not an integer, a negative first deal, an engine named twice or by a
        registered bot's name, an engine that does not start or an engine in
        another game than Three-Thirteen, and
        :class:`~threethirteen.errors.RulesError` for an unknown game, another
        game's rules or a player count the rules do not allow.

        >>> from threethirteen.games.three_thirteen.rules import get_rules
        >>> TournamentPlan.build(get_rules("classic"), 4, ["greedy", "random"], 1, 0).seats
        ('greedy', 'random', 'random', 'random')
        """
        card_game = get_game(game)
        if isinstance(players, bool) or not isinstance(players, int) or players < 1:
            raise ThreeThirteenError(f"players must be a positive whole number, got {players!r}")
        _check_rules(card_game, rules, players)
        names = [name.strip().lower() for name in bots]
        if not names or not all(names):
            raise ThreeThirteenError(f"name at least one bot, got {list(bots)!r}")
        if len(names) > players:
            raise ThreeThirteenError(
                f"{len(names)} bots ({', '.join(names)}) for {players} players: "
                "name at most one bot per seat"
            )
        known = engine_table(engines)
        for name in dict.fromkeys(names):
            # Raises, quoting the name (and naming the known bots), for an unknown name;
            # an engine must start and say hello.
            close_bot(_make_seat_bot(name, 0, known, card_game.name))
        if isinstance(matches, bool) or not isinstance(matches, int) or matches < 1:
            raise ThreeThirteenError(f"matches must be at least 1, got {matches!r}")
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise ThreeThirteenError(f"a tournament seed must be an integer, got {seed!r}")
        if isinstance(first_deal, bool) or not isinstance(first_deal, int) or first_deal < 0:
            raise ThreeThirteenError(
                f"the first deal must be a whole number >= 0, got {first_deal!r}"
            )
        seats = (*names, *[names[-1]] * (players - len(names)))
        return cls(rules, seats, matches, seed, first_deal, tuple(known.values()), card_game.name)

    @property
    def players(self) -> int:
        return len(self.seats)

    @property
    def engine_commands(self) -> dict[str, str]:
        """Each engine's command line, by name (the JSON document's ``engines``)."""
        return {spec.name: spec.command_line for spec in self.engines}

    @property
    def bot_names(self) -> tuple[str, ...]:
        """The distinct bots, in seat order of first appearance."""
        return tuple(dict.fromkeys(self.seats))

    @property
    def deals(self) -> int:
        """How many deals: the requested matches rounded up to whole seating groups."""
        return math.ceil(self.matches_requested / len(self.seatings))

    @property
    def total_matches(self) -> int:
        """The matches actually played: ``deals * len(seatings)`` (at least the request)."""
        return self.deals * len(self.seatings)

    def games(self) -> list[Game]:
        """Every match of the plan, deal by deal, each deal under every seating in turn."""
        games: list[Game] = []
        for deal in range(self.first_deal, self.first_deal + self.deals):
            match_seed = derive_seed(self.seed, "deal", deal)
            for number, seating in enumerate(self.seatings):
                bot_seeds = tuple(
                    derive_seed(self.seed, "bot", deal, number, seat)
                    for seat in range(self.players)
                )
                games.append(Game(len(games), deal, number, match_seed, seating, bot_seeds))
        return games


def _check_rules(card_game: CardGame, rules: Any, players: int) -> None:
    """Raise :class:`~threethirteen.errors.RulesError` unless ``rules`` are ``card_game``'s
    and let ``players`` play."""
    # Every rules object of a game is of the type of its default preset's.
    kind = type(card_game.rules())
    if not isinstance(rules, kind):
        raise RulesError(f"{rules!r:.60} are not {card_game.title} rules")
    check = getattr(rules, "check_players", None)
    if callable(check):
        check(players)  # the rules' own message (a preset may seat fewer than the game)
    if players not in card_game.player_counts:
        counts = ", ".join(map(str, card_game.player_counts))
        raise RulesError(f"{card_game.title} is played by {counts} players, got {players}")


def _make_seat_bot(
    name: str, seed: int, engines: Mapping[str, EngineSpec], game: str = DEFAULT_GAME
) -> Bot:
    """The bot for a seat's name: an engine of ``engines`` by its name, or the registry's
    bot of ``game``."""
    base, written = split_bot_spec(name)
    spec = engines.get(base)
    if spec is None:
        return make_bot(name, seed, game=game)
    options: dict[str, Any] = dict(written)
    return spec.bot(seed, game=game, **options)


@dataclass(frozen=True, slots=True)
class GameResult:
    """The figures of one finished match, per seat (seat order of ``seats``).

    ``round_wins[seat]`` counts the rounds the seat won (the game's
    :meth:`~threethirteen.game.Game.round_outcomes`: Three-Thirteen's lowest
    penalty, Thirteen's first to finish), a round shared by ``k`` seats counting
    ``1/k`` to each; ``rounds_out[seat]`` the rounds it went out (finished first);
    ``times[seat]`` the durations of its ``choose`` calls. ``record`` is kept only
    when asked for: Three-Thirteen's
    :class:`~threethirteen.games.three_thirteen.records.GameRecord`, another game's
    record data (:meth:`~threethirteen.game.Game.record`).
    """

    index: int
    seats: tuple[str, ...]
    totals: tuple[int, ...]
    winners: tuple[int, ...]
    rounds: int
    round_wins: tuple[float, ...]
    rounds_out: tuple[int, ...]
    times: tuple[TimeHistogram, ...]
    record: Any = None


@dataclass(frozen=True, slots=True)
class MatchOutcome:
    """How one match of a tournament ended: enough to pair it with the same match of
    another run (:mod:`threethirteen.lab.compare`).

    ``deal`` and ``seating`` place it in the plan; ``seats`` names the bot in each
    seat, ``totals`` their final scores and ``winners`` the winning seats.
    """

    deal: int
    seating: int
    seats: tuple[str, ...]
    totals: tuple[int, ...]
    winners: tuple[int, ...]

    def to_dict(self) -> dict[str, Any]:
        """The JSON form of one entry of ``games`` (see ``docs/lab.md``)."""
        return {
            "deal": self.deal,
            "seating": self.seating,
            "seats": list(self.seats),
            "totals": list(self.totals),
            "winners": list(self.winners),
        }


class _Timed:
    """A bot whose every ``choose`` is timed into ``times``, in CPU time of the thread.

    CPU time, so other work on the machine does not inflate it; the clock runs
    around ``choose`` alone (building the view is the game's cost). A bot whose
    ``wall_clock`` is true (an engine: its work is in another process) is timed by
    the wall clock instead, the round trip over the pipe included.
    """

    def __init__(self, bot: GameBot, times: TimeHistogram) -> None:
        self.name = bot.name
        self._bot = bot
        self._times = times
        wall = getattr(bot, "wall_clock", False) is True
        self._clock = time.perf_counter_ns if wall else time.thread_time_ns

    def choose(self, view: Any) -> Any:
        start = self._clock()
        action = self._bot.choose(view)
        self._times.add(self._clock() - start)
        return action


def play_game(
    rules: Any,
    game: Game,
    *,
    keep_record: bool = False,
    engines: Sequence[EngineSpec] = (),
    game_name: str = DEFAULT_GAME,
) -> GameResult:
    """Play one planned match of the game ``game_name`` with fresh bots, timing every
    decision.

    Each bot sees only its seat's view; its action is applied checked, so an
    illegal action raises :class:`~threethirteen.errors.IllegalActionError`. The
    clock runs around ``choose`` alone (building the view is the game's cost).
    ``engines`` are the plan's: a seat whose name is an engine's gets a fresh
    engine process, stopped when the match ends (or fails).
    """
    card_game = get_game(game_name)
    players = len(game.seats)
    known = {spec.name: spec for spec in engines}
    bots: list[Bot] = []
    try:
        for name, seed in zip(game.seats, game.bot_seeds, strict=True):
            bots.append(_make_seat_bot(name, seed, known, card_game.name))
        state = card_game.new_match(rules, players, game.seed)
        times = [TimeHistogram() for _ in range(players)]
        timed = [_Timed(bot, t) for bot, t in zip(bots, times, strict=True)]
        for _ in game_decisions(state, timed):
            pass
    finally:
        for bot in bots:
            close_bot(bot)
    round_wins = [0.0] * players
    rounds_out = [0] * players
    outcomes = card_game.round_outcomes(state)
    for outcome in outcomes:
        for seat in outcome.best:
            round_wins[seat] += 1 / len(outcome.best)
        if outcome.out is not None:
            rounds_out[outcome.out] += 1
    return GameResult(
        index=game.index,
        seats=game.seats,
        totals=state.totals,
        winners=state.winners(),
        rounds=len(outcomes),
        round_wins=tuple(round_wins),
        rounds_out=tuple(rounds_out),
        times=tuple(times),
        record=_record(card_game, state, game.seats) if keep_record else None,
    )


def _record(card_game: CardGame, state: MatchState, names: Sequence[str]) -> Any:
    """The record the lab keeps of a match on request."""
    if card_game.name == DEFAULT_GAME:
        # Three-Thirteen's lab has always kept its typed GameRecord (callers read
        # ``record.rounds``, ``replay(record)``); the other games keep their record data.
        typed: Any = state
        return typed.record(list(names))
    return card_game.record(state, list(names))


@dataclass(frozen=True, slots=True)
class _Batch:
    """A few games sent to a worker together, to spread the cost of shipping them.

    It travels by pickle (the process pool, Dask, Ray): the game goes by its
    registry name, and the worker finds the game object in its own registry.
    """

    rules: Any
    games: tuple[Game, ...]
    keep_records: bool
    engines: tuple[EngineSpec, ...] = ()
    game: str = DEFAULT_GAME


def _play_batch(batch: _Batch) -> list[GameResult]:
    return [
        play_game(
            batch.rules,
            game,
            keep_record=batch.keep_records,
            engines=batch.engines,
            game_name=batch.game,
        )
        for game in batch.games
    ]


@dataclass(slots=True)
class BotSummary:
    """One bot's figures, pooled over every seat it held in every match.

    The unit is the *seat-match*: a bot holding three seats of a match counts
    three. ``wins`` credits ``1/k`` for a win shared by ``k`` seats (and nothing
    when the rules leave a tie without a winner), so across the bots the wins of
    a match add up to 1 (or 0); the fair share is ``1 / players``. ``margin`` is
    how far the bot finished ahead of the best other seat (:func:`margin`:
    positive, ahead of everyone), which way the totals count given by
    ``higher_wins`` (the game's: ``False`` for penalties, ``True`` for points).
    Round figures count seat-rounds.
    """

    name: str
    seats: int  # seats this bot holds in each match
    matches: int = 0
    wins: float = 0.0
    total_sum: int = 0
    margin_sum: int = 0
    rounds: int = 0
    round_wins: float = 0.0
    rounds_out: int = 0
    times: TimeHistogram = field(default_factory=TimeHistogram)
    higher_wins: bool = False

    def add(self, result: GameResult, seat: int) -> None:
        """Count the seat ``seat`` of ``result`` (which must hold this bot)."""
        self.add_outcome(result.totals, result.winners, seat)
        self.rounds += result.rounds
        self.round_wins += result.round_wins[seat]
        self.rounds_out += result.rounds_out[seat]
        self.times.merge(result.times[seat])

    def add_outcome(self, totals: Sequence[int], winners: Sequence[int], seat: int) -> None:
        """Count how one match ended for the seat ``seat``: the match, its win share,
        total and margin (a joined run recounts these from its ``games``)."""
        self.matches += 1
        if seat in winners:
            self.wins += 1 / len(winners)
        self.total_sum += totals[seat]
        self.margin_sum += margin(totals, seat, self.higher_wins)

    @property
    def win_rate(self) -> float:
        return self.wins / self.matches if self.matches else 0.0

    def win_rate_ci(self, z: float | None = None) -> tuple[float, float]:
        """The Wilson interval of the win rate (95% unless ``z`` says otherwise).

        It treats the seat-matches as independent, which they are not quite: the
        seatings of one deal share the cards, and several seats of one match
        share its outcome. Read it as a guide to the sampling error.
        """
        if z is None:
            return wilson_interval(self.wins, self.matches)
        return wilson_interval(self.wins, self.matches, z)

    @property
    def mean_total(self) -> float:
        return self.total_sum / self.matches if self.matches else 0.0

    @property
    def mean_margin(self) -> float:
        return self.margin_sum / self.matches if self.matches else 0.0

    @property
    def round_win_rate(self) -> float:
        """The share of its rounds that it won (Three-Thirteen: it scored the lowest
        penalty; Thirteen: it finished first), a round shared by k counting 1/k."""
        return self.round_wins / self.rounds if self.rounds else 0.0

    @property
    def out_rate(self) -> float:
        """The share of its rounds in which it went out."""
        return self.rounds_out / self.rounds if self.rounds else 0.0

    @property
    def decisions(self) -> int:
        return self.times.count

    @property
    def mean_decision_ms(self) -> float:
        return self.times.mean_ns / 1e6

    @property
    def median_decision_ms(self) -> float:
        return self.times.quantile_ns(0.5) / 1e6

    @property
    def p99_decision_ms(self) -> float:
        return self.times.quantile_ns(0.99) / 1e6

    @property
    def max_decision_ms(self) -> float:
        return self.times.max_ns / 1e6

    def outcome(self) -> dict[str, Any]:
        """The figures that the seed decides (no timings): equal for equal seeds."""
        return {
            "matches": self.matches,
            "wins": self.wins,
            "total_sum": self.total_sum,
            "margin_sum": self.margin_sum,
            "rounds": self.rounds,
            "round_wins": self.round_wins,
            "rounds_out": self.rounds_out,
            "decisions": self.decisions,
        }

    def to_dict(self) -> dict[str, Any]:
        """The JSON figures of this bot (see ``docs/lab.md``)."""
        low, high = self.win_rate_ci()
        return {
            "seats": self.seats,
            "matches": self.matches,
            "wins": self.wins,
            "win_rate": self.win_rate,
            "win_rate_ci": [low, high],
            "mean_total": self.mean_total,
            "mean_margin": self.mean_margin,
            "rounds": self.rounds,
            "rounds_won": self.round_wins,
            "round_win_rate": self.round_win_rate,
            "rounds_out": self.rounds_out,
            "out_rate": self.out_rate,
            "decisions": self.decisions,
            "mean_decision_ms": self.mean_decision_ms,
            "median_decision_ms": self.median_decision_ms,
            "p99_decision_ms": self.p99_decision_ms,
            "max_decision_ms": self.max_decision_ms,
            "decision_times": self.times.to_dict(),
        }


@dataclass(frozen=True, slots=True)
class TournamentResult:
    """A played plan: per bot figures (in the plan's bot order), how each match ended
    (in plan order), and the records if kept."""

    plan: TournamentPlan
    bots: dict[str, BotSummary]
    elapsed_s: float
    executor: str
    workers: int
    games: tuple[MatchOutcome, ...] = ()
    records: tuple[Any, ...] = ()

    def to_dict(self, **settings: Any) -> dict[str, Any]:
        """The JSON document of ``--json``: the settings, the figures keyed by bot and
        how each match ended (``games``, in plan order).

        Keyword arguments are added to the settings (the command line adds the
        preset and house rules it was given). ``settings.game`` names the game (a
        document without it, written before other games joined, is Three-Thirteen's).
        """
        plan = self.plan
        card_game = get_game(plan.game)
        return {
            "format": "threethirteen-tournament",
            "version": 3,
            "settings": {
                "game": card_game.name,
                "rules": plan.rules.name,
                **settings,
                "rules_options": card_game.rules_options(plan.rules),
                "players": plan.players,
                "seats": list(plan.seats),
                **({"engines": plan.engine_commands} if plan.engines else {}),
                "seatings": len(plan.seatings),
                "first_deal": plan.first_deal,
                "deals": plan.deals,
                "matches_requested": plan.matches_requested,
                "matches": plan.total_matches,
                "seed": plan.seed,
                "executor": self.executor,
                "workers": self.workers,
                "elapsed_s": self.elapsed_s,
            },
            "bots": {name: summary.to_dict() for name, summary in self.bots.items()},
            "games": [game.to_dict() for game in self.games],
        }


def summarise(plan: TournamentPlan, results: Iterable[GameResult]) -> dict[str, BotSummary]:
    """Pool game results per bot, in plan order (so float sums do not depend on timing)."""
    higher_wins = get_game(plan.game).higher_wins
    summaries = {
        name: BotSummary(name, seats=plan.seats.count(name), higher_wins=higher_wins)
        for name in plan.bot_names
    }
    for result in sorted(results, key=lambda r: r.index):
        for seat, name in enumerate(result.seats):
            summaries[name].add(result, seat)
    return summaries


Progress = Callable[[int, int], None]
"""Called with (matches done, matches in all) as batches finish."""


def run_tournament(
    plan: TournamentPlan,
    executor: Executor | None = None,
    *,
    progress: Progress | None = None,
    keep_records: bool = False,
    batch_size: int | None = None,
) -> TournamentResult:
    """Play every game of ``plan`` on ``executor`` (default: in this process) and pool them.

    Games go to the workers in batches of ``batch_size`` (default: about eight
    batches a worker, at most four games each, for an even load and a lively
    progress bar). ``keep_records`` returns every match's record too, in plan order (for
    checks; it costs memory). Exceptions from a game, such as a bot's illegal
    action, are raised here.
    """
    executor = executor or SerialExecutor()
    games = plan.games()
    if batch_size is None:
        # Small batches: a search bot's match can take minutes, and a batch is the unit
        # of load balancing and of progress; a match's result is only a few kilobytes.
        batch_size = max(1, min(4, math.ceil(len(games) / (executor.workers * 8))))
    batches = [
        _Batch(plan.rules, tuple(games[i : i + batch_size]), keep_records, plan.engines, plan.game)
        for i in range(0, len(games), batch_size)
    ]
    start = time.perf_counter()
    results: list[GameResult] = []
    if progress is not None:
        progress(0, len(games))
    for done in executor.imap_unordered(_play_batch, batches):
        results.extend(done)
        if progress is not None:
            progress(len(results), len(games))
    elapsed = time.perf_counter() - start
    results.sort(key=lambda r: r.index)
    records = tuple(r.record for r in results if r.record is not None)
    outcomes = tuple(
        MatchOutcome(game.deal, game.seating, result.seats, result.totals, result.winners)
        for game, result in zip(games, results, strict=True)
    )
    return TournamentResult(
        plan=plan,
        bots=summarise(plan, results),
        elapsed_s=elapsed,
        executor=executor.name,
        workers=executor.workers,
        games=outcomes,
        records=records,
    )
