"""What every page's template gets, whichever app's view renders it (``base.html`` is shared)."""

from typing import Any

from django.http import HttpRequest

from accounts.preferences import preferences_catalogue


def table_settings(request: HttpRequest) -> dict[str, Any]:
    """The settings catalogue, for the header's Settings panel: its script reads keys, choices
    and defaults from the page rather than keep a copy of ``accounts.preferences``."""
    return {"settings_catalogue": preferences_catalogue()}
