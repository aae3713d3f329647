"""``/api/me/settings/``: the signed-in player's table settings, kept with the account."""

from drf_spectacular.utils import extend_schema
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.preferences import (
    Value,
    preferences_catalogue,
    preferences_replace,
    preferences_stored,
)
from games.api.current_player import request_player
from games.api.parsing import validated_body
from games.api.serializers.errors import error_responses
from games.api.serializers.preferences import PreferencesIn, PreferencesOut


def _answer(values: dict[str, Value]) -> Response:
    return Response(PreferencesOut({"settings": values, "catalogue": preferences_catalogue()}).data)


class PreferencesView(APIView):
    """``GET``: the settings saved to the account. ``PUT``: replace them with the body's (a JSON
    object of the catalogue's keys); an unknown key or a value not among a key's choices is a
    400 naming the key under ``fields``, and nothing is stored."""

    permission_classes = (IsAuthenticated,)

    @extend_schema(
        operation_id="me_settings", responses={200: PreferencesOut, **error_responses(401)}
    )
    def get(self, request: Request) -> Response:
        return _answer(preferences_stored(user=request_player(request)))

    @extend_schema(
        operation_id="me_settings_replace",
        request=PreferencesIn,
        responses={200: PreferencesOut, **error_responses(400, 401)},
    )
    def put(self, request: Request) -> Response:
        values = validated_body(PreferencesIn, request.data)
        return _answer(preferences_replace(user=request_player(request), values=values))
