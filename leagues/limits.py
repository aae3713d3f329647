"""The leagues' limits, in one place (docs/contracts.md, "Leagues")."""

#: Leagues one player may be a member of (those they own included).
MAX_LEAGUES_PER_PLAYER = 20

#: Members of one league (its owner included).
MAX_MEMBERS = 1000

#: A league's name: characters, after NFKC and trimming.
NAME_MIN_LENGTH = 3
NAME_MAX_LENGTH = 40

#: Bytes of randomness in an invite token (``secrets.token_urlsafe``: 22 characters).
INVITE_BYTES = 16

#: An invite token's longest length as input (longer is refused before any read).
INVITE_MAX_LENGTH = 64
