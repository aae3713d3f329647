"""A player's table settings: the catalogue of what can be set, and its one storage per account.

The browser keeps the same settings in ``localStorage`` (``web/static/web/js/settings.js``); a
signed-in browser also saves them here (``GET``/``PUT /api/me/settings/``) so they follow the
player to another device. Account settings win over the browser's once signed in: the page
reads the account's, lays them over its own, and saves the result back. The catalogue below is
the one home of every key, its choices and its default: the API validates against it and the
pages get it as JSON (``web.views``), so no script keeps a second list.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from django.db import transaction

from accounts.models import PlayerSettings

if TYPE_CHECKING:
    from django.contrib.auth.models import User

#: A setting's value: a switch, a named choice, or milliseconds.
Value = bool | str | int


@dataclass(frozen=True)
class Preference:
    """One setting: its default and the values it may take (a switch: False and True)."""

    default: Value
    choices: tuple[Value, ...] = (False, True)


PREFERENCES: dict[str, Preference] = {
    "card_size": Preference("medium", ("small", "medium", "large")),
    "four_colour": Preference(False),
    "card_back": Preference("red", ("red", "blue", "green")),
    "felt": Preference("green", ("green", "blue", "grey")),
    # Short sounds made by the page itself (WebAudio), off until the player turns them on.
    "sound": Preference(False),
    "left_handed": Preference(False),
    # The first hint marks an open deal assisted for good: asked to confirm unless turned off.
    "hint_confirm": Preference(True),
    # The replay's pace, milliseconds a step (the Speed choice of the replay page).
    "replay_speed": Preference(700, (1400, 700, 300)),
    # What a tap on a card does: home only, or home and else a column (the engine's
    # ``double_click`` rule of ``Game.tap``).
    "tap_rule": Preference("home_or_column", ("home_or_column", "home_only")),
    # The legal moves listed under the table, each a button: a mild aid (it finds the moves
    # for the player), so a ranked game shows none unless its player asks (issue 37).
    "legal_moves": Preference("open_only", ("open_only", "always", "never")),
}


def preference_defaults() -> dict[str, Value]:
    return {key: preference.default for key, preference in PREFERENCES.items()}


def preferences_catalogue() -> dict[str, dict[str, object]]:
    """The catalogue as JSON for the pages and the API's schema: ``{key: {default, choices}}``."""
    return {
        key: {"default": preference.default, "choices": list(preference.choices)}
        for key, preference in PREFERENCES.items()
    }


def preferences_stored(*, user: User) -> dict[str, Value]:
    """The settings ``user`` saved (only those: a key never saved is the browser's to say)."""
    row = PlayerSettings.objects.filter(user=user).first()
    return {} if row is None else {k: v for k, v in row.values.items() if k in PREFERENCES}


def preferences_replace(*, user: User, values: dict[str, Value]) -> dict[str, Value]:
    """Store ``values`` (already validated) as ``user``'s settings, replacing what was there."""
    with transaction.atomic():
        PlayerSettings.objects.update_or_create(user=user, defaults={"values": values})
    return dict(values)
