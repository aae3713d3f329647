// Leaderboard of one board, a deal code or a daily board (daily-2026-12-01-D3): the ranking
// (paged, or around me) with the server's ranks (ties share one), a chart of the whole field,
// live updates over the WebSocket, of the board's people, its declared bots or both (`?who=`,
// the switch above the ranking; entries of bots carry a "bot" mark). A sealed daily board shows no code and no game links and
// counts down to its close; a closed one shows its code, its par and the solver's line.
import { difficultyNode } from "../difficulty.js";
import { api, endpoints, pageData, pages } from "../api.js";
import { heldBadge, provisionalBadge, renderLiveState } from "../board_list.js";
import { clock } from "../clock.js";
import { barChart, redrawOnResize } from "../charts.js";
import { startCountdown } from "../daily.js";
import { byId, h, say, statusText } from "../dom.js";
import { LiveBoard } from "../live.js";
import { initAccount } from "../session.js";
import { format, formatNodes, formatNumber, gettext } from "../i18n.js";
import { cardCount, moveCount, playerCount } from "../words.js";

const PAGE_SIZE = 25;
const CHART_REFRESH_MS = 1500;

const view = {
  board: "", who: "humans", daily: null, shown: false, me: null, offset: 0, total: 0, around: false, myCards: null, chartTimer: null,
  closed: false, // a daily board past its close: final, its unfinished games as the close left them
  held: null, // the viewer's own entry held for a fair-play review (the board's `own_held`)
  entries: [], // the rows shown: drawn again as final when the board closes under the reader
};

/** The board's query for this page's `who` (people, bots or all: the switch, in the URL). */
const whoQuery = () => `&who=${encodeURIComponent(view.who)}`;

/** A cell of the ranking; `label` names its column where a phone shows a row as a card. */
const cell = (label, ...children) => h("td", { dataset: { label } }, ...children);

/** One row of the ranking: what ranks it (rank, cards, actions, time), then its status. */
function entryRow(entry, { changed = null, held = null } = {}) {
  const me = entry.player === view.me;
  const badges = [
    entry.bot ? h("span", { class: "bot-badge", title: gettext("a declared bot: it ranks apart from people") }, gettext("bot")) : null,
    held ? heldBadge(held) : null,
    provisionalBadge(entry),
  ];
  return h(
    "tr",
    { class: [me ? "me" : "", entry.player === changed ? "changed" : "", held ? "held" : ""].join(" ").trim() || null },
    cell(gettext("Rank"), held ? "—" : entry.rank),
    cell(gettext("Player"), h("a", { href: pages.player(entry.player) }, entry.player), ...badges),
    cell(gettext("Cards"), entry.cards),
    cell(gettext("Actions"), entry.actions),
    cell(gettext("Time"), clock(entry.elapsed)),
    cell(gettext("Status"), statusText(entry, { closed: view.closed }),
      entry.assisted ? h("span", { class: "assisted-badge", title: gettext("asked for hints") }, ` ${gettext("assisted")}`) : null),
    h("td", { class: "replay-cell" }, entry.game ? h("a", {
      href: pages.replay(entry.game), "aria-label": format(gettext("Replay %(name)s's game"), { name: entry.player }),
    }, gettext("replay")) : ""),
  );
}

function renderRows(entries, changed = null) {
  view.entries = entries;
  const body = byId("board-rows");
  const rows = entries.map((entry) => entryRow(entry, { changed }));
  // The viewer's own entry held for a fair-play review is on no board: shown to them, unranked.
  if (view.held) rows.push(entryRow(view.held, { held: view.held }));
  if (!rows.length) {
    body.replaceChildren(h("tr", {}, h("td", { colspan: 7, class: "muted" }, gettext("No one has played this deal yet."))));
    return;
  }
  body.replaceChildren(...rows);
  const mine = entries.find((entry) => entry.player === view.me);
  if (mine && mine.cards !== view.myCards) {
    view.myCards = mine.cards;
    scheduleChart();
  }
}

/** A daily deal's par: the length of the solver's winning line (null on other deals); once
 * the day has closed, beside it what seeing only the table costs (the server's words); and
 * its difficulty (rated, expected, or being worked out while its table par is pending). */
function showPar(data) {
  const { par, table_par: tablePar } = data;
  const node = byId("board-par");
  const pending = par == null && data.par_status === "pending";  // the optimiser at work
  node.hidden = par == null && !pending;
  const difficulty = difficultyNode(data.difficulty, data.expected, data.table_par_status);
  const said = par != null ? format(gettext("Daily deal, proven winnable: par %(moves)s (the shortest line the engine found)."), { moves: moveCount(par) })
    : pending ? gettext("Daily deal, proven winnable: its par is being worked out.") : "";
  node.replaceChildren(said
    + (tablePar ? ` ${tablePar.detail}.` : ""), ...(difficulty ? [" ", difficulty] : []));
}

