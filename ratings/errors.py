"""The ratings' refusals, in the project's one error hierarchy (``games.errors``)."""

from games.errors import NotFound


class NotOnLadder(NotFound):
    """``around`` a player with no settled rating in that mode and kind (provisional,
    unrated, or on the other ladder)."""

    code = "not_on_ladder"


class SeasonNotFound(NotFound):
    """A week or month none of whose days has been rated (yet)."""

    code = "season_not_found"


class NotInSeason(NotFound):
    """``around`` a player with no place in that season, draw mode and kind."""

    code = "not_in_season"
