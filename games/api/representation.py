"""Answers built by serializers that are constructed once, not once per request.

``SomeOut(value).data`` builds the serializer's fields anew on every call: DRF deep-copies
every declared field, nested serializers and list children included (about 70 field objects
for a game). For a move that was a tenth of the request's CPU. Turning a value into its
answer (``to_representation``) reads the fields and changes nothing, so one instance per
serializer class serves every request and thread alike; its fields are built when the
instance is made, under a lock, never lazily by two threads at once.
"""

import threading
from dataclasses import fields
from typing import Any

from rest_framework import serializers

_lock = threading.Lock()
_shared: dict[type[serializers.Serializer], serializers.Serializer] = {}


def represented(serializer_class: type[serializers.Serializer], value: Any) -> dict[str, Any]:
    """What ``serializer_class(value).data`` gives (a plain dict), from a shared instance."""
    serializer = _shared.get(serializer_class)
    if serializer is None:
        with _lock:
            serializer = _shared.get(serializer_class)
            if serializer is None:
                serializer = serializer_class()
                serializer.fields  # noqa: B018 (built now, once)
                _shared[serializer_class] = serializer
    return serializer.to_representation(value)


def shallow(value: Any) -> dict[str, Any]:
    """A dataclass's fields as a dict, its values not copied: a serializer reads nested
    dataclasses' attributes itself. ``dataclasses.asdict`` deep-copies every value (a board
    page's twenty entries: about 300 calls, a third of its answer's serialising CPU)."""
    return {field.name: getattr(value, field.name) for field in fields(value)}
