// The table: play one game over its socket (REST while the socket is down), watch the
// deal's board live. This is the page's start; each job is a module of table/: the view of
// the game (board_view), what the player does (input), the moves out and the game's socket
// (moves_out, over move_queue), the dialogs (dialogs), the deal's live board (live_panel).
import { api, endpoints, pageData, pages } from "../api.js";
import { byId } from "../dom.js";
import { guestNote, isGuest, offerGuestGame } from "../guests.js";
import { initAccount } from "../session.js";
import { renderState, renderStats } from "../table_view.js";
import { showBoardName, showGame, wireBoardView } from "../table/board_view.js";
import { status, table } from "../table/context.js";
import { wireDialogs } from "../table/dialogs.js";
import { wireInput } from "../table/input.js";
import { startBoard } from "../table/live_panel.js";
import { followGame } from "../table/moves_out.js";

/** The player's latest unfinished game of `code` (its board), so reopening a deal resumes it. */
async function resumable(code) {
  try {
    const profile = await api("GET", endpoints.player(table.me.username));
    const games = profile.games;
    return games
      .filter((game) => game.board === code && game.status === "playing")
      .sort((a, b) => b.id - a.id)[0] || null;
  } catch {
    return null;
  }
}

/**
 * The page's game: the one its URL names, else the player's game of the deal (resumed, or
 * started); a visitor sees the deal and a Play button that starts it as a guest (null then).
 */
async function openGame(page) {
  if (page.game) return api("GET", endpoints.game(page.game));
  if (!table.me) {
    if (page.preview) {
      renderState(page.preview, { interactive: false });
      renderStats(page.preview);
      showBoardName(page.code, page.code);
    }
    // No dialog: the Play button starts the game, as a guest (never the page view itself).
    offerGuestGame(byId("status"), page.code, {
      onStarted: (game, user) => {
        table.me = user;
        window.history.replaceState(null, "", pages.game(game.id));
        showGame(game);
        followGame(game.id);
        if (isGuest(user)) status(guestNote(user));
      },
      onError: (error) => status(error.data && error.data.detail ? error.data.detail : error.message, "error"),
    });
    return null;
  }
  const resumed = await resumable(page.code);
  const game = resumed ? await api("GET", endpoints.game(resumed.id))
    : await api("POST", endpoints.games, { code: page.code });
  window.history.replaceState(null, "", pages.game(game.id));
  return game;
}

async function main() {
  table.me = await initAccount();
  wireBoardView();
  wireInput();
  wireDialogs();
  const page = pageData();
  if (page.code) startBoard(page.code);
  try {
    const game = await openGame(page);
    if (!game) return;
    showGame(game);
    followGame(game.id);
    if (isGuest(table.me) && table.owner) status(guestNote(table.me));
  } catch (error) {
    status(error.data && error.data.detail ? error.data.detail : error.message, "error");
  }
}

main();
