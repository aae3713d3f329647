// What every page with the table does to start it (the table page, and home: home is the
// game): wire its parts once, then show the game it opens.
import { guestNote, isGuest } from "../guests.js";
import { showGame, wireBoardView } from "./board_view.js";
import { status, table } from "./context.js";
import { wireDialogs } from "./dialogs.js";
import { wireInput } from "./input.js";
import { followGame } from "./moves_out.js";

/** Wire the table's view, input and dialogs (once, before any game is shown). */
export function wireTable() {
  wireBoardView();
  wireInput();
  wireDialogs();
}

/** Show the game `open()` resolves to and follow it; null means the felt is offered instead
 * (first_tap.js). A failure is said in the status line. */
export async function playOn(open) {
  try {
    const game = await open();
    if (!game) return;
    showGame(game);
    followGame(game.id);
    if (isGuest(table.me) && table.owner) status(guestNote(table.me));
  } catch (error) {
    status(error.message, "error");
  }
}
