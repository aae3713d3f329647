"""Ratings rebuilt from the logs' projections alone (``manage.py rebuild_projections``):
every table of the app emptied, then every closed day rated again in day order by the same
code as the daily pass (``ratings.days``), and what changed counted by comparing every row
before and after by its natural key (``rated_at`` aside: when is not what).

The comparison holds every row in memory: fine for years of days at thousands of players a
day; a service with millions of rows a day would compare day by day instead."""

from collections.abc import Callable
from datetime import date
from typing import Any

from django.db.models import Model

from ratings.days import CURRENT_FIELDS, last_rated_day, ratings_refresh
from ratings.models import (
    DealRating,
    LadderPlace,
    PlayerRating,
    RatedDay,
    RatingDay,
    Season,
    SeasonPlace,
)

#: Each table: (model, its natural key, the fields a rebuild must give again).
TABLES: tuple[tuple[type[Model], tuple[str, ...], tuple[str, ...]], ...] = (
    (RatedDay, ("day",), ("games",)),
    (DealRating, ("board",), ("day", "draw", "rating", "deviation", "players")),
    (
        RatingDay,
        ("player_id", "draw", "day"),
        ("bot", "outcome", "rating", "deviation", "volatility", "games"),
    ),
    (
        PlayerRating,
        ("player_id", "draw"),
        CURRENT_FIELDS,
    ),
    (LadderPlace, ("rating__player_id", "draw"), ("bot", "position", "rank")),
    (Season, ("period", "key"), ("first_day", "last_day", "days_rated", "final")),
    (
        SeasonPlace,
        ("season__period", "season__key", "draw", "bot", "player_id"),
        ("score", "days", "total", "position", "rank"),
    ),
)

Rows = dict[tuple[Any, ...], tuple[Any, ...]]


def table_rows(model: type[Model], key: tuple[str, ...], fields: tuple[str, ...]) -> Rows:
    rows = model._default_manager.values_list(*key, *fields)
    return {row[: len(key)]: row[len(key) :] for row in rows.iterator(chunk_size=10_000)}


def ratings_rebuilt(
    *, check: bool = False, today: date | None = None, say: Callable[[str], None] = lambda _: None
) -> int:
    """Rebuild every rating table (see the module); the rows that differ from before.

    A rebuild rates every closed day; a check (``check``) only the days rated before, up to
    the last one: a day that closed since and waits for the worker's pass is not a
    difference between the tables and the logs."""
    through = last_rated_day() if check else None
    if check and through is None:
        return 0
    before = [table_rows(*table) for table in TABLES]
    for model, _, _ in reversed(TABLES):
        model._default_manager.all().delete()
    ratings_refresh(today=today, through=through)
    changed = 0
    for (model, key, fields), old in zip(TABLES, before, strict=True):
        new = table_rows(model, key, fields)
        for key in sorted(old.keys() | new.keys(), key=repr):
            if old.get(key) != new.get(key):
                changed += 1
                say(f"{model.__name__} {key}: {old.get(key)} -> {new.get(key)}")
    return changed
