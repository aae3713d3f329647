"""When to try again, said twice: in whole seconds for programs and in words for people.

A refusal that is only for now (a throttle, a quota, a login lockout, a limit that cannot be
counted) gives a program ``Retry-After`` and the body's ``retry_after`` (``retry_seconds``),
and a person a sentence in their language that says when (``retry_words``: "in 47 minutes"),
never a count of seconds to work out.
"""

import math

from django.utils.translation import ngettext


def retry_seconds(wait: float) -> int:
    """Whole seconds to wait, rounded up (a client that waits exactly this long is not refused
    again for a fraction of a second), at least 1.

    >>> retry_seconds(2828.2), retry_seconds(0.2), retry_seconds(60)
    (2829, 1, 60)
    """
    return max(1, math.ceil(wait))


def _nearest(value: float) -> int:
    """Half up (Python's ``round`` goes to the even neighbour: 2.5 would be 2)."""
    return math.floor(value + 0.5)


def retry_words(wait: float) -> str:
    """When to try again, in the active language's words, as precise as is useful: seconds
    under a minute, whole minutes under an hour, "about" so many hours beyond (a wait of hours
    is a daily or hourly window, nobody times it to the minute).

    "in 30 seconds", "in 47 minutes" (2,829 s), "in about 2 hours" (6,500 s).
    """
    seconds = retry_seconds(wait)
    if seconds < 60:
        # Translators: this and the two below say when to try again; they fill %(when)s in
        # sentences such as "too many requests; try again %(when)s".
        return ngettext("in %(count)s second", "in %(count)s seconds", seconds) % {"count": seconds}
    minutes = max(1, _nearest(seconds / 60))
    if minutes < 60:
        return ngettext("in %(count)s minute", "in %(count)s minutes", minutes) % {"count": minutes}
    hours = _nearest(seconds / 3600)
    return ngettext("in about %(count)s hour", "in about %(count)s hours", hours) % {"count": hours}
