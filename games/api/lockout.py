"""Failed logins: what django-axes counts, and its answer once it refuses (JSON 429).

Failures are counted per (username, client address) pair, with a ceiling per address
(``AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"], "ip_address"]``): a pair is locked
after ``AXES_FAILURE_LIMIT`` failures, an address after ``CANFIELD_LOGIN_ADDRESS_FAILURE_LIMIT``
for any usernames. Counted per username alone, five failures from one address locked that
account for everyone, everywhere, and each new try from a locked address locked it again. A
refused attempt (locked) is not counted at all (``AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT``
off), so a locked address can neither re-arm its own lock nor count against other usernames.

Axes compares the most failures of any one parameter with its one limit; ``PairAndAddressHandler``
gives the address its own, and a success clears its own pair only (clearing the address too
would let whoever holds one account wipe its address's count between guesses at another).

Axes's middleware calls ``lockout_response`` (``AXES_LOCKOUT_CALLABLE``) in place of the view's
answer; the sync and async paths of that middleware pass different positional arguments, so
all of them are optional there.
"""

from __future__ import annotations

from typing import Any

from axes.handlers.database import AxesDatabaseHandler
from axes.helpers import get_failure_limit
from django.conf import settings
from django.db.models import QuerySet, Sum
from django.http import HttpRequest, JsonResponse
from django.utils.translation import gettext

from games.errors import LoginLocked
from games.middleware import json_error
from games.retry_after import retry_words


def lockout_response(request: HttpRequest, *args: Any, **kwargs: Any) -> JsonResponse:
    wait = int(settings.AXES_COOLOFF_TIME.total_seconds())
    error = LoginLocked(
        gettext("too many failed logins for this account or from this address; try again %(when)s")
        % {"when": retry_words(wait)},
        wait=wait,
    )
    return json_error(error)


def failures(attempts: QuerySet[Any]) -> int:
    return int(attempts.aggregate(total=Sum("failures_since_start"))["total"] or 0)


class PairAndAddressHandler(AxesDatabaseHandler):
    """Axes's database handler with a limit per pair and another per address (the lockout
    parameters are the pair, then the address, in that order)."""

    def get_failures(self, request: HttpRequest, credentials: dict[str, Any] | None = None) -> int:
        """The pair's failures, or the address's scaled to the pair's limit: axes locks at
        ``AXES_FAILURE_LIMIT``, which the scaled count reaches at the address's own limit."""
        pair, address = (failures(each) for each in self.get_user_attempts(request, credentials))
        limit = get_failure_limit(request, credentials)
        return max(pair, address * limit // settings.CANFIELD_LOGIN_ADDRESS_FAILURE_LIMIT)

    def reset_user_attempts(
        self, request: HttpRequest, credentials: dict[str, Any] | None = None
    ) -> int:
        """A success clears the failures of its own (username, address) pair only."""
        pair = self.filter_user_attempts(request, credentials)[0]
        count, _ = pair.delete()
        return int(count)
