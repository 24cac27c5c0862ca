"""A tournament played in parts, joined into one document: ``threethirteen merge``.

A search bot's tournament of 2,000 matches can take hours. ``--first-deal N``
(:attr:`TournamentPlan.first_deal <threethirteen.lab.tournament.TournamentPlan>`)
starts a run at deal ``N`` of its seed's sequence, so the run can be played in
parts, on different days or machines: deals 0 to 499 (``--matches 1000`` with
two seatings), then deals 500 to 999 (``--first-deal 500 --matches 1000``).
:func:`merge_documents` joins the parts' ``--json`` documents into the document
the whole run would have written: the same ``games`` in plan order, and the same
figures, computed again from the games (matches, wins, totals, margins) or added
up (rounds, rounds won and gone out, decisions).

The parts must be of one run: the same game (``settings.game``; Three-Thirteen
when absent), rules, players, seats (in the same order, which numbers the
seatings) and seed, and between them every deal of one range,
each once, every seating of it played. A part that overlaps another, leaves a gap,
or lacks a match is refused, quoting it.

Decision times merge exactly when every part carries its timing histogram
(``decision_times``, written since version 3 of the document): the median and
99th percentile are then read from the merged histogram. A part written before
that has only the mean and the maximum, which still merge exactly; the merged
median and 99th percentile are then ``null``, not a guess.

>>> part = lambda first, totals: {"format": "threethirteen-tournament", "version": 3,
...     "settings": {"rules": "x", "rules_options": {"name": "x"}, "players": 2, "seed": 5,
...                  "seats": ["a", "b"], "seatings": 2, "first_deal": first, "deals": 1,
...                  "elapsed_s": 2.5},
...     "bots": {name: {"rounds": 11, "rounds_won": 5.5, "rounds_out": 5, "decisions": 2,
...                     "mean_decision_ms": 1.0, "max_decision_ms": 1.5}
...              for name in ("a", "b")},
...     "games": [{"deal": first, "seating": 0, "seats": ["a", "b"], "totals": totals,
...                "winners": [0]},
...               {"deal": first, "seating": 1, "seats": ["b", "a"], "totals": totals,
...                "winners": [0]}]}
>>> whole = merge_documents([("one", part(0, [10, 20])), ("two", part(1, [30, 5]))])
>>> whole["settings"]["deals"], whole["bots"]["a"]["matches"], whole["bots"]["a"]["wins"]
(2, 4, 2.0)
>>> whole["bots"]["a"]["median_decision_ms"] is None  # these parts carry no histogram
True
>>> whole["settings"]["game"]  # written always; these parts predate it
'three-thirteen'
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Mapping, Sequence
from typing import Any

from threethirteen.games import get_game
from threethirteen.lab.compare import CompareError, Run, load_run
from threethirteen.lab.stats import TimeHistogram
from threethirteen.lab.tournament import BotSummary

__all__ = ["MergeError", "merge_documents"]


class MergeError(CompareError):
    """Documents that are not parts of one tournament, quoting what differs."""


class _Part:
    """One part read back: its run (checked by :func:`~threethirteen.lab.compare.load_run`),
    its range of deals and its per-bot figures."""

    def __init__(self, name: str, data: Any) -> None:
        self.name = name
        try:
            self.run: Run = load_run(data, name)
        except CompareError as error:
            raise MergeError(str(error)) from None
        settings = data["settings"]
        self.settings: Mapping[str, Any] = settings
        self.first = _whole(settings.get("first_deal", 0), f"{name} settings first_deal")
        self.deals = _whole(settings.get("deals"), f"{name} settings deals")
        self.seatings = _whole(settings.get("seatings"), f"{name} settings seatings")
        bots = data.get("bots")
        if not isinstance(bots, Mapping):
            raise MergeError(f"{name} has no per-bot figures ('bots'): {bots!r}")
        self.bots: Mapping[str, Any] = bots
        expected = {
            (deal, seating)
            for deal in range(self.first, self.first + self.deals)
            for seating in range(self.seatings)
        }
        played = {(game.deal, game.seating) for game in self.run.games}
        if played != expected:
            missing = sorted(expected - played)[:3]
            extra = sorted(played - expected)[:3]
            raise MergeError(
                f"{name} should hold deals {self.first} to {self.first + self.deals - 1} "
                f"under {self.seatings} seatings each; missing (deal, seating) {missing}, "
                f"outside that range {extra}"
            )

    @property
    def last(self) -> int:
        return self.first + self.deals - 1


def _whole(value: Any, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise MergeError(f"{where} is not a whole number >= 0: {value!r}")
    return value


def _number(figures: Mapping[str, Any], key: str, where: str) -> float:
    value = figures.get(key)
    if isinstance(value, bool) or not isinstance(value, int | float) or value < 0:
        raise MergeError(f"{where}: {key!r} is not a number >= 0: {value!r}")
    return float(value)


def _same_run(first: _Part, part: _Part) -> None:
    """Refuse ``part`` unless it plays the deals of ``first``'s run."""
    a, b = first.run, part.run
    if a.game != b.game:
        raise MergeError(
            f"{part.name} is a run of {b.game} and {first.name} a run of {a.game}: "
            "merge joins the parts of one game's run only"
        )
    for what, mine, theirs in (
        ("rules", dict(a.rules_options), dict(b.rules_options)),
        ("players", a.players, b.players),
        ("seed", a.seed, b.seed),
        ("seats", list(a.seats), list(b.seats)),
        ("seatings", first.seatings, part.seatings),
        ("engines", first.settings.get("engines"), part.settings.get("engines")),
    ):
        if mine != theirs:
            shown = f"{mine!r} against {theirs!r}" if what != "rules" else "their options differ"
            raise MergeError(
                f"{part.name} is not a part of the run of {first.name}: {what}: {shown}"
            )


