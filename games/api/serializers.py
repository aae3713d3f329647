"""Request and response shapes of the API (also the OpenAPI schema's components).

Inputs use the strict fields of ``games.api.fields``; outputs describe exactly what the
views return so the published schema can be checked against real responses.
"""

from datetime import date
from typing import Any

from django.contrib.auth.validators import UnicodeUsernameValidator
from django.core.validators import RegexValidator
from django.utils.translation import gettext_lazy
from drf_spectacular.utils import PolymorphicProxySerializer, extend_schema_field
from rest_framework import serializers

from games.api.fields import (
    TAP_PATTERN,
    DealCodeField,
    LogTokenField,
    MoveTokenField,
    StrictBooleanField,
    StrictCharField,
    StrictChoiceField,
    StrictIntegerField,
)
from games.boards import LAST_MONTH, Who
from games.models import Game

#: Bound of integers in requests (seq, offsets): beyond it nothing exists, and databases
#: overflow on bigger numbers.
MAX_QUERY_INT = 2**31 - 1


class ReasonOut(serializers.Serializer):
    """Why the engine refused a move, or what was wrong with a deal code or a token: a code
    of docs/contracts.md and its parameters (an input problem's are its own: ``token``,
    ``deal_code``...; it has no cards)."""

    code = serializers.CharField(help_text='e.g. "column_same_colour", "token_unknown"')
    cards = serializers.ListField(
        child=serializers.CharField(),
        required=False,
        help_text='card codes of a refused move, e.g. ["JD", "JH"]',
    )
    suit = serializers.CharField(required=False)
    column = serializers.IntegerField(required=False)
    count = serializers.IntegerField(required=False)
    block = serializers.IntegerField(required=False)
    rank = serializers.CharField(required=False)
    colour = serializers.CharField(required=False)
    need_rank = serializers.CharField(required=False)
    need_colour = serializers.CharField(required=False)


class ErrorOut(serializers.Serializer):
    """Every error: a stable code, a human message (in the request's language), sometimes
    extra fields (index, seq...); an illegal action also carries its ``reason``, a refusal for
    a while (429, some 503s) ``retry_after`` (the ``Retry-After`` header's whole seconds; the
    detail says it in words)."""

    error = serializers.CharField()
    detail = serializers.CharField()
    reason = ReasonOut(required=False)
    retry_after = serializers.IntegerField(required=False, min_value=1)


# --- players ----------------------------------------------------------------------------------
class CredentialsIn(serializers.Serializer):
    username = StrictCharField(max_length=150)
    password = StrictCharField(max_length=128, trim_whitespace=False)


class UsernameField(StrictCharField):
    """A username in the form Django stores it (NFKC) before it is checked: full-width or
    decomposed letters (``\uff23AROL``, ``e\u0301lise``) are then plain ones, not refused."""

    def to_internal_value(self, data: Any) -> str:
        import unicodedata  # here, not at the top: this section is the players' alone

        return unicodedata.normalize("NFKC", super().to_internal_value(data))


class PlayerCreateIn(serializers.Serializer):
    username = UsernameField(
        max_length=150,
        validators=[UnicodeUsernameValidator()],
        help_text="letters, digits and @ . + - _",
    )
    password = StrictCharField(
        min_length=8, max_length=128, trim_whitespace=False, help_text="8 characters or more"
    )
    session = StrictBooleanField(
        required=False, default=False, help_text="also sign the browser in (session cookie)"
    )
    bot = StrictBooleanField(
        required=False,
        default=False,
        help_text="declare the account a bot, for good: its games rank apart from people's",
    )


class TokenOut(serializers.Serializer):
    username = serializers.CharField()
    token = serializers.CharField()


class SignUpOut(serializers.Serializer):
    username = serializers.CharField()
    token = serializers.CharField(
        required=False, help_text="absent for a browser sign-up (session): pages get no token"
    )


class MeOut(serializers.Serializer):
    username = serializers.CharField()
    id = serializers.IntegerField()
    guest = serializers.BooleanField(
        help_text="a guest (open deals in this browser session): sign up to keep the games"
    )
    bot = serializers.BooleanField(help_text="a declared bot: its games rank apart")


