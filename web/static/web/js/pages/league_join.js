// An invite link's page (leagues/templates/leagues/join.html): signed in with an account, it
// joins the league at once (the API's POST: a link alone joins nobody without this page's
// script) and opens it; a guest or a visitor is asked to sign up or in, and comes back here.
import { api, pageData } from "../api.js";
import { byId, scriptReady } from "../dom.js";
import { gettext } from "../i18n.js";
import { initAccount, openAccountDialog } from "../session.js";

const data = pageData();

async function join() {
  const button = byId("join-button");
  button.disabled = true;
  try {
    const league = await api("POST", "/api/leagues/join/", { invite: data.invite });
    window.location.assign(league.url);
  } catch (error) {
    const node = byId("join-error");
    node.textContent = error.message;
    node.hidden = false;
    byId("join-state").textContent = gettext("Not joined.");
    button.disabled = false;
  }
}

initAccount();
if (data.account && !data.member) {
  byId("join-button").addEventListener("click", join);
  scriptReady();
  join();
} else if (!data.account) {
  const next = window.location.pathname;
  const reason = gettext("Leagues are for players with an account. Your games as a guest come with you.");
  byId("join-signup").addEventListener("click", () => openAccountDialog("signup", reason, { next }));
  byId("join-signin").addEventListener("click", () => openAccountDialog("signin", reason, { next }));
  scriptReady();
}
