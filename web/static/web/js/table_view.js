// Draws an engine state (the API's `state`) onto the felt.
//
// In a sealed game (a ranked daily) every face-down card is null: the stock is only a
// count, the reserve a count and its top card. Only the face-up cards are ever named here.
//
// The felt is redrawn from scratch after every action: the server's state is
// the truth, and a full redraw can never drift from it. Movement stays visible
// through a FLIP animation: each card slides from where it was to where it is.
import { cardBack, cardElement, cardName, emptySlot, rankOf, rankText, suitName, suitOf, suitSymbol, SUITS } from "./cards.js";
import { byId, prefersReducedMotion } from "./dom.js";
import { format, gettext, ngettext } from "./i18n.js";

/** Foundations in the app's order: the base card's suit first, then the others. */
export function foundationOrder(base) {
  const first = base ? suitOf(base) : "C";
  return [first, ...SUITS.filter((suit) => suit !== first)];
}

function startingRank(state) {
  return state.base ? rankOf(state.base) : "A";
}

function renderStock(state, interactive) {
  const node = byId("stock");
  const count = state.stock.length;
  let card;
  if (count > 0) {
    card = cardBack({
      label: format(ngettext("Stock, %(count)s card: draw %(draw)s", "Stock, %(count)s cards: draw %(draw)s", count),
        { count, draw: Math.min(state.draw, count) }),
      interactive,
    });
  } else if (state.waste.length > 0) {
    card = emptySlot({ label: gettext("Stock empty: recycle the waste"), text: "↻", interactive });
  } else {
    card = emptySlot({ label: gettext("Stock empty"), text: "" });
  }
  card.dataset.stock = "true";
  card.id = "stock-card";
  const badge = document.createElement("span");
  badge.className = "count-badge";
  badge.setAttribute("aria-hidden", "true");
  badge.textContent = String(count);
  badge.dataset.count = String(count);
  node.replaceChildren(card, badge);
}

function renderWaste(state, interactive) {
  const node = byId("waste");
  const shown = state.draw === 3 ? state.waste.slice(-3) : state.waste.slice(-1);
  const top = shown.length - 1;
  node.style.setProperty("--shown", String(Math.max(shown.length, 1)));
  node.replaceChildren(
    ...shown.map((card, index) => {
      const playable = index === top;
      const element = cardElement(card, {
        interactive: interactive && playable,
        label: playable
          ? format(gettext("%(card)s, top of the waste (%(count)s)"), { card: cardName(card), count: state.waste.length })
          : cardName(card),
      });
      element.style.setProperty("--i", String(index));
      if (playable) element.dataset.source = "W";
      else element.classList.add("covered");
      return element;
    }),
  );
  if (!shown.length) node.append(emptySlot({ label: gettext("Waste empty") }));
}

function renderFoundations(state, interactive) {
  const node = byId("foundations");
  const start = startingRank(state);
  node.replaceChildren(
    ...foundationOrder(state.base).map((suit) => {
      const pile = state.foundations[suit] || [];
      const wrapper = document.createElement("div");
      wrapper.className = "pile foundation";
      wrapper.dataset.drop = "F";
      wrapper.dataset.suit = suit;
      if (pile.length === 0 && !state.base) {
        // A sealed deal not dealt yet (home's ranked daily before its first tap): no rank to say.
        wrapper.append(emptySlot({ label: gettext("A foundation, empty until the deal is dealt") }));
      } else if (pile.length === 0) {
        wrapper.append(emptySlot({
          label: format(gettext("The %(suit)s foundation, empty: it starts with %(card)s"),
            { suit: suitName(suit), card: cardName(`${start}${suit}`) }),
          text: `${rankText(start)}${suitSymbol(suit)}`,
          red: suit === "H" || suit === "D",
        }));
      } else {
        const top = pile[pile.length - 1];
        const element = cardElement(top, {
          interactive,
          label: format(gettext("%(card)s, top of the %(suit)s foundation (%(count)s of 13)"),
            { card: cardName(top), suit: suitName(suit), count: pile.length }),
        });
        element.dataset.source = `F${suit}`;
        wrapper.append(element);
      }
      const count = document.createElement("span");
      count.className = "count-badge";
      count.setAttribute("aria-hidden", "true");
      count.textContent = String(pile.length);
      count.dataset.count = String(pile.length);
      wrapper.append(count);
      return wrapper;
    }),
  );
}

