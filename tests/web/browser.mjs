// make web-test: the page in build/web in Debian's headless chromium, driven by puppeteer-core.
//  1. a 4-handheld Snyd table game to the end on the virtual clock, seed 7, the autoplay fingers
//     (host_tools.web.fingers) over a puppeteer binding at every step: the records are written to
//     OUT/game/hh<i>/ for tests/test_web_browser.py (identical, replayed by the referee), and
//     screenshots to OUT/shots/;
//  2. the keyboard: each handheld's keys move its own menu and nobody else's; a held button
//     (pointer down, up) does the same;
//  3. two tabs in one room: two handhelds each, one table of four over BroadcastChannel, played
//     to its end on the wall clock;
//  4. a reload keeps a handheld's flash (its records are still listed).
// Prints one JSON line of results (and figures for the bench). Usage:
//   node tests/web/browser.mjs WEB_DIR OUT_DIR PYTHON [CHROMIUM] [--only game|keys|tabs|bench8]
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { execFileSync } from "node:child_process";
import puppeteer from "puppeteer-core";
import { fingers } from "./fingers.mjs";

const argv = process.argv.slice(2);
const only = argv.includes("--only") ? argv[argv.indexOf("--only") + 1] : null;
const [web, out, python0, chromium = "/usr/bin/chromium"] = argv.filter((a, i) => !a.startsWith("--") && argv[i - 1] !== "--only");
const python = python0.includes("/") ? path.resolve(python0) : python0;
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..", "..");
const TYPES = { ".html": "text/html", ".mjs": "text/javascript", ".js": "text/javascript", ".json": "application/json",
  ".wasm": "application/wasm", ".mpy": "application/octet-stream", ".png": "image/png" };

