// The page: N handhelds (?n=, 1-8), each its OLED drawn at a readable scale with its four buttons,
// the simulator window's keys, the radio's state and the faults; the hub (hub.mjs) runs them.
// Each handheld's flash lives in localStorage (a reload keeps settings, name, statistics, records),
// and its records download as the JSON files the referee (host_tools.replay) reads.
import { Hub, BUTTONS } from "./hub.mjs";
import { readParams } from "./params.mjs";

// what goes wrong is said on the page, not only in the console: a wrong address option (nothing
// starts then), a file that does not load, a handheld's worker that fails
const errorsEl = document.getElementById("errors");
function say(line) {
  const p = document.createElement("div");
  p.textContent = line;
  errorsEl.appendChild(p);
  document.getElementById("status").textContent = "stopped: see the red lines";
}
const STOP = "the address has wrong options";
addEventListener("error", (e) => { if (!String(e.message).includes(STOP)) say("error: " + (e.message || e.error)); });
addEventListener("unhandledrejection", (e) => say("error: " + ((e.reason && e.reason.message) || e.reason)));
const P = readParams(location.search);
if (P.errors.length) {
  P.errors.forEach(say);
  say("fix the address and reload; without options the page runs four handhelds");
  throw new Error(STOP + ": " + P.errors.join("; "));
}
const N = P.n;
const SCALE = P.scale;
const room = P.room;
const seed = P.seed;
const clock = P.clock;
// each tab's handhelds need their own radio addresses: a tab number in the MAC (?tab= to fix it),
// drawn once per tab and kept in sessionStorage (per tab, kept over a reload), so a handheld keeps
// its address and with it its seat at a table when the page reloads
const tabKey = "dicecup-tab:" + room;
const tab = P.tab !== null ? P.tab : !room ? 0 :
  parseInt(sessionStorage.getItem(tabKey) || "0") || 1 + Math.floor(Math.random() * 250);
if (room) sessionStorage.setItem(tabKey, String(tab));
const delay = P.delay;
const KEYS = ["1234", "qwer", "asdf", "zxcv", "5678", "tyui", "ghjk", "bnm,"];
const SHAKE_KEYS = "9ol.0p;/";  // the simulator window's (host_tools/sim/window.py SHAKE_KEYS)
const store = "dicecup:" + (room || "local") + ":" + tab + ":";   // each tab's own flash
document.documentElement.style.setProperty("--scale", SCALE);

const b64 = (u8) => { let s = ""; for (let i = 0; i < u8.length; i += 8192) s += String.fromCharCode(...u8.subarray(i, i + 8192)); return btoa(s); };
const unb64 = (s) => Uint8Array.from(atob(s), (c) => c.charCodeAt(0));
function flashOf(i) {
  try {
    const j = JSON.parse(localStorage.getItem(store + i) || "null");
    if (!j) return null;
    const out = {};
    for (const [p, v] of Object.entries(j)) out[p] = unb64(v);
    return out;
  } catch (e) { return null; }
}
function saveFlash(i, files) {
  const j = {};
  for (const [p, v] of Object.entries(files)) j[p] = b64(v);
  try { localStorage.setItem(store + i, JSON.stringify(j)); } catch (e) { console.warn("flash not saved", e); }
  views[i] && views[i].records();
}

// a timer in a worker: a hidden tab throttles the page's own timers to one a second
const ticker = new Worker(URL.createObjectURL(new Blob(["onmessage = (e) => setTimeout(() => postMessage(e.data), e.data.ms);"], { type: "text/javascript" })));
let tickN = 0; const tickWait = new Map();
ticker.onmessage = (e) => { const r = tickWait.get(e.data.k); tickWait.delete(e.data.k); r(); };
const sleep = (ms) => new Promise((r) => { const k = ++tickN; tickWait.set(k, r); ticker.postMessage({ k, ms }); });

