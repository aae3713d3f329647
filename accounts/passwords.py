"""A password validator Django lacks: eight spaces pass all four of Django's own."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from django.utils.translation import gettext


class NotBlankPasswordValidator:
    """Refuses passwords with fewer than ``min_length`` characters that are not whitespace."""

    def __init__(self, min_length: int = 8) -> None:
        self.min_length = min_length

    def validate(self, password: str, user: Any = None) -> None:
        if len("".join(password.split())) < self.min_length:
            raise ValidationError(
                gettext("This password needs at least %(count)s characters that are not spaces.")
                % {"count": self.min_length},
                code="password_blank",
            )

    def get_help_text(self) -> str:
        return gettext("Your password needs at least %(count)s characters that are not spaces.") % {
            "count": self.min_length
        }
