"""Live updates pushed after a game's log grows (filled in by the live-updates work)."""


def game_changed(*, game_id: int, code: str, actions: list[dict], board_changed: bool) -> None:
    """Tell WebSocket watchers that a game changed; called once per committed write.

    The service calls this through ``transaction.on_commit`` after every committed append: a
    live move, a resignation, a submission (all its actions at once) and also a new game
    (``actions == []``, it just joined the board of its code). ``actions`` are the appended
    actions in order, each ``{"seq": int, "token": str, "score_after": int}``;
    ``board_changed`` is true when the player's leaderboard entry for ``code`` changed.
    It runs after the commit, so it may read the database and sees the new rows.
    """
    return None
