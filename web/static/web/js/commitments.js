// Commitments: each daily board's deal is fixed before anyone plays it. The day before, the
// server shows SHA-256("<code>\n<salt>"); after the close, the code and the salt. Anyone can
// check the pair with `printf '%s\n%s' CODE SALT | sha256sum`, and the archive checks it here.
import { h } from "./dom.js";
import { format, gettext } from "./i18n.js";

/** The shell line that checks one board: what the page shows next to a closed day's deal. */
export function checkCommand(code, salt) {
  return `printf '%s\\n%s' ${code} ${salt} | sha256sum`;
}

/** SHA-256 (hex) of "<code>\n<salt>", or null where the browser offers no digest (an insecure
 * origin: the shell line above still works). */
export async function commitmentOf(code, salt) {
  if (!globalThis.crypto || !globalThis.crypto.subtle) return null;
  const bytes = new TextEncoder().encode(`${code}\n${salt}`);
  const digest = await globalThis.crypto.subtle.digest("SHA-256", bytes);
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** "<label>: <commitment>" as a list item (a sealed board: only its commitment is known). */
export function commitmentItem(label, commitment) {
  return h("li", { class: "commitment" }, `${label}: `, h("code", { class: "hash" }, commitment));
}

/**
 * A closed board's proof: its commitment, its salt, the line to check them, and whether this
 * browser found they match (filled in once the digest is computed).
 */
export function proofItem(code, salt, commitment) {
  const verdict = h("span", { class: "verdict", dataset: { verdict: "pending" } });
  commitmentOf(code, salt).then((computed) => {
    if (computed === null) return;
    const good = computed === commitment;
    verdict.dataset.verdict = good ? "match" : "mismatch";
    verdict.textContent = good ? gettext("checks out") : gettext("does not match!");
  });
  return h("details", { class: "proof" },
    h("summary", {}, gettext("Fixed in advance"), " ", verdict),
    h("p", {}, format(gettext("Commitment shown before the day: %(hash)s"), { hash: "" }),
      h("code", { class: "hash" }, commitment)),
    h("p", {}, format(gettext("Salt: %(salt)s"), { salt: "" }), h("code", { class: "hash" }, salt)),
    h("p", {}, gettext("Check it yourself:"), " ", h("code", { class: "hash" }, checkCommand(code, salt))));
}
