// Home is the game: the table at the top, with the signed-in player's ranked daily on it (face
// down until their first tap deals it) or a practice deal a first tap makes theirs. Below it,
// today's two sealed daily boards (no codes: they are told when the day closes) with their
// live top entries and a Play / Resume button for the ranked games, and the code box.
import { api, endpoints, pageData, pages } from "../api.js";
import { ownHeldEntry, renderBoardList } from "../board_list.js";
import { startCountdown } from "../daily.js";
import { commitmentItem } from "../commitments.js";
import { difficultyNode } from "../difficulty.js";
import { byId, h, say } from "../dom.js";
import { LiveBoard } from "../live.js";
import { askForAccount, guestNote, isGuest, needsAccount, startOpenGame } from "../guests.js";
import { initAccount } from "../session.js";
import { showBoardName } from "../table/board_view.js";
import { status, table } from "../table/context.js";
import { faceDownDeal, offerDeal } from "../table/first_tap.js";
import { startBoard } from "../table/live_panel.js";
import { playOn, wireTable } from "../table/start.js";
import { format, formatDate, formatNodes, gettext } from "../i18n.js";
import { moveCount, playerCount } from "../words.js";

function showPlayers(panel, count) {
  panel.querySelector("[data-players]").textContent = `· ${playerCount(count)}`;
}

/** While a board's table par is pending (a fresh server's referee is still computing it),
 * home asks again this often and shows the tier once it is there, without a reload. */
const PENDING_RECHECK_MS = 30000;

/** A board's expected tier, or that it is being worked out, or nothing. */
function showDifficulty(panel, board) {
  const difficulty = difficultyNode(null, board.expected, board.table_par_status);
  panel.querySelector("[data-difficulty]").replaceChildren(...(difficulty ? ["· ", difficulty] : []));
}

function recheckWhilePending(daily) {
  if (!Object.values(daily.boards).some((board) => board && board.table_par_status === "pending")) return;
  setTimeout(async () => {
    let fresh = daily;
    try {
      fresh = await api("GET", endpoints.daily);
    } catch {
      // asked again after the next pause
    }
    if (fresh.date !== daily.date) return;  // a new day: the page already says to reload
    for (const panel of document.querySelectorAll(".daily-deal")) {
      const board = fresh.boards[panel.dataset.mode];
      if (board) showDifficulty(panel, board);
    }
    recheckWhilePending(fresh);
  }, PENDING_RECHECK_MS);
}

/** One mode's panel: its board, par and players, its live top, the ranked game's button. */
function showBoard(panel, daily, user, mine) {
  panel.querySelector("[data-played]").dataset.total = daily.entries;
  const mode = panel.dataset.mode;
  const link = panel.querySelector("[data-board]");
  link.textContent = daily.board;
  link.href = pages.board(daily.board);
  const parNode = panel.querySelector("[data-par]");
  const parPending = daily.par == null && daily.par_status === "pending";  // the optimiser at work
  parNode.hidden = daily.par == null && !parPending;
  parNode.textContent = daily.par != null ? `· ${format(gettext("par %(moves)s"), { moves: moveCount(daily.par) })}`
    : parPending ? `· ${gettext("par: being worked out…")}` : "";
  showDifficulty(panel, daily);
  let players = daily.entries;
  showPlayers(panel, players);
  const button = panel.querySelector("[data-play]");
  const draw = mode[1];
  button.textContent = format(!mine ? gettext("Play draw %(draw)s")
    : mine.status === "playing" ? gettext("Resume draw %(draw)s") : gettext("Your draw %(draw)s game"), { draw });
  button.disabled = false;
  panel.querySelector("[data-signin]").hidden = Boolean(user) && !isGuest(user);
  showPlayed(panel.querySelector("[data-played]"), mine);
  button.addEventListener("click", () => playRanked(panel, user));
  const list = panel.querySelector("[data-entries]");
  let held = null;
  let shown = [];
  const render = (changed = null) => renderBoardList(list, shown,
    { me: user && user.username, changed, held, empty: gettext("No one has played it yet: be the first.") });
  // The player's own held game is on no board: the mini-board lists it for them, unranked.
  if (mine && mine.held) ownHeldEntry(daily.board, "all").then((entry) => { held = entry; render(); });
  new LiveBoard(daily.board, {
    limit: 5,
    onChange: ({ entries, total, changed }) => {
      shown = entries;
      render(changed);
      if (total > players) showPlayers(panel, (players = total));
    },
  }).start();
}

/** Start the ranked game of the panel's mode (or get the one the player has), then open it. */
async function playRanked(panel, user) {
  const error = panel.querySelector("[data-error]");
  if (!user || isGuest(user)) {
    askForAccount(panel.dataset.mode);
    return;
  }
  const button = panel.querySelector("[data-play]");
  button.disabled = true;
  try {
    const game = await api("POST", endpoints.games, { daily: panel.dataset.mode });
    window.location.assign(pages.game(game.id));
  } catch (problem) {
    button.disabled = false;
    if (needsAccount(problem)) return askForAccount(panel.dataset.mode);
    say(error, format(gettext("Could not start the game: %(error)s"), { error: problem.message }), "error");
  }
}

/**
 * "You played today: rank 12 of 340", from the server's rank of the player's own entry (the
 * daily answer carries it for their own game only), with a link back to the game.
 */
