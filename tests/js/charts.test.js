import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { cardScale, niceRange, niceScale, xLabels } from "../../web/static/web/js/charts.js";

describe("the charts' y axis", () => {
  it("steps by whole 1, 2 or 5 times a power of ten, its top just above the data", () => {
    const scales = [1, 3, 5, 6, 7, 10, 13, 52, 99, 260, 1234].map(niceScale);
    assert.deepEqual(scales.map((scale) => [scale.max, scale.step]), [
      [1, 1], [3, 1], [5, 1], [6, 2], [8, 2], [10, 5], [15, 5], [60, 20], [100, 50], [300, 100], [1500, 500],
    ]);
    for (const { max, step } of scales) {
      assert.ok(Number.isInteger(step) && max / step <= 5, `${max} by ${step}`);
    }
  });

  it("stops a cards axis at the deck: 0-52 by 13 once the nice top would pass 52", () => {
    const scales = [3, 30, 45, 52].map(cardScale);
    assert.deepEqual(scales.map((scale) => [scale.max, scale.step]), [[3, 1], [30, 10], [52, 13], [52, 13]]);
  });

  it("spans values far from 0 from a whole step below them: ratings 1450-1720 on 1400-1800 by 100", () => {
    const ranges = [[1450, 1720], [1450, 1550], [1480, 1490], [2990, 3010]].map(([low, high]) => niceRange(low, high));
    assert.deepEqual(ranges.map(({ min, max, step }) => [min, max, step]),
      [[1400, 1800, 100], [1450, 1550, 50], [1480, 1490, 5], [2990, 3010, 5]]);
    for (const { min, max, step } of ranges) assert.ok((max - min) / step <= 5 && max > min);
  });
});

describe("the bar chart's x labels", () => {
  const field = (values, from = 1) => values.map((value, index) => ({ x: from + index, value }));
  it("stand under the bars that are there, then under round numbers, never crowded", () => {
    // 3..52 cards: players at 4, 17 and 52; a label needs about 3 slots at 8 px a slot.
    const items = field(Array.from({ length: 50 }, (_, index) => ([4, 17, 52].includes(index + 3) ? 2 : 0)), 3);
    const shown = [...xLabels(items, { every: 5, slot: 8, labelBars: true })].map((index) => items[index].x);
    assert.ok([4, 17, 52].every((x) => shown.includes(x)), String(shown));
    assert.ok(shown.includes(10) && shown.includes(30), String(shown));
    const sorted = [...shown].sort((a, b) => a - b);
    assert.ok(sorted.every((x, i) => i === 0 || x - sorted[i - 1] >= 3), String(sorted));
  });
  it("keep the marked bar's label first", () => {
    const items = field([0, 1, 0, 0, 0, 0]);
    items[2].marker = "you";
    const shown = xLabels(items, { every: 5, slot: 10, labelBars: true });
    assert.ok(shown.has(2) && !shown.has(1));
  });
});
