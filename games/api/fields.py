"""Strict JSON fields: a number where a string is expected (or the reverse) is an error.

DRF's stock fields coerce (``5`` becomes ``"5"``, ``"3"`` becomes ``3``, ``"yes"`` becomes
True); the schema says what each field is, so a client sending something else is told so.
"""

from typing import Any

from rest_framework import serializers


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
