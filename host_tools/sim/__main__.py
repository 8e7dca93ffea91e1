"""python -m host_tools.sim: a table of virtual handhelds, in a window or headless.

    python -m host_tools.sim                          # the window, 4 handhelds (make sim)
    python -m host_tools.sim --headless --handhelds 4 --game snyd --autoplay --games 1 \\
        --loss 0.1 --dup 0.05 --delay-ms 2:20 --seed 7 --records out/ --gif session.gif

Exit status (headless): 0 when every handheld finished its games (with --autoplay) or stayed up
for --seconds (without), and the collected records agree where they must; 1 otherwise, with what
went wrong on standard error; 2 for bad options.
"""
import argparse
import json
import os
import random
import sys
import tempfile
import time

from host_tools import boards, devtime
from host_tools.sim import images
from host_tools.sim.hub import MAIN, Sim

GAMES = ("snyd", "kids", "yatzy", "maxi", "yahtzee", "triple", "team", "team3", "team4")
LANGS = ("da", "en")  # settings.json's lang: 0, 1
LANG_KEPT = os.path.normpath(os.path.join(os.path.dirname(MAIN), os.pardir, "sim-lang"))  # the window's last language
REBOOT_ALL_GAP_MS = (1000.0, 15000.0)  # --reboot-all: from the game's start, and between two
GIF_FRAMES = 2000  # --gif-frames default: a 4-handheld autoplayed Snyd game is about 900 screen changes


def _prob(s):
    try:
        v = float(s)
    except ValueError:
        raise argparse.ArgumentTypeError("%r is not a number" % s)
    if not 0.0 <= v <= 1.0:
        raise argparse.ArgumentTypeError("a probability is between 0 and 1, got %s" % s)
    return v


def _delay(s):
    try:
        a, b = (float(x) for x in s.split(":")) if ":" in s else (float(s), float(s))
    except ValueError:
        raise argparse.ArgumentTypeError("delay is A:B milliseconds, e.g. 2:20, got %r" % s)
    if a < 0 or b < a:
        raise argparse.ArgumentTypeError("delay A:B needs 0 <= A <= B, got %r" % s)
    return a, b


def _rules(s):
    """--rules KEY=VALUE,...: the Snyd rule keys of the record spec (shared/spec/snyd-record.md),
    checked by the rules core's own parser; returns the snyd.Rules."""
    from host_tools import paths  # noqa: F401  (puts firmware/ on sys.path)
    from dicecup.rules import snyd
    from dicecup.core.shape import Malformed
    d = {}
    for part in s.split(","):
        k, eq, v = part.strip().partition("=")
        if not eq or not k:
            raise argparse.ArgumentTypeError("rules are KEY=VALUE,... e.g. dice=3,jokers=false, got %r" % s)
        v = v.strip()
        d[k.strip()] = {"true": True, "false": False}.get(v.lower(), int(v) if v.isdigit() else v)
    try:
        return snyd.Rules.from_dict(d)
    except Malformed as e:
        raise argparse.ArgumentTypeError(str(e))


def rule_settings(rules):
    """The handheld settings that make `rules` (settings.rules' inverse): what a family would set
    on the Snyd rules screen, written to each handheld's settings.json before its first boot."""
    return {"dice": rules.dice - 1, "jokers": rules.jokers, "palifico": rules.palifico,
            "calza": rules.calza, "open_on_ones": rules.open_on_ones, "calza_by": rules.calza_by,
            "count_scope": rules.count_scope, "open_die": rules.open_die}


def write_rules(sim, rules):
    write_settings(sim, rule_settings(rules))


def write_settings(sim, settings):
    """Merge settings into each handheld's settings.json before it boots."""
    for h in sim.handhelds:
        os.makedirs(h.flash, exist_ok=True)
        path = os.path.join(h.flash, "settings.json")
        s = {}
        if os.path.exists(path):
            with open(path) as f:
                s = json.load(f)
        s.update(settings)
        with open(path, "w") as f:
            json.dump(s, f)


