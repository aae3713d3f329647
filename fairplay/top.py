"""The top of a board is reviewed before it stands: a flagged line that would rank in a
board's top ``TOP_REVIEWED`` is held until staff decide, whatever the signal's strength.

A listed flag (a borderline signal) leaves its entry on the board, which is right for an
entry in the middle of the field and wrong for the one at rank 1: a security review placed a
line between the threshold and the best table-view run (listed, never held) and it stood at
rank 1. Where a line ranks among a board's first ten, the cost of a wrong hold (a short wait
for a staff decision) is small beside the cost of a wrong rank 1, so the listing becomes a
hold there. The entry's place is counted on the standing alone (assisted, cards, actions):
an entry tied on actions with the tenth counts as in the top, so the check errs toward
review.
"""

from django.conf import settings
from django.db.models import Q

from fairplay.models import Flag
from games.boards import ranking_board
from games.models import Game, LeaderboardEntry
from games.ranking import order_by
from games.selectors.provisional import PROVISIONAL_DAYS, provisional_players, ranked_days


def top_reviewed() -> int:
    """How many places at the top of a board are reviewed before a flagged line may stand
    there (``CANFIELD_TOP_REVIEWED``, 10 by default; 0 reviews none)."""
    return int(settings.CANFIELD_TOP_REVIEWED)


def ranks_in_top(game: Game) -> bool:
    """Whether ``game``'s line as it stands would rank within the reviewed top of its board
    (people and declared bots each on their own ranking), other players' entries that stand
    strictly better counted (held games have no entry)."""
    top = top_reviewed()
    if top <= 0:
        return False
    ahead = (
        LeaderboardEntry.objects.filter(board=ranking_board(game.board, bot=game.bot))
        .exclude(player_id=game.player_id)
        .filter(
            better_standing(assisted=game.assisted, cards=game.cards, actions=game.action_count)
        )
    )
    return ahead[:top].count() < top


def better_standing(*, assisted: bool, cards: int, actions: int) -> Q:
    """Entries whose (assisted, cards, actions) standing ranks strictly before this one."""
    same_help = Q(assisted=assisted)
    better = same_help & (Q(cards__gt=cards) | Q(cards=cards, action_count__lt=actions))
    if assisted:
        better |= Q(assisted=False)
    return better


def provisional_top_listed(board: str) -> list[int]:
    """List for staff each provisional entry (its player's first ``PROVISIONAL_DAYS`` ranked
    days, ``games.selectors.provisional``) standing in ``board``'s reviewed top: a new
    account has no history for fair play to read yet, and the top is where it pays. Listed,
    never held (the entry stays); once per game. The ids of the games newly listed."""
    top = top_reviewed()
    if top <= 0:
        return []
    standing = list(
        LeaderboardEntry.objects.filter(board=board)
        .order_by(*order_by())
        .values_list("game_id", "player__username", "game__daily")[:top]
    )
    found = provisional_players(board=board, usernames=(name for _, name, _ in standing))
    flagged = set(
        Flag.objects.filter(
            game_id__in=[game for game, _, _ in standing], reason=Flag.Reason.PROVISIONAL
        ).values_list("game_id", flat=True)
    )
    listed = []
    for game_id, name, day in standing:
        if name not in found or game_id in flagged or day is None:
            continue
        days = ranked_days(usernames=[name], through=day).get(name, 0)
        Flag.objects.create(
            game_id=game_id,
            board=board,
            reason=Flag.Reason.PROVISIONAL,
            status=Flag.Status.LISTED,
            evidence={"ranked_days": days, "provisional_days": PROVISIONAL_DAYS, "top": top},
        )
        listed.append(game_id)
    return listed