/** A daily board's state, once: sealed (a countdown) or closed (its code, play it, the line). */
function showDailyState(data) {
  const node = byId("daily-state");
  if (!node || view.shown) return;
  view.shown = true;
  if (data.sealed) {
    const countdown = h("time", { id: "countdown" }, "--:--:--");
    node.replaceChildren(h("p", { class: "sealed-note" }, ...formatNodes(gettext(
      "Sealed: the deal's code and the players' games stay hidden until the board closes in %(countdown)s"
      + " (00:00 UTC). Until then its entries are live, and nobody can replay anyone's game.",
    ), { countdown })));
    startCountdown(countdown, data, {
      onClosed: () => {
        view.closed = true;
        renderLiveState(byId("live-state"), "final");
        renderRows(view.entries); // "playing" is "at the close" now, without a reload
        node.replaceChildren(h("p", {}, gettext("The board has closed: reload to see its deal and the solver's line.")));
      },
    });
    return;
  }
  node.replaceChildren(h("p", { class: "closed-note" },
    ...formatNodes(gettext("Closed: these entries are final. The deal was %(code)s."),
      { code: h("code", { id: "board-code" }, data.code) }), " ",
    h("a", { class: "button primary", id: "board-play", href: pages.play(data.code) }, gettext("Practise it as an open deal")), " ",
    h("a", { class: "button", id: "board-line", href: pages.line(view.daily.day, view.daily.mode) }, gettext("The solver's winning line"))));
}

function renderPager() {
  byId("prev-page").disabled = view.around || view.offset === 0;
  byId("next-page").disabled = view.around || view.offset + PAGE_SIZE >= view.total;
  const last = Math.min(view.offset + PAGE_SIZE, view.total);
  byId("page-info").textContent = view.around ? gettext("Around you")
    : view.total ? format(gettext("%(first)s–%(last)s of %(total)s"),
      { first: formatNumber(view.offset + 1), last: formatNumber(last), total: formatNumber(view.total) }) : "";
}

async function loadPage() {
  const query = (view.around ? `?around=${encodeURIComponent(view.me)}&limit=${PAGE_SIZE}`
    : `?limit=${PAGE_SIZE}&offset=${view.offset}`) + whoQuery();
  const data = await api("GET", endpoints.board(view.board, query));
  view.total = data.total;
  view.held = data.own_held || null;
  view.closed = Boolean(view.daily) && !data.sealed;
  if (view.closed) renderLiveState(byId("live-state"), "final");
  showPar(data);
  if (view.daily) showDailyState(data);
  renderRows(data.entries);
  renderPager();
}

async function drawChart() {
  const field = await api("GET", endpoints.field(view.board, view.who));
  const counts = new Map(field.counts.map((row) => [row.cards, row.players]));
  const lowest = field.counts.length ? Math.min(...field.counts.map((row) => row.cards)) : 1;
  const from = Math.max(1, Math.min(lowest, view.myCards ?? lowest) - 1);
  const items = [];
  for (let cards = from; cards <= 52; cards += 1) {
    const players = counts.get(cards) || 0;
    const mine = cards === view.myCards;
    items.push({
      x: cards, value: players, className: mine ? "me" : cards === 52 ? "won" : "",
      marker: mine ? gettext("you") : null,
      title: mine ? format(gettext("%(players)s with %(cards)s (you)"), { players: playerCount(players), cards: cardCount(cards) })
        : format(gettext("%(players)s with %(cards)s"), { players: playerCount(players), cards: cardCount(cards) }),
    });
  }
  barChart(byId("field-chart"), items, { xLabelEvery: items.length > 26 ? 5 : 2, labelBars: true, xTitle: gettext("cards on the foundations (52 = won)") });
  const total = format(gettext("%(players)s on this deal."), { players: playerCount(field.total) });
  const where = view.myCards ? ` ${format(gettext("You have %(cards)s."), { cards: cardCount(view.myCards) })}` : "";
  byId("field-chart").setAttribute("aria-label", `${total}${where}`);
}

function scheduleChart() {
  clearTimeout(view.chartTimer);
  view.chartTimer = setTimeout(() => drawChart().catch(() => {}), CHART_REFRESH_MS);
}

async function findMe() {
  if (!view.me) return;
  try {
    const data = await api("GET", endpoints.board(view.board, `?around=${encodeURIComponent(view.me)}&limit=1${whoQuery()}`));
    const mine = data.entries.find((entry) => entry.player === view.me);
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
  const page = pageData();
  view.board = page.board;
  view.who = page.who || "humans";
  view.daily = page.day ? { day: page.day, mode: page.mode } : null;
  wire();
  redrawOnResize(() => drawChart().catch(() => {}));
  await findMe();
  try {
    await Promise.all([loadPage(), drawChart()]);
  } catch (error) {
    say(byId("board-error"), format(gettext("Could not load the board: %(error)s"), { error: error.message }), "error");
    byId("board-rows").replaceChildren(h("tr", {}, h("td", { colspan: 7, class: "muted" }, gettext("The board could not be read."))));
    return;
  }
  new LiveBoard(view.board, {
    limit: PAGE_SIZE,
    who: view.who,
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
