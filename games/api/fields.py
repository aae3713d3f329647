"""Strict JSON fields: a number where a string is expected (or the reverse) is an error.

DRF's stock fields coerce (``5`` becomes ``"5"``, ``"3"`` becomes ``3``, ``"yes"`` becomes
True); the schema says what each field is, so a client sending something else is told so.
"""

from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

#: What a deal code of either scheme looks like (case-insensitive; a CF2 code's characters are
#: Crockford's base 32 with the aliases O, I and L); the engine says what is wrong otherwise.
#: ``tests/games/api/test_schema.py`` checks it against the engine.
DEAL_CODE_PATTERN = r"^(?:[Cc][Ff]1-[Dd][13]-[A-Za-z]{7}|[Cc][Ff]2-[Dd][13]-[0-9A-TV-Za-tv-z]{47})$"

#: Every move token of DESIGN.md's notation, exactly (``tests/games/api/test_schema.py`` checks
#: it against the engine's own table). Published in the schema; the engine validates tokens
#: and explains what is wrong with a bad one.
MOVE_TOKEN_PATTERN = (
    r"^(?:draw|recycle|undo|RF|R[1-4]|WF|W[1-4]|[1-4]F|F[CDHS][1-4]"
    r"|(?:1[234]|2[134]|3[124]|4[123])(?:x(?:[2-9]|[1-4][0-9]|5[0-2]))?)$"
)
#: A submitted log may also end with the service's own token.
LOG_TOKEN_PATTERN = MOVE_TOKEN_PATTERN.replace("^(?:draw|", "^(?:resign|draw|")
#: What a tap names: a card as the board shows it, or the stock.
TAP_PATTERN = r"^(?:stock|[A2-9TJQK][CDHS])$"


class StrictCharField(serializers.CharField):
    def to_internal_value(self, data: Any) -> str:
        if not isinstance(data, str):
            self.fail("invalid")
        return super().to_internal_value(data)


class StrictIntegerField(serializers.IntegerField):
    default_error_messages = {"invalid": "A JSON integer is required."}

    def to_internal_value(self, data: Any) -> int:
        if isinstance(data, bool) or not isinstance(data, int):
            self.fail("invalid")
        return super().to_internal_value(data)


class StrictBooleanField(serializers.BooleanField):
    default_error_messages = {"invalid": "A JSON boolean (true or false) is required."}

    def to_internal_value(self, data: Any) -> bool:
        if not isinstance(data, bool):
            self.fail("invalid")
        return data


class StrictChoiceField(serializers.ChoiceField):
    """A choice that must also have the choices' JSON type (``3``, not ``"3"``)."""

    def to_internal_value(self, data: Any) -> Any:
        if isinstance(data, bool) or not any(type(data) is type(choice) for choice in self.choices):
            self.fail("invalid_choice", input=data)
        return super().to_internal_value(data)


@extend_schema_field({"type": "string", "pattern": DEAL_CODE_PATTERN, "example": "CF1-D3-AAAAACL"})
class DealCodeField(StrictCharField):
    """A deal code; its pattern is published, the engine checks it (and explains errors)."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("max_length", 64)  # a CF2 code has 54 characters
        kwargs.setdefault(
            "help_text", "a deal code like CF1-D3-AAAAACL, or a CF2 layout code (any case)"
        )
        super().__init__(**kwargs)


def pattern_string_field(pattern: str, example: str) -> Any:
    """Publish a string field with ``pattern`` in the schema (validation is elsewhere)."""
    return extend_schema_field({"type": "string", "pattern": pattern, "example": example})


@pattern_string_field(MOVE_TOKEN_PATTERN, "24x3")
class MoveTokenField(StrictCharField):
    """A move token; the engine explains a bad one (422 ``bad_notation``)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(max_length=16, trim_whitespace=False, **kwargs)


@pattern_string_field(LOG_TOKEN_PATTERN, "draw")
class LogTokenField(MoveTokenField):
    """A token of a submitted log: a move, or ``resign`` as the last one."""
