"""Reading fields of parsed JSON with errors that say where: shared by every game's records.

Also the records' text itself: :func:`record_text` writes a record's data one field a
line and one round a line, :func:`parse_record` reads any record's text, and
:func:`check_head` checks the fields every game's record opens with.

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

__all__ = [
    "FORMAT",
    "check_head",
    "dumps",
    "get_field",
    "get_int",
    "get_list",
    "is_int",
    "kind_of",
    "parse_record",
    "record_text",
]

FORMAT = "threethirteen-record"
"""The ``format`` field of every game's record."""

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


def record_text(data: Mapping[str, Any]) -> str:
    """A record's data as JSON text, one field a line and one round a line (what a person
    reads and a diff shows well); :func:`parse_record` reads it back equal.

    >>> print(record_text({"format": FORMAT, "rounds": [{"round": 1}, {"round": 2}]}), end="")
    {
     "format": "threethirteen-record",
     "rounds": [
      {"round": 1},
      {"round": 2}
     ]
    }
    """
    lines = []
    for key, value in data.items():
        if key == "rounds" and value:
            inner = ",\n".join("  " + dumps(entry) for entry in value)
            text = f"[\n{inner}\n ]"
        else:
            text = dumps(value)
        lines.append(f" {dumps(key)}: {text}")
    return "{\n" + ",\n".join(lines) + "\n}\n"


def parse_record(text: str | bytes) -> Any:
    """A record's text parsed; raises :class:`RecordError` for text that is not JSON.

    >>> parse_record('{"seed": 7')
    Traceback (most recent call last):
    ...
    threethirteen.errors.RecordError: not a game record: invalid JSON at line 1 column 11: \
Expecting ',' delimiter
    """
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(
            f"not a game record: invalid JSON at line {exc.lineno} column {exc.colno}: {exc.msg}"
        ) from exc
    except UnicodeDecodeError as exc:
        raise RecordError(f"not a game record: the file is not UTF-8 text ({exc})") from exc


_MISSING = object()


def check_head(data: Any, game: str, version: int, title: str) -> Mapping[str, Any]:
    """``data`` as a record of ``game`` (``format``, then ``game``, then ``version``); raises
    :class:`RecordError` quoting a short part of what is wrong. ``title`` names the game in
    the version's message ("Rummy records are version 1").

    >>> check_head({"format": FORMAT, "game": "thirteen", "version": 1}, "rummy", 1, "Rummy")
    Traceback (most recent call last):
    ...
    threethirteen.errors.RecordError: record: game is 'thirteen', expected 'rummy'
    """
    if not isinstance(data, Mapping):
        raise RecordError(
            f"not a threethirteen record: expected a JSON object, got {kind_of(data)}"
        )
    fmt = data.get("format", _MISSING)
    if fmt != FORMAT:
        shown = "missing" if fmt is _MISSING else repr(fmt)[:60]
        raise RecordError(f"not a threethirteen record: format is {shown}, expected {FORMAT!r}")
    # Another game's record is named as such before its version is judged.
    found = data.get("game", _MISSING)
    if found is _MISSING:
        raise RecordError(f"record: missing field 'game' (expected {game!r})")
    if found != game:
        raise RecordError(f"record: game is {repr(found)[:60]}, expected {game!r}")
    number = data.get("version", _MISSING)
    if not is_int(number) or number != version:
        shown = "missing" if number is _MISSING else repr(number)[:40]
        raise RecordError(
            f"unsupported record version {shown}: {title} records are version {version}"
        )
    return data
