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

from games.boards import ranking_board
from games.models import Game, LeaderboardEntry


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
