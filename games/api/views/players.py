"""Players: sign up, API token (log in, rotate, revoke), browser session, who am I, a
player's page (totals, recent games) and record (streaks, rates, par, calendar).

A guest's browser session (``games.services.guests``) signs up in place, and signs in (for
a session or for a token alike) by handing its games over; signing out ends the guest.
"""

from typing import Any

from django.contrib.auth import login, logout
from django.contrib.auth.models import User
from django.contrib.auth.signals import user_logged_in
from django.utils import timezone
from django.utils.decorators import method_decorator
from django.views.decorators.csrf import ensure_csrf_cookie
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.permissions import AllowAny, BasePermission, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.bots import is_bot
from accounts.guests import is_guest
from games.api.current_player import request_player
from games.api.guests import session_login
from games.api.parsing import no_body_fields, validated, validated_body
from games.api.serializers.account import AccountDeleteIn, AccountDeleteOut
from games.api.serializers.errors import ErrorOut, error_responses
from games.api.serializers.players import (
    CredentialsIn,
    MeOut,
    PlayerCreateIn,
    PlayerOut,
    SignUpOut,
    TokenOut,
)
from games.api.serializers.stats import PlayerStatsIn, PlayerStatsOut
from games.api.throttling import SignUpThrottle
from games.boards import utc_today
from games.selectors.games import game_summary
from games.selectors.player_stats import player_calendar, player_record
from games.selectors.players import player_profile, player_user
from games.services.account_deletion import account_delete
from games.services.guests import guest_merge, guest_sign_up, guest_signed_out
from games.services.players import (
    player_authenticate,
    player_bot_declare,
    player_create,
    player_token_revoke,
    player_token_rotate,
)


class PlayerCreateView(APIView):
    """Sign up: a new player and their API token; ``"session": true`` signs the browser in
    instead, with no token in the answer (page script never holds a permanent credential).
    Limited per client network on top of the general throttles (``SignUpThrottle``: 429, or
    503 ``signup_unavailable`` while the limit cannot be counted)."""

    throttle_classes = (*APIView.throttle_classes, SignUpThrottle)

    @extend_schema(
        operation_id="player_create",
        request=PlayerCreateIn,
        responses={201: SignUpOut, **error_responses(400, 409, 429, 503)},
    )
    def post(self, request: Request) -> Response:
        data = validated_body(PlayerCreateIn, request.data)
        session = data["session"]
        credentials = {
            "username": data["username"],
            "password": data["password"],
            "bot": data["bot"],
        }
        if is_guest(request.user):  # the guest becomes the account: every game stays theirs
            user, token = guest_sign_up(guest=request.user, **credentials, with_token=not session)
        else:
            user, token = player_create(**credentials, with_token=not session)
        if session:
            session_login(request, user)
            return Response({"username": user.username}, status=201)
        assert token is not None
        return Response({"username": user.username, "token": token.key}, status=201)


class TokenView(APIView):
    """API tokens: log in (POST: username and password give a new token, the old one dies)
    and revoke (DELETE, signed in: the token stops working)."""

    def get_permissions(self) -> list[BasePermission]:
        return [IsAuthenticated() if self.request.method == "DELETE" else AllowAny()]

    @extend_schema(
        operation_id="token_obtain",
        request=CredentialsIn,
        responses={200: TokenOut, 400: ErrorOut, 401: ErrorOut, 429: ErrorOut, 503: ErrorOut},
    )
    def post(self, request: Request) -> Response:
        """From a guest session the guest's games move to the account, as a session sign-in
        moves them, and the session (whose guest is gone) is emptied."""
        asked_at = timezone.now()
        user, merged = authenticated(request)
        if merged:
            request._request.session.flush()
        # What login() says for a session: axes clears the account's failures, last_login moves.
        user_logged_in.send(sender=type(user), request=request._request, user=user)
        token = player_token_rotate(user=user, asked_at=asked_at)
        return Response({"username": user.get_username(), "token": token.key})

    @extend_schema(operation_id="token_revoke", request=None, responses={204: None, 401: ErrorOut})
    def delete(self, request: Request) -> Response:
        no_body_fields(request.data)
        player_token_revoke(user=request_player(request))
        return Response(status=status.HTTP_204_NO_CONTENT)


