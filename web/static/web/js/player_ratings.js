// A player's ratings on their page, per draw mode, from GET /api/players/<name>/ratings/ (so
// page and API say the same): the rating with "?" while provisional, its deviation in words,
// its history as a chart, the ladder rank and percentile, where they stand this week and this
// month, the best day, and the deals they beat that most players did not. Rated days have all closed: nothing here is of an open day.
import { api, endpoints, pages } from "./api.js";
import { lineChart, niceRange, redrawOnResize } from "./charts.js";
import { boardLabel } from "./daily.js";
import { difficultyNode } from "./difficulty.js";
import { byId, h } from "./dom.js";
import { format, formatDate, formatNumber, gettext, ngettext } from "./i18n.js";

/** The rating as shown: "1623", or "1623?" while provisional. */
export function ratingText(mode) {
  return `${mode.rating}${mode.provisional ? "?" : ""}`;
}

/** The deviation in words: about 95 in 100 ratings this sure lie within two deviations. */
export function deviationWords(mode) {
  const low = mode.rating - 2 * mode.deviation;
  const high = mode.rating + 2 * mode.deviation;
  return format(mode.provisional
    ? gettext("not sure yet: probably between %(low)s and %(high)s (±%(deviation)s)")
    : gettext("probably between %(low)s and %(high)s (±%(deviation)s)"), { low, high, deviation: mode.deviation });
}

function standingWords(mode) {
  if (mode.rank === null) return gettext("not on the ladder while provisional");
  return format(gettext("#%(rank)s of %(total)s: better than %(percent)s of settled players"), {
    rank: formatNumber(mode.rank), total: formatNumber(mode.ladder_total),
    percent: formatNumber(mode.percentile / 100, { style: "percent" }),
  });
}

/** Where the player stands in the current week and month, as [{period, words}] ("this week:
 * #12 of 340"), the periods they have no place in left out (rated days only). */
export function seasonPlaces(seasons) {
  const words = {
    week: gettext("this week: #%(rank)s of %(total)s"),
    month: gettext("this month: #%(rank)s of %(total)s"),
  };
  return Object.keys(words).filter((period) => seasons[period]).map((period) => ({
    period,
    words: format(words[period], { rank: formatNumber(seasons[period].rank), total: formatNumber(seasons[period].of) }),
  }));
}

/** Those places, each a link to its standings around the player; null if none. */
function seasonsLinks(username, modeName, seasons) {
  const places = seasonPlaces(seasons);
  if (!places.length) return null;
  return places.flatMap(({ period, words }, index) => {
    const query = new URLSearchParams({ period, draw: modeName.slice(1), around: username });
    const link = h("a", { href: `${pages.seasons(query)}#season-me`, dataset: { period } }, words);
    return index ? [" · ", link] : [link];
  });
}

function item(key, label, ...value) {
  return h("div", { dataset: { rating: key } }, h("dt", {}, label), h("dd", {}, ...value));
}

function dayLink(day) {
  return h("a", { href: pages.board(day.board) }, formatDate(day.day));
}

function bestDay(best) {
  return [dayLink(best), " ", h("span", { class: "muted small" },
    format(gettext("outcome %(outcome)s"), { outcome: formatNumber(best.outcome, { maximumFractionDigits: 2 }) })),
  best.deal ? [" ", difficultyNode(best.deal)] : null];
}

function beatenList(beaten) {
  if (!beaten.length) return h("p", { class: "muted small" }, gettext("No deal beaten that most of its players lost, yet."));
  return h("ul", { class: "beaten" }, ...beaten.map((deal) => h("li", { dataset: { board: deal.board } },
    h("a", { href: pages.board(deal.board) }, boardLabel(deal.board)), " ",
    format(ngettext("won by %(winners)s of its %(players)s player", "won by %(winners)s of its %(players)s players", deal.players),
      { winners: formatNumber(deal.winners), players: formatNumber(deal.players) }),
    deal.deal ? [" · ", difficultyNode(deal.deal)] : null)));
}

/** Room above and below the line, in rating points: a flat history still gets an axis. */
const MARGIN = 25;

/** The rating after each day played, as a line over the days, dated below. */
function drawHistory(container, history) {
  const values = history.map((point) => point.rating);
  const low = Math.min(...values) - MARGIN;
  const high = Math.max(...values) + MARGIN;
  lineChart(container, values, {
    height: 200, left: 44, cursor: values.length - 1, scale: niceRange(low, high),
    xLabel: (index) => formatDate(history[index].day, { month: "short", day: "numeric" }),
    xTitle: gettext("rating after each day played"),
  });
}

function modeSection(modeName, mode, charts, username, seasons) {
  const places = seasonsLinks(username, modeName, seasons);
  const draw = modeName.slice(1);
  const chart = h("div", { class: "chart", id: `rating-chart-${modeName}`, role: "img",
    "aria-label": format(gettext("Draw %(draw)s rating, day by day"), { draw }) });
  charts.push(() => drawHistory(chart, mode.history));
  return h("section", { class: "rating-mode", dataset: { mode: modeName, provisional: mode.provisional } },
    h("h3", {}, format(gettext("Draw %(draw)s"), { draw })),
    h("dl", { class: "totals" },
      item("rating", gettext("Rating"), h("span", { class: "rating-number" }, ratingText(mode)),
        h("span", { class: "muted small rating-deviation" }, ` ${deviationWords(mode)}`)),
      item("standing", gettext("Ladder"), h("span", { class: "small" }, standingWords(mode))),
      places ? item("seasons", gettext("Seasons"), h("span", { class: "small" }, ...places)) : null,
      item("days", gettext("Days rated"), String(mode.games)),
      mode.best_day ? item("best-day", gettext("Best day"), ...bestDay(mode.best_day)) : null),
    h("figure", { class: "chart-figure" }, chart),
    h("h4", {}, gettext("Deals beaten that most players lost")),
    beatenList(mode.beaten));
}

/** Read the player's ratings and show them; `username` is the page's player. */
export async function showRatings(username) {
  const { ratings, seasons } = await api("GET", endpoints.playerRatings(username));
  const charts = [];
  const modes = Object.entries(ratings).filter(([, mode]) => mode);
  byId("rating-modes").replaceChildren(...(modes.length
    ? modes.map(([name, mode]) => modeSection(name, mode, charts, username, seasons[name]))
    : [h("p", { class: "muted" }, gettext("No rated days yet: ratings come from ranked daily games, once their day has closed."))]));
  const redraw = () => charts.forEach((draw) => draw());
  redraw();
  redrawOnResize(redraw);
}
