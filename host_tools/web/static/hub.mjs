// The page's hub: what host_tools/sim/hub.py is to the simulator, for handhelds in Web Workers (or
// Node.js worker threads in tests/web/lockstep.mjs). It answers the host link's messages
// (host_tools/fakes/hostlink.py; the radio's layouts in host_tools/fakes/network.py), carries
// ESP-NOW frames over one RadioBus (radio.mjs) per page and, with a BroadcastChannel, to other tabs,
// and steps every handheld in lockstep: at each step (20 ms, the firmware's poll period) every
// handheld gets the messages due to it and runs one App.tick at the same time `now`; their
// replies are then taken in handheld order, so a seeded run on the virtual clock repeats exactly.
// On the wall clock `now` is real time and a step waits for the next 20 ms.
import { RadioBus, mulberry32, BROADCAST } from "./radio.mjs";

export const BUTTONS = ["back", "down", "up", "select"];   // left to right, as the cup has them
const enc = (s) => new TextEncoder().encode(s);

function hex(bytes) { let s = ""; for (const b of bytes) s += (b < 16 ? "0" : "") + b.toString(16); return s; }
function unhex(s) { const b = new Uint8Array(s.length / 2); for (let i = 0; i < b.length; i++) b[i] = parseInt(s.substr(2 * i, 2), 16); return b; }
function msg(kind, payload) {
  const m = new Uint8Array(3 + payload.length);
  m[0] = kind; m[1] = payload.length >> 8; m[2] = payload.length & 255; m.set(payload, 3);
  return m;
}
// the seed of a handheld's os.urandom on one boot (host_tools/sim/hub.py derives its own likewise)
export function bootSeed(seed, tab, id, boot) {
  let h = 2166136261;
  for (const v of [seed, tab, id, boot]) { h = Math.imul(h ^ (v & 0xffff), 16777619); h = Math.imul(h ^ (v >>> 16), 16777619); }
  return (h >>> 2) || 1;
}

