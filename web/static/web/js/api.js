// REST client of the Canfield Arena API (session auth + CSRF).
// Every game action goes through here, so the server verifies and logs it.
import { gettext } from "./i18n.js";

/**
 * The messages of a refusal's fields (`fields` of a 400 `invalid_input`: `{name: [message]}`),
 * each in the reader's language and without its field's name: the body's `detail` begins with
 * the API's field name ("password: …"), which is for programs, not people.
 */
export function fieldMessages(data) {
  const fields = data && data.fields;
  if (!fields || typeof fields !== "object") return [];
  const texts = (value) => (typeof value === "string" ? [value]
    : Array.isArray(value) ? value.flatMap(texts)
      : value && typeof value === "object" ? Object.values(value).flatMap(texts) : []);
  return Object.values(fields).flatMap(texts);
}

/** An API call that did not succeed: `status` is the HTTP status, `data` the JSON error body;
 * its message is what a person is told (a field's message, else the body's detail). */
export class ApiError extends Error {
  constructor(status, data) {
    const fields = fieldMessages(data);
    super(fields.length ? fields.join(" ") : (data && (data.detail || data.error)) || `HTTP ${status}`);
    this.status = status;
    this.data = data || {};
  }
  get code() { return this.data.error || ""; }
}

/** The CSRF token Django put in the `csrftoken` cookie (the pages ensure it exists). */
export function csrfToken() {
  const match = document.cookie.match(/(?:^|;\s*)csrftoken=([^;]+)/);
  return match ? decodeURIComponent(match[1]) : "";
}

/** Call the API; resolves to the JSON body (null for 204), rejects with ApiError. */
export async function api(method, path, body) {
  const headers = { Accept: "application/json" };
  const init = { method, headers, credentials: "same-origin" };
  if (body !== undefined) {
    headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  if (method !== "GET") headers["X-CSRFToken"] = csrfToken();
  let response;
  try {
    response = await fetch(path, init);
  } catch (error) {
    throw new ApiError(0, { error: "network", detail: gettext("The server cannot be reached. Check your connection.") });
  }
  const text = await response.text();
  let data = null;
  if (text) {
    try { data = JSON.parse(text); } catch { data = { error: "bad_response", detail: text.slice(0, 200) }; }
  }
  if (!response.ok) throw new ApiError(response.status, data);
  return data;
}

/** Follow the `next` links of a paged list (`GET …/actions/`) and return every item of its
 * `field` (bounded by `maxPages`). */
export async function allItems(path, field, maxPages = 200) {
  const items = [];
  let next = path;
  for (let page = 0; next && page < maxPages; page += 1) {
    const data = await api("GET", next);
    items.push(...data[field]);
    next = data.next ? sameOriginPath(data.next) : null;
  }
  return items;
}

function sameOriginPath(url) {
  const parsed = new URL(url, window.location.href);
  return parsed.pathname + parsed.search;
}

export const endpoints = {
  me: "/api/me/",
  mePassword: "/api/me/password/",
  meSettings: "/api/me/settings/",
  session: "/api/session/",
  players: "/api/players/",
  player: (name) => `/api/players/${encodeURIComponent(name)}/`,
  playerRatings: (name) => `/api/players/${encodeURIComponent(name)}/ratings/`,
  // A season's standings; `query` a URLSearchParams (period, draw, who, season, limit...).
  seasons: (query) => `/api/seasons/?${query}`,
  playerStats: (name, month = null) =>
    `/api/players/${encodeURIComponent(name)}/stats/${month ? `?month=${encodeURIComponent(month)}` : ""}`,
  daily: "/api/daily/",
  dailyDay: (day) => `/api/daily/${encodeURIComponent(day)}/`,
  archive: (before, limit = 10) => `/api/daily/?${before ? `before=${encodeURIComponent(before)}&` : ""}limit=${limit}`,
  games: "/api/games/",
  game: (id) => `/api/games/${id}/`,
  actions: (id) => `/api/games/${id}/actions/`,
  stateAt: (id, seq) => `/api/games/${id}/state/?at=${seq}`,
  resign: (id) => `/api/games/${id}/resign/`,
  hint: (id) => `/api/games/${id}/hint/`,
  // `board` is a deal code or a daily board id (daily-2026-12-01-D3).
  board: (board, query = "") => `/api/leaderboards/${encodeURIComponent(board)}/${query}`,
  field: (board, who = "humans") => `/api/leaderboards/${encodeURIComponent(board)}/field/?who=${encodeURIComponent(who)}`,
  line: (day, mode) => `/api/daily/${encodeURIComponent(day)}/${mode}/line/`,
  live: "/api/live/",
  practice: "/api/practice/",
};

export const pages = {
  play: (code) => `/play/${encodeURIComponent(code)}/`,
  game: (id) => `/games/${id}/`,
  board: (board) => `/boards/${encodeURIComponent(board)}/`,
  archive: (before = null) => (before ? `/daily/?before=${encodeURIComponent(before)}` : "/daily/"),
  line: (day, mode) => `/daily/${encodeURIComponent(day)}/${mode}/line/`,
  player: (name) => `/players/${encodeURIComponent(name)}/`,
  seasons: (query) => `/seasons/?${query}`,
  replay: (id) => `/replay/${id}/`,
  // Home with today's ranked daily of `mode` ("D3" or "D1") on the felt (where sign-up returns).
  homeDaily: (mode) => `/?play=${encodeURIComponent(mode)}`,
};

/** The parameters the Django view handed to the page. */
export function pageData() {
  const node = document.getElementById("page-data");
  return node ? JSON.parse(node.textContent) : {};
}
