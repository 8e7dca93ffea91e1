// The page's radio (build/web/radio.mjs) on scripted scenarios, for tests/test_web.py, which runs
// the simulator's RadioBus on the same ones: one JSON scenario per line in, its outcome per line out.
// A scenario: {opts: {loss, dup, delay_ms, reorder, airtime_mbps}, draws: [floats], ops: [...]}
import readline from "node:readline";
const { RadioBus } = await import(process.argv[2]);

const lines = readline.createInterface({ input: process.stdin });
lines.on("line", (line) => {
  const s = JSON.parse(line);
  let k = 0;
  const rng = () => s.draws[k++ % s.draws.length];
  const o = s.opts;
  const bus = new RadioBus({ rng, loss: o.loss, dup: o.dup, delayMs: o.delay_ms, reorder: o.reorder,
    airtimeMbps: o.airtime_mbps });
  const results = [];
  const b = (h) => Uint8Array.from(h.match(/../g) || [], (x) => parseInt(x, 16));
  const hx = (a) => Array.from(a, (x) => x.toString(16).padStart(2, "0")).join("");
  for (const op of s.ops) {
    if (op[0] === "state") bus.setState(op[1], op[2], op[3]);
    else if (op[0] === "off") bus.powerOff(op[1]);
    else if (op[0] === "send") results.push(bus.send(op[1], op[2], op[3], b(op[4]), op[5]));
    else if (op[0] === "inject") results.push(bus.inject(op[1], op[2], b(op[3]), op[4]));
    else if (op[0] === "due") results.push(bus.due(op[1]).map(([to, src, rssi, d]) => [to, src, rssi, hx(d)]));
  }
  const frames = bus.frames.map((f) => [f.t, f.src, f.dst, f.to, f.len, f.fate]);
  process.stdout.write(JSON.stringify({ results, frames, counts: bus.counts, draws: k }) + "\n");
});
