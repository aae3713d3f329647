// The pages' one reconnect policy, for every socket they keep open (a board's live feed, a
// game's socket): when to try again, and what "down" means.
//
// - A socket is **down** from the moment it drops (a close the page did not ask for, or a
//   connection that never opened) until it opens again. While down, a board says
//   "reconnecting…" and shows what REST knows; a game's moves go over REST.
// - A down socket is tried again after a delay that doubles from FIRST_MS up to MAX_MS; opening
//   starts the delays over. Each delay is jittered (±JITTER) so that the pages one server
//   restart dropped together do not all come back in the same instant.
// - A close the server means for good is a **refusal**, never retried: 4400 (a malformed board
//   or id), 4404 (no such board or game, or not this page's to see), 4401 (a token that is no
//   good). The caller falls back (a board polls REST; a game's moves go over REST).
//
// No document here: `socketUrl` reads `globalThis.location`, so node's tests can import it.

export const FIRST_MS = 1000;
export const MAX_MS = 15000;
export const JITTER = 0.25;

/** Close codes the server sends when it will never serve the path (docs/contracts.md). */
export const REFUSAL_CODES = new Set([4400, 4401, 4404]);

/** Whether a close with `code` is a refusal: no use coming back. */
export const isRefusal = (code) => REFUSAL_CODES.has(code);

/** The delays between tries: doubling from `firstMs` to at most `maxMs`, each jittered. */
export class Backoff {
  constructor({ firstMs = FIRST_MS, maxMs = MAX_MS, jitter = JITTER, random = Math.random } = {}) {
    this.firstMs = firstMs;
    this.maxMs = maxMs;
    this.jitter = jitter;
    this.random = random;
    this.tries = 0;
  }

  /** The wait before the next try (each call is one more try). */
  next() {
    const base = Math.min(this.firstMs * 2 ** this.tries, this.maxMs);
    this.tries += 1;
    return Math.round(base * (1 - this.jitter + 2 * this.jitter * this.random()));
  }

  /** The socket opened: the next drop waits `firstMs` again. */
  reset() {
    this.tries = 0;
  }
}

/** The URL of this site's WebSocket `path` (wss on an https page). */
export function socketUrl(path, location = globalThis.location) {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  return `${scheme}://${location.host}${path}`;
}

/**
 * A WebSocket on this site's `path`, opened again by the policy above until stopped or refused.
 * `onOpen()` on each opening, `onMessage(message)` with each message parsed, `onDown(event)`
 * when it drops (a try again is scheduled), `onRefused(event)` when the server refuses the path
 * (no more tries).
 */
export class ReconnectingSocket {
  constructor(path, { onOpen = () => {}, onMessage = () => {}, onDown = () => {}, onRefused = () => {} } = {},
    { backoff = new Backoff() } = {}) {
    this.path = path;
    this.handlers = { onOpen, onMessage, onDown, onRefused };
    this.backoff = backoff;
    this.socket = null;
    this.timer = null;
    this.stopped = false;
  }

  start() {
    this.connect();
    return this;
  }

  /** Close for good: no more tries, no more calls. */
  stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    if (this.socket) this.socket.close();
    this.socket = null;
  }

  get open() {
    return Boolean(this.socket) && this.socket.readyState === WebSocket.OPEN;
  }

  send(message) {
    this.socket.send(JSON.stringify(message));
  }

  connect() {
    if (this.stopped) return;
    const socket = new WebSocket(socketUrl(this.path));
    socket.addEventListener("open", () => {
      this.backoff.reset();
      this.handlers.onOpen();
    });
    socket.addEventListener("message", (event) => this.handlers.onMessage(JSON.parse(event.data)));
    socket.addEventListener("close", (event) => {
      // A socket this one replaced, or one closed by stop(): nothing to do.
      if (this.socket !== socket || this.stopped) return;
      this.socket = null;
      if (isRefusal(event.code)) {
        this.stopped = true;
        this.handlers.onRefused(event);
        return;
      }
      this.timer = setTimeout(() => this.connect(), this.backoff.next());
      this.handlers.onDown(event);
    });
    this.socket = socket;
  }
}
