import assert from "node:assert/strict";
import { beforeEach, describe, it } from "node:test";

// The page as settings.js reads it: the catalogue's JSON (accounts/preferences.py renders it),
// <html>'s dataset, and this browser's localStorage.
const CATALOGUE = {
  card_size: { default: "medium", choices: ["small", "medium", "large"] },
  sound: { default: false, choices: [false, true] },
  replay_speed: { default: 700, choices: [1400, 700, 300] },
  tap_rule: { default: "home_or_column", choices: ["home_or_column", "home_only"] },
  left_handed: { default: false, choices: [false, true] },
};
const stored = new Map();
globalThis.localStorage = {
  getItem: (key) => (stored.has(key) ? stored.get(key) : null),
  setItem: (key, value) => stored.set(key, String(value)),
  removeItem: (key) => stored.delete(key),
};
globalThis.document = {
  documentElement: { dataset: {} },
  getElementById: (id) => (id === "settings-catalogue" ? { textContent: JSON.stringify(CATALOGUE) } : null),
};

const { allSettings, allowed, browserSettings, keepSettings, onSettingsChange, setting } =
  await import("../../web/static/web/js/settings.js");

describe("settings", () => {
  beforeEach(() => stored.clear());

  it("are the catalogue's defaults until the player chooses", () => {
    assert.deepEqual(allSettings(), { card_size: "medium", sound: false, replay_speed: 700, tap_rule: "home_or_column", left_handed: false });
    assert.deepEqual(browserSettings(), {});
  });

  it("take only a key's own choices, of its own JSON type", () => {
    assert.equal(allowed("replay_speed", 300), true);
    assert.equal(allowed("replay_speed", "300"), false);
    assert.equal(allowed("sound", 1), false);
    assert.equal(allowed("colour", "red"), false);
    keepSettings({ card_size: "huge", replay_speed: 300, colour: "red" });
    assert.deepEqual(browserSettings(), { replay_speed: 300 });
  });

  it("fall back to the default for a value edited by hand, or storage that is not JSON", () => {
    stored.set("canfield.settings", JSON.stringify({ card_size: "enormous", sound: true }));
    assert.equal(setting("card_size"), "medium");
    assert.equal(setting("sound"), true);
    stored.set("canfield.settings", "{not json");
    assert.equal(setting("sound"), false);
    stored.set("canfield.settings", "[1, 2]");
    assert.deepEqual(browserSettings(), {});
  });

  it("read the table's and the replay's old keys once, then keep them as settings", () => {
    stored.set("canfield.doubleClick", "off");
    stored.set("canfield.replaySpeed", "1400");
    assert.equal(setting("tap_rule"), "home_only");
    assert.equal(setting("replay_speed"), 1400);
    keepSettings({ sound: true });
    assert.equal(stored.has("canfield.doubleClick"), false);
    assert.deepEqual(JSON.parse(stored.get("canfield.settings")), { tap_rule: "home_only", replay_speed: 1400, sound: true });
  });

  it("are applied to <html> and told to the page, saying who changed them", () => {
    const heard = [];
    const stop = onSettingsChange((values, { byPlayer }) => heard.push([values.card_size, byPlayer]));
    keepSettings({ card_size: "large", left_handed: true });
    keepSettings({ card_size: "small" }, { byPlayer: false });
    stop();
    keepSettings({ card_size: "medium" });
    assert.deepEqual(heard, [["large", true], ["small", false]]);
    assert.equal(globalThis.document.documentElement.dataset.cardSize, "medium");
    assert.equal(globalThis.document.documentElement.dataset.hand, "left");
  });
});
