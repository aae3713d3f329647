// Tiny SVG charts (no library): bars and a line, scaled into a viewBox so they
// stretch to any width and stay crisp.
import { formatNumber } from "./i18n.js";
const SVG = "http://www.w3.org/2000/svg";

function el(tag, attributes = {}, text = null) {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, String(value));
  if (text !== null) node.textContent = text;
  return node;
}

/** Draw at the container's real width so text keeps its size (the viewBox still scales). */
function widthOf(container) {
  return Math.max(280, Math.round(container.clientWidth || 640));
}

function frame(width, height) {
  return el("svg", { viewBox: `0 0 ${width} ${height}`, preserveAspectRatio: "xMidYMid meet", "aria-hidden": "true" });
}

/**
 * The y axis of counts and scores: a whole step of 1, 2 or 5 times a power of ten, and the
 * axis's top the first multiple of it at or above `value`, in at most about 4 steps (260
 * points: 0-300 by 100; 7 players: 0-8 by 2), never steps of 2.5 nor an axis twice the data.
 */
export function niceScale(value) {
  const top = Math.max(1, Math.ceil(value));
  if (top <= 5) return { max: top, step: 1 };
  const raw = top / 4;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((factor) => factor * power).find((candidate) => candidate >= raw);
  return { max: step * Math.ceil(top / step), step };
}

/** Cards in a deck: no count of cards home goes past it. */
const DECK = 52;

/** The y axis of cards home: `niceScale`'s, but never past the deck (a win's 52 on 0-52 by 13,
 * the quarters of the deck, not on 0-60 by 20 nor 0-100). */
export function cardScale(value) {
  const scale = niceScale(value);
  return scale.max <= DECK ? scale : { max: DECK, step: DECK / 4 };
}

/**
 * The y axis of values far from 0 (ratings about 1500): `niceScale`'s steps over the span from
 * `low` to `high`, the axis starting at the multiple of the step at or below `low`
 * (1450-1720: 1400-1800 by 100), so the line uses the chart's height.
 */
export function niceRange(low, high) {
  const { step } = niceScale(Math.max(high - low, 1));
  const min = step * Math.floor(low / step);
  return { min, max: step * Math.max(Math.ceil(high / step), min / step + 1), step };
}

function yAxis(svg, { left, top, bottom, width, scale }) {
  const { min = 0, max, step } = scale;
  const ticks = Math.round((max - min) / step);
  for (let index = 0; index <= ticks; index += 1) {
    const y = bottom - ((bottom - top) * index) / ticks;
    svg.append(el("line", { class: "grid", x1: left, x2: width, y1: y, y2: y }));
    svg.append(el("text", { x: left - 4, y: y + 4, "text-anchor": "end" }, formatNumber(min + step * index)));
  }
}

/**
 * Bars: `items` = [{x, value, label?, className?, title?}] in order.
 * `xLabelEvery` thins the x labels so they stay readable; `cards`: the values are cards home
 * (the axis stops at the deck's 52).
 */
/** Room a label of the x axis needs, in px (two or three digits and a little air). */
const LABEL_ROOM = 22;

/**
 * Which bars of `items` get a label (and a tick) under them, as indices: the marked one, then
 * (`labelBars`) every bar with a value, then the round ones (a label that is a multiple of
 * `every`), each only where no label already taken is nearer than `LABEL_ROOM` px: so a
 * label stands under a bar that is there, never between them or under an empty slot beside it.
 */
export function xLabels(items, { every = 1, slot = LABEL_ROOM, labelBars = false } = {}) {
  const gap = Math.max(1, Math.ceil(LABEL_ROOM / Math.max(slot, 1)));
  const indices = items.map((_, index) => index);
  const round = (item) => Number(item.label ?? item.x) % every === 0;
  const wanted = [
    ...indices.filter((index) => items[index].marker),
    ...(labelBars ? indices.filter((index) => items[index].value > 0) : []),
    ...indices.filter((index) => round(items[index])),
  ];
  const taken = [];
  for (const index of wanted) {
    if (taken.every((other) => Math.abs(other - index) >= gap)) taken.push(index);
  }
  return new Set(taken);
}

