import assert from "node:assert/strict";
import { afterEach, describe, it } from "node:test";

import { cardName, isRed, rankOf, rankText, SUITS, suitName, suitOf, suitSymbol } from "../../web/static/web/js/cards.js";
import { useWords } from "../../web/static/web/js/words.js";
import { ENGLISH } from "./vocabulary.js";

describe("cards", () => {
  afterEach(() => useWords(undefined));

  it("read the API's spelling: rank then suit", () => {
    assert.deepEqual([rankOf("TS"), suitOf("TS")], ["T", "S"]);
    assert.deepEqual([rankOf("7H"), suitOf("7H")], ["7", "H"]);
  });

  it("are red for hearts and diamonds, black for clubs and spades", () => {
    assert.deepEqual(["AH", "KD", "QC", "2S"].map(isRed), [true, true, false, false]);
  });

  it("show ranks and suits as a player reads them", () => {
    assert.deepEqual(["A", "T", "J", "7"].map(rankText), ["A", "10", "J", "7"]);
    assert.deepEqual(SUITS.map(suitSymbol), ["♣", "♦", "♥", "♠"]);
  });

  it("are named in the page's words, or by their code on a page without them", () => {
    useWords(ENGLISH);
    assert.equal(cardName("QS"), "the queen of spades");
    assert.equal(suitName("D"), "diamonds");
    useWords(null);
    assert.equal(cardName("QS"), "QS");
    assert.equal(suitName("D"), "D");
  });
});
