"""When two usernames are the same name, and which names are refused.

Django compares usernames as stored bytes (``iexact`` on SQLite folds ASCII only), so
``élise`` and ``Élise``, or ``\uff23AROL`` (full-width, stored as ``CAROL`` after Django's NFKC)
and ``carol``, could all register, each a separate player that reads like the other. The
key of a name is its NFKC form, case-folded (and normalised again: folding can undo NFKC),
so those pairs share one key; ``accounts.models.UsernameKey`` holds it under a unique
constraint on every database. Names that mix scripts with look-alike letters (a Cyrillic
``\u0441`` in ``carol``) are refused outright (``confusable-homoglyphs``), and so are names with
no letter or digit (``.``, ``..``: their pages cannot be reached), and names in the guests'
space (``guest-…``, ``accounts.guests``).
"""

from __future__ import annotations

import unicodedata

from confusable_homoglyphs import confusables
from django.utils.translation import gettext

from accounts.guests import GUEST_PREFIX, is_guest_name


def username_key(name: str) -> str:
    """The form two names share when they are the same name to a reader."""
    folded = unicodedata.normalize("NFKC", name).casefold()
    return unicodedata.normalize("NFKC", folded)


def username_problem(name: str) -> str | None:
    """Why ``name`` (already NFKC, as Django stores it) may not be a username, or None; said
    in the active language (a sign-up's answer)."""
    if not any(unicodedata.category(char)[0] in "LN" for char in name):
        return gettext("the username needs at least one letter or digit")
    if is_guest_name(username_key(name)):
        return gettext(
            "the username may not start with '%(prefix)s': those names are the guests'"
        ) % {"prefix": GUEST_PREFIX}
    if confusables.is_dangerous(name):
        return gettext(
            "the username mixes scripts with look-alike letters"
            " (e.g. a Cyrillic '%(letter)s' among Latin ones)"
        ) % {"letter": "\u0441"}
    return None
