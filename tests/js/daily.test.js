import assert from "node:assert/strict";
import { afterEach, beforeEach, describe, it, mock } from "node:test";

import { formatRemaining, startCountdown } from "../../web/static/web/js/daily.js";

describe("formatRemaining", () => {
  it("says hours, minutes and seconds, never below zero", () => {
    assert.deepEqual([0, 999, 61_000, 68_755_000, -5000].map(formatRemaining), ["00:00:00", "00:00:00", "00:01:01", "19:05:55", "00:00:00"]);
  });
});

describe("startCountdown", () => {
  let now;
  let node;
  beforeEach(() => {
    now = 1_000;
    node = { textContent: "", title: "", setAttribute() {} };
    mock.timers.enable({ apis: ["setInterval", "Date"], now: Date.parse("2030-01-01T00:00:00Z") });
  });
  afterEach(() => mock.timers.reset());

  const advance = (ms) => {
    for (let step = 0; step < ms; step += 1000) {
      now += 1000;
      mock.timers.tick(1000);
    }
  };

  it("counts down the server's seconds left, whatever the device's date says", () => {
    // The device thinks it is 2030; the server said 2 minutes are left before a 2026 close.
    const answer = { closes_at: "2026-12-03T00:00:00Z", closes_in: 120 };
    let closed = 0;
    startCountdown(node, answer, { now: () => now, onClosed: () => { closed += 1; } });
    assert.equal(node.textContent, "00:02:00");
    advance(61_000);
    assert.equal(node.textContent, "00:00:59");
    advance(59_000);
    assert.equal(node.textContent, "00:00:00");
    assert.equal(closed, 1);
  });

  it("shows nothing without the server's time left", () => {
    startCountdown(node, { closes_at: "2026-12-03T00:00:00Z" }, { now: () => now });
    assert.equal(node.textContent, "");
  });
});
