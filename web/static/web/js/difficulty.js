// A daily deal's difficulty as every page shows it: its tier in words beside its number once
// the day has closed and been rated ("hard (1563)"); before that, the tier its prior expects
// ("hard (expected)": the server sends the prior's tier, never its number); and while the
// deal's table par, which that tier comes from, is still being computed (the board's
// `table_par_status` is "pending"), that it is being worked out, not a silence. The tier comes
// in the reader's language (`tier_words`), so the tiers have one home: the server.
import { h } from "./dom.js";
import { format, gettext } from "./i18n.js";

/** "hard (1563)" of a rated `difficulty` ({rating, tier, tier_words}), else "hard (expected)"
 * of an `expected` tier ({tier, tier_words}), else "being worked out…" while the board's
 * `table_par_status` is "pending", else "". */
export function difficultyText(difficulty, expected = null, status = null) {
  if (difficulty) return format(gettext("%(tier)s (%(rating)s)"), { tier: difficulty.tier_words, rating: difficulty.rating });
  if (expected) return format(gettext("%(tier)s (expected)"), { tier: expected.tier_words });
  return status === "pending" ? gettext("being worked out…") : "";
}

/** "difficulty: hard (1563)" (or "difficulty: hard (expected)", or "difficulty: being worked
 * out…") as an element marked with its tier and where it comes from (`data-source`: rated,
 * prior or pending), or null for none of them. */
export function difficultyNode(difficulty, expected = null, status = null) {
  const shown = difficulty || expected;
  const text = difficultyText(difficulty, expected, status);
  if (!text) return null;
  const dataset = shown ? { tier: shown.tier, source: difficulty ? "rated" : "prior" } : { source: "pending" };
  return h("span", { class: "difficulty", dataset }, format(gettext("difficulty: %(difficulty)s"), { difficulty: text }));
}
