"""Players: sign-up and credentials (Django users with a DRF token)."""

from django.contrib.auth import authenticate, password_validation
from django.contrib.auth.models import AbstractBaseUser, User
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from rest_framework.authtoken.models import Token

from games.errors import BadCredentials, InvalidInput, UsernameTaken


def player_create(*, username: str, password: str) -> tuple[User, Token]:
    """Create a player and their API token; the password must pass Django's validators."""
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
            token = Token.objects.create(user=user)
    except IntegrityError as error:  # two sign-ups with one name at the same moment
        raise UsernameTaken(f"the username {username!r} is taken") from error
    return user, token


def player_authenticate(*, username: str, password: str) -> AbstractBaseUser:
    """The player with these credentials, or ``BadCredentials`` (no hint which one was wrong)."""
    user = authenticate(username=username, password=password)
    if user is None:
        raise BadCredentials("unknown username or wrong password")
    return user


def player_token(*, user: AbstractBaseUser) -> Token:
    """The player's API token (created on first use for players made another way)."""
    token, _ = Token.objects.get_or_create(user=user)
    return token
