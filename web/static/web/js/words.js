// Cards, moves and refusals in words, in the reader's language.
//
// The engine's vocabulary (its reason sentences by code, rank and suit words) reaches every
// page translated, as the "words" JSON that base.html writes (web/words.py): a refused move
// is said from the API's `reason` code and parameters, never from the English `detail`.
// Move phrases are the pages' own strings (gettext here).
//
// The vocabulary is read from the page when first needed, not at import, so node's tests can
// import this module and hand it one (`useWords`).
import { format, formatNumber, gettext, ngettext } from "./i18n.js";

let vocabulary; // undefined until read; null on a page that has none (codes stay codes)

function readWords() {
  const node = globalThis.document ? document.getElementById("words") : null;
  return node ? JSON.parse(node.textContent) : null;
}

/** The page's vocabulary (web/words.py), read once; null when the page has none. */
function words() {
  if (vocabulary === undefined) vocabulary = readWords();
  return vocabulary;
}

/** Use `value` (the shape of web/words.py's JSON, or null) instead of the page's vocabulary. */
export function useWords(value) {
  vocabulary = value;
}

/** `text` with its first letter in upper case (a sentence built from a lower-case phrase). */
export const capitalised = (text) => text.charAt(0).toUpperCase() + text.slice(1);

/** A rank letter in words ("jack", "10"). */
export const rankWords = (rank) => (words() ? words().ranks[rank] : rank);

/** A suit letter in words ("hearts"). */
export const suitWords = (suit) => (words() ? words().suits[suit] : suit);

/** A card code in words: "the jack of diamonds" (the card code itself without the words). */
export function cardWords(card) {
  if (!card) return gettext("a face-down card");
  if (!words()) return card;
  return format(words().card, { rank: rankWords(card[0]), suit: suitWords(card[1]) });
}

/** The engine's reason for a refused move (`{code, cards, ...}`), as a sentence; null if the
 * code is not one this page knows (then the caller shows the server's `detail`). */
export function reasonText(reason) {
  const known = words();
  const template = known && reason && known.reasons[reason.code];
  if (!template) return null;
  const cards = reason.cards || [];
  const values = { column: reason.column, count: reason.count, block: reason.block };
  if (cards[0]) values.card = cardWords(cards[0]);
  if (cards[1]) values.target = cardWords(cards[1]);
  if (reason.suit) values.suit = suitWords(reason.suit);
  if (reason.rank) values.rank = rankWords(reason.rank);
  if (reason.colour) values.colour = known.colours[reason.colour];
  if (reason.need_rank && reason.need_colour) {
    values.need = format(known.need[reason.need_colour], { rank: rankWords(reason.need_rank) });
  }
  return capitalised(format(template, values));
}

const top = (pile) => (pile && pile.length ? pile[pile.length - 1] : null);

/** Where a move token starts, in words ("the reserve", "column 2", "the hearts foundation"). */
function placeWords(source) {
  if (source === "R") return gettext("the reserve");
  if (source === "W") return gettext("the waste");
  if (source.startsWith("F")) return format(gettext("the %(suit)s foundation"), { suit: suitWords(source[1]) });
  return format(gettext("column %(column)s"), { column: source });
}

/**
 * A move token in words, for the position `state` it is played from (its cards tell which card
 * moves): "the 7 of hearts from the reserve to its foundation".
 */
export function moveWords(token, state) {
  if (token === "draw") return gettext("a draw from the stock");
  if (token === "recycle") return gettext("the waste turned over");
  if (token === "undo") return gettext("an undo");
  if (token === "resign") return gettext("the game resigned");
  const found = /^(R|W|F[CDHS]|[1-4])(F|[1-4])(?:x(\d+))?$/.exec(token || "");
  if (!found) return token || "";
  const [, source, target, block] = found;
  const count = Number(block || 1);
  let card = null;
  if (state) {
    if (source === "R") card = top(state.reserve);
    else if (source === "W") card = top(state.waste);
    else if (source.startsWith("F")) card = top(state.foundations[source[1]]);
    else {
      const pile = state.tableau[Number(source) - 1] || [];
      card = pile[pile.length - count] || null;
    }
  }
  const values = { card: cardWords(card), from: placeWords(source), column: target, count: count - 1 };
  if (target === "F") return format(gettext("%(card)s from %(from)s to its foundation"), values);
  if (count > 1) {
    return format(ngettext(
      "%(card)s and the card on it from %(from)s to column %(column)s",
      "%(card)s and the %(count)s cards on it from %(from)s to column %(column)s",
      count - 1,
    ), values);
  }
  return format(gettext("%(card)s from %(from)s to column %(column)s"), values);
}

/** "1 card", "5 cards", with the number in the reader's language. */
export const cardCount = (count) =>
  format(ngettext("%(count)s card", "%(count)s cards", count), { count: formatNumber(count) });

/** "1 point", "5 points". */
export const pointCount = (count) =>
  format(ngettext("%(count)s point", "%(count)s points", count), { count: formatNumber(count) });

/** "1 move", "5 moves". */
export const moveCount = (count) =>
  format(ngettext("%(count)s move", "%(count)s moves", count), { count: formatNumber(count) });

/** "1 action", "5 actions": what the boards rank by (every action counts, undo too). */
export const actionCount = (count) =>
  format(ngettext("%(count)s action", "%(count)s actions", count), { count: formatNumber(count) });

/** "1 player", "5 players". */
export const playerCount = (count) =>
  format(ngettext("%(count)s player", "%(count)s players", count), { count: formatNumber(count) });

/** A game's status ("won", "playing", "resigned", or "closed": a daily game its day's close
 * ended unfinished) in words. */
export function statusWords(status) {
  if (status === "won") return gettext("won");
  if (status === "playing") return gettext("playing");
  if (status === "resigned") return gettext("resigned");
  if (status === "closed") return gettext("at the close");
  return status || "";
}
