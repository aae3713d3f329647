"""Django's session middleware, except that a request whose session ended while it was in
flight leaves the browser's session cookie alone.

Signing in or up gives the browser a new session key (``login`` cycles it) and deletes the old
session's row. A request the same browser sent just before, with the old key (the table's own
reads and moves go on while the sign-up dialog is open), finds no session when it reads one;
Django's middleware then answers it with a deleted cookie, and if that answer arrives after the
sign-up's, the browser drops its new cookie and is signed out with nothing to say why (seen in
the browser tests of a guest signing up, about one run in five under load). A cookie is deleted
here only when this request emptied the session itself (signing out: ``flush``); a cookie whose
session is merely gone grants nothing, and the next sign-in replaces it.
"""

from django.conf import settings
from django.contrib.sessions.middleware import SessionMiddleware
from django.http import HttpRequest, HttpResponse
from django.utils.cache import patch_vary_headers


class KeepNewerCookieSessionMiddleware(SessionMiddleware):
    def process_response(self, request: HttpRequest, response: HttpResponse) -> HttpResponse:
        session = getattr(request, "session", None)
        if (
            session is not None
            and settings.SESSION_COOKIE_NAME in request.COOKIES
            and session.accessed
            and not session.modified
            and session.is_empty()
        ):
            patch_vary_headers(response, ("Cookie",))  # what Django's answer would vary on
            return response
        return super().process_response(request, response)
