"""The leagues' refusals, in the project's one error hierarchy (``games.errors``): each a
4xx JSON body with its ``code`` and ``detail`` in the request's language."""

from games.errors import Conflict, NotFound, ServiceError


class LeagueNotFound(NotFound):
    """No such league, or one the asker is not a member of: the same answer for both, so a
    league's id tells a stranger nothing."""

    code = "league_not_found"


class InviteNotFound(NotFound):
    """An invite token that opens no league: mistyped, forged, or renewed since."""

    code = "invite_not_found"


class NotLeagueOwner(ServiceError):
    status = 403
    code = "not_league_owner"


class NotLeagueMember(NotFound):
    """A player named (to remove, to hand on to) who is not a member of the league."""

    code = "not_league_member"


class LeagueFull(Conflict):
    code = "league_full"


class TooManyLeagues(Conflict):
    code = "too_many_leagues"


class OwnerMustHandOn(Conflict):
    """The owner leaving, or removed, while others remain: the league needs an owner."""

    code = "owner_must_hand_on"
