import assert from "node:assert/strict";
import { afterEach, beforeEach, describe, it } from "node:test";

import {
  capitalised, cardCount, cardWords, moveWords, pointCount, reasonText, statusWords, useWords,
} from "../../web/static/web/js/words.js";
import { ENGLISH } from "./vocabulary.js";

const STATE = {
  reserve: ["4C", "JD"],
  waste: ["2S", "9H"],
  foundations: { C: [], D: [], H: ["7H"], S: [] },
  tableau: [["KS", "QH", "JC"], ["5D"], [], ["8C"]],
};

describe("words with the page's vocabulary", () => {
  beforeEach(() => useWords(ENGLISH));
  afterEach(() => useWords(undefined));

  it("name a card, or a face-down one", () => {
    assert.equal(cardWords("JD"), "the jack of diamonds");
    assert.equal(cardWords("TH"), "the 10 of hearts");
    assert.equal(cardWords(null), "a face-down card");
  });

  it("say a move from the position it is played from", () => {
    assert.equal(moveWords("RF", STATE), "the jack of diamonds from the reserve to its foundation");
    assert.equal(moveWords("W2", STATE), "the 9 of hearts from the waste to column 2");
    assert.equal(moveWords("FH3", STATE), "the 7 of hearts from the hearts foundation to column 3");
    assert.equal(moveWords("14", STATE), "the jack of clubs from column 1 to column 4");
    assert.equal(moveWords("12x2", STATE), "the queen of hearts and the card on it from column 1 to column 2");
    assert.equal(moveWords("12x3", STATE), "the king of spades and the 2 cards on it from column 1 to column 2");
  });

  it("say a move with no position, and the moves that move no card", () => {
    assert.equal(moveWords("RF", null), "a face-down card from the reserve to its foundation");
    assert.equal(moveWords("draw", STATE), "a draw from the stock");
    assert.equal(moveWords("recycle", STATE), "the waste turned over");
    assert.equal(moveWords("undo", STATE), "an undo");
    assert.equal(moveWords("resign", STATE), "the game resigned");
    assert.equal(moveWords("nonsense", STATE), "nonsense");
    assert.equal(moveWords(undefined, STATE), "");
  });

  it("say a refusal from its reason code and parameters", () => {
    assert.equal(reasonText({ code: "foundation_next", cards: ["9H", "8H"], suit: "H" }),
      "The 9 of hearts cannot go on the hearts foundation: it needs the 8 of hearts next.");
    assert.equal(reasonText({ code: "column_same_colour", cards: ["5D", "6H"], colour: "red", need_rank: "6", need_colour: "black" }),
      "The 5 of diamonds cannot go on the 6 of hearts: both are red; it needs a black 6.");
    assert.equal(reasonText({ code: "block_too_tall", column: 2, count: 1, block: 3 }),
      "Column 2 holds 1 cards: it has no block of 3 to move.");
    assert.equal(reasonText({ code: "foundation_start", cards: ["2C", "KC"], suit: "C", rank: "K" }),
      "The 2 of clubs cannot start the clubs foundation: it starts with the king of clubs"
      + " (every foundation starts at the base card's rank, king).");
  });

  it("know no reason the vocabulary lacks (the caller shows the server's detail)", () => {
    assert.equal(reasonText({ code: "new_rule" }), null);
    assert.equal(reasonText(undefined), null);
  });
});

describe("words without a vocabulary", () => {
  beforeEach(() => useWords(null));
  afterEach(() => useWords(undefined));

  it("keep card codes as they are and say no refusal", () => {
    assert.equal(cardWords("JD"), "JD");
    assert.equal(moveWords("RF", STATE), "JD from the reserve to its foundation");
    assert.equal(reasonText({ code: "undo_limit", count: 3 }), null);
  });
});

describe("counts and statuses", () => {
  it("are singular for one, plural otherwise, with the number formatted", () => {
    assert.equal(cardCount(1), "1 card");
    assert.equal(cardCount(0), "0 cards");
    assert.equal(pointCount(1250), "1,250 points");
  });

  it("name a game's status", () => {
    assert.deepEqual(["won", "playing", "resigned", "", undefined].map(statusWords), ["won", "playing", "resigned", "", ""]);
    assert.equal(capitalised("the jack"), "The jack");
    assert.equal(capitalised(""), "");
  });
});
