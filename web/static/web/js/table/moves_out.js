// The player's moves out: each one queued behind the last (it carries the seq that follows
// it), sent over the game's socket while it is open, else over REST (game_socket.js), and its
// answer shown; a refusal said in the player's words. The game's socket is followed here too:
// it carries the moves, and what others see of the game.
import { ApiError } from "../api.js";
import { byId } from "../dom.js";
import { GameSocket, sendMove } from "../game_socket.js";
import { isOffline, retryPause, unreachable, untilOnline } from "./connection.js";
import { guestsLimited, offerAccountForLimit } from "../guests.js";
import { format, gettext } from "../i18n.js";
import { openAccountDialog, refreshAccount } from "../session.js";
import { playSound } from "../sound.js";
import { afterLiveMessage, isNews } from "../watching.js";
import { capitalised, cardCount, moveWords, pointCount, reasonText, statusWords } from "../words.js";
import { playable, startable, status, table } from "./context.js";
import { playLimited, sendLimited } from "./limited.js";
import { reload, showGame } from "./board_view.js";

/** Send one action, queued. A card tap made while others were pending is dropped if the card
 * has left the place it was tapped at meanwhile (its tap was for a position that is gone). */
export function play(body, { from = null } = {}) {
  const place = body.tap && body.tap !== "stock" ? cardPlace(body.tap) : null;
  return table.queue.run(() => (place !== null && cardPlace(body.tap) !== place ? false : send(body, from)));
}

function cardPlace(card) {
  const node = byId("felt").querySelector(`button[data-card="${card}"]`);
  return node ? node.dataset.source || "" : "";
}

/**
 * The deal on the felt has no game yet (first_tap.js): make it now, at the player's first tap,
 * and show it; the tap is then played on it. True once the game is on the felt.
 */
async function startOffered() {
  const { start, onStarted, code } = table.starter;
  table.starter = null;
  try {
    const game = await start();
    // A newcomer's first game makes them a guest: the header says who they are now.
    table.me = await refreshAccount();
    showGame(game);
    followGame(game.id);
    onStarted(game);
    return true;
  } catch (error) {
    table.starter = { start, onStarted, code };
    if (guestsLimited(error)) {
      // The dialog says why and the ways on; the status line keeps the deal's own words.
      offerAccountForLimit(error, code ? () => playLimited(code) : null);
      return false;
    }
    status(error instanceof ApiError ? error.message
      : gettext("Something went wrong. Try again."), "error");
    return false;
  }
}

/** Send `body` now (the caller queued it); true once the server took it. Offline, or with the
 * server out of reach, it waits and tries again (the moves after it wait in the queue, in the
 * order made): a tap is never lost to the network (connection.js). */
async function send(body, from) {
  if (table.limited) return sendLimited(body);
  if (startable() && !(await startOffered())) return false;
  if (!playable()) return false;
  for (let attempt = 0; ; attempt += 1) {
    await untilOnline();
    try {
      // `seq` is the number this action is to get: a stale one (another tab played) is refused.
      const before = table.game.state;
      const game = await sendMove(table.game.id, { ...body, seq: table.game.seq + 1 }, {
        socket: isOffline() ? null : table.socket,
        // Refused as not the owner's, the socket may only be the session's old player's.
        onStalePlayer: () => followGame(table.game.id),
      });
      status(describeAction(body, game, before));
      playSound(game.won && !before.won ? "won" : "move");
      showGame(game, { from });
      return true;
    } catch (error) {
      if (unreachable(error)) {
        if (!isOffline()) await retryPause(Math.min(attempt, 4));
        continue;
      }
      await explain(error);
      return false;
    }
  }
}

/**
 * Play the server's finishing line, one ordinary action after another (each checked by the
 * server, each in the log), queued like any move, stopping at the first one refused. Only ever
 * on the player's press.
 */
export function finish() {
  const line = [...((table.game && table.game.finish) || [])];
  if (!line.length || table.finishing) return Promise.resolve(false);
  table.finishing = true;
  byId("finish-button").disabled = true;
  return table.queue.run(async () => {
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

/** The status after a move: the move in words (its card from the position `before` it). */
function describeAction(body, game, before) {
  const last = (game.action && game.action.token) || body.action || "";
  return last ? capitalised(format(gettext("%(move)s: %(points)s, %(cards)s home."),
    { move: moveWords(last, before), points: pointCount(game.score), cards: cardCount(game.cards) })) : "";
}

/** Say why the server refused a call, and catch up with the game when it moved on elsewhere. */
export async function explain(error) {
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
    playSound("refused");
    status(reasonText(error.data.reason) || error.message, "error");
  }
}

/**
 * Follow the game over its WebSocket, which also carries the owner's moves. Spectators draw
 * each pushed state; the owner only uses them to notice moves made in another tab or device,
 * and then re-reads the game (queued behind its own actions, so seqs stay in order).
 */
export function followGame(gameId) {
  if (table.socket) table.socket.stop();
  table.socket = new GameSocket(gameId, {
    onMessage: (message) => {
      if (!table.game || !isNews(table.game, message)) return;
      if (table.owner) {
        table.queue.run(async () => {
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