export function barChart(container, items, { height = 220, xLabelEvery = 1, xTitle = "", onClick = null, cards = false, labelBars = false } = {}) {
  const width = widthOf(container);
  const left = 34;
  const top = 10;
  const bottom = height - (xTitle ? 34 : 22);
  const svg = frame(width, height);
  const scale = (cards ? cardScale : niceScale)(Math.max(1, ...items.map((item) => item.value)));
  const { max } = scale;
  yAxis(svg, { left, top, bottom, width, scale });
  const slot = (width - left) / Math.max(items.length, 1);
  const labelled = xLabels(items, { every: xLabelEvery, slot, labelBars });
  items.forEach((item, index) => {
    const x = left + index * slot;
    const barHeight = ((bottom - top) * item.value) / max;
    const bar = el("rect", {
      class: `bar ${item.className || ""}`.trim(),
      x: x + slot * 0.12, y: bottom - barHeight, width: Math.max(slot * 0.76, 1), height: Math.max(barHeight, item.value ? 1 : 0),
    });
    bar.append(el("title", {}, item.title || `${item.x}: ${item.value}`));
    if (onClick) bar.addEventListener("click", () => onClick(item));
    svg.append(bar);
    if (item.marker) {
      svg.append(el("text", { class: "me-label", x: x + slot / 2, y: bottom - barHeight - 4, "text-anchor": "middle" }, item.marker));
    }
    // A tick at the middle of each labelled bar (and, `labelBars`, of each bar with a value,
    // labelled or not: a tick takes no room), its label under it.
    if (labelled.has(index) || (labelBars && item.value > 0)) {
      svg.append(el("line", { class: "tick", x1: x + slot / 2, x2: x + slot / 2, y1: bottom, y2: bottom + 4 }));
    }
    if (labelled.has(index)) {
      svg.append(el("text", { class: "x-label", x: x + slot / 2, y: bottom + 14, "text-anchor": "middle" }, item.label ?? item.x));
    }
  });
  svg.append(el("line", { class: "axis", x1: left, x2: width, y1: bottom, y2: bottom }));
  if (xTitle) svg.append(el("text", { x: (left + width) / 2, y: height - 4, "text-anchor": "middle" }, xTitle));
  container.replaceChildren(svg);
  return svg;
}

/**
 * A line of `values` (index = x) with a cursor at `cursor`; `onPick(index)` is
 * called when the chart is clicked, with the nearest index. `scale` ({min, max, step}) sets the
 * y axis (`niceRange` for values far from 0; by default 0 up); `xLabel(index)` the x labels
 * (by default the index); `left` the room for the y labels (wider for four digits).
 */
export function lineChart(container, values, {
  height = 180, cursor = null, onPick = null, xTitle = "", scale = null, xLabel = formatNumber, left = 34,
} = {}) {
  const width = widthOf(container);
  const top = 10;
  const bottom = height - (xTitle ? 34 : 22);
  const svg = frame(width, height);
  const yScale = scale || niceScale(Math.max(5, ...values));
  const { min = 0, max } = yScale;
  yAxis(svg, { left, top, bottom, width, scale: yScale });
  const step = (width - left) / Math.max(values.length - 1, 1);
  const point = (value, index) => [left + index * step, bottom - ((bottom - top) * (value - min)) / (max - min)];
  const points = values.map(point);
  if (points.length) {
    const line = points.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(" ");
    svg.append(el("polygon", { class: "area", points: `${left},${bottom} ${line} ${points[points.length - 1][0]},${bottom}` }));
    svg.append(el("polyline", { class: "line", points: line }));
  }
  if (cursor !== null && points[cursor]) {
    const [x, y] = points[cursor];
    svg.append(el("line", { class: "cursor", x1: x, x2: x, y1: top, y2: bottom }));
    svg.append(el("circle", { class: "dot", cx: x, cy: y, r: 4 }));
  }
  const labels = Math.min(values.length, Math.max(2, Math.floor(width / 70)));
  for (let index = 0; index < labels; index += 1) {
    const at = Math.round(((values.length - 1) * index) / Math.max(labels - 1, 1));
    // The last label ends at the right edge rather than straddling it.
    const anchor = at === values.length - 1 && at > 0 ? "end" : "middle";
    svg.append(el("text", { x: left + at * step, y: bottom + 14, "text-anchor": anchor }, xLabel(at)));
  }
  svg.append(el("line", { class: "axis", x1: left, x2: width, y1: bottom, y2: bottom }));
  if (xTitle) svg.append(el("text", { x: (left + width) / 2, y: height - 4, "text-anchor": "middle" }, xTitle));
  if (onPick) {
    svg.style.cursor = "pointer";
    svg.addEventListener("click", (event) => {
      const box = svg.getBoundingClientRect();
      const x = ((event.clientX - box.left) / box.width) * width;
      onPick(Math.min(values.length - 1, Math.max(0, Math.round((x - left) / step))));
    });
  }
  container.replaceChildren(svg);
  return svg;
}

/** Call `redraw` after the window stops resizing: charts are drawn at their real width. */
export function redrawOnResize(redraw, delay = 200) {
  let timer = null;
  window.addEventListener("resize", () => {
    clearTimeout(timer);
    timer = setTimeout(redraw, delay);
  });
}
