"""Players: sign-up and credentials (Django users with a DRF token).

A player has at most one API token. Logging in for a token (``player_token_rotate``) makes a
new one and kills the old, so a leaked token dies at the next login; ``player_token_revoke``
kills it outright; ``CANFIELD_TOKEN_MAX_AGE_DAYS`` bounds its life
(``games.api.authentication``). A browser signs in with a session cookie and gets no token:
page script (and whatever else runs on the page) never holds a permanent credential.
"""

from django.contrib.auth import authenticate, password_validation
from django.contrib.auth.models import AbstractBaseUser, User
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from rest_framework.authtoken.models import Token

from games.errors import BadCredentials, InvalidInput, UsernameTaken


def player_create(
    *, username: str, password: str, with_token: bool = True
) -> tuple[User, Token | None]:
    """Create a player, with an API token unless ``with_token`` is false (a browser sign-up);
    the password must pass Django's validators."""
    candidate = User(username=username)
    try:
        User.username_validator(username)
        password_validation.validate_password(password, user=candidate)
    except ValidationError as error:
        raise InvalidInput(" ".join(error.messages)) from error
    try:
        with transaction.atomic():
            if User.objects.filter(username__iexact=username).exists():
                raise UsernameTaken(f"the username {username!r} is taken")
            user = User.objects.create_user(username=username, password=password)
            token = Token.objects.create(user=user) if with_token else None
    except IntegrityError as error:  # two sign-ups with one name at the same moment
        raise UsernameTaken(f"the username {username!r} is taken") from error
    return user, token


def player_authenticate(*, username: str, password: str) -> AbstractBaseUser:
    """The player with these credentials, or ``BadCredentials`` (no hint which one was wrong)."""
    user = authenticate(username=username, password=password)
    if user is None:
        raise BadCredentials("unknown username or wrong password")
    return user


def player_token_rotate(*, user: AbstractBaseUser) -> Token:
    """A new API token for the player; the one they had stops working."""
    with transaction.atomic():
        Token.objects.filter(user=user).delete()
        return Token.objects.create(user=user)


def player_token_revoke(*, user: AbstractBaseUser) -> None:
    """The player's API token stops working (they may log in for a new one)."""
    Token.objects.filter(user=user).delete()
