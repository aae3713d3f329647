// The table page's one game and what every part of the page shares: the game as the server
// last answered it, who is signed in, the queue of calls to the server, and the status line.
import { byId, say } from "../dom.js";
import { MoveQueue } from "./move_queue.js";

/** While a queued call is unanswered the page says so, and the felt is busy for screen readers. */
function showPending(busy) {
  byId("pending").hidden = !busy;
  byId("felt").setAttribute("aria-busy", String(busy));
}

export const table = {
  game: null, // the API's game JSON, as last answered
  me: null, // the signed-in player (`/api/me/`), null for a visitor
  owner: false, // the game is the signed-in player's
  gameLoaded: false, // a game has been shown (a win or a resignation after that is news)
  queue: new MoveQueue({ onBusy: showPending }),
  board: null, // the deal's live board beside the felt (LiveBoard)
  resign: null, // the Resign button's two-press control
  countdown: null, // stops the sealed game's countdown
  nextDeal: null, // stops the results card's countdown to the next deal
  clock: null, // the game's time (GameClock)
  finishing: false, // the Finish button's line is being played
  socket: null, // the game's socket (GameSocket): its live messages, and our moves
  starter: null, // a deal on the felt with no game yet: the call that makes it (first_tap.js)
  limited: null, // a limited guest's deal, played with nothing stored: { code, actions } (limited.js)
};

/** The player may act on the game shown: theirs, still being played, and (a ranked daily)
 * its day still open: once the board is final the server refuses every action. */
export const playable = () => Boolean(table.game) && table.owner && table.game.status === "playing"
  && !(table.game.daily && !table.game.sealed);

/** A deal is on the felt and its game is made by the first tap (no game yet). */
export const startable = () => !table.game && Boolean(table.starter);

/** Say `message` in the table's status line (`kind` "error" for a refusal). */
export function status(message, kind = "info") {
  say(byId("status"), message, kind);
}
