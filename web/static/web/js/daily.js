// The daily boards as the pages name them, and the time left until a sealed one closes.
//
// A board is a deal code (an open deal) or `daily-<date>-D3|D1` (one UTC day's ranked,
// sealed deal in one draw mode). A sealed board has no code to show: the pages name it by
// its day and mode, and count down to its close (`closes_at`, 00:00 UTC).
import { format, formatDateTime, gettext } from "./i18n.js";

const DAILY_BOARD = /^daily-(\d{4}-\d{2}-\d{2})-(D3|D1)$/;

/** `{day, mode, draw}` of a daily board id, null for a deal code. */
export function parseDailyBoard(board) {
  const found = DAILY_BOARD.exec(board || "");
  return found ? { day: found[1], mode: found[2], draw: Number(found[2][1]) } : null;
}

/** "daily 2026-12-01, draw 3" for a daily board, the code itself for an open deal. */
export function boardLabel(board) {
  const daily = parseDailyBoard(board);
  return daily ? format(gettext("daily %(day)s, draw %(draw)s"), { day: daily.day, draw: daily.draw }) : board;
}

/** "07:05:09": hours, minutes and seconds left (never negative). */
export function formatRemaining(ms) {
  const total = Math.max(0, Math.floor(ms / 1000));
  const part = (value) => String(value).padStart(2, "0");
  return `${part(Math.floor(total / 3600))}:${part(Math.floor((total % 3600) / 60))}:${part(total % 60)}`;
}

/**
 * Make the <time> `node` count down to the close an API answer tells (`closes_at`, and
 * `closes_in`: the server's seconds left when it answered), once a second; `onClosed()` runs
 * once when it reaches zero. The time left is the server's, counted down on the page's
 * monotonic clock (`now`, performance.now): a device whose clock is wrong, or changes, still
 * shows the server's time to the close. Returns a function that stops it.
 */
export function startCountdown(node, { closes_at: closesAt, closes_in: closesIn }, { onClosed = () => {}, now = () => performance.now() } = {}) {
  const close = Date.parse(closesAt);
  if (!node || Number.isNaN(close) || typeof closesIn !== "number") return () => {};
  const end = now() + closesIn * 1000;
  node.setAttribute("datetime", new Date(close).toISOString());
  node.title = format(gettext("closes %(time)s"), { time: formatDateTime(new Date(close).toISOString()) });
  let timer = null;
  const tick = () => {
    const left = end - now();
    node.textContent = formatRemaining(left);
    if (left <= 0) {
      clearInterval(timer);
      onClosed();
    }
  };
  timer = setInterval(tick, 1000);
  tick();
  return () => clearInterval(timer);
}