def kept_lang():
    """The language the window used last ("da", "en"), or None."""
    try:
        with open(LANG_KEPT) as f:
            v = f.read().strip()
    except OSError:
        return None
    return v if v in LANGS else None


def keep_lang(sim):
    """Keep the first handheld's language (as --lang set it, or as its settings menu changed it)
    for the window's next run: the simulator's flash is new every run."""
    try:
        with open(os.path.join(sim.handhelds[0].flash, "settings.json")) as f:
            lang = json.load(f).get("lang")
    except (OSError, ValueError, AttributeError):
        return
    if lang in (0, 1):
        try:
            with open(LANG_KEPT, "w") as f:
                f.write(LANGS[lang] + "\n")
        except OSError:
            pass


def _heap(s):
    t = s.upper().rstrip("B")
    if not t or not (t.isdigit() or (t[:-1].isdigit() and t[-1] in "KM")):
        raise argparse.ArgumentTypeError("heap is a size like 96K or 262144, got %r" % s)
    return t


def parser():
    p = argparse.ArgumentParser(prog="python -m host_tools.sim", description=__doc__.split("\n")[0])
    p.add_argument("--headless", action="store_true", help="no window (tests, scripts, CI)")
    p.add_argument("--handhelds", type=int, default=int(os.environ.get("HANDHELDS", 4)),
                   help="how many handhelds, 1..32 (default 4, or $HANDHELDS)")
    p.add_argument("--game", choices=GAMES, default="snyd", help="game for --autoplay")
    p.add_argument("--autoplay", action="store_true",
                   help="a bot plays each handheld through its buttons, reading its screen")
    p.add_argument("--games", type=int, default=1, help="games per handheld with --autoplay")
    p.add_argument("--level", choices=("kids", "easy", "normal", "hard"), default=None,
                   help="with --autoplay, set the bots' level in the game's set-up menu first")
    p.add_argument("--rules", type=_rules, default=None, metavar="KEY=VALUE,...",
                   help="Snyd rules for every handheld (the record spec's keys: dice=1..5, jokers, "
                   "palifico, calza, open_on_ones=true|false, calza_by=others|any|turn, "
                   "count_scope=table|neighbours, open_die=true|false), set as each handheld's "
                   "Snyd rule settings before it boots; alone and at a table (the creator's rules)")
    p.add_argument("--loss", type=_prob, default=0.0, help="radio frame loss probability")
    p.add_argument("--dup", type=_prob, default=0.0, help="radio frame duplication probability")
    p.add_argument("--reorder", type=_prob, default=0.0, help="probability a frame is held back")
    p.add_argument("--delay-ms", type=_delay, default=(0.0, 0.0), help="radio delay A:B ms")
    p.add_argument("--airtime-mbps", type=float, default=1.0,
                   help="frames take their airtime at this bit rate and queue for the channel "
                        "(ESP-NOW's default 1 Mbps); 0 for instant frames")
    p.add_argument("--reboots", type=int, default=0, help="reboot random handhelds this often")
    p.add_argument("--reboot-all", type=int, default=0, metavar="N",
                   help="power-cycle every handheld at the same moment (a power strip), N times at "
                        "random points of the game (reproducible under --seed)")
    p.add_argument("--power-cuts", type=int, default=0,
                   help="cut a random handheld's power halfway through a flash write this often")
    p.add_argument("--strangers", type=int, default=0,
                   help="foreign radios on the channel sending garbage and (altered) replays")
    p.add_argument("--stranger-rate", type=float, default=5.0, help="frames/s per stranger")
    p.add_argument("--channel", type=int, default=1,
                   help="the channel the strangers use (the firmware's fixed channel)")
    p.add_argument("--seed", type=int, default=None,
                   help="seed of the whole run: the radio, the faults, the autoplay fingers, the strangers "
                        "and every handheld's os.urandom (the dice, the table's secrets), per handheld "
                        "and boot, so that a run repeats exactly. Without it the handhelds draw real "
                        "random numbers and the rest uses seed 1")
    p.add_argument("--board", choices=sorted(boards.BOARDS), default=boards.REFERENCE,
                   help="the board every handheld is (default %s): its pin map and its heap, scaled to the "
                        "64-bit unix port: %s (docs/memory.md: the 64-bit port needs %.2fx the heap of a "
                        "32-bit MicroPython, measured by bench/py_heap32.py)" % (
                            boards.REFERENCE, "; ".join("%s %s -> %s" % (k, b.heap_note.split(":")[0], b.sim_heap())
                                                        for k, b in sorted(boards.BOARDS.items())),
                            boards.HEAP_RATIO_64_32))
    p.add_argument("--device-time", choices=("on", "off"), default="on",
                   help="on (default): on the virtual clock each handheld's clock also moves by what its "
                        "work costs on the --board (the CPU, each show(), each collection, each flash "
                        "write: host_tools/devtime.py, docs/simulator.md); off: the firmware's work is free")
    p.add_argument("--heap", type=_heap, default=None, help="micropython -X heapsize per handheld, "
                   "instead of the board's")
    p.add_argument("--records", metavar="DIR", help="collect every handheld's game records here")
    p.add_argument("--screenshots", metavar="DIR", help="headless: a PNG of every handheld at the end; "
                   "in the window: where F9 saves them (default build/screenshots)")
    p.add_argument("--gif", metavar="FILE",
                   help="animated GIF of the session, a picture per screen change: the first "
                        "--gif-frames of them (said on standard error when the limit is reached)")
    p.add_argument("--gif-frames", metavar="N", type=int, default=GIF_FRAMES,
                   help="at most this many screen changes in the --gif (default %d; 0: no limit, "
                        "the whole session, which takes a while to write for a long one)" % GIF_FRAMES)
    p.add_argument("--frames-log", metavar="FILE", help="every radio frame as JSON lines")
    p.add_argument("--clock", choices=("wall", "virtual"),
                   help="wall (default in the window) or virtual (default headless: faster)")
    p.add_argument("--seconds", type=float, default=None,
                   help="stop after this much simulated time (headless default 1800 per game "
                        "with --autoplay, else 10; the window runs until closed)")
    p.add_argument("--script", default=MAIN, help="the handheld's main script (default: the "
                                                   ".mpy build's main.py)")
    p.add_argument("--scale", type=int, default=None, help="window pixels per OLED pixel")
    p.add_argument("--quiet", action="store_true", help="no progress line")
    p.add_argument("--sound", action="store_true",
                   help="the window plays the handhelds' piezos through pygame's mixer (they "
                        "always show on each handheld's panel)")
    p.add_argument("--lang", choices=LANGS, default=None,
                   help="the handhelds' language, da or en (make sim LANG=da); the window keeps the "
                   "last one used (its handhelds' own choice too) for the next run; default English")
    p.add_argument("--names", default=None, metavar="A,B,...",
                   help="the handhelds' owners, in order (default: distinct names, ANNA, BO, ...); "
                        "an empty one (or --names '') leaves that handheld new: it asks at boot")
    return p


