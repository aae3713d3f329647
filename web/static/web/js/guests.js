// Guests: a newcomer plays open deals at once, in this browser, with no account. The server
// makes the guest at their first game (a click here, never a page view, so a crawler makes
// nothing); signing up keeps every game, signing in moves them to the account. The ranked
// daily needs an account: the server answers `account_required`, and the page asks them to
// sign up there.
import { api, ApiError, endpoints, pages } from "./api.js";
import { format, gettext } from "./i18n.js";
import { openAccountDialog } from "./session.js";

/** Whether `user` (`/api/me/`, or null) plays as a guest. */
export const isGuest = (user) => Boolean(user && user.guest);

/** The server refused something only an account may do. */
export const needsAccount = (error) => error instanceof ApiError && error.code === "account_required";

/** The server made no guest: the network's guests for the hour are used up (a school's, a
 * household's). Its answer says the way on: an account plays at once. */
export const guestsLimited = (error) => error instanceof ApiError && error.status === 429
  && error.data.limit === "guests";

/** Offer an account for a refused guest (`guestsLimited`): the server's words say why and
 * when a guest may play again; signed up, the reader is back on this page, playing. Where a
 * deal is on the felt, `onLimited` is the other way on: playing it as a limited guest. */
export function offerAccountForLimit(error, onLimited = null) {
  openAccountDialog("signup", error.data.detail || error.message, { onLimited });
}

/**
 * Ask for an account where only an account may go: today's ranked deals. Signed up (or in),
 * the player lands on home with that daily (`mode`, "D3" or "D1") on the felt, one tap from
 * playing it.
 */
export function askForAccount(mode = "D3") {
  openAccountDialog("signup", gettext(
    "Today's ranked deals need an account. Create one: the games you played as a guest come with you."),
  { next: pages.homeDaily(mode) });
}

/** What a guest is told once they play: who they are, and how to keep their games. */
export const guestNote = (user) => format(
  gettext("You are playing as %(name)s, a guest. Sign up to keep your games."), { name: user.username });

/** Start an open game (`{code}` or `{draw}`) and open it; a newcomer becomes a guest (or,
 * past their network's guests, is offered an account). */
export async function startOpenGame(body) {
  let game;
  try {
    game = await api("POST", endpoints.games, body);
  } catch (error) {
    if (guestsLimited(error)) return offerAccountForLimit(error);
    throw error;
  }
  window.location.assign(pages.game(game.id));
}