function renderReserve(state, interactive) {
  const node = byId("reserve");
  const count = state.reserve.length;
  const top = count ? state.reserve[count - 1] : null;
  if (count && top === null) {
    // Face down (a sealed game shows only the top, which is always face up): a back.
    node.replaceChildren(cardBack({
      label: format(ngettext("Reserve, %(count)s face-down card", "Reserve, %(count)s face-down cards", count), { count }),
      interactive: false,
    }));
  } else if (count) {
    const element = cardElement(top, {
      interactive,
      label: format(ngettext("%(card)s, top of the reserve (%(count)s card)", "%(card)s, top of the reserve (%(count)s cards)", count),
        { card: cardName(top), count }),
    });
    element.dataset.source = "R";
    node.replaceChildren(element);
  } else {
    node.replaceChildren(emptySlot({ label: gettext("Reserve empty") }));
  }
  // The cards under the top are face down: drawn as the edges of backs below it.
  node.dataset.under = String(Math.min(Math.max(count - 1, 0), 3));
  byId("reserve-count").textContent = String(count);
}

function renderTableau(state, interactive) {
  const node = byId("tableau");
  node.replaceChildren(
    ...state.tableau.map((pile, index) => {
      const column = index + 1;
      const wrapper = document.createElement("div");
      wrapper.className = "pile column";
      wrapper.dataset.drop = String(column);
      wrapper.dataset.column = String(column);
      wrapper.setAttribute("role", "group");
      wrapper.setAttribute("aria-label", format(
        ngettext("Column %(column)s, %(count)s card", "Column %(column)s, %(count)s cards", pile.length),
        { column, count: pile.length },
      ));
      wrapper.style.setProperty("--n", String(Math.max(pile.length, 1)));
      if (!pile.length) wrapper.append(emptySlot({ label: format(gettext("Column %(column)s empty"), { column }) }));
      pile.forEach((card, depth) => {
        const element = cardElement(card, {
          interactive,
          label: depth === pile.length - 1
            ? format(gettext("%(card)s, column %(column)s"), { card: cardName(card), column })
            : format(gettext("%(card)s, column %(column)s, card %(depth)s of %(count)s"),
              { card: cardName(card), column, depth: depth + 1, count: pile.length }),
        });
        element.dataset.source = String(column);
        element.dataset.block = String(pile.length - depth);
        element.style.setProperty("--i", String(depth));
        wrapper.append(element);
      });
      return wrapper;
    }),
  );
}

function cardRects() {
  const rects = new Map();
  for (const node of byId("felt").querySelectorAll("[data-card]")) {
    rects.set(node.dataset.card, node.getBoundingClientRect());
  }
  return rects;
}

function slideFrom(before) {
  if (prefersReducedMotion()) return;
  for (const node of byId("felt").querySelectorAll("[data-card]")) {
    const old = before.get(node.dataset.card);
    if (!old) continue;
    const now = node.getBoundingClientRect();
    const dx = old.left - now.left;
    const dy = old.top - now.top;
    if (Math.abs(dx) < 1 && Math.abs(dy) < 1) continue;
    node.animate(
      [{ transform: `translate(${dx}px, ${dy}px)`, zIndex: 50 }, { transform: "translate(0, 0)", zIndex: 50 }],
      { duration: 220, easing: "cubic-bezier(.2,.7,.3,1)" },
    );
  }
}

/** The felt's first drawing ends its loading state ("Dealing…"; no "0 left" before). */
function showLoaded(felt) {
  if (felt.dataset.loading !== "true") return;
  delete felt.dataset.loading;
  felt.setAttribute("aria-busy", "false");
  const note = byId("felt-loading");
  if (note) note.remove();
  byId("reserve-left").hidden = false;
}

/**
 * Draw `state`; `interactive` makes the cards buttons a player can tap or drag.
 * `from` overrides where some cards appear to come from (a dropped drag ghost).
 */
export function renderState(state, { interactive = true, from = null } = {}) {
  const before = cardRects();
  if (from) for (const [card, rect] of from) before.set(card, rect);
  const felt = byId("felt");
  showLoaded(felt);
  felt.dataset.draw = String(state.draw);
  felt.classList.toggle("read-only", !interactive);
  // The stylesheet sizes the cards so that the longest column fits the screen's height too.
  felt.style.setProperty("--longest", String(Math.max(1, ...state.tableau.map((pile) => pile.length))));
  renderStock(state, interactive);
  renderWaste(state, interactive);
  renderFoundations(state, interactive);
  renderReserve(state, interactive);
  renderTableau(state, interactive);
  const hint = byId("base-hint");
  if (hint && state.base) {
    hint.textContent = format(gettext("Base card %(card)s: every foundation starts at %(rank)s."), {
      card: `${rankText(rankOf(state.base))}${suitSymbol(suitOf(state.base))}`,
      rank: rankText(startingRank(state)),
    });
  }
  slideFrom(before);
}

/** Fill the score / cards / actions figures. */
export function renderStats(summary) {
  // Actions, not moves: what the boards rank (an undo is one more action, never one less).
  for (const key of ["score", "cards", "actions"]) {
    const node = byId(`stat-${key}`);
    if (node && summary[key] !== undefined) node.textContent = String(summary[key]);
  }
}
