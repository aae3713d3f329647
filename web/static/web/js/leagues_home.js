// Home's "Your leagues" (leagues/templates/leagues/_home.html): the signed-in player's leagues
// beside the day's global boards, each a link to its page, and a form that makes a new one
// (then opens it). A guest is told that leagues need an account.
import { api, ApiError } from "./api.js";
import { byId, h, scriptReady } from "./dom.js";
import { format, formatNumber, gettext, ngettext } from "./i18n.js";

function showError(message) {
  const node = byId("league-create-error");
  node.textContent = message;
  node.hidden = !message;
}

async function showLeagues() {
  const list = byId("home-leagues-list");
  let data;
  try {
    data = await api("GET", "/api/leagues/");
  } catch {
    return;
  }
  const items = data.leagues.map((league) => h("li", { dataset: { league: String(league.id) } },
    h("a", { href: `/leagues/${league.id}/` }, league.name), " ",
    h("span", { class: "muted small" }, format(ngettext("%(count)s member", "%(count)s members", league.members),
      { count: formatNumber(league.members) })),
    league.owned ? h("span", { class: "owner-badge" }, gettext("owner")) : null));
  list.replaceChildren(...items);
}

async function create(event) {
  event.preventDefault();
  const form = event.currentTarget;
  showError("");
  try {
    const league = await api("POST", "/api/leagues/", { name: form.elements.name.value });
    window.location.assign(league.url);
  } catch (error) {
    showError(error instanceof ApiError && error.code === "account_required"
      ? gettext("Leagues need an account: sign up, and your games as a guest come with you.") : error.message);
  }
}

if (byId("home-leagues")) {
  byId("league-create").addEventListener("submit", create);
  scriptReady(byId("home-leagues"));
  showLeagues();
}