# --- games ------------------------------------------------------------------------------------
class FoundationsOut(serializers.Serializer):
    C = serializers.ListField(child=serializers.CharField())
    D = serializers.ListField(child=serializers.CharField())
    H = serializers.ListField(child=serializers.CharField())
    S = serializers.ListField(child=serializers.CharField())


def face_down_or_card() -> serializers.CharField:
    return serializers.CharField(allow_null=True)


class StateOut(serializers.Serializer):
    """The engine's view of a position; piles bottom -> top, cards like ``7H``. In a sealed
    game a face-down card is null (the reserve below its top, every stock card) and so is
    the code: what a player at the table sees."""

    code = serializers.CharField(allow_null=True)
    draw = serializers.IntegerField()
    base = serializers.CharField()
    reserve = serializers.ListField(child=face_down_or_card())
    stock = serializers.ListField(child=face_down_or_card())
    waste = serializers.ListField(child=serializers.CharField())
    tableau = serializers.ListField(child=serializers.ListField(child=serializers.CharField()))
    foundations = FoundationsOut()
    score = serializers.IntegerField()
    moves = serializers.IntegerField()
    won = serializers.BooleanField()
    cards = serializers.IntegerField()


class GameSummaryOut(serializers.Serializer):
    id = serializers.IntegerField()
    code = serializers.CharField(allow_null=True, help_text="null while the game is sealed")
    draw = serializers.IntegerField()
    number = serializers.IntegerField(
        allow_null=True, help_text="the CF1 deal number; null while sealed and for a CF2 code"
    )
    board = serializers.CharField(help_text="the board it ranks on: its code or a daily board")
    daily = serializers.DateField(
        allow_null=True, help_text="the day of a ranked daily game, else null"
    )
    sealed = serializers.BooleanField(help_text="a ranked daily game whose day is still open")
    closes_at = serializers.DateTimeField(
        allow_null=True, help_text="when a daily game's board closes (00:00 UTC)"
    )
    player = serializers.CharField(source="player.username")
    seq = serializers.IntegerField(help_text="actions in the log")
    actions = serializers.IntegerField(help_text="actions that made the position (ranks)")
    elapsed = serializers.IntegerField(
        allow_null=True, help_text="seconds from creation to the position (null: submitted)"
    )
    score = serializers.IntegerField()
    cards = serializers.IntegerField(help_text="cards on the foundations, base card included")
    moves = serializers.IntegerField(help_text="actions in effect (played minus undone)")
    won = serializers.BooleanField()
    status = serializers.ChoiceField(choices=Game.Status.choices)
    assisted = serializers.BooleanField(help_text="this game asked for a hint")
    bot = serializers.BooleanField(
        help_text="a declared bot's game: it ranks on the board's bots (who=bots)"
    )
    created_at = serializers.DateTimeField()
    updated_at = serializers.DateTimeField()
    reached_at = serializers.DateTimeField()
    finished_at = serializers.DateTimeField(allow_null=True)
    clock = serializers.IntegerField(
        allow_null=True,
        help_text="server seconds from creation to now (playing) or to the last action (over); "
        "null for a submitted log",
    )


class GameOut(GameSummaryOut):
    state = StateOut()
    legal_moves = serializers.ListField(
        child=serializers.CharField(), help_text="tokens of every legal action (none once over)"
    )
    finish = serializers.ListField(
        child=serializers.CharField(),
        help_text="once stock, waste and reserve are empty and column-to-foundation moves alone "
        "win: those moves in order (each still an ordinary action); else empty",
    )


class ActionOut(serializers.Serializer):
    seq = serializers.IntegerField()
    token = serializers.CharField()
    score_after = serializers.IntegerField()
    created_at = serializers.DateTimeField()


class GameAfterActionOut(GameOut):
    action = ActionOut(help_text="the action just stored")


class GameCreateIn(serializers.Serializer):
    """Exactly one of the three (the schema publishes the variants below as ``oneOf``)."""

    code = DealCodeField(required=False)
    daily = StrictChoiceField(
        choices=["D3", "D1"], required=False, help_text="your ranked game of today's sealed deal"
    )
    draw = StrictChoiceField(choices=[1, 3], required=False, help_text="a random deal")


class GameByCodeIn(serializers.Serializer):
    code = DealCodeField()


class GameOfTheDayIn(serializers.Serializer):
    daily = StrictChoiceField(
        choices=["D3", "D1"], help_text="your ranked game of today's sealed deal, draw 3 or 1"
    )


