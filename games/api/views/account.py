"""Account care for the signed-in player: change the password, export every game as logs."""

from collections.abc import Iterable
from dataclasses import asdict

from django.contrib.auth import update_session_auth_hash
from django.http import HttpResponse
from django.utils.http import content_disposition_header
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework.negotiation import DefaultContentNegotiation
from rest_framework.permissions import IsAuthenticated
from rest_framework.renderers import BaseRenderer
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games.api.current_player import request_player
from games.api.parsing import validated, validated_body
from games.api.serializers.account import ExportIn, ExportOut, PasswordChangeIn, PasswordChangeOut
from games.api.serializers.errors import error_responses
from games.selectors.exports import export_text, games_export
from games.services.passwords import player_password_change


class PasswordChangeView(APIView):
    """``POST /api/me/password/``: the current password and a new one (the sign-up's rules).
    A wrong current password is a 400 naming ``current_password`` and counts as a failed login
    (lockout: 429 ``login_locked``); a guest has none (403 ``account_required``). The API token
    is replaced (asked with a token: the new one is in the answer) or revoked (asked from a
    browser, which stays signed in); other browser sessions are signed out."""

    permission_classes = (IsAuthenticated,)

    @extend_schema(
        operation_id="me_password",
        request=PasswordChangeIn,
        responses={200: PasswordChangeOut, **error_responses(400, 401, 403, 429, 503)},
    )
    def post(self, request: Request) -> Response:
        data = validated_body(PasswordChangeIn, request.data)
        user = request_player(request)
        by_token = request.auth is not None
        token = player_password_change(
            user=user,
            current=data["current_password"],
            new=data["new_password"],
            request=request._request,
            with_token=by_token,
        )
        if not by_token:
            update_session_auth_hash(request._request, user)
        answer = {"username": user.get_username()}
        return Response(answer if token is None else {**answer, "token": token.key})


class ExportFormatIsOurs(DefaultContentNegotiation):
    """``?format=`` names the export's format here, not a renderer (DRF would answer 404 to
    ``text``): answers, errors included, are JSON; the text export is a plain response."""

    def select_renderer(
        self, request: Request, renderers: Iterable[BaseRenderer], format_suffix: str | None = None
    ) -> tuple[BaseRenderer, str]:
        renderer = next(iter(renderers))
        return renderer, str(renderer.media_type)


class GamesExportView(APIView):
    """``GET /api/me/games/export/?format=json|text``: every game of the signed-in player as
    its log, as a download. Games of a day not yet closed are left out until the close (their
    boards listed under ``withheld``): ``games.selectors.exports``."""

    permission_classes = (IsAuthenticated,)
    content_negotiation_class = ExportFormatIsOurs

    @extend_schema(
        operation_id="me_games_export",
        parameters=[ExportIn],
        responses={
            (200, "application/json"): ExportOut,
            (200, "text/plain"): OpenApiResponse(OpenApiTypes.STR, description="one block a game"),
            **error_responses(400, 401),
        },
    )
    def get(self, request: Request) -> HttpResponse:
        query = validated(ExportIn, request.query_params)
        export = games_export(user=request_player(request))
        text = query["format"] == "text"
        filename = f"canfield-{export.username}-games.{'txt' if text else 'json'}"
        headers = {"Content-Disposition": content_disposition_header(True, filename)}
        if text:
            return HttpResponse(
                export_text(export), content_type="text/plain; charset=utf-8", headers=headers
            )
        return Response(ExportOut(asdict(export)).data, headers=headers)
