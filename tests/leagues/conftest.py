"""What the league tests share: the fair-play tests' stored day on a running clock and clients
at chosen addresses (a held entry is a second account on one network), the live tests'
fresh channel layer and idle publisher, and the ratings tests' stored days (streaks)."""

from tests.fairplay.conftest import client_at, day, staff  # noqa: F401 (fixtures used here)
from tests.games.live.conftest import (  # noqa: F401 (fixtures of the live tests, used here too)
    _fresh_channel_layer_and_snapshots,
    _publisher_idle_after_each_test,
)
from tests.ratings.conftest import days  # noqa: F401 (a fixture of the ratings tests, used here)
