"""When to try again, in words and in the reader's language (``games.retry_after``)."""

import pytest
from django.utils import translation

from games.retry_after import retry_seconds, retry_words

#: Waits in seconds and how each language says them: seconds under a minute, minutes (to the
#: nearest) under an hour, hours "about" beyond. Pinned here, not read from the catalogues.
SAID = {
    1: {"en": "in 1 second", "id": "dalam 1 detik", "ja": "1秒後に"},
    29.2: {"en": "in 30 seconds", "id": "dalam 30 detik", "ja": "30秒後に"},
    60: {"en": "in 1 minute", "id": "dalam 1 menit", "ja": "1分後に"},
    2829: {"en": "in 47 minutes", "id": "dalam 47 menit", "ja": "47分後に"},
    3569: {"en": "in 59 minutes", "id": "dalam 59 menit", "ja": "59分後に"},
    3571: {"en": "in about 1 hour", "id": "dalam sekitar 1 jam", "ja": "約1時間後に"},
    6500: {"en": "in about 2 hours", "id": "dalam sekitar 2 jam", "ja": "約2時間後に"},
    7201: {"en": "in about 2 hours", "id": "dalam sekitar 2 jam", "ja": "約2時間後に"},
    80000: {"en": "in about 22 hours", "id": "dalam sekitar 22 jam", "ja": "約22時間後に"},
}


@pytest.mark.parametrize("language", ["en", "id", "ja"])
@pytest.mark.parametrize("wait", list(SAID))
def test_a_wait_is_said_in_words_in_the_readers_language(wait: float, language: str) -> None:
    with translation.override(language):
        assert retry_words(wait) == SAID[wait][language]


def test_the_seconds_are_whole_and_never_early() -> None:
    assert [retry_seconds(wait) for wait in (0, 0.2, 1, 29.2, 2828.01, 3600)] == [
        1,
        1,
        1,
        30,
        2829,
        3600,
    ]
