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


def closed_request_bodies(result: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
    """Every request body's object schema says ``additionalProperties: false``: the API
    refuses a field it does not take (400 ``unknown_fields``, ``games.api.parsing``). The
    request components are the bodies' own (``COMPONENT_SPLIT_REQUEST``), so no answer's
    schema is closed by this."""
    schemas = result.get("components", {}).get("schemas", {})

    def close(schema: dict[str, Any]) -> None:
        ref = schema.get("$ref", "")
        if ref.startswith("#/components/schemas/"):
            close(schemas.get(ref.rsplit("/", 1)[1], {}))
        for variant in schema.get("oneOf", []):
            close(variant)
        if schema.get("type") == "object" or "properties" in schema:
            schema["additionalProperties"] = False

    for operations in result.get("paths", {}).values():
        for operation in operations.values():
            for content in operation.get("requestBody", {}).get("content", {}).values():
                close(content.get("schema", {}))
    return result
