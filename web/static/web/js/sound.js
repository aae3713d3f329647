// Short sounds, made here with WebAudio (no file, no CDN), and only with the Sound setting on
// (off by default): a soft click for a move, a low blip for a refusal, a rising chord for a win.
import { setting } from "./settings.js";

const TONES = {
  move: [[660, 0, 0.05]],
  refused: [[200, 0, 0.09]],
  won: [[523, 0, 0.12], [659, 0.1, 0.12], [784, 0.2, 0.2]],
};

let context = null;

/** Play `kind` ("move", "refused", "won") if sounds are on; the notes played, for the tests. */
export function playSound(kind) {
  if (!setting("sound") || !TONES[kind]) return 0;
  const Audio = globalThis.AudioContext || globalThis.webkitAudioContext;
  if (!Audio) return 0;
  try {
    context = context || new Audio();
    const start = context.currentTime;
    for (const [frequency, at, length] of TONES[kind]) {
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.type = "sine";
      oscillator.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, start + at);
      gain.gain.exponentialRampToValueAtTime(0.15, start + at + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + at + length);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(start + at);
      oscillator.stop(start + at + length + 0.02);
    }
    document.documentElement.dataset.lastSound = kind;
    return TONES[kind].length;
  } catch {
    return 0;  // no audio device: play on in silence
  }
}
