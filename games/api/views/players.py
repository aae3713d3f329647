"""Players: sign up, API token, browser session, who am I."""

from django.contrib.auth import login, logout
from django.utils.decorators import method_decorator
from django.views.decorators.csrf import ensure_csrf_cookie
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games.api.parsing import validated
from games.api.serializers import CredentialsIn, ErrorOut, MeOut, PlayerCreateIn, TokenOut
from games.services.players import player_authenticate, player_create, player_token


class PlayerCreateView(APIView):
    """Sign up: a new player and their API token; ``"session": true`` also signs the browser in."""

    @extend_schema(
        operation_id="player_create",
        request=PlayerCreateIn,
        responses={201: TokenOut, 400: ErrorOut, 409: ErrorOut},
    )
    def post(self, request: Request) -> Response:
        data = validated(PlayerCreateIn, request.data)
        user, token = player_create(username=data["username"], password=data["password"])
        if data["session"]:
            login(request._request, user)
        return Response({"username": user.username, "token": token.key}, status=201)


class TokenView(APIView):
    """Log in for API clients: username and password give the player's token."""

    @extend_schema(
        operation_id="token_obtain",
        request=CredentialsIn,
        responses={200: TokenOut, 400: ErrorOut, 401: ErrorOut},
    )
    def post(self, request: Request) -> Response:
        data = validated(CredentialsIn, request.data)
        user = player_authenticate(username=data["username"], password=data["password"])
        return Response({"username": user.get_username(), "token": player_token(user=user).key})


class SessionView(APIView):
    """Browser sign-in and sign-out with Django's session cookie (CSRF applies once signed in)."""

    @extend_schema(
        operation_id="session_create",
        request=CredentialsIn,
        responses={200: MeOut, 400: ErrorOut, 401: ErrorOut},
    )
    def post(self, request: Request) -> Response:
        data = validated(CredentialsIn, request.data)
        user = player_authenticate(username=data["username"], password=data["password"])
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
        return Response({"username": request.user.get_username(), "id": request.user.pk})
