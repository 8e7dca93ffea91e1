"""Attack (round 22, focus 1/2, around a reboot): the sequencer times one entry so that the only
witness for a rebooted handheld's snapshot counts as a quiet witness (log._silent) although it is
honest, and the rebooted handheld takes a state the sequencer made up on its word.

Promise: "A checked snapshot: no handheld takes a state the table did not reach, and none can be
... named the cheat by one"; no honest seat pays. Stated: "A table of two", "Two laggards and one
sequencer" (both restarted), "A follower cut off from the others" (hears nobody but its
sequencer). Here three play, one restarted, and Bo hears Cy all along.
Role: the creator, the sequencer (Anna). Honest: Bo (restarts), Cy (the only witness).
Harness: host_tools/tablebus.py (its reboot: a fresh Node with applied 0, the flash's secrets).
Steps (Snyd, 3 handhelds): in a round's bidding with a bid standing and Anna on turn, Bo's
handheld reboots; it asks to start again (NACK 0). Anna logs her call (entry S) and sends it to
nobody but Bo (its heartbeats claim S as always). Anna streams Bo a snapshot at S in which Cy's
commitment is replaced. Bo asks for a witness every 100 ms (VOUCH); Cy, one entry behind, says
nothing yet (an honest handheld behind the entry waits for it). 1405 ms after the snapshot was
whole (Bo's last ask but one delivered), Anna sends Cy entry S: Cy applies it and, as after any
call, heartbeats at once, showing S. Cy's answer to Bo's last ask (1500 ms) reaches Bo after
Bo judged the wait (1505 ms): Cy "never answered although its heartbeat showed the entry" ->
mute, no witness left, Bo asked to start again under 5 s ago and applied nothing: `_asked`, the
made-up state taken on Anna's word. At the reveal Cy's genuine secret does not open the
commitment Bo holds: Bo names the honest Cy a cheat; and Bo's own gate refuses the call
(`_word_seq`): Bo forfeits the round.
`four`: four handhelds, Cy and Di both held one entry behind and sent it in the same window (the
stated *Two laggards* says "At four handhelds or more, one that kept up vouches").
Control: the same timing with the real state: the same word (Bo takes the real state on Anna's
word: no cheat named).
Verdict: 0 if Bo takes no made-up state; 1 if it does (and what it names).
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
if __name__ == "__main__":  # an import that fails means "could not run": 2, never 0 or 1
    sys.excepthook = lambda *a: (sys.__excepthook__(*a), os._exit(2))
from _table3 import run, verdict, wire  # noqa: E402
from host_tools.tablebus import Table  # noqa: E402
from dicecup.table import log, game as tgame  # noqa: E402
from dicecup.table import snyd as snydtable  # noqa: E402
from alone_on_its_word import snapshot_bytes, stream, forged  # noqa: E402

ANNA, BO, CY = 0, 1, 2
BC = log.BROADCAST


def play(mode, seed=1, at=1405, n=3):
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
    return dict(S=st["S"], nack0=st["nack0"], streamed=st["streamed"], released=st["released"],
                words=words, cheats=cheats, later=later,
                forfeits=None if rd is None else [a[0] for a in rd["actions"] if a[1] == "forfeit"],
                bad=[h.node._bad for h in t.hands], applied=[h.node.applied for h in t.hands],
                chains=len({bytes(h.node.chain) for h in t.hands}))


def main():
    args = sys.argv[1:]
    seeds = [int(a) for a in args if a.isdigit()] or [1, 2]
    at = int(([a[3:] for a in args if a.startswith("at=")] or [1405])[0])
    n = 4 if "four" in args else 3
    broke = []
    for seed in seeds:
        c = play("control", seed, at, n)
        print("seed %d control:" % seed, c)
        a = play("attack", seed, at, n)
        print("seed %d attack:" % seed, a)
        if a is None or "error" in a:
            sys.exit(2)
        if a["words"] and a["words"][0][1] == a["S"] and a["words"][0][3]:
            broke.append((seed, a["words"], a["cheats"][BO], a["forfeits"]))
    verdict(bool(broke), "Bo took Anna's made-up state at the call on her word while the honest Cy "
            "was alive and kept up (seed, (t, applied, word_seq, word), Bo's cheats mask, the "
            "round's forfeits): %s" % broke)


if __name__ == "__main__":
    run(main)
