// Live now: games being played on open deals (to watch) and the best game of each recent
// closed daily board (to replay), from GET /api/live/. The Refresh button reads it again: no
// socket carries this list (the games themselves are live once opened).
import { api, endpoints, pages } from "../api.js";
import { rankingFigures } from "../board_list.js";
import { byId, h, say } from "../dom.js";
import { format, formatDate, gettext, language } from "../i18n.js";
import { initAccount } from "../session.js";

/** "2 minutes ago", in the page's language, from the server's count of seconds (never the
 * device's clock). */
function ago(seconds) {
  const words = new Intl.RelativeTimeFormat(language(), { numeric: "auto" });
  return seconds < 60 ? words.format(-seconds, "second") : words.format(-Math.floor(seconds / 60), "minute");
}

function who(entry) {
  return h("span", { class: "who" },
    h("a", { href: pages.player(entry.player) }, entry.player),
    entry.won ? h("span", { class: "won-badge" }, gettext("won")) : null,
    entry.bot ? h("span", { class: "bot-badge", title: gettext("a declared bot: it ranks apart from people") }, gettext("bot")) : null,
    entry.assisted ? h("span", { class: "assisted-badge", title: gettext("asked for hints") }, ` ${gettext("assisted")}`) : null);
}

function playingItem(game) {
  return h("li", { dataset: { game: game.game } },
    who(game),
    h("span", { class: "deal" }, format(gettext("Draw %(draw)s"), { draw: game.draw }), " · ",
      h("a", { href: pages.board(game.board) }, h("code", {}, game.code))),
    h("span", { class: "figures" }, ...rankingFigures(game)),
    h("span", { class: "ago muted" }, format(gettext("last move %(when)s"), { when: ago(game.idle) })),
    h("a", {
      class: "button primary", href: pages.game(game.game),
      "aria-label": format(gettext("Watch %(name)s's game"), { name: game.player }),
    }, gettext("Watch")));
}

function bestItem(board) {
  const best = board.best;
  return h("li", { dataset: { board: board.board } },
    h("span", { class: "deal" }, h("time", { datetime: board.date }, formatDate(board.date)), " · ",
      format(gettext("Draw %(draw)s"), { draw: board.draw }), " · ",
      h("a", { href: pages.board(board.board) }, gettext("final board"))),
    best ? [
      who(best),
      h("span", { class: "figures" }, ...rankingFigures(best)),
      h("a", {
        class: "button", href: pages.replay(best.game),
        "aria-label": format(gettext("Replay %(name)s's game"), { name: best.player }),
      }, gettext("Replay")),
    ] : h("span", { class: "muted" }, gettext("No one played this deal.")));
}

function fill(list, items, empty) {
  list.replaceChildren(...(items.length ? items : [h("li", { class: "empty-note muted" }, ...empty)]));
  list.setAttribute("aria-busy", "false");
}

async function load() {
  const button = byId("live-refresh");
  button.disabled = true;
  try {
    const data = await api("GET", endpoints.live);
    fill(byId("playing-list"), data.playing.map(playingItem),
      [gettext("No one is playing an open deal right now."), " ", h("a", { href: "/" }, gettext("Play one yourself"))]);
    fill(byId("best-list"), data.closed.map(bestItem), [gettext("No closed days yet: come back tomorrow.")]);
    say(byId("live-error"), "");
  } catch (error) {
    say(byId("live-error"), format(gettext("The list could not be read: %(error)s"), { error: error.message }), "error");
  } finally {
    button.disabled = false;
  }
}

async function main() {
  byId("live-refresh").addEventListener("click", load);
  await initAccount();
  await load();
}

main();
