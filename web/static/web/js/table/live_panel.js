// The deal's board beside the felt: its top ten live, and where the player stands below them
// when they are not among them.
import { api, endpoints } from "../api.js";
import { ownHeldEntry, renderBoardList, renderLiveState } from "../board_list.js";
import { showLiveState } from "./connection.js";
import { clock } from "../clock.js";
import { byId } from "../dom.js";
import { format, gettext } from "../i18n.js";
import { LiveBoard } from "../live.js";
import { actionCount, cardCount } from "../words.js";
import { table } from "./context.js";

/** The part of a board the player ranks in: a declared bot's games rank among the bots. */
function ownPartition() {
  return table.me && table.me.bot ? "bots" : "humans";
}

/** An entry's ranking figures in words: "12 cards, 45 actions, 3:02". */
const figures = (entry) => ({ cards: cardCount(entry.cards), actions: actionCount(entry.actions), time: clock(entry.elapsed) });

/** Below the top entries, where the player stands when they are not among them (their own
 * entry held for a fair-play review: held, no rank). */
async function showMyRank(entries) {
  const node = byId("live-me");
  const me = table.me && table.me.username;
  if (!me || entries.some((entry) => entry.player === me)) {
    node.hidden = true;
    return;
  }
  if (byId("held-note")) {
    const held = await ownHeldEntry(table.board.board, ownPartition());
    node.hidden = !held;
    if (held) node.textContent = format(gettext("You: held for review, %(cards)s, %(actions)s, %(time)s"), figures(held));
    return;
  }
  try {
    const data = await api("GET", endpoints.board(table.board.board, `?around=${encodeURIComponent(me)}&limit=1&who=${ownPartition()}`));
    const mine = data.entries.find((entry) => entry.player === me);
    node.hidden = !mine;
    if (mine) {
      node.textContent = format(gettext("You: #%(rank)s of %(total)s, %(cards)s, %(actions)s, %(time)s"),
        { rank: mine.rank, total: data.total, ...figures(mine) });
    }
  } catch {
    node.hidden = true;
  }
}

/** Follow `board` (a deal code or a daily board id) live; nothing to do if it is followed.
 * A `closed` board (a daily past its close) is final: no live badge. */
export function startBoard(board, { closed = false } = {}) {
  if (closed) renderLiveState(byId("live-state"), "final");
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
    onState: showLiveState,
  }).start();
}
