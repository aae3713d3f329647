"""Changing a player's password (``POST /api/me/password/``).

What a change does to the player's other credentials, decided once here: the API token they
had stops working (a password is changed when something may have leaked, and the token was
obtained with the old one); a client that changed it with its token gets a fresh token in the
answer, a browser gets none (pages never hold a permanent credential). Every browser session
signed in with the old password is signed out by Django itself (the session keeps a hash of
the password); the view keeps the session that asked (``update_session_auth_hash``).

The current password is checked as a login checks it (``password_checked``): a wrong one
counts as a failed login for the lockout, and every check is charged to the password-check
budgets. The new one passes the sign-up's validators first, so a refused new password hashes
nothing and costs no check.
"""

from __future__ import annotations

from django.contrib.auth.models import User
from django.db import transaction
from django.http import HttpRequest
from django.utils.translation import gettext
from rest_framework.authtoken.models import Token

from accounts.guests import is_guest
from games.errors import AccountRequired
from games.services.players import field_errors, password_checked, password_problems


def player_password_change(
    *, user: User, current: str, new: str, request: HttpRequest, with_token: bool
) -> Token | None:
    """Give ``user`` the password ``new`` if ``current`` is theirs; their API token is
    replaced (``with_token``: by a new one, returned) or revoked. Refusals write nothing:
    ``AccountRequired`` for a guest (no password to change), a 400 naming ``new_password``
    (the validators, or the same password again) or ``current_password`` (not theirs)."""
    if is_guest(user):
        raise AccountRequired(
            gettext("a guest has no password to change: sign up to choose one"),
            sign_up="/api/players/",
        )
    errors, codes = password_problems(new, user=user)
    if not errors and new == current:
        errors, codes = [gettext("The new password is the one you have.")], ["password_unchanged"]
    if errors:
        raise field_errors(new_password=errors, codes={"new_password": codes})
    checked = password_checked(username=user.get_username(), password=current, request=request)
    if checked is None or checked.pk != user.pk:
        raise field_errors(
            current_password=[gettext("This is not your current password.")],
            codes={"current_password": ["password_wrong"]},
        )
    with transaction.atomic():
        # A login taking its token meanwhile waits here (player_token_rotate locks the row too).
        User.objects.select_for_update().filter(pk=user.pk).exists()
        user.set_password(new)
        user.save(update_fields=["password"])
        Token.objects.filter(user=user).delete()
        return Token.objects.create(user=user) if with_token else None
