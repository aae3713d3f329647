// A league's page (leagues/templates/leagues/league.html, rendered by the server from the
// API's selectors): today's two boards ranked within the league, live over the boards' socket
// (`?league=<id>`: ranks are the server's, within the league); the invite link to copy; the
// owner's controls (rename, new link, remove a member, hand the league on) and Leave, each a
// call of the league's API, the page reloaded on success. A Play link remembers the league
// for this tab, so the results card's share text carries its link.
import { api, pageData, pages } from "../api.js";
import { renderBoardList, renderLiveState } from "../board_list.js";
import { byId, h, scriptReady } from "../dom.js";
import { format, formatNumber, gettext, ngettext } from "../i18n.js";
import { LiveBoard } from "../live.js";
import { initAccount } from "../session.js";

const data = pageData();
const leagueApi = `/api/leagues/${data.league}/`;
const ARM_MS = 4000;

function showError(error) {
  const node = byId("league-error");
  node.textContent = error.message || String(error);
  node.hidden = false;
}

function startBoards() {
  for (const article of document.querySelectorAll("#league-boards [data-board]")) {
    const list = article.querySelector("[data-entries]");
    const players = article.querySelector("[data-players]");
    const state = article.querySelector("[data-live-state]");
    new LiveBoard(article.dataset.board, {
      league: data.league,
      onChange: ({ entries, total, changed }) => {
        renderBoardList(list, entries, { me: data.me, changed, empty: gettext("No member has played this deal yet.") });
        players.textContent = format(ngettext("%(count)s member on the board", "%(count)s members on the board", total),
          { count: formatNumber(total) });
      },
      onState: (live) => renderLiveState(state, live),
    }).start();
    const play = h("a", { class: "button primary", href: pages.homeDaily(article.dataset.mode), dataset: { play: article.dataset.mode } },
      format(gettext("Play draw %(draw)s"), { draw: article.dataset.mode.slice(1) }));
    play.addEventListener("click", () => {
      window.sessionStorage.setItem("canfield.league", JSON.stringify({ id: data.league, name: data.name, url: data.invite_url }));
    });
    article.querySelector(".board-line").append(" ", play);
  }
}

/** A button that acts on its second press within a few seconds (its label says so between). */
function twoPress(button, act) {
  const label = button.textContent;
  let timer = null;
  button.addEventListener("click", async () => {
    if (!button.dataset.armed) {
      button.dataset.armed = "true";
      button.textContent = gettext("Press again to confirm");
      timer = setTimeout(() => { delete button.dataset.armed; button.textContent = label; }, ARM_MS);
      return;
    }
    clearTimeout(timer);
    button.disabled = true;
    try {
      await act();
    } catch (error) {
      button.disabled = false;
      delete button.dataset.armed;
      button.textContent = label;
      showError(error);
    }
  });
}

async function copyInvite() {
  const input = byId("invite-link");
  try {
    await navigator.clipboard.writeText(input.value);
  } catch {
    input.select();
    document.execCommand("copy");
  }
  byId("invite-status").textContent = gettext("Copied");
}

function wire() {
  byId("invite-copy").addEventListener("click", copyInvite);
  const renew = byId("invite-renew");
  if (renew) {
    twoPress(renew, async () => {
      const league = await api("POST", `${leagueApi}invite/`);
      byId("invite-link").value = new URL(league.invite_url, window.location.origin).href;
      byId("invite-status").textContent = gettext("A new link: the old one no longer works.");
      renew.disabled = false;
      delete renew.dataset.armed;
      renew.textContent = gettext("New link");
    });
  }
  const rename = byId("rename-form");
  if (rename) {
    rename.addEventListener("submit", async (event) => {
      event.preventDefault();
      try {
        await api("PATCH", leagueApi, { name: rename.elements.name.value });
        window.location.reload();
      } catch (error) {
        showError(error);
      }
    });
  }
  for (const button of document.querySelectorAll("[data-remove]")) {
    twoPress(button, async () => {
      await api("DELETE", `${leagueApi}members/${encodeURIComponent(button.dataset.remove)}/`);
      window.location.reload();
    });
  }
  for (const button of document.querySelectorAll("[data-hand-on]")) {
    twoPress(button, async () => {
      await api("POST", `${leagueApi}owner/`, { player: button.dataset.handOn });
      window.location.reload();
    });
  }
  twoPress(byId("league-leave"), async () => {
    await api("POST", `${leagueApi}leave/`);
    window.location.assign("/");
  });
  scriptReady();
}

initAccount();
wire();
startBoards();
