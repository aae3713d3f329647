// A deal on the felt before its game exists: a visitor at /play/<code>/, home's practice deal,
// home's ranked daily. The first tap (or typed move) makes the game and is then played on it
// (moves_out.js): the page view itself makes nothing, so a crawler starts no game and a
// ranked clock starts only when its player does.
import { byId } from "../dom.js";
import { renderState } from "../table_view.js";
import { table } from "./context.js";

/** Cards in a Canfield stock at the deal: 52 less the reserve (13), base card and columns (4). */
const STOCK_AT_DEAL = 34;

/**
 * Show `state` on the felt, playable: `start()` makes the game (resolves to the API's game),
 * `onStarted(game)` follows once it is shown; `code`, an open deal's, lets a visitor past
 * their network's guests play it as a limited guest (limited.js).
 */
export function offerDeal(state, { start, onStarted = () => {}, code = null }) {
  table.starter = { start, onStarted, code };
  renderState(state, { interactive: true });
  byId("move-input").disabled = false;
  byId("move-form").querySelector("button[type=submit]").disabled = false;
  byId("move-form").classList.remove("inactive");
}

/**
 * A sealed daily before its game: every card face down, none named, not even the base card
 * (the sealed table shows a daily's cards only in its player's own game, once made).
 */
export function faceDownDeal(draw) {
  return {
    draw,
    base: null,
    stock: Array(STOCK_AT_DEAL).fill(null),
    waste: [],
    foundations: {},
    reserve: Array(13).fill(null),
    tableau: [[], [], [], []],
  };
}