class Handheld {
  constructor(hub, i) {
    this.hub = hub; this.i = i; this.id = i + 1;
    this.mac = "02dc0000" + hex([hub.tab & 255, this.id]);
    this.boots = 0; this.alive = false; this.frame = null; this.frames = 0;
    this.on = true; this.contrast = 255; this.crash = null;
    this.inbox = []; this.edges = []; this.tone = 0; this.nextAt = 0; this.flash = hub.flashOf(i) || {};
    this.log = []; this.bootMs = null; this.tickMs = []; this.radioOn = false; this.channel = 1;
  }
  post(m, t) { this.worker.post(m, t); }
  async boot() {
    const hub = this.hub;
    this.worker = hub.spawn(this.i);
    this.pending = new Map();   // reply type -> its waiters, in order (a worker answers in order)
    this.worker.on((m) => this.heard(m));
    const env = { DICECUP_LINK: "js", DICECUP_ID: String(this.id), DICECUP_MAC: this.mac };
    if (hub.devtime) env.DICECUP_DEVTIME = hub.devtime;
    if (hub.seed !== null) env.DICECUP_SEED = String(bootSeed(hub.seed, hub.tab, this.id, this.boots));
    this.boots += 1;
    this.crash = null;
    // a new handheld's owner, written before its first boot as the simulator does (an empty name:
    // it asks, as a new handheld does)
    // (another tab's handhelds take the names after this tab's)
    const name = hub.names.length ? hub.names[(this.i + (hub.tab || 0) * hub.n) % hub.names.length] : "";
    if (name && !this.flash["owner.json"]) this.flash["owner.json"] = new TextEncoder().encode(JSON.stringify({ name }));
    // ?lang=da|en: the language of every handheld, written into its settings before each boot (the
    // flash is kept in the browser's storage: without ?lang a handheld keeps the language it has)
    if (hub.lang !== null) {
      let st = {};
      try { st = JSON.parse(new TextDecoder().decode(this.flash["settings.json"])) || {}; } catch (e) { st = {}; }
      st.lang = hub.lang;
      this.flash["settings.json"] = new TextEncoder().encode(JSON.stringify(st));
    }
    const ready = this.wait("ready");
    this.post({ type: "init", base: hub.base, manifest: hub.manifest, env, flash: this.flash, heap: hub.heap,
      flashEvery: hub.flashEvery, now: hub.now });  // (a reload boots at the page's time)
    const m = await ready;
    this.alive = true;
    this.bootMs = m.ms;
    this.take(m.out);
    this.crash = m.crash || null;
  }
  heard(m) {
    if (m.type === "log") { this.log.push(m.line); if (this.log.length > 200) this.log.shift(); this.hub.onLog(this, m.line); return; }
    if (m.type === "error") { this.crash = m.error; this.hub.onLog(this, m.error); }
    if (m.flash) { this.flash = m.flash; this.hub.saveFlash(this.i, m.flash); }
    if (m.type === "error") { this.failAll(new Error(m.error)); return; }
    const q = this.pending.get(m.type);
    if (q && q.length) q.shift().res(m);
  }
  wait(type) {
    return new Promise((res, rej) => {
      if (!this.pending.has(type)) this.pending.set(type, []);
      this.pending.get(type).push({ res, rej });
    });
  }
  failAll(e) { for (const q of this.pending.values()) while (q.length) q.shift().rej(e); }
  ask(type, extra = {}) {
    const p = this.wait(type);
    this.post({ type, ...extra });
    return p;
  }
  async step(now) {
    if (!this.alive) return;
    while (this.edges.length && this.edges[0][0] <= now) {
      const [, pin, level] = this.edges.shift();
      this.inbox.push(msg(66, [pin, level]));                                                   // BUTTON
    }
    if (now < this.nextAt && !this.inbox.length) return;
    const n = this.inbox.reduce((a, b) => a + b.length, 0);
    const inbox = new Uint8Array(n);
    let p = 0;
    for (const b of this.inbox) { inbox.set(b, p); p += b.length; }
    this.inbox = [];
    const reply = this.wait("out");
    this.post({ type: "step", now, inbox });
    const m = await reply;
    this.out = m.out;
    this.tickMs.push(m.ms); if (this.tickMs.length > 5000) this.tickMs.shift();
    if (m.crash && !this.crash) { this.crash = m.crash; this.hub.onCrash(this); }
    this.nextAt = m.wait > 0 ? now + m.wait : now + 1e9;
  }
  // the host link's messages from the handheld (hostlink.py's types)
  take(out) {
    const hub = this.hub;
    for (let p = 0; p + 3 <= out.length;) {
      const k = out[p], n = (out[p + 1] << 8) | out[p + 2], b = out.subarray(p + 3, p + 3 + n);
      p += 3 + n;
      if (k === 70) { this.frame = b.slice(); this.frames += 1; hub.onFrame(this); }          // FRAME
      else if (k === 80) { this.on = !!b[0]; this.contrast = b[1]; hub.onFrame(this); }      // POWER
      else if (k === 90) { this.tone = (b[1] << 8) | b[2]; hub.onFrame(this); }             // TONE (0: quiet)
      else if (k === 78) {                                                                     // RADIO
        this.mac = hex(b.subarray(0, 6)); this.channel = b[6]; this.radioOn = !!(b[7] & 1);
        hub.byMac.set(this.mac, this);
        hub.bus.setState(this.mac, this.channel, this.radioOn);
      } else if (k === 83) {                                                                   // SEND
        const seq = [b[0], b[1]], sync = b[2], dst = hex(b.subarray(3, 9)), data = b.slice(9);
        const ok = hub.bus.send(hub.now, this.mac, dst, data, !!sync);
        if (hub.channel) hub.channel.postMessage({ src: this.mac, dst, data, ch: this.channel, room: hub.room });
        if (sync) this.inbox.push(msg(75, [seq[0], seq[1], ok ? 1 : 0]));                    // ACK
      }
    }
  }
  // a shake of the cup: the tilt switch's ball opens and closes it SHAKE_EDGES times, SHAKE_GAP_MS
  // apart, as the simulator's sim.shake does (host_tools/sim/hub.py); the edges go in with the steps
  shake(now) {
    const pin = (this.hub.manifest.pinmap.optional || {}).tilt;
    if (pin === undefined) return false;
    for (let j = 0; j < SHAKE_EDGES; j++) this.edges.push([now + j * SHAKE_GAP_MS, pin, j % 2 ? 1 : 0]);
    return true;
  }
  press(button, down) {
    const pin = this.hub.manifest.pinmap.buttons[button];
    this.inbox.push(msg(66, [pin, down ? 0 : 1]));                                             // BUTTON
  }
  stop() {
    this.alive = false;
    if (this.worker) this.worker.terminate();
    this.worker = null;
    this.hub.bus.powerOff(this.mac);
    if (this.pending) this.failAll(new Error("stopped"));
  }
}

const SHAKE_EDGES = 6, SHAKE_GAP_MS = 40;  // host_tools/sim/hub.py's

