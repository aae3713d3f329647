// Hints: ask the server's solver for the next move of a winning line, and point at the
// card it moves. Asking marks the game "assisted" (ranked below every unassisted game),
// so the button says so before the first use.
import { api, endpoints } from "./api.js";
import { format, gettext } from "./i18n.js";
import { moveCount, moveWords } from "./words.js";

/**
 * Ask for the hint of a game: {status: "won"|"lost"|"unknown", move, moves_to_win, seq, ...}.
 * A POST (signed with the CSRF token like every other): asking marks the game for good.
 * Ranked daily games take none (403 ranked_daily); their table shows no Hint button.
 */
export function fetchHint(gameId) {
  return api("POST", endpoints.hint(gameId));
}

/** The felt element a move token starts from (null when the token is not one we can point at). */
export function hintSource(felt, token) {
  if (token === "draw" || token === "recycle") return felt.querySelector("#stock-card");
  if (token.startsWith("R")) return felt.querySelector('[data-source="R"]');
  if (token.startsWith("W")) return felt.querySelector('[data-source="W"]');
  if (token.startsWith("F")) return felt.querySelector(`[data-source="F${token[1]}"]`);
  const block = token.includes("x") ? token.split("x")[1] : "1";
  return felt.querySelector(`[data-source="${token[0]}"][data-block="${block}"]`);
}

/** Mark the source of `token` on the felt until the board is drawn again. */
export function highlightHint(felt, token) {
  for (const node of felt.querySelectorAll(".hinted")) node.classList.remove("hinted");
  const source = token ? hintSource(felt, token) : null;
  if (source) source.classList.add("hinted");
  return source;
}

/** What the status line says about a hint answer, its move in words for the position `state`. */
export function describeHint(hint, state = null) {
  if (hint.status === "won") {
    return format(gettext("Hint: play %(move)s (a winning line of %(moves)s from here). This game is now assisted."),
      { move: moveWords(hint.move, state), moves: moveCount(hint.moves_to_win) });
  }
  if (hint.status === "lost") return gettext("Hint: this position cannot be won any more (proven). This game is now assisted.");
  return gettext("Hint: no winning move found in time. This game is now assisted.");
}
