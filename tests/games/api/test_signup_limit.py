"""The sign-up limit (``games.api.throttling.SignUpThrottle``): counted per network (an IPv6
/64, an IPv4 address), in several windows, refused (503) rather than let through while its
counters cannot be read, and wide enough for a class of pupils behind one address."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime, timedelta

import pytest
import time_machine
from django.conf import LazySettings
from django.contrib.auth.models import User
from rest_framework.test import APIClient

from canfield_site.settings import CANFIELD_THROTTLE_RATES as CONFIGURED_RATES
from tests.support.servers import free_port

pytestmark = pytest.mark.django_db

PASSWORD = "correct horse 42"
MORNING = datetime(2026, 12, 2, 8, 0, tzinfo=UTC)


def sign_up(address: str, username: str | None = None, password: str = PASSWORD) -> int:
    """The status of a sign-up from ``address`` (a fresh name unless one is given)."""
    name = username or f"p{uuid.uuid4().hex[:12]}"
    client = APIClient(REMOTE_ADDR=address)
    body = {"username": name, "password": password}
    return client.post("/api/players/", body, format="json").status_code


def limit_sign_ups(settings: LazySettings, rates: str | None) -> None:
    settings.CANFIELD_THROTTLE_RATES = {"anon": None, "user": None, "signup": rates}


def test_the_addresses_of_one_ipv6_64_share_one_count(settings: LazySettings) -> None:
    limit_sign_ups(settings, "2/hour")
    assert sign_up("2001:db8:1:2::1") == 201
    assert sign_up("2001:db8:1:2:ffff:1:2:3") == 201  # another address, the same /64
    assert sign_up("2001:db8:1:2::99") == 429
    assert sign_up("2001:db8:1:3::1") == 201  # the next /64 is another network


def test_ipv4_addresses_count_whole_and_mapped_ones_as_ipv4(settings: LazySettings) -> None:
    limit_sign_ups(settings, "1/hour")
    assert sign_up("203.0.113.7") == 201
    assert sign_up("::ffff:203.0.113.7") == 429  # the same client seen by a dual-stack socket
    assert sign_up("203.0.113.8") == 201  # its neighbour in the /24 is someone else


def test_every_window_counts_and_the_hours_refusals_leave_the_day(
    settings: LazySettings,
) -> None:
    limit_sign_ups(settings, "2/hour,3/day")
    address = "198.51.100.30"
    with time_machine.travel(MORNING, tick=False):
        assert [sign_up(address) for _ in range(4)] == [201, 201, 429, 429]
    with time_machine.travel(MORNING + timedelta(hours=2), tick=False):
        assert sign_up(address) == 201  # the hour's refusals did not count in the day
        refused = APIClient(REMOTE_ADDR=address).post("/api/players/", {}, format="json")
    assert refused.status_code == 429
    assert refused.json()["retry_after"] == 22 * 3600  # the day's first sign-up leaves it


def test_a_class_behind_one_address_signs_up_and_a_script_gets_no_hundreds(
    settings: LazySettings,
) -> None:
    """The configured default: 30 pupils behind the school's one address sign up in a
    lesson, a third of them after a first try refused (a name taken, a short password); a
    script at that address then gets what is left of the hour, and under 200 accounts a day."""
    assert CONFIGURED_RATES["signup"] is not None
    settings.CANFIELD_THROTTLE_RATES = dict(CONFIGURED_RATES)
    school = "192.0.2.10"
    with time_machine.travel(MORNING, tick=False):
        for pupil in range(30):
            name = f"pupil{pupil}"
            if pupil % 3 == 0:
                assert sign_up(school, name, password="short") == 400
            assert sign_up(school, name) == 201
    made = 0
    for hour in range(24):
        with time_machine.travel(MORNING + timedelta(hours=hour, minutes=30), tick=False):
            while sign_up(school) == 201:
                made += 1
    assert User.objects.filter(username__startswith="pupil").count() == 30
    assert made > 0 and 30 + made < 200


def test_sign_ups_are_refused_while_their_counters_cannot_be_read(
    settings: LazySettings,
) -> None:
    """Redis down (nothing listens on its port): the sign-up is a 503 that says when to try
    again, and no player is made; the view's other throttles still let requests through."""
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": f"redis://127.0.0.1:{free_port()}/0",
            "OPTIONS": {"socket_connect_timeout": 0.5, "socket_timeout": 0.5},
        }
    }
    settings.CANFIELD_THROTTLE_RATES = {"anon": "100/minute", "user": None, "signup": "60/hour"}
    client = APIClient(REMOTE_ADDR="198.51.100.40")
    body = {"username": "during_outage", "password": PASSWORD}
    refused = client.post("/api/players/", body, format="json")
    assert refused.status_code == 503
    assert refused["Retry-After"] == "60"
    assert refused.json() == {
        "error": "signup_unavailable",
        "detail": "sign-ups are paused while their limit cannot be counted; try again in 1 minute",
        "wait": 60,
        "retry_after": 60,
    }
    assert not User.objects.filter(username="during_outage").exists()
    settings.CANFIELD_THROTTLE_RATES = {"anon": "1/minute", "user": "1/minute", "signup": None}
    assert client.post("/api/players/", body, format="json").status_code == 201  # fail open
    assert client.get("/api/daily/").status_code == 200
