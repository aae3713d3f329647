"""The engine's words in the reader's language, for the page scripts.

The engine names every refusal by a code (``engine.reasons.REASONS``) and writes its sentences
and card words in English, marked for the service's catalogue (games/locale). Each page gets
them translated once, as JSON (``{{ words|json_script:"words" }}`` in base.html), so the
scripts say a refused move and a card in the reader's language from the API's ``reason``
without a second copy of the sentences in JavaScript.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext

from engine.reasons import CARD_WORDS, COLOUR_WORDS, NEED_WORDS, RANK_WORDS, REASONS, SUIT_WORDS


def page_words() -> dict[str, Any]:
    """Reason sentences by code, card words and their patterns, in the active language."""

    def each(table: dict[str, str]) -> dict[str, str]:
        return {key: gettext(text) for key, text in table.items()}

    return {
        "reasons": each(REASONS),
        "ranks": each(RANK_WORDS),
        "suits": each(SUIT_WORDS),
        "colours": each(COLOUR_WORDS),
        "need": each(NEED_WORDS),
        "card": gettext(CARD_WORDS),
    }
