"""The heap each bot needs on the .mpy build, by bisection on the unix port's heap size.

For each bot: the smallest `micropython -X heapsize=` in which bench/botheap_child.py loads the
modules, reads 30 views one line at a time and lets the bot decide each, minus the smallest in which
it does the same without deciding. The difference is the bot's own heap: its kept state plus its live
peak during a decision, garbage collected as on the handheld. Limits: 4 KB per Snyd bot (8 KB for
the hard one: its posteriors), 16 KB for the hard Yatzy bot. Unix port, 64-bit: objects (floats!)
take about twice the bytes of the ESP32's 32-bit port, so this errs high."""
import json
import os
import subprocess
import tempfile

import benchlib
import botviews
from host_tools.paths import BUILD, MICROPYTHON, ROOT

HERE = os.path.dirname(os.path.abspath(__file__))


def runs(heap, args, build=BUILD):
    env = dict(os.environ, MICROPYPATH=os.pathsep.join([build, HERE]))
    r = subprocess.run([MICROPYTHON, "-X", "heapsize=%d" % heap, os.path.join(HERE, "botheap_child.py")]
                       + args, capture_output=True, text=True, env=env, cwd=ROOT, timeout=300)
    return r.returncode == 0 and r.stdout.strip().endswith("OK")


def least_heap(args, build=BUILD, lo=4096, hi=1 << 20, step=64):
    if not runs(hi, args, build):
        return None
    while hi - lo > step:
        mid = (lo + hi) // 2
        if runs(mid, args, build):
            hi = mid
        else:
            lo = mid
    return hi


def views_file(game, folder, count=30):
    path = os.path.join(folder, game + ".jsonl")
    views = botviews.snyd_views(count) if game == "snyd" else botviews.yatzy_views(count)
    with open(path, "w") as f:
        for v in views:
            f.write(json.dumps(v) + "\n")
    return path


def bot_heap(game, level, path, build=BUILD):
    """Heap the bot needs beyond loading the modules and reading the views (None if it fails)."""
    base = least_heap([game, "none", path], build)
    h = least_heap([game, level, path], build)
    # a bot that needs less than the bisection's noise (about 1 KB) can read below zero: report 0
    return None if h is None or base is None else max(0, h - base)


def main():
    tmp = tempfile.mkdtemp()
    for game, levels, limit in (("snyd", ("kids", "easy", "normal", "hard"), 4096),
                                ("yatzy", ("easy", "hard"), 16384)):
        path = views_file(game, tmp)
        for lv in levels:
            # the hard Snyd bot's posteriors per opponent and face, kept for one decision: 8 KB
            lim = 8192 if (game, lv) == ("snyd", "hard") else limit
            benchlib.row("%s bot" % game, "heap needed, %s (kept + peak; bisection, .mpy, unix port)" % lv,
                         bot_heap(game, lv, path), "B", "<= %d" % lim)


if __name__ == "__main__":
    main()
