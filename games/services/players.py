"""Players: sign-up and credentials (Django users with a DRF token).

A player has at most one API token. Logging in for a token (``player_token_rotate``) makes a
new one and kills the old, so a leaked token dies at the next login; ``player_token_revoke``
kills it outright; ``CANFIELD_TOKEN_MAX_AGE_DAYS`` bounds its life
(``games.api.authentication``). A browser signs in with a session cookie and gets no token:
page script (and whatever else runs on the page) never holds a permanent credential.

A player may declare itself a **bot** (``accounts.models.Bot``) at sign-up or later, but only
before its first game, and for good: its games rank apart (``games.boards.ranking_board``),
and a player's games must all rank in one partition for their entries to be theirs.
"""

from datetime import datetime

from axes.handlers.proxy import AxesProxyHandler
from django.contrib.auth import authenticate, password_validation
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.http import HttpRequest
from django.utils.translation import gettext
from rest_framework.authtoken.models import Token

from accounts.guests import is_guest
from accounts.models import Bot, UsernameKey
from accounts.usernames import username_key, username_problem
from games.errors import (
    AccountRequired,
    BadCredentials,
    BotTooLate,
    InvalidInput,
    UsernameTaken,
)
from games.models import Game
from games.password_checks import password_check_charge, password_check_succeeded
from games.services.row_locks import lock_player
from shared.client_address import request_client_address


def field_errors(
    *, codes: dict[str, list[str]] | None = None, **messages: list[str]
) -> InvalidInput:
    """A 400 naming the field(s) at fault, in the shape of DRF's validation errors; ``codes``:
    the validators' stable codes per field (``password_blank``), for clients to act on."""
    fields = {name: errors for name, errors in messages.items() if errors}
    first = next(iter(fields))
    extra = {"codes": {name: found for name, found in codes.items() if found}} if codes else {}
    return InvalidInput(f"{first}: {' '.join(fields[first])}", fields=fields, **extra)


def username_errors(username: str) -> list[str]:
    """Why ``username`` (NFKC already) may not be used: Django's characters, our shape."""
    try:
        User.username_validator(username)
    except ValidationError as error:
        return list(error.messages)
    problem = username_problem(username)
    return [problem] if problem else []


def password_problems(password: str, *, user: User) -> tuple[list[str], list[str]]:
    """Why ``password`` may not be ``user``'s (Django's validators, ``AUTH_PASSWORD_VALIDATORS``):
    the messages and the validators' codes, both empty when it may. One rule for a sign-up,
    a guest's sign-up and a password change."""
    try:
        password_validation.validate_password(password, user=user)
    except ValidationError as error:
        codes = [str(each.code) for each in error.error_list if each.code]
        return list(error.messages), codes
    return [], []


def checked_credentials(*, username: str, password: str) -> str:
    """The username in NFKC (as Django stores it) if it and the password may be used for a
    new account (a sign-up, or a guest's), else a 400 naming the field(s) at fault."""
    username = User.normalize_username(username)
    password_errors, password_codes = password_problems(password, user=User(username=username))
    if (errors := username_errors(username)) or password_errors:
        raise field_errors(
            username=errors, password=password_errors, codes={"password": password_codes}
        )
    return username


def username_taken(username: str) -> UsernameTaken:
    """The refusal of a name someone has (by ``username_key``), in the reader's language."""
    return UsernameTaken(gettext("the username %(name)r is taken") % {"name": username})


def player_create(
    *, username: str, password: str, with_token: bool = True, bot: bool = False
) -> tuple[User, Token | None]:
    """Create a player, with an API token unless ``with_token`` is false (a browser sign-up),
    a declared bot if ``bot``.

    The name is stored in NFKC (as Django does) and must be free by ``username_key`` (case
    and compatibility forms folded: ``\uff23AROL`` is ``carol``); the unique ``UsernameKey`` row
    written with the user settles two sign-ups racing for one name. The password must pass
    Django's validators (``AUTH_PASSWORD_VALIDATORS``)."""
    username = checked_credentials(username=username, password=password)
    taken = username_taken(username)
    try:
        with transaction.atomic():
            if UsernameKey.objects.filter(key=username_key(username)).exists():
                raise taken
            user = User.objects.create_user(username=username, password=password)
            token = Token.objects.create(user=user) if with_token else None
            if bot:
                Bot.objects.create(user=user)
    except IntegrityError as error:  # two sign-ups with one name at the same moment
        raise taken from error
    return user, token


def bot_declare(*, player_id: int) -> None:
    """Make the player a declared bot, unless they have a game (``BotTooLate``: a 409, nothing
    written); nothing to do for a bot already. Call in a transaction holding the player's row
    lock: a game is created under the same lock (``lock_new_games_player``), so a declaration
    and a first game never cross."""
    if Bot.objects.filter(user_id=player_id).exists():
        return
    if Game.objects.filter(player_id=player_id).exists():
        raise BotTooLate(
            gettext(
                "a bot declares itself before its first game: this account has played already"
                " (its games rank with people's, as they were played)"
            )
        )
    Bot.objects.create(user_id=player_id)


def player_bot_declare(*, user: User) -> None:
    """``POST /api/me/bot/``: the signed-in account declares itself a bot, for good. A guest
    may not (``AccountRequired``): a guest has a game already and is a person in a browser."""
    if is_guest(user):
        raise AccountRequired(
            gettext('only an account may declare itself a bot: sign up with "bot": true'),
            sign_up="/api/players/",
        )
    with transaction.atomic():
        lock_player(player_id=user.pk)
        bot_declare(player_id=user.pk)


def password_checked(*, username: str, password: str, request: HttpRequest) -> User | None:
    """The player named ``username`` if ``password`` is theirs, else None: the one way a
    password is checked (a login, a password change), bounded like a login.

    ``request`` is the Django request: django-axes counts failures per account and client
    address on it and refuses a locked-out check before any password is hashed (its
    middleware then answers 429, ``games.api.lockout``). A check it lets through is charged to
    the address's, the account's and the deployment's budgets of password checks first, the
    latter shared fairly between networks (``games.password_checks``); a right password then
    counts against the account's own rate."""
    if AxesProxyHandler.is_allowed(request, {"username": username}):
        password_check_charge(address=request_client_address(request), username=username)
    user = authenticate(request=request, username=username, password=password)
    # None: refused (ModelBackend only ever returns a User).
    if not isinstance(user, User):
        return None
    password_check_succeeded(username=username)
    return user


def player_authenticate(*, username: str, password: str, request: HttpRequest) -> User:
    """The player with these credentials, or ``BadCredentials`` (no hint which one was
    wrong); checked and bounded by ``password_checked``."""
    user = password_checked(username=username, password=password, request=request)
    if user is None:
        raise BadCredentials(gettext("unknown username or wrong password"))
    return user


def player_token_rotate(*, user: User, asked_at: datetime) -> Token:
    """A new API token for the player; the one they had stops working.

    Logins of one player take their turn on the user's row. A token made after ``asked_at``
    (when this login began) is a concurrent login's: both logins get that one, rather than
    each killing the other's token (or, unserialised, both inserting: a unique violation)."""
    with transaction.atomic():
        User.objects.select_for_update().filter(pk=user.pk).exists()
        concurrent = Token.objects.filter(user=user, created__gte=asked_at).first()
        if concurrent is not None:
            return concurrent
        Token.objects.filter(user=user).delete()
        return Token.objects.create(user=user)


def player_token_revoke(*, user: User) -> None:
    """The player's API token stops working (they may log in for a new one)."""
    Token.objects.filter(user=user).delete()
