"""Attack (round 18, focus 1 and 2: quiet heartbeats, `_member_at`). Promise: the same log
everywhere - "none reveals a secret on a log that not all of them hold" (Private).

Why: the gate (`Node.agreed`) counts a live handheld silent - not waited for - once its last
HEARTBEAT is `missing_ms` (3.5 s) old and it has been a member that long (`_ack_time`,
`_member_at`): "a seat that only NACKs cannot stop the table". But an honest follower also stops
heartbeating on its own: `Node.submit` restarts the heartbeat clock (`_hb_at = now`) at every new
request while no frame was lost lately ("a request to everyone says alive as a heartbeat would"),
and its heartbeat comes only `quiet_heartbeat_ms` (1.25 s) after the last submit. The sequencer
decides how often an honest follower submits: every REJECT of a COMMIT or CONTRIB clears the
pending request (`Node._receive`, T_REJECT) and the game's next `poll` submits it again at once
(`TableGame._fair_request`). So the sequencer:

1. logs Cy's CONTRIB (entry k) for everyone else, sends Cy nothing from entry k on, and its
   heartbeats to Cy claim k-1 (Cy is "caught up", so it keeps polling);
2. answers every copy of Cy's CONTRIB with a REJECT (RJ_LATE): Cy submits it again at once, so
   Cy never heartbeats again, though its requests keep it alive on every clock;
3. keeps Cy from counting frames as lost (`_lossy`): every frame of the sequencer's goes to each
   follower as a unicast with a counter of that follower's own (no gap in either's window);
4. plays the round on with Bo (the deal, Bo's bid) and calls once Cy's last heartbeat is 3.5 s
   old. Bo's gate needs Cy (the sequencer is left out of it): Cy is alive, confirms nothing, and
   its last heartbeat is 3.5 s old, so Cy is "silent" and Bo reveals at once.

Bo's secret is on the air while Cy's log has not even reached the deal (P_CONTRIB): the sequencer
computes Bo's dice (= Bo's own). Nothing is forged; nothing lost on the radio.

Roles: the sequencer (creator, handheld 0) is the attacker; Bo (1) and Cy (2) are honest.
Harness: host_tools/tablebus (the protocol modules alone, seeded, lossless), Snyd, 3 handhelds,
seats: the sequencer 0, Cy 1, Bo 2; Bo's seat bids first (the creator's SEATS entry chooses), the
sequencer's is next. Control: the same game and the same
call time with Cy served honestly: Bo reveals only after Cy holds the call.

The attack waits for a round >= 2 (`round=N`) that Bo's seat opens, so every handheld has
heartbeated for a round first (round=1 works too: there Cy never sent a heartbeat at all).

Usage: .venv/bin/python attacks/mute_by_reject.py [seed=1] [round=2]
Exit 0 held, 1 broke (with evidence), 2 could not run.
"""
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

import host_tools.paths  # noqa: F401,E402
from host_tools import tablebus  # noqa: E402
from dicecup.rules import fairdice  # noqa: E402
from dicecup.table import log, wire  # noqa: E402
from dicecup.table.snyd import P_REVEAL  # noqa: E402
from dicecup.table.game import P_CONTRIB  # noqa: E402

ATK, BO, CY = 0, 1, 2            # handhelds
BO_SEAT = 2                      # seats: the sequencer 0, Cy 1, Bo 2 (Bo bids, then the sequencer)
BC = log.BROADCAST
ROUND = int(([x for x in sys.argv[1:] if x.startswith("round=")] or ["round=2"])[0][6:])


def slow(h, t, decide, ms=1500):
    seen = dict(n=-1, at=0)

    def d(game, seat):
        if h.node.applied != seen["n"]:
            seen["n"], seen["at"] = h.node.applied, t.now
        if t.now - seen["at"] < ms:
            h.app._asked[seat] = -1  # ask again at the next poll
            return None
        return decide(game, seat)
    return d