class SessionView(APIView):
    """Browser sign-in and sign-out with Django's session cookie (CSRF applies once signed in)."""

    @extend_schema(
        operation_id="session_create",
        request=CredentialsIn,
        responses={200: MeOut, 400: ErrorOut, 401: ErrorOut, 429: ErrorOut, 503: ErrorOut},
    )
    def post(self, request: Request) -> Response:
        """Signing in from a guest session moves the guest's games to the account."""
        user, _ = authenticated(request)
        login(request._request, user)
        return Response(me_json(user))

    @extend_schema(operation_id="session_delete", request=None, responses={204: None})
    def delete(self, request: Request) -> Response:
        """Signing out of a guest session ends the guest (``guest_signed_out``)."""
        no_body_fields(request.data)
        guest_id = request.user.pk if is_guest(request.user) else None
        logout(request._request)
        if guest_id is not None:
            guest_signed_out(guest_id=guest_id)
        return Response(status=status.HTTP_204_NO_CONTENT)


def authenticated(request: Request) -> tuple[User, bool]:
    """The account the request's credentials name, and whether a guest was merged into it:
    signing in from a guest session (for a session or a token) moves the guest's games and
    assistance marks to the account (``guest_merge``), the one way a guest's games are claimed
    by an existing account."""
    data = validated_body(CredentialsIn, request.data)
    guest_id = request.user.pk if is_guest(request.user) else None
    user = player_authenticate(
        username=data["username"], password=data["password"], request=request._request
    )
    if guest_id is None:
        return user, False
    guest_merge(guest_id=guest_id, into=user)
    return user, True


@method_decorator(ensure_csrf_cookie, name="dispatch")
class MeView(APIView):
    """The signed-in player (401 JSON when anonymous); also hands the browser its CSRF cookie.
    ``DELETE`` with the password deletes the account (``games.services.account_deletion``):
    its games stay as an anonymised log, the session and token end."""

    permission_classes = (IsAuthenticated,)

    @extend_schema(operation_id="me", responses={200: MeOut, 401: ErrorOut})
    def get(self, request: Request) -> Response:
        return Response(me_json(request_player(request)))

    @extend_schema(
        operation_id="me_delete",
        request=AccountDeleteIn,
        responses={200: AccountDeleteOut, **error_responses(400, 401, 403, 409, 429, 503)},
    )
    def delete(self, request: Request) -> Response:
        data = validated_body(AccountDeleteIn, request.data)
        name = account_delete(
            user=request_player(request), password=data["password"], request=request._request
        )
        logout(request._request)
        return Response(AccountDeleteOut({"deleted": True, "username": name}).data)


def me_json(user: Any) -> dict[str, Any]:
    """Who is signed in; ``guest``: a guest, who may sign up (or in) to keep their games;
    ``bot``: a declared bot."""
    return MeOut(
        {
            "username": user.get_username(),
            "id": user.pk,
            "guest": is_guest(user),
            "bot": is_bot(user),
        }
    ).data


class BotDeclareView(APIView):
    """``POST /api/me/bot/``: the signed-in account declares itself a bot, before its first
    game and for good (409 ``bot_too_late`` once it has one, 403 ``account_required`` for a
    guest; nothing changes on a refusal). Declaring again is harmless. There is no way back."""

    permission_classes = (IsAuthenticated,)

    @extend_schema(
        operation_id="me_bot",
        request=None,
        responses={200: MeOut, 401: ErrorOut, 403: ErrorOut, 409: ErrorOut},
    )
    def post(self, request: Request) -> Response:
        no_body_fields(request.data)
        user = request_player(request)
        player_bot_declare(user=user)
        return Response(me_json(user))


class PlayerDetailView(APIView):
    """A player's totals and most recent games (their sealed games to themselves only)."""

    @extend_schema(operation_id="player_detail", responses={200: PlayerOut, 404: ErrorOut})
    def get(self, request: Request, username: str) -> Response:
        profile = player_profile(username=username, viewer=request.user)
        return Response(
            PlayerOut(
                {
                    "username": profile.user.username,
                    "date_joined": profile.user.date_joined,
                    "totals": profile.totals,
                    "games": [game_summary(game) for game in profile.games],
                }
            ).data
        )


class PlayerStatsView(APIView):
    """A player's record: daily streaks, win rates, actions against par and a month of their
    dailies (``?month=YYYY-MM``). Today counts for the player alone while it is sealed."""

    @extend_schema(
        operation_id="player_stats",
        parameters=[PlayerStatsIn],
        responses={200: PlayerStatsOut, 400: ErrorOut, 404: ErrorOut},
    )
    def get(self, request: Request, username: str) -> Response:
        query = validated(PlayerStatsIn, request.query_params)
        user = player_user(username=username)
        month = query.get("month") or utc_today()
        return Response(
            PlayerStatsOut(
                {
                    "username": user.username,
                    **player_record(user=user, viewer=request.user),
                    "calendar": player_calendar(user=user, viewer=request.user, month=month),
                }
            ).data
        )
