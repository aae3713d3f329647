// Replay viewer: step through any game's log; every position comes from the
// server replaying the log (`state/?at=seq`), never from client-side rules.
import { allItems, api, endpoints, pageData, pages } from "../api.js";
import { lineChart, redrawOnResize } from "../charts.js";
import { boardLabel } from "../daily.js";
import { byId, h, say } from "../dom.js";
import { initAccount, playerName } from "../session.js";
import { keepSettings, onSettingsChange, setting } from "../settings.js";
import { renderState, renderStats } from "../table_view.js";
import { format, gettext } from "../i18n.js";
import { moveWords, pointCount } from "../words.js";

/** The autoplay's pace by the Speed choice (ms a step): the Replay speed setting. */
const stepMs = () => Number(byId("replay-speed").value) || 700;

const replay = { id: null, steps: [0], tokens: [""], scores: [0], index: 0, states: new Map(), timer: null };

async function stateAt(seq) {
  if (!replay.states.has(seq)) {
    const request = api("GET", endpoints.stateAt(replay.id, seq)).then((data) => data.state ?? data);
    replay.states.set(seq, request);
    request.catch(() => replay.states.delete(seq));
  }
  return replay.states.get(seq);
}

async function show(index) {
  replay.index = Math.max(0, Math.min(index, replay.steps.length - 1));
  const seq = replay.steps[replay.index];
  let state;
  try {
    state = await stateAt(seq);
  } catch (error) {
    say(byId("status"), format(gettext("Cannot load position %(seq)s: %(error)s"), { seq, error: error.message }), "error");
    return;
  }
  // The position before the action names the card it moved, for the caption.
  const before = replay.index ? await stateAt(replay.steps[replay.index - 1]).catch(() => null) : null;
  if (replay.steps[replay.index] !== seq) return;
  renderState(state, { interactive: false });
  // The actions that made this position, as the boards count them (a final resign is none).
  renderStats({ ...state, actions: replay.tokens[replay.index] === "resign" ? seq - 1 : seq });
  byId("stat-step").textContent = `${replay.index}/${replay.steps.length - 1}`;
  byId("scrubber").value = String(replay.index);
  const token = replay.tokens[replay.index];
  say(byId("status"), replay.index
    ? format(gettext("Action %(seq)s: %(move)s; score %(score)s."), { seq, move: moveWords(token, before), score: state.score })
    : gettext("The deal, before the first action."));
  for (const button of byId("action-list").querySelectorAll("button")) {
    const current = Number(button.dataset.index) === replay.index;
    if (current) {
      button.setAttribute("aria-current", "step");
      followInList(button);
    } else {
      button.removeAttribute("aria-current");
    }
  }
  drawScore();
  if (replay.index + 1 < replay.steps.length) stateAt(replay.steps[replay.index + 1]).catch(() => {});
}

/** Scroll the action list (and only it: scrollIntoView would scroll the page too, taking the
 * board away on a phone, where the list is below it) so that `button` is in its box. */
function followInList(button) {
  const list = byId("action-list");
  const item = button.getBoundingClientRect();
  const box = list.getBoundingClientRect();
  if (item.top < box.top) list.scrollTop -= box.top - item.top;
  else if (item.bottom > box.bottom) list.scrollTop += item.bottom - box.bottom;
}

function drawScore() {
  lineChart(byId("score-chart"), replay.scores, {
    cursor: replay.index, onPick: (index) => { stop(); show(index); }, xTitle: gettext("actions"),
  });
  byId("score-chart").setAttribute("aria-label",
    format(gettext("Score along the %(actions)s actions; now %(points)s at step %(step)s."), {
      actions: replay.steps.length - 1, points: pointCount(replay.scores[replay.index]), step: replay.index,
    }));
}

function stop() {
  clearInterval(replay.timer);
  replay.timer = null;
  const button = byId("play");
  button.textContent = `▶ ${gettext("Play")}`;
  button.setAttribute("aria-pressed", "false");
  button.setAttribute("aria-label", gettext("Play"));
}

function toggleAutoplay() {
  if (replay.timer) return stop();
  if (replay.index >= replay.steps.length - 1) show(0);
  const button = byId("play");
  button.textContent = `⏸ ${gettext("Pause")}`;
  button.setAttribute("aria-pressed", "true");
  button.setAttribute("aria-label", gettext("Pause"));
  replay.timer = setInterval(() => {
    if (replay.index >= replay.steps.length - 1) stop();
    else show(replay.index + 1);
  }, stepMs());
}

/** The Speed choice: the Replay speed setting at first; a change applies at once and is kept
 * as the setting (the Settings panel shows the same). */
function wireSpeed() {
  const select = byId("replay-speed");
  select.value = String(setting("replay_speed") || 700);
  onSettingsChange((values) => { select.value = String(values.replay_speed); });
  select.addEventListener("change", () => {
    keepSettings({ replay_speed: Number(select.value) });
    if (replay.timer) {
      stop();
      toggleAutoplay();
    }
  });
}

function wire() {
  byId("first").addEventListener("click", () => { stop(); show(0); });
  byId("back").addEventListener("click", () => { stop(); show(replay.index - 1); });
  byId("forward").addEventListener("click", () => { stop(); show(replay.index + 1); });
  byId("last").addEventListener("click", () => { stop(); show(replay.steps.length - 1); });
  byId("play").addEventListener("click", toggleAutoplay);
  wireSpeed();
  byId("scrubber").addEventListener("input", (event) => { stop(); show(Number(event.target.value)); });
  document.addEventListener("keydown", (event) => {
    if (event.target.closest && event.target.closest("input:not([type=range]), textarea")) return;
    const moves = { ArrowLeft: -1, ArrowRight: 1 };
    if (event.key in moves) { event.preventDefault(); stop(); show(replay.index + moves[event.key]); }
    if (event.key === "Home") { event.preventDefault(); stop(); show(0); }
    if (event.key === "End") { event.preventDefault(); stop(); show(replay.steps.length - 1); }
  });
}

async function main() {
  await initAccount();
  replay.id = pageData().game;
  wire();
  redrawOnResize(drawScore);
  try {
    const [game, log] = await Promise.all([
      api("GET", endpoints.game(replay.id)),
      allItems(endpoints.actions(replay.id), "actions"),
    ]);
    const player = playerName(game.player);
    byId("replay-who").textContent = format(gettext("of %(name)s's game #%(id)s"), { name: player, id: game.id });
    byId("game-code").textContent = game.code || boardLabel(game.board);
    byId("game-code").href = pages.board(game.board);
    const ordered = [...log].sort((a, b) => a.seq - b.seq);
    replay.steps = [0, ...ordered.map((action) => action.seq)];
    replay.tokens = ["", ...ordered.map((action) => action.token)];
    replay.scores = [0, ...ordered.map((action) => action.score_after)];
    byId("scrubber").max = String(replay.steps.length - 1);
    byId("action-list").replaceChildren(...ordered.map((action, index) => h("li", {},
      h("button", {
        type: "button", dataset: { index: index + 1 },
        "aria-label": format(gettext("Go to action %(seq)s, score %(score)s"), { seq: action.seq, score: action.score_after }),
        onclick: () => { stop(); show(index + 1); },
      }, action.token))));
    await show(0);
  } catch (error) {
    say(byId("status"), error.status === 404 ? gettext("There is no such game.") : error.message, "error");
  }
}

main();
