// What the player does at the table, each turned into a queued call: taps and double clicks on
// the felt, drags, the legal-move chips, the move box, Undo (and Ctrl+Z), Hint, Finish.
import { byId } from "../dom.js";
import { enableDrag } from "../drag.js";
import { describeHint, fetchHint, highlightHint } from "../hints.js";
import { format, gettext } from "../i18n.js";
import { CONFIRM_MS, confirmTwice } from "../resign.js";
import { isFaceDown, parseTyped } from "../moves.js";
import { keepSettings, onSettingsChange, setting } from "../settings.js";
import { reasonText } from "../words.js";
import { playable, startable, status, table } from "./context.js";
import { explain, finish, play } from "./moves_out.js";

/** The tap rule (a setting): a tapped card no foundation takes goes to a column, or stays
 * (the API's `double_click`, as the engine's `Game.tap` calls it). */
function doubleClick() {
  return setting("tap_rule") !== "home_only";
}

function tap(card) {
  return play({ tap: card, double_click: doubleClick() });
}

function onFeltClick(event) {
  if (!playable() && !startable() && !table.limited) return;
  const stock = event.target.closest("[data-stock]");
  if (stock && stock.tagName === "BUTTON") {
    play({ tap: "stock" });
    return;
  }
  const card = event.target.closest("button[data-card]");
  // The second click of a double click (or a quick second tap) is no tap of its own: the first
  // sent its card away, so this one is a stale replay of it or lands on whatever is there now.
  // (A keyboard's Enter is a click with detail 0; the stock above takes every click: a draw each.)
  if (card && event.detail < 2) tap(card.dataset.card);
}

/** Ask for a hint once the queued moves are sent, so it is for the position shown. */
function askHint() {
  table.queue.run(async () => {
    if (!table.game || !table.owner) return;
    const button = byId("hint-button");
    button.disabled = true;
    status(gettext("Looking for a winning move…"));
    try {
      const hint = await fetchHint(table.game.id);
      table.game = { ...table.game, assisted: true };
      byId("assisted-badge").hidden = false;
      status(describeHint(hint, table.game.state));
      if (hint.seq === table.game.seq) highlightHint(byId("felt"), hint.move);
    } catch (error) {
      await explain(error);
    } finally {
      button.disabled = !playable();
    }
  });
}

/**
 * Hint asks twice while the game is unassisted: the first hint marks it assisted for good
 * (ranked below every unassisted game), so one stray tap must not do it. Once assisted, or
 * with the Hint confirmation setting off, a press asks at once (a capture listener, ahead of
 * the two-press control).
 */
function wireHint() {
  const button = byId("hint-button");
  button.addEventListener("click", (event) => {
    if (!(table.game && (table.game.assisted || !setting("hint_confirm")))) return;
    event.stopImmediatePropagation();
    askHint();
  }, { capture: true });
  confirmTwice(button, {
    armedText: gettext("Confirm hint"),
    onArm: () => status(format(gettext("A hint marks this game assisted for good: press \"Confirm hint\" within %(seconds)s seconds to ask."),
      { seconds: CONFIRM_MS / 1000 })),
    onDisarm: () => status(gettext("No hint asked: the game stays unassisted.")),
    onConfirm: askHint,
  });
}

/** The table's switch of the tap rule (also in the Settings panel): on, a tap may go to a column. */
function wireTapRule() {
  const toggle = byId("double-click");
  toggle.checked = doubleClick();
  onSettingsChange(() => { toggle.checked = doubleClick(); });
  toggle.addEventListener("change", () => {
    keepSettings({ tap_rule: toggle.checked ? "home_or_column" : "home_only" });
    status(toggle.checked ? gettext("Tap to a column on: a tapped card goes to a column when no foundation takes it.")
      : gettext("Tap to a column off: a tapped card only goes to its foundation."));
  });
}

/** The move box: a token, a card to tap or "stock" (moves.js reads it). */
function wireMoveBox() {
  byId("move-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const input = byId("move-input");
    const body = parseTyped(input.value);
    if (!body) return;
    if (body.resign) {
      status(gettext("\"resign\" is not a move: press the Resign button twice to end the game."));
      byId("resign-button").focus();
      return;
    }
    if (body.tap && body.tap !== "stock" && table.game && isFaceDown(table.game.state, body.tap)) {
      // Said here, in the engine's words: the card is in the stock or under the reserve's top.
      status(reasonText({ code: "tap_face_down", cards: [body.tap] }), "error");
      return;
    }
    if (body.tap && body.tap !== "stock") body.double_click = doubleClick();
    if (await play(body)) input.value = "";
    input.focus();
  });
}

/** Wire every control of the table that plays (once, before any game is shown). */
export function wireInput() {
  byId("finish-button").addEventListener("click", finish);
  const felt = byId("felt");
  felt.addEventListener("click", onFeltClick);
  enableDrag(
    felt,
    (token, rects) => play({ action: token }, { from: rects }),
    (token) => Boolean(table.game && (table.game.legal_moves || []).includes(token)),
  );
  byId("legal-moves").addEventListener("click", (event) => {
    const chip = event.target.closest("button[data-token]");
    if (chip) play({ action: chip.dataset.token });
  });
  byId("undo-button").addEventListener("click", () => play({ action: "undo" }));
  wireHint();
  wireTapRule();
  wireMoveBox();
  document.addEventListener("keydown", (event) => {
    const typing = event.target.closest && event.target.closest("input, textarea");
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "z" && !typing) {
      event.preventDefault();
      play({ action: "undo" });
    }
  });
}
