// The archive: closed days, newest first, from GET /api/daily/?before=<date>, paged.
import { difficultyNode } from "../difficulty.js";
import { api, endpoints, pageData, pages } from "../api.js";
import { byId, h, say } from "../dom.js";
import { startOpenGame } from "../guests.js";
import { initAccount } from "../session.js";
import { format, formatDate, gettext } from "../i18n.js";
import { playerCount } from "../words.js";
import { proofItem } from "../commitments.js";

const PAGE_DAYS = 10;

/** " · difficulty: …" (rated, expected, or being worked out), or nothing. */
function difficultyOf(board) {
  const node = difficultyNode(board.difficulty, board.expected, board.table_par_status);
  return node ? [" · ", node] : "";
}

function boardItem(day, mode, board) {
  const code = day.codes && day.codes[mode];
  return h("li", { class: "archive-board", dataset: { mode } },
    h("strong", {}, format(gettext("Draw %(draw)s"), { draw: board.draw })), " ",
    code ? h("code", {}, code) : h("span", { class: "muted" }, gettext("sealed")),
    board.par != null ? ` · ${format(gettext("par %(par)s"), { par: board.par })}` : "",
    board.par_proven ? ` (${gettext("proven shortest")})` : "",
    board.best_known && board.best_known.by === "player"
      ? ` · ${format(gettext("a player won in %(count)s actions"), { count: board.best_known.actions })}` : "",
    board.table_par ? h("span", { class: "table-par" }, ` (${board.table_par.detail})`) : "",
    difficultyOf(board),
    ` · ${playerCount(board.entries)} · `,
    h("a", { href: pages.board(board.board) }, gettext("final board")),
    code ? [" · ", h("a", { href: pages.line(day.date, mode) }, gettext("the solver's line")),
      " ", h("button", { type: "button", class: "primary", dataset: { playCode: code }, onclick: playDeal },
        gettext("Play this deal"))] : null,
    code && day.salts ? proofItem(code, day.salts[mode], board.commitment) : null);
}

/**
 * A closed day's deal is an open code like any other: start a new open game on it (the day's
 * ranked game, if any, stays as it was). Only closed days have a code here, so a sealed day
 * never gets the button. No account is needed: a newcomer plays it as a guest.
 */
async function playDeal(event) {
  const button = event.currentTarget;
  button.disabled = true;
  try {
    await startOpenGame({ code: button.dataset.playCode });  // a newcomer plays as a guest
  } catch (problem) {
    say(byId("archive-error"), problem.message, "error");
    button.disabled = false;
  }
}

function dayItem(day) {
  return h("li", { class: "archive-day", dataset: { date: day.date } },
    h("h2", {}, h("time", { datetime: day.date }, formatDate(day.date))),
    h("ul", {}, ...Object.entries(day.boards).map(([mode, board]) => boardItem(day, mode, board))));
}

async function main() {
  await initAccount();
  const { before } = pageData();
  byId("archive-newest").hidden = !before;
  try {
    // Without a date the API answers today's boards, not the archive: ask for the days
    // before tomorrow (the server never lists past its own today, whatever this clock says).
    const tomorrow = new Date(Date.now() + 86400000).toISOString().slice(0, 10);
    const data = await api("GET", endpoints.archive(before || tomorrow, PAGE_DAYS));
    const list = byId("archive-days");
    list.replaceChildren(...data.days.map(dayItem));
    if (!data.days.length) list.replaceChildren(h("li", { class: "muted" }, gettext("No closed days yet: come back tomorrow.")));
    const older = byId("archive-older");
    older.hidden = !data.next_before;
    if (data.next_before) older.href = pages.archive(data.next_before);
  } catch (error) {
    say(byId("archive-error"), format(gettext("The archive could not be read: %(error)s"), { error: error.message }), "error");
  }
}

main();
