"""The pure parts of the page scripts, run in Chromium as the pages load them.

Token spelling (drags, the keyboard box) and the live feed's version handling
are easy to get subtly wrong and awkward to reach through a whole page, so they
are checked here directly: the ES modules are imported into a page of the app.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Page, Route

from tests.web.conftest import Player

pytestmark = [pytest.mark.browser, pytest.mark.e2e]


@pytest.fixture
def page(new_player: Callable[..., Player]) -> Page:
    page = new_player(sign_up=False).page
    page.goto("/")
    return page


def _call(page: Page, module: str, expression: str) -> Any:
    """Evaluate `expression` with the module's exports in scope as `m`."""
    return page.evaluate(
        f"async () => {{ const m = await import('/static/web/js/{module}'); return {expression}; }}"
    )


DRAGS = [
    ("R", 1, "F", "RF"),
    ("R", 1, "3", "R3"),
    ("W", 1, "F", "WF"),
    ("W", 1, "1", "W1"),
    ("2", 1, "F", "2F"),
    ("2", 1, "4", "24"),
    ("2", 3, "4", "24x3"),
    ("FH", 1, "2", "FH2"),
    ("FH", 1, "F", None),  # a foundation card does not go to a foundation
    ("2", 2, "F", None),  # only single cards go home
    ("2", 1, "2", None),  # dropped where it came from: no move
]

TYPED = [
    ("24X3", {"action": "24x3"}),
    (" rf ", {"action": "RF"}),
    ("Draw", {"action": "draw"}),
    ("fh2", {"action": "FH2"}),
    ("10h", {"tap": "TH"}),
    ("7s", {"tap": "7S"}),
    ("stock", {"tap": "stock"}),
    (" Resign ", {"resign": True}),  # not a move: the page points at its Resign button
    ("   ", None),
]


def test_drags_are_spelled_as_design_tokens(page: Page) -> None:
    cases = [[source, block, target] for source, block, target, _ in DRAGS]
    tokens = _call(page, "moves.js", f"{json.dumps(cases)}.map(c => m.moveToken(...c))")
    assert tokens == [token for *_, token in DRAGS]


def test_the_keyboard_box_reads_tokens_and_cards(page: Page) -> None:
    bodies = _call(page, "moves.js", f"{json.dumps([t for t, _ in TYPED])}.map(m.parseTyped)")
    assert bodies == [body for _, body in TYPED]


CONFIRM_TWICE = """async ([presses, waitMs]) => {
    const m = await import('/static/web/js/resign.js');
    const button = document.createElement('button');
    button.textContent = 'Resign';
    document.body.append(button);
    const events = [];
    const control = m.confirmTwice(button, {
        armedText: 'Confirm resign', ms: 80,
        onArm: () => events.push('arm'),
        onConfirm: () => events.push('confirm'),
        onDisarm: () => events.push('disarm'),
    });
    const seen = [];
    for (const press of presses) {
        if (press === 'click') button.click();
        else if (press === 'wait') await new Promise(resolve => setTimeout(resolve, waitMs));
        else button.dispatchEvent(new KeyboardEvent('keydown', { key: press }));
        seen.push([button.textContent, control.armed()]);
    }
    button.remove();
    return { events, seen };
}"""


@pytest.mark.parametrize(
    ("presses", "events", "last"),
    [
        (["click"], ["arm"], ["Confirm resign", True]),
        (["click", "click"], ["arm", "confirm"], ["Resign", False]),
        (["click", "wait"], ["arm", "disarm"], ["Resign", False]),
        (["click", "wait", "click"], ["arm", "disarm", "arm"], ["Confirm resign", True]),
        (["click", "Escape", "click"], ["arm", "disarm", "arm"], ["Confirm resign", True]),
        (["click", "Enter"], ["arm"], ["Confirm resign", True]),
    ],
)
def test_resign_needs_a_second_press_before_the_time_runs_out(
    page: Page, presses: list[str], events: list[str], last: list[object]
) -> None:
    result = page.evaluate(CONFIRM_TWICE, [presses, 250])
    assert result["events"] == events
    assert result["seen"][-1] == last


