"""The referee's seeds on a board, keyed with this server's ``DAILY_SECRET``
(``games.daily.drawing.board_seed`` says why no verdict may be computable offline)."""

from django.conf import settings

from games.daily.drawing import board_seed as keyed_board_seed


def board_seed(board: str, purpose: str) -> int:
    """The seed of ``purpose`` on ``board`` under this server's ``DAILY_SECRET``."""
    return keyed_board_seed(settings.DAILY_SECRET, board, purpose)
