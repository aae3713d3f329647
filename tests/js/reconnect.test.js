import assert from "node:assert/strict";
import { afterEach, beforeEach, describe, it, mock } from "node:test";

import {
  Backoff, FIRST_MS, isRefusal, JITTER, MAX_MS, ReconnectingSocket, socketUrl,
} from "../../web/static/web/js/reconnect.js";
import { installFakeSockets } from "./fake_socket.js";

describe("Backoff", () => {
  it("doubles from the first delay up to the longest, with no jitter at the middle draw", () => {
    const backoff = new Backoff({ random: () => 0.5 });
    const delays = Array.from({ length: 7 }, () => backoff.next());
    assert.deepEqual(delays, [1000, 2000, 4000, 8000, 15000, 15000, 15000]);
    assert.equal(delays[0], FIRST_MS);
    assert.equal(delays.at(-1), MAX_MS);
  });

  it("jitters each delay within ±JITTER of its base", () => {
    const low = new Backoff({ random: () => 0 });
    const high = new Backoff({ random: () => 0.999999 });
    assert.equal(low.next(), FIRST_MS * (1 - JITTER));
    assert.equal(high.next(), FIRST_MS * (1 + JITTER));
    for (let tries = 0; tries < 20; tries += 1) {
      const delay = new Backoff().next();
      assert.ok(delay >= FIRST_MS * (1 - JITTER) && delay <= FIRST_MS * (1 + JITTER), `${delay}`);
    }
  });

  it("starts over once reset (the socket opened)", () => {
    const backoff = new Backoff({ random: () => 0.5 });
    backoff.next();
    backoff.next();
    backoff.reset();
    assert.equal(backoff.next(), FIRST_MS);
  });

  it("stays at the longest delay however many tries", () => {
    const backoff = new Backoff({ random: () => 0.5 });
    for (let tries = 0; tries < 2000; tries += 1) backoff.next();
    assert.equal(backoff.next(), MAX_MS);
  });
});

describe("refusals", () => {
  it("are the closes the server means for good", () => {
    assert.deepEqual([4400, 4401, 4404].map(isRefusal), [true, true, true]);
    // A restart, a server failure, a slow client, a policy violation: worth another try.
    assert.deepEqual([1000, 1006, 1011, 1012, 1013, 1008].map(isRefusal), [false, false, false, false, false, false]);
  });
});

describe("socketUrl", () => {
  it("is ws on an http page and wss on an https one", () => {
    assert.equal(socketUrl("/ws/games/7/", { protocol: "http:", host: "a.test:8000" }), "ws://a.test:8000/ws/games/7/");
    assert.equal(socketUrl("/ws/games/7/", { protocol: "https:", host: "a.test" }), "wss://a.test/ws/games/7/");
  });
});

describe("ReconnectingSocket", () => {
  let sockets;
  beforeEach(() => {
    sockets = installFakeSockets();
    mock.timers.enable({ apis: ["setTimeout"] });
  });
  afterEach(() => mock.timers.reset());

  function open(handlers = {}) {
    const calls = [];
    const socket = new ReconnectingSocket("/ws/leaderboards/CF1/", {
      onOpen: () => calls.push("open"),
      onMessage: (message) => calls.push(message),
      onDown: (event) => calls.push(`down ${event.code}`),
      onRefused: (event) => calls.push(`refused ${event.code}`),
      ...handlers,
    }, { backoff: new Backoff({ random: () => 0.5 }) }).start();
    return { socket, calls };
  }

  it("opens this site's socket and hands on each message parsed", () => {
    const { socket, calls } = open();
    assert.equal(sockets.made[0].url, "ws://arena.test/ws/leaderboards/CF1/");
    assert.equal(socket.open, false);
    sockets.made[0].opened();
    assert.equal(socket.open, true);
    sockets.made[0].receive({ type: "snapshot", version: 3 });
    socket.send({ type: "move", seq: 1 });
    assert.deepEqual(calls, ["open", { type: "snapshot", version: 3 }]);
    assert.deepEqual(sockets.made[0].sent, [{ type: "move", seq: 1 }]);
  });

  it("is down from a drop until it opens again, tried again after the backoff's delays", () => {
    const { socket, calls } = open();
    sockets.made[0].opened();
    sockets.made[0].drop(1012);
    assert.equal(socket.open, false);
    assert.deepEqual(calls, ["open", "down 1012"]);
    mock.timers.tick(999);
    assert.equal(sockets.made.length, 1);
    mock.timers.tick(1);
    assert.equal(sockets.made.length, 2);
    sockets.made[1].drop(1006); // it never opened: the next wait doubles
    mock.timers.tick(1999);
    assert.equal(sockets.made.length, 2);
    mock.timers.tick(1);
    assert.equal(sockets.made.length, 3);
    sockets.made[2].opened();
    sockets.made[2].drop(1011); // it opened: the wait starts over
    mock.timers.tick(1000);
    assert.equal(sockets.made.length, 4);
    assert.deepEqual(calls, ["open", "down 1012", "down 1006", "open", "down 1011"]);
  });

  it("never tries a refused path again", () => {
    const { socket, calls } = open();
    sockets.made[0].drop(4404);
    mock.timers.tick(60_000);
    assert.equal(sockets.made.length, 1);
    assert.equal(socket.open, false);
    assert.deepEqual(calls, ["refused 4404"]);
  });

  it("once stopped, calls nothing and tries nothing", async () => {
    const { socket, calls } = open();
    sockets.made[0].opened();
    socket.stop();
    await Promise.resolve(); // the close event of the page's own close
    mock.timers.tick(60_000);
    assert.equal(sockets.made.length, 1);
    assert.deepEqual(calls, ["open"]);
  });

  it("stopped while down, cancels the try to come", () => {
    const { socket } = open();
    sockets.made[0].drop(1012);
    socket.stop();
    mock.timers.tick(60_000);
    assert.equal(sockets.made.length, 1);
  });
});
