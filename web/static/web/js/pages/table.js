// The table: play one game over its socket (REST while the socket is down), watch the
// deal's board live.
import { api, ApiError, endpoints, pageData, pages } from "../api.js";
import { renderBoardList, renderLiveState } from "../board_list.js";
import { GameClock } from "../clock.js";
import { boardLabel, startCountdown } from "../daily.js";
import { byId, h, say } from "../dom.js";
import { enableDrag } from "../drag.js";
import { GameSocket } from "../game_socket.js";
import { askForAccount, guestNote, isGuest, needsAccount, offerGuestGame } from "../guests.js";
import { describeHint, fetchHint, highlightHint } from "../hints.js";
import { format, formatNodes, gettext } from "../i18n.js";
import { LiveBoard } from "../live.js";
import { parseTyped } from "../moves.js";
import { CONFIRM_MS, confirmTwice, postResign } from "../resign.js";
import { initAccount, openAccountDialog, playerName } from "../session.js";
import { renderState, renderStats } from "../table_view.js";
import { afterLiveMessage, isNews } from "../watching.js";
import { showWin, wireWin } from "../win.js";
import { capitalised, cardCount, moveCount, moveWords, pointCount, reasonText, statusWords } from "../words.js";

const DOUBLE_CLICK_KEY = "canfield.doubleClick";

const table = {
  game: null,
  me: null,
  owner: false,
  queue: Promise.resolve(),
  pending: 0, // queued API calls not answered yet
  board: null,
  resign: null, // the Resign button's two-press control
  countdown: null, // stops the sealed game's countdown
  clock: null, // the game's time (GameClock)
  finishing: false, // the Finish button's line is being played
  socket: null, // the game's socket (GameSocket): its live messages, and our moves
};

function status(message, kind = "info") {
  say(byId("status"), message, kind);
}

function doubleClick() {
  return localStorage.getItem(DOUBLE_CLICK_KEY) !== "off";
}