class GameRandomIn(serializers.Serializer):
    draw = StrictChoiceField(choices=[1, 3], help_text="a random deal in draw 3 or 1")


GAME_CREATE_SCHEMA = PolymorphicProxySerializer(
    component_name="GameCreateIn",
    serializers=[GameByCodeIn, GameOfTheDayIn, GameRandomIn],
    resource_type_field_name=None,
)


def action_token_field(**options: Any) -> MoveTokenField:
    return MoveTokenField(help_text='a move token, e.g. "draw", "24x3"', **options)


TAP_MESSAGE = gettext_lazy('a card as shown on the board ("7H") or "stock"')


def tap_field(**options: Any) -> StrictCharField:
    return StrictCharField(
        max_length=5,
        trim_whitespace=False,
        validators=[
            RegexValidator(
                TAP_PATTERN, gettext_lazy('a card as shown on the board ("7H") or "stock"')
            )
        ],
        help_text='a card ("7H") or "stock"',
        **options,
    )


def double_click_field() -> StrictBooleanField:
    return StrictBooleanField(
        required=False,
        default=True,
        help_text="when false a tap only sends a card to its foundation",
    )


def expected_seq_field() -> StrictIntegerField:
    return StrictIntegerField(
        required=False,
        min_value=1,
        max_value=MAX_QUERY_INT,
        help_text="the seq this action is to get (1 = first)",
    )


class ActionIn(serializers.Serializer):
    """Exactly one of ``action`` and ``tap`` (published as ``oneOf`` the two below)."""

    action = action_token_field(required=False)
    tap = tap_field(required=False)
    double_click = double_click_field()
    seq = expected_seq_field()


class MoveIn(serializers.Serializer):
    action = action_token_field()
    seq = expected_seq_field()


class TapIn(serializers.Serializer):
    tap = tap_field()
    double_click = double_click_field()
    seq = expected_seq_field()


ACTION_SCHEMA = PolymorphicProxySerializer(
    component_name="ActionIn", serializers=[MoveIn, TapIn], resource_type_field_name=None
)


class ResignIn(serializers.Serializer):
    seq = StrictIntegerField(required=False, min_value=1, max_value=MAX_QUERY_INT)


#: Actions per page of a log: a long game's log is read in pages, not as one 800 KB answer.
ACTIONS_PAGE = 1000


class ActionListIn(serializers.Serializer):
    after = serializers.IntegerField(
        required=False, min_value=0, max_value=MAX_QUERY_INT, default=0
    )
    limit = serializers.IntegerField(
        required=False, min_value=1, max_value=ACTIONS_PAGE, default=ACTIONS_PAGE
    )


class ActionListOut(serializers.Serializer):
    game = serializers.IntegerField()
    code = serializers.CharField(allow_null=True, help_text="null while the game is sealed")
    board = serializers.CharField()
    seq = serializers.IntegerField()
    actions = ActionOut(many=True)
    next = serializers.CharField(
        allow_null=True, help_text="the next page's URL (after the last action here), or null"
    )


class StateAtIn(serializers.Serializer):
    at = serializers.IntegerField(
        required=False, min_value=0, max_value=MAX_QUERY_INT, help_text="default: the last"
    )


class StateAtOut(serializers.Serializer):
    game = serializers.IntegerField()
    at = serializers.IntegerField()
    seq = serializers.IntegerField()
    state = StateOut()


class SubmissionIn(serializers.Serializer):
    """Exactly one of ``actions`` and ``log`` (published as ``oneOf`` the two below)."""

    code = DealCodeField()
    actions = serializers.ListField(child=LogTokenField(), required=False)
    log = StrictCharField(required=False, allow_blank=True, trim_whitespace=False)

    def validate(self, attrs: dict) -> dict:
        """The server computes every result from the log, so a body that also claims one
        (``score``, ``won``...) is a forgery: refused, not silently ignored."""
        unknown = sorted(set(self.initial_data) - set(self.fields))
        if unknown:
            raise serializers.ValidationError(
                {name: "unknown field: results are computed from the log" for name in unknown}
            )
        return attrs


class SubmissionTokensIn(serializers.Serializer):
    code = DealCodeField()
    actions = serializers.ListField(
        child=LogTokenField(), help_text="the log, one token per action"
    )


