// The solver's winning line of a closed day's deal, move by move, from GET /api/daily/<day>/.
// The client has no engine (positions always come from the server), so the line is a
// numbered list of moves with a link to play the deal, now an open code, on the table.
import { api, endpoints, pageData, pages } from "../api.js";
import { byId, h, plural, say } from "../dom.js";
import { initAccount } from "../session.js";

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
    const line = daily.lines[mode] || [];
    byId("line-summary").replaceChildren("Deal ", h("code", { id: "line-code" }, code),
      `: the solver won it in ${plural(line.length, "move")}`, board && board.par != null ? ` (par ${board.par})` : "",
      `; ${plural(board ? board.entries : 0, "player")} played it ranked.`);
    byId("line-play").href = pages.play(code);
    byId("line-links").hidden = false;
    byId("line-moves").replaceChildren(...line.map((token) => h("li", {}, h("code", {}, token))));
  } catch (error) {
    say(byId("line-error"), error.status === 404 ? `There were no daily deals on ${day}.` : error.message, "error");
    byId("line-summary").textContent = "";
  }
}

main();
