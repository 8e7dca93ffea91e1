// The page's shake and piezo, checked in Node.js against a stand-in worker (no firmware): a shake
// reaches the handheld as the simulator's (host_tools/sim/hub.py sim.shake) does, SHAKE_EDGES
// edges of the pin map's tilt pin SHAKE_GAP_MS apart, in the steps; a TONE from the handheld
// lights its view. Prints one JSON line. Usage: node tests/web/shake_check.mjs WEB_DIR
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const web = process.argv[2];
const base = pathToFileURL(path.resolve(web)).href + "/";
const { Hub } = await import(base + "hub.mjs");
const manifest = JSON.parse(fs.readFileSync(path.join(web, "manifest.json"), "utf8"));
const got = [];          // [virtual ms, message type byte, payload] of what the hub sent
let toneOut = null;      // what the stand-in worker says next (a TONE message), once
const spawn = () => {
  let on = null;
  return {
    on: (f) => { on = f; },
    terminate: () => {},
    post: (m) => {
      if (m.type === "init") { setTimeout(() => on({ type: "ready", ms: 1, out: new Uint8Array(0) })); return; }
      if (m.type === "step") {
        const b = m.inbox;
        for (let p = 0; p + 3 <= b.length;) {
          const n = (b[p + 1] << 8) | b[p + 2];
          got.push([m.now, b[p], Array.from(b.subarray(p + 3, p + 3 + n))]);
          p += 3 + n;
        }
        const out = toneOut || new Uint8Array(0);
        toneOut = null;
        setTimeout(() => on({ type: "out", out, ms: 0, wait: 20 }));
      }
    },
  };
};
const hub = new Hub({ n: 1, clock: "virtual", base, manifest, spawn, seed: 1 });
await hub.start();
let rounds = 0;
hub.after = async () => {
  rounds += 1;
  if (rounds === 3) hub.shake(0);
  if (rounds === 20) toneOut = Uint8Array.from([90, 0, 3, manifest.pinmap.optional.buzzer, 0x01, 0xb8]);  // 440 Hz
};
await hub.run(() => rounds >= 25);
const tilt = manifest.pinmap.optional.tilt;
const edges = got.filter(([, k, b]) => k === 66 && b[0] === tilt).map(([t, , b]) => [t, b[1]]);
console.log(JSON.stringify({ edges, tone: hub.handhelds[0].tone, tilt }));
