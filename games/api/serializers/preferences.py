"""A player's table settings (``accounts.preferences``): every key optional, none unknown, each
value one of its choices and of the choice's JSON type (``"700"`` is not ``700``)."""

import json
from typing import Any

from django.utils.translation import gettext_lazy
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from accounts.preferences import PREFERENCES, Preference, Value


class ChoiceOfType(serializers.Field):
    """One of a setting's choices, of the same JSON type (DRF's ChoiceField takes ``"true"``)."""

    default_error_messages = {"invalid": gettext_lazy("{value} is not one of {choices}.")}

    def __init__(self, preference: Preference, **kwargs: Any) -> None:
        self.preference = preference
        super().__init__(**kwargs)

    def to_internal_value(self, data: Any) -> Value:
        matches = any(
            type(data) is type(choice) and data == choice for choice in self.preference.choices
        )
        if not matches:
            shown = ", ".join(json.dumps(c) for c in self.preference.choices)
            self.fail("invalid", value=json.dumps(data), choices=shown)
        return data

    def to_representation(self, value: Value) -> Value:
        return value


def _schema_type(preference: Preference) -> dict[str, Any]:
    if isinstance(preference.default, bool):
        return {"type": "boolean", "default": preference.default}
    kind = "integer" if isinstance(preference.default, int) else "string"
    return {"type": kind, "enum": list(preference.choices), "default": preference.default}


def _field(preference: Preference) -> ChoiceOfType:
    """The field of one setting, its schema saying its type, choices and default."""
    field = ChoiceOfType(preference, required=False)
    # The decorator marks this instance (it works on any object): a schema per setting.
    extend_schema_field(_schema_type(preference))(field)  # type: ignore[type-var]
    return field


class PreferencesIn(serializers.Serializer):
    """The settings to keep: any of the catalogue's keys; a key not listed goes back to unsaved
    (a key the catalogue lacks is refused as every body's unknown fields are:
    ``games.api.parsing.validated_body``)."""

    def get_fields(self) -> dict[str, serializers.Field]:
        return {key: _field(preference) for key, preference in PREFERENCES.items()}


class PreferencesOut(serializers.Serializer):
    settings = serializers.DictField(help_text="the settings this account saved, by key")
    catalogue = serializers.DictField(
        help_text="every setting there is: {key: {default, choices}}; a key not saved is the "
        "browser's own (or the default)"
    )
