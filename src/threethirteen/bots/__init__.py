"""Bots: the :class:`Bot` protocol, the registry, and the match runner.

The registry maps a name to a factory ``factory(seed, **options) -> Bot``; a new
bot registers with one line in ``_REGISTRY``, weakest first. Players may also
ask for a difficulty (``easy``, ``medium``, ``hard``, ``expert``), an alias of
a registered name (:data:`DIFFICULTIES`).

Bots this project does not hold plug in without a change here: an installed
package names them in the entry-point group ``threethirteen.bots`` (in its
``pyproject.toml``: ``[project.entry-points."threethirteen.bots"]``, then
``mybot = "mypackage.bots:MyBot"``), and ``make_bot("mybot")``, the lab's
``--bots mybot`` and the server's opponents find them by that name. A
registered name wins over a plug-in of the same name.

>>> BOT_NAMES[:4]
('random', 'greedy', 'simple', 'heuristic')
>>> make_bot("greedy").name
'greedy'
>>> make_bot("Easy").name
'simple'
>>> make_bot("clever")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
threethirteen.errors.ThreeThirteenError: unknown bot 'clever'; known: ...
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import metadata

from threethirteen.bots.base import Bot, PlayedMatch, play_match
from threethirteen.bots.greedy import GreedyBot
from threethirteen.bots.heuristic import HeuristicBot
from threethirteen.bots.ismcts import IsmctsBot
from threethirteen.bots.montecarlo import MonteCarloBot
from threethirteen.bots.random_bot import RandomBot
from threethirteen.bots.simple import SimpleBot
from threethirteen.errors import ThreeThirteenError

__all__ = [
    "BOT_NAMES",
    "DIFFICULTIES",
    "Bot",
    "GreedyBot",
    "HeuristicBot",
    "IsmctsBot",
    "MonteCarloBot",
    "PlayedMatch",
    "RandomBot",
    "SimpleBot",
    "bot_name",
    "make_bot",
    "play_match",
    "plugin_bots",
    "split_bot_spec",
]

BotFactory = Callable[..., Bot]
"""``factory(seed, **options) -> Bot``: a bot class, or any callable like one."""

# One line a bot, weakest first. Keep it a plain dict literal: each bot's author adds
# its own line here (the montecarlo and expert bots register the same way).
_REGISTRY: dict[str, BotFactory] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "simple": SimpleBot,
    "heuristic": HeuristicBot,
    "montecarlo": MonteCarloBot,
    "ismcts": IsmctsBot,
}

DIFFICULTIES: dict[str, str] = {
    "easy": "simple",
    "medium": "heuristic",
    "hard": "montecarlo",
    "expert": "expert",
}
"""Difficulty names players choose from, each an alias of a registry name.

An alias whose bot is not registered (yet) is refused by :func:`make_bot` like an
unknown name.
"""

BOT_NAMES: tuple[str, ...] = tuple(_REGISTRY)
"""The registered bot names, weakest first (aliases not included)."""


def bot_name(name: str) -> str:
    """The registry name for ``name``: a bot name or a difficulty, any case.

    Raises :class:`~threethirteen.errors.ThreeThirteenError` for a name that
    is neither, or a difficulty whose bot is not registered.

    >>> bot_name(" MEDIUM ")
    'heuristic'
    """
    asked = name.strip().lower()
    key = DIFFICULTIES.get(asked, asked)
    if key not in _REGISTRY and key not in plugin_bots():
        known = ", ".join(sorted({*_REGISTRY, *plugin_bots()}))
        levels = ", ".join(f"{k}={v}" for k, v in DIFFICULTIES.items() if v in _REGISTRY)
        if asked in DIFFICULTIES:
            # A level players can see but not yet play: say why, not just "unknown".
            raise ThreeThirteenError(
                f"the difficulty {name!r} has no bot yet: its bot {key!r} must beat the "
                f"level below it in the lab first (docs/bots.md); known: {known} "
                f"(difficulties: {levels})"
            )
        raise ThreeThirteenError(f"unknown bot {name!r}; known: {known} (difficulties: {levels})")
    return key


def make_bot(name: str, seed: int | None = None, **options: object) -> Bot:
    """A new bot by registry name or difficulty (case-insensitive).

    ``seed`` is for bots that use chance; ``options`` go to the bot's factory
    (a search budget, say). Options may also follow the name, so that a
    command line can give them: ``montecarlo:0.2`` (a bare number is
    ``seconds``), ``montecarlo:samples=16,candidates=3`` (numbers become int or
    float; ``+`` also separates options, for lists that use commas:
    ``montecarlo:samples=16+candidates=3``). Raises
    :class:`~threethirteen.errors.ThreeThirteenError` for an unknown name or
    malformed options.
    """
    base, written = split_bot_spec(name)
    key = bot_name(base)
    factory = _REGISTRY.get(key) or _load_plugin(key)
    return factory(seed, **{**written, **options})


PLUGIN_GROUP = "threethirteen.bots"


def plugin_bots() -> dict[str, metadata.EntryPoint]:
    """The bots installed packages offer in the entry-point group ``threethirteen.bots``.

    Keyed by lower-case name; registered names are left out (they win).
    """
    found: dict[str, metadata.EntryPoint] = {}
    for entry in metadata.entry_points(group=PLUGIN_GROUP):
        key = entry.name.strip().lower()
        if key not in _REGISTRY:
            found.setdefault(key, entry)
    return found


def _load_plugin(key: str) -> BotFactory:
    entry = plugin_bots()[key]
    try:
        factory = entry.load()
    except (ImportError, AttributeError) as error:
        raise ThreeThirteenError(
            f"bot {key!r}: cannot load {entry.value!r} from entry point group "
            f"{PLUGIN_GROUP!r}: {error}"
        ) from error
    if not callable(factory):
        raise ThreeThirteenError(f"bot {key!r}: {entry.value!r} is not a bot factory")
    return factory  # type: ignore[no-any-return]


def split_bot_spec(name: str) -> tuple[str, dict[str, object]]:
    """A bot name with options, ``NAME:OPTIONS``, as its lower-case name and the options.

    The name is not looked up (it may name a bot that is not in the registry,
    such as one of the lab's engines); the options are read as
    :func:`make_bot` reads them.

    >>> split_bot_spec("MyBot:depth=3+wide=0.5")
    ('mybot', {'depth': 3, 'wide': 0.5})
    """
    base, _, spec = name.partition(":")
    return base.strip().lower(), _name_options(name, spec)


def _name_options(name: str, spec: str) -> dict[str, object]:
    """The options written after ``name:``; see :func:`make_bot`."""
    options: dict[str, object] = {}
    for part in filter(None, (p.strip() for p in spec.replace("+", ",").split(","))):
        key, sep, text = part.partition("=")
        key, text = (
            (key.strip().lower().replace("-", "_"), text.strip()) if sep else ("seconds", key)
        )
        try:
            options[key] = int(text) if text.lstrip("-").isdigit() else float(text)
        except ValueError:
            raise ThreeThirteenError(f"bot {name!r}: option {part!r} is not a number") from None
    return options