def _entry(player: str, rank: int, cards: int) -> dict:
    return {
        "rank": rank,
        "player": player,
        "cards": cards,
        "score": 5 * (cards - 1),
        "moves": 10,
        "won": False,
        "status": "playing",
        "game": rank,
    }


FEED = """async ([messages, limit]) => {
    const m = await import('/static/web/js/live.js');
    const seen = [];
    const feed = new m.LiveBoard('CF1-D3-AAAAAAA', {
        limit,
        onChange: ({ entries, changed }) =>
            seen.push({ order: entries.map(e => e.player + e.rank), changed }),
    });
    for (const message of messages) feed.receive(message);
    await feed.reading;  // the REST re-read a message asked for, if any
    return seen;
}"""


def _feed(
    page: Page, messages: list[dict], *, limit: int = 20, rest: list[dict] | None = None
) -> tuple[Any, list[str]]:
    """Feed `messages` to a LiveBoard; the REST board answers `rest` (its entries). Returns
    what the feed showed and the REST reads it made."""
    reads: list[str] = []

    def answer(route: Route) -> None:
        reads.append(route.request.url)
        entries = rest or []
        route.fulfill(json={"board": "CF1-D3-AAAAAAA", "total": 9, "entries": entries})

    page.route("**/api/leaderboards/**", answer)
    return page.evaluate(FEED, [messages, limit]), reads


def _snapshot_of(version: int, entries: list[dict], total: int | None = None) -> dict:
    total = len(entries) if total is None else total
    board = "CF1-D3-AAAAAAA"
    return {
        "type": "snapshot",
        "board": board,
        "version": version,
        "total": total,
        "entries": entries,
    }


def _entry_message(version: int, entry: dict) -> dict:
    return {"type": "entry", "board": "CF1-D3-AAAAAAA", "version": version, "entry": entry}


def test_live_feed_applies_entries_in_order_and_refetches_after_a_gap(page: Page) -> None:
    seen, reads = _feed(
        page,
        [
            _snapshot_of(5, [_entry("ann", 1, 10), _entry("bob", 2, 5)]),
            _entry_message(6, _entry("bob", 2, 7)),  # bob gains cards, keeps his place
            _entry_message(8, _entry("cat", 1, 30)),  # version 7 was missed
        ],
        rest=[_entry("cat", 1, 30), _entry("ann", 2, 10)],
    )
    assert seen[0] == {"order": ["ann1", "bob2"], "changed": None}
    assert seen[1] == {"order": ["ann1", "bob2"], "changed": "bob"}  # no one moved: no re-read
    # Version 7 was missed: the entry is not trusted, the board is re-read over REST.
    assert len(reads) == 1
    assert seen[2] == {"order": ["cat1", "ann2"], "changed": None}
    assert len(seen) == 3


def test_live_feed_rereads_instead_of_reranking_when_someone_passes_another(page: Page) -> None:
    seen, reads = _feed(
        page,
        [
            _snapshot_of(1, [_entry("ann", 1, 10), _entry("bob", 2, 5)]),
            _entry_message(2, _entry("bob", 1, 12)),  # ann's rank 1 is stale now
        ],
        rest=[_entry("bob", 1, 12), _entry("ann", 2, 10)],
    )
    assert len(reads) == 1
    # Only the server's ranks are ever shown: no "ann1, bob1", no ranks made up here.
    assert seen == [
        {"order": ["ann1", "bob2"], "changed": None},
        {"order": ["bob1", "ann2"], "changed": "bob"},
    ]