export class Hub {
  constructor(o) {
    this.n = o.n || 4; this.seed = o.seed ?? null; this.tab = o.tab || 0; this.room = o.room || null;
    this.clock = o.clock || "virtual"; this.stepMs = o.stepMs || 20; this.base = o.base; this.manifest = o.manifest;
    this.heap = o.heap || 1048576; this.flashEvery = o.flashEvery || 25;
    this.names = o.names ?? this.manifest.names ?? [];
    this.devtime = o.devtime ?? null;  // DICECUP_DEVTIME: the board's cost model (host_tools/devtime.py)
    this.lang = o.lang ?? null;   // 0 Danish, 1 English (settings.json's "lang"); null: as each handheld has it
    this.spawn = o.spawn; this.flashOf = o.flashOf || (() => null); this.saveFlash = o.saveFlash || (() => {});
    this.onFrame = o.onFrame || (() => {}); this.onLog = o.onLog || (() => {}); this.onCrash = o.onCrash || (() => {});
    this.sleep = o.sleep || ((ms) => new Promise((r) => setTimeout(r, ms)));
    this.radioOpts = { loss: o.loss || 0, dup: o.dup || 0, delayMs: o.delayMs || [0, 0], reorder: o.reorder || 0,
      airtimeMbps: o.airtimeMbps === undefined ? 1 : o.airtimeMbps };
    this.bus = new RadioBus({ rng: mulberry32(this.seed ?? 1), record: false, ...this.radioOpts });
    this.now = 0; this.steps = 0; this.byMac = new Map(); this.running = false;
    this.todo = [];   // what the page asks for while it runs (reboots): done between two steps
    this.handhelds = [];
    for (let i = 0; i < this.n; i++) this.handhelds.push(new Handheld(this, i));
    this.channel = null;
    if (o.channel) {
      this.channel = o.channel;
      this.channel.onmessage = (e) => {
        const m = e.data;
        if (m.room === this.room && !this.byMac.has(m.src)) this.bus.remote(this.now, m.src, m.dst, m.data, m.ch);
      };
    }
  }
  // the faults: a lossy radio (the simulator window's F10), switched on and off while it runs
  setLossy(on) { this.bus.loss = on ? 0.3 : this.radioOpts.loss; this.bus.dup = on ? 0.1 : this.radioOpts.dup; }
  async start() {
    for (const h of this.handhelds) this.byMac.set(h.mac, h);
    await Promise.all(this.handhelds.map((h) => h.boot()));
    this.wall0 = performance.now() - this.now;
  }
  async step() {
    this.now = this.clock === "wall" ? Math.max(this.now + 1, Math.round(performance.now() - this.wall0)) : this.now + this.stepMs;
    for (const [to, src, rssi, data] of this.bus.due(this.now)) {
      const h = this.byMac.get(to);
      if (!h || !h.alive) continue;
      const p = new Uint8Array(7 + data.length);
      p.set(unhex(src)); p[6] = rssi & 255; p.set(data, 7);
      h.inbox.push(msg(82, p));                                                                // HEARD
    }
    const live = this.handhelds.filter((h) => h.alive);
    await Promise.all(live.map((h) => h.step(this.now).catch(() => {})));
    for (const h of live) if (h.out) { const o = h.out; h.out = null; h.take(o); }
    this.steps += 1;
  }
  async run(until = () => false) {
    this.running = true;
    let next = performance.now();
    while (this.running && !until(this)) {
      await this.step();
      if (this.after) await this.after(this);
      while (this.todo.length) await this.todo.shift()();
      if (this.clock === "wall") {
        // steps at fixed times (no drift); one that came late is not made up for by a burst
        next = Math.max(next + this.stepMs, performance.now() - this.stepMs);
        await this.sleep(Math.max(0, next - performance.now()));
      }
    }
  }
  stopRunning() { this.running = false; }
  later(fn) { if (this.running) this.todo.push(fn); else fn(); }
  press(i, button, down) { this.handhelds[i].press(button, down); }
  shake(i) { return this.handhelds[i].shake(this.now); }
  async reboot(i) {
    const h = this.handhelds[i];
    if (h.alive && !h.crash) { try { h.flash = (await h.ask("flash")).flash; } catch (e) { /* gone */ } }
    h.stop();
    await h.boot();
  }
  kill(i) { this.handhelds[i].stop(); }
  async flash(i) { const h = this.handhelds[i]; if (h.alive) h.flash = (await h.ask("flash")).flash; return h.flash; }
  async heapOf(i) { return (await this.handhelds[i].ask("heap")).bytes; }
  records(i) {
    const out = {};
    for (const [p, data] of Object.entries(this.handhelds[i].flash)) if (p.startsWith("records/") && p.endsWith(".json")) out[p.slice(8)] = new TextDecoder().decode(data);
    return out;
  }
  close() { this.running = false; for (const h of this.handhelds) if (h.worker) h.stop(); }
}

export { hex, unhex, BROADCAST };
