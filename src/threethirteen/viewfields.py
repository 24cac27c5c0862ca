"""Reading a view's JSON back, field by field, with errors that say where: Thirteen's and
Rummy's ``view_json`` share it (a game may import it).

Every reader raises :class:`~threethirteen.errors.RecordError` naming the place
(``where``, then ``.key``), what was expected, and at most 60 characters of what came.

>>> whole({"seat": 5}, "seat", "view", 0, 3)
Traceback (most recent call last):
...
threethirteen.errors.RecordError: view.seat must be a whole number 0 to 3, got 5
>>> seats({"out": [1, 1]}, "out", 4, "view")
Traceback (most recent call last):
...
threethirteen.errors.RecordError: view.out names a seat twice: [1, 1]
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from typing import Any, TypeVar

from threethirteen.errors import RecordError
from threethirteen.jsonfields import is_int as is_whole

__all__ = [
    "field",
    "flag",
    "is_whole",
    "items",
    "member",
    "numbers",
    "seat",
    "seats",
    "show",
    "whole",
]

E = TypeVar("E", bound=enum.Enum)


def field(data: Any, key: str, where: str) -> Any:
    """``data[key]``; RecordError unless ``data`` is an object that has it."""
    if not isinstance(data, Mapping):
        raise RecordError(f"{where} must be an object, got {show(data)}")
    if key not in data:
        raise RecordError(f"{where} has no {key!r}")
    return data[key]


def show(value: Any) -> str:
    """``repr(value)``, cut at 60 characters: an error quotes a short part of its input."""
    text = repr(value)
    return text if len(text) <= 60 else text[:60] + "..."


def whole(data: Any, key: str, where: str, low: int = 0, high: int | None = None) -> int:
    """``data[key]``: a whole number from ``low`` (to ``high``)."""
    value = field(data, key, where)
    if not is_whole(value) or value < low or (high is not None and value > high):
        span = f"{low} or more" if high is None else f"{low} to {high}"
        raise RecordError(f"{where}.{key} must be a whole number {span}, got {show(value)}")
    result: int = value
    return result


def flag(data: Any, key: str, where: str) -> bool:
    """``data[key]``: true or false."""
    value = field(data, key, where)
    if not isinstance(value, bool):
        raise RecordError(f"{where}.{key} must be true or false, got {show(value)}")
    return value


def items(data: Any, key: str, where: str) -> list[Any]:
    """``data[key]``: a list."""
    value = field(data, key, where)
    if not isinstance(value, list):
        raise RecordError(f"{where}.{key} must be a list, got {show(value)}")
    return value


def member(kind: type[E], data: Any, key: str, where: str) -> E:
    """``data[key]``: the value of a member of the enum ``kind``; that member."""
    value = field(data, key, where)
    for option in kind:
        if option.value == value:
            return option
    known = ", ".join(str(option.value) for option in kind)
    raise RecordError(f"{where}.{key} is {show(value)}; known: {known}")


def seat(value: Any, players: int, where: str) -> int:
    """``value``: a seat of ``players``."""
    if not is_whole(value) or not 0 <= value < players:
        raise RecordError(f"{where} must be a seat, 0 to {players - 1}, got {show(value)}")
    found: int = value
    return found


def seats(data: Any, key: str, players: int, where: str) -> tuple[int, ...]:
    """A list of distinct seats."""
    found = tuple(
        seat(value, players, f"{where}.{key}[{i}]")
        for i, value in enumerate(items(data, key, where))
    )
    if len(set(found)) != len(found):
        raise RecordError(f"{where}.{key} names a seat twice: {list(found)}")
    return found


def numbers(data: Any, key: str, players: int, where: str) -> tuple[int, ...]:
    """One whole number >= 0 a seat."""
    values = items(data, key, where)
    if len(values) != players or not all(is_whole(v) and v >= 0 for v in values):
        raise RecordError(
            f"{where}.{key} must be {players} whole numbers >= 0 (one a seat), got {show(values)}"
        )
    return tuple(values)
