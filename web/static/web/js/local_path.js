// Where a form may send the reader afterwards: a path of this site, never another one. A
// `next` that names another origin ("//evil.example", "https://…", "/\evil.example", which
// browsers read as "//") is refused, so a crafted link cannot make sign-up a redirect away.

/**
 * `next` as a path of `origin` (path, query and fragment), or null when it is not one.
 *
 *     localPath("/?play=D3", "https://arena.example")          // "/?play=D3"
 *     localPath("//evil.example/", "https://arena.example")    // null
 */
export function localPath(next, origin) {
  if (typeof next !== "string" || !next.startsWith("/") || next.startsWith("//") || next.startsWith("/\\")) {
    return null;
  }
  let url;
  try {
    url = new URL(next, origin);
  } catch {
    return null;
  }
  return url.origin === origin ? `${url.pathname}${url.search}${url.hash}` : null;
}
