"""One place that turns every exception an API view raises into the JSON error shape.

``{"error": <code>, "detail": <message>, ...extra}``: service errors carry their own code and
extra fields; DRF's own exceptions (parse errors, validation, auth, throttling, 404, 405) get
stable codes here; a database that does not answer becomes a 503. A refusal for a while (a
throttle's 429, a quota, a busy solver) says when to try again in words in ``detail``, and in
seconds in ``retry_after`` and ``Retry-After``.
"""

from typing import Any

from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.db import InterfaceError, OperationalError
from django.http import Http404
from django.utils.translation import gettext
from rest_framework import exceptions
from rest_framework.response import Response

from games.errors import DatabaseUnavailable, ServiceError, Throttled
from games.retry_after import retry_words

DRF_ERROR_CODES: dict[type[exceptions.APIException], str] = {
    exceptions.ParseError: "malformed_request",
    exceptions.ValidationError: "invalid_input",
    exceptions.NotAuthenticated: "not_authenticated",
    exceptions.AuthenticationFailed: "authentication_failed",
    exceptions.PermissionDenied: "permission_denied",
    exceptions.NotFound: "not_found",
    exceptions.MethodNotAllowed: "method_not_allowed",
    exceptions.NotAcceptable: "not_acceptable",
    exceptions.UnsupportedMediaType: "unsupported_media_type",
}


def database_down() -> DatabaseUnavailable:
    """The answer while the database is down, in the language of the request being answered."""
    return DatabaseUnavailable(gettext("the database does not answer; try again shortly"))


def throttled(exc: exceptions.Throttled) -> Throttled:
    """A throttle's refusal in the request's language and in words ("try again in 47
    minutes"), where DRF says "Expected available in 2829 seconds." (half of it in English)."""
    # Read with getattr: Throttled.wait is set in DRF's __init__ but missing from its stubs.
    wait = getattr(exc, "wait", None)
    if wait is None:
        return Throttled(gettext("too many requests; try again later"))
    return Throttled(
        gettext("too many requests; try again %(when)s") % {"when": retry_words(wait)}, wait=wait
    )


def first_message(detail: Any) -> str:
    """The first human message inside a DRF error detail (a string, list or dict of them)."""
    if isinstance(detail, dict):
        field, value = next(iter(detail.items()))
        message = first_message(value)
        return message if field == "non_field_errors" else f"{field}: {message}"
    if isinstance(detail, list):
        return first_message(detail[0]) if detail else gettext("invalid input")
    return str(detail)


def error_response(error: ServiceError) -> Response:
    """An error's JSON, with ``Retry-After`` when it says how long to wait."""
    return Response(error.as_dict(), status=error.status, headers=error.headers())


def drf_error_response(exc: exceptions.APIException) -> Response:
    code = next(
        (code for cls, code in DRF_ERROR_CODES.items() if isinstance(exc, cls)), "bad_request"
    )
    body: dict[str, Any] = {"error": code, "detail": first_message(exc.detail)}
    if isinstance(exc, exceptions.ValidationError):
        body["fields"] = exc.detail
    headers: dict[str, str] = {}
    # Read with getattr: auth_header exists only on the exceptions an authentication class raised.
    auth_header = getattr(exc, "auth_header", None)
    if auth_header:
        headers["WWW-Authenticate"] = auth_header
    return Response(body, status=exc.status_code, headers=headers)


def api_exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    """DRF's EXCEPTION_HANDLER; returning None lets an unknown exception reach the middleware."""
    if isinstance(exc, ServiceError):
        return error_response(exc)
    if isinstance(exc, OperationalError | InterfaceError):
        return error_response(database_down())
    if isinstance(exc, exceptions.Throttled):
        return error_response(throttled(exc))
    if isinstance(exc, Http404):
        exc = exceptions.NotFound(str(exc) or gettext("not found"))
    elif isinstance(exc, DjangoPermissionDenied):
        exc = exceptions.PermissionDenied(str(exc) or gettext("permission denied"))
    if isinstance(exc, exceptions.APIException):
        return drf_error_response(exc)
    return None
