"""Attack (round 23, focus 1): the round-22 fix counts a witness mute only if it was at the entry
when an ask went out and ANOTHER ask went out after it: it gives an honest witness one ask
period (ASK_MS, 100 ms) plus the vouch wait's last tick to answer. The sequencer chooses when the
honest witness reaches the entry, so it can make that entry land just before an ask while the
witness is busy with the loop that applied it (a call: the screen, a collection, the hash of its
state for the VOUCH answer). Is 100 ms enough on a handheld?

Promise: "A checked snapshot: no handheld takes a state the table did not reach, and none can be
... named the cheat by one". Not a stated limit: three play, one restarted, Bo hears Cy all along,
nothing is lost (the stated loss limit: "a witness whose every answer to 15 VOUCH requests was
lost counts as silent"); Cy's answers all arrive, only late.
Role: the creator, the sequencer (Anna). Honest: Bo (restarts), Cy (the only witness).
Harness: host_tools/tablebus.py (in-process, 5 ms steps). Cy's loop is modelled only in this:
frames Cy hears within `late` ms of applying entry S are handled at the end of that loop, in
order (its heartbeat at S goes out at once, as the firmware sends it when it applies a call).
Steps: as attacks/vouch_race.py (Bo reboots in the bidding, Anna logs her call S, sends it to Bo
only and streams Bo a snapshot at S with Cy's commitment replaced), but Anna sends Cy the entry
`at` ms (1385) after the snapshot was whole, so that Cy's heartbeat showing S reaches Bo just
before Bo's ask at ~1400 ms, and one more ask (~1500) follows before Bo judges the wait (~1505).
Sweep `late` (Cy's loop after applying S): 0, 60, 100, 110, 120, 150, 250 ms.
Control: the real state, same timing.
Verdict: 1 if Bo takes the made-up state with Cy's answer at most `bound` ms late (default 150:
docs/memory.md's device-time table on the s3 model counts 9-11 loops over 100 ms a game on a
clean radio and a longest loop of 310-360 ms; the VOUCH hash at the end of a Maxi game is 89
heartbeats' CPU, attacks/cost_of_frames.py); 0 otherwise. Prints the smallest `late` that broke.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
if __name__ == "__main__":  # an import that fails means "could not run": 2, never 0 or 1
    sys.excepthook = lambda *a: (sys.__excepthook__(*a), os._exit(2))
from _table3 import run, verdict, wire  # noqa: E402,F401
from host_tools.tablebus import Table  # noqa: E402
from dicecup.table import log, game as tgame  # noqa: E402
from dicecup.table import snyd as snydtable  # noqa: E402
from alone_on_its_word import snapshot_bytes, stream, forged  # noqa: E402

ANNA, BO, CY = 0, 1, 2
BC = log.BROADCAST


def slow(t, k, st, busy, late):
    """Handheld k's loop that applies entry S takes `late` ms: frames heard meanwhile wait."""
    h = t.hands[k]
    rec0 = h.receive
    step0 = h.step

    def receive(data, now):
        if now < busy["until"]:
            busy["q"].append(data)
            return
        before = h.node.applied
        rec0(data, now)
        if late and st["S"] is not None and before < st["S"] <= h.node.applied and \
                busy["until"] < 0:
            busy["until"] = now + late

    def step(now):
        if busy["q"] and now >= busy["until"]:
            q, busy["q"] = busy["q"], []
            for d in q:
                rec0(d, now)
        step0(now)
    h.receive = receive
    h.step = step
    # when Cy's VOUCH answers leave (to see how late they were)
    emit0 = h.node._emit

    def emit(dest, f):
        if f.type == wire.T_VOUCH and dest == BO:
            busy["answers"].append((t.now, f.lo, bytes(f.chain).hex()[:6]))
        return emit0(dest, f)
    h.node._emit = emit


