// The win: a real modal (<dialog>, focus kept inside, Escape closes) with the player's rank on
// the board, the board's par, the actions and time of the game, and a line to share.
import { api, endpoints, pages } from "./api.js";
import { clock } from "./clock.js";
import { byId, h } from "./dom.js";
import { format, gettext, ngettext } from "./i18n.js";
import { actionCount } from "./words.js";

const DAILY_BOARD = /^daily-(\d{4}-\d\d-\d\d)-(D[13])$/;

/** "daily 2026-12-01 D3" for a daily board, the code itself for a deal code's. */
export function boardPhrase(board) {
  const daily = DAILY_BOARD.exec(board || "");
  return daily ? format(gettext("daily %(day)s %(mode)s"), { day: daily[1], mode: daily[2] }) : board;
}

/** The one line a winner shares. `rank` is `{rank, total}` or null (not known). */
export function shareLine(game, rank) {
  const parts = [format(ngettext("won in %(count)s action", "won in %(count)s actions", game.actions), { count: game.actions })];
  if (game.elapsed !== null && game.elapsed !== undefined) parts.push(clock(game.elapsed));
  if (rank) parts.push(format(gettext("rank %(rank)s of %(total)s"), rank));
  return `Canfield Arena ${boardPhrase(game.board)}: ${parts.join(", ")}`;
}

/** The player's rank and the board's par: one read of the board around them (a declared
 * bot's game ranks among the board's bots). */
async function standing(board, username, bot = false) {
  try {
    const who = bot ? "bots" : "humans";
    const data = await api("GET", endpoints.board(board, `?around=${encodeURIComponent(username)}&limit=1&who=${who}`));
    const mine = data.entries.find((entry) => entry.player === username);
    return { rank: mine ? { rank: mine.rank, total: data.total } : null, par: data.par ?? null };
  } catch {
    return { rank: null, par: null };
  }
}

/** Keep Tab and Shift+Tab among the dialog's own controls. */
function trapFocus(dialog) {
  dialog.addEventListener("keydown", (event) => {
    if (event.key !== "Tab") return;
    const controls = [...dialog.querySelectorAll("a[href], button:not([disabled])")];
    if (!controls.length) return;
    const first = controls[0];
    const last = controls[controls.length - 1];
    const inside = controls.includes(document.activeElement);
    if (event.shiftKey && (document.activeElement === first || !inside)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (document.activeElement === last || !inside)) {
      event.preventDefault();
      first.focus();
    }
  });
}

/** Wire the dialog once: Copy, Close, and the focus trap (Escape is the dialog's own). */
export function wireWin({ onNewGame }) {
  const dialog = byId("win");
  trapFocus(dialog);
  byId("win-close").addEventListener("click", () => dialog.close());
  byId("win-new").addEventListener("click", () => { dialog.close(); onNewGame(); });
  wireCopy(byId("win-copy"), byId("win-share"));
}

/** A Copy `button` for the text of `source`: to the clipboard, else selected for a manual copy. */
export function wireCopy(button, source) {
  button.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(source.textContent);
      button.textContent = gettext("Copied");
    } catch {
      // No clipboard (an insecure page, a refusal): select the text for a manual copy.
      window.getSelection().selectAllChildren(source);
      button.textContent = gettext("Select and copy");
    }
  });
}

/** Open the win dialog for `game` (the API's game JSON), won by `username`. */
export async function showWin(game, username) {
  const dialog = byId("win");
  // One word with the board and the facts below: actions (undo counts), never "moves".
  byId("win-text").textContent = format(gettext("All 52 cards home in %(actions)s."), { actions: actionCount(game.actions) });
  byId("win-board").href = pages.board(game.board);
  byId("win-actions").textContent = String(game.actions);
  byId("win-time").textContent = clock(game.elapsed);
  byId("win-rank").textContent = "…";
  byId("win-par").textContent = "…";
  byId("win-copy").textContent = gettext("Copy");
  byId("win-share").textContent = shareLine(game, null);
  const burst = dialog.querySelector(".win-burst");
  burst.replaceChildren(...Array.from({ length: 36 }, (_, index) => {
    const piece = h("span", { class: index % 2 ? "red" : "black" }, "♠♥♣♦"[index % 4]);
    // Through the CSSOM: a style attribute is inline style, which the pages' CSP refuses.
    piece.style.setProperty("--a", `${(index * 137) % 360}deg`);
    piece.style.setProperty("--d", `${(index % 6) * 0.12}s`);
    return piece;
  }));
  if (!dialog.open) dialog.showModal();
  byId("win-close").focus();
  const { rank, par } = await standing(game.board, username, Boolean(game.bot));
  byId("win-rank").textContent = rank ? format(gettext("%(rank)s of %(total)s"), rank) : gettext("not ranked yet");
  byId("win-par").textContent = par === null ? gettext("none known")
    : format(ngettext("%(count)s action", "%(count)s actions", par), { count: par });
  byId("win-share").textContent = shareLine(game, rank);
}
