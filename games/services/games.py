"""Starting a game: a deal code, one of today's ranked dailies, or a fresh random deal."""

from dataclasses import dataclass

from django.contrib.auth.models import User
from django.db import IntegrityError
from django.utils import timezone
from django.utils.translation import gettext

from accounts.bots import is_bot
from engine import CodedDeal, random_code
from engine import Game as EngineGame
from games.boards import DAILY_MODES, Board, daily_board, utc_today
from games.daily.store import daily_code, daily_deal_get, open_deal
from games.errors import InvalidInput
from games.hooks import ranked_game_started
from games.models import Game
from games.projections import engine_summary
from games.quotas import games_quota_check
from games.replaying import deal_from_code
from games.services.entry_after_write import entry_after_write
from games.services.guests import account_required_check
from games.services.locking import lock_new_games_player
from games.services.unit_of_work import unit_of_work
from shared.origins import Origin


@dataclass(frozen=True)
class Started:
    """The game asked for; ``created`` is False when a ranked daily game already existed
    (there is one per player and board, and no restart)."""

    game: Game
    created: bool


def resolve_deal(
    *, code: str | None, daily: str | None, draw: int | None
) -> tuple[CodedDeal, Board]:
    """The deal a new game is for and the board it ranks on; exactly one way of naming it
    must be given."""
    named = {"code": code or None, "daily": daily or None, "draw": draw}
    given = [name for name, value in named.items() if value is not None]
    if len(given) != 1:
        raise InvalidInput(
            gettext('give exactly one of "code", "daily" ("D3" or "D1") or "draw" (1 or 3)'),
            given=given,
        )
    if daily:
        if daily not in DAILY_MODES:
            raise InvalidInput(
                gettext('daily must be "D3" or "D1", not \'%(daily)s\'') % {"daily": daily},
                daily=daily,
            )
        today = utc_today()
        deal = deal_from_code(daily_code(daily_deal_get(day=today), daily))
        return deal, daily_board(today, daily)
    if code:
        deal = open_deal(code)
    elif draw in (1, 3):
        deal = deal_from_code(random_code(draw=draw))
    else:
        raise InvalidInput(gettext("draw must be 1 or 3, not %(draw)s") % {"draw": draw}, draw=draw)
    return deal, Board(id=str(deal.code))


def game_create(
    *,
    player: User,
    code: str | None = None,
    daily: str | None = None,
    draw: int | None = None,
    origin: Origin | None = None,
) -> Started:
    """A new game for ``player``, or their ranked game of today if ``daily`` names one they
    have already started (an account's only: a guest gets ``AccountRequired``). A game joins
    its board's leaderboard with its first action. ``origin``: where the request came from;
    a new ranked game hands it to fair play, which holds the game if another player's ranked
    game on the board came from there first."""
    deal, board = resolve_deal(code=code, daily=daily, draw=draw)
    if board.is_daily:
        account_required_check(player=player, what=gettext("the ranked daily"))
        existing = ranked_game(board=board, player=player)
        if existing is not None:
            return Started(game=existing, created=False)
    games_quota_check(player_id=player.pk)
    now = timezone.now()
    try:
        with unit_of_work() as unit:
            lock_new_games_player(unit=unit, player_id=player.pk)
            game = Game.objects.create(
                bot=is_bot(player),  # read under the player's lock: see bot_declare
                code=deal.code,
                draw=deal.draw,
                number=deal.number,  # None for a CF2 deal
                board=board.id,
                daily=board.day,
                player_id=player.pk,
                created_at=now,
                reached_at=now,
                elapsed=0,
                **engine_summary(EngineGame(deal)),
            )
            entry_after_write(unit=unit, game=game)
            if board.is_daily:
                ranked_game_started(game=game, origin=origin)
    except IntegrityError:
        existing = ranked_game(board=board, player=player) if board.is_daily else None
        if existing is None:
            raise
        return Started(game=existing, created=False)  # a second tab started it meanwhile
    return Started(game=game, created=True)


def ranked_game(*, board: Board, player: User) -> Game | None:
    return Game.objects.filter(board=board.id, player_id=player.pk).first()
