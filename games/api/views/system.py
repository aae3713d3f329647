"""Health check and the JSON 404 for unknown /api/ URLs."""

from django.db import connection
from django.utils.translation import gettext
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games.api.serializers.errors import ErrorOut
from games.errors import NotFound


class HealthView(APIView):
    """``{"status": "ok"}`` once the database answers a ``SELECT 1`` (503 JSON otherwise)."""

    authentication_classes = ()
    throttle_classes = ()

    @extend_schema(
        operation_id="health",
        responses={
            200: inline_serializer("HealthOut", {"status": serializers.CharField()}),
            503: ErrorOut,
        },
    )
    def get(self, request: Request) -> Response:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
        return Response({"status": "ok"})


class ApiNotFoundView(APIView):
    """Any unknown /api/ URL, whatever the method: a JSON 404 instead of an HTML page."""

    authentication_classes = ()
    throttle_classes = ()
    schema = None

    def dispatch_unknown(self, request: Request, *args: object, **kwargs: object) -> Response:
        path = request.path
        if path.endswith("/"):
            raise NotFound(gettext("no API endpoint at %(path)s") % {"path": path})
        raise NotFound(
            gettext("no API endpoint at %(path)s (API URLs end with a slash: %(path)s/)")
            % {"path": path}
        )

    get = post = put = patch = delete = head = options = dispatch_unknown
