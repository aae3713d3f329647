"""The API side of guests (``games.services.guests``): who may become one, and how.

Only a browser becomes a guest: an anonymous request that holds the CSRF cookie every page
hands out, starting a game. It must then pass the CSRF check like any session write (DRF
checks it for signed-in sessions only, and this one is about to be signed in), and the
guest throttle of its client address. An API client without the cookie gets the 401 it got
before: bots and scripts sign up for a token.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from django.conf import settings
from django.contrib.auth import login
from django.contrib.auth.models import User
from django.db import transaction
from django.utils.translation import gettext
from rest_framework.authentication import SessionAuthentication
from rest_framework.permissions import BasePermission
from rest_framework.request import Request
from rest_framework.views import APIView

from games.api.throttling import GuestThrottle
from games.errors import Throttled
from games.retry_after import retry_words
from games.services.guests import guest_create

T = TypeVar("T")

#: The backend that holds a user made by the server (it authenticated through none).
MODEL_BACKEND = "django.contrib.auth.backends.ModelBackend"


def may_become_guest(request: Request) -> bool:
    """An anonymous browser (it has the pages' CSRF cookie)."""
    return not request.user.is_authenticated and settings.CSRF_COOKIE_NAME in request.COOKIES


class SignedInOrBrowser(BasePermission):
    """A signed-in player, or a browser about to become a guest (``guest_session``)."""

    def has_permission(self, request: Request, view: APIView) -> bool:
        return bool(request.user.is_authenticated or may_become_guest(request))


def session_login(request: Request, user: User) -> None:
    """Sign the browser in as ``user`` (a new session key, a new CSRF token)."""
    login(request._request, user, backend=MODEL_BACKEND)


def as_new_guest(request: Request, view: APIView, first: Callable[[User], T]) -> T:
    """Make a guest for this anonymous browser, do ``first`` (their first game) as them, and
    sign the browser in as them; if ``first`` fails (a bad code, the ranked daily), no guest
    is left behind. CSRF and the guest throttle are checked before anything is written."""
    SessionAuthentication().enforce_csrf(request)
    throttle = GuestThrottle()
    if not throttle.allow_request(request, view):
        raise guests_limited(throttle.wait() or float(throttle.duration))
    with transaction.atomic():
        guest = guest_create()
        result = first(guest)
    session_login(request, guest)
    return result


def guests_limited(wait: float) -> Throttled:
    """The guest limit of a network is reached (a school's, a household's): a 429
    ``throttled`` as any throttle's, which also says the way on (``limit: "guests"``, and
    ``sign_up``: an account plays at once, its sign-ups counted apart)."""
    return Throttled(
        gettext(
            "Many guests have played from your network this hour (a school or a home shares "
            "one). Create an account to play now (it is free), or play as a guest again "
            "%(when)s."
        )
        % {"when": retry_words(wait)},
        limit="guests",
        sign_up="/api/players/",
        wait=wait,
    )
