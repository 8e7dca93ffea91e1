"""Round 16, radios that never join. Promise: Alive ("no frame crashes a handheld or stops a game
for good") and Lobby ("no radio seats anyone elsewhere"), for every field of every lobby frame.

Lobby frames (ANNOUNCE, JOIN, JHOST, WELCOME) carry only a checksum, so a radio can send any field
values; this re-encodes the real frames it hears with random values in one field at a time (and
all at once), under the real table id and the victim's join number, at each lobby state:
- browsing (Cy, Bo): 600 ANNOUNCEs; every join-list row is then drawn as `JoinList.item` does;
- joining (Bo waits for its WELCOME): 600 JHOSTs and WELCOMEs with Bo's join number;
- hosting (Anna, between games): 600 JOINs with the table id (the harness's person says yes only
  to the real joiners);
and in the game, 2000 copies of real keyed frames with one byte changed (any position) or cut.
After each batch every handheld ticks; then the table must seat exactly Bo and Cy and play a game
to the end with agreeing records. Exit 1 on any exception out of a handheld's tick/screens, a
seat nobody asked for, or a game that does not end.
"""
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
if __name__ == "__main__":
    sys.excepthook = lambda *a: (sys.__excepthook__(*a), os._exit(2))
import _table3  # noqa: E402
from _table3 import Trio, run, verdict, wire, mac, table  # noqa: E402
from dicecup.ui.table_lobby import game_letter  # noqa: E402

N = 600
RNG = random.Random(16)


def fields(t):
    return [name for name, _ in wire.LAYOUTS[t]] + ["seat", "term", "seq", "ack"]


def mutate(fr, name):
    v = getattr(fr, name)
    if isinstance(v, (bytearray, bytes, memoryview)):
        b = getattr(fr, name)
        for i in range(len(b)):
            b[i] = RNG.choice((0, 1, 2, 3, 7, 8, 0x7F, 0x80, 0xFE, 0xFF, RNG.getrandbits(8)))
    else:
        size = dict(wire.LAYOUTS[fr.type]).get(name, 4 if name != "seat" else 1)
        if name == "term":
            size = 2
        top = (1 << (8 * size)) - 1
        setattr(fr, name, RNG.choice((0, 1, 2, 3, 7, 8, 9, 0x7F, 0xFE, 0xFF, top, RNG.randint(0, top))))


def forged(sample, keep_nonce=False):
    """n frames re-encoded from the real frame `sample` with fields made up."""
    codec = wire.Codec()
    fr = wire.Frame()
    assert codec.decode(sample, fr) == 0
    out = []
    names = fields(fr.type)
    for i in range(N):
        codec.decode(sample, fr)
        pick = names if i % 7 == 0 else [RNG.choice(names)]
        for name in pick:
            if keep_nonce and name in ("nonce", "table"):
                continue
            mutate(fr, name)
        if fr.seat >= 8:
            fr.seat = wire.NO_SEAT
        try:
            out.append(bytes(codec.encode(fr)))
        except ValueError:
            pass
    return out


def screens_ok(t, errs):
    for k, tb in enumerate(t.tables):
        try:
            tb.browse()
            for i in range(tb.listed_count()):  # what JoinList.item draws
                r = tb.listed_rssi(i)
                sig = "" if r is None else str(r)
                (tb.listed_name(i)[:7], "%s%d %s" % (game_letter(tb.listed_game(i), tb.listed_rules(i)),
                                                     tb.listed_seated(i), sig))
            for i in range(tb.asking()):  # what HostLobby.item draws
                "%s %s" % (tb.ask_name(i)[:5], tb.ask_code(i))
            tb.table_code()
            for i in range(len(tb.order)):
                tb.order_name(i)
        except Exception as e:  # noqa: BLE001
            errs.append((k, "screen", repr(e)))


def pump(t, frames, dst, errs, ticks=3):
    for i, d in enumerate(frames):
        t.air.log.append((mac(9), dst, d))
        if i % 20 == 19:
            try:
                t.tick(ticks)
            except Exception as e:  # noqa: BLE001
                errs.append(("tick", repr(e)))
                return
    try:
        t.tick(20)
    except Exception as e:  # noqa: BLE001
        errs.append(("tick", repr(e)))


