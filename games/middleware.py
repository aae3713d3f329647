"""Guards for /api/ requests that DRF's exception handler cannot see.

* Body size: DRF's parsers read the request stream directly, which skips Django's
  ``DATA_UPLOAD_MAX_MEMORY_SIZE`` check; reading ``request.body`` here enforces it and answers
  413 JSON. Under ASGI ``canfield_site.body_limit`` has refused oversized bodies before
  Django read them; this check is for the other ways in (WSGI, the test client).
* NUL bytes: no name, code or parameter of this site contains one, and PostgreSQL refuses
  them in text (a 500). A NUL in the path is a 404, in the query string a 400, on every
  page, before any view or query runs.
* Anything raised outside a DRF view or not handled by it (a database that went away in a
  middleware, a bug) still becomes a JSON error for API clients, never an HTML page.
"""

import logging
from collections.abc import Callable

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.db import InterfaceError, OperationalError
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBadRequest, JsonResponse

from games.errors import (
    BodyTooLarge,
    DatabaseUnavailable,
    InvalidInput,
    NotFound,
    ServiceError,
)

logger = logging.getLogger(__name__)

API_PREFIX = "/api/"


def json_error(error: ServiceError) -> JsonResponse:
    """An error's JSON outside DRF, with its headers (``Retry-After``) as DRF's handler sends."""
    return JsonResponse(error.as_dict(), status=error.status, headers=error.headers())


def too_large() -> JsonResponse:
    limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
    return json_error(BodyTooLarge(f"request body is larger than {limit} bytes", limit_bytes=limit))


def nul_refusal(request: HttpRequest) -> HttpResponse | None:
    """A 404 for a NUL in the path, a 400 for one in the query string (JSON under /api/)."""
    api = request.path.startswith(API_PREFIX)
    if "\x00" in request.path:
        if not api:
            raise Http404("no such page")
        return json_error(NotFound("no such resource (the path has a NUL byte)"))
    if "%00" in request.META.get("QUERY_STRING", ""):
        if not api:
            return HttpResponseBadRequest("query parameters cannot contain NUL bytes")
        return json_error(InvalidInput("query parameters cannot contain NUL bytes"))
    return None


class ApiGuardMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        refusal = nul_refusal(request)
        if refusal is not None:
            return refusal
        if not request.path.startswith(API_PREFIX):
            return self.get_response(request)
        try:
            body = request.body
        except RequestDataTooBig:
            return too_large()
        limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        if limit is not None and len(body) > limit:
            return too_large()
        try:
            return self.get_response(request)
        except (OperationalError, InterfaceError):
            return json_error(DatabaseUnavailable("the database does not answer; try again"))

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        """Last resort for API views: a JSON 503/500 instead of Django's HTML error page."""
        if not request.path.startswith(API_PREFIX):
            return None
        if isinstance(exception, OperationalError | InterfaceError):
            return json_error(DatabaseUnavailable("the database does not answer; try again"))
        if isinstance(exception, ServiceError):
            return json_error(exception)
        logger.exception("unhandled error on %s", request.path, exc_info=exception)
        return JsonResponse(
            {"error": "internal_error", "detail": "an unexpected error happened on the server"},
            status=500,
        )
