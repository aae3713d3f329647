"""A player's page: their games and totals."""

from dataclasses import dataclass

from django.contrib.auth.models import User
from django.db.models import Count, Max, Q, QuerySet, Sum
from django.utils.translation import gettext

from games.boards import first_sealed_day
from games.errors import PlayerNotFound
from games.models import Game
from games.selectors.games import Viewer

RECENT_GAMES = 50


@dataclass(frozen=True)
class PlayerProfile:
    user: User
    totals: dict[str, int]
    games: QuerySet[Game]


def player_user(*, username: str) -> User:
    """The player of that name (``PlayerNotFound``: a 404 naming it)."""
    user = User.objects.filter(username=username).first()
    if user is None:
        raise PlayerNotFound(
            gettext("there is no player '%(name)s'") % {"name": username}, username=username
        )
    return user


def player_profile(*, username: str, viewer: Viewer = None) -> PlayerProfile:
    """Totals over all of a player's games and their most recent games (newest first). A
    game still sealed is listed to its owner only: to anyone else it does not exist."""
    user = player_user(username=username)
    totals = Game.objects.filter(player=user).aggregate(
        games=Count("id"),
        won=Count("id", filter=Q(status=Game.Status.WON)),
        playing=Count("id", filter=Q(status=Game.Status.PLAYING)),
        resigned=Count("id", filter=Q(status=Game.Status.RESIGNED)),
        best_cards=Max("cards"),
        best_score=Max("score"),
        total_score=Sum("score"),
    )
    clean = {name: value or 0 for name, value in totals.items()}
    games = Game.objects.filter(player=user).select_related("player").order_by("-created_at")
    if viewer is None or viewer.pk != user.pk:
        games = games.exclude(daily__gte=first_sealed_day())
    return PlayerProfile(user=user, totals=clean, games=games[:RECENT_GAMES])
