// The player's settings (card size, colours, sound, the tap rule, ...), kept in this browser's
// localStorage and, signed in, with the account (`/api/me/settings/`; settings_panel.js syncs).
// Which keys exist, their choices and defaults come from the page (`#settings-catalogue`,
// rendered from accounts/preferences.py): this module keeps no list of its own.
const STORE_KEY = "canfield.settings";
// Keys the table and the replay page used before the settings existed, read once.
const OLD_TAP_KEY = "canfield.doubleClick";
const OLD_SPEED_KEY = "canfield.replaySpeed";

const listeners = new Set();
let cachedCatalogue = null;

/** `{key: {default, choices}}` from the page; an empty catalogue on a page without one. */
export function catalogue() {
  if (cachedCatalogue) return cachedCatalogue;
  const node = globalThis.document && document.getElementById("settings-catalogue");
  cachedCatalogue = node ? JSON.parse(node.textContent) || {} : {};
  return cachedCatalogue;
}

/** Whether `value` is one of the choices of `key` (of the same JSON type: "700" is not 700). */
export function allowed(key, value) {
  const entry = catalogue()[key];
  return Boolean(entry) && entry.choices.some((choice) => choice === value);
}

function storage() {
  try {
    return globalThis.localStorage || null;
  } catch {
    return null;  // a browser that refuses storage: the defaults, this page only
  }
}

function readStored() {
  const store = storage();
  if (!store) return {};
  let kept;
  try {
    kept = JSON.parse(store.getItem(STORE_KEY) || "{}") || {};
  } catch {
    kept = {};  // not JSON any more (edited by hand): the defaults
  }
  if (typeof kept !== "object" || Array.isArray(kept)) kept = {};
  const oldTap = store.getItem(OLD_TAP_KEY);
  if (!("tap_rule" in kept) && oldTap) kept.tap_rule = oldTap === "off" ? "home_only" : "home_or_column";
  const oldSpeed = store.getItem(OLD_SPEED_KEY);
  if (!("replay_speed" in kept) && oldSpeed) kept.replay_speed = Number(oldSpeed);
  return kept;
}

/** This browser's settings, each one allowed (a stale or edited value falls back to its default). */
export function browserSettings() {
  const kept = readStored();
  return Object.fromEntries(Object.keys(catalogue()).filter((key) => allowed(key, kept[key])).map((key) => [key, kept[key]]));
}

/** Every setting's value: this browser's, else the default. */
export function allSettings() {
  const defaults = Object.fromEntries(Object.entries(catalogue()).map(([key, entry]) => [key, entry.default]));
  return { ...defaults, ...browserSettings() };
}

/** One setting's value (undefined for a key the catalogue does not have). */
export function setting(key) {
  return allSettings()[key];
}

/**
 * Keep `values` (merged over this browser's) and tell the page; refused values are left out.
 * `byPlayer`: a change the player made here (the panel saves it to the account), not the
 * account's own settings arriving.
 */
export function keepSettings(values, { byPlayer = true } = {}) {
  const clean = Object.fromEntries(Object.entries(values).filter(([key, value]) => allowed(key, value)));
  const next = { ...browserSettings(), ...clean };
  const store = storage();
  if (store) {
    try {
      store.setItem(STORE_KEY, JSON.stringify(next));
      store.removeItem(OLD_TAP_KEY);
      store.removeItem(OLD_SPEED_KEY);
    } catch { /* full or private: this page keeps them until it is left */ }
  }
  applySettings();
  for (const listener of listeners) listener(allSettings(), { byPlayer });
  return next;
}

/** Call `listener(settings, {byPlayer})` whenever a setting changes on this page. */
export function onSettingsChange(listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The look settings as attributes of <html> (settings.css styles them). */
export function applySettings() {
  if (!globalThis.document) return;
  const values = allSettings();
  const root = document.documentElement.dataset;
  root.cardSize = values.card_size;
  root.cardBack = values.card_back;
  root.felt = values.felt;
  root.fourColour = String(Boolean(values.four_colour));
  root.hand = values.left_handed ? "left" : "right";
}
