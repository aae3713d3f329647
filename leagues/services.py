"""League writes: create, join by invite, leave, and the owner's rename, removal, new invite
and hand-over. Each is one transaction; a refusal writes nothing.

Limits (``leagues.limits``) are counted under a lock: the joining player's row (their
leagues) and the league's row (its members), so two joins at once cannot both pass the last
place. A member who leaves or is removed is told to their open league sockets after the
commit (``leagues.live.member_gone``): they stop getting the league's messages at once.
"""

from __future__ import annotations

import secrets

from django.contrib.auth.models import User
from django.db import transaction
from django.utils.translation import gettext

from accounts.guests import is_guest
from games.errors import AccountRequired
from games.services.players import field_errors
from leagues import live
from leagues.errors import (
    InviteNotFound,
    LeagueFull,
    LeagueNotFound,
    NotLeagueMember,
    NotLeagueOwner,
    OwnerMustHandOn,
    TooManyLeagues,
)
from leagues.limits import INVITE_BYTES, INVITE_MAX_LENGTH, MAX_LEAGUES_PER_PLAYER, MAX_MEMBERS
from leagues.models import League, Membership
from leagues.names import league_name, league_name_problem


def new_invite() -> str:
    return secrets.token_urlsafe(INVITE_BYTES)


def account_of(player: User) -> User:
    """``player`` if an account may be in leagues; a guest is asked to sign up (403)."""
    if is_guest(player):
        raise AccountRequired(
            gettext("Leagues need an account: sign up, and your games as a guest come with you")
        )
    return player


def checked_name(text: str) -> str:
    """The name as it is kept, or a 400 naming ``name``."""
    name = league_name(text)
    problem = league_name_problem(name)
    if problem is not None:
        raise field_errors(codes={"name": ["league_name"]}, name=[problem])
    return name


def lock_player_leagues(player: User) -> int:
    """Lock the player's row (their joins one at a time) and count their leagues."""
    User.objects.select_for_update().filter(pk=player.pk).values_list("pk").first()
    return Membership.objects.filter(player=player).count()


def too_many(count: int) -> TooManyLeagues | None:
    if count < MAX_LEAGUES_PER_PLAYER:
        return None
    return TooManyLeagues(
        gettext("You are in %(limit)d leagues, the most one player may be in: leave one first")
        % {"limit": MAX_LEAGUES_PER_PLAYER},
        limit=MAX_LEAGUES_PER_PLAYER,
    )


def not_found(league_id: int) -> LeagueNotFound:
    return LeagueNotFound(
        gettext("No league %(id)s of yours") % {"id": league_id}, league=league_id
    )


def member_league(*, player: User, league_id: int, lock: bool = False) -> League:
    """The league ``league_id`` if ``player`` is a member (locked for a write), else 404."""
    leagues = League.objects.select_for_update() if lock else League.objects.all()
    league = leagues.filter(pk=league_id, memberships__player=player).first()
    if league is None:
        raise not_found(league_id)
    return league


def owned_league(*, player: User, league_id: int) -> League:
    """The league, locked, if ``player`` owns it: 404 to a stranger, 403 to a member."""
    league = member_league(player=player, league_id=league_id, lock=True)
    if league.owner_id != player.pk:
        raise NotLeagueOwner(gettext("Only the league's owner may do that"), league=league_id)
    return league


def league_create(*, owner: User, name: str) -> League:
    """A new league named ``name``, ``owner`` its first member."""
    account_of(owner)
    name = checked_name(name)
    with transaction.atomic():
        refusal = too_many(lock_player_leagues(owner))
        if refusal is not None:
            raise refusal
        league = League.objects.create(name=name, owner=owner, invite=new_invite())
        Membership.objects.create(league=league, player=owner)
    return league


