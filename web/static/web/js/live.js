// Live leaderboard feed: a WebSocket snapshot, then one message per changed entry.
//
// Messages carry a version; a gap means something was missed, so the feed
// re-reads the board over REST instead of showing a wrong order. If the socket
// drops it comes back as reconnect.js says; if the server refuses the board (4404/4400)
// it falls back to polling the REST board. `who` chooses the board's people ("humans"),
// its declared bots ("bots": the socket of the bots partition), or both ("all": no socket
// serves a merged ranking, so it polls the REST board, which ranks both in one order).
import { api, endpoints } from "./api.js";
import { ReconnectingSocket } from "./reconnect.js";

const POLL_MS = 15000;

/**
 * Entries in the server's order: by its rank (ties share one: 1, 2, 2, 4), then within a
 * tie by the board's own key (shorter elapsed, earlier reached_at). Ranks are shown as the
 * server gave them, never renumbered.
 */
export function orderEntries(entries) {
  const elapsed = (entry) => (entry.elapsed == null ? Infinity : entry.elapsed);
  return [...entries].sort((a, b) => a.rank - b.rank || elapsed(a) - elapsed(b)
    || String(a.reached_at || "").localeCompare(String(b.reached_at || "")));
}

/** True when a top list has no hole: the first is 1st, each next one ties or is at its place. */
export function isCompleteTop(entries) {
  return entries.every((entry, index) => entry.rank === index + 1
    || (index > 0 && entry.rank === entries[index - 1].rank));
}

export class LiveBoard {
  /**
   * `onChange({entries, total, changed})` is called with the top `limit` entries
   * after each update; `onState(state)` with "live", "connecting", "offline" or "polling".
   */
  constructor(board, { limit = 20, who = "humans", league = null, onChange = () => {}, onState = () => {} } = {}) {
    this.board = board; // a deal code or a daily board id (daily-2026-12-01-D3)
    this.who = who;
    // A league's id: its board (the members' entries, ranks within it), on the same socket.
    this.league = league;
    this.limit = limit;
    this.onChange = onChange;
    this.onState = onState;
    this.entries = [];
    this.total = 0;
    this.version = null;
    this.socket = null; // the board's ReconnectingSocket
    this.stopped = false;
  }

  start() {
    if (this.who === "all") this.poll();
    else this.connect();
    return this;
  }

  stop() {
    this.stopped = true;
    if (this.socket) this.socket.stop();
    clearTimeout(this.timer);
  }

  connect() {
    this.onState("connecting");
    this.socket = new ReconnectingSocket(`/ws/leaderboards/${encodeURIComponent(this.board)}/?who=${encodeURIComponent(this.who)}${this.leagueQuery()}`, {
      onMessage: (message) => this.receive(message),
      onRefused: () => this.poll(),
      onDown: () => {
        this.onState("offline");
        // Until the socket is back, show what REST knows rather than an empty board.
        if (this.version === null) this.refetch();
      },
    }).start();
  }

  receive(message) {
    if (message.type === "snapshot") {
      this.version = message.version;
      this.total = message.total;
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
    const before = this.entries.find((old) => old.player === entry.player);
    const others = this.entries.filter((old) => old.player !== entry.player);
    // Entry messages carry no total; a rank beyond it proves the board grew (a new player).
    this.total = Math.max(this.total, entry.rank);
    this.entries = orderEntries([...others, entry]).slice(0, this.limit);
    // Another entry between the old and the new place of this one has a stale rank now, and
    // only the server knows the new ones (no re-ranking here): re-read, then show.
    const low = before ? Math.min(before.rank, entry.rank) : entry.rank;
    const high = before ? Math.max(before.rank, entry.rank) : Infinity;
    const shifted = others.some((old) => old.rank >= low && old.rank <= high);
    // A top list with a hole (someone fell out of it and we do not know who moved up) too.
    const short = !isCompleteTop(this.entries) || this.entries.length < Math.min(this.limit, this.total);
    if (shifted || short) this.refetch(entry.player);
    else this.emit(entry.player);
  }

  /** Re-read the top over REST; `changed` names the player whose move caused it. The last
   * re-read stays in `this.reading`, so a caller can wait for the board to settle. */
  refetch(changed = null) {
    this.reading = this.read(changed);
    return this.reading;
  }

  async read(changed) {
    try {
      const data = await api("GET", endpoints.board(this.board, `?limit=${this.limit}&who=${encodeURIComponent(this.who)}${this.leagueQuery()}`));
      this.entries = orderEntries(data.entries);
      this.total = data.total;
    } catch {
      // Show what we hold; the next message or reconnection will try again.
    }
    this.emit(changed);
  }

  async poll() {
    this.onState("polling");
    await this.refetch();
    if (!this.stopped) this.timer = setTimeout(() => this.poll(), POLL_MS);
  }

  leagueQuery() {
    return this.league == null ? "" : `&league=${encodeURIComponent(this.league)}`;
  }

  emit(changed) {
    this.onChange({ entries: this.entries, total: this.total, changed });
  }
}
