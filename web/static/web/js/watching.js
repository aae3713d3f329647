// A spectator's picture of someone else's game, kept up to date from the game's feed alone.
//
// ws/games/<id>/ sends a `state` message on connecting ({type, game, seq, status, state}), then
// one `action` message per appended action ({type, game, seq, token, score, status, state}).
// Each carries the game's status as the server sets it: the page takes it as told and works
// nothing out (a resignation leaves the board as it was; only the server knows it).

/** True when `message` tells a watcher of `game` something it does not know yet. */
export function isNews(game, message) {
  return Boolean(message.state) && message.seq > game.seq;
}

/**
 * The game (the API's game JSON) after a live message that `isNews`.
 *
 * `afterLiveMessage({ seq: 1, status: "playing" }, { type: "action", seq: 2, status: "resigned", state })`
 * gives `{ seq: 2, status: "resigned", ... }`.
 */
export function afterLiveMessage(game, message) {
  const state = message.state;
  return {
    ...game,
    seq: message.seq,
    state,
    score: state.score,
    cards: state.cards,
    moves: state.moves,
    // What ranks: every action of the log, undo too, less a final resign (as the API counts).
    actions: message.status === "resigned" ? message.seq - 1 : message.seq,
    won: state.won,
    status: message.status,
    legal_moves: [],
  };
}
