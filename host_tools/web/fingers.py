"""The simulator's autoplay fingers (host_tools/sim/autoplay.py) for handhelds that run in JavaScript.

tests/web/lockstep.mjs (Node.js) and tests/web/browser.mjs (headless Chromium) run this as a child
process and talk to it in JSON lines, one exchange per lockstep step, so the same finger plays the
page's handhelds as it plays the simulator's (nothing of the finger is written twice):
  in   {"now": ms, "frames": {"0": "hex of the 1024-byte frame", ...}  (the changed ones),
        "files": {"0": {"records/snyd-0001.json": "text", ...}}  (new or changed records),
        "dead": [i, ...]}
  out  {"press": [[i, "select", true], ...], "done": bool, "failed": {"i": "why"}}
Usage: python -m host_tools.web.fingers N GAME GAMES SEED [FIRST TOTAL]
FIRST and TOTAL: these N handhelds are FIRST.. of a table of TOTAL spread over browser tabs (the
first handheld of all creates the table and starts it once TOTAL sit; the others join).
"""
import json
import os
import sys
import tempfile

from host_tools.sim import autoplay


class _Handheld:
    def __init__(self, flash):
        self.frame = None
        self.flash = flash
        self.alive = True
        self.exit_code = None
        self.log_path = "(the page's console)"


class _Sim:
    """What autoplay.Player reads of the simulator's Sim."""

    def __init__(self, n, root):
        self.n = n
        self.t = 0
        self.handhelds = []
        for i in range(n):
            d = os.path.join(root, "hh%d" % i)
            os.makedirs(os.path.join(d, "records"))
            self.handhelds.append(_Handheld(d))
        self.out = []

    def now(self):
        return self.t

    def press(self, i, button, down):
        self.out.append([i, button, bool(down)])


def main(argv=None):
    args = (argv or sys.argv[1:]) + [None, None]
    n, game, games, seed = args[:4]
    n, games, seed = int(n), int(games), int(seed)
    first = int(args[4] or 0)
    total = int(args[5] or n)
    root = tempfile.mkdtemp(prefix="dicecup-fingers-")
    sim = _Sim(n, root)
    players = [autoplay.Player(sim, i, game, games, seed=seed * 100 + first + i) for i in range(n)]
    for p in players:
        if first or total != n:     # part of a table across tabs
            p.table, p.want_players, p.creator = True, total, first + p.i == 0
            path = ("table", "t_create", "t_open") if p.creator else ("table", "t_join")
            p.path = [autoplay.labels(k) for k in path]
    for line in sys.stdin:
        m = json.loads(line)
        sim.t = m["now"]
        for i, h in m.get("frames", {}).items():
            sim.handhelds[int(i)].frame = bytes.fromhex(h)
        for i, files in m.get("files", {}).items():
            for p, text in files.items():
                path = os.path.join(sim.handhelds[int(i)].flash, p)
                os.makedirs(os.path.dirname(path), exist_ok=True)
                with open(path, "w") as f:
                    f.write(text)
        for i in m.get("dead", []):
            sim.handhelds[i].alive = False
        for p in players:
            p.act()
        out, sim.out = sim.out, []
        failed = {str(p.i): p.failed for p in players if p.failed}
        sys.stdout.write(json.dumps({"press": out, "done": all(p.finished for p in players),
                                     "failed": failed}) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
