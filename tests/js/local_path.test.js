import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { localPath } from "../../web/static/web/js/local_path.js";

const ORIGIN = "https://arena.example";

describe("localPath", () => {
  it("keeps a path of this site, with its query and fragment", () => {
    assert.equal(localPath("/?play=D1", ORIGIN), "/?play=D1");
    assert.equal(localPath("/games/12/#results", ORIGIN), "/games/12/#results");
  });

  it("refuses anything that leaves the site, or is no path", () => {
    for (const next of ["//evil.example/", "/\\evil.example", "https://evil.example/", "javascript:alert(1)",
      "evil.example", "", null, undefined, 42]) {
      assert.equal(localPath(next, ORIGIN), null, String(next));
    }
  });
});
