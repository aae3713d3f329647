"""Input parsing and validation shared by every view.

``validated``: one call, a ``ValidationError`` (400) on bad input; ``validated_body``, the
same for a request body, which must also name no field the serializer does not know (400
``unknown_fields``: every write endpoint's body goes through it, and the schema's request
bodies say ``additionalProperties: false``, ``games.api.schema.closed_request_bodies``).
``BoundedJSONParser`` (the only parser, see ``REST_FRAMEWORK["DEFAULT_PARSER_CLASSES"]``):
no body of this API nests deeper than a few levels, while a hostile one of ``[[[[...`` made
the decoder raise ``RecursionError``, which DRF's parser does not catch (a 500 on every JSON
endpoint).
"""

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext
from rest_framework import serializers
from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser

from games.errors import UnknownFields

#: Deepest nesting of arrays and objects a body may have (the API's own bodies need 3).
MAX_JSON_DEPTH = 32


def validated(serializer_class: type[serializers.Serializer], data: Any) -> dict[str, Any]:
    """Validate ``data`` (request body or query parameters) and return the clean values."""
    if isinstance(data, Mapping) and hasattr(data, "dict"):  # QueryDict: last value wins
        data = data.dict()
    serializer = serializer_class(data=data)
    serializer.is_valid(raise_exception=True)
    return dict(serializer.validated_data)


def validated_body(serializer_class: type[serializers.Serializer], data: Any) -> dict[str, Any]:
    """``validated`` for a request body, after refusing the fields ``serializer_class`` does
    not take (``UnknownFields``, naming them: nothing is stored from such a request)."""
    if isinstance(data, Mapping) and hasattr(data, "dict"):  # a form body: last value wins
        data = data.dict()
    serializer = serializer_class(data=data)  # built once: a move's cost counts its fields
    unknown_fields_refused(set(serializer.fields), data)
    serializer.is_valid(raise_exception=True)
    return dict(serializer.validated_data)


def unknown_fields_refused(known: set[str], data: Any) -> None:
    """Refuse a body with fields outside ``known`` (``UnknownFields``, naming them); for an
    endpoint whose service checks the values itself (its own error codes), this alone."""
    if not isinstance(data, Mapping):
        return
    unknown = sorted(str(name) for name in data if name not in known)
    if unknown:
        raise UnknownFields(
            gettext("unknown field(s): %(fields)s; this endpoint takes %(known)s")
            % {
                "fields": ", ".join(unknown),
                "known": ", ".join(sorted(known)) or gettext("no body"),
            },
            unknown=unknown,
            fields={name: [gettext("unknown field")] for name in unknown},
        )


class NoBodyIn(serializers.Serializer):
    """The body of a write endpoint that takes none (a hint, a sign-out): any field is
    unknown."""


def no_body_fields(data: Any) -> None:
    """Refuse a body with fields where the endpoint takes none (``UnknownFields``)."""
    validated_body(NoBodyIn, data)


def deeper_than(value: Any, limit: int) -> bool:
    """Whether ``value`` nests arrays/objects more than ``limit`` levels (no recursion: a
    deep value must not exhaust the stack here either)."""
    stack: list[tuple[Any, int]] = [(value, 1)] if isinstance(value, dict | list) else []
    while stack:
        item, depth = stack.pop()
        if depth > limit:
            return True
        children = item.values() if isinstance(item, dict) else item
        stack.extend((child, depth + 1) for child in children if isinstance(child, dict | list))
    return False


class BoundedJSONParser(JSONParser):
    """DRF's JSON parser with a bound on nesting: deeper bodies are a 400 (malformed)."""

    def parse(self, stream: Any, media_type: str | None = None, parser_context: Any = None) -> Any:
        refusal = ParseError(f"JSON parse error - nested more than {MAX_JSON_DEPTH} levels deep")
        try:
            data = super().parse(stream, media_type, parser_context)
        except RecursionError:
            raise refusal from None
        if deeper_than(data, MAX_JSON_DEPTH):
            raise refusal
        return data
