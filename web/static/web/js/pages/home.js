// Home: today's two deals with their live top entries, and the code box.
import { api, endpoints, pages } from "../api.js";
import { renderBoardList } from "../board_list.js";
import { byId, say } from "../dom.js";
import { LiveBoard } from "../live.js";
import { initAccount } from "../session.js";

function showDeal(panel, code, me, par) {
  panel.querySelector("[data-code]").textContent = code;
  const parNode = panel.querySelector("[data-par]");
  parNode.hidden = par == null;
  parNode.textContent = par == null ? "" : `par ${par} moves`;
  panel.querySelector("[data-play]").href = pages.play(code);
  panel.querySelector("[data-board]").href = pages.board(code);
  const list = panel.querySelector("[data-entries]");
  new LiveBoard(code, {
    limit: 5,
    onChange: ({ entries, changed }) => renderBoardList(list, entries, { me, changed, empty: "No one has played it yet: be the first." }),
  }).start();
}

function wireCodeBox() {
  const form = byId("code-form");
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    // No format check here: the engine is the one place that knows what a code is, and
    // the page for a bad code explains what is wrong with it.
    const code = form.code.value.trim();
    if (!code) {
      say(byId("code-error"), "Type a code such as CF1-D3-ABCDEFG.", "error");
      return;
    }
    const target = event.submitter && event.submitter.value === "board" ? pages.board(code) : pages.play(code);
    window.location.assign(target);
  });
}

async function main() {
  // Wired before the first await: a press meanwhile would submit the form natively, which
  // only reloads this page (on a slow line, or a loaded CI machine, the code box "does nothing").
  wireCodeBox();
  const user = await initAccount();
  try {
    const daily = await api("GET", endpoints.daily);
    byId("daily-date").textContent = `Deal of ${daily.date} (UTC).`;
    for (const panel of document.querySelectorAll(".daily-deal")) {
      const code = daily.codes[panel.dataset.mode];
      if (code) showDeal(panel, code, user && user.username, daily.par && daily.par[panel.dataset.mode]);
    }
  } catch (error) {
    byId("daily-date").textContent = `Today's deal is not available: ${error.message}`;
  }
}

main();
