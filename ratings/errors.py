"""The ratings' refusals, in the project's one error hierarchy (``games.errors``)."""

from games.errors import NotFound


class NotOnLadder(NotFound):
    """``around`` a player with no settled rating in that mode and kind (provisional,
    unrated, or on the other ladder)."""

    code = "not_on_ladder"
