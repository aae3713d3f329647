"""Corrections to the generated OpenAPI schema (a drf-spectacular postprocessing hook)."""

from typing import Any

#: Operations whose body is a ``oneOf``: drf-spectacular cannot tell that one is required.
BODY_REQUIRED = {"game_create", "action_append", "submission_create"}


def require_one_of_bodies(result: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
    for operations in result.get("paths", {}).values():
        for operation in operations.values():
            if operation.get("operationId") in BODY_REQUIRED and "requestBody" in operation:
                operation["requestBody"]["required"] = True
    return result