class SubmissionTextIn(serializers.Serializer):
    code = DealCodeField()
    log = StrictCharField(
        allow_blank=True, trim_whitespace=False, help_text="tokens separated by whitespace"
    )


SUBMISSION_SCHEMA = PolymorphicProxySerializer(
    component_name="SubmissionIn",
    serializers=[SubmissionTokensIn, SubmissionTextIn],
    resource_type_field_name=None,
)


# --- leaderboards, daily, players ---------------------------------------------------------------
class LeaderboardIn(serializers.Serializer):
    limit = serializers.IntegerField(required=False, min_value=1, max_value=100, default=20)
    offset = serializers.IntegerField(
        required=False, min_value=0, max_value=MAX_QUERY_INT, default=0
    )
    around = serializers.CharField(required=False, min_length=1, max_length=150)


class EntryOut(serializers.Serializer):
    """One player's standing; ``rank`` is the server's (ties share it: 1, 2, 2, 4)."""

    rank = serializers.IntegerField()
    player = serializers.CharField()
    cards = serializers.IntegerField()
    actions = serializers.IntegerField(help_text="the log's length at the position (ranks)")
    elapsed = serializers.IntegerField(
        allow_null=True, help_text="seconds from the game's start (ranks; null: submitted)"
    )
    score = serializers.IntegerField(help_text="the app's score (shown, never ranks)")
    moves = serializers.IntegerField(help_text="the app's move counter (shown, never ranks)")
    won = serializers.BooleanField()
    status = serializers.ChoiceField(choices=Game.Status.choices)
    game = serializers.IntegerField(allow_null=True, help_text="null while the board is sealed")
    reached_at = serializers.DateTimeField()
    assisted = serializers.BooleanField(
        help_text="the player asked for a hint on this board: ranked below all others"
    )
    bot = serializers.BooleanField(
        help_text="a declared bot's entry: bots rank apart (who=bots), or with people in who=all"
    )


class FieldCountOut(serializers.Serializer):
    cards = serializers.IntegerField(help_text="cards on the foundations")
    players = serializers.IntegerField(help_text="entries standing at that count")


class LeaderboardFieldOut(serializers.Serializer):
    """How the whole field of a board stands, by cards home (the field chart)."""

    board = serializers.CharField()
    who = serializers.ChoiceField(choices=list(Who), help_text="whose entries are counted")
    total = serializers.IntegerField()
    counts = FieldCountOut(many=True)


class TableParOut(serializers.Serializer):
    """What seeing only the table costs on a sealed deal, told once its day has closed."""

    runs = serializers.IntegerField(help_text="the table-view player's runs on the deal")
    won = serializers.IntegerField(help_text="how many of them won")
    median_actions = serializers.IntegerField(
        allow_null=True, help_text="median actions of the won runs (null: none won)"
    )
    detail = serializers.CharField(
        help_text="beside the solver's par, in words, in the reader's language"
    )


class LeaderboardOut(serializers.Serializer):
    board = serializers.CharField(help_text="a deal code or a daily board id")
    who = serializers.ChoiceField(
        choices=list(Who), help_text="whose entries: people, declared bots, or all in one ranking"
    )
    code = serializers.CharField(
        allow_null=True, help_text="the board's deal code; null while a daily board is sealed"
    )
    sealed = serializers.BooleanField()
    closes_at = serializers.DateTimeField(allow_null=True, help_text="a daily board's close")
    total = serializers.IntegerField()
    offset = serializers.IntegerField()
    limit = serializers.IntegerField()
    around = serializers.CharField(allow_null=True)
    par = serializers.IntegerField(
        allow_null=True, help_text="a daily deal's par (actions of the solver's line), else null"
    )
    table_par = TableParOut(
        allow_null=True,
        help_text="a closed daily board's table par (the table-view player's runs), else null",
    )
    entries = EntryOut(many=True)


class HoldReasonOut(serializers.Serializer):
    code = serializers.CharField(help_text="why it is held: linked, clairvoyant or bot_like")
    detail = serializers.CharField(help_text="the same in words, in the reader's language")