// a static server on loopback, as any static host would serve the folder
const server = http.createServer((req, res) => {
  const p = path.join(path.resolve(web), decodeURIComponent(new URL(req.url, "http://x").pathname));
  if (!p.startsWith(path.resolve(web)) || !fs.existsSync(p) || fs.statSync(p).isDirectory()) {
    const idx = path.join(p, "index.html");
    if (fs.existsSync(idx)) { res.writeHead(200, { "content-type": "text/html" }); return res.end(fs.readFileSync(idx)); }
    res.writeHead(404); return res.end();
  }
  res.writeHead(200, { "content-type": TYPES[path.extname(p)] || "application/octet-stream" });
  res.end(fs.readFileSync(p));
});
await new Promise((r) => server.listen(0, "127.0.0.1", r));
const url = `http://127.0.0.1:${server.address().port}/`;
const browser = await puppeteer.launch({ executablePath: chromium, headless: true,
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-timer-throttling", "--disable-renderer-backgrounding"] });
const results = {};
fs.mkdirSync(path.join(out, "shots"), { recursive: true });
const readback = (hexes) => JSON.parse(execFileSync(python, ["-c",
  "import sys, json; from host_tools import paths, readback; print(json.dumps([readback.text(bytes.fromhex(h)) if h else '' for h in json.load(sys.stdin)]))"],
  { cwd: root, input: JSON.stringify(hexes) }).toString());
const frames = (page) => page.evaluate(() => window.dicecup.hub.handhelds.map((h) => h.frame ? Array.from(h.frame, (x) => (x < 16 ? "0" : "") + x.toString(16)).join("") : ""));
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
async function open(query, finger) {
  const page = await browser.newPage();
  await page.setViewport({ width: 1400, height: 900 });
  page.on("pageerror", (e) => console.error("page error:", e.message));
  if (finger) await page.exposeFunction("dicecupFinger", (state) => finger.step(state));
  await page.goto(url + "?" + query);
  await page.waitForFunction(() => window.dicecup && window.dicecup.hub, { timeout: 60000 });
  return page;
}
async function saveRecords(page, dir) {
  const recs = await page.evaluate(async () => {
    const hub = window.dicecup.hub;
    const out = [];
    for (let i = 0; i < hub.n; i++) { await hub.flash(i); out.push(hub.records(i)); }
    return out;
  });
  recs.forEach((r, i) => {
    const d = path.join(dir, "hh" + i);
    fs.mkdirSync(d, { recursive: true });
    for (const [name, text] of Object.entries(r)) fs.writeFileSync(path.join(d, name), text);
  });
  return recs;
}

try {
  if (!only || only === "game") {
    const f = fingers(python, root, 4, "snyd", 1, 7);
    const t0 = Date.now();
    const page = await open("n=4&seed=7&clock=virtual&finger=1", f);
    await page.waitForFunction(() => window.dicecup.verdict && (window.dicecup.verdict.done || Object.keys(window.dicecup.verdict.failed).length),
      { timeout: 600000, polling: 500 });
    const v = await page.evaluate(() => ({ verdict: window.dicecup.verdict, now: window.dicecup.hub.now, boot: window.dicecup.bootMs }));
    fs.mkdirSync(path.join(out, "shots"), { recursive: true });
    await page.screenshot({ path: path.join(out, "shots", "table.png"), fullPage: true });
    const cvs = await page.$$("canvas");
    for (let i = 0; i < cvs.length; i++) await cvs[i].screenshot({ path: path.join(out, "shots", `hh${i + 1}.png`) });
    await saveRecords(page, path.join(out, "game"));
    results.game = { done: v.verdict.done, failed: v.verdict.failed, virtual_s: v.now / 1000, wall_s: (Date.now() - t0) / 1000, boot_ms: v.boot };
    f.close();
    // a reload keeps every handheld's flash: the record is still there, from localStorage
    await page.goto(url + "?n=4&seed=7&clock=virtual");
    await page.waitForFunction(() => window.dicecup && window.dicecup.hub, { timeout: 60000 });
    results.reload_records = await page.evaluate(() => Object.keys(window.dicecup.hub.records(0)).length);
    await page.close();
  }
  if (!only || only === "keys") {
    const page = await open("n=3&clock=wall&room=keys" + Date.now());
    await page.waitForFunction(() => window.dicecup.hub.handhelds.every((h) => h.frame), { timeout: 60000 });
    await sleep(500);
    const before = await frames(page);
    await page.keyboard.down("w"); await sleep(150); await page.keyboard.up("w");   // handheld 2: down
    await sleep(400);
    const after = await frames(page);
    const b = await page.$$(".hh:nth-child(3) .btns button");                     // handheld 3's buttons
    const box = await b[1].boundingBox();                                          // its "down"
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down(); await sleep(150); await page.mouse.up();
    await sleep(400);
    const clicked = await frames(page);
    await page.screenshot({ path: path.join(out, "shots", "keys.png") });
    results.keys = { moved: after[1] !== before[1], others_still: after[0] === before[0] && after[2] === before[2],
      click_moved: clicked[2] !== after[2], click_others_still: clicked[0] === after[0] && clicked[1] === after[1],
      text: readback(clicked) };   // the cursor (an inverted row) is not in the text: the frames compare
    await page.close();
  }
  if (!only || only === "tabs") {
    const room = "tabs" + Date.now();
    const fa = fingers(python, root, 2, "snyd", 1, 11, 0, 4), fb = fingers(python, root, 2, "snyd", 1, 11, 2, 4);
    const t0 = Date.now();
    const [a, b] = [await open(`n=2&clock=wall&room=${room}&tab=1&seed=11&finger=1`, fa), await open(`n=2&clock=wall&room=${room}&tab=2&seed=12&finger=1`, fb)];
    const done = (p) => p.evaluate(() => window.dicecup.verdict && window.dicecup.verdict.done);
    const failed = (p) => p.evaluate(() => window.dicecup.verdict && Object.keys(window.dicecup.verdict.failed).length ? window.dicecup.verdict.failed : null);
    let fail = null;
    while (Date.now() - t0 < 400000 && !(await done(a) && await done(b)) && !(fail = (await failed(a)) || (await failed(b)))) await sleep(1000);
    await a.screenshot({ path: path.join(out, "shots", "tab1.png") });
    await b.screenshot({ path: path.join(out, "shots", "tab2.png") });
    const ra = await saveRecords(a, path.join(out, "tabs", "a")), rb = await saveRecords(b, path.join(out, "tabs", "b"));
    results.tabs = { done: !!(await done(a) && await done(b)), failed: fail, wall_s: (Date.now() - t0) / 1000,
      records: [...ra, ...rb].map((r) => Object.keys(r).length) };
    fa.close(); fb.close();
    await a.close(); await b.close();
  }
  if (only === "bench8") {
    // 8 handhelds at one table on the wall clock for 30 s: the steps each got against the 50 a second it asks for
    // the fingers seat all eight at one table and play: the ticks are a game's, not the title's
    const f8 = fingers(python, root, 8, "snyd", 1, 3);
    const page = await open("n=8&clock=wall&seed=3&finger=1&room=bench" + Date.now(), f8);
    await sleep(3000);
    const s0 = await page.evaluate(() => ({ steps: window.dicecup.hub.steps, now: window.dicecup.hub.now, boot: window.dicecup.bootMs,
      boots: window.dicecup.hub.handhelds.map((h) => h.bootMs) }));
    await sleep(30000);
    const s1 = await page.evaluate(async () => {
      const hub = window.dicecup.hub;
      const ticks = hub.handhelds.flatMap((h) => h.tickMs).sort((a, b) => a - b);
      return { steps: hub.steps, now: hub.now, median: ticks[ticks.length >> 1], p95: ticks[Math.floor(ticks.length * 0.95)] };
    });
    results.bench8 = { steps_per_s: (s1.steps - s0.steps) / ((s1.now - s0.now) / 1000), boot_ms: s0.boot, boots: s0.boots,
      tick_median_ms: s1.median, tick_p95_ms: s1.p95, screens: readback(await frames(page)).map((t) => t.split("\n")[0]) };
    await page.screenshot({ path: path.join(out, "shots", "bench8.png"), fullPage: true });
    f8.close();
    await page.close();
  }
} finally {
  console.log(JSON.stringify(results));
  await browser.close();
  server.close();
}
