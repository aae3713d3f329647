import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { deviationWords, ratingText, seasonPlaces } from "../../web/static/web/js/player_ratings.js";

describe("a rating as the player's page says it", () => {
  it("marks a provisional rating with ? and a settled one without", () => {
    assert.equal(ratingText({ rating: 1623, provisional: true }), "1623?");
    assert.equal(ratingText({ rating: 1623, provisional: false }), "1623");
  });

  it("says the deviation as the range two deviations either side, unsure while provisional", () => {
    assert.equal(deviationWords({ rating: 1545, deviation: 60, provisional: false }),
      "probably between 1425 and 1665 (±60)");
    assert.equal(deviationWords({ rating: 1650, deviation: 230, provisional: true }),
      "not sure yet: probably between 1190 and 2110 (±230)");
  });
});

describe("where a player stands this week and this month", () => {
  it("says each period they have a place in, and leaves out the others", () => {
    assert.deepEqual(seasonPlaces({ week: { rank: 12, of: 340 }, month: { rank: 40, of: 900 } }), [
      { period: "week", words: "this week: #12 of 340" },
      { period: "month", words: "this month: #40 of 900" },
    ]);
    assert.deepEqual(seasonPlaces({ month: { rank: 1, of: 1 } }), [{ period: "month", words: "this month: #1 of 1" }]);
    assert.deepEqual(seasonPlaces({}), []);
  });
});
