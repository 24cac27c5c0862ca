"""A player's statistics over their finished matches, found by their player key.

Each finished match where a seat holds the player's key counts once, for that seat:
matches, wins (a shared first place is a win), the average final total, and the best
match: the lowest total in a game where the lowest wins (Three-Thirteen, Rummy), the
highest where the highest does (Thirteen). The figures are kept for each game, and in
each game by preset and by player count, since a 2-player total and an 8-player total
do not compare.

>>> stats([])["matches"]
0
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from threethirteen.server.games import table_game
from threethirteen.store.base import TableRow

__all__ = ["Tally", "stats"]


@dataclass
class Tally:
    """Matches, wins, the sum of totals and the best match of one group."""

    higher_wins: bool
    matches: int = 0
    wins: int = 0
    points: int = 0
    best: dict[str, Any] | None = None
    _best_total: int | None = field(default=None, repr=False)

    def add(self, row: TableRow, total: int, won: bool) -> None:
        self.matches += 1
        self.wins += won
        self.points += total
        better = self._best_total is None or (
            total > self._best_total if self.higher_wins else total < self._best_total
        )
        if better:
            self._best_total = total
            self.best = {"id": row.id, "total": total, "finished_at": row.finished_at}

    def to_json(self) -> dict[str, Any]:
        return {
            "matches": self.matches,
            "wins": self.wins,
            "win_rate": round(self.wins / self.matches, 4) if self.matches else None,
            "average_total": round(self.points / self.matches, 2) if self.matches else None,
            "best": self.best,
        }


def stats(rows: Iterable[tuple[TableRow, int]]) -> dict[str, Any]:
    """The statistics of one player over ``rows``: each a finished table and the seat the
    player held there. ``matches`` counts them all; ``games`` has a :class:`Tally` of each
    game played, with ``presets`` and ``players`` (player count) beneath it."""
    games: dict[str, dict[str, Any]] = {}
    count = 0
    for row, seat in rows:
        kind = table_game(row.game)
        summary = kind.record_summary(row.record or "")
        total = int(summary["totals"][seat])
        won = seat in (summary["winners"] or ())
        higher = kind.game.higher_wins
        entry = games.setdefault(
            row.game,
            {"all": Tally(higher), "presets": {}, "players": {}, "title": kind.game.title},
        )
        entry["all"].add(row, total, won)
        entry["presets"].setdefault(row.preset, Tally(higher)).add(row, total, won)
        entry["players"].setdefault(str(len(row.seats)), Tally(higher)).add(row, total, won)
        count += 1
    return {
        "matches": count,
        "games": {
            name: {
                "title": entry["title"],
                **entry["all"].to_json(),
                "presets": {k: t.to_json() for k, t in sorted(entry["presets"].items())},
                "players": {
                    k: t.to_json() for k, t in sorted(entry["players"].items(), key=_number)
                },
            }
            for name, entry in games.items()
        },
    }


def _number(item: tuple[str, Tally]) -> int:
    return int(item[0])
