"""Bots: the :class:`Bot` protocol, the registry of every game's bots, and the match runner.

Each game's bots live in its own package (Three-Thirteen's in
:mod:`threethirteen.games.three_thirteen.bots`, Thirteen's in
:mod:`threethirteen.games.thirteen.bots`), whose ``REGISTRY`` maps a name to a
factory ``factory(seed, **options) -> bot``; a new bot registers with one line
there, weakest first. Players may also ask for a difficulty (``easy``,
``medium``, ``hard``, ``expert``), an alias of a registered name (the package's
``DIFFICULTIES``; Three-Thirteen's is :data:`DIFFICULTIES` here). Three-Thirteen's
bot classes are re-exported here under their old names.

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

import importlib
from collections.abc import Callable
from importlib import metadata
from typing import overload

from threethirteen.bots.base import Bot, GameBot, PlayedMatch, play_match
from threethirteen.errors import ThreeThirteenError
from threethirteen.games.three_thirteen.bots import (
    DIFFICULTIES,
    REGISTRY,
    GreedyBot,
    HeuristicBot,
    IsmctsBot,
    MonteCarloBot,
    RandomBot,
    SimpleBot,
)

__all__ = [
    "BOT_NAMES",
    "DIFFICULTIES",
    "Bot",
    "GameBot",
    "GreedyBot",
    "HeuristicBot",
    "IsmctsBot",
    "MonteCarloBot",
    "PlayedMatch",
    "RandomBot",
    "SimpleBot",
    "bot_name",
    "game_bots",
    "make_bot",
    "play_match",
    "plugin_bots",
    "split_bot_spec",
]

BotFactory = Callable[..., Bot]
"""``factory(seed, **options) -> Bot``: a bot class, or any callable like one."""

# Three-Thirteen's difficulty names (players choose from them, each an alias of a
# registry name; one whose bot is not registered yet is refused by make_bot) and bot
# names are the default game's, so they are loaded with this module: the re-exported
# classes above need its bot package anyway.
BOT_NAMES: tuple[str, ...] = tuple(REGISTRY)
"""Three-Thirteen's registered bot names, weakest first (aliases not included)."""


def bot_name(name: str, game: str = "three-thirteen") -> str:
    """The registry name for ``name``: a bot name or a difficulty of ``game``, any case.

    Raises :class:`~threethirteen.errors.ThreeThirteenError` for a name that
    is neither, or a difficulty whose bot is not registered.

    >>> bot_name(" MEDIUM ")
    'heuristic'
    """
    registry, difficulties = game_bots(game)
    plugins = plugin_bots(game)
    asked = name.strip().lower()
    key = difficulties.get(asked, asked)
    if key not in registry and key not in plugins:
        known = ", ".join(sorted({*registry, *plugins}))
        levels = ", ".join(f"{k}={v}" for k, v in difficulties.items() if v in registry)
        if asked in difficulties:
            # A level players can see but not yet play: say why, not just "unknown".
            raise ThreeThirteenError(
                f"the difficulty {name!r} has no bot yet: its bot {key!r} must beat the "
                f"level below it in the lab first (docs/bots.md); known: {known} "
                f"(difficulties: {levels})"
            )
        raise ThreeThirteenError(f"unknown bot {name!r}; known: {known} (difficulties: {levels})")
    return key


# The bots of every game: the module of each game's bot package, which holds its
# ``REGISTRY`` (name -> factory, weakest first) and ``DIFFICULTIES``. Imported when first
# asked for, so that Three-Thirteen's commands never load another game's bots.
_GAME_BOT_MODULES: dict[str, str] = {
    "three-thirteen": "threethirteen.games.three_thirteen.bots",
    "thirteen": "threethirteen.games.thirteen.bots",
    "rummy": "threethirteen.games.rummy.bots",
}


def game_bots(game: str = "three-thirteen") -> tuple[dict[str, BotFactory], dict[str, str]]:
    """The bot registry (weakest first) and the difficulty names of ``game``.

    >>> registry, levels = game_bots("thirteen")
    >>> list(registry)[:2], levels["easy"]
    (['random', 'simple'], 'simple')
    """
    module_name = _GAME_BOT_MODULES.get(game)
    if module_name is None:
        raise ThreeThirteenError(
            f"no bots for the game {game[:40]!r}; games with bots: {', '.join(_GAME_BOT_MODULES)}"
        )
    module = importlib.import_module(module_name)
    return module.REGISTRY, module.DIFFICULTIES


@overload
def make_bot(name: str, seed: int | None = None, *, game: str, **options: object) -> GameBot: ...


@overload
def make_bot(name: str, seed: int | None = None, **options: object) -> Bot: ...


def make_bot(name: str, seed: int | None = None, **options: object) -> Bot | GameBot:
    """A new bot by registry name or difficulty (case-insensitive).

    ``game="thirteen"`` (a keyword) asks for a bot of that game; the default is
    Three-Thirteen. (It is read from ``options`` rather than declared, so that
    callers passing ``**options`` of their own keep their types.)

    ``seed`` is for bots that use chance; ``options`` go to the bot's factory
    (a search budget, say). Options may also follow the name, so that a
    command line can give them: ``montecarlo:0.2`` (a bare number is
    ``seconds``), ``montecarlo:samples=16,candidates=3`` (numbers become int or
    float; ``+`` also separates options, for lists that use commas:
    ``montecarlo:samples=16+candidates=3``). Raises
    :class:`~threethirteen.errors.ThreeThirteenError` for an unknown name or
    malformed options.
    """
    game = options.pop("game", "three-thirteen")
    if not isinstance(game, str):
        raise ThreeThirteenError(f"a bot's game is a game's name, got {game!r:.40}")
    base, written = split_bot_spec(name)
    key = bot_name(base, game)
    factory = game_bots(game)[0].get(key) or _load_plugin(key, game)
    return factory(seed, **{**written, **options})


PLUGIN_GROUP = "threethirteen.bots"


def plugin_bots(game: str = "three-thirteen") -> dict[str, metadata.EntryPoint]:
    """The bots installed packages offer for ``game`` in its entry-point group.

    The group is ``threethirteen.bots`` for Three-Thirteen and
    ``threethirteen.bots.GAME`` for another game (``threethirteen.bots.thirteen``).
    Keyed by lower-case name; registered names are left out (they win).
    """
    group = PLUGIN_GROUP if game == "three-thirteen" else f"{PLUGIN_GROUP}.{game}"
    registry = game_bots(game)[0]
    found: dict[str, metadata.EntryPoint] = {}
    for entry in metadata.entry_points(group=group):
        key = entry.name.strip().lower()
        if key not in registry:
            found.setdefault(key, entry)
    return found


def _load_plugin(key: str, game: str = "three-thirteen") -> BotFactory:
    entry = plugin_bots(game)[key]
    try:
        factory = entry.load()
    except (ImportError, AttributeError) as error:
        raise ThreeThirteenError(
            f"bot {key!r}: cannot load {entry.value!r} from entry point group "
            f"{entry.group!r}: {error}"
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
