"""Rows for the handheld benchmarks (bench/mp_handheld_*.py) from one game through the buttons under
the unix port on the .mpy build, with the host fakes (handheld_game.run). The scripts import this
module only after the game: every name compiled here would otherwise count in the game's heap."""
import benchlib

LABEL = {"snyd": "6-seat Snyd (1 person + 5 bots)", "maxi": "6-card Maxi-Yatzy (3 people + 3 bots)",
         "maxi_coach": "6-card Maxi-Yatzy, coach on (3 people + 3 bots)"}
# the items of handheld_game.run's tuple
FIELDS = ("ok", "fakes", "title", "frames", "bytes", "shows", "presses", "press_frames", "max_press_frames",
          "peak")


def report(kind, r):
    """Rows for the game handheld_game.run(kind) played (r: its tuple)."""
    r = dict(zip(FIELDS, r))
    area = "handheld"
    what = LABEL[kind]
    benchlib.row(area, what + ": finished", "yes" if r["ok"] else "NO")
    benchlib.row(area, what + ": peak heap (gc.mem_alloc)", r["peak"], "B", "<= 65536")
    benchlib.row(area, what + ": of that, host fakes", r["fakes"], "B")
    benchlib.row(area, "firmware at the title screen (imports, display, app)", r["title"], "B")
    benchlib.row(area, what + ": frames sent per button press (mean)",
                 round(r["press_frames"] / r["presses"], 2), "frames", "<= 1")
    benchlib.row(area, what + ": frames sent per button press (most)", r["max_press_frames"], "frames")
    benchlib.row(area, what + ": frames sent in the whole game (bots' moves too)", r["frames"], "frames")
    benchlib.row(area, "bytes per frame over I2C (commands + data)", r["bytes"] // r["shows"], "B")
