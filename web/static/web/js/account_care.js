// "Your account" on the player's own page: change the password (POST /api/me/password/),
// delete the account (DELETE /api/me/, confirmed with the password). The export links are
// plain downloads; the server renders this section for the owner alone.
import { api, ApiError, endpoints } from "./api.js";
import { byId, say } from "./dom.js";
import { gettext } from "./i18n.js";

/** What a refusal says: the messages of the fields at fault (each input marked), else the
 * error's detail. */
function refusal(form, error) {
  if (!(error instanceof ApiError)) return gettext("Something went wrong. Try again.");
  const fields = error.data.fields || {};
  for (const [name, messages] of Object.entries(fields)) {
    const input = form.elements.namedItem(name);
    if (input && Array.isArray(messages)) input.setAttribute("aria-invalid", "true");
  }
  return error.message; // the fields' messages (api.js), else the detail
}

async function changePassword(event) {
  event.preventDefault();
  const form = event.currentTarget;
  const button = form.querySelector("button[type=submit]");
  const done = form.querySelector(".form-done");
  for (const input of form.querySelectorAll("[aria-invalid]")) input.removeAttribute("aria-invalid");
  say(form.querySelector(".form-error"), "");
  done.textContent = "";
  button.disabled = true;
  try {
    await api("POST", endpoints.mePassword, {
      current_password: form.current_password.value,
      new_password: form.new_password.value,
    });
    form.reset();
    done.textContent = gettext("Your password is changed.");
  } catch (error) {
    say(form.querySelector(".form-error"), refusal(form, error), "error");
  } finally {
    button.disabled = false;
  }
}

/** Delete the account; once done the browser is signed out, and home says so. */
async function deleteAccount(event) {
  event.preventDefault();
  const form = event.currentTarget;
  const button = form.querySelector("button[type=submit]");
  form.password.removeAttribute("aria-invalid");
  say(form.querySelector(".form-error"), "");
  button.disabled = true;
  try {
    await api("DELETE", endpoints.me, { password: form.password.value });
    window.location.assign("/");
  } catch (error) {
    say(form.querySelector(".form-error"), refusal(form, error), "error");
    button.disabled = false;
  }
}

/** Wire the account's forms, if this page has them (the owner's own page, an account). */
export function initAccountCare() {
  for (const [id, submit] of [["password-form", changePassword], ["delete-form", deleteAccount]]) {
    const form = byId(id);
    if (!form) continue;
    form.addEventListener("submit", submit);
    // Disabled until now: a form sent before its script ran would go out as a GET, passwords
    // in the URL.
    form.querySelector("button[type=submit]").disabled = false;
  }
}