const manifest = await (await fetch("manifest.json")).json();
const base = new URL(".", location.href).href;
const hub = new Hub({
  n: N, seed, tab, room, clock, base, manifest, sleep, flashOf, saveFlash,
  // ?names=A,B,...: the owners' names of new handhelds (an empty one asks); default the simulator's
  names: P.names,
  // ?board=s3|wroom, ?devtime=on|off: the work of each handheld costs its board's time (docs/simulator.md)
  devtime: P.devtime === "off" ? null : (manifest.devtime || {})[P.board] ?? null,
  // ?lang=da|en: every handheld's language (kept in its flash for the next visit)
  lang: { da: 0, en: 1 }[P.lang],
  loss: P.loss, dup: P.dup, delayMs: delay,
  reorder: P.reorder,
  spawn: () => {
    const w = new Worker("handheld.mjs", { type: "module" });
    return { post: (m, t) => w.postMessage(m, t), on: (f) => { w.onmessage = (e) => f(e.data); }, terminate: () => w.terminate() };
  },
  channel: room ? new BroadcastChannel("dicecup-" + room) : null,
  onFrame: (h) => { views[h.i].dirty = true; },
  onCrash: (h) => { views[h.i].dirty = true; },
  onLog: (h, line) => console.log("handheld " + (h.i + 1) + ": " + line),
});
const views = [];

class View {
  constructor(h) {
    this.h = h; this.dirty = true;
    const el = this.el = document.createElement("div");
    el.className = "hh";
    el.innerHTML = `<canvas width="128" height="64"></canvas><div class="btns"></div>
      <div class="meta"><span class="radio"></span><button class="reboot">reboot</button><span class="recs"></span></div><div class="crash"></div>`;
    this.cv = el.querySelector("canvas");
    this.ctx = this.cv.getContext("2d");
    this.img = this.ctx.createImageData(128, 64);
    this.btn = {};
    const keys = KEYS[h.i] || "";
    BUTTONS.forEach((name, k) => {
      const b = document.createElement("button");
      b.textContent = name + (keys[k] ? " (" + keys[k].toUpperCase() + ")" : "");
      b.dataset.button = name;
      const down = (e) => { e.preventDefault(); b.setPointerCapture && e.pointerId !== undefined && b.setPointerCapture(e.pointerId); this.press(name, true); };
      const up = (e) => { e.preventDefault(); this.press(name, false); };
      b.addEventListener("pointerdown", down);
      b.addEventListener("pointerup", up);
      b.addEventListener("pointercancel", up);
      b.addEventListener("contextmenu", (e) => e.preventDefault());
      el.querySelector(".btns").appendChild(b);
      this.btn[name] = b;
    });
    el.querySelector(".reboot").onclick = () => hub.later(() => hub.reboot(h.i));
    const sh = document.createElement("button");
    sh.className = "shake";
    sh.textContent = "shake" + (SHAKE_KEYS[h.i] ? " (" + SHAKE_KEYS[h.i].toUpperCase() + ")" : "");
    sh.onclick = () => hub.later(() => hub.shake(h.i));
    el.querySelector(".meta").appendChild(sh);
    this.held = new Set();
    document.getElementById("table").appendChild(el);
  }
  press(name, down) {
    if (down === this.held.has(name)) return;
    down ? this.held.add(name) : this.held.delete(name);
    this.btn[name].classList.toggle("down", down);
    hub.press(this.h.i, name, down);
  }
  draw() {
    this.dirty = false;
    const h = this.h, d = this.img.data, f = h.frame;
    const lit = h.on ? Math.round(110 + 145 * h.contrast / 255) : 0;
    for (let y = 0; y < 64; y++) for (let x = 0; x < 128; x++) {
      const on = f && (f[(y >> 3) * 128 + x] >> (y & 7)) & 1;
      const p = (y * 128 + x) * 4;
      d[p] = d[p + 1] = d[p + 2] = on ? lit : 0; d[p + 3] = 255;
    }
    this.ctx.putImageData(this.img, 0, 0);
    // the piezo, as the simulator window shows it: the frame lights while it sounds, with the pitch
    this.el.classList.toggle("sound", !!h.tone);
    this.el.title = h.tone ? "piezo " + h.tone + " Hz" : "";
    this.el.querySelector(".crash").textContent = h.crash ? "crashed: " + h.crash + "\n" + h.log.slice(-6).join("\n") : "";
  }
  records() {
    const span = this.el.querySelector(".recs");
    span.textContent = "";
    for (const [name, text] of Object.entries(hub.records(this.h.i))) {
      const a = document.createElement("a");
      a.href = URL.createObjectURL(new Blob([text], { type: "application/json" }));
      a.download = "hh" + (this.h.i + 1) + "-" + name;
      a.textContent = name;
      span.appendChild(a); span.append(" ");
    }
  }
}

