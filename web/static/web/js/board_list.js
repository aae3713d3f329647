// A compact list of leaderboard entries (home page and the table's side panel): each entry
// shows what it ranks by, in the ranking's order: its rank, cards home, actions, time. Score
// and moves (the app's counters, which never rank) are the game's own page's.
import { h } from "./dom.js";
import { api, endpoints, pages } from "./api.js";
import { clock } from "./clock.js";
import { gettext, ngettext } from "./i18n.js";

/** The figures that rank an entry: cards home, then fewer actions, then less time. */
export function rankingFigures(entry) {
  return [
    h("span", { class: "cards", title: gettext("cards on the foundations") }, `${entry.cards}`,
      h("small", {}, ` ${ngettext("card", "cards", entry.cards)}`)),
    h("span", { class: "actions-count", title: gettext("actions (every action counts, undo too)") }, `${entry.actions}`,
      h("small", {}, ` ${ngettext("action", "actions", entry.actions)}`)),
    h("span", { class: "time", title: gettext("time") }, clock(entry.elapsed)),
  ];
}

/** An entry in its player's first ranked days (the API's `provisional`): a small badge. */
export function provisionalBadge(entry) {
  return entry.provisional
    ? h("span", { class: "provisional-badge", title: gettext("in this account's first ranked days: provisional") }, gettext("provisional"))
    : null;
}

/** The owner's own entry held for a fair-play review: on no board, so no rank; why, on it. */
export function heldBadge(held) {
  return h("span", { class: "held-badge", title: held.held_reason ? held.held_reason.detail : null }, gettext("held"));
}

/** Render `entries` into the <ol> `list`, highlighting `me` and the `changed` player; `held`
 * (the board's `own_held`: the viewer's own held entry) is listed after them, unranked. */
export function renderBoardList(list, entries, { me = null, changed = null, held = null, empty = gettext("No one has played yet.") } = {}) {
  const rows = entries.map((entry) => h(
    "li",
    {
      class: [entry.player === me ? "me" : "", entry.player === changed ? "changed" : ""].join(" ").trim() || null,
      dataset: { player: entry.player },
    },
    h("span", { class: "rank" }, `${entry.rank}`),
    h("span", { class: "who" },
      h("a", { href: pages.player(entry.player) }, entry.player),
      entry.won ? h("span", { class: "won-badge" }, gettext("won")) : null,
      provisionalBadge(entry),
      entry.status === "resigned" ? h("span", { class: "resigned-badge", title: gettext("gave this game up") }, gettext("resigned")) : null,
      entry.assisted ? h("span", { class: "assisted-badge", title: gettext("asked for hints") }, ` ${gettext("assisted")}`) : null),
    ...rankingFigures(entry),
  ));
  if (held) {
    rows.push(h("li", { class: "me held", dataset: { player: held.player, held: "true" } },
      h("span", { class: "rank" }, "—"),
      h("span", { class: "who" }, h("a", { href: pages.player(held.player) }, held.player), heldBadge(held)),
      ...rankingFigures(held)));
  }
  if (!rows.length) {
    list.replaceChildren(h("li", { class: "empty-note muted" }, empty));
    return;
  }
  list.replaceChildren(...rows);
}

/** The viewer's own held entry on `board` (`own_held` of one small read), or null. */
export async function ownHeldEntry(board, who = "humans") {
  try {
    const data = await api("GET", endpoints.board(board, `?limit=1&who=${encodeURIComponent(who)}`));
    return data.own_held || null;
  } catch {
    return null;
  }
}

/** Show the live-state label ("live", "offline"...) on `node`; a closed board's is "final"
 * (its entries no longer move: nothing about it is live). */
export function renderLiveState(node, state) {
  if (!node) return;
  if (node.dataset.state === "final") return;
  node.dataset.state = state;
  node.textContent = {
    live: gettext("live"), connecting: gettext("connecting…"), offline: gettext("reconnecting…"), polling: gettext("refreshing"),
    final: gettext("final"), unreachable: gettext("offline"),
  }[state] || state;
}
