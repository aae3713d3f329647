// The solver's winning line of a closed day's deal, from GET /api/daily/<day>/, stepped
// through on the felt. The client has no engine: the positions along the line come from the
// server (GET /api/daily/<day>/<mode>/line/, engine states of what is now an open code).
import { api, endpoints, pageData, pages } from "../api.js";
import { byId, h, plural, say } from "../dom.js";
import { initAccount } from "../session.js";
import { renderState, renderStats } from "../table_view.js";

const line = { tokens: [], states: [], index: 0 };

function show(index) {
  line.index = Math.max(0, Math.min(index, line.states.length - 1));
  const state = line.states[line.index];
  renderState(state, { interactive: false });
  renderStats(state);
  byId("stat-step").textContent = `${line.index}/${line.tokens.length}`;
  say(byId("status"), line.index ? `Move ${line.index}: ${line.tokens[line.index - 1]}, ${plural(state.cards, "card")} home.`
    : "The deal, before the first move.");
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
    say(byId("line-error"), `The positions along the line could not be read: ${error.message}`, "error");
  }
}

async function main() {
  await initAccount();
  const { day, mode } = pageData();
  try {
    const daily = await api("GET", endpoints.dailyDay(day));
    const board = daily.boards[mode];
    if (!daily.closed || !daily.lines || !daily.codes) {
      byId("line-summary").textContent = `The deals of ${day} are still sealed: their codes and the solver's lines `
        + `are told when the day closes (${new Date(daily.closes_at).toUTCString()}).`;
      return;
    }
    const code = daily.codes[mode];
    line.tokens = daily.lines[mode] || [];
    byId("line-summary").replaceChildren("Deal ", h("code", { id: "line-code" }, code),
      `: the solver won it in ${plural(line.tokens.length, "move")}`, board && board.par != null ? ` (par ${board.par})` : "",
      `; ${plural(board ? board.entries : 0, "player")} played it ranked.`);
    byId("line-play").href = pages.play(code);
    byId("line-links").hidden = false;
    byId("line-moves").replaceChildren(...line.tokens.map((token, index) => h("li", {},
      h("button", { type: "button", class: "chip", dataset: { index: index + 1 }, "aria-label": `Go to move ${index + 1}, ${token}`,
        onclick: () => show(index + 1) }, token))));
    await showPositions(day, mode);
  } catch (error) {
    say(byId("line-error"), error.status === 404 ? `There were no daily deals on ${day}.` : error.message, "error");
    byId("line-summary").textContent = "";
  }
}

main();
