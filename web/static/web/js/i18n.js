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

/** The page's language, as the server chose it (`<html lang>`). */
export const language = () => document.documentElement.lang || "en";
