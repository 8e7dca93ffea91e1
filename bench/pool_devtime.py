"""The loop-length target of issue 26 pooled over many games (`make bench-pool`; about 20 minutes on
2 cores, so not part of `make bench`): a 4-handheld Snyd table on the s3 device-time model, every
handheld's loops from the game's first log entry to its last, on a clean radio (seeds 0-24) and at
30 % loss with 10 % duplicates and 10 % reordered (seeds 1-18), radio and secrets seeded as
bench/py_table_sim.run. One game's count of long loops is one sample (a few bytes of code move a
collection or a burst of frames into another loop, docs/memory.md): only the pooled count means
anything.

The devtime log's variables are set to print nothing (DICECUP_DEVTIME_LOG=99999), as in every pooled
figure of docs/memory.md: with them set, DICECUP_DEVTIME_LOG_FROM replays a long loop of the same
course (docs/simulator.md), and setting them at all changes the course.
Usage: pool_devtime.py [--jobs N] [--loss 0,0.3] [--seeds-clean 0-24] [--seeds-lossy 1-18]
Prints a line per game, then a row per radio: loops over 50 ms, the longest loop, press to every
other screen (median, 95 %); then each long loop.
"""
import argparse
import os
import statistics
import sys
from multiprocessing import Pool

os.environ.update({"DICECUP_DEVTIME_LOG": "99999", "DICECUP_DEVTIME_LOG_FROM": "999999999"})

from host_tools import boards, devtime  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from py_table_sim import run  # noqa: E402

LONG_MS = 50


def one(job):
    """(seed, loss) -> (seed, loss, ended, loops, [(ms, handheld, sim ms) over LONG_MS], longest us,
    press latencies)."""
    seed, loss = job
    r = run(4, loss=loss, seed=seed, heap=boards.get("s3").sim_heap(), urandom_seed=seed,
            device_time=devtime.get("s3"))
    loops = [(h, x[0], x[1]) for h, w in enumerate(r["work"]) for x in w if r["start"] <= x[0] <= r["end"]]
    long = sorted((us // 1000, h, t) for h, t, us in loops if us > LONG_MS * 1000)
    return seed, loss, r["ok"], len(loops), long, max(us for h, t, us in loops), r["lat"]


def seeds(text):
    a, _, b = text.partition("-")
    return list(range(int(a), int(b or a) + 1))


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--loss", default="0,0.3")
    p.add_argument("--seeds-clean", default="0-24")
    p.add_argument("--seeds-lossy", default="1-18")
    a = p.parse_args(argv)
    jobs = [(s, loss) for loss in (float(x) for x in a.loss.split(","))
            for s in seeds(a.seeds_clean if loss == 0 else a.seeds_lossy)]
    by_loss = {}
    with Pool(a.jobs) as pool:
        for seed, loss, ok, n, long, longest, lat in pool.imap_unordered(one, jobs):
            print("seed %d loss %.2f: ended %s, %d loops, over %d ms: %s, longest %.1f ms" % (
                seed, loss, ok, n, LONG_MS, long, longest / 1000), flush=True)
            d = by_loss.setdefault(loss, dict(games=0, ended=0, loops=0, long=[], longest=0, lat=[]))
            d["games"] += 1
            d["ended"] += bool(ok)
            d["loops"] += n
            d["long"] += [(seed,) + x for x in long]
            d["longest"] = max(d["longest"], longest)
            d["lat"] += lat
    print("\n| 4 handhelds, s3, pooled | games (ended) | loops | over %d ms | longest | press median / 95 %% |" % LONG_MS)
    print("|---|---|---|---|---|---|")
    for loss, d in sorted(by_loss.items()):
        q = statistics.quantiles(d["lat"], n=20) if len(d["lat"]) > 1 else [0] * 19
        print("| %s | %d (%d) | %d | %d | %.1f ms | %s / %s ms |" % (
            "clean" if loss == 0 else "%d %% loss" % round(loss * 100), d["games"], d["ended"], d["loops"],
            len(d["long"]), d["longest"] / 1000, statistics.median(d["lat"]) if d["lat"] else "-", q[18]))
    for loss, d in sorted(by_loss.items()):
        for x in sorted(d["long"]):
            print("loss %.2f seed %d: a loop of %d ms on handheld %d at %d ms" % ((loss,) + x))

if __name__ == "__main__":
    main()
