// A game's socket (ws/games/<id>/): its live messages for the page, and the owner's moves.
//
// A move on the socket is answered `ack` (the REST answer) or `refused` (the REST error body
// and status): no HTTP request, no per-request authentication. One move is out at a time (the
// table queues them); one not answered within RESEND_MS is sent again, and so is one whose
// socket dropped, once it is back: the server acks a move it already stored instead of
// playing it twice. While the socket is down the table plays over REST (`move` gives null).
import { ApiError } from "./api.js";
import { openSocket } from "./live.js";

export const RESEND_MS = 2500; // lichess: a move not acked by then is sent again
const RECONNECT_MS = 3000;
// A move whose socket stays down this long goes over REST instead (it may have been stored:
// the table then reads the game again).
const GIVE_UP_MS = 8000;

export class GameSocket {
  /** `onMessage(message)` gets every live message (`state`, `action`). */
  constructor(gameId, { onMessage = () => {} } = {}) {
    this.gameId = gameId;
    this.onMessage = onMessage;
    this.socket = null;
    this.pending = null; // the move out: {message, resolve, reject, since, timer}
    this.stopped = false;
  }

  start() {
    this.connect();
    return this;
  }

  stop() {
    this.stopped = true;
    if (this.socket) this.socket.close();
    this.giveUp();
  }

  get open() {
    return Boolean(this.socket) && this.socket.readyState === WebSocket.OPEN;
  }

  connect() {
    if (this.stopped) return;
    const socket = openSocket(`/ws/games/${this.gameId}/`, {
      onOpen: () => this.transmit(),
      onMessage: (message) => this.receive(message),
      onClose: (event, refused) => {
        if (this.socket !== socket) return;
        this.socket = null;
        // No such game (or not ours to see): no use coming back; a move out goes over REST.
        if (refused) {
          this.stopped = true;
          this.giveUp();
          return;
        }
        setTimeout(() => this.connect(), RECONNECT_MS);
      },
    });
    this.socket = socket;
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
    if (this.open) this.socket.send(JSON.stringify(pending.message));
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