def play(seed, attack):
    t = tablebus.Table(seats=3, seed=seed)
    a, bo, cy = t.hands[ATK], t.hands[BO], t.hands[CY]
    node = a.node
    for h in t.hands:  # the persons: no calza out of turn (the call's time is the sequencer's),
        # and each move 1.5 s after the entry before it (people, not instant bots: every
        # handheld heartbeats on its own period between requests, as at a real table)
        h.decide = slow(h, t, tablebus.random_decide(random.Random(seed * 7 + h.seat),
                                                     calza_rate=0, app=h.app))
    st = dict(rnd=None, k=None, ctr={}, chain=None, call=None, reveal=None, rejects=0, cy_hb=[], lossy=[])

    emit = node._emit

    def emit_patched(dest, f):
        if st["k"] is None or not attack:
            return emit(dest, f)
        for d in ((BO, CY) if dest == BC else (dest,)):
            if d == CY:
                if f.type == wire.T_ENTRY and f.seq >= st["k"]:
                    continue  # Cy gets nothing from its own CONTRIB's entry on
                if f.type == wire.T_REVEAL:
                    continue
            keep = node.applied
            keep_chain = bytes(node.chain)
            if d == CY and f.type == wire.T_ACK:
                node.applied = st["k"] - 1  # Cy is "caught up": it keeps polling
                f.chain[:] = st["chain"]
            node.codec.ctr = st["ctr"].setdefault(d, node.codec.ctr)
            emit(d, f)  # a unicast with that follower's own counter: no gap in its window
            st["ctr"][d] = node.codec.ctr
            node.applied = keep
            f.chain[:] = keep_chain
        node.codec.ctr = max(st["ctr"].values())
    node._emit = emit_patched

    onreq = node._on_request

    def on_request(f, now):
        if f.seat == CY and f.type == wire.T_CONTRIB and st["rnd"] is None and \
                a.app.round >= ROUND and a.app.game.opener == BO_SEAT:
            st["rnd"] = a.app.round  # a round Bo's seat opens: the sequencer's turn is next
        if attack and f.seat == CY and f.type == wire.T_CONTRIB and st["rnd"] == a.app.round:
            if st["k"] is None:
                st["k"] = node.applied + 1
                st["chain"] = bytes(node.chain)
                st["ctr"] = {BO: node.codec.ctr, CY: node.codec.ctr}
            else:
                st["rejects"] += 1
                node._reject(CY, f.seq, f.who, log.RJ_LATE, 0)
                return
        return onreq(f, now)
    node._on_request = on_request

    # Cy's heartbeats on the air, and whether Cy counts frames lost
    real_hb = cy.node._heartbeat

    def cy_hb(now):
        st["cy_hb"].append(now)
        return real_hb(now)
    cy.node._heartbeat = cy_hb

    adecide = a.decide

    def decide(game, seat):
        if game.on_turn == seat and game.bid_face and st["call"] is None and \
                a.app.round == st["rnd"]:
            # the call once Cy's last heartbeat is 3.5 s old on the sequencer's own clock (it
            # hears the same broadcasts as Bo); the control waits as long after its turn came
            if st.get("turn") is None:
                st["turn"] = t.now
            quiet = t.now - node._ack_time[CY] if attack else t.now - st["turn"]
            # (Cy's heartbeats may never leave that gap: then the call 20 s into the turn, the
            # attacker's best try: does Bo reveal before Cy holds it?)
            if quiet < node.missing_ms + 200 and t.now - st["turn"] < 20_000:
                game_app = a.app
                game_app._asked[seat] = -1  # ask again at the next poll
                return None
            st["call"] = (t.now, node.applied + 1)
            return (wire.A_SNYD,)
        return adecide(game, seat)
    a.decide = decide

    bo_submit = bo.node.submit

    def bo_sub(f, now):
        if f.etype == wire.T_REVEAL and st["reveal"] is None and f.round == st["rnd"]:
            st["reveal"] = (now, bytes(f.h1), f.round, cy.node.applied, cy.app.phase,
                            cy.node._lossy(now), now - bo.node._ack_time[CY],
                            bo.node.alive(CY, now))
        return bo_submit(f, now)
    bo.node.submit = bo_sub

    assert t.start_game(first=BO_SEAT, hosts=[ATK, CY, BO]) == 0
    t.run(lambda: st["reveal"] is not None or all(h.app.phase >= 5 for h in t.hands), 900_000)
    out = dict(st)
    if st["reveal"] is not None:
        now, sec, rnd, capp, cph, clossy, quiet, alive = st["reveal"]
        g = a.app
        n = g.game.dice_left[BO_SEAT]
        out["dice"] = sorted(fairdice.roll_dice(sec, g.seed, g.tid, rnd, BO_SEAT, n)) \
            if g.seed is not None else None
        out["bo_own"] = sorted(bo.app.mine[BO_SEAT] or [])
        out["cy_hb_last"] = [x for x in st["cy_hb"] if x <= now][-3:]
        out["cy_hb_n"] = len([x for x in st["cy_hb"] if x <= now])
    t.run(lambda: False, 60_000)
    out["bad"] = {h.seat: [x for x in range(3) if h.node._bad & (1 << x)] for h in t.hands}
    return out


