// Drag and drop of cards with pointer events (mouse, pen and touch alike).
//
// A drag only builds a move token (`W2`, `24x3`, `FH2`, `RF`...) and hands it
// to `onDrop`; the server decides whether it is legal. While the request is in
// flight the dragged cards stay where they were dropped; if the server refuses,
// they slide back home.
import { prefersReducedMotion } from "./dom.js";
import { moveToken } from "./moves.js";

const DRAG_THRESHOLD_PX = 6;

function draggedCards(card) {
  if (!/^[1-4]$/.test(card.dataset.source || "")) return [card];
  const cards = [...card.parentElement.querySelectorAll("[data-card]")];
  return cards.slice(cards.indexOf(card));
}

/**
 * Make the cards inside `felt` draggable. `onDrop(token, ghostRects)` must
 * return a promise resolving to true when the move was accepted. `isLegal(token)`
 * (the server's legal moves) only decides which places light up while dragging.
 */
export function enableDrag(felt, onDrop, isLegal = () => false) {
  let drag = null;
  let suppressClick = false;

  felt.addEventListener("pointerdown", (event) => {
    // A new gesture: whatever click the last drag was to swallow has come (mouse) or never
    // will (a finger drag ends with no click), so this one's click is a tap again.
    suppressClick = false;
    if (event.button !== 0 || felt.classList.contains("read-only")) return;
    const card = event.target.closest("[data-source][data-card]");
    if (!card) return;
    drag = { card, startX: event.clientX, startY: event.clientY, pointerId: event.pointerId, active: false };
  });

  felt.addEventListener("pointermove", (event) => {
    if (!drag || event.pointerId !== drag.pointerId) return;
    const dx = event.clientX - drag.startX;
    const dy = event.clientY - drag.startY;
    if (!drag.active) {
      if (Math.hypot(dx, dy) < DRAG_THRESHOLD_PX) return;
      start(drag);
      felt.setPointerCapture(event.pointerId);
    }
    drag.ghost.style.transform = `translate(${dx}px, ${dy}px)`;
    highlightTarget(event.clientX, event.clientY);
  });

  const finish = async (event) => {
    if (!drag || event.pointerId !== drag.pointerId) return;
    const current = drag;
    drag = null;
    if (!current.active) return;
    suppressClick = true;
    highlightTarget(null);
    clearTargets();
    const target = dropTarget(event.clientX, event.clientY);
    const token = target && moveToken(current.card.dataset.source, current.cards.length, target.dataset.drop);
    if (!token) {
      await slideBack(current);
      return;
    }
    const ghostRects = new Map(
      [...current.ghost.children].map((node) => [node.dataset.card, node.getBoundingClientRect()]),
    );
    const accepted = await onDrop(token, ghostRects);
    if (accepted) {
      current.ghost.remove();
    } else {
      await slideBack(current);
    }
  };
  felt.addEventListener("pointerup", finish);
  felt.addEventListener("pointercancel", () => {
    if (drag && drag.active) {
      clearTargets();
      slideBack(drag);
    }
    drag = null;
  });
  // A mouse drag ends with a click on the card it started from: that is not a tap.
  felt.addEventListener("click", (event) => {
    if (suppressClick) {
      suppressClick = false;
      event.stopPropagation();
      event.preventDefault();
    }
  }, true);

  function start(state) {
    state.active = true;
    state.cards = draggedCards(state.card);
    const ghost = document.createElement("div");
    ghost.className = "drag-ghost";
    ghost.setAttribute("aria-hidden", "true");
    // The ghost lives outside the felt (above everything): it takes the felt's card size along,
    // or every size the stylesheet gives a card in terms of it would fall back.
    const size = state.card.getBoundingClientRect();
    ghost.style.setProperty("--card-w", `${size.width}px`);
    ghost.style.setProperty("--card-h", `${size.height}px`);
    for (const node of state.cards) {
      const rect = node.getBoundingClientRect();
      const copy = node.cloneNode(true);
      copy.removeAttribute("id");
      copy.style.position = "fixed";
      copy.style.left = `${rect.left}px`;
      copy.style.top = `${rect.top}px`;
      copy.style.width = `${rect.width}px`;
      copy.style.height = `${rect.height}px`;
      copy.style.margin = "0";
      copy.style.animation = "none";
      ghost.append(copy);
      node.classList.add("dragging");
    }
    document.body.append(ghost);
    state.ghost = ghost;
    const suit = state.card.dataset.card[1];
    for (const target of felt.querySelectorAll("[data-drop]")) {
      // Any foundation takes the drop ("2F" names no suit), but only the card's own lights up.
      if (target.dataset.suit && target.dataset.suit !== suit) continue;
      const token = moveToken(state.card.dataset.source, state.cards.length, target.dataset.drop);
      if (token && isLegal(token)) target.classList.add("drop-ok");
    }
  }

  function clearTargets() {
    for (const node of felt.querySelectorAll(".drop-ok")) node.classList.remove("drop-ok");
  }

  async function slideBack(state) {
    const restore = () => {
      state.ghost.remove();
      for (const node of state.cards) node.classList.remove("dragging");
    };
    if (prefersReducedMotion()) return restore();
    const animation = state.ghost.animate(
      [{ transform: state.ghost.style.transform || "none" }, { transform: "translate(0, 0)" }],
      { duration: 200, easing: "ease-out" },
    );
    await animation.finished.catch(() => {});
    restore();
  }
}

function dropTarget(x, y) {
  if (x === null) return null;
  for (const node of document.elementsFromPoint(x, y)) {
    if (node.closest(".drag-ghost")) continue;
    const target = node.closest("[data-drop]");
    if (target) return target;
  }
  return null;
}

function highlightTarget(x, y) {
  for (const node of document.querySelectorAll(".drop-hover")) node.classList.remove("drop-hover");
  const target = x === null ? null : dropTarget(x, y);
  if (target) target.classList.add("drop-hover");
}