def league_join(*, player: User, invite: str) -> tuple[League, bool]:
    """Join the league ``invite`` opens: (the league, whether ``player`` joined just now).
    A member already in it is answered with it, nothing written."""
    account_of(player)
    refused = InviteNotFound(
        gettext("This invite link opens no league: it may have been renewed by the league's owner")
    )
    if not invite or len(invite) > INVITE_MAX_LENGTH:
        raise refused
    with transaction.atomic():
        count = lock_player_leagues(player)
        league = League.objects.select_for_update().filter(invite=invite).first()
        if league is None:
            raise refused
        if Membership.objects.filter(league=league, player=player).exists():
            return league, False
        refusal = too_many(count)
        if refusal is not None:
            raise refusal
        if Membership.objects.filter(league=league).count() >= MAX_MEMBERS:
            raise LeagueFull(
                gettext("%(name)s is full: a league has at most %(limit)d members")
                % {"name": league.name, "limit": MAX_MEMBERS},
                limit=MAX_MEMBERS,
            )
        Membership.objects.create(league=league, player=player)
    return league, True


def league_leave(*, player: User, league_id: int) -> bool:
    """``player`` leaves; the last member leaving deletes the league. The owner must hand it
    on first while others remain (409). Returns whether the league is gone."""
    with transaction.atomic():
        league = member_league(player=player, league_id=league_id, lock=True)
        members = Membership.objects.filter(league=league)
        if league.owner_id == player.pk:
            if members.exclude(player=player).exists():
                raise OwnerMustHandOn(
                    gettext("Hand the league on to another member before you leave it"),
                    league=league_id,
                )
            league.delete()
            gone = True
        else:
            members.filter(player=player).delete()
            gone = False
        live.member_gone_after_commit(league_id=league_id, player_id=player.pk)
    return gone


def member_of(league: League, username: str) -> Membership:
    found = (
        Membership.objects.filter(league=league, player__username=username)
        .select_related("player")
        .first()
    )
    if found is None:
        raise NotLeagueMember(
            gettext("%(name)s is not a member of this league") % {"name": username},
            username=username,
        )
    return found


def member_remove(*, player: User, league_id: int, username: str) -> None:
    """The owner removes the member ``username`` (not themselves: they leave, or hand on)."""
    with transaction.atomic():
        league = owned_league(player=player, league_id=league_id)
        member = member_of(league, username)
        if member.player_id == player.pk:
            raise OwnerMustHandOn(
                gettext("Hand the league on to another member before you leave it"),
                league=league_id,
            )
        member.delete()
        live.member_gone_after_commit(league_id=league_id, player_id=member.player_id)


def league_rename(*, player: User, league_id: int, name: str) -> League:
    name = checked_name(name)
    with transaction.atomic():
        league = owned_league(player=player, league_id=league_id)
        league.name = name
        league.save(update_fields=["name"])
    return league


def invite_renew(*, player: User, league_id: int) -> League:
    """A new invite token; the old one opens nothing from now on."""
    with transaction.atomic():
        league = owned_league(player=player, league_id=league_id)
        league.invite = new_invite()
        league.save(update_fields=["invite"])
    return league


def league_hand_on(*, player: User, league_id: int, username: str) -> League:
    """The owner makes the member ``username`` the owner (and stays a member)."""
    with transaction.atomic():
        league = owned_league(player=player, league_id=league_id)
        member = member_of(league, username)
        league.owner = member.player
        league.save(update_fields=["owner"])
    return league


def account_gone(player: User) -> None:
    """A deleted account (renamed ``deleted-…``, inactive: ``games.services.account_deletion``)
    leaves every league, in the deletion's own transaction: a league it owned passes to its
    longest-standing member, or goes with it when it was alone."""
    for league in League.objects.select_for_update().filter(memberships__player=player):
        if league.owner_id == player.pk:
            heir = (
                Membership.objects.filter(league=league)
                .exclude(player=player)
                .order_by("joined_at", "id")
                .first()
            )
            if heir is None:
                league.delete()
                continue
            league.owner_id = heir.player_id
            league.save(update_fields=["owner"])
        Membership.objects.filter(league=league, player=player).delete()
        live.member_gone_after_commit(league_id=league.pk, player_id=player.pk)