def _ordered(parts: list[_Part]) -> list[_Part]:
    """The parts by their first deal, checked to cover one range of deals exactly once."""
    parts = sorted(parts, key=lambda p: p.first)
    for before, after in itertools.pairwise(parts):
        if after.first <= before.last:
            raise MergeError(
                f"{before.name} (deals {before.first} to {before.last}) and {after.name} "
                f"(deals {after.first} to {after.last}) both hold deal {after.first}"
            )
        if after.first > before.last + 1:
            raise MergeError(
                f"no part holds deals {before.last + 1} to {after.first - 1}, between "
                f"{before.name} and {after.name}"
            )
    return parts


def _timings(parts: Sequence[_Part], name: str) -> tuple[TimeHistogram, bool]:
    """The bot's merged decision times, and whether every part had its histogram
    (else only the count, the mean and the maximum are known)."""
    merged = TimeHistogram()
    exact = True
    for part in parts:
        figures = part.bots[name]
        where = f"{part.name} bots[{name!r}]"
        raw = figures.get("decision_times")
        if raw is not None:
            try:
                merged.merge(TimeHistogram.from_dict(raw, f"{where} decision_times"))
            except ValueError as error:
                raise MergeError(str(error)) from None
            continue
        exact = False
        count = int(_number(figures, "decisions", where))
        merged.count += count
        merged.total_ns += round(_number(figures, "mean_decision_ms", where) * 1e6 * count)
        merged.max_ns = max(merged.max_ns, round(_number(figures, "max_decision_ms", where) * 1e6))
    return merged, exact


def merge_documents(documents: Sequence[tuple[str, Any]]) -> dict[str, Any]:
    """Join the ``--json`` documents of a run's parts, each given with its name (the
    file's, quoted in errors), into the document of the whole run.

    Raises :class:`MergeError` (a :class:`~threethirteen.errors.ThreeThirteenError`)
    for fewer than two parts, a document that is not a tournament's, parts of
    different games or runs, overlapping or missing deals, or malformed figures.
    """
    if len(documents) < 2:
        raise MergeError(f"merge needs at least two parts, got {len(documents)}")
    parts = [_Part(name, data) for name, data in documents]
    for part in parts[1:]:
        _same_run(parts[0], part)
    parts = _ordered(parts)
    first = parts[0]
    seats = first.run.seats
    games = [game for part in parts for game in part.run.games]
    card_game = get_game(first.run.game)
    summaries = {
        name: BotSummary(name, seats=seats.count(name), higher_wins=card_game.higher_wins)
        for name in dict.fromkeys(seats)
    }
    for game in games:
        for seat, name in enumerate(game.seats):
            summaries[name].add_outcome(game.totals, game.winners, seat)
    bots: dict[str, Any] = {}
    for name, summary in summaries.items():
        for part in parts:
            if name not in part.bots or not isinstance(part.bots[name], Mapping):
                raise MergeError(f"{part.name} has no figures for {name!r}")
            figures, where = part.bots[name], f"{part.name} bots[{name!r}]"
            summary.rounds += int(_number(figures, "rounds", where))
            summary.round_wins += _number(figures, "rounds_won", where)
            summary.rounds_out += int(_number(figures, "rounds_out", where))
        summary.times, exact = _timings(parts, name)
        figures = summary.to_dict()
        if not exact:
            figures.update(median_decision_ms=None, p99_decision_ms=None, decision_times=None)
        bots[name] = figures
    # The game first, as a run writes it; a part from before games were named gets it.
    settings = {"game": card_game.name, **first.settings}
    settings["game"] = card_game.name
    matches = len(games)
    settings.update(
        first_deal=first.first,
        deals=sum(part.deals for part in parts),
        matches_requested=matches,
        matches=matches,
        executor="+".join(dict.fromkeys(str(p.settings.get("executor", "?")) for p in parts)),
        workers=max(_whole(p.settings.get("workers", 1), f"{p.name} workers") for p in parts),
        elapsed_s=math.fsum(_number(p.settings, "elapsed_s", p.name) for p in parts),
        parts=[
            {
                "file": part.name,
                "first_deal": part.first,
                "deals": part.deals,
                "elapsed_s": part.settings.get("elapsed_s"),
            }
            for part in parts
        ],
    )
    return {
        "format": "threethirteen-tournament",
        "version": 3,
        "settings": settings,
        "bots": bots,
        "games": [game.to_dict() for game in games],
    }
