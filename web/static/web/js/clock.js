// The table's clock: the server's time of the game (`clock` in its answers: seconds from its
// creation, the time the ranking counts), ticking on in the page from the last figure the
// server gave, frozen once the game is over. The device's own clock only measures the seconds
// since that figure, so a wrong system time never shows a wrong game time.

/**
 * Seconds as a clock: m:ss under an hour ("4:12"), h:mm:ss from an hour on ("19:05:55": a
 * daily opened in the morning and played on in the evening, never "1145:55"); null (a
 * submitted game has no clock) as an em dash.
 */
export function clock(seconds) {
  if (seconds === null || seconds === undefined) return "—";
  const whole = Math.max(0, Math.round(seconds));
  const two = (value) => String(value).padStart(2, "0");
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  return hours ? `${hours}:${two(minutes)}:${two(whole % 60)}` : `${minutes}:${two(whole % 60)}`;
}

export class GameClock {
  /** `now()` is a monotonic time in ms (performance.now; node's tests give their own). */
  constructor(node, { now = () => performance.now() } = {}) {
    this.node = node;
    this.now = now;
    this.base = null; // the server's figure, seconds
    this.at = 0; // now() when it arrived
    this.running = false;
    this.timer = null;
  }

  /** Take the figure of a game answer; a repeated one (a watcher's merged state) keeps the tick.
   * A ranked daily whose day has closed is over, "playing" or not: its clock stands at the
   * ranked time (the server's figure then), as its results card and board say it. */
  show(game) {
    const closed = Boolean(game.daily) && game.sealed === false;
    const running = game.status === "playing" && !closed && game.clock !== null && game.clock !== undefined;
    if (game.clock !== this.base || running !== this.running) {
      this.base = game.clock ?? null;
      this.at = this.now();
      this.running = running;
    }
    this.node.dataset.running = String(running);
    this.draw();
    if (running && !this.timer) this.timer = setInterval(() => this.draw(), 1000);
    if (!running && this.timer) {
      clearInterval(this.timer);
      this.timer = null;
    }
  }

  seconds() {
    if (this.base === null) return null;
    return this.base + (this.running ? Math.floor((this.now() - this.at) / 1000) : 0);
  }

  draw() {
    this.node.textContent = clock(this.seconds());
  }
}
