// The simulated air of the page: host_tools/sim/radio.py's RadioBus, line for line, so the page's
// handhelds see the loss, duplicates, delays, reordering and airtime the simulator's do.
// tests/test_web.py runs both on the same frames with the same random draws and checks that every
// fate, receiver and delivery time agrees (the two are one model; change them together).
// rng() returns a float in [0, 1) like Python's random.random(); uniform(lo, hi) is lo + (hi-lo)*rng()
// as in CPython. For the cross-tab radio, remote(...) puts a frame from another tab's handheld on
// this tab's air (that radio transmits here but is heard in its own tab).

export const BROADCAST = "ffffffffffff";   // macs are lower-case hex strings here

export function mulberry32(seed) {           // the page's seeded RNG (not Python's Mersenne Twister)
  let a = seed >>> 0;
  return function () {
    a = (a + 0x6D2B79F5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function isGroup(dst) { return dst === BROADCAST || (parseInt(dst.slice(0, 2), 16) & 1) === 1; }
function macSum(m) { let s = 0; for (let i = 0; i < 12; i += 2) s += parseInt(m.slice(i, i + 2), 16); return s; }

export class RadioBus {
  constructor({ rng = mulberry32(0), loss = 0, dup = 0, delayMs = [0, 0], reorder = 0, record = true,
    airtimeMbps = null } = {}) {
    for (const [name, p] of [["loss", loss], ["dup", dup], ["reorder", reorder]])
      if (!(p >= 0 && p <= 1)) throw new Error(name + " must be a probability between 0 and 1");
    const [lo, hi] = delayMs;
    if (lo < 0 || hi < lo) throw new Error("delay must be A:B with 0 <= A <= B milliseconds");
    this.rng = rng;
    this.loss = loss; this.dup = dup; this.delay = [lo, hi]; this.reorder = reorder;
    this.airtimeMbps = airtimeMbps;
    this.busy = new Map();
    this.radios = new Map();
    this.frames = record ? [] : null;
    this.queue = [];   // sorted by (due, n)
    this.n = 0;
    this.counts = { sent: 0, delivered: 0, lost: 0, dup: 0, absent: 0, acked: 0, nacked: 0 };
  }
  radio(mac) {
    let r = this.radios.get(mac);
    if (!r) { r = { mac, channel: 1, on: false, alive: true }; this.radios.set(mac, r); }
    return r;
  }
  setState(mac, channel, on) { const r = this.radio(mac); r.channel = channel; r.on = on; r.alive = true; }
  powerOff(mac) {
    const r = this.radios.get(mac);
    if (r) { r.alive = false; r.on = false; }
    this.queue = this.queue.filter((q) => q[2] !== mac);
  }
  rssi(a, b) { return -35 - ((macSum(a) * 7 + macSum(b) * 13) % 31); }
  uniform(lo, hi) { return lo + (hi - lo) * this.rng(); }

  send(now, src, dst, data, sync) {
    this.counts.sent += 1;
    const me = this.radio(src);
    const group = isGroup(dst);
    let receivers;
    if (group) receivers = [...this.radios.values()].filter((r) => r.mac !== src).sort((a, b) => (a.mac < b.mac ? -1 : a.mac > b.mac ? 1 : 0));
    else receivers = this.radios.has(dst) ? [this.radios.get(dst)] : [];
    receivers = receivers.filter((r) => r.alive && r.on && r.channel === me.channel);
    if (this.airtimeMbps) {
      const start = Math.max(now, this.busy.get(me.channel) || 0);
      let us = 192 + (43 + data.length) * 8 / this.airtimeMbps;
      if (!group) us += 304;
      this.busy.set(me.channel, start + us / 1000);
      now = start + us / 1000;
    }
    let gotOne = false;
    if (!receivers.length) { this.counts.absent += 1; this.record(now, src, dst, null, data, "absent"); }
    for (const r of receivers) {
      if (this.loss && this.rng() < this.loss) {
        this.counts.lost += 1; this.record(now, src, dst, r.mac, data, "lost"); continue;
      }
      gotOne = true;
      this.schedule(now, r.mac, src, data);
      this.record(now, src, dst, r.mac, data, "ok");
      if (this.dup && this.rng() < this.dup) {
        this.counts.dup += 1; this.schedule(now, r.mac, src, data); this.record(now, src, dst, r.mac, data, "dup");
      }
    }
    if (group || !sync) return null;
    this.counts[gotOne ? "acked" : "nacked"] += 1;
    return gotOne;
  }
  inject(now, src, data, channel = 1) {
    const r = this.radio(src); r.channel = channel; r.on = false; r.alive = true;
    return this.send(now, src, BROADCAST, data, false);
  }
  remote(now, src, dst, data, channel) {   // a frame from a handheld in another tab
    const r = this.radio(src); r.channel = channel; r.on = false; r.alive = true;
    return this.send(now, src, dst, data, false);
  }
  schedule(now, to, src, data) {
    const [lo, hi] = this.delay;
    let due = now + (hi > 0 ? this.uniform(lo, hi) : 0);
    if (this.reorder && this.rng() < this.reorder) due += hi - lo + 5;
    this.n += 1;
    const item = [due, this.n, to, src, this.rssi(to, src), data];
    let i = this.queue.length;   // insert keeping (due, n) order: heapq's pop order
    while (i > 0 && (this.queue[i - 1][0] > due)) i--;
    this.queue.splice(i, 0, item);
  }
  record(now, src, dst, to, data, fate) {
    if (this.frames) this.frames.push({ t: now, src, dst, to, len: data.length, fate });
  }
  nextDue() { return this.queue.length ? this.queue[0][0] : null; }
  due(now) {
    const out = [];
    while (this.queue.length && this.queue[0][0] <= now) {
      const [, , to, src, rssi, data] = this.queue.shift();
      const r = this.radios.get(to);
      if (r && r.alive && r.on) { this.counts.delivered += 1; out.push([to, src, rssi, data]); }
    }
    return out;
  }
}