class Progress:
    """One status line, rewritten in place about once a second on a terminal."""

    def __init__(self, sim, enabled):
        self.sim, self.enabled, self.last = sim, enabled, 0.0
        self.tty = sys.stderr.isatty()

    def show(self, games_done=None, games_total=None, force=False):
        now = time.monotonic()
        if not self.enabled or (not force and now - self.last < 1.0):
            return
        self.last = now
        c = self.sim.bus.counts
        g = "games %d/%d  " % (games_done, games_total) if games_total else ""
        line = "t=%6.1fs  %sframes %d  radio %d sent %d delivered %d lost %d dup" % (
            self.sim.now() / 1000.0, g, sum(h.frames for h in self.sim.handhelds), c["sent"],
            c["delivered"], c["lost"], c["dup"])
        sys.stderr.write(("\r" + line + "   ") if self.tty else line + "\n")
        sys.stderr.flush()

    def done(self):
        if self.enabled and self.tty:
            sys.stderr.write("\n")


def _records(sim, out):
    """Copy each handheld's records/ folder into out/handheldN/; returns {i: {name: record}}."""
    got = {}
    for h in sim.handhelds:
        src = os.path.join(h.flash, "records")
        dst = os.path.join(out, "handheld%d" % (h.id + 1))
        os.makedirs(dst, exist_ok=True)
        got[h.id] = {}
        if os.path.isdir(src):
            for name in sorted(os.listdir(src)):
                if name.endswith(".tmp"):
                    continue
                with open(os.path.join(src, name)) as f:
                    text = f.read()
                with open(os.path.join(dst, name), "w") as f:
                    f.write(text)
                try:
                    got[h.id][name] = json.loads(text)
                except ValueError:
                    got[h.id][name] = None
    return got


