"""Rating closed days (``ratings.days``): each ranked game a match against the day's deal,
in day order, bots apart, held games not rated until cleared, and the same numbers again
from ``rebuild_projections``."""

from collections.abc import Callable
from datetime import date, timedelta

import pytest
from django.core.management import CommandError, call_command

from games.services.holds import game_hold_set
from ratings.days import ratings_refresh
from ratings.models import DealRating, PlayerRating, RatedDay, RatingDay
from tests.conftest import Player
from tests.ratings.conftest import D3_LINE, lost, won

pytestmark = pytest.mark.slow


def rating_of(who: Player, draw: int = 3) -> PlayerRating:
    return PlayerRating.objects.get(player=who.user, draw=draw)


def history(who: Player) -> list[tuple[date, float]]:
    rows = RatingDay.objects.filter(player=who.user, draw=3).order_by("day")
    return [(row.day, row.rating) for row in rows]


def test_closed_days_are_rated_in_order_and_only_once_closed(
    days: Callable[[int], list[date]], make_player: Callable[..., Player], bot: Player
) -> None:
    first, second = days(2)
    strong, weak = make_player("strong"), make_player("weak")
    for day in (first, second):
        won(strong.user, day)
        lost(weak.user, day, 20)
        won(bot.user, day)

    assert ratings_refresh(today=second) == [first]  # the second day has not closed
    assert ratings_refresh(today=second) == []  # nothing new
    assert ratings_refresh(today=second + timedelta(days=1)) == [second]

    assert [day for day, _ in history(strong)] == [first, second]
    assert rating_of(strong).rating > 1500 > rating_of(weak).rating
    assert rating_of(strong).games == 2 and rating_of(strong).last_day == second
    # One person won, one did not: the deal is rated from the two of them, not the bot.
    deal = DealRating.objects.get(board=f"daily-{first}-D3")
    assert deal.players == 2 and deal.draw == 3
    assert rating_of(bot).bot and not rating_of(strong).bot
    assert RatedDay.objects.get(day=first).games == 3
    # Nobody played draw 1: no rating there.
    assert not PlayerRating.objects.filter(draw=1).exists()


def test_a_win_nearer_par_rates_higher_than_a_longer_one(
    days: Callable[[int], list[date]], make_player: Callable[..., Player]
) -> None:
    [day] = days(1)
    quick, slow, stuck = make_player("quick"), make_player("slow"), make_player("stuck")
    won(quick.user, day)
    won(slow.user, day, extra_draws=len(D3_LINE))
    lost(stuck.user, day, 40)
    ratings_refresh(today=day + timedelta(days=1))
    outcomes = {row.player_id: row.outcome for row in RatingDay.objects.all()}
    assert outcomes[quick.user.pk] == 1.0
    assert 0.5 < outcomes[slow.user.pk] < 1.0
    assert outcomes[stuck.user.pk] < 0.5
    assert rating_of(quick).rating > rating_of(slow).rating > rating_of(stuck).rating


def test_a_held_game_is_rated_once_cleared_and_the_days_after_follow(
    days: Callable[[int], list[date]], make_player: Callable[..., Player], staff: Player
) -> None:
    first, second = days(2)
    honest, suspect = make_player("honest"), make_player("suspect")
    won(honest.user, first)
    lost(suspect.user, first, 30)
    won(honest.user, second)
    held = won(suspect.user, second)
    game_hold_set(game_id=held.id, held=True)
    ratings_refresh(today=second + timedelta(days=1))
    assert [day for day, _ in history(suspect)] == [first]
    before = rating_of(honest).rating

    from fairplay.models import Flag
    from fairplay.services import flag_decide

    flag = Flag.objects.create(game=held, board=held.board, reason=Flag.Reason.LINKED)
    flag_decide(flag_id=flag.id, staff=staff.user, verdict="clear")
    assert ratings_refresh(today=second + timedelta(days=1)) == [second]
    assert [day for day, _ in history(suspect)] == [first, second]
    assert rating_of(suspect).games == 2 and rating_of(suspect).last_day == second
    assert rating_of(honest).rating != before  # the second deal met two winners now
    # Rated again from the second day on, as a rebuild from the first day gives.
    call_command("rebuild_projections", "--check")


def test_rebuild_gives_identical_ratings_and_check_catches_a_tampered_one(
    days: Callable[[int], list[date]], make_player: Callable[..., Player]
) -> None:
    first, second, third = days(3)
    players = [make_player(f"p{index}") for index in range(4)]
    for offset, day in enumerate((first, second, third)):
        for index, who in enumerate(players):
            if (index + offset) % 3 == 0:
                continue  # some days off: inactivity widens the deviation
            lost(who.user, day, 10 + 30 * index) if index < 3 else won(who.user, day)
    ratings_refresh(today=third + timedelta(days=1))
    stored = list(RatingDay.objects.order_by("id").values_list("player_id", "day", "rating"))

    call_command("rebuild_projections", "--check")  # nothing differs
    call_command("rebuild_projections")
    rebuilt = list(RatingDay.objects.order_by("id").values_list("player_id", "day", "rating"))
    assert sorted(rebuilt) == sorted(stored)

    RatingDay.objects.filter(day=second).update(rating=1234.5)
    with pytest.raises(CommandError, match="projections differ"):
        call_command("rebuild_projections", "--check")


def test_the_fair_play_workers_pass_rates_the_days_that_closed(
    days: Callable[[int], list[date]], make_player: Callable[..., Player]
) -> None:
    """Where a close is noticed: the worker's pass, after judging the day's games."""
    import time_machine

    from fairplay.worker import work_pass
    from tests.ratings.conftest import noon

    first, second, _ = days(3)  # today and tomorrow need their deals for the table pars
    won(make_player("early").user, first)
    with time_machine.travel(noon(second), tick=False):
        report = work_pass(since=None)
    assert report.rated == [first]
    assert RatedDay.objects.filter(day=first).exists()
