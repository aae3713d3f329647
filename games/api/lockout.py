"""The answer to a login that django-axes refused: JSON 429, never its HTML page.

Axes's middleware calls this (``AXES_LOCKOUT_CALLABLE``) in place of the view's answer once
an account or a client address has too many failed logins; the sync and async paths of that
middleware pass different positional arguments, so all of them are optional here.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.http import HttpRequest, JsonResponse
from django.utils.translation import gettext

from games.errors import LoginLocked
from games.middleware import json_error
from games.retry_after import retry_words


def lockout_response(request: HttpRequest, *args: Any, **kwargs: Any) -> JsonResponse:
    wait = int(settings.AXES_COOLOFF_TIME.total_seconds())
    error = LoginLocked(
        gettext("too many failed logins for this account or from this address; try again %(when)s")
        % {"when": retry_words(wait)},
        wait=wait,
    )
    return json_error(error)
