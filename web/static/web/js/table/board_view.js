// The table's view of its game: the felt, the figures and the clock, the controls a player may
// use now, the board's name and the ranked game's note, and what the status line says about
// someone else's game. Drawn again from each answer of the server: the game as it stands.
import { api, endpoints, pages } from "../api.js";
import { GameClock } from "../clock.js";
import { boardLabel, startCountdown } from "../daily.js";
import { byId, h } from "../dom.js";
import { format, formatNodes, gettext } from "../i18n.js";
import { playerName } from "../session.js";
import { renderState, renderStats } from "../table_view.js";
import { showWin } from "../win.js";
import { actionCount, cardCount, moveWords, pointCount, statusWords } from "../words.js";
import { playable, status, table } from "./context.js";
import { showEnding } from "./ending.js";
import { startBoard } from "./live_panel.js";
import { showResults } from "./results.js";

/** Show a game (API game JSON) and everything that depends on it. */
export function showGame(game, { from = null } = {}) {
  const wasWon = table.game && table.game.won;
  const wasResigned = table.game && table.game.status === "resigned";
  table.game = game;
  table.owner = Boolean(table.me) && playerName(game.player) === table.me.username;
  const canPlay = playable();
  const focused = focusedPlace();
  renderState(game.state, { interactive: canPlay, from });
  renderStats(game);
  table.clock.show(game);
  showFinish(canPlay ? game.finish || [] : []);
  showBoardName(game.board, game.code);
  byId("replay-link").href = pages.replay(game.id);
  document.title = `${game.code || boardLabel(game.board)} · ${pointCount(game.score)}`;
  showRanked(game);
  showEnding(game);
  showResults(game);
  showControls(game, canPlay);
  refocus(focused);
  sayWhoseGame(game, { wasWon, wasResigned });
  table.gameLoaded = true;
  startBoard(game.board, { closed: Boolean(game.daily) && !game.sealed });
}

/** Read the game again and show it (another tab moved it on, or its day closed). */
export async function reload() {
  showGame(await api("GET", endpoints.game(table.game.id)));
}

/** The buttons and the move box: enabled for what the player may do now. */
function showControls(game, canPlay) {
  byId("undo-button").disabled = !canPlay || !(game.legal_moves || []).includes("undo");
  // The Move box takes nothing once the game cannot move: its field, its button, its look.
  byId("move-input").disabled = !canPlay;
  byId("move-form").querySelector("button[type=submit]").disabled = !canPlay;
  byId("move-form").classList.toggle("inactive", !canPlay);
  byId("hint-button").disabled = !canPlay;
  // A ranked daily game takes no hints: no button (the server would refuse: ranked_daily).
  byId("hint-button").hidden = Boolean(game.daily);
  byId("hint-note").hidden = Boolean(game.daily);
  // A game with no action has nothing to resign (the server refuses: nothing_to_resign).
  byId("resign-button").disabled = !canPlay || !game.seq;
  if (!canPlay && table.resign) table.resign.disarm();
  byId("assisted-badge").hidden = !game.assisted;
  renderLegalMoves(canPlay ? game.legal_moves || [] : []);
}

/** The status line of a game that is not the player's, or is over: whose, and what happened. */
function sayWhoseGame(game, { wasWon, wasResigned }) {
  if (!table.owner) {
    status(format(gettext("%(name)s's game (%(status)s). You are watching."),
      { name: playerName(game.player), status: statusWords(game.status) }));
  } else if (game.status === "resigned") {
    status(gettext("This game was resigned."));
  }
  if (game.won && !wasWon && table.gameLoaded) {
    if (table.owner) showWin(game, table.me.username);
    else {
      status(format(gettext("%(name)s won: all 52 cards home in %(actions)s."),
        { name: playerName(game.player), actions: actionCount(game.actions) }));
    }
  } else if (!table.owner && game.status === "resigned" && !wasResigned && table.gameLoaded) {
    status(format(gettext("%(name)s resigned this game with %(cards)s home and %(points)s. You are watching."),
      { name: playerName(game.player), cards: cardCount(game.cards), points: pointCount(game.score) }));
  }
}

/**
 * Where the keyboard focus is, in terms that outlive a redraw: the felt and the chips are drawn
 * anew after every move, and a keyboard player's focus must not fall back to the page.
 */
function focusedPlace() {
  const node = document.activeElement;
  if (!node || node === document.body) return null;
  if (byId("felt").contains(node)) {
    return { card: node.dataset.card, id: node.id, source: node.dataset.source };
  }
  if (node.dataset.token) return { token: node.dataset.token };
  return { node };
}

