"""Which league names are refused: the usernames' rules (``accounts.usernames``) where they
apply to a name shown on a page, with spaces allowed inside.

A name is taken in the form Django stores usernames in (NFKC, so full-width or decomposed
letters are plain ones), trimmed; then it is refused when it is too short or too long, holds a
control, format or line-separator character (a right-to-left override, a zero-width joiner,
a newline), has no letter or digit, or has a word that mixes scripts with look-alike letters
(a Cyrillic ``\u0441`` among Latin ones), as a username is refused for it. Words of different
scripts may stand side by side (``東京 Friends``): each word is checked, as each username is.
"""

from __future__ import annotations

import unicodedata

from confusable_homoglyphs import confusables
from django.utils.translation import gettext

from leagues.limits import NAME_MAX_LENGTH, NAME_MIN_LENGTH

#: Unicode categories a name may not hold: controls, format characters, surrogates, private
#: use, unassigned; line and paragraph separators. A space is the only separator allowed.
REFUSED_CATEGORIES = ("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp")


def league_name(text: str) -> str:
    """``text`` as a league's name is kept: NFKC, runs of spaces as one, trimmed."""
    normal = unicodedata.normalize("NFKC", text)
    return " ".join(part for part in normal.split(" ") if part)


def league_name_problem(name: str) -> str | None:
    """Why ``name`` (as ``league_name`` keeps it) may not name a league, or None; said in the
    active language."""
    if len(name) < NAME_MIN_LENGTH or len(name) > NAME_MAX_LENGTH:
        return gettext("a league's name has %(min)d to %(max)d characters") % {
            "min": NAME_MIN_LENGTH,
            "max": NAME_MAX_LENGTH,
        }
    if any(unicodedata.category(char) in REFUSED_CATEGORIES for char in name):
        return gettext("a league's name may not hold control or invisible characters")
    if any(char.isspace() and char != " " for char in name):
        return gettext("a league's name may not hold tabs or other spaces than the plain one")
    if not any(unicodedata.category(char)[0] in "LN" for char in name):
        return gettext("a league's name needs at least one letter or digit")
    if any(confusables.is_dangerous(word) for word in name.split(" ")):
        return gettext(
            "a league's name mixes scripts with look-alike letters"
            " (e.g. a Cyrillic '%(letter)s' among Latin ones)"
        ) % {"letter": "\u0441"}
    return None