def main():
    seed = int(([x for x in sys.argv[1:] if x.isdigit()] or [1])[0])
    ctl = play(seed, False)
    if ctl["reveal"] is None or ctl["call"] is None:
        print("COULD NOT RUN: control: no call or no reveal", ctl)
        sys.exit(2)
    now, _, rnd, capp, cph, clossy, quiet, alive = ctl["reveal"]
    print("control: call at entry %d (%d ms); Bo revealed at %d ms with Cy at entry %d (phase %d)"
          % (ctl["call"][1], ctl["call"][0], now, capp, cph))
    if capp < ctl["call"][1]:
        print("COULD NOT RUN: the control already lets Bo reveal before Cy holds the call")
        sys.exit(2)
    att = play(seed, True)
    if att["call"] is None or att["k"] is None:
        print("COULD NOT RUN: attack: no call", {k: att[k] for k in ("k", "call", "rejects")})
        sys.exit(2)
    if att["reveal"] is None:
        print("HELD: Bo never revealed on the call at entry %d (Cy's heartbeats: %d during the "
              "attack, %d rejects)" % (att["call"][1], len(att["cy_hb"]), att["rejects"]))
        sys.exit(0)
    now, _, rnd, capp, cph, clossy, quiet, alive = att["reveal"]
    print("attack: round %d: Cy's CONTRIB logged at entry %d and withheld from Cy; %d REJECTs to "
          "Cy; Cy's heartbeats so far %d, the last %s; call at entry %d (%d ms)" % (
              att["rnd"], att["k"], att["rejects"], att["cy_hb_n"], att["cy_hb_last"],
              att["call"][1], att["call"][0]))
    print("attack: Bo revealed at %d ms; Cy then at entry %d, phase %d (P_CONTRIB=%d, P_REVEAL=%d), "
          "Cy lossy %s; at Bo Cy alive %s, last heartbeat %d ms old" % (
              now, capp, cph, P_CONTRIB, P_REVEAL, clossy, alive, quiet))
    print("attack: the sequencer's computation of Bo's dice %s, Bo's own %s; distrust a minute "
          "on: %s" % (att["dice"], att["bo_own"], att["bad"]))
    if capp < att["call"][1] and att["dice"] and att["dice"] == att["bo_own"]:
        print("BROKEN: seed %d: Bo's REVEAL of round %d went out %d ms after the call (entry %d) "
              "while the honest Cy, alive on Bo's clock, had applied only %d (phase %d: not even "
              "dealt); Cy had sent no heartbeat for %d ms because the sequencer's REJECTs made it "
              "submit its CONTRIB again and again (Node.submit restarts the heartbeat clock); the "
              "sequencer computed Bo's dice %s = Bo's own" % (
                  seed, rnd, now - att["call"][0], att["call"][1], capp, cph, quiet, att["dice"]))
        sys.exit(1)
    print("HELD: Bo revealed only once Cy held the call (Cy at %d, call at %d)"
          % (capp, att["call"][1]))
    sys.exit(0)


if __name__ == "__main__":
    from _cli import run
    run(main)
