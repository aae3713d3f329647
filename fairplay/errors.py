"""Fair play's refusals, in the project's one error hierarchy (``games.errors``): the API's
exception handler gives each its JSON shape and status."""

from django.utils.translation import gettext

from games.errors import NotFound, ServiceError


class NotStaff(ServiceError):
    """The staff review (flags, verdicts) is for staff accounts (``is_staff``) only."""

    status = 403
    code = "not_staff"


class FlagNotFound(NotFound):
    code = "flag_not_found"


def flag_not_found(flag_id: int) -> FlagNotFound:
    return FlagNotFound(
        gettext("there is no fair-play flag %(id)s") % {"id": flag_id}, flag=flag_id
    )


class BadVerdict(ServiceError):
    """A verdict that is not ``clear`` or ``confirm``, or a note that is not a short text;
    ``field`` names which."""

    code = "bad_verdict"
