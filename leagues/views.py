"""The leagues' pages: a league (members only) and the invite link's page.

Both are rendered on the server from the API's own selectors (as ``web.seasons``), and their
script (``web/static/web/js/pages/league.js``, ``league_join.js``) makes the boards live and
sends the owner's changes and the join through the API. A league is a 404 page to anyone
but its members, as the API's 404; an invite that opens no league is a clear 404 page, and
nothing is joined: joining is the API's ``POST`` (the page's script sends it, so a link
alone, or an image on another site, joins nobody).
"""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext
from django.views.decorators.csrf import ensure_csrf_cookie
from django.views.decorators.http import require_safe

from accounts.guests import is_guest
from leagues.errors import LeagueNotFound
from leagues.limits import INVITE_MAX_LENGTH
from leagues.models import League
from leagues.selectors import (
    LIMITS,
    league_members,
    league_of_member,
    league_seasons,
    league_today,
)
from shared.words import page_words


def _page(
    request: HttpRequest,
    template: str,
    *,
    title: str,
    data: dict[str, Any],
    status: int = 200,
    **context: Any,
) -> HttpResponse:
    """A page in the site's shell (``web/base.html``), as ``web.views`` renders its own."""
    return render(
        request,
        f"leagues/{template}",
        {"title": title, "page_data": data, "words": page_words(), **context},
        status=status,
    )


def _no_league(request: HttpRequest) -> HttpResponse:
    return _page(
        request,
        "no_league.html",
        title=gettext("No such league"),
        data={"path": request.path},
        status=404,
    )


@require_safe
@ensure_csrf_cookie
def league(request: HttpRequest, league_id: int) -> HttpResponse:
    """A league's page: today's D3 and D1 within the league (live), this week's and this
    month's standings, each member's streak; the invite link; the owner's controls."""
    try:
        found = league_of_member(viewer=request.user, league_id=league_id)
    except LeagueNotFound:
        return _no_league(request)
    owned = found.owner_id == request.user.pk
    members = league_members(found)
    invite_url = request.build_absolute_uri(f"/leagues/join/{found.invite}/")
    return _page(
        request,
        "league.html",
        title=gettext("League %(name)s") % {"name": found.name},
        data={
            "league": found.pk,
            "name": found.name,
            "owned": owned,
            "me": request.user.get_username(),
            "boards": league_today(),
            "invite_url": invite_url,
        },
        league=found,
        owned=owned,
        members=[asdict(member) for member in members],
        seasons=league_seasons(found),
        invite_url=invite_url,
        limits=LIMITS,
    )


@require_safe
@ensure_csrf_cookie
def join(request: HttpRequest, invite: str) -> HttpResponse:
    """The invite link: the league it opens, and a way in. Signed in (an account), the
    page's script joins at once and goes to the league; a guest or a visitor is asked to sign
    up (or in) and comes back here. A stale or forged link: a 404 page saying so."""
    found = (
        League.objects.filter(invite=invite).select_related("owner").first()
        if 0 < len(invite) <= INVITE_MAX_LENGTH
        else None
    )
    if found is None:
        return _page(
            request,
            "bad_invite.html",
            title=gettext("This invite link does not work"),
            data={},
            status=404,
        )
    signed_in = request.user.is_authenticated and not is_guest(request.user)
    member = signed_in and found.memberships.filter(player_id=request.user.pk).exists()
    return _page(
        request,
        "join.html",
        title=gettext("Join %(name)s") % {"name": found.name},
        data={
            "invite": invite,
            "league": found.pk,
            "name": found.name,
            "account": signed_in,
            "member": member,
        },
        league=found,
        account=signed_in,
        member=member,
        size=found.memberships.count(),
    )
