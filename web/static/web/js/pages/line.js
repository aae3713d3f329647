// The solver's winning line of a closed day's deal, from GET /api/daily/<day>/, stepped
// through on the felt. The client has no engine: the positions along the line come from the
// server (GET /api/daily/<day>/<mode>/line/, engine states of what is now an open code).
import { difficultyNode } from "../difficulty.js";
import { api, endpoints, pageData, pages } from "../api.js";
import { byId, h, say } from "../dom.js";
import { initAccount } from "../session.js";
import { renderState, renderStats } from "../table_view.js";
import { format, formatDate, formatDateTime, formatNodes, gettext } from "../i18n.js";
import { cardCount, moveCount, moveWords, playerCount } from "../words.js";

const line = { tokens: [], states: [], index: 0 };

function show(index) {
  line.index = Math.max(0, Math.min(index, line.states.length - 1));
  const state = line.states[line.index];
  renderState(state, { interactive: false });
  renderStats(state);
  byId("stat-step").textContent = `${line.index}/${line.tokens.length}`;
  say(byId("status"), line.index ? format(gettext("Move %(index)s: %(move)s; %(cards)s home."), {
    index: line.index, move: moveWords(line.tokens[line.index - 1], line.states[line.index - 1]), cards: cardCount(state.cards),
  }) : gettext("The deal, before the first move."));
  for (const button of byId("line-moves").querySelectorAll("button")) {
    if (Number(button.dataset.index) === line.index) button.setAttribute("aria-current", "step");
    else button.removeAttribute("aria-current");
  }
}

function wireSteps() {
  const steps = { first: () => 0, back: () => line.index - 1, forward: () => line.index + 1, last: () => line.tokens.length };
  for (const [id, target] of Object.entries(steps)) byId(id).addEventListener("click", () => show(target()));
  document.addEventListener("keydown", (event) => {
    const moves = { ArrowLeft: -1, ArrowRight: 1 };
    if (event.key in moves && !(event.target.closest && event.target.closest("input, textarea"))) {
      event.preventDefault();
      show(line.index + moves[event.key]);
    }
  });
}

/** The felt and its steps; without them (the positions could not be read) the list stays. */
async function showPositions(day, mode) {
  try {
    const data = await api("GET", endpoints.line(day, mode));
    line.states = data.states;
    byId("line-table").hidden = false;
    wireSteps();
    show(0);
  } catch (error) {
    say(byId("line-error"), format(gettext("The positions along the line could not be read: %(error)s"), { error: error.message }), "error");
  }
}

/** The board's difficulty (rated, else expected, else being worked out) after a space, or
 * nothing. */
function expectedOrRated(board) {
  const node = board ? difficultyNode(board.difficulty, board.expected, board.table_par_status) : null;
  return node ? [" ", node] : [];
}

async function main() {
  await initAccount();
  const { day, mode } = pageData();
  try {
    const daily = await api("GET", endpoints.dailyDay(day));
    const board = daily.boards[mode];
    if (!daily.closed || !daily.lines || !daily.codes) {
      byId("line-summary").textContent = format(gettext(
        "The deals of %(day)s are still sealed: their codes and the solver's lines are told when the day closes (%(time)s).",
      ), { day: formatDate(day), time: formatDateTime(daily.closes_at) });
      byId("line-summary").append(...expectedOrRated(board));  // the prior's tier only, sealed
      return;
    }
    const code = daily.codes[mode];
    line.tokens = daily.lines[mode] || [];
    const values = {
      code: h("code", { id: "line-code" }, code), moves: moveCount(line.tokens.length), par: board ? board.par : null,
      players: playerCount(board ? board.entries : 0),
    };
    byId("line-summary").replaceChildren(...formatNodes(values.par != null
      ? gettext("Deal %(code)s: the solver won it in %(moves)s (par %(par)s); %(players)s played it ranked.")
      : gettext("Deal %(code)s: the solver won it in %(moves)s; %(players)s played it ranked."), values),
    ...expectedOrRated(board));
    byId("line-play").href = pages.play(code);
    byId("line-links").hidden = false;
    byId("line-moves").replaceChildren(...line.tokens.map((token, index) => h("li", {},
      h("button", { type: "button", class: "chip", dataset: { index: index + 1 }, "aria-label": format(gettext("Go to move %(index)s"), { index: index + 1 }),
        onclick: () => show(index + 1) }, token))));
    await showPositions(day, mode);
  } catch (error) {
    say(byId("line-error"), error.status === 404 ? format(gettext("There were no daily deals on %(day)s."), { day: formatDate(day) }) : error.message, "error");
    byId("line-summary").textContent = "";
  }
}

main();
