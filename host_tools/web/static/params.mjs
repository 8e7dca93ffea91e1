// The page's address options (?n=4&room=...), read and checked in one place: readParams(search)
// returns the options and, for each one that is wrong, a line naming it and what it takes. The page
// shows those lines and starts nothing (a wrong value is never silently changed or ignored).
// Plain module, no DOM: tests/test_web.py runs it in Node.js.

const INT = /^-?\d+$/;
const NUM = /^-?(\d+\.?\d*|\.\d+)$/;
const prob = (v) => NUM.test(v) && +v >= 0 && +v <= 1;

// name: [check(value, options so far) -> true when good, what it takes, the default when absent]
const OPTIONS = {
  n: [(v) => INT.test(v) && +v >= 1 && +v <= 8, "the number of handhelds, 1 to 8 (e.g. ?n=4)"],
  room: [(v) => v.length > 0, "a name that other tabs give too, to join their table (e.g. ?room=kitchen)"],
  seed: [(v) => INT.test(v), "a whole number (e.g. &seed=7)"],
  clock: [(v) => v === "wall" || v === "virtual", "wall or virtual"],
  loss: [prob, "a probability from 0 to 1 (e.g. &loss=0.1)"],
  dup: [prob, "a probability from 0 to 1 (e.g. &dup=0.05)"],
  reorder: [prob, "a probability from 0 to 1 (e.g. &reorder=0.1)"],
  delay: [(v) => { const p = v.split(":"); return p.length <= 2 && p.every((x) => NUM.test(x) && +x >= 0) && +p[0] <= +p[p.length - 1]; },
    "A:B milliseconds with 0 <= A <= B (e.g. &delay=2:20)"],
  scale: [(v) => NUM.test(v) && +v >= 1 && +v <= 8, "the OLED's pixel size, 1 to 8 (e.g. &scale=3)"],
  tab: [(v) => INT.test(v) && +v >= 0 && +v <= 255, "a tab number, 0 to 255"],
  names: [(v) => v.split(",").every((s) => s.trim().length <= 8), "names of at most 8 characters, separated by commas (e.g. &names=ANNA,BO)"],
  lang: [(v) => v === "da" || v === "en", "da or en"],
  board: [(v) => v === "s3" || v === "wroom", "s3 or wroom (the board whose time the handhelds take)"],
  devtime: [(v) => v === "on" || v === "off", "on or off (each handheld's work costs its board's time)"],
  finger: [() => true, ""],   // the browser tests' autoplay hook (tests/web/browser.mjs)
};

export const KNOWN = Object.keys(OPTIONS).filter((k) => k !== "finger");

export function readParams(search) {
  const q = new URLSearchParams(search);
  const errors = [];
  for (const [k, v] of q) {
    const o = OPTIONS[k];
    if (!o) errors.push(`?${k}= is not an option of this page: it takes ${KNOWN.join(", ")} (see below)`);
    else if (!o[0](v)) errors.push(`${k}=${v} is wrong: ${k} is ${o[1]}`);
  }
  const get = (k, d) => (q.has(k) ? q.get(k) : d);
  const delay = get("delay", "0:0").split(":").map(Number);
  return {
    errors,
    n: +get("n", "4"),
    scale: +get("scale", "3"),
    room: q.get("room"),
    seed: q.has("seed") ? parseInt(q.get("seed")) : null,
    clock: get("clock", "wall"),
    tab: q.has("tab") ? +q.get("tab") : null,
    delay: delay.length === 1 ? [delay[0], delay[0]] : delay,
    loss: +get("loss", "0"), dup: +get("dup", "0"), reorder: +get("reorder", "0"),
    names: q.has("names") ? q.get("names").split(",").map((s) => s.trim().toUpperCase().slice(0, 8)) : undefined,
    lang: q.get("lang"),
    board: get("board", "s3"),
    devtime: get("devtime", "on"),
    finger: q.get("finger"),
  };
}
