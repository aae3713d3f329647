"""Guests: play open deals in the browser at once, sign up later and keep every game.

* **Made at the first game, not at a page view**: ``guest_create`` runs only when an anonymous
  browser starts a game (``games.api.guests``), so a crawler reading pages makes no user. A
  guest is a real user (``accounts.guests``), so every rule of a player applies as is: the
  games-per-day and actions-per-hour quotas, one entry per board, assistance for good.
* **Open deals only**: the ranked daily needs an account (``account_required_check``, a 403
  ``account_required``). So a guest never holds a game under the one-ranked-game rule, which
  is what lets ``guest_merge`` move their games anywhere.
* **Sign up from the guest session** (``guest_sign_up``): the same user gets the name and the
  password, the ``Guest`` row goes. No row moves: games, entries and assistance are theirs
  already; only the rank index (whose members carry the name) is told again.
* **Sign in to an account from the guest session** (``guest_merge``): the guest's games move
  to the account, except those on a board where the guest asked a hint: an assistance mark
  follows the guest's own games into a *new* account made from the guest (the sign-up above),
  never into an existing account, which a hint asked by whoever last used the browser must not
  mark (issue 38, N11). Those games stay the guest's, with the mark, on their boards under the
  guest's name (a signed-out guest's, in effect; deleted with the guest if they hold no action).
  The entries of the boards concerned are derived again exactly as ``rebuild_projections``
  would derive them, then the guest user is deleted if nothing is left to it. Signing in to a
  declared bot's account, the games become the bot's (``Game.bot``) and rank with its others,
  on the bots partition.
* **Idle guests** (``idle_guests_delete``): a guest idle for N days whose games hold no action
  is deleted with those games. A guest who played is kept: their logs are append-only
  history (the database refuses to delete an action), as every player's are.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import timedelta
from functools import partial

from django.contrib.auth.models import AbstractBaseUser, User
from django.db import IntegrityError, transaction
from django.db.models import F, Max
from django.utils import timezone
from django.utils.translation import gettext
from rest_framework.authtoken.models import Token

from accounts.bots import is_bot
from accounts.guests import guest_name, is_guest
from accounts.models import Guest, UsernameKey
from accounts.usernames import username_key
from games import live, rank_index
from games.boards import ranking_board
from games.errors import AccountRequired, Conflict
from games.models import Assistance, Game, LeaderboardEntry
from games.projections import board_counts_move, entry_refresh
from games.ranking import standing_of
from games.services.players import bot_declare, checked_credentials, username_taken
from games.services.row_locks import lock_player

#: Names tried before a guest creation gives up (a clash is one in a billion per try).
NAME_ATTEMPTS = 5


def guest_create() -> User:
    """A new guest user: a fresh ``guest-xxxxxx`` name, no usable password, no token."""
    for _ in range(NAME_ATTEMPTS):
        try:
            with transaction.atomic():
                user = User.objects.create_user(username=guest_name())
                Guest.objects.create(user=user)
                return user
        except IntegrityError:  # the name was taken: draw another
            continue
    raise Conflict(gettext("no free guest name was found; try again"))


def account_required_check(*, player: AbstractBaseUser, what: str) -> None:
    """Refuse ``what`` to a guest: only an account may do it."""
    if is_guest(player):
        raise AccountRequired(
            gettext("%(what)s needs an account: sign up (your games as a guest are kept)")
            % {"what": what},
            sign_up="/api/players/",
        )


def guest_sign_up(
    *,
    guest: AbstractBaseUser,
    username: str,
    password: str,
    with_token: bool = False,
    bot: bool = False,
) -> tuple[User, Token | None]:
    """Make the guest an account in place: name, password, no ``Guest`` row; same user id,
    so every game, entry and assistance mark stays theirs. The name rules are a sign-up's
    (``checked_credentials``, free by ``username_key``). ``bot``: declare the account a bot,
    which a guest's games forbid (``bot_declare``: a 409, nothing changed)."""
    username = checked_credentials(username=username, password=password)
    taken = username_taken(username)
    try:
        with transaction.atomic():
            lock_player(player_id=guest.pk)
            user = User.objects.get(pk=guest.pk)
            if not Guest.objects.filter(user_id=user.pk).delete()[0]:
                raise Conflict(gettext("this player is not a guest (any more): sign in instead"))
            if UsernameKey.objects.filter(key=username_key(username)).exclude(user=user).exists():
                raise taken
            user.username = username
            user.set_password(password)
            user.save()  # the UsernameKey follows (accounts.signals); unique, so races lose
            token = Token.objects.create(user=user) if with_token else None
            if bot:
                bot_declare(player_id=user.pk)
            entries_renamed(player_id=user.pk)
    except IntegrityError as error:
        raise taken from error
    return user, token


