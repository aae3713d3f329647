// Small DOM helpers shared by the pages.
import { statusWords } from "./words.js";

/** Create an element: `h("a", {href: "/", class: "x"}, "text", child)`. */
export function h(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue;
    if (name === "class") node.className = value;
    else if (name === "dataset") Object.assign(node.dataset, value);
    else if (name.startsWith("on")) node.addEventListener(name.slice(2), value);
    else node.setAttribute(name, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

export const byId = (id) => document.getElementById(id);

/** Enables the controls a server-rendered page marks `data-needs-script disabled`, once this
 * page's script has wired them: before that a press would do nothing (or submit a form the
 * plain way), so they stay disabled, as the player sees, until they work. */
export function scriptReady(root = document) {
  for (const node of root.querySelectorAll("[data-needs-script]")) node.disabled = false;
}

/** Show a message in a status/alert node (empty hides it). */
export function say(node, message, kind = "info") {
  if (!node) return;
  node.textContent = message || "";
  node.dataset.kind = kind;
  if ("hidden" in node && node.classList.contains("form-error")) node.hidden = !message;
}

export const prefersReducedMotion = () =>
  window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;

/** How an entry stands ("won", "playing", "resigned"); on a closed board, whose games can no
 * longer move, an unfinished one as the close left it ("at the close"), never "playing". */
export function entryStatus(entry, { closed = false } = {}) {
  if (entry.won) return "won";
  return closed && entry.status === "playing" ? "closed" : entry.status;
}

/** An entry's status in words a player reads (`entryStatus`). */
export function statusText(entry, options = {}) {
  return statusWords(entryStatus(entry, options));
}

/** "1 card", "2 cards". */
export const plural = (count, word) => `${count} ${word}${count === 1 ? "" : "s"}`;