class OwnHoldOut(serializers.Serializer):
    """A fair-play hold on one's own ranked game (its owner alone is told)."""

    held = serializers.BooleanField(
        help_text="held for a fair-play review: not on the board (its owner plays on)"
    )
    confirmed = serializers.BooleanField(help_text="staff confirmed the hold: out for good")
    held_reason = HoldReasonOut(allow_null=True, help_text="why, in words (null: not held)")


class OwnRankedGameOut(OwnHoldOut):
    id = serializers.IntegerField()
    status = serializers.ChoiceField(choices=Game.Status.choices)
    seq = serializers.IntegerField(help_text="actions in its log")
    rank = serializers.IntegerField(
        allow_null=True,
        help_text="your rank on the board while the day is open (null: no action yet, held, "
        "or a closed day: read its board)",
    )


class DailyBoardOut(serializers.Serializer):
    board = serializers.CharField(help_text="daily-<date>-D3 or -D1")
    draw = serializers.IntegerField()
    par = serializers.IntegerField(
        allow_null=True, help_text="actions of the solver's winning line"
    )
    table_par = TableParOut(
        allow_null=True, help_text="once the day has closed: what seeing only the table costs"
    )
    entries = serializers.IntegerField(help_text="players on the board")
    commitment = serializers.CharField(
        help_text='SHA-256 (hex) of "<code>\\n<salt>": the deal was fixed before anyone played'
    )
    game = OwnRankedGameOut(
        allow_null=True, help_text="your own ranked game on this board (signed in), or null"
    )


class DailyBoardsOut(serializers.Serializer):
    D3 = DailyBoardOut()
    D1 = DailyBoardOut()


class DailyCodesOut(serializers.Serializer):
    D3 = serializers.CharField()
    D1 = serializers.CharField()


class DailySaltsOut(serializers.Serializer):
    D3 = serializers.CharField()
    D1 = serializers.CharField()


class NextBoardOut(serializers.Serializer):
    board = serializers.CharField(help_text="daily-<date>-D3 or -D1")
    commitment = serializers.CharField(help_text="SHA-256 (hex) of the board's code and salt")


class NextBoardsOut(serializers.Serializer):
    D3 = NextBoardOut()
    D1 = NextBoardOut()


class NextDayOut(serializers.Serializer):
    """Tomorrow's boards: only their commitments (nothing tells a future deal or par)."""

    date = serializers.DateField()
    boards = NextBoardsOut()


class DailyLinesOut(serializers.Serializer):
    D3 = serializers.ListField(child=serializers.CharField())
    D1 = serializers.ListField(child=serializers.CharField())


class DailyLineOut(serializers.Serializer):
    """The solver's winning line of a closed day's deal, with the position after each move."""

    board = serializers.CharField()
    code = serializers.CharField()
    line = serializers.ListField(child=serializers.CharField())
    states = serializers.ListField(
        child=serializers.DictField(), help_text="the deal, then the state after each move"
    )


class DailyOut(serializers.Serializer):
    """A day's two sealed boards. Codes and the solver's lines only once the day closed."""

    date = serializers.DateField()
    closes_at = serializers.DateTimeField()
    closed = serializers.BooleanField()
    boards = DailyBoardsOut()
    codes = DailyCodesOut(required=False, help_text="only once the day has closed")
    salts = DailySaltsOut(
        required=False, help_text="only once the day has closed: check each commitment"
    )
    lines = DailyLinesOut(required=False, help_text="only once the day has closed")
    next = NextDayOut(required=False, help_text="today's answer only: tomorrow's commitments")


class DailyIn(serializers.Serializer):
    before = serializers.DateField(
        required=False, help_text="list the closed days before this one, newest first"
    )
    limit = serializers.IntegerField(required=False, min_value=1, max_value=60, default=30)


class DailyArchiveOut(serializers.Serializer):
    before = serializers.DateField()
    days = DailyOut(many=True)
    next_before = serializers.DateField(
        allow_null=True, help_text="the next page's before, null on the last page"
    )


@extend_schema_field({"type": "string", "pattern": "^(won|lost|unknown)$"})
class SolverStatusField(serializers.CharField):
    """A solver verdict. Published as a pattern, not an enum: the enum hook would name it
    after its field, ``status``, which games already use for another set of choices."""


