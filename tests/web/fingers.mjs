// The autoplay fingers (python -m host_tools.web.fingers) bridged to a hub: one JSON line each way
// per step, so every decision is taken at a lockstep step and a seeded game repeats.
import { spawn } from "node:child_process";
import readline from "node:readline";

export function fingers(python, root, n, game, games, seed, first = 0, total = n) {
  const p = spawn(python, ["-m", "host_tools.web.fingers", String(n), game, String(games), String(seed), String(first), String(total)],
    { cwd: root, stdio: ["pipe", "pipe", "inherit"] });
  const lines = readline.createInterface({ input: p.stdout });
  const waiting = [];
  lines.on("line", (l) => waiting.shift()(JSON.parse(l)));
  const seenFrame = new Map(), seenFile = new Map();
  return {
    // state: {now, handhelds: [{frame: Uint8Array, flash: {path: Uint8Array}, alive}]}
    async step(state) {
      const m = { now: state.now, frames: {}, files: {}, dead: [] };
      state.handhelds.forEach((h, i) => {
        if (h.frame && seenFrame.get(i) !== h.frameKey) { seenFrame.set(i, h.frameKey); m.frames[i] = h.frame; }
        for (const [path, text] of Object.entries(h.records || {})) {
          const k = i + "/" + path;
          if (seenFile.get(k) !== text) { seenFile.set(k, text); (m.files[i] ||= {})["records/" + path] = text; }
        }
        if (!h.alive) m.dead.push(i);
      });
      const reply = new Promise((res) => waiting.push(res));
      p.stdin.write(JSON.stringify(m) + "\n");
      return reply;
    },
    close() { p.stdin.end(); },
  };
}
