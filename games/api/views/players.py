"""Players: sign up, API token (log in, rotate, revoke), browser session, who am I."""

from django.contrib.auth import login, logout
from django.contrib.auth.signals import user_logged_in
from django.utils.decorators import method_decorator
from django.views.decorators.csrf import ensure_csrf_cookie
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.permissions import AllowAny, BasePermission, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games.api.current_player import request_player
from games.api.parsing import validated
from games.api.serializers import (
    CredentialsIn,
    ErrorOut,
    MeOut,
    PlayerCreateIn,
    SignUpOut,
    TokenOut,
)
from games.api.throttling import SignUpThrottle
from games.services.players import (
    player_authenticate,
    player_create,
    player_token_revoke,
    player_token_rotate,
)


class PlayerCreateView(APIView):
    """Sign up: a new player and their API token; ``"session": true`` signs the browser in
    instead, with no token in the answer (page script never holds a permanent credential).
    Limited per client address on top of the general throttles."""

    throttle_classes = (*APIView.throttle_classes, SignUpThrottle)

    @extend_schema(
        operation_id="player_create",
        request=PlayerCreateIn,
        responses={201: SignUpOut, 400: ErrorOut, 409: ErrorOut, 429: ErrorOut},
    )
    def post(self, request: Request) -> Response:
        data = validated(PlayerCreateIn, request.data)
        session = data["session"]
        user, token = player_create(
            username=data["username"], password=data["password"], with_token=not session
        )
        if session:
            # A new player has not authenticated through a backend: name the one that holds them.
            login(request._request, user, backend="django.contrib.auth.backends.ModelBackend")
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
        responses={200: TokenOut, 400: ErrorOut, 401: ErrorOut, 429: ErrorOut},
    )
    def post(self, request: Request) -> Response:
        data = validated(CredentialsIn, request.data)
        user = player_authenticate(
            username=data["username"], password=data["password"], request=request._request
        )
        # What login() says for a session: axes clears the account's failures, last_login moves.
        user_logged_in.send(sender=type(user), request=request._request, user=user)
        token = player_token_rotate(user=user)
        return Response({"username": user.get_username(), "token": token.key})

    @extend_schema(operation_id="token_revoke", request=None, responses={204: None, 401: ErrorOut})
    def delete(self, request: Request) -> Response:
        player_token_revoke(user=request_player(request))
        return Response(status=status.HTTP_204_NO_CONTENT)


class SessionView(APIView):
    """Browser sign-in and sign-out with Django's session cookie (CSRF applies once signed in)."""

    @extend_schema(
        operation_id="session_create",
        request=CredentialsIn,
        responses={200: MeOut, 400: ErrorOut, 401: ErrorOut, 429: ErrorOut},
    )
    def post(self, request: Request) -> Response:
        data = validated(CredentialsIn, request.data)
        user = player_authenticate(
            username=data["username"], password=data["password"], request=request._request
        )
        login(request._request, user)
        return Response({"username": user.get_username(), "id": user.pk})

    @extend_schema(operation_id="session_delete", request=None, responses={204: None})
    def delete(self, request: Request) -> Response:
        logout(request._request)
        return Response(status=status.HTTP_204_NO_CONTENT)


@method_decorator(ensure_csrf_cookie, name="dispatch")
class MeView(APIView):
    """The signed-in player (401 JSON when anonymous); also hands the browser its CSRF cookie."""

    permission_classes = (IsAuthenticated,)

    @extend_schema(operation_id="me", responses={200: MeOut, 401: ErrorOut})
    def get(self, request: Request) -> Response:
        player = request_player(request)
        return Response({"username": player.get_username(), "id": player.pk})
