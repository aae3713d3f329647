import assert from "node:assert/strict";
import { afterEach, beforeEach, describe, it, mock } from "node:test";

import { clock, GameClock } from "../../web/static/web/js/clock.js";

describe("clock", () => {
  it("says seconds as m:ss under an hour, h:mm:ss from one on, and no clock as a dash", () => {
    assert.deepEqual([0, 9, 61, 252, 3599, 59.6, -3].map(clock), ["0:00", "0:09", "1:01", "4:12", "59:59", "1:00", "0:00"]);
    // A daily opened in the morning, played on in the evening: 19:05:55, never 1145:55.
    assert.deepEqual([3600, 3661, 68755, 360000].map(clock), ["1:00:00", "1:01:01", "19:05:55", "100:00:00"]);
    assert.equal(clock(null), "—");
    assert.equal(clock(undefined), "—");
  });
});

describe("GameClock", () => {
  let now;
  let node;
  beforeEach(() => {
    now = 50_000;
    node = { dataset: {}, textContent: "" };
    mock.timers.enable({ apis: ["setInterval"] });
  });
  afterEach(() => mock.timers.reset());

  const advance = (ms) => {
    now += ms;
    mock.timers.tick(ms);
  };
  const game = (fields) => ({ status: "playing", clock: 0, ...fields });

  it("ticks on from the server's figure while the game is played", () => {
    const shown = new GameClock(node, { now: () => now });
    shown.show(game({ clock: 65 }));
    assert.equal(node.textContent, "1:05");
    assert.equal(node.dataset.running, "true");
    advance(3000);
    assert.equal(node.textContent, "1:08");
  });

  it("takes each new figure of the server, whatever the device's time did", () => {
    const shown = new GameClock(node, { now: () => now });
    shown.show(game({ clock: 10 }));
    advance(5000);
    shown.show(game({ clock: 12 })); // the server's time is the game's time
    assert.equal(node.textContent, "0:12");
    advance(1000);
    assert.equal(node.textContent, "0:13");
  });

  it("keeps ticking through a figure it has already (a watcher's merged state)", () => {
    const shown = new GameClock(node, { now: () => now });
    shown.show(game({ clock: 10 }));
    advance(4000);
    shown.show(game({ clock: 10 }));
    assert.equal(node.textContent, "0:14");
  });

  it("stands at the ranked time once a ranked game's day has closed, played or not", () => {
    const shown = new GameClock(node, { now: () => now });
    shown.show(game({ daily: "2026-12-01", sealed: true, clock: 40 }));
    advance(2000);
    assert.equal(node.textContent, "0:42");
    shown.show(game({ daily: "2026-12-01", sealed: false, clock: 50 })); // read again at the close
    assert.equal(node.dataset.running, "false");
    advance(60_000);
    assert.equal(node.textContent, "0:50");
  });

  it("stops once the game is over, at the server's figure", () => {
    const shown = new GameClock(node, { now: () => now });
    shown.show(game({ clock: 10 }));
    advance(2000);
    shown.show(game({ clock: 13, status: "won" }));
    advance(5000);
    assert.equal(node.textContent, "0:13");
    assert.equal(node.dataset.running, "false");
    assert.equal(shown.timer, null);
  });

  it("shows a dash for a game with no clock (a submitted one)", () => {
    const shown = new GameClock(node, { now: () => now });
    shown.show(game({ clock: null }));
    advance(3000);
    assert.equal(node.textContent, "—");
    assert.equal(node.dataset.running, "false");
  });
});
