// The pages' words in the reader's language. Django's JavaScript catalogue (/jsi18n/, a classic
// script loaded by base.html before any module) defines the globals; without it (a page test
// that loads a module alone) every string stays the English it was written in.
//
// Write `gettext("literal")` at the call site, never a variable: `makemessages -d djangojs`
// finds the strings to translate by that call.

const catalogue = globalThis;

/** The translation of `message` (English when none). */
export const gettext = (message) =>
  typeof catalogue.gettext === "function" ? catalogue.gettext(message) : message;

/** Singular or plural by `count`, translated. */
export const ngettext = (singular, plural, count) =>
  typeof catalogue.ngettext === "function"
    ? catalogue.ngettext(singular, plural, count)
    : count === 1
      ? singular
      : plural;

/** Fill `%(name)s` placeholders from `values`: `format(gettext("rank %(rank)s"), {rank: 3})`. */
export const format = (template, values) =>
  template.replace(/%\((\w+)\)s/g, (whole, name) => (name in values ? String(values[name]) : whole));

/** The page's language, as the server chose it (`<html lang>`); English with no page (node's tests). */
export const language = () => (globalThis.document && document.documentElement.lang) || "en";

/** A number in the page's language (`1,234`, `1.234`), by Intl. */
export const formatNumber = (value, options = {}) =>
  new Intl.NumberFormat(language(), options).format(value);

/** A date (an ISO day or date-time) in the page's language, in UTC: the day the game counts. */
export const formatDate = (value, options = { dateStyle: "long" }) =>
  new Intl.DateTimeFormat(language(), { timeZone: "UTC", ...options })
    .format(new Date(value.length === 10 ? `${value}T00:00:00Z` : value));

/** A date and time in the page's language, in UTC ("1 December 2026, 00:00 UTC"). */
export const formatDateTime = (value) =>
  formatDate(value, {
    year: "numeric", month: "long", day: "numeric", hour: "2-digit", minute: "2-digit", timeZoneName: "short",
  });

/** Like `format`, but a value may be a DOM node (a countdown, a link): returns the pieces to
 * append, so a translated sentence keeps its elements wherever its language puts them. */
export const formatNodes = (template, values) =>
  template.split(/(%\(\w+\)s)/).filter(Boolean).map((piece) => {
    const name = /^%\((\w+)\)s$/.exec(piece);
    return name && name[1] in values ? values[name[1]] : piece;
  });