def disagreements(got):
    """Records of one shared game must be identical on every handheld that played it.

    A record names its shared game in meta.table (and meta.game, a number) once the table
    protocol writes them; records without meta.table are solo games and have no twins. Returns a
    list of messages, one per game whose copies differ or that a seated handheld lacks."""
    games = {}
    for i, recs in got.items():
        for name, doc in recs.items():
            meta = doc.get("meta") if isinstance(doc, dict) else None
            if isinstance(meta, dict) and meta.get("table") is not None:
                key = (str(meta["table"]), str(meta.get("game", name)))
                body = {k: v for k, v in doc.items() if k != "meta"}
                games.setdefault(key, {})[i] = json.dumps(body, sort_keys=True)
    out = []
    for (table, game), copies in sorted(games.items()):
        if len(set(copies.values())) > 1:
            groups = {}
            for i, body in copies.items():
                groups.setdefault(body, []).append(i + 1)
            out.append("table %s game %s: the handhelds disagree: %s" % (
                table, game, " vs ".join(str(sorted(v)) for v in groups.values())))
    return out


def replay_problems(got):
    """Every record collected must replay cleanly with the referee (host_tools.replay)."""
    from host_tools.replay import referee
    from dicecup.core.shape import Malformed
    out = []
    for i, recs in sorted(got.items()):
        for name, doc in sorted(recs.items()):
            try:
                res, code = referee(doc)
            except Malformed as e:
                out.append("handheld %d %s: not a record: %s" % (i + 1, name, e))
                continue
            if code:
                out.append("handheld %d %s: the referee refuses it: %s" % (i + 1, name,
                                                                          res.get("error")))
    return out


def gif_recorder(a, sim):
    """The --gif recorder hooked to every handheld's frames (None without --gif). When it is full
    it says so on standard error at once; save_gif() says it again with what was left out."""
    if not a.gif:
        return None

    def full(rec):
        sys.stderr.write("%sgif: %s is full: it holds the first %d screen changes, up to t=%.1f s; "
                         "later ones are left out (--gif-frames N for more, 0 for no limit)\n" % (
                             "\n" if sys.stderr.isatty() and not a.quiet else "", a.gif,
                             rec.max_snaps, rec.full_at / 1000.0))
        sys.stderr.flush()

    rec = images.Recorder(sim.n, max_snaps=a.gif_frames, on_full=full)
    for h in sim.handhelds:
        h.on_frame.append(lambda hh: rec.update(sim.now(), hh.id, hh.frame))
    return rec


def save_gif(a, rec, sim):
    if rec is None or not rec.snaps:
        return
    n = rec.save_gif(a.gif)
    print("gif: %s (%d frames)" % (a.gif, n))
    if rec.left_out:
        print("gif: %s stops at t=%.1f s of %.1f s: the limit of %d screen changes was reached and "
              "%d later screen updates are left out (--gif-frames)" % (
                  a.gif, rec.full_at / 1000.0, sim.now() / 1000.0, rec.max_snaps, rec.left_out),
              file=sys.stderr)


