// A player's page: totals, a chart of recent results, every game with links.
import { initAccountCare } from "../account_care.js";
import { api, endpoints, pageData, pages } from "../api.js";
import { barChart, redrawOnResize } from "../charts.js";
import { boardLabel } from "../daily.js";
import { byId, h, say, statusText } from "../dom.js";
import { format, formatNumber, gettext, language, ngettext } from "../i18n.js";
import { showRatings } from "../player_ratings.js";
import { initAccount } from "../session.js";
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
  })), { height: 200, xLabelEvery: recent.length > 15 ? 5 : 1, xTitle: gettext("recent games, oldest to newest"), cards: true });
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
  // Each figure says what it is (a phone shows a row as a small card, without the header).
  const cell = (label, ...children) => h("td", { dataset: { label } }, ...children);
  byId("game-rows").replaceChildren(...rows.map((game) => h(
    "tr", {},
    h("td", {}, h("a", { href: pages.game(game.id), class: "game-number" }, `#${game.id}`)),
    h("td", {}, dealCell(game)),
    cell(gettext("Cards"), game.cards), cell(gettext("Score"), game.score), cell(gettext("Actions"), game.actions),
    cell(gettext("Status"), statusText(game)),
    h("td", {}, game.sealed ? "" : h("a", { href: pages.replay(game.id) }, gettext("replay"))),
  )));
  if (!rows.length) byId("game-rows").replaceChildren(h("tr", {}, h("td", { colspan: 7, class: "muted" }, gettext("No games yet."))));
}

/** "75%" of a rate (won / played), or an em dash when nothing was played. */
function percent(rate) {
  return rate === null || rate === undefined ? "—" : `${Math.round(rate * 100)}%`;
}

/** "+12.5" / "-3" actions against par over `games` won dailies. */
function overPar(par) {
  if (par.average === null || par.average === undefined) return "—";
  const sign = par.average > 0 ? "+" : "";
  return `${sign}${Number.isInteger(par.average) ? par.average : par.average.toFixed(1)}`;
}

function recordItem(key, label, value, note = "") {
  return h("div", { dataset: { record: key } }, h("dt", {}, label),
    h("dd", {}, value, note ? h("span", { class: "muted small" }, ` ${note}`) : null));
}

function renderRecord(stats) {
  const { streak, dailies, open, against_par: par } = stats;
  const rate = (counts) => ngettext("%(won)s of %(played)s game", "%(won)s of %(played)s games", counts.played);
  byId("record").replaceChildren(
    recordItem("streak", gettext("Daily streak"), String(streak.current),
      format(ngettext("(%(days)s day)", "(%(days)s days)", streak.current), { days: streak.current })),
    recordItem("best-streak", gettext("Best streak"), String(streak.best)),
    recordItem("daily-rate", gettext("Dailies won"), percent(dailies.rate), format(rate(dailies), dailies)),
    recordItem("open-rate", gettext("Open deals won"), percent(open.rate), format(rate(open), open)),
    ...["D3", "D1"].map((mode) => recordItem(`par-${mode}`,
      format(gettext("Against par, %(mode)s"), { mode }), overPar(par[mode]),
      format(ngettext("(%(games)s won daily)", "(%(games)s won dailies)", par[mode].games), par[mode]))),
  );
}

/** "2026-11" one month on (`step` 1) or back (-1). */
function shiftMonth(month, step) {
  const [year, number] = month.split("-").map(Number);
  const shifted = new Date(Date.UTC(year, number - 1 + step, 1));
  return shifted.toISOString().slice(0, 7);
}

function dayEntry(mode, entry) {
  // A game held for a fair-play review has no place on its board (its owner alone sees it
  // here): said in words, never "#null".
  const text = entry.rank == null
    ? format(entry.held ? gettext("%(mode)s held for review") : gettext("%(mode)s not ranked"), { mode })
    : format(entry.won ? gettext("%(mode)s won, #%(rank)s/%(total)s") : gettext("%(mode)s #%(rank)s/%(total)s"),
      { mode, rank: entry.rank, total: entry.total });
  const attributes = { class: "day-entry", dataset: { mode, rank: entry.rank ?? "", won: entry.won, held: Boolean(entry.held) } };
  if (entry.held && entry.held_reason) attributes.title = entry.held_reason.detail;
  // The replay once the day has closed (the server gives no game id before).
  return entry.game ? h("a", { ...attributes, href: pages.replay(entry.game) }, text) : h("span", attributes, text);
}

/** The month as a grid of weeks, Monday first: each day with its dailies played. */
function renderCalendar(calendar) {
  const [year, month] = calendar.month.split("-").map(Number);
  const title = new Intl.DateTimeFormat(language(), { year: "numeric", month: "long", timeZone: "UTC" });
  byId("calendar-month").textContent = title.format(new Date(Date.UTC(year, month - 1, 1)));
  const weekday = new Intl.DateTimeFormat(language(), { weekday: "short", timeZone: "UTC" });
  // 2024-01-01 was a Monday.
  byId("calendar-weekdays").replaceChildren(...Array.from({ length: 7 }, (_, index) =>
    h("th", { scope: "col" }, weekday.format(new Date(Date.UTC(2024, 0, 1 + index))))));
  const lead = (new Date(Date.UTC(year, month - 1, 1)).getUTCDay() + 6) % 7;
  const cells = [...Array.from({ length: lead }, () => h("td", { class: "outside" })),
    ...calendar.days.map((day) => {
      const entries = Object.entries(day.boards).filter(([, entry]) => entry);
      return h("td", { dataset: { date: day.date, played: entries.length > 0, won: entries.some(([, e]) => e.won) } },
        h("span", { class: "day-number" }, String(Number(day.date.slice(8)))),
        ...entries.map(([mode, entry]) => dayEntry(mode, entry)));
    })];
  while (cells.length % 7) cells.push(h("td", { class: "outside" }));
  const weeks = [];
  for (let start = 0; start < cells.length; start += 7) weeks.push(h("tr", {}, ...cells.slice(start, start + 7)));
  byId("calendar-weeks").replaceChildren(...weeks);
}

/** Read the record (with the calendar of `month`, or the current one) and draw it. */
async function showRecord(username, month = null) {
  const stats = await api("GET", endpoints.playerStats(username, month));
  renderRecord(stats);
  renderCalendar(stats.calendar);
  return stats.calendar.month;
}

function wireCalendar(username, first) {
  let month = first;
  const go = async (step) => {
    try {
      month = await showRecord(username, shiftMonth(month, step));
    } catch (error) {
      say(byId("player-error"), error.message, "error");
    }
  };
  byId("calendar-prev").addEventListener("click", () => go(-1));
  byId("calendar-next").addEventListener("click", () => go(1));
}

async function main() {
  initAccountCare();
  await initAccount();
  const { username } = pageData();
  showRecord(username).then((month) => wireCalendar(username, month), () => {
    byId("record").replaceChildren();
  });
  showRatings(username).catch(() => byId("rating-modes").replaceChildren());
  try {
    const profile = await api("GET", endpoints.player(username));
    const games = profile.games;
    renderTotals(profile.totals, games);
    renderChart(games);
    redrawOnResize(() => renderChart(games));
    renderGames(games);
  } catch (error) {
    say(byId("player-error"), error.status === 404 ? format(gettext("There is no player called %(name)s."), { name: username }) : error.message, "error");
  }
}

main();