/** Show a game (API game JSON) and everything that depends on it. */
function showGame(game, { from = null } = {}) {
  const wasWon = table.game && table.game.won;
  const wasResigned = table.game && table.game.status === "resigned";
  table.game = game;
  table.owner = Boolean(table.me) && playerName(game.player) === table.me.username;
  const playable = table.owner && game.status === "playing";
  const focused = focusedPlace();
  renderState(game.state, { interactive: playable, from });
  renderStats(game);
  table.clock.show(game);
  showFinish(playable ? game.finish || [] : []);
  showBoardName(game.board, game.code);
  byId("replay-link").href = pages.replay(game.id);
  document.title = `${game.code || boardLabel(game.board)} · ${pointCount(game.score)}`;
  showRanked(game);
  const undo = byId("undo-button");
  undo.disabled = !playable || !(game.legal_moves || []).includes("undo");
  byId("move-input").disabled = !playable;
  byId("hint-button").disabled = !playable;
  // A ranked daily game takes no hints: no button (the server would refuse: ranked_daily).
  byId("hint-button").hidden = Boolean(game.daily);
  byId("hint-note").hidden = Boolean(game.daily);
  // A game with no action has nothing to resign (the server refuses: nothing_to_resign).
  byId("resign-button").disabled = !playable || !game.seq;
  if (!playable && table.resign) table.resign.disarm();
  byId("assisted-badge").hidden = !game.assisted;
  renderLegalMoves(playable ? game.legal_moves || [] : []);
  refocus(focused);
  if (!table.owner) {
    status(format(gettext("%(name)s's game (%(status)s). You are watching."),
      { name: playerName(game.player), status: statusWords(game.status) }));
  } else if (game.status === "resigned") {
    status(gettext("This game was resigned."));
  }
  if (game.won && !wasWon && table.gameLoaded) {
    if (table.owner) showWin(game, table.me.username);
    else {
      status(format(gettext("%(name)s won: all 52 cards home in %(moves)s."),
        { name: playerName(game.player), moves: moveCount(game.moves) }));
    }
  } else if (!table.owner && game.status === "resigned" && !wasResigned && table.gameLoaded) {
    status(format(gettext("%(name)s resigned this game with %(cards)s home and %(points)s. You are watching."),
      { name: playerName(game.player), cards: cardCount(game.cards), points: pointCount(game.score) }));
  }
  table.gameLoaded = true;
  startBoard(game.board);
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
function showBoardName(board, code) {
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
      ? formatNodes(gettext("The deal stays sealed until the board closes in %(countdown)s:"
        + " no code, the face-down cards unseen, no hints; one game, no restart."), { countdown })
      : [gettext("Its day has closed: the board is final.")]),
  );
  if (table.countdown) table.countdown();
  table.countdown = game.sealed ? startCountdown(countdown, game.closes_at, {
    onClosed: () => {
      status(gettext("The day has closed: this board is final, and its deal is an open code now."));
      // Read the game again a little after the close (clocks differ): it shows its code then.
      setTimeout(() => { enqueue(reload).catch(() => false); }, 2000);
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

/**
 * Play the server's finishing line, one ordinary action after another (each checked by the
 * server, each in the log), queued like any move, stopping at the first one refused. Only ever
 * on the player's press.
 */
function finish() {
  const line = [...((table.game && table.game.finish) || [])];
  if (!line.length || table.finishing) return Promise.resolve(false);
  table.finishing = true;
  byId("finish-button").disabled = true;
  return enqueue(async () => {
    try {
      for (const token of line) {
        if (!(await send({ action: token }, null))) return false;
      }
      return true;
    } finally {
      table.finishing = false;
      byId("finish-button").disabled = false;
    }
  });
}

function renderLegalMoves(tokens) {
  const node = byId("legal-moves");
  const shown = tokens.filter((token) => token !== "undo");
  node.replaceChildren(
    shown.length ? `${gettext("Legal moves:")} ` : "",
    ...shown.map((token) => h("button", {
      type: "button", class: "chip", dataset: { token },
      "aria-label": format(gettext("Play %(move)s"), { move: moveWords(token, table.game && table.game.state) }),
      onclick: () => play({ action: token }),
    }, token)),
  );
}

/**
 * Queue `task` behind the calls before it (each action carries the seq of the one before) and
 * show the pending state while any queued call is unanswered; resolves to the task's result.
 */
function enqueue(task) {
  table.pending += 1;
  showPending();
  const result = table.queue.then(task);
  table.queue = result.catch(() => false).finally(() => {
    table.pending -= 1;
    showPending();
  });
  return result;
}

function showPending() {
  const busy = table.pending > 0;
  byId("pending").hidden = !busy;
  byId("felt").setAttribute("aria-busy", String(busy));
}

/** Send one action, queued. A card tap made while others were pending is dropped if the card
 * has left the place it was tapped at meanwhile (its tap was for a position that is gone). */
function play(body, { from = null } = {}) {
  const place = body.tap && body.tap !== "stock" ? cardPlace(body.tap) : null;
  return enqueue(() => (place !== null && cardPlace(body.tap) !== place ? false : send(body, from)));
}

function cardPlace(card) {
  const node = byId("felt").querySelector(`button[data-card="${card}"]`);
  return node ? node.dataset.source || "" : "";
}

async function send(body, from) {
  if (!table.game || !table.owner || table.game.status !== "playing") return false;
  try {
    // `seq` is the number this action is to get: a stale one (another tab played) is refused.
    const before = table.game.state;
    const game = await post({ ...body, seq: table.game.seq + 1 });
    status(describeAction(body, game, before));
    showGame(game, { from });
    return true;
  } catch (error) {
    await explain(error);
    return false;
  }
}

/** A socket's refusals that may only mean its player is not the session's any more. */
const STALE_PLAYER = new Set(["not_owner", "not_your_game", "player_gone"]);

/**
 * One action, over the game's socket while it is open, else over REST: the same answer, the
 * same refusals. A move the socket may have delivered before it went down is stored already:
 * REST then calls its seq stale, and the game as it stands is the answer. The socket knows the
 * player of the session it opened with: refused as not the owner, the move goes over REST
 * (another tab may have signed in since, taking the guest's games along), and the socket opens
 * again with the session as it is now.
 */
async function post(move) {
  const online = table.socket ? table.socket.move(move) : null;
  let acked = null;
  try {
    acked = online ? await online : null;
  } catch (error) {
    if (!(error instanceof ApiError && STALE_PLAYER.has(error.code))) throw error;
    followGame(table.game.id);
  }
  if (acked) return acked;
  try {
    return await api("POST", endpoints.actions(table.game.id), move);
  } catch (error) {
    if (online && error instanceof ApiError && error.code === "stale_seq") {
      return api("GET", endpoints.game(table.game.id));
    }
    throw error;
  }
}

/** The status after a move: the move in words (its card from the position `before` it). */
function describeAction(body, game, before) {
  const last = (game.action && game.action.token) || body.action || "";
  return last ? capitalised(format(gettext("%(move)s: %(points)s, %(cards)s home."),
    { move: moveWords(last, before), points: pointCount(game.score), cards: cardCount(game.cards) })) : "";
}

async function explain(error) {
  if (!(error instanceof ApiError)) {
    status(gettext("Something went wrong. Try again."), "error");
    return;
  }
  if (error.status === 409) {
    await reload();
    status(error.code === "game_finished"
      ? format(gettext("This game is over (%(status)s), maybe in another tab: it has been reloaded."),
        { status: statusWords(error.data.status || table.game.status) })
      : gettext("This game moved on elsewhere (another tab?): it has been reloaded."), "error");
  } else if (error.status === 401 || (error.status === 403 && !table.me)) {
    openAccountDialog("signin", gettext("Sign in to play."));
  } else {
    // A refused move is said from the engine's reason code, in the reader's language.
    status(reasonText(error.data.reason) || error.data.detail || error.message, "error");
  }
}

async function reload() {
  showGame(await api("GET", endpoints.game(table.game.id)));
}

/** Ask for a hint once the queued moves are sent, so it is for the position shown. */
function askHint() {
  enqueue(async () => {
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
      button.disabled = !(table.owner && table.game.status === "playing");
    }
  });
}

/** Resign once the queued moves are sent, with the seq that follows them. */
function resign() {
  enqueue(async () => {
    if (!table.game || !table.owner || table.game.status !== "playing") return;
    try {
      const game = await postResign(table.game.id, table.game.seq + 1);
      showGame(game);
      status(format(gettext("You resigned this game with %(cards)s home and %(points)s: no more moves can be made."),
        { cards: cardCount(game.cards), points: pointCount(game.score) }));
    } catch (error) {
      await explain(error);
    }
  });
}

function wireResign() {
  table.resign = confirmTwice(byId("resign-button"), {
    armedText: gettext("Confirm resign"),
    onArm: () => status(format(gettext("Press \"Confirm resign\" within %(seconds)s seconds to end this game for good:"
      + " it cannot be undone."), { seconds: CONFIRM_MS / 1000 })),
    onDisarm: () => status(gettext("Not resigned: the game goes on.")),
    onConfirm: resign,
  });
}

function tap(card) {
  return play({ tap: card, double_click: doubleClick() });
}

function onFeltClick(event) {
  if (!table.owner || table.game.status !== "playing") return;
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

/** The part of a board the player ranks in: a declared bot's games rank among the bots. */
function ownPartition() {
  return table.me && table.me.bot ? "bots" : "humans";
}

/** Below the top entries, where the player stands when they are not among them. */
async function showMyRank(entries) {
  const node = byId("live-me");
  const me = table.me && table.me.username;
  if (!me || entries.some((entry) => entry.player === me)) {
    node.hidden = true;
    return;
  }
  try {
    const data = await api("GET", endpoints.board(table.board.board, `?around=${encodeURIComponent(me)}&limit=1&who=${ownPartition()}`));
    const mine = data.entries.find((entry) => entry.player === me);
    node.hidden = !mine;
    if (mine) {
      node.textContent = format(gettext("You: #%(rank)s of %(total)s, %(cards)s, %(points)s"),
        { rank: mine.rank, total: data.total, cards: cardCount(mine.cards), points: pointCount(mine.score) });
    }
  } catch {
    node.hidden = true;
  }
}

function startBoard(board) {
  if (table.board && table.board.board === board) return;
  if (table.board) table.board.stop();
  const list = byId("live-entries");
  let rankTimer = null;
  table.board = new LiveBoard(board, {
    limit: 10,
    who: ownPartition(),
    onChange: ({ entries, changed }) => {
      renderBoardList(list, entries, { me: table.me && table.me.username, changed });
      // My own change: soon. Someone else's (they may have passed me): at most every 5 s,
      // so a busy board does not turn every watcher into a stream of REST reads.
      const mine = changed && table.me && changed === table.me.username;
      if (rankTimer && !mine) return;
      clearTimeout(rankTimer);
      rankTimer = setTimeout(() => { rankTimer = null; showMyRank(table.board.entries); }, mine || !changed ? 400 : 5000);
    },
    onState: (state) => renderLiveState(byId("live-state"), state),
  }).start();
}

/**
 * Follow the game over its WebSocket, which also carries the owner's moves. Spectators draw
 * each pushed state; the owner only uses them to notice moves made in another tab or device,
 * and then re-reads the game (queued behind its own actions, so seqs stay in order).
 */
function followGame(gameId) {
  if (table.socket) table.socket.stop();
  table.socket = new GameSocket(gameId, {
    onMessage: (message) => {
      if (!table.game || !isNews(table.game, message)) return;
      if (table.owner) {
        enqueue(async () => {
          if (message.seq > table.game.seq) {
            await reload();
            status(gettext("Updated with a move made elsewhere (another tab?)."));
          }
        }).catch(() => false);
        return;
      }
      showGame(afterLiveMessage(table.game, message));
    },
  }).start();
}

async function openGame(page) {
  if (page.game) return api("GET", endpoints.game(page.game));
  if (!table.me) {
    if (page.preview) {
      renderState(page.preview, { interactive: false });
      renderStats(page.preview);
      showBoardName(page.code, page.code);
    }
    // No dialog: the Play button starts the game, as a guest (never the page view itself).
    offerGuestGame(byId("status"), page.code, {
      onStarted: (game, user) => {
        table.me = user;
        window.history.replaceState(null, "", pages.game(game.id));
        showGame(game);
        followGame(game.id);
        if (isGuest(user)) status(guestNote(user));
      },
      onError: (error) => status(error.data && error.data.detail ? error.data.detail : error.message, "error"),
    });
    return null;
  }
  const resumed = await resumable(page.code);
  const game = resumed ? await api("GET", endpoints.game(resumed.id))
    : await api("POST", endpoints.games, { code: page.code });
  window.history.replaceState(null, "", pages.game(game.id));
  return game;
}

/** The player's latest unfinished game of `code` (its board), so reopening a deal resumes it. */
async function resumable(code) {
  try {
    const profile = await api("GET", endpoints.player(table.me.username));
    const games = profile.games;
    return games
      .filter((game) => game.board === code && game.status === "playing")
      .sort((a, b) => b.id - a.id)[0] || null;
  } catch {
    return null;
  }
}

function wireNewGame() {
  const dialog = byId("new-game-dialog");
  const form = byId("new-game-form");
  const error = form.querySelector(".form-error");
  byId("new-game-button").addEventListener("click", () => {
    say(error, "");
    dialog.showModal();
  });
  wireWin({ onNewGame: () => byId("new-game-button").click() });
  byId("practice-random").addEventListener("click", () => startGame({ draw: table.game ? table.game.draw : 3 }, error));
  form.querySelector("[data-close]").addEventListener("click", () => dialog.close());
  form.code.addEventListener("focus", () => { form.deal.value = "code"; });
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const draw = Number(form.draw.value);
    const body = form.deal.value === "code" ? { code: form.code.value.trim().toUpperCase() }
      : form.deal.value === "daily" ? { daily: `D${draw}` } : { draw };
    await startGame(body, error);
  });
}

/** Start (or, for today's ranked deal, resume) a game and open it; errors go to `errorNode`. */
async function startGame(body, errorNode) {
  try {
    const game = await api("POST", endpoints.games, body);
    window.location.assign(pages.game(game.id));
  } catch (problem) {
    if (needsAccount(problem)) {
      byId("new-game-dialog").close();
      askForAccount();
      return;
    }
    const message = problem.data ? problem.data.detail || problem.message : problem.message;
    if (errorNode.closest("dialog[open]")) say(errorNode, message, "error");
    else status(message, "error");
  }
}

/** The notes above the felt (the ranked game's, and a fair-play hold's for its owner) take
 * height the cards must leave them (the stylesheet sizes them from the screen's height less
 * `--note`). */
function watchNoteHeight() {
  const notes = [byId("ranked-note"), byId("held-note")].filter(Boolean);
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

function wireControls() {
  watchNoteHeight();
  table.clock = new GameClock(byId("stat-time"));
  byId("finish-button").addEventListener("click", finish);
  const felt = byId("felt");
  felt.addEventListener("click", onFeltClick);
  enableDrag(
    felt,
    (token, rects) => play({ action: token }, { from: rects }),
    (token) => Boolean(table.game && (table.game.legal_moves || []).includes(token)),
  );
  byId("undo-button").addEventListener("click", () => play({ action: "undo" }));
  byId("hint-button").addEventListener("click", askHint);
  wireResign();
  const setting = byId("double-click");
  setting.checked = doubleClick();
  setting.addEventListener("change", () => {
    localStorage.setItem(DOUBLE_CLICK_KEY, setting.checked ? "on" : "off");
    status(setting.checked ? gettext("Double click on: a tapped card goes to a column when no foundation takes it.")
      : gettext("Double click off: a tapped card only goes to its foundation."));
  });
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
    if (body.tap && body.tap !== "stock") body.double_click = doubleClick();
    if (await play(body)) input.value = "";
    input.focus();
  });
  document.addEventListener("keydown", (event) => {
    const typing = event.target.closest && event.target.closest("input, textarea");
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "z" && !typing) {
      event.preventDefault();
      play({ action: "undo" });
    }
  });
}

async function main() {
  table.me = await initAccount();
  wireControls();
  wireNewGame();
  const page = pageData();
  if (page.code) startBoard(page.code);
  try {
    const game = await openGame(page);
    if (!game) return;
    showGame(game);
    followGame(game.id);
    if (isGuest(table.me) && table.owner) status(guestNote(table.me));
  } catch (error) {
    status(error.data && error.data.detail ? error.data.detail : error.message, "error");
  }
}

main();
