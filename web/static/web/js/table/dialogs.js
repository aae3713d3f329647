// The table's dialogs and two-press controls: a new game (a deal code, a draw mode, today's
// ranked deal, or practice on the same draw), the win, and Resign (pressed twice).
import { api, endpoints, pages } from "../api.js";
import { byId, say } from "../dom.js";
import { askForAccount, guestsLimited, needsAccount, offerAccountForLimit } from "../guests.js";
import { format, gettext } from "../i18n.js";
import { CONFIRM_MS, confirmTwice, postResign } from "../resign.js";
import { wireWin } from "../win.js";
import { cardCount, pointCount } from "../words.js";
import { playable, status, table } from "./context.js";
import { showGame } from "./board_view.js";
import { explain } from "./moves_out.js";

/** Start (or, for today's ranked deal, resume) a game and open it; errors go to `errorNode`. */
async function startGame(body, errorNode) {
  try {
    const game = await api("POST", endpoints.games, body);
    window.location.assign(pages.game(game.id));
  } catch (problem) {
    if (needsAccount(problem)) {
      byId("new-game-dialog").close();
      askForAccount(body.daily);
      return;
    }
    if (guestsLimited(problem)) {
      byId("new-game-dialog").close();
      offerAccountForLimit(problem);
      return;
    }
    const message = problem.message; // a field's message without its API name (api.js)
    if (errorNode.closest("dialog[open]")) say(errorNode, message, "error");
    else status(message, "error");
  }
}

/** The dialog opens on the table's own draw mode (a draw-1 table offers draw 1), and on a
 * random deal when the table holds today's ranked game of that mode (it would only reopen). */
function presetNewGame(form) {
  const game = table.game;
  const draw = String(game ? game.draw : Number(byId("felt").dataset.draw) || 3);
  form.draw.value = draw;
  form.deal.value = game && game.daily && game.sealed ? "random" : "daily";
}

function wireNewGame() {
  const dialog = byId("new-game-dialog");
  const form = byId("new-game-form");
  const error = form.querySelector(".form-error");
  byId("new-game-button").addEventListener("click", () => {
    say(error, "");
    presetNewGame(form);
    dialog.showModal();
  });
  wireWin({ onNewGame: () => byId("new-game-button").click() });
  byId("practice-random").addEventListener("click", () => startGame({ draw: table.game ? table.game.draw : 3 }, error));
  form.querySelector("[data-close]").addEventListener("click", () => dialog.close());
  form.code.addEventListener("focus", () => { form.deal.value = "code"; });
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const draw = Number(form.draw.value);
    const body = form.deal.value === "code" ? { code: form.code.value.trim().toUpperCase() }
      : form.deal.value === "daily" ? { daily: `D${draw}` } : { draw };
    await startGame(body, error);
  });
}

/** Resign once the queued moves are sent, with the seq that follows them. */
function resign() {
  table.queue.run(async () => {
    if (!playable()) return;
    try {
      const game = await postResign(table.game.id, table.game.seq + 1);
      showGame(game);
      status(format(gettext("You resigned this game with %(cards)s home and %(points)s: no more moves can be made."),
        { cards: cardCount(game.cards), points: pointCount(game.score) }));
    } catch (error) {
      await explain(error);
    }
  });
}

function wireResign() {
  table.resign = confirmTwice(byId("resign-button"), {
    armedText: gettext("Confirm resign"),
    onArm: () => status(format(gettext("Press \"Confirm resign\" within %(seconds)s seconds to end this game for good:"
      + " it cannot be undone."), { seconds: CONFIRM_MS / 1000 })),
    onDisarm: () => status(gettext("Not resigned: the game goes on.")),
    onConfirm: resign,
  });
}

/** Wire the dialogs and the Resign button (once, before any game is shown). */
export function wireDialogs() {
  wireResign();
  wireNewGame();
}