def test_live_feed_shows_tied_ranks_as_the_server_gives_them(page: Page) -> None:
    tied = [_entry("ann", 1, 30), _entry("bob", 2, 20), _entry("cat", 2, 20), _entry("dan", 4, 9)]
    seen, reads = _feed(
        page,
        [_snapshot_of(1, tied), _entry_message(2, _entry("eve", 5, 3))],  # a newcomer, last
        limit=5,
    )
    assert seen[0]["order"] == ["ann1", "bob2", "cat2", "dan4"]
    assert seen[1] == {"order": ["ann1", "bob2", "cat2", "dan4", "eve5"], "changed": "eve"}
    assert reads == []  # a tie is no hole, and nobody was passed


def test_live_feed_rereads_the_board_when_someone_falls_out_of_the_top(page: Page) -> None:
    seen, reads = _feed(
        page,
        [
            _snapshot_of(
                1,
                [
                    _entry(name, rank, 20 - rank)
                    for rank, name in enumerate(["ann", "bob", "cat"], 1)
                ],
                total=9,
            ),
            _entry_message(2, _entry("ann", 8, 3)),
        ],
        limit=2,
        rest=[_entry("bob", 1, 12), _entry("cat", 2, 11)],
    )
    assert seen[0]["order"] == ["ann1", "bob2"]  # the snapshot is cut to the list's size
    # ann fell to 8th: who moved up is the server's to say.
    assert len(reads) == 1
    assert seen[1] == {"order": ["bob1", "cat2"], "changed": "ann"}
    assert len(seen) == 2


def _board(*, cards: int, won: bool = False) -> dict:
    """The fields of an engine state the watcher's page reads (the felt reads the rest)."""
    return {"score": 5 * (cards - 1), "cards": cards, "moves": 7, "won": won}


def _action(seq: int, token: str, status: str, *, cards: int = 2, won: bool = False) -> dict:
    board = _board(cards=cards, won=won)
    return {"type": "action", "seq": seq, "token": token, "status": status, "state": board}


def _snapshot(seq: int, status: str, *, cards: int = 2, won: bool = False) -> dict:
    return {"type": "state", "seq": seq, "status": status, "state": _board(cards=cards, won=won)}


def _watching(page: Page, function: str, game: dict, message: dict) -> Any:
    """`function(game, message)` of watching.js, in the page."""
    return _call(page, "watching.js", f"m.{function}({json.dumps(game)}, {json.dumps(message)})")


PLAYING = {"id": 9, "seq": 4, "status": "playing", "won": False, "legal_moves": ["draw"]}

LIVE_GAME_MESSAGES = [
    _action(5, "2F", "playing", cards=3),
    _action(5, "resign", "resigned"),
    _action(5, "WF", "won", cards=52, won=True),
    _action(7, "resign", "resigned"),  # seqs 5..6 missed: the action is complete on its own
    _snapshot(6, "resigned"),  # after a reconnect: the snapshot tells the status too
    _snapshot(6, "won", cards=52, won=True),
]


@pytest.mark.parametrize("message", LIVE_GAME_MESSAGES)
def test_a_watcher_takes_the_status_the_live_message_tells(
    page: Page, message: dict[str, Any]
) -> None:
    game = _watching(page, "afterLiveMessage", PLAYING, message)
    assert game["status"] == message["status"]
    assert game["seq"] == message["seq"] and game["id"] == PLAYING["id"]
    assert game["cards"] == message["state"]["cards"] and game["won"] == message["state"]["won"]
    assert game["legal_moves"] == []  # a watcher never plays


@pytest.mark.parametrize(
    ("message", "news"),
    [
        (_action(5, "draw", "playing"), True),
        (_snapshot(4, "playing"), False),  # the board it has already
        (_action(3, "draw", "playing"), False),
        ({"type": "pong", "seq": 9}, False),  # no board: nothing to draw
    ],
)
def test_only_a_newer_board_is_news_to_a_watcher(
    page: Page, message: dict[str, Any], news: bool
) -> None:
    assert _watching(page, "isNews", PLAYING, message) is news