def main():
    errs = []
    t = Trio(3, seed=3)
    allowed = set()
    real_admit = _table3.admit_all

    def admit(tb):
        if tb.mode == table.HOSTING and not tb.playing():
            for a in list(tb.pending()):
                if a[0] in allowed:
                    tb.admit(a[0])
    _table3.admit_all = admit
    seen = {}

    def grab(src, dst, data):
        if len(data) > 2 and data[2] not in seen:
            seen[data[2]] = bytes(data)
    t.filters.append(grab)
    t.tick(100)
    # browsing: Bo and Cy hear forged ANNOUNCEs
    pump(t, forged(seen[wire.T_ANNOUNCE]), None, errs)
    screens_ok(t, errs)
    rows = [e for e in t.tables[1].tables()]
    # Bo joins the real row (the creator's key, the game it announced)
    anna = t.tables[0]
    real = [e for e in rows if e[0] == anna.tid and e[9] == anna.pubs[0] and e[2] == anna.gid]
    bo = t.tables[1]
    t.cd(1)
    bo.join(real[0])
    allowed.add(bo.nonce)
    t.tick(3)  # its JOIN and the host's JHOST are on the air, the join not yet admitted
    keep = allowed.copy()
    allowed.clear()  # the person answers only after the fuzz
    t.tick(10)
    w = wire.Frame()  # no WELCOME was on the air yet: one as the host would make it
    w.type, w.table, w.seat, w.nonce, w.who = wire.T_WELCOME, anna.tid, 0, bo.nonce, 1
    seen[wire.T_WELCOME] = bytes(wire.Codec().encode(w))
    for ty in (wire.T_JHOST, wire.T_WELCOME):
        pump(t, forged(seen[ty], keep_nonce=True), None, errs)
    mode_bo = bo.mode
    allowed |= keep
    t.tick(150)
    cy = t.tables[2]
    t.cd(2)
    cy.join([e for e in cy.tables() if e[0] == anna.tid and e[9] == anna.pubs[0]][0])
    allowed.add(cy.nonce)
    t.tick(200)
    # hosting between games: forged JOINs under the table id
    pump(t, forged(seen[wire.T_JOIN], keep_nonce=False), None, errs)
    screens_ok(t, errs)
    seated = [tb.mode == table.SEATED for tb in t.tables[1:]]
    order = list(anna.order)
    t.tick(100)
    t.start()
    # in the game: real keyed frames with one byte changed or cut
    game_frames = []
    t.filters.append(lambda s, d, data: game_frames.append(bytes(data)) if len(game_frames) < 400 else None)
    t.tick(200)
    bad = []
    for i in range(2000):
        d = bytearray(RNG.choice(game_frames))
        if i % 5 == 0:
            d = d[:RNG.randrange(1, len(d))]
        else:
            d[RNG.randrange(len(d))] = RNG.getrandbits(8)
        bad.append(bytes(d))
    pump(t, bad, None, errs, ticks=1)
    ended = t.until(t.done, 1200000)
    recs = t.records()
    same = ended and all(r[-1]["turns"] if "turns" in r[-1] else True for r in recs) and \
        len({str(r[-1].get("rounds", r[-1]))[:2000] for r in recs}) == 1
    derr = [tb.node.dropped[20] for tb in t.tables]
    print("Bo's mode after the forged JHOST/WELCOMEs (before the yes): %d (JOINING=%d)" %
          (mode_bo, table.JOINING))
    print("seated:", seated, "order:", order, "game ended:", ended, "records agree:", same,
          "D_ERROR:", derr, "errors:", errs[:5])
    broke = bool(errs) or mode_bo != table.JOINING or not all(seated) or sorted(order) != [0, 1, 2] \
        or not ended or not same
    verdict(broke, dict(errs=errs[:5], mode_bo=mode_bo, seated=seated, order=order, ended=ended,
                        same=same, d_error=derr))


if __name__ == "__main__":
    run(main)
