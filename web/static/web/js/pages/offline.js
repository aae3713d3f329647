// The offline page (the service worker shows it in place of a page while the network is down):
// back online, the page that was asked for loads again, its game where it was left. The
// browser's "online" event is not always told (a network that comes back quietly), so the
// page also asks the server, every few seconds, whether it answers.
const EVERY_MS = 3000;
const retry = () => window.location.reload();

async function answers() {
  try {
    const response = await fetch("/api/health/", { cache: "no-store" });
    return response.ok;
  } catch {
    return false;
  }
}

document.getElementById("offline-retry").addEventListener("click", retry);
window.addEventListener("online", retry);
setInterval(async () => {
  if (await answers()) retry();
}, EVERY_MS);
