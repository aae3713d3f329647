"""Deleting one's account (``DELETE /api/me/``): the person goes, the games stay as an
anonymised log.

What goes: the name (the user is renamed ``deleted-…``, ``accounts.deleted``, and the old name
is free for anyone), the password (unusable), the e-mail address and names, the API token,
every signed-in session (the account is inactive: no login, no token, no session opens it).

What stays, and why:

* **The user row**, anonymised, not deleted: games, leaderboard entries, assistance marks,
  ratings and fair-play records point at it. Deleting it would have to delete games, whose
  actions the database refuses to delete (the append-only rule), and would take the player's
  entries off boards, changing every other player's rank. So no ``Action`` row is deleted
  or changed, no game either, and every board ranks as it did, with the entry under the new
  name (``entries_renamed``: the rank index carries names).
* **Fair-play records**: the origins of the player's ranked games (keyed hashes, purged after
  ``ORIGIN_DAYS`` like everyone's) and every flag. A second account held as ``linked`` to this
  one stays held: its evidence is this account's games, which stay. Deleting an account never
  frees another from a hold.
* **A declared bot stays declared**: its entries rank on the bots partition, and moving them
  would change the people's boards.
* **A game in play stays as it stood**: resigning it would append an action and change its
  entry; a ranked daily's ends at the close like everyone's.
"""

from __future__ import annotations

from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.http import HttpRequest
from django.utils.translation import gettext
from rest_framework.authtoken.models import Token

from accounts.deleted import deleted_name
from accounts.guests import is_guest
from games.errors import AccountRequired, Conflict
from games.services.guests import entries_renamed
from games.services.players import field_errors, password_checked
from games.services.row_locks import lock_player

#: Names tried before a deletion gives up (a clash is one in 36**12 per try).
NAME_ATTEMPTS = 5


def account_delete(*, user: User, password: str, request: HttpRequest) -> str:
    """Delete ``user``'s account if ``password`` is theirs (checked as a login is: a wrong one
    counts towards the lockout); the name it now has on boards. Refusals write nothing:
    ``AccountRequired`` for a guest (no password: signing out ends a guest), a 400 naming
    ``password``."""
    if is_guest(user):
        raise AccountRequired(
            gettext("a guest has no account to delete: signing out ends a guest"),
            sign_up="/api/players/",
        )
    checked = password_checked(username=user.get_username(), password=password, request=request)
    if checked is None or checked.pk != user.pk:
        raise field_errors(
            password=[gettext("This is not your password.")],
            codes={"password": ["password_wrong"]},
        )
    for _ in range(NAME_ATTEMPTS):
        try:
            with transaction.atomic():
                return _anonymise(user.pk)
        except IntegrityError:  # the name was taken: draw another
            continue
    raise Conflict(gettext("no free name was found for the deleted account; try again"))


def _anonymise(player_id: int) -> str:
    """Rename and lock out the player, in the caller's transaction (their row locked, so a
    move of theirs in flight commits before or finds them gone)."""
    lock_player(player_id=player_id)
    user = User.objects.get(pk=player_id)
    user.username = deleted_name()
    user.set_unusable_password()  # also ends every session: Django checks the password hash
    user.email = ""
    user.first_name = ""
    user.last_name = ""
    user.is_active = False
    user.is_staff = False
    user.is_superuser = False
    user.save()  # the UsernameKey follows (accounts.signals): the old name is free
    Token.objects.filter(user=user).delete()
    entries_renamed(player_id=user.pk)
    return user.username
