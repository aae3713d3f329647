"""Fair play's writes: a ranked game's origin and the link it may make, staff verdicts, and
the purge of origins past their keeping time.

The games service that starts a ranked daily game calls ``ranked_game_started`` inside its
transaction (the one call fair play asks of it); holding and releasing the entry is the
games app's own service (``games.services.holds``), which fair play calls.
"""

import hashlib
from datetime import datetime, timedelta

from django.contrib.auth.models import User
from django.db import connection, transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext

from fairplay.errors import BadVerdict, NotStaff, flag_not_found
from fairplay.models import Flag, GameOrigin, Verdict
from games.models import MAX_ID, Game
from games.services.holds import game_hold_set
from shared.origins import Origin

#: How long an origin is kept: long enough to link every game of a board (a ranked game can
#: only start on its own day), short enough that no one's whereabouts are kept for long.
ORIGIN_DAYS = 30
#: The longest note a verdict keeps.
NOTE_MAX_LENGTH = 2000


def ranked_game_started(*, game: Game, origin: Origin | None) -> Flag | None:
    """Record where the ranked ``game`` was started from; if that network or device started
    another player's ranked game on the same board earlier, the link binds both ways: the
    new game is flagged ``linked`` with the evidence and held before it has any action (its
    entry never shows), and so is every earlier game of the link, whatever it has done
    since (``earlier_linked``). Whoever starts first gains nothing: a throwaway account
    that starts second and sees the cards holds the first one too. Call inside the
    transaction that creates the game. ``origin`` None: nothing to record (a caller that
    has no request)."""
    if origin is None:
        return None
    origins_purge()
    lock_board_origins(board=game.board)
    links = earlier_links(game=game, origin=origin)
    GameOrigin.objects.create(
        game=game,
        board=game.board,
        network=origin.network,
        device=origin.device,
        created_at=game.created_at,
    )
    if not links:
        return None
    flag = Flag.objects.create(
        game=game, board=game.board, reason=Flag.Reason.LINKED, evidence=links
    )
    game_hold_set(game_id=game.id, held=True)
    later = {"game": game.id, "player": game.player_id}
    for other_game in sorted({int(str(link["game"])) for link in links}):
        kinds = [link["kind"] for link in links if link["game"] == other_game]
        earlier_linked(
            game_id=other_game, board=game.board, links=[{"kind": k, **later} for k in kinds]
        )
    return flag


def earlier_linked(*, game_id: int, board: str, links: list[dict[str, object]]) -> None:
    """Hold the earlier game ``game_id`` of a link with the later game's ``links`` as its
    evidence (added to what its ``linked`` flag holds already). A new link is new evidence:
    a flag listed or cleared before stands held again, for staff to decide with the rest of
    the link; a confirmed one stays confirmed."""
    flag = Flag.objects.select_for_update().filter(game_id=game_id, reason=Flag.Reason.LINKED)
    found = flag.first()
    if found is None:
        Flag.objects.create(game_id=game_id, board=board, reason=Flag.Reason.LINKED, evidence=links)
    else:
        known = list(found.evidence)
        found.evidence = known + [link for link in links if link not in known]
        if found.status != Flag.Status.CONFIRMED:
            found.status = Flag.Status.HELD
        found.save(update_fields=["evidence", "status"])
    held, confirmed = hold_of_flags(game_id=game_id)
    game_hold_set(game_id=game_id, held=held, confirmed=confirmed)


def lock_board_origins(*, board: str) -> None:
    """Serialise the ranked starts of one board until the transaction ends, so two accounts
    starting at the same instant from one network cannot each miss the other. PostgreSQL:
    an advisory lock keyed by the board; SQLite's writers are serialised already."""
    if connection.vendor != "postgresql":
        return
    digest = hashlib.sha256(f"canfield.fairplay.{board}".encode()).digest()
    key = int.from_bytes(digest[:8], "big", signed=True)
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_advisory_xact_lock(%s)", [key])


def earlier_links(*, game: Game, origin: Origin) -> list[dict[str, object]]:
    """The other players' ranked games on ``game``'s board started from the same network or
    device, oldest first: ``[{"kind": "network"|"device", "game": id, "player": id}]``."""
    shared = Q()
    if origin.network:
        shared |= Q(network=origin.network)
    if origin.device:
        shared |= Q(device=origin.device)
    if not shared:
        return []
    rows = (
        GameOrigin.objects.filter(shared, board=game.board)
        .exclude(game__player_id=game.player_id)
        .order_by("created_at", "id")
        .values_list("network", "device", "game_id", "game__player_id")
    )
    links: list[dict[str, object]] = []
    for network, device, other_game, other_player in rows:
        for kind, value, mine in (
            ("network", network, origin.network),
            ("device", device, origin.device),
        ):
            if mine and value == mine:
                links.append({"kind": kind, "game": other_game, "player": other_player})
    return links


