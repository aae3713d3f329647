// The app installs: register the service worker (/sw.js, web/installable.py), which keeps the
// app shell and shows the offline page while the network is down. It keeps the offline page in
// the language of the page that registered it: a page in another language asks for it again.
const LANGUAGE_KEY = "canfield.offlineLanguage";

async function register() {
  if (!("serviceWorker" in navigator)) return;
  try {
    const registration = await navigator.serviceWorker.register("/sw.js", { scope: "/" });
    const language = document.documentElement.lang;
    if (localStorage.getItem(LANGUAGE_KEY) === language) return;
    // A worker being installed keeps this page's language already; an active one is told.
    if (registration.active) registration.active.postMessage({ type: "offline-language" });
    localStorage.setItem(LANGUAGE_KEY, language);
  } catch {
    // No service worker (a private window, an old browser): the app works online as before.
  }
}

register();