class HintOut(serializers.Serializer):
    game = serializers.IntegerField()
    seq = serializers.IntegerField(help_text="the position the hint is for (actions in the log)")
    status = SolverStatusField(
        help_text="won: move starts a winning line; lost: proven lost; unknown: out of time",
    )
    move = serializers.CharField(allow_null=True, help_text="the move token to play, or null")
    moves_to_win = serializers.IntegerField(
        allow_null=True, help_text="actions of the winning line found, move included"
    )
    assisted = serializers.BooleanField(help_text="always true: asking marks you on the board")
    nodes = serializers.IntegerField()
    seconds = serializers.FloatField()


class TotalsOut(serializers.Serializer):
    games = serializers.IntegerField()
    won = serializers.IntegerField()
    playing = serializers.IntegerField()
    resigned = serializers.IntegerField()
    best_cards = serializers.IntegerField()
    best_score = serializers.IntegerField()
    total_score = serializers.IntegerField()


class PlayerOut(serializers.Serializer):
    username = serializers.CharField()
    date_joined = serializers.DateTimeField()
    totals = TotalsOut()
    games = GameSummaryOut(many=True, help_text="the 50 most recent, newest first")


class MonthField(serializers.CharField):
    """A calendar month, ``YYYY-MM``; the first day of it once validated."""

    def to_internal_value(self, data: Any) -> Any:
        text = super().to_internal_value(data)
        try:
            first = date.fromisoformat(f"{text}-01") if len(text) == 7 else self.fail("invalid")
        except ValueError:
            self.fail("invalid")
        if first > LAST_MONTH:
            self.fail("too_late", last=LAST_MONTH.strftime("%Y-%m"))
        return first

    default_error_messages = {
        "invalid": "a month is written YYYY-MM, e.g. 2026-11",
        "too_late": gettext_lazy("the last month with a calendar is {last}"),
    }


class PlayerStatsIn(serializers.Serializer):
    month = MonthField(required=False, help_text="the calendar's month (YYYY-MM; default: now)")


class StreakOut(serializers.Serializer):
    current = serializers.IntegerField(
        help_text="consecutive UTC days with a ranked daily played, ending today or yesterday"
    )
    best = serializers.IntegerField(help_text="the longest such run")
    last_day = serializers.DateField(allow_null=True, help_text="the last day that counts")


class RateOut(serializers.Serializer):
    played = serializers.IntegerField(help_text="games with at least one action")
    won = serializers.IntegerField()
    rate = serializers.FloatField(allow_null=True, help_text="won / played (null: none played)")


class AgainstParOut(serializers.Serializer):
    games = serializers.IntegerField(help_text="won dailies of this mode with a par")
    average = serializers.FloatField(
        allow_null=True, help_text="mean of actions minus par over them (negative: under par)"
    )


class AgainstParModesOut(serializers.Serializer):
    D3 = AgainstParOut()
    D1 = AgainstParOut()


class CalendarEntryOut(serializers.Serializer):
    board = serializers.CharField()
    won = serializers.BooleanField()
    cards = serializers.IntegerField()
    actions = serializers.IntegerField()
    rank = serializers.IntegerField(
        allow_null=True, help_text="the player's rank on that day's board (null: held)"
    )
    held = serializers.BooleanField(
        required=False, help_text="the player's own entry, held for a fair-play review"
    )
    confirmed = serializers.BooleanField(required=False)
    held_reason = HoldReasonOut(required=False, help_text="why it is held (held entries only)")
    total = serializers.IntegerField(help_text="entries on that day's board")
    game = serializers.IntegerField(allow_null=True, help_text="the game (replay) once closed")


class CalendarBoardsOut(serializers.Serializer):
    D3 = CalendarEntryOut(allow_null=True)
    D1 = CalendarEntryOut(allow_null=True)


class CalendarDayOut(serializers.Serializer):
    date = serializers.DateField()
    boards = CalendarBoardsOut(help_text="null: not played that day")


class CalendarOut(serializers.Serializer):
    month = serializers.CharField(help_text="YYYY-MM")
    days = CalendarDayOut(many=True)


class PlayerStatsOut(serializers.Serializer):
    """A player's record. Today's ranked games count for their owner only (sealed)."""

    username = serializers.CharField()
    streak = StreakOut()
    dailies = RateOut(help_text="ranked daily games")
    open = RateOut(help_text="games of open deals (live or submitted)")
    against_par = AgainstParModesOut()
    calendar = CalendarOut()
