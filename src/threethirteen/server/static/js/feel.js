// What makes the table feel alive: cards that fly between the piles and the seats, short
// sounds made with the Web Audio API (no audio files), the tab title and a browser
// notification when it is the player's turn. The player's choices live in localStorage.
//
// window.ttFeel records what happened (sounds played, flights started, notifications
// shown): the browser tests read it, as a person would hear or see it.

import { cardElement } from "./cards.js";

const SOUND_KEY = "tt.sound"; // "off": muted
const NOTIFY_KEY = "tt.notify"; // "on": notify when the tab is hidden

const record = (window.ttFeel = window.ttFeel || { sounds: [], flights: [], notifications: [] });

/** Note what happened (the last 200 of each kind). */
function note(list, entry) {
  list.push(entry);
  if (list.length > 200) list.splice(0, list.length - 200);
}

/** Whether the player asked the system for less motion. */
export function reducedMotion() {
  return window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
}

// ---- sounds ------------------------------------------------------------------------------

export function soundOn() {
  return localStorage.getItem(SOUND_KEY) !== "off";
}

export function setSound(on) {
  localStorage.setItem(SOUND_KEY, on ? "on" : "off");
}

let audio = null;

/** The page's audio context, made on first use (browsers start it after a gesture). */
function context() {
  if (!audio) {
    const Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) return null;
    try {
      audio = new Context();
    } catch {
      return null;
    }
  }
  if (audio.state === "suspended") audio.resume().catch(() => {});
  return audio;
}

// Each sound: notes of [frequency Hz, start s, length s], a wave shape and a loudness.
const SOUNDS = {
  draw: { wave: "triangle", gain: 0.12, notes: [[520, 0, 0.07], [660, 0.05, 0.08]] },
  discard: { wave: "triangle", gain: 0.14, notes: [[330, 0, 0.09]] },
  turn: { wave: "sine", gain: 0.16, notes: [[660, 0, 0.12], [880, 0.12, 0.18]] },
  round: { wave: "sine", gain: 0.16, notes: [[523, 0, 0.14], [659, 0.13, 0.14], [784, 0.26, 0.3]] },
};

/** Play one of the table's sounds (draw, discard, turn, round) unless muted. */
export function playSound(kind) {
  const sound = SOUNDS[kind];
  if (!sound || !soundOn()) return;
  note(record.sounds, kind);
  const ctx = context();
  if (!ctx) return;
  const now = ctx.currentTime;
  for (const [freq, start, length] of sound.notes) {
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.type = sound.wave;
    osc.frequency.value = freq;
    gain.gain.setValueAtTime(0.0001, now + start);
    gain.gain.exponentialRampToValueAtTime(sound.gain, now + start + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, now + start + length);
    osc.connect(gain).connect(ctx.destination);
    osc.start(now + start);
    osc.stop(now + start + length + 0.02);
  }
}

// ---- the tab title and notifications -------------------------------------------------------

export function notifyOn() {
  return localStorage.getItem(NOTIFY_KEY) === "on" && notificationsAllowed();
}

function notificationsAllowed() {
  return "Notification" in window && window.Notification.permission === "granted";
}

/** Turn notifications on (asking the browser's permission now, and only now) or off;
 * resolves to whether they are on. */
export async function setNotify(on) {
  if (!on) {
    localStorage.setItem(NOTIFY_KEY, "off");
    return false;
  }
  if (!("Notification" in window)) return false;
  let permission = window.Notification.permission;
  if (permission === "default") {
    try {
      permission = await window.Notification.requestPermission();
    } catch {
      permission = "denied";
    }
  }
  localStorage.setItem(NOTIFY_KEY, permission === "granted" ? "on" : "off");
  return permission === "granted";
}

/** Tell a player whose tab is hidden that it is their turn (when they turned it on). */
export function notifyTurn(title, body) {
  if (!document.hidden || !notifyOn()) return;
  note(record.notifications, body);
  try {
    const shown = new window.Notification(title, { body, tag: "tt-turn" });
    shown.onclick = () => {
      window.focus();
      shown.close();
    };
  } catch {
    // Some browsers allow notifications from a service worker only: the title still says it.
  }
}

// ---- flights -------------------------------------------------------------------------------

/** A card (a back unless ``code`` is given) flying from one element to another, with a CSS
 * transform; nothing under prefers-reduced-motion. ``what`` is recorded ({seat, kind}). */
export function fly(from, to, { code = null, what = {} } = {}) {
  if (!from || !to || reducedMotion()) return null;
  const a = from.getBoundingClientRect();
  const b = to.getBoundingClientRect();
  if (!a.width || !b.width) return null;
  const card = cardElement(code || "back", { label: "" });
  card.classList.add("flying-card");
  card.setAttribute("aria-hidden", "true");
  const width = Math.min(a.width, 84);
  card.style.width = `${width}px`;
  const x0 = a.left + a.width / 2 - width / 2;
  const y0 = a.top + a.height / 2 - (width * 1.4) / 2;
  const dx = b.left + b.width / 2 - width / 2 - x0;
  const dy = b.top + b.height / 2 - (width * 1.4) / 2 - y0;
  card.style.left = `${x0}px`;
  card.style.top = `${y0}px`;
  document.body.append(card);
  note(record.flights, what);
  const done = () => card.remove();
  if (!card.animate) {
    setTimeout(done, 0);
    return card;
  }
  const motion = card.animate(
    [
      { transform: "translate(0, 0) scale(1)", opacity: 0.95 },
      { transform: `translate(${dx}px, ${dy}px) scale(0.8)`, opacity: 0.9 },
    ],
    { duration: 380, easing: "cubic-bezier(.2,.7,.3,1)" },
  );
  motion.onfinish = done;
  motion.oncancel = done;
  setTimeout(done, 1000); // a hidden tab may never finish it
  return card;
}
