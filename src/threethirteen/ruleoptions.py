"""A rules object's options read from text or JSON: what Thirteen's and Rummy's rules share.

A game's ``Rules`` is a frozen dataclass of options. Its options arrive as JSON (a
record, the web app) or as text (``--house target=15``, ``ace-high=on``): each is
read by its kind (:class:`OptionKinds`: on/off, a whole number, a member of an enum,
else text) and a bad one raises :class:`~threethirteen.errors.RulesError` quoting a
short part of it. :func:`preset` and :func:`house_rule` look up a game's named presets
and house rules the same way for every game.

>>> kinds = OptionKinds(bools=("ace_high",), ints=("target",))
>>> kinds.read("ace_high", "on"), kinds.read("target", " 150 ")
(True, 150)
>>> kinds.read("target", "lots")
Traceback (most recent call last):
...
threethirteen.errors.RulesError: bad value 'lots' for rules option 'target': expected a whole number
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, Self, TypeVar

from threethirteen.errors import RulesError

__all__ = [
    "OptionKinds",
    "Optioned",
    "house_rule",
    "options_of",
    "preset",
    "rules_from",
    "with_options",
]


class Optioned(Protocol):
    """A rules object: a frozen dataclass with ``with_options``."""

    def with_options(self, **options: Any) -> Self: ...


R = TypeVar("R", bound=Optioned)

_TRUE = frozenset({"1", "true", "yes", "on"})
_FALSE = frozenset({"0", "false", "no", "off"})


@dataclass(frozen=True)
class OptionKinds:
    """The kinds of a rules object's options: ``bools`` (on/off), ``ints`` (whole numbers),
    ``enums`` (each option's enum); any other option is text."""

    bools: tuple[str, ...] = ()
    ints: tuple[str, ...] = ()
    enums: Mapping[str, type[enum.Enum]] = field(default_factory=dict)

    def read(self, name: str, value: Any) -> Any:
        """Option ``name``'s value from text or JSON; raises :class:`RulesError` quoting it."""
        shown = repr(value)[:40]
        if name in self.enums:
            kind = self.enums[name]
            if isinstance(value, kind):
                return value
            if isinstance(value, str):
                for member in kind:
                    if value.strip().lower() == member.value:
                        return member
            known = ", ".join(member.value for member in kind)
            raise RulesError(
                f"bad value {shown} for rules option {name!r}: expected one of {known}"
            )
        if name in self.bools:
            if isinstance(value, bool):
                return value
            if isinstance(value, str) and value.strip().lower() in _TRUE | _FALSE:
                return value.strip().lower() in _TRUE
            raise RulesError(f"bad value {shown} for rules option {name!r}: expected on or off")
        if name in self.ints:
            if isinstance(value, int) and not isinstance(value, bool):
                return value
            if isinstance(value, str) and value.strip().lstrip("-").isdigit():
                return int(value.strip())
            raise RulesError(
                f"bad value {shown} for rules option {name!r}: expected a whole number"
            )
        if isinstance(value, str):  # name and description
            return value
        raise RulesError(f"bad value {shown} for rules option {name!r}: expected text")


def with_options(
    rules: R, options: Mapping[str, Any], names: Sequence[str], kinds: OptionKinds
) -> R:
    """A copy of ``rules`` (a dataclass) with ``options`` replaced (names with dashes or
    underscores; values read by ``kinds``); ``names`` are the options a person may set,
    listed when one is unknown."""
    fields: Any = rules  # a dataclass, which Optioned cannot say
    known = {f.name for f in dataclasses.fields(fields)}
    changes: dict[str, Any] = {}
    for key, value in options.items():
        name = key.strip().replace("-", "_")
        if name not in known:
            raise RulesError(
                f"unknown rules option {key[:40]!r}; known: {', '.join(sorted(names))}"
            )
        changes[name] = kinds.read(name, value)
    replaced: R = dataclasses.replace(fields, **changes)
    return replaced


def options_of(rules: Optioned, names: Sequence[str]) -> dict[str, Any]:
    """The options ``names`` of ``rules`` as JSON-ready values (an enum by its value)."""
    out: dict[str, Any] = {}
    for name in names:
        value = getattr(rules, name)
        out[name] = value.value if isinstance(value, enum.Enum) else value
    return out


def rules_from(default: R, options: Any) -> R:
    """``default`` (a rules object with ``with_options``) with ``options`` (an object of
    options, as a record or the web app sends them) applied; raises :class:`RulesError`."""
    if not isinstance(options, Mapping):
        raise RulesError(f"rules must be an object of options, got {repr(options)[:60]}")
    return default.with_options(**{str(k): v for k, v in options.items()})


def preset(name: str, presets: Mapping[str, R], aliases: Mapping[str, str], title: str) -> R:
    """The preset ``name`` of a game called ``title`` (case-insensitive, or an alias);
    raises :class:`RulesError` naming the known presets."""
    key = name.strip().lower()
    key = aliases.get(key, key)
    if key not in presets:
        raise RulesError(
            f"unknown {title} rules preset {name[:40]!r}; known: {', '.join(sorted(presets))}"
        )
    return presets[key]


def house_rule(rules: R, spec: str, house: Mapping[str, Mapping[str, Any]], title: str) -> R:
    """``rules`` with one house rule applied: a name of ``house`` or ``option=value``;
    raises :class:`RulesError` for an unknown name or a bad value."""
    if "=" in spec:
        key, value = spec.split("=", 1)
        return rules.with_options(**{key.strip(): value.strip()})
    key = spec.strip().lower()
    if key not in house:
        raise RulesError(
            f"unknown {title} house rule {spec[:40]!r}; known: {', '.join(sorted(house))}, "
            f"or option=value"
        )
    return rules.with_options(**house[key])
