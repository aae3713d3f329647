"""The player behind an authenticated API request.

DRF types ``request.user`` as a user or ``AnonymousUser``: only the view's
``IsAuthenticated`` permission, checked before the handler runs, rules the anonymous one out.
Services act for a real player (a row to own games, quotas, a token), so views ask here
instead of passing ``request.user`` on and trusting the permission to have run.
"""

from django.contrib.auth.models import User
from rest_framework.exceptions import NotAuthenticated
from rest_framework.request import Request


def request_player(request: Request) -> User:
    """The signed-in player; a view that forgot ``IsAuthenticated`` gets a 401/403 JSON error
    (``NotAuthenticated``), not a service handed an anonymous user."""
    user = request.user
    if not isinstance(user, User) or not user.is_authenticated:
        raise NotAuthenticated()
    return user
