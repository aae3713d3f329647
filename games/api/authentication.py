"""API token authentication with a bounded token life.

DRF's tokens never expire, so one that leaked (a log line, a copied script) worked forever.
Ours are refused, and deleted, once older than ``settings.CANFIELD_TOKEN_MAX_AGE_DAYS``
(``0``: no limit); logging in again (``POST /api/token/``) issues a fresh one.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.conf import settings
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from rest_framework.authentication import TokenAuthentication
from rest_framework.authtoken.models import Token
from rest_framework.exceptions import AuthenticationFailed

from games import move_sql


class ExpiringTokenAuthentication(TokenAuthentication):
    """``Authorization: Token <key>``, refused once the token is past its age."""

    def authenticate_credentials(self, key: str) -> tuple[Any, Any]:
        # DRF's own lookup (``select_related("user")``), written out: it runs on every
        # request a client signs with its token (``games.move_sql``).
        token: Token | None = move_sql.token_with_user(key)
        if token is None:
            raise AuthenticationFailed(_("Invalid token."))
        user = token.user
        if not user.is_active:
            raise AuthenticationFailed(_("User inactive or deleted."))
        days = settings.CANFIELD_TOKEN_MAX_AGE_DAYS
        if days and token.created < timezone.now() - timedelta(days=days):
            token.delete()
            raise AuthenticationFailed(gettext("token expired; log in again (POST /api/token/)"))
        return user, token
