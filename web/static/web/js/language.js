// The header's language switch: choosing a language posts the form at once (Django's
// set_language keeps the choice in a cookie) and comes back to this very page.
const form = document.getElementById("language-form");

if (form) {
  form.querySelector("#language-go").hidden = true;
  form.language.addEventListener("change", () => {
    form.next.value = window.location.pathname + window.location.search;
    form.submit();
  });
}
