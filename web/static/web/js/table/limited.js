// A limited guest's table. Past its network's guest limit a visitor may still play the deal on
// the felt, with nothing stored (no guest account, no game): the log stays in this page, and
// each move sends it whole to `/api/practice/`, which replays it, plays the move and answers
// the position (docs/contracts.md, "Players, sessions and guests"). Hints, Finish and Resign
// need a stored game: they are hidden.
import { api, ApiError, endpoints } from "../api.js";
import { byId } from "../dom.js";
import { format, gettext } from "../i18n.js";
import { renderState, renderStats } from "../table_view.js";
import { status, table } from "./context.js";

/** Play the open deal `code`, as dealt, as a limited guest from now on. */
export function playLimited(code) {
  table.starter = null;
  table.limited = { code, actions: [] };
  for (const id of ["hint-button", "hint-note", "resign-button", "finish-button"]) {
    const node = byId(id);
    if (node) node.hidden = true;
  }
  document.body.dataset.limitedGuest = "true";
  status(gettext("You play as a limited guest: this game is not kept and ranks nowhere. Create an account to keep your games."));
}

/** Send one action of the limited guest's (queued by moves_out.js); true once played. */
export async function sendLimited(body) {
  const { code, actions } = table.limited;
  const move = body.tap !== undefined ? { tap: body.tap, double_click: body.double_click ?? true } : { action: body.action };
  try {
    const answer = await api("POST", endpoints.practice, { code, actions, ...move });
    table.limited.actions = answer.actions;
    renderState(answer.state, { interactive: answer.status === "playing" });
    renderStats({ score: answer.score, cards: answer.cards, actions: answer.action_count });
    byId("undo-button").disabled = !answer.legal_moves.includes("undo");
    if (answer.status === "won") {
      status(format(gettext("Won in %(actions)s actions, as a limited guest: create an account to keep your next games."),
        { actions: answer.action_count }));
    }
    return true;
  } catch (error) {
    status(error instanceof ApiError ? error.message : gettext("Something went wrong. Try again."), "error");
    return false;
  }
}
