// The page's hub (build/web/hub.mjs) in Node.js: every handheld in a worker thread running the very
// worker script the page runs (build/web/handheld.mjs). Shared by lockstep.mjs and the bench.
import { Worker } from "node:worker_threads";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

export async function nodeHub(web, opts) {
  const base = pathToFileURL(path.resolve(web)).href + "/";
  const { Hub } = await import(base + "hub.mjs");
  const manifest = JSON.parse(fs.readFileSync(path.join(web, "manifest.json"), "utf8"));
  const spawn = () => {
    const w = new Worker(new URL(base + "handheld.mjs"));
    return { post: (m, t) => w.postMessage(m, t), on: (f) => w.on("message", f), terminate: () => w.terminate() };
  };
  return new Hub({ base, manifest, spawn, ...opts });
}
