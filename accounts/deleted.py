"""What a deleted account is called: ``deleted-`` and twelve random letters or digits.

Deleting an account keeps its games as an anonymised log (``games.services.account_deletion``):
the user row stays, so every game, entry and fair-play record that points at it stays, but it
is renamed to a name in this reserved space, which no account may take
(``accounts.usernames.username_problem``): ``deleted-…`` on a board is always a deleted
account, never someone posing as one, and never the person who had it.
"""

from __future__ import annotations

import secrets
import string

#: The prefix of every deleted account's name, and of no other's.
DELETED_PREFIX = "deleted-"
DELETED_NAME_ALPHABET = string.ascii_lowercase + string.digits
DELETED_NAME_LENGTH = 12


def deleted_name() -> str:
    """A fresh name for a deleted account, ``deleted-3k9x0qa7mz2c`` (36**12: no clash to speak
    of, and nothing in it of the name it replaces)."""
    tail = "".join(secrets.choice(DELETED_NAME_ALPHABET) for _ in range(DELETED_NAME_LENGTH))
    return f"{DELETED_PREFIX}{tail}"


def is_deleted_name(key: str) -> bool:
    """Whether a name's key (``username_key``: folded) is in the deleted accounts' space:
    ``deleted`` then any separator, as for the guests' (``accounts.guests.is_reserved_word``)."""
    from accounts.guests import is_reserved_word

    return is_reserved_word(key, DELETED_PREFIX[:-1])