def _listdir(d):
    try:
        return os.listdir(d)
    except OSError:
        return []


def headless(a, sim, rec=None):
    prog = Progress(sim, not a.quiet)
    # a Triple-Yatzy game against bots takes over 20 simulated minutes
    limit_ms = (a.seconds if a.seconds is not None else (1800 * a.games if a.autoplay else 10)) \
        * 1000
    rng = random.Random(a.seed ^ 0x5EED)
    # faults land early enough to hit games in progress (a Snyd game takes about a minute)
    span = (2000, max(3000, min(0.8 * limit_ms, 30000)))
    faults = sorted([(rng.uniform(*span), "reboot") for _ in range(a.reboots)]
                    + [(rng.uniform(*span), "power cut") for _ in range(a.power_cuts)])
    # --reboot-all: the first once the table's game has begun (a seat's first dice secret is on
    # its handheld's flash: tsecN.json), each next one a random while after the last, so that they
    # land in the game, not in the lobby or after it
    all_left, all_at, all_done = a.reboot_all, None, []
    players = None
    problems = []
    if a.autoplay:
        from host_tools.sim import autoplay
        players = [autoplay.Player(sim, i, a.game, a.games, seed=a.seed * 100 + i, level=a.level)
                   for i in range(sim.n)]
    while sim.now() < limit_ms:
        if faults and sim.now() >= faults[0][0]:
            kind = faults.pop(0)[1]
            # a handheld still playing: a fault on one that is done proves nothing
            busy = [p.i for p in players if not p.finished] if players else []
            victim = rng.choice(busy) if busy else rng.randrange(sim.n)
            if kind == "reboot":
                sim.reboot(victim)
            else:  # it boots again and dies halfway through one of its next flash writes
                sim.power_cut_at_write(victim, rng.randint(1, 3))
        if all_left and all_at is None and any(
                n.startswith("tsec") for h in sim.handhelds for n in _listdir(h.flash)):
            all_at = sim.now() + rng.uniform(*REBOOT_ALL_GAP_MS)
        if all_at is not None and sim.now() >= all_at:
            all_done.append(sim.now())
            sim.reboot_all()
            all_left -= 1
            all_at = sim.now() + rng.uniform(*REBOOT_ALL_GAP_MS) if all_left else None
        for h in sim.handhelds:
            if not h.alive and h.exit_code == -9 and h.power_cuts:
                sim.reboot(h.id)  # power back on after a cut: a normal boot on the same flash
        if players is not None:
            for p in players:
                p.act()
            sim.step()
            if all(p.finished or p.failed for p in players):
                break
            prog.show(sum(p.games_done for p in players), a.games * sim.n)
        else:
            sim.step()
            prog.show()
        for h in sim.handhelds:
            if h.exit_code is not None and h.exit_code != -9 and not h.alive:
                problems.append("handheld %d stopped with exit %s" % (h.id + 1, h.exit_code))
        if problems:
            break
    prog.show(sum(p.games_done for p in players) if players else None,
              a.games * sim.n if players else None, force=True)
    prog.done()
    if players is not None:
        for p in players:
            if p.failed:
                problems.append("handheld %d: %s" % (p.i + 1, p.failed))
            elif not p.finished:
                problems.append("handheld %d finished %d of %d games in %.0f s of play" % (
                    p.i + 1, p.games_done, a.games, limit_ms / 1000))
    if all_left:
        problems.append("--reboot-all %d: only %d of them came before the games ended" % (
            a.reboot_all, len(all_done)))
    if a.screenshots:
        os.makedirs(a.screenshots, exist_ok=True)
        for h in sim.handhelds:
            if h.frame is not None:
                images.save_png(h.frame, os.path.join(a.screenshots, "handheld%d.png" % (h.id + 1)),
                                4, h.contrast, h.display_on)
    save_gif(a, rec, sim)
    if a.records:
        got = _records(sim, a.records)
        counts = {i + 1: len(r) for i, r in got.items()}
        print("records: %s %s" % (a.records, json.dumps(counts)))
        problems.extend(disagreements(got))
        problems.extend(replay_problems(got))
        if a.autoplay:
            for i, r in got.items():
                if len(r) < min(a.games, 5):
                    problems.append("handheld %d holds %d records, expected %d"
                                    % (i + 1, len(r), min(a.games, 5)))
    if a.frames_log:
        with open(a.frames_log, "w") as f:
            for fr in sim.bus.frames or []:
                f.write(json.dumps(fr.as_dict()) + "\n")
    c = sim.bus.counts
    print("simulated %.1f s; frames shown %d; radio: %d sent, %d delivered, %d lost, %d duplicated"
          % (sim.now() / 1000, sum(h.frames for h in sim.handhelds), c["sent"], c["delivered"],
             c["lost"], c["dup"]))
    resets = sum(h.soft_resets for h in sim.handhelds)
    if resets:  # a small heap: each solo game started in a whole heap (docs/simulator.md)
        print("soft resets into a solo game: %d" % resets)
    if a.reboot_all:
        print("every handheld restarted at once at t=%s s" % ", ".join(
            "%.1f" % (t / 1000.0) for t in all_done))
    if a.reboots or a.power_cuts or a.reboot_all:
        print("faults: %d boots after the first, %d power cuts mid-write" % (
            sum(h.boots - 1 for h in sim.handhelds), sum(h.power_cuts for h in sim.handhelds)))
    for msg in problems:
        print("FAILED: " + msg, file=sys.stderr)
    if problems:
        print(sim.consoles(), file=sys.stderr)
    return 1 if problems else 0


