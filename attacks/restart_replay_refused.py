"""Attack (round 27, focus 2): after every handheld restarts at once, an honest reseat replayed
from the heir is refused by both honest followers, because the one handheld that could vouch for
it is the one it moved; both then wait for the heir's state, each on the other as its witness:
the table stops for good, no liar needed.

Promise: Comes back ("when every handheld of a table restarts at once ... the game goes on from
what each kept on flash"); Alive; the sequencer orders, nothing more (an honest sequencer is not
deposed by honest followers); "A handheld back from a boot takes a forfeit or a reseat it replays
without its own checks only if a handheld other than its sequencer and the entry's own said since
the boot that it holds that entry ...; anything newer gets the live checks" (docs/protocol.md,
Every handheld restarts at once, Clocks after the restart). Not a stated limit: *The bounds that
keep liars from stalling* loses an entry only a passed-over handheld held; here the heir holds it.
Role: Cy, an ordinary seat, which only goes silent and comes back (no lie at all: the same
happens to an honest Cy whose handheld stalls, e.g. a hung loop); its firmware is silent while away
and takes no term of its own (an honest Cy out of range would, and would then be the heir: the
split of `alone_peek.py away`); the radio loses R's frames to Bo for 100 ms; the power strip. (`_table3`
+ `_restart`, Snyd, 3 dice, 3 handhelds.)

How: in round 2's bidding Cy goes silent (its loop stops; frames to and from Cy dropped). 6 s on the creator
Anna (the sequencer) gives Cy's seat to a bot on her own handheld (`reseat_to_bot`: entry R, term
Anna's). R's frames to Bo are lost for 100 ms, and the whole table restarts then (a power strip):
Anna kept R (her tlog.bin), Bo and Cy did not. Cy is back in range. Anna is the heir, holds the
furthest log and is ready at once (`_catch_up`; `_back` False). Bo, back from the boot, gets R from
her: `_replayed(R)` asks for a handheld other than Anna (the sequencer, and R's term's seat) that
claimed R since the boot: only Cy is left, and Cy kept no R (it was away when R was logged). So R
gets the live checks: `_reseat_ok` wants Cy gone, but Cy heartbeats. `_reseat_why` holds R
(RJ_WAIT) for half the missing time from `_held_at`, then refuses it; R comes from the sequencer in
a term above Bo's last entry's, so `_from_newer` -> `_resync_from_leader` (no blame): Bo asks for
Anna's state at R. Cy, back from the boot too, refused R at once (its own seat, itself present)
and asked for the same state. Anna's snapshot at R comes whole to both, but each needs a witness
and the only one is the other laggard, one entry short of R: Cy (back from the boot) answers Bo
"no word" (mute), but Bo's no-witness rule (`_asked`) still wants `applied == 0 or not
_others(s)` and Cy counts in `_others` (no `mute` there); Bo (not back, kept up, one entry short)
says nothing to Cy's asks (`_on_vouch`: the entries may bring it there), so Cy waits on Bo.
Neither takes the state, and both are held on Anna (`_sheld`; Cy's `_swait` names Bo). The stated *Two laggards and one sequencer*
says each then takes the sequencer's state on its word; here neither does, for good.
The heir's `_back` plays no part (Anna holds R; `_catch_up` has nothing to fetch).
Control `away`: the same, but Cy stays out of range after the restart: Bo's live check sees Cy gone
and R is taken (the game goes on). Variant `kept`: no loss (Bo kept R before the restart): only Cy
replays R.

Verdict: 0 if no honest handheld distrusts the honest Anna and the game ends (Cy's seat on Anna's
bot) within 240 s on every handheld that hears the others; 1 with the evidence; 2 could not set up.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
if __name__ == "__main__":  # an import that fails means "could not run": 2, never 0 or 1
    sys.excepthook = lambda *a: (sys.__excepthook__(*a), os._exit(2))
from _table3 import Trio, run, snyd, screens, mac, watch_seat  # noqa: E402
from _restart import restart_all, hosts  # noqa: E402
from dicecup.table import snyd as snydtable  # noqa: E402

ANNA, BO, CY = 0, 1, 2


def play(variant, seed, rnd=2):
    t = Trio(3, rules=snyd.Rules(dice=3), seed=seed)
    t.seat_all()
    t.start()
    t.until(lambda: t.tables[0].game.round >= rnd and t.tables[0].game.phase == snydtable.P_BID,
            120000)
    away = {"on": True}
    t.filters.append(lambda s, d, data: not (away["on"] and (s == mac(CY) or d == mac(CY))))
    cyt = t.tables[CY]
    cyt.tick = lambda now: None  # silent, and no term of its own (an honest Cy that hears nobody
    cyt.idle = lambda: None      # takes one, and then heirs the restart: attacks/alone_peek away)
    t.until(lambda: False, 6000)
    an = t.tables[ANNA]
    t.cd(ANNA)
    r = an.reseat_to_bot(CY, t.now)
    if r != 0:
        return dict(setup="reseat refused (%s)" % r)
    rseq = an.node.applied
    lose = {"on": variant != "kept"}
    t.filters.append(lambda s, d, data: not (lose["on"] and s == mac(ANNA) and
                                             d in (None, mac(BO))))
    t.until(lambda: False, 1500 if variant == "kept" else 100)
    kept_before = [t.tables[k].node.applied for k in range(3)]
    restart_all(t)
    lose["on"] = False
    away["on"] = variant == "away"
    kept = [t.tables[k].node.applied for k in range(3)]
    if kept[ANNA] < rseq or (variant != "kept" and kept[BO] >= rseq):
        return dict(setup="kept %s, R = %d" % (kept, rseq))
    forfeits, distrust = [], []
    watch_seat(t, (ANNA, BO, CY), CY, forfeits, distrust)
    t.until(lambda: False, 20000)
    at20 = screens(t)
    ks = (ANNA, BO) if variant == "away" else (ANNA, BO, CY)
    t.until(lambda: all(t.tables[k].game.phase == snydtable.P_OVER for k in ks), 220000)
    return dict(setup=None, rseq=rseq, kept_before=kept_before, kept=kept, distrust=distrust,
                at20=at20, end=screens(t), hosts=[hosts(t, k) for k in range(3)],
                over=[t.tables[k].game.phase == snydtable.P_OVER for k in range(3)],
                back=[t.tables[k].node._back for k in range(3)], ks=ks,
                held=[(t.tables[k].node._waiting, t.tables[k].node._rdisp,
                       t.tables[k].node._stopped) for k in range(3)])


def brief(sc):
    return [(s["k"], "term %d lead %d applied %d round %d phase %d" % (
        s["term"], s["leader"], s["applied"], s["round"], s["phase"]), s["heading"], s["names"],
        "bad %s" % s["bad"]) for s in sc]


def main():
    args = sys.argv[1:]
    variant = args[0] if args and not args[0].isdigit() else "back"
    seeds = [int(x) for x in args if x.isdigit()] or [1, 2, 3]
    broke = []
    for seed in seeds:
        r = play(variant, seed)
        if r["setup"]:
            print("seed %d: could not set up: %s" % (seed, r["setup"]))
            sys.exit(2)
        print("seed %d (%s): R (Cy's seat to Anna's bot) is entry %d; applied before the restart %s,"
              " kept %s" % (seed, variant, r["rseq"], r["kept_before"], r["kept"]))
        print("   distrust (ms, handheld, whom, as): %s" % r["distrust"])
        print("   20 s after the restart: %s" % brief(r["at20"]))
        print("   end: %s; hosts %s; over %s; back %s; (held entry, reseat held as disputed, "
              "whom it stops on) %s" % (brief(r["end"]), r["hosts"], r["over"], r["back"],
                                        r["held"]))
        honest = [d for d in r["distrust"] if d[2] == ANNA and d[1] in (BO, CY)]
        if honest or not all(r["over"][k] for k in r["ks"]):
            broke.append((seed, honest[:4], r["over"]))
    if broke:
        print("BROKEN: variant %s, (seed, handhelds deposing the honest heir Anna, game over per "
              "handheld): %s" % (variant, broke))
        sys.exit(1)
    print("HELD: variant %s" % variant)
    sys.exit(0)


if __name__ == "__main__":
    run(main)
