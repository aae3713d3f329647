// Cards as the API spells them ("7H", "TS") and as a player sees them.
import { cardWords, suitWords } from "./words.js";

export const SUITS = ["C", "D", "H", "S"];
const SUIT_SYMBOL = { C: "♣", D: "♦", H: "♥", S: "♠" };
const RANK_TEXT = { A: "A", T: "10", J: "J", Q: "Q", K: "K" };

export const rankOf = (card) => card[0];
export const suitOf = (card) => card[1];
export const isRed = (card) => card[1] === "H" || card[1] === "D";
export const suitSymbol = (suit) => SUIT_SYMBOL[suit];
export const suitName = (suit) => suitWords(suit);
export const rankText = (rank) => RANK_TEXT[rank] || rank;

/** "the 7 of hearts", in the reader's language: what a screen reader says for a card. */
export const cardName = (card) => cardWords(card);

/** A face-up card as a focusable button; `data-card` carries the API spelling. */
export function cardElement(card, { label, interactive = true } = {}) {
  const node = document.createElement(interactive ? "button" : "div");
  if (interactive) node.type = "button";
  node.className = `card ${isRed(card) ? "red" : "black"}`;
  node.dataset.card = card;
  node.setAttribute("aria-label", label || cardName(card));
  if (!interactive) node.setAttribute("role", "img");
  const corner = `<span class="corner${rankOf(card) === "T" ? " ten" : ""}" aria-hidden="true"><span class="rank">${rankText(rankOf(card))}</span><span class="suit">${suitSymbol(suitOf(card))}</span></span>`;
  const pip = `<span class="pip" aria-hidden="true">${suitSymbol(suitOf(card))}</span>`;
  node.innerHTML = corner + pip;
  return node;
}

/** The back of a card (stock). */
export function cardBack({ label, interactive = true } = {}) {
  const node = document.createElement(interactive ? "button" : "div");
  if (interactive) node.type = "button";
  node.className = "card back";
  if (label) node.setAttribute("aria-label", label);
  if (!interactive) node.setAttribute("role", "img");
  return node;
}

/** An empty place (empty column, empty foundation showing its starting card, spent stock). */
export function emptySlot({ label, text = "", red = false, interactive = false } = {}) {
  const node = document.createElement(interactive ? "button" : "div");
  if (interactive) node.type = "button";
  else node.setAttribute("role", "img");
  node.className = `card empty${red ? " red" : ""}`;
  if (label) node.setAttribute("aria-label", label);
  node.innerHTML = `<span class="empty-mark" aria-hidden="true">${text}</span>`;
  return node;
}
