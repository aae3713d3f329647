"""Whole games played offline: replayed in full, stored only if every action is legal.

Only open deals (a code) take submissions: a ranked daily is played live, on the server's
clock, one action at a time. A submitted game ranks with no elapsed time (``offline``).
"""

from django.conf import settings
from django.contrib.auth.models import User
from django.utils import timezone
from django.utils.translation import gettext

from accounts.bots import is_bot
from games.daily.store import open_deal
from games.errors import InvalidInput, LogTooLong, NothingToResign
from games.models import Action, Game
from games.projections import game_summary_from_log
from games.quotas import actions_quota_charge
from games.replaying import RESIGN, replay_log
from games.selectors.games import shown_state
from games.services.entry_after_write import entry_after_write
from games.services.locking import lock_new_games_player
from games.services.unit_of_work import unit_of_work


def submission_tokens(*, actions: list[str] | None, log: str | None) -> list[str]:
    """The submitted log as tokens: a list, or text with tokens separated by whitespace."""
    if (actions is None) == (log is None):
        raise InvalidInput(
            gettext('give exactly one of "actions" (a list of tokens) or "log" (text)')
        )
    tokens = actions if actions is not None else (log or "").split()
    limit = settings.CANFIELD_MAX_LOG_ACTIONS
    if len(tokens) > limit:
        raise LogTooLong(
            gettext("a log has at most %(limit)s actions, this one has %(count)s")
            % {"limit": limit, "count": len(tokens)},
            limit=limit,
        )
    return tokens


def submission_create(
    *,
    player: User,
    code: str,
    actions: list[str] | None = None,
    log: str | None = None,
) -> Game:
    """Replay a whole game; store it (game, every action, the entry) only if all is legal.
    The log is replayed once, the game row written once (its summary known before the
    INSERT), and the write announced once.

    A bad action raises ``RejectedAction``/``BadNotation`` with its ``index`` before anything
    is written. A log that ends neither won nor resigned stays playable through the API.
    """
    deal = open_deal(code)
    tokens = submission_tokens(actions=actions, log=log)
    if tokens[:1] == [RESIGN]:
        raise NothingToResign(
            gettext("the log starts with resign: there is nothing to resign"), index=0
        )
    actions_quota_charge(player_id=player.pk, actions=len(tokens))
    replayed = replay_log(code=deal.code, tokens=tokens)
    now = timezone.now()
    game = Game(
        code=deal.code,
        draw=deal.draw,
        # A CF2 deal has no number: the column turns nullable with the migration that
        # widens Game.code for CF2 codes; this ignore then goes (mypy flags it unused).
        number=deal.number,
        board=deal.code,
        offline=True,
        player_id=player.pk,
        created_at=now,
    )
    rows = [
        Action(game=game, seq=a.seq, token=a.token, score_after=a.score_after, created_at=now)
        for a in replayed.actions
    ]
    for field, value in game_summary_from_log(game=game, replayed=replayed, actions=rows).items():
        setattr(game, field, value)
    with unit_of_work() as unit:
        lock_new_games_player(unit=unit, player_id=player.pk)
        game.bot = is_bot(player)  # read under the player's lock: see bot_declare
        game.save()
        Action.objects.bulk_create(rows)
        # Nobody can watch a game before it exists: its watchers-to-be get its board on
        # connecting. So its last action alone is announced, with the board the replay
        # ended on (no replay for the announcement), and the entry.
        entry_after_write(
            unit=unit, game=game, actions=rows[-1:], state=shown_state(game, replayed.game)
        )
    return game
