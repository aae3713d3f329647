"""The service's one error hierarchy.

Services raise these; one DRF exception handler (``games.api.exception_handler``) turns each
into ``{"error": <code>, "detail": <message>, **extra}`` with its HTTP status, so every
client sees the same shape whatever went wrong. An error that holds only for a while carries
``wait`` (seconds): its body then also says ``retry_after`` and its answer ``Retry-After``.
"""

from typing import Any, ClassVar

from games.retry_after import retry_seconds


class ServiceError(Exception):
    """Base of every error a client may cause; ``code`` is stable, ``detail`` is for humans."""

    status: ClassVar[int] = 400
    code: ClassVar[str] = "bad_request"

    def __init__(self, detail: str, **extra: Any) -> None:
        super().__init__(detail)
        self.detail = detail
        self.extra = extra

    @property
    def retry_after(self) -> int | None:
        """Whole seconds until trying again may succeed (from ``wait``), or None."""
        wait = self.extra.get("wait")
        return retry_seconds(wait) if isinstance(wait, int | float) else None

    def as_dict(self) -> dict[str, Any]:
        body = {"error": self.code, "detail": self.detail, **self.extra}
        if self.retry_after is not None:
            body["retry_after"] = self.retry_after
        return body

    def headers(self) -> dict[str, str]:
        """The HTTP headers of this error's answer: ``Retry-After`` when it says a wait."""
        return {} if self.retry_after is None else {"Retry-After": str(self.retry_after)}


class InvalidInput(ServiceError):
    code = "invalid_input"


class UnknownFields(InvalidInput):
    """A body names fields the endpoint does not take (``games.api.parsing.validated_body``):
    refused rather than ignored, so a misspelt ``sqe`` or a field of another endpoint is said,
    not silently dropped (issue 38, N14). ``unknown`` lists them."""

    code = "unknown_fields"


class BadDealCode(ServiceError):
    code = "bad_deal_code"


class BadCredentials(ServiceError):
    status = 401
    code = "bad_credentials"


class NotGameOwner(ServiceError):
    status = 403
    code = "not_your_game"


class NotOwner(NotGameOwner):
    """A move sent on a game's socket by anyone but its owner: a watcher, signed in or not
    (``games.socket_moves``; the socket knows its owner, so this is said before any read)."""

    code = "not_owner"


class NotFound(ServiceError):
    status = 404
    code = "not_found"


class GameNotFound(NotFound):
    code = "game_not_found"


class PlayerNotFound(NotFound):
    code = "player_not_found"


class NotOnBoard(NotFound):
    code = "not_on_board"


class Conflict(ServiceError):
    status = 409
    code = "conflict"


class StaleSeq(Conflict):
    """The client's ``seq`` is not the next one: someone (or another tab) moved first."""

    code = "stale_seq"


class PlayerGone(Conflict):
    """The request's player no longer exists: a guest whose session signed in to an account in
    another tab meanwhile (their games moved there) or who was deleted as idle. The client
    reloads: the session now holds the account, or no one."""

    code = "player_gone"


class GameFinished(Conflict):
    code = "game_finished"


class NothingToResign(Conflict):
    """Resigning a game before its first action: it would make a one-action entry above
    everyone who tried, and a day played, from nothing played."""

    code = "nothing_to_resign"


class UsernameTaken(Conflict):
    code = "username_taken"


class PayloadTooLarge(ServiceError):
    status = 413
    code = "payload_too_large"


class BadMessage(ServiceError):
    """A frame on a game's socket that is no message of its protocol: not text, not JSON,
    not an object (``games.socket_moves.messages``)."""

    code = "bad_message"


class UnknownMessage(BadMessage):
    """A message on a game's socket whose ``type`` the protocol does not have."""

    code = "unknown_message"


class WrongGame(BadMessage):
    """A message on a game's socket that names another game."""

    code = "wrong_game"