def entries_renamed(*, player_id: int) -> None:
    """The player's name changed: their entries' rank index members carry the old one, so
    each entry takes a new revision (the index only takes newer states) and is put in again
    after the commit. SQL reads join the name and need nothing."""
    entries = LeaderboardEntry.objects.filter(player_id=player_id)
    boards = list(entries.values_list("board", flat=True))
    entries.update(revision=F("revision") + 1)
    transaction.on_commit(partial(boards_told, boards=boards, player_ids=(player_id,)))


def boards_told(*, boards: Iterable[str], player_ids: Iterable[int]) -> None:
    """After the commit: the rank index takes the players' entries on ``boards`` as they now
    are (or drops them), and each board's watchers get a version gap, which makes them read
    the board again (the names on it changed, which no ``entry`` message can say)."""
    boards = sorted(set(boards))
    for board in boards:
        for player_id in player_ids:
            rank_index.entry_changed(board=board, player_id=player_id)
    live.missed_boards.add(boards)


def guest_merge(*, guest_id: int, into: AbstractBaseUser) -> int:
    """Move the guest's games to the account ``into``, but for those on boards where the guest
    is marked assisted (the mark is the guest's, never the account's: they stay the guest's),
    derive the entries of the boards concerned again, delete the guest if nothing is left to
    it; how many games moved.

    Locks follow the one order (game rows, then player rows, by id), so a move the guest
    makes meanwhile either lands before the merge or finds the game no longer theirs."""
    with transaction.atomic():
        games = list(Game.objects.select_for_update().filter(player_id=guest_id).order_by("id"))
        for player_id in sorted({guest_id, into.pk}):
            lock_player(player_id=player_id)
        if guest_id == into.pk or not Guest.objects.filter(user_id=guest_id).exists():
            return 0
        # Guests cannot start a ranked daily (account_required_check): every game is open.
        assert all(game.daily is None for game in games), "a guest holds a ranked game"
        helped = set(Assistance.objects.filter(player_id=guest_id).values_list("board", flat=True))
        # By query, not the list above: a game the guest started meanwhile moves too.
        moving = Game.objects.filter(player_id=guest_id).exclude(board__in=helped)
        bot = is_bot(into)  # the games rank where the account's do (a guest is no bot)
        boards = sorted(
            {ranking_board(board, bot=bot) for board in moving.values_list("board", flat=True)}
        )
        moved_entries = LeaderboardEntry.objects.filter(player_id=guest_id).exclude(
            board__in=helped
        )
        for entry in moved_entries.order_by("board"):
            entry.delete()
            board_counts_move(board=entry.board, before=standing_of(entry), after=None)
        moved = moving.update(player_id=into.pk, bot=bot)
        for board in boards:
            entry_refresh(board=board, player_id=into.pk)
        kept = Game.objects.filter(player_id=guest_id).exists()  # hinted: the guest's still
        if not kept:
            User.objects.filter(pk=guest_id).delete()  # its Guest, name key and marks go too
        transaction.on_commit(partial(boards_told, boards=boards, player_ids=(guest_id, into.pk)))
    if kept:
        unplayed_guest_delete(guest_id=guest_id)  # kept only for hinted games that were played
    return moved


def idle_guests_delete(*, days: int) -> int:
    """Delete guests with nothing new for ``days`` days whose games hold no action (with
    those empty games); how many. Guests who played stay: actions are never deleted."""
    cutoff = timezone.now() - timedelta(days=days)
    idle = (
        Guest.objects.filter(created_at__lt=cutoff)
        .annotate(last_game=Max("user__games__updated_at"), played=Max("user__games__seq"))
        .filter(played__in=(None, 0))
        .exclude(last_game__gte=cutoff)
        .values_list("user_id", flat=True)
    )
    return sum(unplayed_guest_delete(guest_id=user_id) for user_id in list(idle))


def guest_signed_out(*, guest_id: int) -> bool:
    """The guest's session ended: nobody can be them again (no password, no token), so the
    guest identity ends with it. A guest who never made a move goes at once, with their empty
    games, as ``delete_idle_guests`` would take them later; one who played stays on the boards
    they played under their guest name (their logs are append-only). Whether they went."""
    return unplayed_guest_delete(guest_id=guest_id)


def unplayed_guest_delete(*, guest_id: int) -> bool:
    """Delete a guest whose games hold no action, with those games; False (nothing deleted)
    if one has an action (played meanwhile) or the user is no guest (signed up meanwhile)."""
    with transaction.atomic():
        games = Game.objects.select_for_update().filter(player_id=guest_id)
        if games.filter(seq__gt=0).exists():
            return False
        lock_player(player_id=guest_id)
        if not Guest.objects.filter(user_id=guest_id).exists():
            return False
        games.delete()
        User.objects.filter(pk=guest_id).delete()
    return True