/** Focus what had it before the redraw: the same card (wherever it went), else its old pile's top. */
function refocus(place) {
  if (!place || (place.node && place.node.isConnected && !place.node.disabled)) return;
  const felt = byId("felt");
  const candidates = [
    place.card && felt.querySelector(`button[data-card="${place.card}"]`),
    place.id && byId(place.id),
    place.token && byId("legal-moves").querySelector(`[data-token="${place.token}"]`),
    place.source && [...felt.querySelectorAll(`button[data-source="${place.source}"]`)].pop(),
    place.source && byId("stock-card"),
  ];
  const target = candidates.find((node) => node && node.tagName === "BUTTON" && !node.disabled);
  if (target) target.focus({ preventScroll: true });
}

/** The game's board in the bar: its code, or the daily board's name while it is sealed. */
export function showBoardName(board, code) {
  const link = byId("game-code");
  link.textContent = code || boardLabel(board);
  link.href = pages.board(board);
  link.setAttribute("aria-label", code ? gettext("Deal code, open its leaderboard") : gettext("Daily board, open its leaderboard"));
  byId("live-full").href = pages.board(board);
}

/** A ranked daily game: whose and which day, the countdown while sealed, practice once over. */
function showRanked(game) {
  const note = byId("ranked-note");
  note.hidden = !game.daily;
  byId("practice").hidden = !(game.daily && table.owner && game.status !== "playing");
  if (!game.daily) return;
  if (note.dataset.game === `${game.id}:${game.sealed}`) return;
  note.dataset.game = `${game.id}:${game.sealed}`;
  const countdown = h("time", { id: "countdown" }, "--:--:--");
  const values = { day: h("strong", { id: "ranked-day" }, game.daily), draw: game.draw, name: playerName(game.player) };
  note.replaceChildren(
    ...formatNodes(table.owner ? gettext("Your ranked game of %(day)s, draw %(draw)s.")
      : gettext("%(name)s's ranked game of %(day)s, draw %(draw)s."), values), " ",
    ...(game.sealed
      ? [...formatNodes(gettext("The deal stays sealed until the board closes in %(countdown)s:"
        + " no code, the face-down cards unseen, no hints; one game, no restart."), { countdown }), " ",
      // The ranking's time is the server's from the game's start: a tab left open counts.
      h("span", { id: "time-away" }, gettext("Time away counts: the clock runs from the game's start until its last action."))]
      : [gettext("Its day has closed: the board is final.")]),
  );
  if (table.countdown) table.countdown();
  table.countdown = game.sealed ? startCountdown(countdown, game, {
    onClosed: () => {
      status(gettext("The day has closed: this board is final, and its deal is an open code now."));
      // Read the game again a little after the close (clocks differ): it shows its code then.
      setTimeout(() => { table.queue.run(reload).catch(() => false); }, 2000);
    },
  }) : null;
}

/** The Finish button: offered when the server's `finish` line is (every card left can go home). */
function showFinish(line) {
  const button = byId("finish-button");
  button.hidden = !line.length;
  byId("finish-note").hidden = !line.length;
  button.disabled = table.finishing;
  button.setAttribute("aria-label", format(gettext("Finish: play %(moves)s"), { moves: line.join(" ") }));
}

/** The legal moves as chips (a press plays one: the input's job, see input.js). */
function renderLegalMoves(tokens) {
  const node = byId("legal-moves");
  const shown = tokens.filter((token) => token !== "undo");
  node.replaceChildren(
    shown.length ? `${gettext("Legal moves:")} ` : "",
    ...shown.map((token) => h("button", {
      type: "button", class: "chip", dataset: { token },
      "aria-label": format(gettext("Play %(move)s"), { move: moveWords(token, table.game && table.game.state) }),
    }, token)),
  );
}

/**
 * The notes above the felt (the ranked game's, and a fair-play hold's for its owner) take
 * height the cards must leave them (the stylesheet sizes them from the screen's height less
 * `--note`).
 */
function watchNoteHeight() {
  const notes = [byId("ranked-note"), byId("held-note"), byId("game-ended")].filter(Boolean);
  const height = (note) => note.hidden ? 0
    : note.offsetHeight + (parseFloat(getComputedStyle(note).marginBottom) || 0);
  const measure = () => {
    const total = notes.reduce((sum, note) => sum + height(note), 0);
    byId("felt").style.setProperty("--note", `${total}px`);
  };
  const observer = new ResizeObserver(measure);
  notes.forEach((note) => observer.observe(note));
  measure();
}

/** Once, before any game is shown: the notes' height and the game's clock. */
export function wireBoardView() {
  watchNoteHeight();
  table.clock = new GameClock(byId("stat-time"));
}
