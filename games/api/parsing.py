"""Input validation shared by every view: one call, a ``ValidationError`` (400) on bad input."""

from collections.abc import Mapping
from typing import Any

from rest_framework import serializers


def validated(serializer_class: type[serializers.Serializer], data: Any) -> dict[str, Any]:
    """Validate ``data`` (request body or query parameters) and return the clean values."""
    if isinstance(data, Mapping) and hasattr(data, "dict"):  # QueryDict: last value wins
        data = data.dict()
    serializer = serializer_class(data=data)
    serializer.is_valid(raise_exception=True)
    return dict(serializer.validated_data)
