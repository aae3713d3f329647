// Leaderboard of one deal code: the ranking (paged, or around me), a chart of
// the whole field, live updates over the WebSocket.
import { api, endpoints, itemsOf, pageData, pages } from "../api.js";
import { renderLiveState } from "../board_list.js";
import { barChart, redrawOnResize } from "../charts.js";
import { byId, h, plural, statusText } from "../dom.js";
import { LiveBoard } from "../live.js";
import { initAccount } from "../session.js";

const PAGE_SIZE = 25;
const CHART_REFRESH_MS = 1500;

const view = { code: "", me: null, offset: 0, total: 0, around: false, myCards: null, chartTimer: null };

function renderRows(entries, changed = null) {
  const body = byId("board-rows");
  if (!entries.length) {
    body.replaceChildren(h("tr", {}, h("td", { colspan: 7, class: "muted" }, "No one has played this deal yet.")));
    return;
  }
  body.replaceChildren(...entries.map((entry) => h(
    "tr",
    { class: [entry.player === view.me ? "me" : "", entry.player === changed ? "changed" : ""].join(" ").trim() || null },
    h("td", {}, entry.rank),
    h("td", {}, h("a", { href: pages.player(entry.player) }, entry.player)),
    h("td", {}, entry.cards),
    h("td", {}, entry.score),
    h("td", {}, entry.moves),
    h("td", {}, statusText(entry), entry.assisted ? h("span", { class: "assisted-badge", title: "asked for hints" }, " assisted") : null),
    h("td", {}, entry.game ? h("a", { href: pages.replay(entry.game), "aria-label": `Replay ${entry.player}'s game` }, "replay") : ""),
  )));
  const mine = entries.find((entry) => entry.player === view.me);
  if (mine && mine.cards !== view.myCards) {
    view.myCards = mine.cards;
    scheduleChart();
  }
}

/** A daily deal's par: the length of the solver's winning line (null on other deals). */
function showPar(par) {
  const node = byId("board-par");
  node.hidden = par == null;
  node.textContent = par == null ? "" : `Daily deal, proven winnable: par ${plural(par, "move")} (the solver's line).`;
}

function renderPager() {
  byId("prev-page").disabled = view.around || view.offset === 0;
  byId("next-page").disabled = view.around || view.offset + PAGE_SIZE >= view.total;
  const last = Math.min(view.offset + PAGE_SIZE, view.total);
  byId("page-info").textContent = view.around ? "Around you"
    : view.total ? `${view.offset + 1}–${last} of ${view.total}` : "";
}

async function loadPage() {
  const query = view.around ? `?around=${encodeURIComponent(view.me)}&limit=${PAGE_SIZE}`
    : `?limit=${PAGE_SIZE}&offset=${view.offset}`;
  const data = await api("GET", endpoints.board(view.code, query));
  view.total = data.total ?? data.count ?? view.total;
  showPar(data.par);
  renderRows(itemsOf(data));
  renderPager();
}

async function drawChart() {
  const field = await api("GET", endpoints.field(view.code));
  const counts = new Map(field.counts.map((row) => [row.cards, row.players]));
  const lowest = field.counts.length ? Math.min(...field.counts.map((row) => row.cards)) : 1;
  const from = Math.max(1, Math.min(lowest, view.myCards ?? lowest) - 1);
  const items = [];
  for (let cards = from; cards <= 52; cards += 1) {
    const players = counts.get(cards) || 0;
    const mine = cards === view.myCards;
    items.push({
      x: cards, value: players, className: mine ? "me" : cards === 52 ? "won" : "",
      marker: mine ? "you" : null,
      title: `${players} player${players === 1 ? "" : "s"} with ${cards} cards${mine ? " (you)" : ""}`,
    });
  }
  barChart(byId("field-chart"), items, { xLabelEvery: items.length > 26 ? 5 : 2, xTitle: "cards on the foundations (52 = won)" });
  const where = view.myCards ? ` You have ${view.myCards} cards.` : "";
  byId("field-chart").setAttribute("aria-label", `${field.total} players on this deal.${where}`);
}

function scheduleChart() {
  clearTimeout(view.chartTimer);
  view.chartTimer = setTimeout(() => drawChart().catch(() => {}), CHART_REFRESH_MS);
}

async function findMe() {
  if (!view.me) return;
  try {
    const data = await api("GET", endpoints.board(view.code, `?around=${encodeURIComponent(view.me)}&limit=1`));
    const mine = itemsOf(data).find((entry) => entry.player === view.me);
    if (mine) {
      view.myCards = mine.cards;
      byId("around-me").hidden = false;
    }
  } catch {
    // Not on this board yet.
  }
}

function wire() {
  byId("prev-page").addEventListener("click", () => { view.offset = Math.max(0, view.offset - PAGE_SIZE); loadPage(); });
  byId("next-page").addEventListener("click", () => { view.offset += PAGE_SIZE; loadPage(); });
  byId("around-me").addEventListener("click", () => { view.around = true; loadPage(); });
  byId("top-button").addEventListener("click", () => { view.around = false; view.offset = 0; loadPage(); });
}

async function main() {
  const user = await initAccount();
  view.me = user && user.username;
  view.code = pageData().code;
  wire();
  redrawOnResize(() => drawChart().catch(() => {}));
  await findMe();
  await Promise.all([loadPage(), drawChart()]).catch((error) => {
    byId("page-info").textContent = `Could not load the board: ${error.message}`;
  });
  new LiveBoard(view.code, {
    limit: PAGE_SIZE,
    onChange: ({ entries, total, changed }) => {
      view.total = Math.max(view.total, total);
      if (!view.around && view.offset === 0) renderRows(entries, changed);
      renderPager();
      if (changed) scheduleChart();
    },
    onState: (state) => renderLiveState(byId("live-state"), state),
  }).start();
}

main();
