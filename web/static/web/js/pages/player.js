// A player's page: totals, a chart of recent results, every game with links.
import { api, endpoints, itemsOf, pageData, pages } from "../api.js";
import { barChart, redrawOnResize } from "../charts.js";
import { boardLabel } from "../daily.js";
import { byId, h, say, statusText } from "../dom.js";
import { initAccount } from "../session.js";

const RECENT = 30;

const TOTAL_LABELS = {
  games: "Games", played: "Games", won: "Won", wins: "Won", playing: "In progress",
  best_cards: "Best cards", best_score: "Best score", total_score: "Total score",
  cards: "Cards placed", average_cards: "Average cards", resigned: "Resigned",
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
      h("dd", {}, typeof value === "number" && !Number.isInteger(value) ? value.toFixed(1) : value))));
}

function renderChart(games) {
  const recent = [...games].sort((a, b) => a.id - b.id).slice(-RECENT);
  barChart(byId("recent-chart"), recent.map((game, index) => ({
    x: game.id, label: index + 1, value: game.cards || 0,
    className: game.won ? "won" : game.status === "resigned" ? "resigned" : "",
    title: `Game ${game.id} (${dealName(game)}): ${game.cards} cards, ${game.score} points, ${statusText(game)}`,
  })), { height: 200, xLabelEvery: recent.length > 15 ? 5 : 1, xTitle: "recent games, oldest to newest" });
}

/** A game's deal: its code, or its daily board's name while sealed (the viewer's own game). */
function dealName(game) {
  return game.code || boardLabel(game.board);
}

function dealCell(game) {
  if (!game.daily) return h("a", { href: pages.board(game.board) }, h("code", {}, game.code));
  return h("a", { href: pages.board(game.board) },
    `ranked ${boardLabel(game.board)}`, game.code ? [" ", h("code", {}, game.code)] : h("span", { class: "muted" }, " (sealed)"));
}

function renderGames(games) {
  const rows = [...games].sort((a, b) => b.id - a.id);
  byId("game-rows").replaceChildren(...rows.map((game) => h(
    "tr", {},
    h("td", {}, h("a", { href: pages.game(game.id) }, `#${game.id}`)),
    h("td", {}, dealCell(game)),
    h("td", {}, game.cards), h("td", {}, game.score), h("td", {}, game.moves),
    h("td", {}, statusText(game)),
    h("td", {}, game.sealed ? "" : h("a", { href: pages.replay(game.id) }, "replay")),
  )));
  if (!rows.length) byId("game-rows").replaceChildren(h("tr", {}, h("td", { colspan: 7, class: "muted" }, "No games yet.")));
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
    say(byId("player-error"), error.status === 404 ? `There is no player called ${username}.` : error.message, "error");
  }
}

main();
