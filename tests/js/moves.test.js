import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { isFaceDown } from "../../web/static/web/js/moves.js";

describe("isFaceDown", () => {
  const open = {
    reserve: ["4C", "JD"], stock: ["KD", "2H"], waste: ["2S", "9H"],
    foundations: { C: ["8C"], D: [], H: [], S: [] }, tableau: [["QS"], ["7H"], [], ["3D"]],
  };
  const sealed = { ...open, reserve: [null, "JD"], stock: [null, null] };

  it("finds the stock and the reserve under its top face down, named or not", () => {
    for (const state of [open, sealed]) {
      assert.equal(isFaceDown(state, "KD"), true);
      assert.equal(isFaceDown(state, "4C"), true);
    }
  });

  it("finds every card on the table face up: waste, reserve top, columns, foundations", () => {
    for (const state of [open, sealed]) {
      for (const card of ["2S", "9H", "JD", "QS", "3D", "8C"]) assert.equal(isFaceDown(state, card), false, card);
    }
  });
});
