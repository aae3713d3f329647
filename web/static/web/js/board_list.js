// A compact list of leaderboard entries (home page and the table's side panel).
import { h } from "./dom.js";
import { pages } from "./api.js";
import { gettext, ngettext } from "./i18n.js";

/** Render `entries` into the <ol> `list`, highlighting `me` and the `changed` player. */
export function renderBoardList(list, entries, { me = null, changed = null, empty = gettext("No one has played yet.") } = {}) {
  if (!entries.length) {
    list.replaceChildren(h("li", { class: "empty-note muted" }, empty));
    return;
  }
  list.replaceChildren(...entries.map((entry) => h(
    "li",
    {
      class: [entry.player === me ? "me" : "", entry.player === changed ? "changed" : ""].join(" ").trim() || null,
      dataset: { player: entry.player },
    },
    h("span", { class: "rank" }, `${entry.rank}`),
    h("span", { class: "who" },
      h("a", { href: pages.player(entry.player) }, entry.player),
      entry.won ? h("span", { class: "won-badge" }, gettext("won")) : null,
      entry.status === "resigned" ? h("span", { class: "resigned-badge", title: gettext("gave this game up") }, gettext("resigned")) : null,
      entry.assisted ? h("span", { class: "assisted-badge", title: gettext("asked for hints") }, ` ${gettext("assisted")}`) : null),
    h("span", { class: "cards", title: gettext("cards on the foundations") }, `${entry.cards}`,
      h("small", {}, ` ${ngettext("card", "cards", entry.cards)}`)),
    h("span", { class: "score", title: gettext("score") }, `${entry.score}`, h("small", {}, ` ${gettext("pts")}`)),
  )));
}

/** Show the live-state label ("live", "offline"...) on `node`. */
export function renderLiveState(node, state) {
  if (!node) return;
  node.dataset.state = state;
  node.textContent = {
    live: gettext("live"), connecting: gettext("connecting…"), offline: gettext("reconnecting…"), polling: gettext("refreshing"),
  }[state] || state;
}
