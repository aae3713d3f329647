"""Answers that may differ by who asks are never kept by a shared cache.

A signed-in player's own games while they are sealed, ``/api/me/``, their own record (today's
sealed games count in it for them alone), the boards with their own held entry: the same URL
answers differently per viewer. So every answer to a request that carries credentials (a
session's player or an ``Authorization`` header) is ``Cache-Control: private``, and every API
answer varies by ``Cookie`` and ``Authorization`` (Django adds ``Cookie`` only where the view
read the session; token clients never send one).
"""

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.utils.cache import patch_cache_control, patch_vary_headers

from games.middleware import API_PREFIX


def viewer_specific(request: HttpRequest) -> bool:
    """Whether the request names a viewer: a signed-in user (DRF's token authentication sets
    it on the Django request too) or credentials of any kind."""
    if "HTTP_AUTHORIZATION" in request.META:  # first: no session to read for a token client
        return True
    user = getattr(request, "user", None)
    return bool(getattr(user, "is_authenticated", False))


class ViewerCacheMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if viewer_specific(request):
            patch_cache_control(response, private=True)
        if request.path.startswith(API_PREFIX):
            patch_vary_headers(response, ("Cookie", "Authorization"))
        return response
