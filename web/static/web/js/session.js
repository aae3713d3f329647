// Who is signed in, and the sign in / sign up dialog shared by every page.
import { api, ApiError, endpoints, pages } from "./api.js";
import { format, gettext } from "./i18n.js";
import { localPath } from "./local_path.js";

let mePromise = null;

/**
 * Whether the server rendered this page for someone signed in (a guest too), or for a client
 * sending an API token (which only the API checks). A page it rendered for an anonymous
 * visitor does not ask `/api/me/`: the answer would be a 401, which the browser logs as an
 * error on every page.
 */
function renderedSignedIn() {
  const nav = document.getElementById("account");
  return !nav || nav.dataset.signedIn !== "false";
}

/** The signed-in user (`{username, ...}`) or null; asked once per page (`ask`: even if the
 * page was rendered for an anonymous visitor, who may have become a guest since). */
export function currentUser({ ask = false } = {}) {
  if (!mePromise && !ask && !renderedSignedIn()) mePromise = Promise.resolve(null);
  if (!mePromise) {
    mePromise = api("GET", endpoints.me).then(
      (me) => (me && me.username ? me : null),
      (error) => {
        if (error instanceof ApiError && (error.status === 401 || error.status === 403)) return null;
        throw error;
      },
    );
  }
  return mePromise;
}

/** Ask the server again who is signed in (a first game makes a guest) and redraw the header. */
export async function refreshAccount() {
  mePromise = null;
  const user = await currentUser({ ask: true }).catch(() => null);
  renderAccount(user);
  return user;
}

/** A player field of the API as a name, whether it is a string or `{username}`. */
export function playerName(player) {
  if (!player) return "";
  return typeof player === "string" ? player : player.username || String(player.id || "");
}

const dialog = () => document.getElementById("account-dialog");

/** The limited guest's way on of the dialog open now (null: not offered). */
let limitedWayOn = null;

/**
 * Open the account dialog in "signin" or "signup" mode, with an optional reason shown; `next`
 * is where the reader goes once signed in (a path of this site; else this page again);
 * `onLimited`, past the network's guests, the other way on (a "limited guest" button).
 */
export function openAccountDialog(mode = "signin", reason = "", { next = null, onLimited = null } = {}) {
  const node = dialog();
  const form = node.querySelector("form");
  // Past the network's guests, a second way on beside an account (guests.js): this dialog's
  // opening says whether it is offered; switching to sign in keeps it.
  if (!node.open) limitedWayOn = onLimited;
  form.querySelector("[data-limited]").hidden = !limitedWayOn;
  form.dataset.mode = mode;
  // Switching between sign in and sign up keeps where the dialog was opened to go.
  if (!node.open) form.dataset.next = next || "";
  else if (next) form.dataset.next = next;
  const signup = mode === "signup";
  node.querySelector("#account-title").textContent = signup ? gettext("Create your account") : gettext("Sign in");
  form.querySelector("[data-submit]").textContent = signup ? gettext("Create account") : gettext("Sign in");
  form.querySelector("[data-switch]").textContent = signup
    ? gettext("I already have an account") : gettext("Create an account instead");
  form.password.autocomplete = signup ? "new-password" : "current-password";
  // A bot declares itself at sign-up (its games rank apart); signing in declares nothing.
  form.querySelector("[data-signup-only]").hidden = !signup;
  if (!signup) form.bot.checked = false;
  showError(form, reason);
  if (!node.open) node.showModal();
  form.username.focus();
}

function showError(form, message) {
  const node = form.querySelector(".form-error");
  node.textContent = message || "";
  node.hidden = !message;
}

/** What a refusal says, in words (never an API field name): the fields at fault are marked. */
function describeError(form, error) {
  if (!(error instanceof ApiError)) return gettext("Something went wrong. Try again.");
  for (const name of Object.keys(error.data.fields || {})) {
    const input = form.elements.namedItem(name);
    if (input && input.setAttribute) input.setAttribute("aria-invalid", "true");
  }
  return error.message;
}

async function submitAccount(event) {
  event.preventDefault();
  const form = event.currentTarget;
  const username = form.username.value.trim();
  const password = form.password.value;
  const button = form.querySelector("[data-submit]");
  for (const input of form.querySelectorAll("[aria-invalid]")) input.removeAttribute("aria-invalid");
  button.disabled = true;
  try {
    if (form.dataset.mode === "signup") {
      await api("POST", endpoints.players, { username, password, session: true, bot: form.bot.checked });
    } else {
      await api("POST", endpoints.session, { username, password });
    }
    const next = localPath(form.dataset.next, window.location.origin);
    if (next) window.location.assign(next);
    else window.location.reload();
  } catch (error) {
    showError(form, describeError(form, error));
  } finally {
    button.disabled = false;
  }
}

async function signOut() {
  try { await api("DELETE", endpoints.session); } finally { window.location.reload(); }
}

/** The header's link to the player's page, named by `label`. */
function accountLink(user, label) {
  const link = document.createElement("a");
  link.href = pages.player(user.username);
  link.textContent = user.username;
  link.title = user.username;  // a long name ends in an ellipsis on a phone: the whole of it
  link.setAttribute("aria-label", label);
  link.id = "account-name";
  return link;
}

/** A guest's header: their name (their games), and sign up / sign in to keep those games. */
function renderGuest(nav, user) {
  const link = accountLink(user, gettext("Playing as a guest: your games"));
  const reasons = {
    signup: gettext("Choose a name and a password: the games you played as a guest stay yours."),
    signin: gettext("Sign in: the games you played as a guest move to your account."),
  };
  nav.append(link, ...accountButtons(reasons));
}

/** The Sign in and Sign up buttons; `reasons[mode]` is shown in the dialog they open. */
function accountButtons(reasons = {}) {
  return [["signin", gettext("Sign in")], ["signup", gettext("Sign up")]].map(([mode, text]) => {
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = text;
    button.id = `${mode}-button`;
    if (mode === "signup") button.className = "primary";
    button.addEventListener("click", () => openAccountDialog(mode, reasons[mode]));
    return button;
  });
}

function renderAccount(user) {
  const nav = document.getElementById("account");
  nav.dataset.state = !user ? "anonymous" : user.guest ? "guest" : "signed-in";
  nav.replaceChildren();
  if (user && user.guest) {
    renderGuest(nav, user);
  } else if (user) {
    const link = accountLink(
      user, format(gettext("Signed in as %(name)s: your games"), { name: user.username }),
    );
    const out = document.createElement("button");
    out.type = "button";
    out.textContent = gettext("Sign out");
    out.addEventListener("click", signOut);
    nav.append(link, out);
  } else {
    nav.append(...accountButtons());
  }
}

function wireDialog() {
  const node = dialog();
  const form = node.querySelector("form");
  form.querySelector("[data-limited]").addEventListener("click", () => {
    const wayOn = limitedWayOn;
    node.close();
    if (wayOn) wayOn();
  });
  form.addEventListener("submit", submitAccount);
  form.querySelector("[data-switch]").addEventListener("click", () =>
    openAccountDialog(form.dataset.mode === "signup" ? "signin" : "signup"));
  form.querySelector("[data-close]").addEventListener("click", () => node.close());
}

/** Fill the header's account area; resolves to the current user (or null). */
export async function initAccount() {
  wireDialog();
  let user;
  try {
    user = await currentUser();
  } catch {
    user = null;
  }
  renderAccount(user);
  return user;
}
