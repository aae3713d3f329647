// The results card of a ranked daily game once it has ended (won, resigned, or at its day's
// close): rank of N, cards, actions against par (and against the table par once the day has
// one), time, the daily streak, a text to share (a grid of emoji a chat app shows as it is),
// and the countdown to the next deal by the server's clock. A finished game reopens on it.
import { api, endpoints } from "../api.js";
import { clock } from "../clock.js";
import { startCountdown } from "../daily.js";
import { byId, h } from "../dom.js";
import { format, formatNodes, gettext, ngettext } from "../i18n.js";
import { boardPhrase, wireCopy } from "../win.js";
import { table } from "./context.js";
import { gameEnding } from "./ending.js";

/** The foundations as four rows of 13 squares: a card home is its suit's colour (red or
 * blue, both clear on a light or a dark chat), a card not home a white square. */
export function shareGrid(foundations) {
  const rows = [["H", "🟥"], ["D", "🟥"], ["C", "🟦"], ["S", "🟦"]];
  return rows.map(([suit, home]) => {
    const count = Math.min(13, ((foundations || {})[suit] || []).length);
    return home.repeat(count) + "⬜".repeat(13 - count);
  }).join("\n");
}

/** Actions against par as a signed figure: "+12", "−3", "±0". */
export function againstPar(actions, par) {
  const difference = actions - par;
  if (difference === 0) return "±0";
  return difference > 0 ? `+${difference}` : `−${-difference}`;
}

/** The text a player shares: the board, the grid, and the figures in symbols every chat reads
 * (a won game's actions against par). */
export function shareText(game, { rank = null, total = null, par = null, streak = null, league = null } = {}) {
  const figures = [
    rank ? `🏆 ${rank}/${total}` : null,
    `🃏 ${game.cards}/52`,
    `🎯 ${game.actions}${par != null && game.won ? ` (${againstPar(game.actions, par)})` : ""}`,
    `⏱ ${clock(game.elapsed)}`,
    streak ? `🔥 ${streak}` : null,
  ].filter(Boolean);
  const text = `Canfield Arena ${boardPhrase(game.board)}\n${shareGrid(game.state && game.state.foundations)}\n${figures.join(" · ")}`;
  // Shared from a league (its page opened the game, `pages/league.js`): the league's invite link, to join it.
  return league && league.url ? `${text}\n${league.name}: ${league.url}` : text;
}

/** The league whose page the player came from to play (`pages/league.js`, kept for the tab), or null. */
function sharedFrom() {
  try {
    return JSON.parse(window.sessionStorage.getItem("canfield.league") || "null");
  } catch {
    return null;
  }
}

/** What the card needs besides the game: its standing, the pars, the streak, the next deal. */
async function readResults(game) {
  const who = game.bot ? "bots" : "humans";
  const me = encodeURIComponent(table.me.username);
  const quietly = (promise) => promise.catch(() => null);
  const [board, around, stats, daily] = await Promise.all([
    quietly(api("GET", endpoints.board(game.board, `?limit=1&who=${who}`))),
    quietly(api("GET", endpoints.board(game.board, `?around=${me}&limit=1&who=${who}`))),
    quietly(api("GET", endpoints.playerStats(table.me.username))),
    quietly(api("GET", endpoints.daily)),
  ]);
  const mine = around && around.entries.find((entry) => entry.player === table.me.username);
  return {
    rank: mine ? mine.rank : null,
    total: around ? around.total : board ? board.total : null,
    held: board ? board.own_held : null,
    par: board ? board.par : null,
    tablePar: board ? board.table_par : null,
    streak: stats ? streakWith(stats.streak, game) : null,
    daily,
  };
}

/** The current streak with this game's day in it: a game just played counts at once (its day
 * may not be in the record read a moment before the game's last action reached it). */
export function streakWith(streak, game) {
  const day = game.daily;
  if (!day || !game.seq || (streak.last_day && streak.last_day >= day)) return streak.current;
  const before = new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  return streak.last_day === before ? streak.current + 1 : 1;
}

const fact = (label, ...value) => h("div", {}, h("dt", {}, label), h("dd", {}, ...value));

function render(game, found) {
  const ending = gameEnding(game);
  const title = { won: gettext("You won this daily deal"), resigned: gettext("You resigned this daily deal"),
    closed: gettext("The close ended your game") }[ending];
  const actions = [format(ngettext("%(count)s action", "%(count)s actions", game.actions), { count: game.actions })];
  // Par is a winning line's length: a won game stands against it, an unfinished one beside it.
  if (found.par != null) {
    actions.push(h("small", { id: "results-par" }, ` ${game.won
      ? format(gettext("par %(par)s, %(against)s"), { par: found.par, against: againstPar(game.actions, found.par) })
      : format(gettext("par %(moves)s"), { moves: found.par })}`));
  }
  const rank = found.loading ? "…" : found.held ? gettext("held for review")
    : found.rank ? format(gettext("%(rank)s of %(total)s"), { rank: found.rank, total: found.total }) : gettext("not ranked yet");
  const share = shareText(game, { rank: found.rank, total: found.total, par: found.par, streak: found.streak, league: sharedFrom() });
  const countdown = h("time", { id: "results-next" }, "--:--:--");
  const copy = h("button", { type: "button", id: "results-copy" }, gettext("Copy"));
  const text = h("pre", { id: "results-share", class: "share-grid" }, share);
  byId("results").replaceChildren(
    h("h2", { id: "results-title" }, title),
    h("dl", { class: "results-facts" },
      fact(gettext("Rank"), h("span", { id: "results-rank" }, rank)),
      fact(gettext("Cards"), h("span", { id: "results-cards" }, `${game.cards}/52`)),
      fact(gettext("Actions"), h("span", { id: "results-actions" }, ...actions)),
      fact(gettext("Time"), h("span", { id: "results-time" }, clock(game.elapsed))),
      fact(gettext("Streak"), h("span", { id: "results-streak" }, found.loading ? "…" : found.streak == null ? "—"
        : format(ngettext("%(count)s day", "%(count)s days", found.streak), { count: found.streak })))),
    // What seeing only the table costs: a sentence, the card's whole width (in a fact's cell,
    // a quarter of it, it stood a word a line).
    found.tablePar ? h("p", { class: "results-table-par" }, found.tablePar.detail) : "",
    h("div", { class: "results-share" }, text, copy),
    h("p", { class: "results-next" }, ...formatNodes(gettext("Next deal in %(countdown)s (00:00 UTC)."), { countdown })),
  );
  wireCopy(copy, text);
  if (table.nextDeal) table.nextDeal();
  table.nextDeal = found.daily ? startCountdown(countdown, found.daily) : null;
}

/** Show the results card for the player's own ranked game once it has ended (read once per
 * ending); nothing for a game in play, an open deal's, or someone else's. */
export async function showResults(game) {
  const node = byId("results");
  const ending = gameEnding(game);
  const shown = table.owner && game.daily && ending;
  if (!shown) {
    node.hidden = true;
    return;
  }
  const key = `${game.id}:${ending}:${game.seq}`;
  if (node.dataset.key === key) return;
  node.dataset.key = key;
  node.dataset.ending = ending;
  render(game, { loading: true, par: null, streak: null, daily: null }); // its own figures at once
  node.hidden = false;
  render(game, await readResults(game));
}