def _stale():
    """True when the .mpy build is missing or older than a firmware source (then rebuild)."""
    from host_tools.build import firmware_sources
    from host_tools.paths import FIRMWARE
    if not os.path.exists(MAIN):
        return True
    built = os.path.getmtime(MAIN)
    return any(os.path.getmtime(os.path.join(FIRMWARE, f)) > built for f in firmware_sources())


# The smallest heap worth starting: a solo game needs about 98K-106K on the 64-bit port and an
# 8-handheld table 224K (docs/memory.md); below this the firmware dies while booting or in its first game.
HEAP_MIN_K = 96
CHANNELS = range(1, 15)  # ESP-NOW's 2.4 GHz channels


def _kbytes(heap):
    n = int(heap[:-1]) * (1024 if heap[-1] == "K" else 1024 * 1024) if heap[-1] in "KM" else int(heap)
    return n // 1024


def _writable_file(path):
    """None when path can be written (it is created empty and removed again if it was not there),
    else the reason."""
    existed = os.path.exists(path)
    try:
        with open(path, "ab"):
            pass
    except OSError as e:
        return e.strerror or str(e)
    if not existed:
        os.remove(path)
    return None


def _writable_dir(path):
    try:
        os.makedirs(path, exist_ok=True)
        with tempfile.TemporaryFile(dir=path):
            pass
    except OSError as e:
        return e.strerror or str(e)
    return None


