"""``shared.compiled_sql``: a query compiled once answers each call as the ORM's own query
with that call's values would, constants kept; a placeholder it cannot find is refused."""

from datetime import date, timedelta
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db.models import Q, QuerySet

from games.models import DailyDeal
from shared.compiled_sql import compiled, date_param
from tests.support.games import SIMPLE_CODE, store_simple_day


@pytest.mark.django_db
def test_a_compiled_read_answers_as_the_orm_with_each_calls_values() -> None:
    for name, active in (("alice", True), ("bob", True), ("carol", False)):
        User.objects.create(username=name, is_active=active)

    def query(least: int, names: tuple[str, str]) -> QuerySet[Any]:
        return (
            User.objects.filter(pk__gte=least, username__in=names, is_active=True)
            .order_by("username")
            .values_list("username", "is_active")
        )

    read = compiled(query(-5, ("name-0", "name-1")), -5, "name-0", "name-1")
    first = User.objects.order_by("pk").values_list("pk", flat=True)[0]
    for least, names in (
        (first, ("alice", "carol")),
        (first + 1, ("alice", "bob")),
        (0, ("carol", "dave")),
    ):
        rows = [(name, bool(active)) for name, active in read.rows(least, *names)]
        assert rows == list(query(least, names)), (least, names)
    assert [name for name, _ in read.rows(0, "alice", "bob")] == ["alice", "bob"]


@pytest.mark.django_db
def test_dates_are_placed_as_the_backend_carries_them() -> None:
    day = date(2026, 12, 4)
    for offset in range(3):
        store_simple_day(day + timedelta(days=offset))

    def query(since: Any, code: str) -> QuerySet[Any]:
        return (
            DailyDeal.objects.filter(Q(code=code) | Q(code_d1=code), date__gte=since)
            .order_by("date")
            .values_list("date", flat=True)
        )

    placeholder = date_param(date(1, 1, 1))
    read = compiled(query(placeholder, "placeholder"), placeholder, "placeholder")
    for since in (day, day + timedelta(days=2), day + timedelta(days=3)):
        found = [str(row[0]) for row in read.rows(date_param(since), SIMPLE_CODE)]
        assert found == [str(each) for each in query(since, SIMPLE_CODE)], since
        assert len(found) == max(0, 3 - (since - day).days)
    assert read.rows(date_param(day), "CF1-D3-NONE") == []


@pytest.mark.django_db
def test_a_placeholder_not_among_the_parameters_is_refused() -> None:
    with pytest.raises(AssertionError, match="placeholders not among the parameters"):
        compiled(User.objects.filter(pk=5), 6)
