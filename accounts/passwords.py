"""A password validator Django lacks: eight spaces, or eight zero-width spaces, pass all four
of Django's own."""

from __future__ import annotations

import unicodedata
from typing import Any

from django.core.exceptions import ValidationError
from django.utils.translation import gettext

#: Unicode categories that show nothing: format characters (zero-width spaces and joiners,
#: direction marks), spaces and separators, controls.
INVISIBLE_CATEGORIES = frozenset({"Cf", "Cc", "Zs", "Zl", "Zp"})


def visible_length(password: str) -> int:
    """How many characters of ``password`` show: ``"\u200b" * 8`` has none."""
    return sum(unicodedata.category(char) not in INVISIBLE_CATEGORIES for char in password)


class NotBlankPasswordValidator:
    """Refuses passwords with fewer than ``min_length`` visible characters (code
    ``password_blank``): spaces, controls and format characters do not count."""

    def __init__(self, min_length: int = 8) -> None:
        self.min_length = min_length

    def validate(self, password: str, user: Any = None) -> None:
        if visible_length(password) < self.min_length:
            raise ValidationError(
                gettext(
                    "This password needs at least %(count)s visible characters"
                    " (spaces and invisible characters do not count)."
                )
                % {"count": self.min_length},
                code="password_blank",
            )

    def get_help_text(self) -> str:
        return gettext(
            "Your password needs at least %(count)s visible characters"
            " (spaces and invisible characters do not count)."
        ) % {"count": self.min_length}
