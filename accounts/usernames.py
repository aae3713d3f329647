"""When two usernames are the same name, and which names are refused.

Django compares usernames as stored bytes (``iexact`` on SQLite folds ASCII only), so
``élise`` and ``Élise``, or ``\uff23AROL`` (full-width, stored as ``CAROL`` after Django's NFKC)
and ``carol``, could all register, each a separate player that reads like the other. The
key of a name is its NFKC form, case-folded (and normalised again: folding can undo NFKC),
so those pairs share one key; ``accounts.models.UsernameKey`` holds it under a unique
constraint on every database. Names that mix scripts with look-alike letters (a Cyrillic
``\u0441`` in ``carol``) are refused outright (``confusable-homoglyphs``), and so are names with
no letter or digit (``.``, ``..``: their pages cannot be reached), and names in the guests'
space (``guest`` and any separator: ``guest-…``, ``guest_…``, ``Guest.…``, ``guest@…``;
``accounts.guests``) or the deleted accounts' (``deleted-…`` likewise, ``accounts.deleted``), or
that read as if they were: ``\u0261uest-k3x9qc`` (a Latin script g, one script throughout) by
its confusables skeleton.
"""

from __future__ import annotations

import unicodedata

from confusable_homoglyphs import confusables
from confusable_homoglyphs.confusables import confusables_data
from django.utils.translation import gettext

from accounts.deleted import DELETED_PREFIX, is_deleted_name
from accounts.guests import GUEST_PREFIX, is_guest_name


def username_key(name: str) -> str:
    """The form two names share when they are the same name to a reader."""
    folded = unicodedata.normalize("NFKC", name).casefold()
    return unicodedata.normalize("NFKC", folded)


def confusable_skeleton(key: str) -> str:
    """``key`` (a ``username_key``) with every character that Unicode's confusables table
    says looks like an ASCII one replaced by it: ``\u0261uest`` and ``\u0261\u057dest`` are
    both ``guest``.

    The table is confusable-homoglyphs' (already what refuses mixed scripts; it publishes no
    skeleton function, so this is UTS #39's skeleton narrowed to what a reserved ASCII prefix
    needs: one character for one)."""
    return "".join(ascii_look_alike(char) for char in key)


def ascii_look_alike(char: str) -> str:
    if char.isascii():
        return char
    for glyph in confusables_data.get(char, ()):
        if len(glyph["c"]) == 1 and glyph["c"].isascii():
            return str(glyph["c"]).lower()
    return char


def username_problem(name: str) -> str | None:
    """Why ``name`` (already NFKC, as Django stores it) may not be a username, or None; said
    in the active language (a sign-up's answer)."""
    if not any(unicodedata.category(char)[0] in "LN" for char in name):
        return gettext("the username needs at least one letter or digit")
    skeleton = confusable_skeleton(username_key(name))
    if is_guest_name(skeleton):
        return gettext(
            "the username may not start with '%(prefix)s': those names are the guests'"
        ) % {"prefix": GUEST_PREFIX}
    if is_deleted_name(skeleton):
        return gettext(
            "the username may not start with '%(prefix)s': those names are deleted accounts'"
        ) % {"prefix": DELETED_PREFIX}
    if confusables.is_dangerous(name):
        return gettext(
            "the username mixes scripts with look-alike letters"
            " (e.g. a Cyrillic '%(letter)s' among Latin ones)"
        ) % {"letter": "\u0441"}
    return None
