// A table game of N handhelds on the page's hub in Node.js (no browser), on the virtual clock with a
// fixed seed: the firmware in worker threads, the autoplay fingers (host_tools.web.fingers) at
// every step. Writes each handheld's records into OUT/hh<i>/ and prints one JSON line of figures.
// Usage: node tests/web/lockstep.mjs WEB_DIR OUT_DIR PYTHON [N] [GAME] [SEED] [MAX_VIRTUAL_S]
// LOSS=P: the radio loses P of the frames. RELOADS=K: the page is reloaded K times in the game:
// every handheld restarts at once from what the page's storage holds (what its worker last
// reported, as page.mjs keeps it in localStorage; not its live flash), the first a seeded 1-15 s
// of virtual time after a seat's first secret reached the storage, each next as long after the last
import fs from "node:fs";
import path from "node:path";
import { nodeHub } from "./nodehub.mjs";
import { fingers } from "./fingers.mjs";

const [web, out, python, n = "4", game = "snyd", seed = "7", maxS = "900"] = process.argv.slice(2);
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..", "..");
const N = parseInt(n);
// DEVTIME=s3|wroom: the handhelds' work costs that board's time (the page's ?board=, device time)
const dt = process.env.DEVTIME ? JSON.parse(fs.readFileSync(path.join(web, "manifest.json"))).devtime[process.env.DEVTIME] : null;
const reloads = parseInt(process.env.RELOADS || "0"), loss = parseFloat(process.env.LOSS || "0");
const stored = new Map();   // the page's storage: handheld -> its flash as last reported
const hub = await nodeHub(web, { n: N, seed: parseInt(seed), clock: "virtual", loss, devtime: dt,
  flashOf: (i) => stored.get(i) || null, saveFlash: (i, files) => stored.set(i, files) });
let rs = (parseInt(seed) * 2654435761 + 1) >>> 0;   // the reloads' own seeded draws
const gap = () => { rs = (Math.imul(rs, 1103515245) + 12345) >>> 0; return 1000 + (rs % 14000); };
let reloadsLeft = reloads, reloadAt = null;
const reloadTimes = [];
async function reload() {
  for (const h of hub.handhelds) h.stop();
  for (const h of hub.handhelds) { h.flash = stored.get(h.i) || {}; await h.boot(); }  // in order: a seeded run repeats
}
const t0 = Date.now();
await hub.start();
const bootWall = Date.now() - t0;
const f = fingers(python, root, N, game, 1, parseInt(seed));
const { hex } = await import(new URL("hub.mjs", hub.base));
let verdict = null;
// HEAP_EVERY=K: every K steps each handheld's heap after a collection (the bench's peak)
const heapEvery = parseInt(process.env.HEAP_EVERY || "0"), peak = new Array(N).fill(0);
hub.after = async () => {
  if (reloadsLeft && reloadAt === null &&
      [...stored.values()].some((f) => Object.keys(f).some((p) => p.startsWith("tsec")))) reloadAt = hub.now + gap();
  if (reloadAt !== null && hub.now >= reloadAt) {
    reloadTimes.push(hub.now);
    await reload();
    reloadsLeft -= 1;
    reloadAt = reloadsLeft ? hub.now + gap() : null;
  }
  if (heapEvery && hub.steps % heapEvery === 0)
    for (let i = 0; i < N; i++) peak[i] = Math.max(peak[i], await hub.heapOf(i));
  const state = { now: hub.now, handhelds: hub.handhelds.map((h, i) => ({
    frameKey: h.frames, get frame() { return h.frame ? hex(h.frame) : null; }, records: hub.records(i), alive: h.alive })) };
  const r = await f.step(state);
  for (const [i, b, down] of r.press) hub.press(i, b, down);
  if (r.done || Object.keys(r.failed).length) verdict = r;
  for (const h of hub.handhelds) if (h.crash) verdict = { failed: { [h.i]: "crashed: " + h.crash + "\n" + h.log.join("\n") } };
};
await hub.run(() => verdict !== null || hub.now > parseInt(maxS) * 1000);
const heaps = [];
for (let i = 0; i < N; i++) {
  await hub.flash(i);
  heaps.push(await hub.heapOf(i));
  const d = path.join(out, "hh" + i);
  fs.mkdirSync(d, { recursive: true });
  for (const [name, text] of Object.entries(hub.records(i))) fs.writeFileSync(path.join(d, name), text);
}
const ticks = hub.handhelds.flatMap((h) => h.tickMs).sort((a, b) => a - b);
const q = (p) => ticks.length ? ticks[Math.min(ticks.length - 1, Math.floor(p * ticks.length))] : null;
console.log(JSON.stringify({ done: !!(verdict && verdict.done), reloads: reloadTimes, failed: verdict ? verdict.failed : { all: "out of time" },
  virtual_s: hub.now / 1000, wall_s: (Date.now() - t0) / 1000, steps: hub.steps, boot_wall_ms: bootWall,
  boot_ms: hub.handhelds.map((h) => h.bootMs), tick_median_ms: q(0.5), tick_p95_ms: q(0.95), heap: heaps, heap_peak: peak.map((p, i) => Math.max(p, heaps[i])) }));
f.close();
hub.close();
process.exit(0);
