"""Who is a guest, and what a guest is called.

A guest is a real user with a ``Guest`` row: someone playing open deals in their browser
session before (or without) signing up. Their name is ``guest-`` and six random letters or
digits, shown on boards and their player page like any name until they sign up; no account
may take a name with that prefix (``accounts.usernames.username_problem``), so a
``guest-…`` name on a board is always a guest, never someone posing as one.
"""

from __future__ import annotations

import secrets
import string
from typing import TYPE_CHECKING, TypeGuard

if TYPE_CHECKING:
    from django.contrib.auth.models import AbstractBaseUser

#: The prefix of every guest's name, and of no account's.
GUEST_PREFIX = "guest-"
#: What separates a reserved word from the rest of a name: every character a username may hold
#: beside letters and digits (Django's ``@.+-_``). ``guest_k3x9qa``, ``guest.k3x9qa`` or
#: ``Guest@home`` would read as a guest beside the real ``guest-k3x9qa``; ``guesthouse`` does not.
NAME_SEPARATORS = "-_.@+"
GUEST_NAME_ALPHABET = string.ascii_lowercase + string.digits
GUEST_NAME_LENGTH = 6


def guest_name() -> str:
    """A fresh guest name, ``guest-k3x9qa`` (36**6, about two billion: a clash is retried)."""
    tail = "".join(secrets.choice(GUEST_NAME_ALPHABET) for _ in range(GUEST_NAME_LENGTH))
    return f"{GUEST_PREFIX}{tail}"


def is_reserved_word(key: str, word: str) -> bool:
    """Whether a name's key starts with ``word`` and then any separator.

    >>> [is_reserved_word(name, "guest") for name in ("guest_1", "guest@x", "guest", "guests")]
    [True, True, False, False]
    """
    return key.startswith(word) and key[len(word) : len(word) + 1] in set(NAME_SEPARATORS)


def is_guest_name(key: str) -> bool:
    """Whether a name's key (``username_key``: folded, so any case) is in the guests' reserved
    space: ``guest`` then any separator (``guest-``, ``guest_``, ``guest.``, ``guest@``,
    ``guest+``)."""
    return is_reserved_word(key, GUEST_PREFIX[:-1])


def is_guest(user: object) -> TypeGuard[AbstractBaseUser]:
    """True for a signed-in guest (False for anonymous users and accounts)."""
    if not getattr(user, "is_authenticated", False):
        return False
    from accounts.models import Guest

    pk = getattr(user, "pk", None)
    return pk is not None and Guest.objects.filter(user_id=pk).exists()
