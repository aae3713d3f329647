// Move tokens (DESIGN.md notation) built from what a player does: a drag, or typing.
// Only the spelling lives here; whether a move is legal is always the server's answer.

const CARD_TEXT = /^(10|[A2-9TJQK])([CDHS])$/i;

/** The token for moving `block` cards from `source` to `target` (null if it is no move). */
export function moveToken(source, block, target) {
  if (!source || !target || source === target) return null;
  if (target === "F") {
    if (source.startsWith("F") || block !== 1) return null;
    return `${source}F`;
  }
  if (/^[1-4]$/.test(source)) return block > 1 ? `${source}${target}x${block}` : `${source}${target}`;
  return `${source}${target}`;
}

/**
 * Keyboard box: a move token, or a card to tap ("7H", "10h"), or "stock".
 * "resign" comes back as `{ resign: true }`, never as an action: it is no move of the
 * notation (the engine knows nothing of giving up), so the page points at its Resign button.
 */
export function parseTyped(text) {
  const typed = text.trim();
  if (!typed) return null;
  if (/^resign$/i.test(typed)) return { resign: true };
  const card = typed.match(CARD_TEXT);
  if (card) return { tap: `${card[1] === "10" ? "T" : card[1].toUpperCase()}${card[2].toUpperCase()}` };
  if (/^stock$/i.test(typed)) return { tap: "stock" };
  if (/^(draw|recycle|undo)$/i.test(typed)) return { action: typed.toLowerCase() };
  return { action: typed.toUpperCase().replace("X", "x") };
}

/**
 * Whether `card` is face down in `state` (the API's state, or a sealed game's table view, whose
 * face-down cards are null): it is named nowhere face up. The rule is engine/table.py's: the
 * stock and the reserve below its top are face down, the rest is on the table face up.
 */
export function isFaceDown(state, card) {
  const faceUp = [
    ...state.waste, ...state.reserve.slice(-1), ...state.tableau.flat(), ...Object.values(state.foundations).flat(),
  ];
  return !faceUp.includes(card);
}
