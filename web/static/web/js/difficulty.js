// A daily deal's difficulty as every page shows it: its tier in words beside its number. The
// server sends it only once the day has closed and been rated (never for a sealed day), with
// the tier already in the reader's language (`tier_words`), so the tiers have one home.
import { h } from "./dom.js";
import { format, gettext } from "./i18n.js";

/** "hard (1563)" of a `difficulty` ({rating, tier, tier_words}), or "" for none. */
export function difficultyText(difficulty) {
  return difficulty ? format(gettext("%(tier)s (%(rating)s)"), { tier: difficulty.tier_words, rating: difficulty.rating }) : "";
}

/** "difficulty: hard (1563)" as an element marked with its tier, or null for none. */
export function difficultyNode(difficulty) {
  if (!difficulty) return null;
  return h("span", { class: "difficulty", dataset: { tier: difficulty.tier } },
    format(gettext("difficulty: %(difficulty)s"), { difficulty: difficultyText(difficulty) }));
}
