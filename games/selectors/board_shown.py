"""Which boards exist for a client: one rule for a board's REST answers and its socket.

``GET /api/leaderboards/<board>/`` answered 404 for tomorrow's daily board while
``ws/leaderboards/<board>/`` opened on it (issue 38, N14): the socket parsed the name and
nothing more. Both now ask ``board_shown``.
"""

from __future__ import annotations

from games.boards import Board, parse_board
from games.daily.store import daily_deal_shown, open_deal


def board_shown(text: str) -> Board:
    """The board ``text`` names if a client may see it, else the REST refusal:
    ``BadBoard`` (400) for a malformed name or a day past the calendar's last; a daily
    board's day must be today or a past day that had deals (``DailyNotFound``, 404: the future
    is never told); a deal code's board must not be a sealed daily's layout (``DealSealed``)."""
    board = parse_board(text)
    if board.day is not None:
        daily_deal_shown(day=board.day)
    else:
        open_deal(board.id)
    return board
