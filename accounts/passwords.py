"""A password validator Django lacks: eight spaces pass all four of Django's own."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError


class NotBlankPasswordValidator:
    """Refuses passwords with fewer than ``min_length`` characters that are not whitespace."""

    def __init__(self, min_length: int = 8) -> None:
        self.min_length = min_length

    def validate(self, password: str, user: Any = None) -> None:
        if len("".join(password.split())) < self.min_length:
            raise ValidationError(
                f"This password needs at least {self.min_length} characters that are not spaces.",
                code="password_blank",
            )

    def get_help_text(self) -> str:
        return f"Your password needs at least {self.min_length} characters that are not spaces."
