// One handheld in a Web Worker (or a Node.js worker thread, for the tests): MicroPython's
// WebAssembly port running the unchanged firmware (.mpy) on the host fakes, booted by entry.py.
// The page (hub.mjs) talks to it with messages:
//   {type: "init", base, manifest, env, flash: {path: Uint8Array}, heap}  -> {type: "ready", ms, out}
//   {type: "step", now, inbox: Uint8Array}  -> {type: "out", out, wait, crash, flash?}
//   {type: "flash"} -> {type: "flash", flash}       {type: "heap"} -> {type: "heap", bytes}
// inbox and out are host-link messages (host_tools/fakes/hostlink.py), exactly as the simulator's
// hub sends and reads them over TCP; here they are handed over between two ticks (jslink.py).
// The package keeps its state in globals, so there is one handheld per worker.

const isNode = typeof process === "object" && process.versions && process.versions.node && typeof self === "undefined";
let port;
if (isNode) {
  const wt = await import("node:worker_threads");
  port = { post: (m, t) => wt.parentPort.postMessage(m, t), on: (f) => wt.parentPort.on("message", f) };
} else {
  port = { post: (m, t) => self.postMessage(m, t), on: (f) => { self.onmessage = (e) => f(e.data); } };
}

async function fetchBytes(url) {
  if (url.startsWith("file:")) {
    const fs = await import("node:fs");
    return new Uint8Array(fs.readFileSync(new URL(url)));
  }
  const r = await fetch(url);
  if (!r.ok) throw new Error(url + ": " + r.status);
  return new Uint8Array(await r.arrayBuffer());
}

let mp, entry, env = {};
let inbound = new Uint8Array(0), inAt = 0;
let outChunks = [], outLen = 0;
let steps = 0, flashEvery = 25, lastFlash = new Map(), written = false;
const FLASH = "/flash";

function heap() { return mp._module.HEAPU8; }

const webhost = {
  write(addr, n) { outChunks.push(heap().slice(addr, addr + n)); outLen += n; },
  read(addr, cap) {
    const n = Math.min(cap, inbound.length - inAt);
    heap().set(inbound.subarray(inAt, inAt + n), addr);
    inAt += n;
    return n;
  },
  waiting() { return inAt < inbound.length; },
  getenv(name) { return Object.prototype.hasOwnProperty.call(env, name) ? String(env[name]) : null; },
  random(addr, n) { crypto.getRandomValues(heap().subarray(addr, addr + n)); },
};

function takeOut() {
  const out = new Uint8Array(outLen);
  let p = 0;
  for (const c of outChunks) { out.set(c, p); p += c.length; }
  outChunks = []; outLen = 0;
  return out;
}

function give(bytes) {
  if (!bytes || !bytes.length) return;
  const left = inbound.subarray(inAt);
  const b = new Uint8Array(left.length + bytes.length);
  b.set(left); b.set(bytes, left.length);
  inbound = b; inAt = 0;
}

function readFlash(dir = FLASH, out = {}) {
  const FS = mp.FS;
  for (const name of FS.readdir(dir)) {
    if (name === "." || name === "..") continue;
    const p = dir + "/" + name;
    if (FS.isDir(FS.stat(p).mode)) readFlash(p, out);
    else out[p.slice(FLASH.length + 1)] = FS.readFile(p);
  }
  return out;
}

function flashChanged(files) {
  const names = Object.keys(files);
  let changed = names.length !== lastFlash.size;
  for (const k of names) {
    const a = files[k], b = lastFlash.get(k);
    if (changed) break;
    if (!b || a.length !== b.length) { changed = true; break; }
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) { changed = true; break; }
  }
  if (changed) lastFlash = new Map(Object.entries(files));
  return changed;
}

async function init(m) {
  const t0 = Date.now();
  env = m.env || {};
  if (m.flashEvery) flashEvery = m.flashEvery;
  const { loadMicroPython } = await import(m.base + "mp/micropython.mjs");
  const log = (line) => port.post({ type: "log", line });
  mp = await loadMicroPython({ heapsize: m.heap || 1048576, stdout: log, stderr: log, linebuffer: true,
    url: m.base + "mp/micropython.wasm" });
  mp.registerJsModule("webhost", webhost);
  const FS = mp.FS;
  const mkdirs = (p) => { let d = ""; for (const part of p.split("/").filter(Boolean)) { d += "/" + part; try { FS.mkdir(d); } catch (e) { /* there */ } } };
  const got = await Promise.all(m.manifest.files.map((f) => fetchBytes(m.base + f)));
  m.manifest.files.forEach((f, i) => {
    mkdirs("/" + f.split("/").slice(0, -1).join("/"));
    FS.writeFile("/" + f, got[i]);
  });
  // a file written (closed after writing) or renamed on the flash: the step's reply carries the
  // flash, so the page's storage holds it before the frames of that step leave (a handheld writes a
  // secret before its commitment goes out, and its table's state after every entry: a reload,
  // which restarts every handheld at once, must find them; docs/web.md)
  const close = FS.close, rename = FS.rename;
  FS.close = (stream) => {
    if (stream && (stream.flags & 3) && String(stream.path).startsWith(FLASH + "/")) written = true;
    return close.call(FS, stream);
  };
  FS.rename = (a, b) => {
    if (String(b).startsWith(FLASH + "/")) written = true;
    return rename.call(FS, a, b);
  };
  mkdirs(FLASH);
  const flash = m.flash || {};
  if (!flash["pinmap.json"]) flash["pinmap.json"] = new TextEncoder().encode(JSON.stringify(m.manifest.pinmap));
  for (const [p, data] of Object.entries(flash)) {
    mkdirs(FLASH + "/" + p.split("/").slice(0, -1).join("/"));
    FS.writeFile(FLASH + "/" + p, data);
  }
  lastFlash = new Map(Object.entries(readFlash()));
  written = false;
  mp.runPython("import sys\nsys.path[:] = " + JSON.stringify(m.manifest.path) +
    "\nimport os\nos.chdir('/flash')\nimport entry\nentry.boot(" + (m.now || 0) + ")");
  entry = mp.pyimport("entry");
  const reply = { type: "ready", ms: Date.now() - t0, out: takeOut(), crash: entry.crash };
  if (written) {  // the boot wrote (a table's new epoch is saved before any frame)
    written = false;
    const files = readFlash();
    if (flashChanged(files)) reply.flash = files;
  }
  port.post(reply);
}

function step(m) {
  give(m.inbox);
  const t0 = performance.now();
  const wait = entry.tick(m.now);
  const ms = performance.now() - t0;
  const reply = { type: "out", out: takeOut(), wait, ms, crash: wait < 0 ? entry.crash : null };
  if (++steps % flashEvery === 0 || written) {
    written = false;
    const files = readFlash();
    if (flashChanged(files)) reply.flash = files;
  }
  port.post(reply, [reply.out.buffer]);
}

port.on((m) => {
  try {
    if (m.type === "init") return init(m).catch((e) => port.post({ type: "error", error: String(e && e.stack || e) }));
    if (m.type === "step") return step(m);
    if (m.type === "flash") return port.post({ type: "flash", flash: readFlash() });
    if (m.type === "heap") { entry.collect(); return setTimeout(() => port.post({ type: "heap", bytes: entry.heap() }), 0); }
  } catch (e) {
    port.post({ type: "error", error: String(e && e.stack || e) });
  }
});
