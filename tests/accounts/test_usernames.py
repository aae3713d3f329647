"""Issue 11, item 4: one name, one player; no look-alikes, no names without a letter.

Before: ``\uff23AROL`` registered beside ``carol`` (Django stored it as ``CAROL`` after checking
the raw form), ``élise``/``Élise`` both registered on SQLite (``iexact`` folds ASCII only), a
Cyrillic ``\u0441`` passed, and ``.``/``..`` registered with pages nobody could reach.
"""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db

PASSWORD = "a decent passphrase 9"


def sign_up(client: APIClient, username: str) -> tuple[int, dict]:
    response = client.post(
        "/api/players/", {"username": username, "password": PASSWORD}, format="json"
    )
    return response.status_code, response.json()


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("carol", "\uff23AROL"),  # full-width C
        ("élise", "Élise"),
        ("élise", "e\u0301lise"),  # the same letter, decomposed
        ("strasse", "Straße"),
        ("ǅemal", "džemal"),  # title-case digraph
        ("ﬁona", "fiona"),  # ligature
    ],
)
def test_names_that_read_the_same_are_one_name(
    api_client: APIClient, first: str, second: str
) -> None:
    assert sign_up(api_client, first)[0] == 201
    status, body = sign_up(api_client, second)
    assert (status, body["error"]) == (409, "username_taken"), body


def test_names_are_stored_in_their_compatibility_form(api_client: APIClient) -> None:
    status, body = sign_up(api_client, "\uff46\uff52\uff45\uff44")
    assert (status, body["username"]) == (201, "fred")
    assert User.objects.filter(username="fred").exists()


#: Written escaped: the point is that they look like plain Latin names.
CYRILLIC_IVAN = "\u0438\u0432\u0430\u043d"
GREEK_PAVLOS = "\u03c0\u03b1\u03c5\u03bb\u03bf\u03c2"
LOOK_ALIKES = ["\u0441arol", "p\u03b1ul", f"ivan_{CYRILLIC_IVAN}", "\u0430dmin"]


@pytest.mark.parametrize("name", LOOK_ALIKES)
def test_mixed_script_look_alikes_are_refused(api_client: APIClient, name: str) -> None:
    status, body = sign_up(api_client, name)
    assert (status, body["error"]) == (400, "invalid_input"), body
    assert body["detail"].startswith("username: ")
    assert "username" in body["fields"]


@pytest.mark.parametrize("name", [CYRILLIC_IVAN, GREEK_PAVLOS, "李小龍", "élise", "bob.smith_42"])
def test_single_script_names_are_welcome(api_client: APIClient, name: str) -> None:
    assert sign_up(api_client, name)[0] == 201


@pytest.mark.parametrize("name", [".", "..", "_", "@+-", "..."])
def test_a_name_needs_a_letter_or_digit(api_client: APIClient, name: str) -> None:
    status, body = sign_up(api_client, name)
    assert (status, body["error"]) == (400, "invalid_input"), body
    assert "letter or digit" in body["detail"]


def test_users_made_another_way_hold_their_name(api_client: APIClient) -> None:
    User.objects.create_user(username="Frank", password=PASSWORD)  # createsuperuser, admin...
    status, body = sign_up(api_client, "frank")
    assert (status, body["error"]) == (409, "username_taken")


def test_the_database_refuses_a_second_key() -> None:
    """The last word belongs to the unique constraint (two sign-ups at the same moment)."""
    from accounts.models import UsernameKey

    User.objects.create_user(username="grace", password=PASSWORD)
    other = User.objects.create(username="somebody")
    with pytest.raises(IntegrityError), transaction.atomic():
        UsernameKey.objects.filter(user=other).update(key="grace")


def test_a_rename_moves_the_key(api_client: APIClient) -> None:
    user = User.objects.create_user(username="henry", password=PASSWORD)
    user.username = "hank"
    user.save()
    assert sign_up(api_client, "henry")[0] == 201
    assert sign_up(api_client, "HANK")[0] == 409


@pytest.mark.parametrize(
    "name",
    [
        "\u0261uest-k3x9qc",  # LATIN SMALL LETTER SCRIPT G: one script, reads as a guest
        "GUEST-k3x9qc",
        "\uff47uest-k3x9qc",  # full-width g (NFKC)
        "gues\u0442-k3x9qc",  # Cyrillic te
        # Issue 38 N9: every separator a username may hold, in any case.
        "guest_k3x9qc",
        "guest.k3x9qc",
        "Guest_k3x9qc",
        "guest@home",
        "GUEST+1",
        "gUeSt.x",
    ],
)
def test_look_alikes_of_the_guest_prefix_are_refused(api_client: APIClient, name: str) -> None:
    status, body = sign_up(api_client, name)
    assert (status, body["error"]) == (400, "invalid_input"), body
    assert "username" in body["fields"]


@pytest.mark.parametrize(
    "name", ["guesthouse", "guest", "guests_club", "\u0261ood-name", "questor-1", "my_guest-1"]
)
def test_names_near_the_guest_prefix_are_welcome(api_client: APIClient, name: str) -> None:
    assert sign_up(api_client, name)[0] == 201


@pytest.mark.parametrize("name", ["deleted_3k9x0qa7mz2c", "Deleted.x", "DELETED@home"])
def test_every_separator_of_the_deleted_prefix_is_refused(api_client: APIClient, name: str) -> None:
    status, body = sign_up(api_client, name)
    assert (status, body["error"]) == (400, "invalid_input"), body