function showPlayed(node, mine) {
  const held = Boolean(mine && mine.held);
  node.hidden = !mine || (mine.rank == null && !held);
  if (node.hidden) return;
  node.replaceChildren(
    // A game held for a fair-play review has no rank: its owner is told why, in words.
    held ? mine.held_reason.detail
      : format(gettext("You played today: rank %(rank)s of %(total)s."), { rank: mine.rank, total: node.dataset.total }),
    " ",
    h("a", { href: pages.game(mine.id), dataset: { game: mine.id } },
      mine.status === "playing" ? gettext("Back to your game") : gettext("See your game")),
  );
}

function wireCodeBox() {
  // A newcomer needs no code and no account: a random deal, as a guest (made by this click).
  byId("random-deal").addEventListener("click", () =>
    startOpenGame({ draw: 3 }).catch((problem) => say(byId("code-error"), problem.message, "error")));
  const form = byId("code-form");
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    // No format check here: the engine is the one place that knows what a code is, and
    // the page for a bad code explains what is wrong with it.
    const code = form.code.value.trim();
    if (!code) {
      say(byId("code-error"), gettext("Type a code such as CF1-D3-ABCDEFG, or a CF2 layout code."), "error");
      return;
    }
    const target = event.submitter && event.submitter.value === "board" ? pages.board(code) : pages.play(code);
    window.location.assign(target);
  });
}

/** Today's and tomorrow's commitments: each deal is fixed before anyone plays it. */
function showCommitments(daily) {
  const days = [daily, daily.next].filter(Boolean);
  byId("daily-commitments-list").replaceChildren(...days.flatMap((day) =>
    Object.entries(day.boards).map(([mode, board]) => commitmentItem(
      format(gettext("%(day)s, draw %(draw)s"), { day: formatDate(day.date), draw: mode.slice(1) }),
      board.commitment))));
  byId("daily-commitments").hidden = false;
}

const MODES = ["D3", "D1"];

/** The modes in the order home offers them: the one sign-up returned to (`?play=D1`) first. */
function modesInOrder() {
  const asked = new URLSearchParams(window.location.search).get("play");
  return MODES.includes(asked) ? [asked, ...MODES.filter((mode) => mode !== asked)] : MODES;
}

/**
 * The game on home's felt: a signed-in player's ranked daily (resumed once begun, else face
 * down until their first tap deals it), else their last unfinished practice game (a guest's
 * above all: it goes on where they left it), else a practice deal (null: offered, not made yet).
 */
async function openHomeGame(user, daily) {
  if (user && !isGuest(user) && daily) {
    const boards = modesInOrder().map((mode) => [mode, daily.boards[mode]]).filter(([, board]) => board);
    const begun = boards.find(([, board]) => board.game && board.game.status === "playing");
    if (begun) return api("GET", endpoints.game(begun[1].game.id));
    const fresh = boards.find(([, board]) => !board.game);
    if (fresh) {
      offerDaily(...fresh);
      return null;
    }
  }
  const { practice, resume } = pageData();
  if (resume) {
    try {
      return await api("GET", endpoints.game(resume));
    } catch {
      // Gone meanwhile (a guest signed out elsewhere): a new practice deal instead.
    }
  }
  offerPractice(practice);
  return null;
}

/** Today's ranked deal of `mode`, face down: the first tap on the stock starts the game (and
 * its clock) and deals it; nothing of the sealed deal is on the page before. */
function offerDaily(mode, board) {
  showBoardName(board.board, null);
  startBoard(board.board);
  offerDeal(faceDownDeal(Number(mode[1])), { start: () => api("POST", endpoints.games, { daily: mode }) });
  // A ranked daily takes no hints (as its table will say once dealt): no button meanwhile.
  byId("hint-button").hidden = true;
  byId("hint-note").hidden = true;
  status(format(gettext("Your ranked game of today, draw %(draw)s: tap the stock to deal it. Its clock starts with that tap."),
    { draw: mode[1] }));
}

/** A practice deal (an open code the server picked): a visitor's first tap makes them a guest. */
function offerPractice({ code, preview }) {
  showBoardName(code, code);
  startBoard(code);
  offerDeal(preview, {
    code,
    start: () => api("POST", endpoints.games, { code }),
    onStarted: () => { if (isGuest(table.me)) status(guestNote(table.me)); },
  });
  status(gettext("A practice deal: tap the stock or a card to play. No account needed."));
}

/** Today's boards below the table, and the countdown to their close. */
function showDaily(daily, user) {
  const countdown = h("time", { id: "daily-countdown" });
  byId("daily-date").replaceChildren(...formatNodes(gettext("Deals of %(day)s (UTC), sealed for another %(countdown)s."),
    { day: formatDate(daily.date), countdown }));
  startCountdown(countdown, daily, {
    onClosed: () => byId("daily-date").replaceChildren(gettext("These deals have closed: reload for the new day's.")),
  });
  for (const panel of document.querySelectorAll(".daily-deal")) {
    const board = daily.boards[panel.dataset.mode];
    if (board) showBoard(panel, board, user, board.game);
  }
  showCommitments(daily);
  recheckWhilePending(daily);
}

async function main() {
  // Wired before the first await: a press meanwhile would submit the form natively, which
  // only reloads this page (on a slow line, or a loaded CI machine, the code box "does nothing").
  wireCodeBox();
  const user = await initAccount();
  table.me = user;
  wireTable();
  let daily = null;
  try {
    daily = await api("GET", endpoints.daily);
    showDaily(daily, user);
  } catch (error) {
    byId("daily-date").textContent = format(gettext("Today's deals are not available: %(error)s"), { error: error.message });
    for (const node of document.querySelectorAll(".daily-deal [data-error]")) say(node, error.message, "error");
  }
  await playOn(() => openHomeGame(user, daily));
}

main();
