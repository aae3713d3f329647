// The table: play one game over its socket (REST while the socket is down), watch the
// deal's board live. This is the page's start; each job is a module of table/: the view of
// the game (board_view), what the player does (input), the moves out and the game's socket
// (moves_out, over move_queue), the dialogs (dialogs), the deal's live board (live_panel).
import { api, endpoints, pageData, pages } from "../api.js";
import { gettext } from "../i18n.js";
import { guestNote, isGuest } from "../guests.js";
import { initAccount } from "../session.js";
import { showBoardName } from "../table/board_view.js";
import { status, table } from "../table/context.js";
import { offerDeal } from "../table/first_tap.js";
import { startBoard } from "../table/live_panel.js";
import { playOn, wireTable } from "../table/start.js";

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

/** A visitor at a deal code: the deal on the felt, theirs (as a guest) at the first tap. */
function offerToVisitor(page) {
  showBoardName(page.code, page.code);
  offerDeal(page.preview, {
    code: page.code,
    start: () => api("POST", endpoints.games, { code: page.code }),
    onStarted: (game) => {
      window.history.replaceState(null, "", pages.game(game.id));
      if (isGuest(table.me)) status(guestNote(table.me));
    },
  });
  status(gettext("Tap the stock or a card to play: no account needed, your games stay yours."));
}

/**
 * The page's game: the one its URL names, else the player's game of the deal (resumed, or
 * started); a visitor gets the deal, made theirs by the first tap (null then).
 */
async function openGame(page) {
  if (page.game) return api("GET", endpoints.game(page.game));
  if (!table.me) {
    offerToVisitor(page);
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
  wireTable();
  const page = pageData();
  if (page.code) startBoard(page.code);
  await playOn(() => openGame(page));
}

main();
