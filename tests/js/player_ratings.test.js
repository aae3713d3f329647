import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { deviationWords, ratingText } from "../../web/static/web/js/player_ratings.js";

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
