// A game's socket (ws/games/<id>/): its live messages for the page, and the owner's moves.
//
// A move on the socket is answered `ack` (the REST answer) or `refused` (the REST error body
// and status): no HTTP request, no per-request authentication. One move is out at a time (the
// table queues them); one not answered within RESEND_MS is sent again, and so is one whose
// socket dropped, once it is back: the server acks a move it already stored instead of
// playing it twice. While the socket is down (reconnect.js: when it comes back) the table plays
// over REST (`move` gives null).
import { api, ApiError, endpoints } from "./api.js";
import { ReconnectingSocket } from "./reconnect.js";

export const RESEND_MS = 2500; // lichess: a move not acked by then is sent again
// A move whose socket stays down this long goes over REST instead (it may have been stored:
// the table then reads the game again).
export const GIVE_UP_MS = 8000;

export class GameSocket {
  /** `onMessage(message)` gets every live message (`state`, `action`). */
  constructor(gameId, { onMessage = () => {} } = {}) {
    this.gameId = gameId;
    this.onMessage = onMessage;
    this.pending = null; // the move out: {message, resolve, reject, since, timer}
    this.link = new ReconnectingSocket(`/ws/games/${gameId}/`, {
      onOpen: () => this.transmit(),
      onMessage: (message) => this.receive(message),
      // No such game (or not ours to see): no use coming back; a move out goes over REST.
      onRefused: () => this.giveUp(),
    });
  }

  start() {
    this.link.start();
    return this;
  }

  stop() {
    this.link.stop();
    this.giveUp();
  }

  get open() {
    return this.link.open;
  }

  /**
   * Send one move (`{seq, action}` or `{seq, tap, double_click}`): a promise of the REST answer,
   * rejected with the ApiError REST would have thrown, or resolved to null when the socket went
   * down for good meanwhile. Null at once when the socket is not open: use REST.
   */
  move(body) {
    if (!this.open || this.pending) return null;
    return new Promise((resolve, reject) => {
      this.pending = { message: { type: "move", ...body }, resolve, reject, since: Date.now(), timer: null };
      this.transmit();
    });
  }

  /** Send the move out (again), and again after RESEND_MS if no answer came by then. */
  transmit() {
    const pending = this.pending;
    if (!pending) return;
    clearTimeout(pending.timer);
    if (!this.open && Date.now() - pending.since > GIVE_UP_MS) {
      this.giveUp();
      return;
    }
    if (this.open) this.link.send(pending.message);
    pending.timer = setTimeout(() => this.transmit(), RESEND_MS);
  }

  giveUp() {
    this.settle((pending) => pending.resolve(null));
  }

  receive(message) {
    const pending = this.pending;
    if (message.type === "ack") {
      // A second ack of a resent move finds nothing pending (or a later move): dropped.
      if (pending && message.action && message.action.seq === pending.message.seq) {
        const answer = { ...message };
        delete answer.type; // the rest is the REST answer
        this.settle((out) => out.resolve(answer));
      }
    } else if (message.type === "refused") {
      if (pending && message.seq === pending.message.seq) {
        this.settle((out) => out.reject(new ApiError(message.status, message.error)));
      }
    } else {
      this.onMessage(message);
    }
  }

  settle(answer) {
    const pending = this.pending;
    if (!pending) return;
    clearTimeout(pending.timer);
    this.pending = null;
    answer(pending);
  }
}

/** A socket's refusals that may only mean its player is not the session's any more. */
const STALE_PLAYER = new Set(["not_owner", "not_your_game", "player_gone"]);

/**
 * One move (`{seq, ...}`) of game `gameId`, over its `socket` while that is open, else over REST:
 * the same answer, the same refusals (an ApiError). A move the socket may have delivered before
 * it went down is stored already: REST then calls its seq stale, and the game as it stands is
 * the answer. The socket knows the player of the session it opened with: refused as not the
 * owner, the move goes over REST (another tab may have signed in since, taking the guest's games
 * along), and `onStalePlayer()` is told, to open the socket again with the session as it is now.
 * `rest` is the REST client (api.js's `api`).
 */
export async function sendMove(gameId, move, { socket = null, onStalePlayer = () => {}, rest = api } = {}) {
  const online = socket ? socket.move(move) : null;
  let acked = null;
  try {
    acked = online ? await online : null;
  } catch (error) {
    if (!(error instanceof ApiError && STALE_PLAYER.has(error.code))) throw error;
    onStalePlayer();
  }
  if (acked) return acked;
  try {
    return await rest("POST", endpoints.actions(gameId), move);
  } catch (error) {
    if (online && error instanceof ApiError && error.code === "stale_seq") {
      return rest("GET", endpoints.game(gameId));
    }
    throw error;
  }
}
