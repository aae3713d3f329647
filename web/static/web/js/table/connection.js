// The table without a network: the browser says when it is offline ("offline"/"online"), and
// the table says so too, in its status line, its "Sending…" and its live badge, rather than
// "Sending…" forever under a "live" badge. The player's taps wait in the move queue, in the
// order made, and go out once the network is back (moves_out.js).
import { ApiError } from "../api.js";
import { renderLiveState } from "../board_list.js";
import { byId } from "../dom.js";
import { gettext } from "../i18n.js";
import { status, table } from "./context.js";

let liveState = null; // the live board's own state, shown again once back online

/** The browser knows it has no network. */
export const isOffline = () => typeof navigator !== "undefined" && navigator.onLine === false;

/** A call that reached no server (api.js: status 0): the network, not a refusal. */
export const unreachable = (error) => error instanceof ApiError && error.status === 0;

/** Resolves once the browser is online (at once when it is). */
export function untilOnline() {
  if (!isOffline()) return Promise.resolve();
  return new Promise((resolve) => window.addEventListener("online", () => resolve(), { once: true }));
}

/** Wait before trying an unreachable server again: `attempt` 0, 1, 2... (1 s, 2 s, 4 s... 10 s). */
export const retryPause = (attempt) => new Promise((resolve) =>
  setTimeout(resolve, Math.min(10_000, 1000 * 2 ** attempt)));

/** The live board's state (live_panel.js), shown unless the table is offline. */
export function showLiveState(state) {
  liveState = state;
  if (!isOffline()) renderLiveState(byId("live-state"), state);
}

function show(offline) {
  const words = byId("pending-words");
  if (words) words.textContent = offline ? gettext("Offline: your moves wait, in order") : gettext("Sending…");
  byId("pending")?.classList.toggle("offline", offline);
  renderLiveState(byId("live-state"), offline ? "unreachable" : liveState || "connecting");
  if (offline) {
    status(gettext("You are offline. Play on: your moves are kept in order and sent once you are back."), "error");
  } else {
    status(table.queue.busy ? gettext("Back online: your moves are being sent.") : "");
  }
}

/** Once: follow the browser's network state. */
export function wireConnection() {
  window.addEventListener("offline", () => show(true));
  window.addEventListener("online", () => show(false));
  if (isOffline()) show(true);
}
