import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { difficultyText } from "../../web/static/web/js/difficulty.js";

describe("difficultyText", () => {
  const rated = { rating: 1563, tier: "hard", tier_words: "hard" };
  const expected = { tier: "fiendish", tier_words: "fiendish" };

  it("says the rated tier with its number once rated, whatever was expected", () => {
    assert.equal(difficultyText(rated, expected), "hard (1563)");
    assert.equal(difficultyText(rated), "hard (1563)");
  });

  it("says the expected tier, and no number, before that; nothing without either", () => {
    assert.equal(difficultyText(null, expected), "fiendish (expected)");
    assert.equal(difficultyText(null, null), "");
    assert.equal(difficultyText(undefined), "");
  });

  it("says the tier is being worked out while the table par is pending, never over a tier", () => {
    assert.equal(difficultyText(null, null, "pending"), "being worked out…");
    assert.equal(difficultyText(null, expected, "pending"), "fiendish (expected)");
    assert.equal(difficultyText(rated, null, "pending"), "hard (1563)");
    assert.equal(difficultyText(null, null, "ready"), "");  // a par that gave up: no tier
    assert.equal(difficultyText(null, null, "none"), "");
  });
});