def origins_purge(*, now: datetime | None = None) -> int:
    """Delete the origins older than ``ORIGIN_DAYS``; how many went. Runs with every ranked
    start (one indexed DELETE) and from ``manage.py fairplay purge``."""
    cutoff = (now or timezone.now()) - timedelta(days=ORIGIN_DAYS)
    deleted, _ = GameOrigin.objects.filter(created_at__lt=cutoff).delete()
    return deleted


def staff_check(user: User | None) -> User:
    """``user``, if it is a staff account (``NotStaff`` otherwise)."""
    if user is None or not user.is_active or not user.is_staff:
        raise NotStaff(gettext("only staff may review fair-play flags"))
    return user


def verdict_checked(verdict: object, note: object) -> tuple[str, str]:
    """The verdict and note of a request, or ``BadVerdict`` naming the field."""
    if verdict not in Verdict.Decision.values:
        raise BadVerdict(
            gettext('verdict must be "clear" or "confirm", not %(verdict)s')
            % {"verdict": repr(verdict)},
            field="verdict",
        )
    if note is None:
        note = ""
    if not isinstance(note, str) or len(note) > NOTE_MAX_LENGTH or "\x00" in note:
        raise BadVerdict(
            gettext("note must be a text of at most %(max)s characters") % {"max": NOTE_MAX_LENGTH},
            field="note",
        )
    return str(verdict), note


def flag_decide(
    *, flag_id: int, staff: User, verdict: object, note: object = "", together: object = False
) -> Flag:
    """Give a verdict on a flag: ``clear`` puts the entry back on its board at the place it
    earned (and watchers hear of it) unless another of its flags still holds it, ``confirm``
    keeps it out for good and its game takes no more actions (a listed flag too). With
    ``together``, a ``linked`` flag's verdict is given on every flag of its link too (each
    gets its own verdict row); without it, on this flag alone. Every verdict is kept; the
    flag stands as its latest says. Nothing is written on any refusal (not staff, a bad
    verdict, note or ``together``, no such flag)."""
    staff_check(staff)
    decision, text = verdict_checked(verdict, note)
    if not isinstance(together, bool):
        raise BadVerdict(gettext("together must be true or false"), field="together")
    with transaction.atomic():
        flag = None
        if 0 < flag_id <= MAX_ID:
            flag = Flag.objects.select_for_update().filter(pk=flag_id).first()
        if flag is None:
            raise flag_not_found(flag_id)
        flags = [flag] + (link_flags(flag) if together else [])
        for each in flags:
            verdict_given(flag=each, decision=decision, staff=staff, note=text)
    return flag


def link_flags(flag: Flag) -> list[Flag]:
    """The other ``linked`` flags of ``flag``'s link: those on the games its evidence names
    (a link's evidence is kept on both sides), locked; none for another reason's flag."""
    if flag.reason != Flag.Reason.LINKED:
        return []
    games = {int(link["game"]) for link in flag.evidence}
    return list(
        Flag.objects.select_for_update()
        .filter(game_id__in=games, reason=Flag.Reason.LINKED)
        .exclude(pk=flag.pk)
        .order_by("id")
    )


def verdict_given(*, flag: Flag, decision: str, staff: User, note: str) -> None:
    """Record one verdict on ``flag`` and hold or release its game as its flags now say."""
    confirm = decision == Verdict.Decision.CONFIRM
    Verdict.objects.create(flag=flag, verdict=decision, staff=staff, note=note)
    flag.status = Flag.Status.CONFIRMED if confirm else Flag.Status.CLEARED
    flag.save(update_fields=["status"])
    held, confirmed = hold_of_flags(game_id=flag.game_id)
    game_hold_set(game_id=flag.game_id, held=held, confirmed=confirmed)


def hold_of_flags(*, game_id: int) -> tuple[bool, bool]:
    """(held, confirmed) as a game's flags together say: a confirmed flag keeps it out for
    good; a flag still held keeps it out until its own verdict, whatever the others say."""
    statuses = set(Flag.objects.filter(game_id=game_id).values_list("status", flat=True))
    confirmed = Flag.Status.CONFIRMED in statuses
    return confirmed or Flag.Status.HELD in statuses, confirmed
