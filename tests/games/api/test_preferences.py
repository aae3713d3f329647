"""``/api/me/settings/``: a player's table settings kept with the account (issue 25, part 5).

The catalogue (``accounts.preferences``) is the one list of keys and values; a body with an
unknown key or a value of the wrong choice or type is a 400 naming the key, and stores nothing.
"""

from collections.abc import Callable
from typing import Any

import pytest
from rest_framework.test import APIClient

from accounts.models import PlayerSettings
from accounts.preferences import PREFERENCES, preference_defaults
from tests.conftest import Player

pytestmark = pytest.mark.django_db

URL = "/api/me/settings/"


def test_a_new_account_has_saved_nothing_and_is_told_every_setting(
    player_client: APIClient,
) -> None:
    answer = player_client.get(URL)
    assert answer.status_code == 200
    assert answer.json()["settings"] == {}
    catalogue = answer.json()["catalogue"]
    assert set(catalogue) == set(PREFERENCES)
    assert {key: each["default"] for key, each in catalogue.items()} == preference_defaults()
    assert catalogue["sound"] == {"default": False, "choices": [False, True]}


def test_put_replaces_the_saved_settings(player_client: APIClient, player: Player) -> None:
    first = {"card_size": "large", "four_colour": True, "replay_speed": 300}
    assert player_client.put(URL, first).json()["settings"] == first
    second = {"sound": True, "tap_rule": "home_only"}
    assert player_client.put(URL, second).json()["settings"] == second
    assert player_client.get(URL).json()["settings"] == second
    assert PlayerSettings.objects.get(user=player.user).values == second


def test_every_choice_of_every_setting_is_accepted(player_client: APIClient) -> None:
    for key, preference in PREFERENCES.items():
        for choice in preference.choices:
            answer = player_client.put(URL, {key: choice})
            assert answer.status_code == 200, (key, choice, answer.json())
            assert answer.json()["settings"] == {key: choice}


@pytest.mark.parametrize(
    ("body", "key"),
    [
        ({"colour": "red"}, "colour"),
        ({"card_size": "huge"}, "card_size"),
        ({"card_size": "large", "sound": "yes"}, "sound"),
        ({"four_colour": 1}, "four_colour"),
        ({"replay_speed": "700"}, "replay_speed"),
        ({"replay_speed": 500}, "replay_speed"),
        ({"replay_speed": True}, "replay_speed"),
        ({"felt": None}, "felt"),
        ({"tap_rule": "double_click"}, "tap_rule"),
    ],
)
def test_a_bad_key_or_value_is_a_400_naming_it_and_stores_nothing(
    player_client: APIClient, player: Player, body: dict[str, Any], key: str
) -> None:
    player_client.put(URL, {"felt": "blue"})
    answer = player_client.put(URL, body)
    assert answer.status_code == 400
    unknown = key not in PREFERENCES  # refused as any body's unknown field (issue 38, N14)
    assert answer.json()["error"] == ("unknown_fields" if unknown else "invalid_input")
    assert list(answer.json()["fields"]) == [key]
    assert key in answer.json()["detail"]
    assert PlayerSettings.objects.get(user=player.user).values == {"felt": "blue"}


@pytest.mark.parametrize("body", [[], "large", 7])
def test_a_body_that_is_not_an_object_is_a_400(player_client: APIClient, body: Any) -> None:
    answer = player_client.put(URL, body)
    assert answer.status_code == 400
    assert answer.json()["error"] == "invalid_input"


def test_nobody_signed_in_has_no_settings_here(api_client: APIClient) -> None:
    assert api_client.get(URL).status_code == 401
    answer = api_client.put(URL, {"sound": True})
    assert answer.status_code == 401
    assert answer.json()["error"] == "not_authenticated"
    assert not PlayerSettings.objects.exists()


def test_each_account_has_its_own(
    player_client: APIClient,
    make_player: Callable[[str], Player],
    client_for: Callable[[Player], APIClient],
) -> None:
    other = client_for(make_player("bob"))
    player_client.put(URL, {"left_handed": True})
    assert other.get(URL).json()["settings"] == {}
