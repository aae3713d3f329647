// The seasons page: rendered on the server (web.seasons). A season moves only when a day is
// rated, so the script asks the API for the season's header once a minute (while the page is
// shown) and, when it changed, reads the page again and swaps the standings in: the page stays
// current without a reload, and the standings have one renderer, the server's template.
import { api, endpoints, pageData } from "../api.js";
import { initAccount } from "../session.js";

/** How often the page asks whether its season moved. */
export const POLL_MS = 60_000;

/** What changes when a day is rated: the season itself (a new week), its days, its close. */
export function seasonSignature(season) {
  return season ? `${season.key}/${season.days_rated}/${season.final}` : "none";
}

async function refresh(state) {
  if (document.hidden) return;
  const query = new URLSearchParams({ period: state.period, draw: state.draw, who: state.who, limit: "1" });
  if (state.chosen && state.season) query.set("season", state.season.key);
  const answer = await api("GET", endpoints.seasons(query));
  if (seasonSignature(answer.season) === seasonSignature(state.season)) return;
  const response = await fetch(window.location.href, { credentials: "same-origin" });
  if (!response.ok) return;
  const fresh = new DOMParser().parseFromString(await response.text(), "text/html");
  for (const id of ["season-board", "season-archive"]) {
    const node = fresh.getElementById(id);
    const shown = document.getElementById(id);
    if (node && shown) shown.replaceWith(document.adoptNode(node));
  }
  state.season = answer.season;
}

initAccount();
const state = { ...pageData() };
setInterval(() => {
  refresh(state).catch(() => {}); // offline or a server hiccup: the next minute tries again
}, POLL_MS);
