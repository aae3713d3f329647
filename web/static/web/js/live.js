// Live leaderboard feed: a WebSocket snapshot, then one message per changed entry.
//
// Messages carry a version; a gap means something was missed, so the feed
// re-reads the board over REST instead of showing a wrong order. If the socket
// drops it reconnects with backoff; if the server refuses the board (4404/4400)
// it falls back to polling the REST board.
import { api, endpoints, itemsOf } from "./api.js";

const POLL_MS = 15000;
const MAX_BACKOFF_MS = 15000;

export function socketUrl(path) {
  const scheme = window.location.protocol === "https:" ? "wss" : "ws";
  return `${scheme}://${window.location.host}${path}`;
}

/** Order entries by rank and make displayed ranks strictly increasing. */
export function orderEntries(entries) {
  const sorted = [...entries].sort((a, b) => a.rank - b.rank || (b._fresh || 0) - (a._fresh || 0));
  let previous = 0;
  return sorted.map((entry) => {
    const rank = Math.max(entry.rank, previous + 1);
    previous = rank;
    return { ...entry, rank };
  });
}

export class LiveBoard {
  /**
   * `onChange({entries, total, changed})` is called with the top `limit` entries
   * after each update; `onState(state)` with "live", "connecting", "offline" or "polling".
   */
  constructor(code, { limit = 20, onChange = () => {}, onState = () => {} } = {}) {
    this.code = code;
    this.limit = limit;
    this.onChange = onChange;
    this.onState = onState;
    this.entries = [];
    this.total = 0;
    this.version = null;
    this.backoff = 1000;
    this.stopped = false;
    this.clock = 0;
  }

  start() {
    this.connect();
    return this;
  }

  stop() {
    this.stopped = true;
    if (this.socket) this.socket.close();
    clearTimeout(this.timer);
  }

  connect() {
    if (this.stopped) return;
    this.onState("connecting");
    const socket = new WebSocket(socketUrl(`/ws/leaderboards/${this.code}/`));
    this.socket = socket;
    socket.addEventListener("open", () => { this.backoff = 1000; });
    socket.addEventListener("message", (event) => this.receive(JSON.parse(event.data)));
    socket.addEventListener("close", (event) => {
      if (this.stopped) return;
      if (event.code === 4404 || event.code === 4400) {
        this.poll();
        return;
      }
      this.onState("offline");
      // Until the socket is back, show what REST knows rather than an empty board.
      if (this.version === null) this.refetch();
      this.timer = setTimeout(() => this.connect(), this.backoff);
      this.backoff = Math.min(this.backoff * 2, MAX_BACKOFF_MS);
    });
  }

  receive(message) {
    if (message.type === "snapshot") {
      this.version = message.version;
      this.total = message.total ?? message.entries.length;
      this.entries = orderEntries(message.entries).slice(0, this.limit);
      this.onState("live");
      this.emit(null);
    } else if (message.type === "entry") {
      if (this.version !== null && message.version !== this.version + 1) {
        this.version = message.version;
        this.refetch();
        return;
      }
      this.version = message.version;
      this.apply(message.entry);
    }
  }

  apply(entry) {
    const others = this.entries.filter((old) => old.player !== entry.player);
    // Entry messages carry no total; a rank beyond it proves the board grew (a new player).
    this.total = Math.max(this.total, entry.rank);
    this.clock += 1;
    this.entries = orderEntries([...others, { ...entry, _fresh: this.clock }]).slice(0, this.limit);
    this.emit(entry.player);
    // A top list with a hole (someone fell out of it and we do not know who moved up):
    // only the server knows the new order.
    const complete = this.entries.every((held, index) => held.rank === index + 1);
    if (!complete || this.entries.length < Math.min(this.limit, this.total)) this.refetch();
  }

  async refetch() {
    try {
      const data = await api("GET", endpoints.board(this.code, `?limit=${this.limit}`));
      this.entries = orderEntries(itemsOf(data));
      this.total = data.total ?? data.count ?? this.entries.length;
      this.emit(null);
    } catch {
      // The next message or reconnection will try again.
    }
  }

  async poll() {
    this.onState("polling");
    await this.refetch();
    if (!this.stopped) this.timer = setTimeout(() => this.poll(), POLL_MS);
  }

  emit(changed) {
    this.onChange({ entries: this.entries, total: this.total, changed });
  }
}