for (const h of hub.handhelds) views.push(new View(h));
views.forEach((v) => v.records());
document.getElementById("lossy").onchange = (e) => hub.setLossy(e.target.checked);
// the language switch: the page again with &lang= (every handheld's language; empty: as each is set)
const langSel = document.getElementById("lang");
langSel.value = P.lang || "";
langSel.onchange = () => {
  const u = new URL(location.href);
  if (langSel.value) u.searchParams.set("lang", langSel.value); else u.searchParams.delete("lang");
  location.assign(u.href);
};
if (room) document.getElementById("room").textContent = "room " + room + " (tab " + tab + ")";
addEventListener("keydown", (e) => {
  if (e.repeat || e.ctrlKey || e.metaKey || e.altKey) return;
  const k = e.key.toLowerCase();
  KEYS.forEach((row, i) => { const j = row.indexOf(k); if (j >= 0 && views[i]) { views[i].press(BUTTONS[j], true); e.preventDefault(); } });
  const s = SHAKE_KEYS.indexOf(k);
  if (s >= 0 && views[s]) { hub.later(() => hub.shake(s)); e.preventDefault(); }
});
addEventListener("keyup", (e) => {
  const k = e.key.toLowerCase();
  KEYS.forEach((row, i) => { const j = row.indexOf(k); if (j >= 0 && views[i]) views[i].press(BUTTONS[j], false); });
});
function paint() {
  for (const v of views) if (v.dirty) v.draw();
  const c = hub.bus.counts;
  document.getElementById("status").textContent = `${(hub.now / 1000).toFixed(1)} s, ${hub.n} handhelds, radio: ` +
    `${c.sent} sent, ${c.delivered} delivered, ${c.lost} lost, ${c.dup} duplicated`;
  views.forEach((v) => { v.el.querySelector(".radio").textContent = v.h.radioOn ? "radio on, ch " + v.h.channel : "radio off"; });
  requestAnimationFrame(paint);
}
const t0 = performance.now();
await hub.start();
const bootMs = performance.now() - t0;
requestAnimationFrame(paint);
// for the tests and the bench (tests/web/browser.mjs): the hub, and a finger over puppeteer's binding
window.dicecup = { hub, bootMs, views };
if (P.finger && window.dicecupFinger) {
  const sent = [];
  hub.after = async () => {
    const r = await window.dicecupFinger({ now: hub.now, handhelds: hub.handhelds.map((h, i) => ({ frameKey: h.frames,
      frame: h.frame && sent[i] !== h.frames && (sent[i] = h.frames) ? Array.from(h.frame, (x) => (x < 16 ? "0" : "") + x.toString(16)).join("") : null,
      records: hub.records(i), alive: h.alive })) });
    for (const [i, b, down] of r.press) hub.press(i, b, down);
    window.dicecup.verdict = r;
    if (r.done || Object.keys(r.failed).length) hub.stopRunning();
  };
}
window.dicecup.running = hub.run();
