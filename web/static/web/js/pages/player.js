// A player's page: totals, a chart of recent results, every game with links.
import { api, endpoints, itemsOf, pageData, pages } from "../api.js";
import { barChart, redrawOnResize } from "../charts.js";
import { boardLabel } from "../daily.js";
import { byId, h, say, statusText } from "../dom.js";
import { initAccount } from "../session.js";
import { format, formatNumber, gettext } from "../i18n.js";
import { cardCount, pointCount } from "../words.js";

const RECENT = 30;

const TOTAL_LABELS = {
  games: gettext("Games"), played: gettext("Games"), won: gettext("Won"), wins: gettext("Won"), playing: gettext("In progress"),
  best_cards: gettext("Best cards"), best_score: gettext("Best score"), total_score: gettext("Total score"),
  cards: gettext("Cards placed"), average_cards: gettext("Average cards"), resigned: gettext("Resigned"),
};

function renderTotals(totals, games) {
  const entries = totals && typeof totals === "object" ? Object.entries(totals) : [
    ["games", games.length],
    ["won", games.filter((game) => game.won).length],
    ["best_cards", Math.max(0, ...games.map((game) => game.cards || 0))],
  ];
  byId("totals").replaceChildren(...entries
    .filter(([, value]) => typeof value === "number" || typeof value === "string")
    .map(([key, value]) => h("div", {}, h("dt", {}, TOTAL_LABELS[key] || key.replaceAll("_", " ")),
      h("dd", {}, typeof value === "number" ? formatNumber(value, { maximumFractionDigits: 1 }) : value))));
}

function renderChart(games) {
  const recent = [...games].sort((a, b) => a.id - b.id).slice(-RECENT);
  barChart(byId("recent-chart"), recent.map((game, index) => ({
    x: game.id, label: index + 1, value: game.cards || 0,
    className: game.won ? "won" : game.status === "resigned" ? "resigned" : "",
    title: format(gettext("Game %(id)s (%(deal)s): %(cards)s, %(points)s, %(status)s"), {
      id: game.id, deal: dealName(game), cards: cardCount(game.cards || 0), points: pointCount(game.score || 0), status: statusText(game),
    }),
  })), { height: 200, xLabelEvery: recent.length > 15 ? 5 : 1, xTitle: gettext("recent games, oldest to newest") });
}

/** A game's deal: its code, or its daily board's name while sealed (the viewer's own game). */
function dealName(game) {
  return game.code || boardLabel(game.board);
}

function dealCell(game) {
  if (!game.daily) return h("a", { href: pages.board(game.board) }, h("code", {}, game.code));
  return h("a", { href: pages.board(game.board) },
    format(gettext("ranked %(board)s"), { board: boardLabel(game.board) }),
    game.code ? [" ", h("code", {}, game.code)] : h("span", { class: "muted" }, ` ${gettext("(sealed)")}`));
}

function renderGames(games) {
  const rows = [...games].sort((a, b) => b.id - a.id);
  byId("game-rows").replaceChildren(...rows.map((game) => h(
    "tr", {},
    h("td", {}, h("a", { href: pages.game(game.id) }, `#${game.id}`)),
    h("td", {}, dealCell(game)),
    h("td", {}, game.cards), h("td", {}, game.score), h("td", {}, game.moves),
    h("td", {}, statusText(game)),
    h("td", {}, game.sealed ? "" : h("a", { href: pages.replay(game.id) }, gettext("replay"))),
  )));
  if (!rows.length) byId("game-rows").replaceChildren(h("tr", {}, h("td", { colspan: 7, class: "muted" }, gettext("No games yet."))));
}

async function main() {
  await initAccount();
  const { username } = pageData();
  try {
    const profile = await api("GET", endpoints.player(username));
    const games = itemsOf(profile.games ?? profile);
    renderTotals(profile.totals, games);
    renderChart(games);
    redrawOnResize(() => renderChart(games));
    renderGames(games);
  } catch (error) {
    say(byId("player-error"), error.status === 404 ? format(gettext("There is no player called %(name)s."), { name: username }) : error.message, "error");
  }
}

main();