class MessageTooLarge(PayloadTooLarge):
    """A frame on a game's socket over ``games.socket_moves.messages.MAX_FRAME_CHARS``."""

    code = "message_too_large"


class RejectedAction(ServiceError):
    """An action the engine refused; ``index`` (in submissions) says which one."""

    status = 422
    code = "illegal_action"


class BadNotation(RejectedAction):
    code = "bad_notation"


class LogTooLong(ServiceError):
    status = 422
    code = "log_too_long"


class LogCorrupt(ServiceError):
    """Stored rows disagree with a replay of the log: server-side corruption, not the client."""

    status = 500
    code = "log_corrupt"


class DatabaseUnavailable(ServiceError):
    status = 503
    code = "database_unavailable"


class BadBoard(ServiceError):
    code = "bad_board"


class BadWho(ServiceError):
    """A ``who`` that is none of ``humans``, ``bots``, ``all`` (``games.boards.Who``)."""

    code = "bad_who"


class BotTooLate(Conflict):
    """A bot declaration from an account that has a game already: a bot declares itself
    before its first game, never after."""

    code = "bot_too_late"


class BoardNotFound(NotFound):
    code = "board_not_found"


class DailyNotFound(NotFound):
    """A day with no daily deal (before the service, or not yet: the future stays unknown)."""

    code = "daily_not_found"


class DailySealed(NotFound):
    """What only a closed day may tell (its codes, the solver's lines), asked of a sealed day."""

    code = "daily_sealed"


class DealSealed(ServiceError):
    """A layout that is the deal of a day not yet closed, named by any code outside its
    ranked game (an open game, a submission, a page): nothing else may show it before the
    close."""

    status = 403
    code = "deal_sealed"


class DayClosed(Conflict):
    """An action on a ranked daily game after its day closed: the entry, the record and the
    streak are what stood at 00:00 UTC. The deal is open from then on, for practice."""

    code = "day_closed"


class RankedGameRule(ServiceError):
    """An action a ranked daily game does not allow (a hint, an anonymous start...)."""

    status = 403
    code = "ranked_daily"


class EntryConfirmed(ServiceError):
    """A ranked game whose fair-play hold staff confirmed (``fairplay``): it is out of the
    ranking for good and takes no further action."""

    status = 403
    code = "entry_confirmed"


class AccountRequired(ServiceError):
    """Something only an account may do (the ranked daily), asked by a guest or anonymously:
    the client should offer to sign up (a guest's games come along)."""

    status = 403
    code = "account_required"


class BodyTooLarge(PayloadTooLarge):
    """A request body over ``CANFIELD_MAX_BODY_BYTES``, refused before it is read."""

    code = "body_too_large"


class Throttled(ServiceError):
    """Too many requests for a throttle (DRF's ``Throttled``, said in words); ``wait`` when
    DRF knows it."""

    status = 429
    code = "throttled"


class SignUpUnavailable(ServiceError):
    """A sign-up while its limit cannot be counted (Redis down): refused, not let through
    (``games.api.throttling.SignUpWindow``); nothing is created."""

    status = 503
    code = "signup_unavailable"


class LoginLocked(ServiceError):
    """Too many failed logins for one account or from one address (django-axes)."""

    status = 429
    code = "login_locked"


class QuotaExceeded(ServiceError):
    """An account stored what it may for now (``games.quotas``); ``wait`` says when it resets."""

    status = 429
    code = "quota_exceeded"


class LoginBusy(ServiceError):
    """A login from this address is being checked already (``games.password_checks``)."""

    status = 429
    code = "login_busy"


class LoginsBusy(ServiceError):
    """This second's budget of password checks is spent (``games.password_checks``)."""

    status = 503
    code = "logins_busy"


class HintPending(ServiceError):
    """The player's previous hint is still queued or solved (``games.hint_pool``)."""

    status = 429
    code = "hint_pending"


class HintsBusy(ServiceError):
    """Every hint solver of this server process is busy (``games.hint_pool``)."""

    status = 503
    code = "hints_busy"
