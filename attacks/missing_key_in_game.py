"""Attack: the creator keeps Cy's roster line from Bo until the game starts, then hands Bo a key of
its own for Cy in the game ("a roster only brings a key that was missing"), and speaks for Cy at
Bo. No code people compared ever covered that key.

Promise: Codes nobody can grind: "every handheld's key for every other is confirmed by the people,
not by the creator's word"; Authentic (a frame counts as a seat's only if that seat's handheld
sent it). docs/protocol.md, Keys and the lobby, The roster.
Role: the creator (the host, and the sequencer).

How: ROSTER is tagged per receiver, so the creator tags Cy's line for everyone but Bo. Bo's key
round then lacks a key and shows "----" - and so does every screen, since Bo sends no TCODE: the
same as a roster lost on the air, which the firmware mends in the game (table._rostered fills a key
a handheld lacks, also while playing; Table._tick_keys resends the roster when a handheld's frames
show a missing key). Nothing refuses to start or to play with a key no code covered. In the game
the creator sends Bo one line naming a public key of its own for Cy; Bo takes it (it lacked one),
so Bo checks "Cy's" frames under a key the creator shares, and applies a move in Cy's name that Cy
never made.

Control: the same lost line, mended by the honest creator in the game: every move Bo applies in
Cy's name is one Cy asked for. Verdict: exit 0 if Bo applies no move in Cy's name that Cy did not
ask for; 1 with the evidence.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
if __name__ == "__main__":  # an import that fails means "could not run": 2, never 0 or 1
    sys.excepthook = lambda *a: (sys.__excepthook__(*a), os._exit(2))
from _table3 import Trio, run, verdict, wire, snyd, table  # noqa: E402
from roster_rekey import forge_move, watch  # noqa: E402
from _table3 import keys as tablekeys  # noqa: E402

ATK, BO, CY = 0, 1, 2


def withhold_lines(t, pairs):
    """The creator's roster() tags each (victim, target) pair's line - victim's line - for everyone
    but target (one step of hostile firmware); returns a switch to turn it off (the honest creator
    after a lost line)."""
    a = t.tables[ATK]
    on = [True]
    honest = a.roster

    def roster():
        if not on[0]:
            return honest()
        o = a.order
        f = a.f
        for i in range(len(o)):
            w = o[i]
            f.type = wire.T_ROSTER
            f.n = len(o)
            f.k = i
            f.value = w
            f.round = a.kround
            table.pack_name("" if w & table.BOT else a.names[w], f.name)
            p = None if w & table.BOT else a.pubs[w]
            f.pub[:] = p if p else bytes(wire.PUB_LEN)
            skip = [tg for v, tg in pairs if v == w]
            if not skip:
                a.node.tell(f)
                continue
            f.table = a.codec.table
            f.seat = a.who
            f.term = a.node.term
            f.ack = a.node.applied
            try:
                mv = a.codec.encode(f, a.node._everyone() & ~(1 << skip[0]))
            except ValueError:
                continue
            a.radio.send(None, mv)
    a.roster = roster
    return on


def retag(t, keys):
    """The creator, relaying: every request it logs from handheld x carries, for handheld y with
    (x, y) in keys, a tag under keys[(x, y)] - the key y now holds for x, which the creator made."""
    from dicecup.table import wire as W
    a = t.tables[ATK].node
    seq = a._sequence

    def sequence(f, now):
        for (x, y), k in keys.items():
            if f.rby == x and f.rto & (1 << y):
                c = a.codec
                d = W.digest(c._req, c._canon(f, f.rby, f.rack), b"R")
                W._copy(f.rtags, W._slot(f.rto, y) * W.TAG_LEN, W.tag(k, d), 0, W.TAG_LEN)
        return seq(f, now)
    a._sequence = sequence


def give_key(t, victim, target):
    """The creator, in the game: one ROSTER line of this key round, for target only, naming a
    public key of the creator's own for handheld victim. Returns a codec that speaks as victim to
    the creator and target, and the key target will hold for victim."""
    a = t.tables[ATK]
    t.cd(ATK)
    evil = tablekeys.new_secret(os.urandom)
    key = tablekeys.pair_key(evil, a.pubs[target], a.tid)
    f = wire.Frame()
    f.type = wire.T_ROSTER
    f.n = len(a.order)
    f.k = a.order.index(victim)
    f.value = victim
    f.round = a.kround
    table.pack_name(a.names[victim], f.name)
    f.pub[:] = tablekeys.public(evil)
    a.node._emit(target, f)
    forger = wire.Codec()
    forger.seat_at(a.tid, victim)
    forger.set_key(ATK, a.keys[victim])
    forger.set_key(target, key)
    return forger, key


def play(attack):
    t = Trio(3, rules=snyd.Rules(dice=2))
    on = withhold_lines(t, [(CY, BO), (BO, CY)])
    t.seat_all()
    t.tick(100)
    codes = [tb.table_code() for tb in t.tables]
    bo_key = t.tables[BO].keys[CY]
    asked, applied = watch(t, CY, BO)
    if attack:
        t.tables[ATK].confirmed = lambda: True  # modified firmware: starts without every code
    else:
        # the honest creator does not start while a code is missing, and its next roster is whole
        assert t.tables[ATK].start(t.now) != 0, "started with a key no code covered"
        on[0] = False
        t.until(lambda: all(tb.table_code() != table.NO_CODE for tb in t.tables), 60000)
    t.start()
    forged = []
    if attack:
        # Bo lacks a key for Cy, and Cy one for Bo: each takes the creator's, and the creator
        # re-tags each one's requests for the other
        forger, k_bo = give_key(t, CY, BO)
        _, k_cy = give_key(t, BO, CY)
        retag(t, {(CY, BO): k_bo, (BO, CY): k_cy})

        def forge():
            if not forged:
                m = forge_move(t, ATK, CY, BO, forger)
                if m:
                    forged.append(m)
        t.movers[ATK] = lambda tb, m=t.movers[ATK]: (forge(), m(tb))
    t.until(lambda: t.tables[BO].saved_games or forged and t.now > 200000, 300000)
    not_asked = [e for e in applied if e not in asked]
    real = t.tables[CY].pair_key(t.tables[BO].mypub)
    mine = (t.tables[BO].keys[CY] == real, t.tables[CY].keys[BO] == real)
    return codes, bo_key, not_asked, forged, mine


def main():
    codes, bo_key, bad, _, mine = play(False)
    if bad or mine != (True, True):
        print("control failed:", codes, bad, mine)
        sys.exit(2)
    print("control: codes before the start %s, Bo's key for Cy then %s; in the game Bo and Cy "
          "share a key: %s; moves in Cy's name at Bo never asked by Cy: %s" % (
              codes, bo_key, mine, bad))
    codes, bo_key, bad, forged, mine = play(True)
    print("attack: codes before the start %s; Bo's key for Cy then %s; Bo's key for Cy is Cy's: "
          "%s; forged %s; applied at Bo, never asked by Cy: %s" % (codes, bo_key, mine, forged,
                                                                    bad))
    verdict(bad, "Bo applied in Cy's name, never asked by Cy: %s (forged by the creator after it "
            "gave Bo, which lacked Cy's key, a key of its own in the game); before the start every "
            "screen's table code was %s, exactly as for an honest lost roster line" % (bad, codes))


if __name__ == "__main__":
    run(main)
