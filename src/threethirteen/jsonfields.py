"""Reading fields of parsed JSON with errors that say where: shared by every game's records.

A record reader walks a parsed JSON document; each field it needs is looked up
with :func:`get_field` (or :func:`get_int`, :func:`get_list`), which raises
:class:`~threethirteen.errors.RecordError` naming the place, the field, what was
expected and what was found. JSON's ``true`` is never taken for an integer.

>>> get_int({"seed": 7}, "seed", "record")
7
>>> get_int({"seed": True}, "seed", "record")
Traceback (most recent call last):
...
threethirteen.errors.RecordError: record: field 'seed' must be an integer, got a boolean True
>>> get_list({"seats": ["a", 2]}, "seats", str, "record")
Traceback (most recent call last):
...
threethirteen.errors.RecordError: record: every entry of 'seats' must be text, got 2
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from threethirteen.errors import RecordError

__all__ = ["dumps", "get_field", "get_int", "get_list", "is_int", "kind_of"]

_TYPE_NAMES: dict[type, str] = {
    Mapping: "an object",
    list: "a list",
    str: "text",
    int: "an integer",
}


def dumps(value: Any) -> str:
    """Compact JSON that keeps non-ASCII text as it is (the records' layout)."""
    return json.dumps(value, ensure_ascii=False)


def is_int(value: object) -> bool:
    """An integer, and not a boolean (``True`` is an ``int`` to Python, not to JSON)."""
    return isinstance(value, int) and not isinstance(value, bool)


def kind_of(value: Any) -> str:
    """What a parsed JSON value is, in words: ``null``, ``a number``, ``text``, ..."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, list):
        return "a list"
    return "an object"


def _fits(value: Any, kind: type) -> bool:
    return is_int(value) if kind is int else isinstance(value, kind)


def get_field(data: Mapping[str, Any], key: str, kind: type, where: str) -> Any:
    """``data[key]``, which must be of ``kind`` (``Mapping``, ``list``, ``str`` or ``int``)."""
    if key not in data:
        raise RecordError(f"{where}: missing field {key!r}")
    value = data[key]
    if not _fits(value, kind):
        raise RecordError(
            f"{where}: field {key!r} must be {_TYPE_NAMES[kind]}, "
            f"got {kind_of(value)} {value!r:.60}"
        )
    return value


def get_int(data: Mapping[str, Any], key: str, where: str) -> int:
    """``data[key]`` as an integer."""
    value: int = get_field(data, key, int, where)
    return value


def get_list(data: Mapping[str, Any], key: str, item: type, where: str) -> list[Any]:
    """``data[key]``: a list whose every entry is of ``item``."""
    values: list[Any] = get_field(data, key, list, where)
    for value in values:
        if not _fits(value, item):
            raise RecordError(
                f"{where}: every entry of {key!r} must be {_TYPE_NAMES[item]}, got {value!r:.60}"
            )
    return values
