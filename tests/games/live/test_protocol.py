"""The protocol's messages: their JSON exactly as before, entries exactly as the REST API.

The live package writes its JSON without the REST framework (the publisher and consumers no
longer import DRF); these tests hold it to ``EntryOut``, the serializer of
``GET /api/leaderboards/<board>/``, and to the message shapes clients (tests/web) rely on.
"""

import json
from dataclasses import asdict
from datetime import UTC, datetime

import pytest

from engine import Game
from games.api.serializers.boards import EntryOut
from games.live import protocol
from games.selectors.leaderboard_rows import RankedEntry


def entry(**changes: object) -> RankedEntry:
    values: dict = {
        "rank": 2,
        "player": "alice",
        "cards": 12,
        "actions": 40,
        "elapsed": 95,
        "score": 60,
        "moves": 38,
        "won": False,
        "status": "playing",
        "game": 7,
        "reached_at": datetime(2026, 12, 1, 10, 0, 1, 123456, tzinfo=UTC),
        "assisted": False,
    }
    return RankedEntry(**{**values, **changes})


@pytest.mark.parametrize(
    "shown",
    [
        entry(),
        entry(game=None, elapsed=None),  # sealed, submitted
        entry(reached_at=datetime(2026, 12, 1, 10, 0, 1, tzinfo=UTC)),  # no microseconds
        entry(won=True, cards=52, status="won", assisted=True, rank=1),
    ],
)
def test_an_entry_is_what_the_rest_api_shows(shown: RankedEntry) -> None:
    rest = json.loads(json.dumps(EntryOut(asdict(shown)).data))
    assert protocol.entry_json(shown) == rest
    assert list(protocol.entry_json(shown)) == list(rest)  # same field order too


def test_the_four_messages_keep_their_shapes() -> None:
    state = Game.from_code("CF1-D3-AAAAACL").state()
    shown = entry()
    messages = {
        "snapshot": protocol.SnapshotMessage(board="B", version=4, total=1, entries=(shown,)),
        "entry": protocol.EntryMessage(board="B", version=5, entry=shown),
        "state": protocol.StateMessage(game=7, seq=3, state=state, status="playing"),
        "action": protocol.ActionMessage(
            game=7, seq=4, token="draw", score=5, state=state, status="playing"
        ),
    }
    keys = {name: list(message.json()) for name, message in messages.items()}
    assert keys == {
        "snapshot": ["type", "board", "who", "version", "total", "entries"],
        "entry": ["type", "board", "who", "version", "entry"],
        "state": ["type", "game", "seq", "status", "state"],
        "action": ["type", "game", "seq", "token", "score", "status", "state"],
    }
    assert all(message.json()["type"] == name for name, message in messages.items())
    assert [message.number for message in messages.values()] == [4, 5, 3, 4]
    assert json.loads(messages["entry"].text())["entry"] == protocol.entry_json(shown)


def test_an_event_carries_the_text_once_and_its_number() -> None:
    message = protocol.ActionMessage(
        game=7,
        seq=4,
        token="draw",
        score=5,
        state=Game.from_code("CF1-D3-AAAAACL").state(),
        status="playing",
    )
    group, event = protocol.action_event(message)
    assert group == "game.7"
    assert event == {
        "type": protocol.ACTION_EVENT,
        "group": "game.7",
        "number": 4,
        "text": message.text(),
    }
