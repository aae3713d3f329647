"""A move's write as one statement on PostgreSQL: the database function ``canfield_move``.

The move kernel decides a move from the rows as read, without a lock (``games.kernel``,
``games.services.move_write``); this function writes what it decided in one call, so that
the write, with its COMMIT (autocommit: one statement is one transaction), is one round trip:

1. the game row's UPDATE, only where its stored ``seq`` is the one the decision was made on
   (and its player, status and hold are as read): none updated, the function answers NULL
   and writes nothing (a stale ``seq``: the caller takes the locked path, which answers as
   it always has);
2. the action row's INSERT (unique(game, seq) still guards it);
3. the player's row locked, after the game's (the one lock order of every write): the
   entries of one player are written by one transaction at a time, as on the locked path;
4. the entry: its revision must be the one read (``KEEP`` reads it; ``TAKE`` updates it to
   the moved game's values and bumps it), and for ``TAKE_IF_ALONE`` no other game of the
   player may rank on the board;
5. the board's count rows, in the order given (``games.kernel.count_changes``), each -1
   followed by the DELETE of its row at 0: PL/pgSQL runs each statement with the effects of
   the earlier ones, which one CTE could not (its parts share one snapshot).

Anything not as read in 3-4 raises ``CF001`` (``STALE``): the whole call rolls back and the
caller takes the locked path. The statements are shared by the migration that creates the
function and the tests; SQLite has no such function (the sync path is its only path).
"""

#: The SQLSTATE of "a row was not as read": nothing was written, take the locked path.
STALE = "CF001"

FUNCTION = "canfield_move"

POSTGRESQL_INSTALL = [
    f"""
    CREATE OR REPLACE FUNCTION {FUNCTION}(
        p_game bigint, p_player integer, p_seq integer, p_held boolean,
        p_token varchar, p_score_after integer, p_at timestamptz,
        p_score integer, p_cards integer, p_moves integer, p_won boolean,
        p_snapshot jsonb, p_elapsed integer,
        p_entry bigint, p_revision bigint, p_take boolean, p_alone boolean,
        p_games_board varchar, p_counts jsonb
    ) RETURNS bigint
    LANGUAGE plpgsql AS $$
    DECLARE
        action_id bigint;
        change jsonb;
        delta integer;
    BEGIN
        UPDATE games_game SET
            seq = p_seq, action_count = p_seq, score = p_score, cards = p_cards,
            moves = p_moves, won = p_won, snapshot = p_snapshot, reached_at = p_at,
            elapsed = p_elapsed, updated_at = p_at
        WHERE id = p_game AND seq = p_seq - 1 AND player_id = p_player
            AND status = 'playing' AND held = p_held AND NOT hold_confirmed;
        IF NOT FOUND THEN
            RETURN NULL;
        END IF;
        INSERT INTO games_action (game_id, seq, token, score_after, created_at)
        VALUES (p_game, p_seq, p_token, p_score_after, p_at)
        RETURNING id INTO action_id;
        PERFORM 1 FROM auth_user WHERE id = p_player FOR UPDATE;
        IF NOT FOUND THEN
            RAISE EXCEPTION '{FUNCTION}: player % is gone', p_player USING ERRCODE = '{STALE}';
        END IF;
        IF p_alone AND EXISTS (
            SELECT 1 FROM games_game WHERE board = p_games_board AND player_id = p_player
                AND id <> p_game AND seq > 0 AND NOT held
        ) THEN
            RAISE EXCEPTION '{FUNCTION}: another game may rank' USING ERRCODE = '{STALE}';
        END IF;
        IF p_take THEN
            UPDATE games_leaderboardentry SET
                game_id = p_game, cards = p_cards, action_count = p_seq, elapsed = p_elapsed,
                moves = p_moves, score = p_score, won = p_won, status = 'playing',
                reached_at = p_at, revision = revision + 1
            WHERE id = p_entry AND revision = p_revision;
        ELSE
            PERFORM 1 FROM games_leaderboardentry WHERE id = p_entry AND revision = p_revision;
        END IF;
        IF NOT FOUND THEN
            RAISE EXCEPTION '{FUNCTION}: entry % changed', p_entry USING ERRCODE = '{STALE}';
        END IF;
        FOR change IN SELECT value FROM jsonb_array_elements(p_counts) LOOP
            delta := (change->>'delta')::integer;
            IF change->>'table' = 'standing' THEN
                IF delta > 0 THEN
                    INSERT INTO games_standingcount (board, assisted, cards, action_count, entries)
                    VALUES (change->>'board', (change->>'assisted')::boolean,
                        (change->>'cards')::integer, (change->>'actions')::integer, delta)
                    ON CONFLICT (board, assisted, cards, action_count)
                    DO UPDATE SET entries = games_standingcount.entries + EXCLUDED.entries;
                ELSE
                    UPDATE games_standingcount SET entries = entries + delta
                    WHERE board = change->>'board' AND assisted = (change->>'assisted')::boolean
                        AND cards = (change->>'cards')::integer
                        AND action_count = (change->>'actions')::integer;
                    DELETE FROM games_standingcount
                    WHERE board = change->>'board' AND assisted = (change->>'assisted')::boolean
                        AND cards = (change->>'cards')::integer
                        AND action_count = (change->>'actions')::integer AND entries <= 0;
                END IF;
            ELSE
                IF delta > 0 THEN
                    INSERT INTO games_cardscount (board, assisted, cards, entries)
                    VALUES (change->>'board', (change->>'assisted')::boolean,
                        (change->>'cards')::integer, delta)
                    ON CONFLICT (board, assisted, cards)
                    DO UPDATE SET entries = games_cardscount.entries + EXCLUDED.entries;
                ELSE
                    UPDATE games_cardscount SET entries = entries + delta
                    WHERE board = change->>'board' AND assisted = (change->>'assisted')::boolean
                        AND cards = (change->>'cards')::integer;
                    DELETE FROM games_cardscount
                    WHERE board = change->>'board' AND assisted = (change->>'assisted')::boolean
                        AND cards = (change->>'cards')::integer AND entries <= 0;
                END IF;
            END IF;
        END LOOP;
        RETURN action_id;
    END
    $$;
    """,
]

POSTGRESQL_UNINSTALL = [
    f"DROP FUNCTION IF EXISTS {FUNCTION}(bigint, integer, integer, boolean, varchar, integer,"
    " timestamptz, integer, integer, integer, boolean, jsonb, integer, bigint, bigint, boolean,"
    " boolean, varchar, jsonb);",
]


def install_statements(vendor: str) -> list[str]:
    """The statements that create the function on this database vendor (none on SQLite)."""
    return POSTGRESQL_INSTALL if vendor == "postgresql" else []


def uninstall_statements(vendor: str) -> list[str]:
    return POSTGRESQL_UNINSTALL if vendor == "postgresql" else []
