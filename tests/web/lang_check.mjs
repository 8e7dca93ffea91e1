// The page's ?lang= (hub option lang: 0 Danish, 1 English), checked in Node.js against a stand-in
// worker (no firmware): the settings.json each handheld boots with holds that language, merged into
// the settings its flash kept; without the option the flash is left as it was. Prints one JSON
// line. Usage: node tests/web/lang_check.mjs WEB_DIR
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const web = process.argv[2];
const base = pathToFileURL(path.resolve(web)).href + "/";
const { Hub } = await import(base + "hub.mjs");
const manifest = JSON.parse(fs.readFileSync(path.join(web, "manifest.json"), "utf8"));

async function boot(lang, kept) {
  let flash = null;
  const spawn = () => {
    let on = null;
    return {
      on: (f) => { on = f; },
      terminate: () => {},
      post: (m) => {
        if (m.type === "init") {
          const s = m.flash["settings.json"];
          flash = s ? JSON.parse(new TextDecoder().decode(s)) : null;
          setTimeout(() => on({ type: "ready", ms: 1, out: new Uint8Array(0) }));
        } else if (m.type === "step") {
          setTimeout(() => on({ type: "out", out: new Uint8Array(0), ms: 0, wait: 20 }));
        }
      },
    };
  };
  const flashOf = () => (kept ? { "settings.json": new TextEncoder().encode(JSON.stringify(kept)) } : null);
  const hub = new Hub({ n: 1, clock: "virtual", base, manifest, spawn, seed: 1, lang, flashOf });
  await hub.start();
  await hub.run(() => true);
  return flash;
}

const out = {
  da: await boot(0, { sleep: 2 }),
  en: await boot(1, null),
  none: await boot(undefined, { lang: 0, sleep: 1 }),
};
console.log(JSON.stringify(out));
process.exit(0);
