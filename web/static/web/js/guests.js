// Guests: a newcomer plays open deals at once, in this browser, with no account. The server
// makes the guest at their first game (a click here, never a page view, so a crawler makes
// nothing); signing up keeps every game, signing in moves them to the account. The ranked
// daily needs an account: the server answers `account_required`, and the page asks them to
// sign up there.
import { api, ApiError, endpoints, pages } from "./api.js";
import { h } from "./dom.js";
import { format, gettext } from "./i18n.js";
import { openAccountDialog, refreshAccount } from "./session.js";

/** Whether `user` (`/api/me/`, or null) plays as a guest. */
export const isGuest = (user) => Boolean(user && user.guest);

/** The server refused something only an account may do. */
export const needsAccount = (error) => error instanceof ApiError && error.code === "account_required";

/** Ask for an account where only an account may go: today's ranked deals. */
export function askForAccount() {
  openAccountDialog("signup", gettext(
    "Today's ranked deals need an account. Create one: the games you played as a guest come with you."));
}

/** What a guest is told once they play: who they are, and how to keep their games. */
export const guestNote = (user) => format(
  gettext("You are playing as %(name)s, a guest. Sign up to keep your games."), { name: user.username });

/** Start an open game (`{code}` or `{draw}`) and open it; a newcomer becomes a guest. */
export async function startOpenGame(body) {
  const game = await api("POST", endpoints.games, body);
  window.location.assign(pages.game(game.id));
}

/**
 * A newcomer at an open deal: a Play button after `anchor` (no dialog); pressing it starts the
 * game as a guest and hands it to `onStarted(game, user)`. Errors go to `onError(error)`.
 */
export function offerGuestGame(anchor, code, { onStarted, onError }) {
  const button = h("button", { type: "button", class: "primary", id: "guest-play" }, gettext("Play this deal"));
  const note = h("p", { class: "muted small", id: "guest-play-note" },
    gettext("No account needed: sign up whenever you like, your games stay yours."));
  button.addEventListener("click", async () => {
    button.disabled = true;
    try {
      const game = await api("POST", endpoints.games, { code });
      const user = await refreshAccount();
      button.remove();
      note.remove();
      onStarted(game, user);
    } catch (error) {
      button.disabled = false;
      onError(error);
    }
  });
  anchor.after(button, note);
  button.focus({ preventScroll: true });
}
