// A spectator's picture of someone else's game, kept up to date from the game's feed alone.
//
// ws/games/<id>/ sends a `state` message on connecting ({type, game, seq, state}), then one
// `action` message per appended action ({type, game, seq, token, score, state}); neither
// carries the game's status. The board (`state`) knows a win, not a resignation: "resign" is
// the service's own token and leaves the board as it was. So the status is worked out from
// both, by the server's rule (games/replaying.py game_status), and a game that ended stays
// ended: nothing may follow a win or a resignation in a log.
import { RESIGN_TOKEN } from "./resign.js";

/** "won" beats everything, a resignation ends the rest, else "playing". */
export function gameStatus({ won, resigned }) {
  if (won) return "won";
  return resigned ? "resigned" : "playing";
}

/** True when `message` tells a watcher of `game` something it does not know yet. */
export function isNews(game, message) {
  return Boolean(message.state) && message.seq > game.seq;
}

/**
 * The game (the API's game JSON) after a live message that `isNews`, and whether the page
 * must re-read it over REST: a `state` snapshot (sent again after a reconnect) names no
 * action, so a resignation made while the socket was down would go unseen; an `action`
 * message is complete, and resign is always a log's last action, so none can hide in a gap.
 *
 * `afterLiveMessage({ seq: 1, status: "playing" }, { type: "action", seq: 2, token: "resign", state })`
 * gives `{ game: { seq: 2, status: "resigned", ... }, reread: false }`.
 */
export function afterLiveMessage(game, message) {
  const state = message.state;
  const resigned = game.status === "resigned" || message.token === RESIGN_TOKEN;
  return {
    game: {
      ...game,
      seq: message.seq,
      state,
      score: state.score,
      cards: state.cards,
      moves: state.moves,
      won: state.won,
      status: gameStatus({ won: state.won, resigned }),
      legal_moves: [],
    },
    reread: message.type !== "action" && !state.won,
  };
}
