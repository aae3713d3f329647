-- A move-shaped transaction for pgbench (bench/move_cost.py --pgbench): lock the game, insert
-- the action, update the game and the entry, commit. On tables of the move's shape (a jsonb
-- snapshot of a position's size, unique (game, seq) on the actions), not the service's own,
-- so that the bench leaves the service's rows and invariants alone. :games games.
\set g random(1, :games)
BEGIN;
SELECT seq FROM bench_move_game WHERE id = :g FOR UPDATE \gset
INSERT INTO bench_move_action (game_id, seq, token, score_after, created_at)
    VALUES (:g, :seq + 1, 'draw', 0, now());
UPDATE bench_move_game SET seq = seq + 1, moves = moves + 1, reached_at = now(),
    snapshot = jsonb_set(snapshot, '{moves}', to_jsonb(:seq + 1)) WHERE id = :g;
UPDATE bench_move_entry SET action_count = :seq + 1, reached_at = now(),
    revision = revision + 1 WHERE game_id = :g;
COMMIT;
