// A daily deal's difficulty as every page shows it: its tier in words beside its number once
// the day has closed and been rated ("hard (1563)"); before that, the tier its prior expects
// ("hard (expected)": the server sends the prior's tier, never its number). The tier comes in
// the reader's language (`tier_words`), so the tiers have one home: the server.
import { h } from "./dom.js";
import { format, gettext } from "./i18n.js";

/** "hard (1563)" of a rated `difficulty` ({rating, tier, tier_words}), else "hard (expected)"
 * of an `expected` tier ({tier, tier_words}), else "". */
export function difficultyText(difficulty, expected = null) {
  if (difficulty) return format(gettext("%(tier)s (%(rating)s)"), { tier: difficulty.tier_words, rating: difficulty.rating });
  return expected ? format(gettext("%(tier)s (expected)"), { tier: expected.tier_words }) : "";
}

/** "difficulty: hard (1563)" (or "difficulty: hard (expected)") as an element marked with its
 * tier and where it comes from (`data-source`: rated or prior), or null for neither. */
export function difficultyNode(difficulty, expected = null) {
  const shown = difficulty || expected;
  if (!shown) return null;
  return h("span", { class: "difficulty", dataset: { tier: shown.tier, source: difficulty ? "rated" : "prior" } },
    format(gettext("difficulty: %(difficulty)s"), { difficulty: difficultyText(difficulty, expected) }));
}