def play(mode, seed=1, at=1385, n=3, late=0):
    t = Table(seats=n, seed=seed)
    others = [k for k in range(n) if k not in (ANNA, BO)]
    anna_h, cy_h = t.hands[ANNA], t.hands[CY]
    anna = anna_h.node
    st = dict(armed=False, called=False, S=None, nack0=None, streamed=None, released=None,
              hold=False)
    dec = anna_h.decide

    def anna_decide(game, seat):
        if anna.applied > 40 and game.on_turn == ANNA and game.bid_face:
            if not st["armed"]:
                return None
            if not st["called"]:
                st["called"] = True
                return (wire.A_SNYD,)
        return dec(game, seat)
    anna_h.decide = anna_decide
    emit0 = anna._emit

    def emit(dest, f):
        if st["hold"] and f.type == wire.T_ENTRY and f.seq >= st["S"]:
            if dest == BC:
                dest = BO
            elif dest in others:
                return None
        return emit0(dest, f)
    anna._emit = emit
    snd0 = anna._send_snapshot

    def send_snapshot(dest, now):
        if dest == BO and st["armed"] and (st["released"] is None or
                                           t.now - st["released"][0] < 3000):
            if st["nack0"] is None:
                st["nack0"] = t.now
            return None  # Anna streams its own, below
        return snd0(dest, now)
    anna._send_snapshot = send_snapshot
    busy = dict(until=-1, q=[], answers=[])
    for k in others:
        slow(t, k, st, busy, late)
    assert t.start_game() == 0
    ok = t.run(lambda: anna.applied > 40 and all(
        h.app.phase == snydtable.P_BID and not h.app.showing and h.app.game.on_turn == ANNA and
        h.app.game.bid_face for h in t.hands), 600000)
    if not ok:
        return None
    rnd = anna_h.app.round
    t.reboot(BO)
    bo_h = t.hands[BO]
    bo = bo_h.node
    words = []
    acc = bo._accept_snap

    def accept(now):
        r = acc(now)
        if r and bo.applied:
            words.append((t.now, bo.applied, bo._word_seq, bool(bo._word_seq)))
        return r
    bo._accept_snap = accept
    st["S"] = anna.applied + 1
    st["hold"] = True
    st["armed"] = True
    anna_h.app._asked[ANNA] = -1
    if not t.run(lambda: anna.applied >= st["S"] and bo.leader == ANNA and
                 t.now - bo._restart_at < 500, 10000):
        return dict(error="no call or no NACK 0", applied=anna.applied, nack0=st["nack0"])
    data = forged(anna) if mode == "attack" else snapshot_bytes(anna, anna_h.app)
    stream(anna, BO, data, st["S"])
    st["streamed"] = (t.now, t.now - bo._restart_at)

    def release_due():
        s = bo._snap
        if st["released"] is None and s is not None and s.digest is not None and \
                s.sender == ANNA and s.seq == st["S"] and t.now - s.at >= at:
            st["released"] = (t.now, t.now - s.at)
            st["hold"] = False
            for k in others:
                anna._send_entry(k, st["S"])
        return bool(words) or st["released"] is not None and t.now - st["released"][0] > 3000
    t.run(release_due, 6000)
    st["hold"] = False
    t.run(lambda: anna_h.app.round > rnd or anna_h.app.phase == tgame.P_OVER, 120000)
    t.run(lambda: False, 2000)
    cheats = [h.app.cheats for h in t.hands]
    t.run(lambda: all(h.app.phase == tgame.P_OVER for h in t.hands), 300000)  # and on
    later = dict(t_s=t.now // 1000, over=[h.app.phase == tgame.P_OVER for h in t.hands],
                 leaders=[h.node.leader for h in t.hands], bad=[h.node._bad for h in t.hands],
                 held=[h.node.held(t.now) for h in t.hands])
    rec = anna_h.app.rec.record()
    rd = rec["rounds"][rnd - 1] if len(rec["rounds"]) >= rnd else None
    return dict(late=late, cy_busy=busy["until"], answers=busy["answers"][:4], S=st["S"], nack0=st["nack0"], streamed=st["streamed"], released=st["released"],
                words=words, cheats=cheats, later=later,
                forfeits=None if rd is None else [a[0] for a in rd["actions"] if a[1] == "forfeit"],
                bad=[h.node._bad for h in t.hands], applied=[h.node.applied for h in t.hands],
                chains=len({bytes(h.node.chain) for h in t.hands}))


def took_made_up(a):
    return bool(a and "error" not in a and a["words"] and a["words"][0][1] == a["S"] and
                a["words"][0][3])


def main():
    args = sys.argv[1:]
    seeds = [int(a) for a in args if a.isdigit()] or [1]
    at = int(([a[3:] for a in args if a.startswith("at=")] or [1385])[0])
    bound = int(([a[6:] for a in args if a.startswith("bound=")] or [150])[0])
    lates = [int(x) for x in ([a[5:] for a in args if a.startswith("late=")] or
                              ["0,60,100,110,120,150,250"])[0].split(",")]
    broke = []
    for seed in seeds:
        for late in lates:
            a = play("attack", seed, at, 3, late)
            print("seed %d late %d attack:" % (seed, late), a, flush=True)
            if a is None or "error" in a:
                sys.exit(2)
            if took_made_up(a):
                if "control" in args:
                    c = play("control", seed, at, 3, late)
                    print("seed %d late %d control:" % (seed, late), c, flush=True)
                if late <= bound:
                    broke.append((seed, late, a["released"], a["answers"], a["words"],
                                  a["cheats"][BO], a["forfeits"]))
    verdict(bool(broke), "Bo took Anna's made-up state on her word while the honest Cy was alive, "
            "kept up, and answered every ask, late by its loop (seed, Cy's loop ms, (release t, "
            "ms after whole), Cy's answers to Bo (t, lo, digest), Bo's (t, applied, word_seq, "
            "word), Bo's cheats mask, the round's forfeits): %s" % broke)


if __name__ == "__main__":
    run(main)
