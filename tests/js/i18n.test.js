import assert from "node:assert/strict";
import { afterEach, describe, it } from "node:test";

import { format, formatDate, formatNodes, formatNumber, gettext, language, ngettext } from "../../web/static/web/js/i18n.js";

describe("translation helpers", () => {
  afterEach(() => {
    delete globalThis.gettext;
    delete globalThis.ngettext;
  });

  it("keep the English without Django's catalogue", () => {
    assert.equal(gettext("Sign in"), "Sign in");
    assert.equal(ngettext("%(count)s card", "%(count)s cards", 1), "%(count)s card");
    assert.equal(ngettext("%(count)s card", "%(count)s cards", 0), "%(count)s cards");
    assert.equal(ngettext("%(count)s card", "%(count)s cards", 2), "%(count)s cards");
  });

  it("ask the catalogue's globals when the page has them", () => {
    globalThis.gettext = (message) => ({ "Sign in": "Masuk" })[message] || message;
    globalThis.ngettext = (singular, plural, count) => `${count}:${count === 1 ? singular : plural}`;
    assert.equal(gettext("Sign in"), "Masuk");
    assert.equal(gettext("Sign out"), "Sign out");
    assert.equal(ngettext("a", "b", 1), "1:a");
  });
});

describe("format", () => {
  it("fills named placeholders and leaves unknown ones as they are", () => {
    assert.equal(format("rank %(rank)s of %(total)s", { rank: 3, total: 10 }), "rank 3 of 10");
    assert.equal(format("%(a)s and %(a)s, %(b)s", { a: "x" }), "x and x, %(b)s");
    assert.equal(format("%(count)s", { count: 0 }), "0");
  });

  it("keeps nodes as pieces where the sentence puts them", () => {
    const node = { tag: "time" };
    assert.deepEqual(formatNodes("closes in %(countdown)s: sealed", { countdown: node }), ["closes in ", node, ": sealed"]);
    assert.deepEqual(formatNodes("%(countdown)s left", { countdown: node }), [node, " left"]);
    assert.deepEqual(formatNodes("%(other)s", {}), ["%(other)s"]);
  });
});

describe("numbers and dates", () => {
  it("are in English where no page names a language", () => {
    assert.equal(language(), "en");
    assert.equal(formatNumber(1234567), "1,234,567");
  });

  it("read a day as the UTC day it names, whatever the machine's zone", () => {
    assert.equal(formatDate("2026-12-01"), "December 1, 2026");
    assert.equal(formatDate("2026-12-01T23:30:00Z", { dateStyle: "medium" }), "Dec 1, 2026");
  });
});
