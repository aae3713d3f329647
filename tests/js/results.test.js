import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { againstPar, shareGrid, shareText, streakWith } from "../../web/static/web/js/table/results.js";

const FOUNDATIONS = { C: ["5C", "6C"], D: [], H: ["5H", "6H", "7H", "8H", "9H", "TH", "JH", "QH", "KH", "AH", "2H", "3H", "4H"], S: ["5S"] };

describe("the results card's share text", () => {
  it("draws the foundations as four rows of 13 squares, a card home in its suit's colour", () => {
    assert.equal(shareGrid(FOUNDATIONS), [
      "🟥".repeat(13),
      "⬜".repeat(13),
      `🟦🟦${"⬜".repeat(11)}`,
      `🟦${"⬜".repeat(12)}`,
    ].join("\n"));
  });

  it("says actions against par with a sign", () => {
    assert.deepEqual([[147, 120], [100, 103], [90, 90]].map(([actions, par]) => againstPar(actions, par)), ["+27", "−3", "±0"]);
  });

  it("puts the board, the grid and the figures in symbols every chat reads", () => {
    const game = { board: "daily-2026-12-02-D3", cards: 17, actions: 147, elapsed: 3725, won: false, state: { foundations: FOUNDATIONS } };
    const text = shareText(game, { rank: 3, total: 41, par: 120, streak: 4 });
    const lines = text.split("\n");
    assert.equal(lines[0], "Canfield Arena daily 2026-12-02 D3");
    assert.equal(lines.length, 6);
    assert.equal(lines[5], "🏆 3/41 · 🃏 17/52 · 🎯 147 · ⏱ 1:02:05 · 🔥 4"); // unfinished: no par to stand against
    assert.equal(shareText({ ...game, won: true, cards: 52 }, { par: 120 }).split("\n")[5], "🃏 52/52 · 🎯 147 (+27) · ⏱ 1:02:05");
  });

  it("ends with the league's name and invite link when shared from a league", () => {
    const game = { board: "daily-2026-12-02-D3", cards: 17, actions: 147, elapsed: 3725, won: false, state: { foundations: FOUNDATIONS } };
    const league = { id: 7, name: "Lunch crew", url: "https://arena.example/leagues/join/k3x/" };
    const lines = shareText(game, { rank: 3, total: 41, league }).split("\n");
    assert.equal(lines.length, 7);
    assert.equal(lines[6], "Lunch crew: https://arena.example/leagues/join/k3x/");
    assert.equal(shareText(game, { league: null }).split("\n").length, 6);
  });
});

describe("streakWith", () => {
  const game = { daily: "2026-12-04", seq: 3 };
  it("counts the game's day at once when the record read does not have it yet", () => {
    assert.equal(streakWith({ current: 0, last_day: null }, game), 1);
    assert.equal(streakWith({ current: 4, last_day: "2026-12-03" }, game), 5);
    assert.equal(streakWith({ current: 0, last_day: "2026-11-20" }, game), 1);
  });
  it("takes the record as it is when it has the day, or the game has no action", () => {
    assert.equal(streakWith({ current: 5, last_day: "2026-12-04" }, game), 5);
    assert.equal(streakWith({ current: 0, last_day: null }, { daily: "2026-12-04", seq: 0 }), 0);
  });
});
