"""Checks shared by the hint-reason tests of Thirteen and Rummy (tests/*/test_hint_reasons.py)."""

from __future__ import annotations

import json
import re
from importlib import resources
from typing import Any

from threethirteen.bots.game_hints import reason_for
from threethirteen.bots.reasons import Reason

ASCII = str.maketrans("♠♣♦♥", "SCDH")  # suits as letters, as a plain console shows them
CATALOGS = resources.files("threethirteen") / "server" / "static" / "i18n"


def catalog(game: str, lang: str) -> dict[str, Any]:
    """The game's own web catalog in ``lang``."""
    loaded: dict[str, Any] = json.loads((CATALOGS / f"{game}.{lang}.json").read_text("utf-8"))
    return loaded


def placeholders(message: Any) -> set[str]:
    texts = message.values() if isinstance(message, dict) else [message]
    return {name for text in texts for name in re.findall(r"\{(\w+)\}", text)}


def check_reason(game: str, key: str, why: Reason, english: str, view: Any, action: Any) -> None:
    """``why`` has ``key`` and says ``english`` (letters for suits on a plain console),
    is JSON as the server sends it, is what :func:`reason_for` gives, and the web catalogs
    translate its key (``<game>.<key>``) in both languages with no placeholder its params
    do not fill."""
    assert why.key == key
    assert why.text() == english
    assert why.text(unicode=False) == english.translate(ASCII)
    assert json.loads(json.dumps(why.to_json())) == {
        "key": key,
        "params": dict(why.params),
        "text": english,
    }
    assert reason_for(game, view, action) == why
    for lang in ("en", "pl"):
        message = catalog(game, lang).get(f"{game}.{key}")
        assert message is not None, (lang, key)
        assert placeholders(message) <= set(why.params), (lang, key, message)
    assert placeholders(catalog(game, "en")[f"{game}.{key}"]) == placeholders(
        catalog(game, "pl")[f"{game}.{key}"]
    )
