// Resigning ends a game for good (a "resign" action closes its log and nothing can undo it),
// so the button asks twice. The question is asked in the page, not with window.confirm:
// a browser dialog blocks the page, looks like an alarm on phones and stops automated tests.
import { api, endpoints } from "./api.js";

/** How long the armed button waits for the second press before it becomes "Resign" again. */
export const CONFIRM_MS = 4000;

/** POST the resignation of a game; `seq` is the number the resign action is to get. */
export function postResign(gameId, seq) {
  return api("POST", endpoints.resign(gameId), { seq });
}

/**
 * Make `button` a two-press control. The first press arms it: its text (its accessible
 * name) becomes `armedText` and `onArm()` runs. A second press within `ms` runs `onConfirm()`.
 * The time running out, Escape, or the focus leaving the button disarm it and run `onDisarm()`.
 * Returns `{ disarm, armed }` so the page can disarm it when the game changes under it.
 */
export function confirmTwice(button, { armedText, ms = CONFIRM_MS, onArm = () => {}, onConfirm, onDisarm = () => {} }) {
  const restText = button.textContent;
  let timer = null;

  /** Back to rest; true if the button was armed. */
  function rest() {
    if (timer === null) return false;
    clearTimeout(timer);
    timer = null;
    button.textContent = restText;
    button.classList.remove("armed");
    return true;
  }

  function disarm() {
    if (rest()) onDisarm();
  }

  button.addEventListener("click", () => {
    if (rest()) {
      onConfirm();
      return;
    }
    button.textContent = armedText;
    button.classList.add("armed");
    timer = setTimeout(disarm, ms);
    onArm();
  });
  button.addEventListener("keydown", (event) => {
    if (event.key === "Escape") disarm();
  });
  button.addEventListener("blur", disarm);
  return { disarm, armed: () => timer !== null };
}