def _no_display():
    """True on Linux without a display (no X11 or Wayland), unless SDL_VIDEODRIVER names one:
    pygame would then open no window and the handhelds would run unseen."""
    if not sys.platform.startswith("linux") or os.environ.get("SDL_VIDEODRIVER"):
        return False
    return not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def option_problem(a):
    """The first bad option as one line naming it and what to do instead, or None. Checked before
    anything is built or started, so a wrong option is said at once."""
    from dicecup.storage.settings import NAME_MAX
    if not 1 <= a.handhelds <= 32:
        return "--handhelds must be 1..32"
    if a.games < 1:
        return "--games must be at least 1"
    if a.gif_frames < 0:
        return "--gif-frames must be 0 (no limit) or more"
    if a.seconds is not None and not a.seconds > 0:
        return "--seconds %g: give a time above 0 (simulated seconds), or leave it out" % a.seconds
    if a.heap is not None and _kbytes(a.heap) < HEAP_MIN_K:
        return ("--heap %s is too small: the firmware needs at least %dK to boot and play alone (224K for "
                "an 8-handheld table, docs/memory.md); leave --heap out for the board's own (%s)"
                % (a.heap, HEAP_MIN_K, boards.get(a.board).sim_heap()))
    if a.channel not in CHANNELS:
        return "--channel %d: ESP-NOW channels are 1..14 (the handhelds use 1)" % a.channel
    for opt, v in (("--reboots", a.reboots), ("--power-cuts", a.power_cuts), ("--strangers", a.strangers)):
        if v < 0:
            return "%s %d: give 0 or more" % (opt, v)
    if a.names is not None:
        names = a.names.split(",")
        if len(names) > a.handhelds:
            return ("--names gives %d names for %d handhelds: give at most one per handheld, or more "
                    "handhelds (--handhelds %d)" % (len(names), a.handhelds, len(names)))
        for n in names:
            if len(n.strip()) > NAME_MAX:
                return ("--names: %r has %d characters: a handheld's name has at most %d"
                        % (n, len(n.strip()), NAME_MAX))
            if not n.isprintable():
                return "--names: %r is not a name: a handheld's name has printable characters only" % n
    if a.gif and a.headless and not a.autoplay and a.script == MAIN:
        return ("--gif without --autoplay: headless, nothing presses a button, so the GIF would show "
                "only the title screens: add --autoplay (or leave out --headless and play in the window)")
    for opt, path in (("--gif", a.gif), ("--frames-log", a.frames_log)):
        why = path and _writable_file(path)
        if why:
            return "%s %s: cannot write that file (%s): give a path in a folder you can write to" % (
                opt, path, why)
    for opt, path in (("--records", a.records), ("--screenshots", a.screenshots)):
        why = path and _writable_dir(path)
        if why:
            return "%s %s: cannot write in that folder (%s): give a folder you can write to" % (
                opt, path, why)
    if not a.headless and _no_display():
        return ("no display here (DISPLAY is not set), so the simulator's window cannot open: play "
                "headless, python -m host_tools.sim --headless --autoplay (make sim ARGS='--headless "
                "--autoplay'), or in a browser: make web")
    return None


def main(argv=None):
    a = parser().parse_args(argv)
    a.urandom_seed = a.seed  # only a given --seed seeds the handhelds' os.urandom
    if a.seed is None:
        a.seed = 1
    problem = option_problem(a)
    if problem:
        print(problem, file=sys.stderr)
        return 2
    if a.script == MAIN and _stale():
        from host_tools import build
        if build.main([]) != 0:
            return 1
    clock = a.clock or ("virtual" if a.headless else "wall")
    board = boards.get(a.board)
    sim = Sim(a.handhelds, seed=a.seed, loss=a.loss, dup=a.dup, delay_ms=a.delay_ms,
              reorder=a.reorder, heap=a.heap or board.sim_heap(), clock=clock, script=a.script,
              airtime_mbps=a.airtime_mbps or None, pinmap=board.pinmap, urandom_seed=a.urandom_seed,
              names=None if a.names is None else a.names.split(","),
              device_time=devtime.get(a.board) if a.device_time == "on" else None)
    try:
        if a.rules is not None:
            write_rules(sim, a.rules)
        lang = a.lang or (None if a.headless else kept_lang())
        if lang:
            write_settings(sim, {"lang": LANGS.index(lang)})
        rec = gif_recorder(a, sim)  # before the start: the GIF begins with the first screens
        sim.start()
        for k in range(a.strangers):
            sim.add_stranger(a.stranger_rate, a.channel, seed=a.seed * 31 + k)
        if a.headless:
            return headless(a, sim, rec)
        from host_tools.sim.window import SHOTS, Window
        Window(sim, a.scale, a.screenshots or SHOTS, sound=a.sound).run(a.seconds)
        keep_lang(sim)
        save_gif(a, rec, sim)
        return 0
    finally:
        sim.close()


if __name__ == "__main__":
    sys.exit(main())
