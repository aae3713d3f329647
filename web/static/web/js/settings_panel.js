// The header's Settings panel on every page, and the settings' trip to and from the account:
// once signed in, the account's settings win over this browser's (those the account never
// saved are this browser's, and are saved to it); a change is kept here and, signed in, there.
import { api, endpoints } from "./api.js";
import { byId, say } from "./dom.js";
import { gettext } from "./i18n.js";
import { currentUser } from "./session.js";
import { allSettings, applySettings, browserSettings, catalogue, keepSettings, onSettingsChange } from "./settings.js";

let signedIn = false;

/** The form's controls show the settings in force. */
function showValues(form, values) {
  for (const [key, value] of Object.entries(values)) {
    const control = form.elements.namedItem(key);
    if (!control) continue;
    if (control.type === "checkbox") control.checked = Boolean(value);
    else control.value = String(value);
  }
}

/** A control's value as the catalogue's type: a switch is a boolean, milliseconds a number. */
function controlValue(control) {
  if (control.type === "checkbox") return control.checked;
  const entry = catalogue()[control.name];
  return entry && typeof entry.default === "number" ? Number(control.value) : control.value;
}

/** Save this browser's settings to the account (signed in only); a refusal is said in the panel. */
async function saveToAccount() {
  if (!signedIn) return;
  const error = byId("settings-form").querySelector(".form-error");
  try {
    await api("PUT", endpoints.meSettings, browserSettings());
    say(error, "");
  } catch (problem) {
    const detail = problem.data && problem.data.detail ? problem.message : null;
    say(error, detail || gettext("Your settings could not be saved to your account; they are kept in this browser."), "error");
  }
}

/** Lay the account's settings over this browser's, then save any the account lacked. */
async function syncWithAccount() {
  const user = await currentUser().catch(() => null);
  if (!user) return;
  signedIn = true;
  const local = browserSettings();
  const answer = await api("GET", endpoints.meSettings).catch(() => null);
  if (!answer) return;
  keepSettings(answer.settings, { byPlayer: false });
  const missing = Object.keys(local).some((key) => !(key in answer.settings));
  if (missing) await saveToAccount();
  document.documentElement.dataset.settingsSynced = "true";
}

function wirePanel() {
  const dialog = byId("settings-dialog");
  const form = byId("settings-form");
  const button = byId("settings-button");
  if (!dialog || !form || !button) return;
  button.addEventListener("click", () => {
    showValues(form, allSettings());
    dialog.showModal();
  });
  form.addEventListener("change", (event) => {
    const control = event.target;
    if (!control.name) return;
    keepSettings({ [control.name]: controlValue(control) });
  });
  // Whatever changed a setting (this panel, the table's tap switch, the replay's speed).
  onSettingsChange((values, { byPlayer }) => {
    showValues(form, values);
    if (byPlayer) saveToAccount();
  });
}

applySettings();
wirePanel();
syncWithAccount();
