import assert from "node:assert/strict";
import { afterEach, beforeEach, describe, it, mock } from "node:test";

import { LiveBoard } from "../../web/static/web/js/live.js";
import { Backoff } from "../../web/static/web/js/reconnect.js";
import { installFakeSockets } from "./fake_socket.js";

const entry = (player, rank) => ({ player, rank, cards: 10 - rank, score: 0 });

/** The REST board answers `entries`; each read's path is kept. */
function serveBoard(entries) {
  const reads = [];
  globalThis.fetch = async (path) => {
    reads.push(path);
    return { ok: true, status: 200, text: async () => JSON.stringify({ total: entries.length, entries }) };
  };
  return reads;
}

const settled = () => new Promise((done) => setImmediate(done));

describe("LiveBoard over its socket", () => {
  let sockets;
  let states;
  let shown;
  let board;
  beforeEach(() => {
    sockets = installFakeSockets();
    mock.timers.enable({ apis: ["setTimeout"] });
    states = [];
    shown = [];
  });
  afterEach(() => {
    board.stop();
    mock.timers.reset();
    delete globalThis.fetch;
  });

  function follow(who = "humans") {
    board = new LiveBoard("daily-2026-12-01-D3", {
      who,
      onState: (state) => states.push(state),
      onChange: ({ entries }) => shown.push(entries.map((one) => one.player)),
    });
    board.start();
    if (board.socket) board.socket.backoff = new Backoff({ random: () => 0.5 });
    return board;
  }

  it("watches its board and partition, live from the snapshot", () => {
    serveBoard([]);
    follow("bots");
    assert.equal(sockets.made[0].url, "ws://arena.test/ws/leaderboards/daily-2026-12-01-D3/?who=bots");
    sockets.made[0].opened();
    sockets.made[0].receive({ type: "snapshot", version: 4, total: 1, entries: [entry("ann", 1)] });
    assert.deepEqual(states, ["connecting", "live"]);
    assert.deepEqual(shown, [["ann"]]);
  });

  it("is offline while down, shows what REST knows, and is live again once back", async () => {
    const reads = serveBoard([entry("bob", 1)]);
    follow();
    sockets.made[0].drop(1006); // it never opened: no snapshot, so REST fills the board
    await settled();
    assert.deepEqual(states, ["connecting", "offline"]);
    assert.equal(reads.length, 1);
    assert.deepEqual(shown, [["bob"]]);
    mock.timers.tick(1000);
    sockets.made[1].opened();
    sockets.made[1].receive({ type: "snapshot", version: 9, total: 1, entries: [entry("bob", 1)] });
    assert.deepEqual(states, ["connecting", "offline", "live"]);
    sockets.made[1].drop(1012); // down again, with a board to show: no REST read
    await settled();
    assert.equal(reads.length, 1);
    assert.equal(states.at(-1), "offline");
  });

  it("polls the REST board when the server refuses the socket", async () => {
    const reads = serveBoard([entry("cat", 1)]);
    follow();
    sockets.made[0].drop(4404);
    await settled();
    assert.deepEqual(states, ["connecting", "polling"]);
    assert.equal(reads.length, 1);
    assert.match(reads[0], /^\/api\/leaderboards\/daily-2026-12-01-D3\/\?limit=20&who=humans$/);
    mock.timers.tick(60_000);
    assert.equal(sockets.made.length, 1); // never tried again
  });

  it("polls with no socket for both partitions at once (no socket serves a merged ranking)", async () => {
    const reads = serveBoard([entry("dan", 1)]);
    follow("all");
    await settled();
    assert.equal(sockets.made.length, 0);
    assert.deepEqual(states, ["polling"]);
    assert.match(reads[0], /who=all$/);
  });
});
