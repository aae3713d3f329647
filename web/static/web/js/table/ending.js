// How a finished game ended, said on the table whenever it is shown: won, resigned, or stopped
// by its day's close (a ranked daily nobody can move once the board is final). A game reopened
// later says it at once, beside a Move box that takes nothing.
import { clock } from "../clock.js";
import { byId } from "../dom.js";
import { format, gettext } from "../i18n.js";
import { actionCount, cardCount } from "../words.js";

/** A daily game whose day has closed: final, whatever its status says. */
export const dayClosed = (game) => Boolean(game && game.daily) && !game.sealed;

/** "won", "resigned", "closed" (its day's close stopped it unfinished), or null: in play. */
export function gameEnding(game) {
  if (!game) return null;
  if (game.won || game.status === "won") return "won";
  if (game.status === "resigned") return "resigned";
  return dayClosed(game) ? "closed" : null;
}

/** The sentence of an ending, with the figures that rank the game. */
export function endingText(game, ending = gameEnding(game)) {
  const values = { cards: cardCount(game.cards), actions: actionCount(game.actions), time: clock(game.elapsed) };
  if (ending === "won") return format(gettext("This game was won: all 52 cards home in %(actions)s, %(time)s."), values);
  if (ending === "resigned") return format(gettext("This game was resigned: %(cards)s home in %(actions)s, %(time)s."), values);
  if (ending === "closed") return format(gettext("The day's close ended this game: %(cards)s home in %(actions)s, %(time)s."), values);
  return "";
}

/** Show (or hide) the table's note of how its game ended. */
export function showEnding(game) {
  const node = byId("game-ended");
  const ending = gameEnding(game);
  node.hidden = !ending;
  node.dataset.ending = ending || "";
  node.textContent = ending ? endingText(game, ending) : "";
}
