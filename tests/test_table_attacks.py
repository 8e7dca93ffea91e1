"""The table against an attacker, in-process (host_tools.tablebus, the firmware's pure table modules):
a hostile handheld (one seat whose firmware the test changes: it holds its own keys and may send
anything they sign) and a hostile radio (records every frame, replays, forges, floods; no key).
One test per attack of the trust model (docs/protocol.md); each ends with the honest handhelds'
records identical and clean by the referee, or with the attack's own harm shown absent.
"""
import random

from hypothesis import given, settings, strategies as st

from dicecup.table import snyd as snydtable
from dicecup.table import table as tbl
from dicecup.table import game as tablegame
from dicecup.table import log
from dicecup.table import wire
from host_tools.replay import referee
from host_tools.tablebus import Eavesdropper, Table


def honest_agree(t, honest):
    """The honest handhelds hold one record, the referee accepts it; returns (record, output)."""
    recs = [t.hands[i].app.rec.record() for i in honest]
    for r in recs[1:]:
        assert r == recs[0]
    out, code = referee(recs[0])
    assert code == 0, out["error"]
    return recs[0], out


def finished(t, honest):
    hs = [t.hands[i] for i in honest]
    return all(h.app.phase >= tablegame.P_OVER for h in hs) and \
        len({h.node.applied for h in hs}) == 1


def frame(h, t, **fields):
    """A frame of handheld h's, signed with its own keys (what modified firmware can send)."""
    f = wire.Frame()
    f.table = t.table_id
    f.seat = h.seat
    f.term = h.node.term
    f.seq = f.ack = 0
    for k, v in fields.items():
        setattr(f, k, v)
    return f


def to_all(t, h, data):
    for x in t.hands:
        if x is not h and not x.dead:
            x.receive(bytes(data), t.now)


def drops(t, code, who=None):
    return sum(h.node.dropped[code] for i, h in enumerate(t.hands) if who is None or i in who)


# ---- 1: nobody speaks for another seat -----------------------------------------------------------

def test_a_seat_cannot_speak_for_another():
    t = Table(seats=4, seed=101)
    assert t.start_game() == 0
    assert t.run(lambda: t.hands[0].app.phase == snydtable.P_BID, 60_000)
    bad = t.hands[3]
    g = t.hands[0].app.game
    victim = g.on_turn if g.on_turn != 3 else 1
    before = [h.node.applied for h in t.hands]
    # its own frame asking to call snyd for the victim's seat: the sequencer refuses it
    f = frame(bad, t, type=wire.T_ACTION, who=victim, round=bad.app.round, kind=wire.A_SNYD,
              ack=bad.node.applied)
    f.etype = f.type
    bad.codec.sign_request(f, 3, bad.node.applied, 0xF)
    t.hands[0].receive(bytes(bad.codec.encode(f, 1)), t.now)
    # the same move in a frame that names the victim's handheld as its sender: no tag verifies
    f.seat = victim
    to_all(t, bad, bad.codec.encode(f))
    # an ENTRY "from the sequencer" logging that move
    e = frame(bad, t, type=wire.T_ENTRY, etype=wire.T_ACTION, who=victim, round=bad.app.round,
              kind=wire.A_SNYD, seq=bad.node.applied + 1, eterm=0)
    e.seat = 0
    bad.codec.sign_request(e, victim, bad.node.applied, 0xF)
    to_all(t, bad, bad.codec.encode(e))
    assert [h.node.applied for h in t.hands] == before
    assert drops(t, wire.R_TAG) >= 4
    assert t.run(lambda: finished(t, range(4)), 1_800_000)
    honest_agree(t, range(4))


def test_the_air_holds_no_key_a_stranger_could_use():
    """Before, WELCOME carried the table key under a public key. Now frames carry only public keys
    and tags: an eavesdropper with every frame decodes their fields and forges nothing."""
    t = Table(seats=3, seed=102)
    assert t.run_game()
    spy = Eavesdropper(t.table_id)
    keys = {bytes(k) for h in t.hands for k in h.codec.keys if k}
    f = wire.Frame()
    for _, _, _, data in t.bus.log:
        assert spy.decode(data, f) == wire.OK
        for k in keys:
            assert k not in data
    # its forgery, tagged with keys it made up, is refused by everyone
    forger = wire.Codec()
    forger.seat_at(t.table_id, 1)
    from dicecup.table import keys as tablekeys
    tablekeys.dealt(forger, 1, 0b111, b"guessed")
    g = frame(t.hands[1], t, type=wire.T_ACK)
    for h in (t.hands[0], t.hands[2]):
        assert h.node.receive(bytes(forger.encode(g)), t.now) == wire.R_TAG


# ---- 2: a false secret is a forfeit (test_table_protocol.test_a_wrong_secret_is_a_forfeit...) ----
# ---- 3: seizing the sequencer; a sequencer that logs a contribution it did not commit to ---------

def test_a_seat_cannot_seize_a_live_sequencer():
    t = Table(seats=4, seed=103)
    assert t.start_game() == 0
    bad = t.hands[2]
    for k in range(20):
        t.run(lambda: False, 700)
        hb = frame(bad, t, type=wire.T_ACK, ack=bad.node.applied)
        hb.term = ((bad.node.term >> 3) + 1 + k) << 3 | 2  # "I took over"
        to_all(t, bad, bad.codec.encode(hb))
    assert all(h.node.leader == 0 for h in t.hands if h is not bad)
    assert drops(t, log.D_SEIZE, (0, 1, 3)) >= 20
    assert t.run(lambda: finished(t, range(4)), 1_800_000)
    honest_agree(t, range(4))


def test_a_sequencer_that_logs_an_uncommitted_contribution_is_replaced():
    """The sequencer waits for every other contribution, then logs one of its own that its
    commitment does not open (it grinds the seed). Every follower re-checks the entry, refuses it
    and stops following; the next seat takes over; the seat that withheld forfeits."""
    t = Table(seats=4, seed=104)
    bad = t.hands[0]
    real_poll = bad.app.poll
    state = {"done": False}

    def hostile_poll(node, now, decide=None, rand=None):
        app = bad.app
        if app.phase == tablegame.P_CONTRIB and app.contributed == app.part & ~1 and \
                not state["done"]:
            f = wire.Frame()
            f.etype, f.who, f.round = wire.T_CONTRIB, 0, app.round
            f.h1[:] = bytes(16)  # "chosen" after seeing the others
            node.codec.sign_request(f, 0, node.applied, node._everyone())
            node._store(node.applied + 1, node.term, f, now, 1)
            node._apply_ready(now)
            node._send_entry(log.BROADCAST, node.applied)
            state["done"] = True
            return
        if not state["done"]:
            real_poll(node, now, decide, rand)
    bad.app.poll = hostile_poll
    _withhold(bad, wire.T_CONTRIB)  # its honest contribution never goes out
    assert t.start_game() == 0
    honest = (1, 2, 3)
    assert t.run(lambda: state["done"] and all(t.hands[i].node.leader == 1 for i in honest),
                 60_000)
    assert drops(t, log.D_INVALID, honest) >= 3
    t.kill(0)  # it goes on as it likes: the others play without it
    assert t.run(lambda: finished(t, honest), 3_600_000)
    rec, out = honest_agree(t, honest)
    assert [0, "forfeit"] in rec["rounds"][0]["actions"]


# ---- 4: entries nobody asked for; a byzantine seat's frames never crash anyone ------------------

def test_a_sequencer_cannot_log_a_call_nobody_made():
    """Before, a forged call made two seats reveal while bidding went on. Now the sequencer has
    no requester tags for a move the seat never asked for: followers drop it unapplied."""
    t = Table(seats=3, seed=105)
    assert t.start_game() == 0
    assert t.run(lambda: t.hands[1].app.phase == snydtable.P_BID, 60_000)
    bad = t.hands[0]
    node = bad.node
    f = wire.Frame()
    f.etype, f.who, f.round, f.kind = wire.T_ACTION, 1, bad.app.round, wire.A_SNYD
    bad.codec.sign_request(f, 1, node.applied, node._everyone())  # in seat 1's name, its own keys
    f.type, f.seq, f.eterm, f.table, f.seat, f.term = (wire.T_ENTRY, node.applied + 1, node.term,
                                                        t.table_id, 0, node.term)
    to_all(t, bad, node.codec.encode(f))
    assert t.hands[1].app.phase == snydtable.P_BID and t.hands[2].app.phase == snydtable.P_BID
    assert drops(t, log.D_FORGED, (1, 2)) == 2


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2 ** 16), game=st.sampled_from(["snyd", "yatzy", "snyd-open"]),
       frames=st.lists(st.tuples(st.integers(wire.T_SEATS, wire.T_LAST), st.binary(min_size=60,
                                                                                   max_size=60),
                                 st.integers(0, 2 ** 32 - 1)), min_size=20, max_size=60))
def test_a_byzantine_seat_never_crashes_anyone(seed, game, frames):
    """A seated handheld sends frames of every type with random fields, all correctly tagged with
    its own keys (requests, entries, snapshots, heartbeats, vouches): nothing raises out of the
    receive path (D_ERROR counts what would have), and the honest handhelds still agree."""
    opened = game == "snyd-open"   # the open-die rule: a phase of its own before the bidding
    t = Table(seats=3, seed=seed, game="snyd" if opened else game,
              rules=snydtable.snyd.Rules(open_die=True) if opened else None)
    assert t.start_game() == 0
    bad = t.hands[2]
    rng = random.Random(seed)
    for typ, body, n in frames:
        t.run(lambda: False, rng.randrange(1, 400))
        if wire.LAYOUTS[typ] is None:
            continue  # a number kept for a type this firmware does not have
        f = wire.Frame()
        fill(f, typ, body, n)
        f.table, f.seat = t.table_id, 2
        if typ == wire.T_ENTRY or typ in wire.LOGGABLE:
            if typ != wire.T_ENTRY:
                f.etype = typ
            bad.codec.sign_request(f, 2 if n & 1 else n % 3, f.ack, 0b111)
        try:
            data = bad.codec.encode(f, -1 if n & 2 else 1)
        except ValueError:
            continue
        to_all(t, bad, data)
    assert drops(t, log.D_ERROR, (0, 1)) == 0, [repr(h.node.error) for h in t.hands]
    t.kill(2)
    assert t.run(lambda: finished(t, (0, 1)), 3_600_000)
    honest_agree(t, (0, 1))


def fill(f, typ, body, n):
    """Every field of f's layout (and an ENTRY's inner one) from the bytes of `body`."""
    f.type = typ
    f.etype = wire.LOGGABLE[n % len(wire.LOGGABLE)] if typ == wire.T_ENTRY else 0
    f.term, f.seq, f.ack = n & 0xFFFF, n >> 8, n >> 16
    i = 0
    lays = [wire.LAYOUTS[typ]] + ([wire.LAYOUTS[f.etype]] if typ == wire.T_ENTRY else [])
    for lay in lays:
        for name, size in lay:
            if name == "etype":
                continue
            b = bytes(body[(i + k) % len(body)] for k in range(size))
            i += size
            if size <= 4:
                setattr(f, name, int.from_bytes(b, "little") % (1 << (8 * size)))
            else:
                getattr(f, name)[:] = b
    if typ == wire.T_SNAP:
        f.dlen = n % wire.SNAP_DATA_MAX
        for k in range(f.dlen):
            f.data[k] = body[k % len(body)]


# ---- 6: one frame wedges the table --------------------------------------------------------------

def test_a_heartbeat_with_the_last_term_wedges_nothing():
    t = Table(seats=3, seed=106)
    assert t.start_game() == 0
    bad = t.hands[1]
    t.run(lambda: False, 2000)
    hb = frame(bad, t, type=wire.T_ACK, ack=bad.node.applied, term=0xFFFF)
    to_all(t, bad, bad.codec.encode(hb))
    t.kill(0)  # and then a real takeover must still work
    assert t.run(lambda: t.hands[2].node.leader != 0, 30_000)
    assert all(h.node.term < 0x100 for h in t.live())
    t.reboot(0)
    assert t.run(lambda: finished(t, range(3)), 1_800_000)
    honest_agree(t, range(3))


def _name_the_rebooted_sequencer(t, bad, victim, to, count=2):
    """Modified firmware tells a handheld just back from a reboot, in a heartbeat of a term whose
    low bits name that handheld, that it led before its reboot (found by tests/test_table_stateful)."""
    hb = frame(bad, t, type=wire.T_ACK, ack=0, term=(count << 3) | victim)  # "I have nothing"
    hb.flags = victim
    data = bytes(bad.codec.encode(hb, -1 if to is None else 1 << to))
    for x in (t.hands if to is None else [t.hands[to]]):
        if x is not bad:
            x.receive(data, t.now)


def test_a_rebooted_handheld_named_sequencer_alone_gives_the_term_back():
    t = Table(seats=3, seed=117, game="yatzy")
    assert t.start_game() == 0
    t.run(lambda: t.hands[1].node.applied > 10, 60_000)
    t.reboot(1)  # and before it hears anyone else:
    _name_the_rebooted_sequencer(t, t.hands[2], 1, to=1)
    assert t.hands[1].node.leader == 1  # it believed it (it cannot know better after a boot)
    # the live sequencer refuses the term nobody supports; the victim sees the table go on
    # without it, gives the term back and follows the table again
    assert t.run(lambda: t.hands[1].node.leader == 0, 3 * log.Node.missing_ms)
    assert t.hands[0].node.term == 0 and t.hands[0].node.is_leader()
    assert t.run(lambda: finished(t, range(3)), 1_800_000)
    honest_agree(t, range(3))


def test_a_rebooted_sequencer_catches_up_before_it_logs():
    """The same lie told to everyone, so the byzantine seat also supports the new term and the
    live sequencer follows it: the rebooted handheld leads, but only after it has fetched the
    furthest log a live seat reports (it used to start from nothing at once: a forked table)."""
    t = Table(seats=3, seed=118, game="yatzy")
    assert t.start_game() == 0
    t.run(lambda: t.hands[1].node.applied > 10, 60_000)
    logged = t.hands[0].node.applied
    t.reboot(1)  # and before it hears anyone else (in the table's own term: a new term is
    # followed only one step up, test_table_sequencer.py):
    _name_the_rebooted_sequencer(t, t.hands[2], 1, to=1, count=0)
    term = t.hands[1].node.term
    assert t.hands[1].node.leader == 1 and not t.hands[1].node.ready
    _name_the_rebooted_sequencer(t, t.hands[2], 1, to=0, count=term >> 3)  # "I follow it too"
    assert t.run(lambda: t.hands[1].node.ready, 30_000)
    assert t.hands[0].node.leader == 1  # the table follows the new term...
    assert t.hands[1].node.applied >= logged  # ... whose sequencer caught up first
    assert t.run(lambda: finished(t, range(3)), 1_800_000)
    honest_agree(t, range(3))


def test_a_seat_claiming_to_follow_a_dead_sequencer_deposes_nobody():
    """The sequencer dies and the next seat takes over; a byzantine seat keeps sending heartbeats
    in the dead sequencer's term, saying it follows it. The new sequencer is not outvoted by that
    (it would give its term up every 7 s): it keeps its term and the game goes on."""
    t = Table(seats=3, seed=119)
    assert t.start_game() == 0
    t.run(lambda: t.hands[1].node.applied > 10, 60_000)
    t.kill(0)
    assert t.run(lambda: t.hands[1].node.is_leader() and t.hands[1].node.ready, 30_000)
    term = t.hands[1].node.term
    bad = t.hands[2]
    for _ in range(40):  # 20 s of lies, twice a second
        hb = frame(bad, t, type=wire.T_ACK, ack=bad.node.applied, term=0)
        hb.flags = 0  # "I follow handheld 0"
        t.hands[1].receive(bytes(bad.codec.encode(hb, 1 << 1)), t.now)
        t.run(lambda: False, 500)
        assert t.hands[1].node.term == term and t.hands[1].node.is_leader()


# ---- 7: forged snapshots ------------------------------------------------------------------------

def test_a_rebooted_handheld_takes_no_forged_snapshot():
    """A follower reboots and catches up from a snapshot. A seat that is not the sequencer sends it
    one of its own making, and the sequencer's is altered too (a hostile sequencer): the first is
    ignored, the second finds no second witness for its state and is never restored. (A peer's
    snapshot, asked for when the sequencer's gets no vouch for 3 s, may be: it is the table's,
    vouched by the other honest handheld: Node._ask_snap.)"""
    t = Table(seats=4, seed=107)
    assert t.start_game() == 0
    assert t.run(lambda: min(h.node.applied for h in t.hands) >= log.LOG_CAP + 10, 600_000)
    t.kill(3)
    t.run(lambda: False, 500)
    t.reboot(3)
    victim = t.hands[3]
    restored = []
    real = victim.app.restore
    victim.app.restore = lambda mv, seq: restored.append(
        (victim.node._snap.sender, bytes(mv))) or real(mv, seq)
    lead = t.hands[0]
    real_snap = lead.app.snapshot

    class Flip:  # one byte of the state altered as it is written out: someone's commitment
        def __init__(self, buf, at):
            self.buf, self.at = buf, at

        def __setitem__(self, i, x):
            self.buf[i] = x ^ 0x55 if i == self.at else x

    def forged(buf, off):
        return real_snap(Flip(buf, off + 40), off)
    lead.app.snapshot = forged
    bad = t.hands[1]
    for k in range(3):
        s = frame(bad, t, type=wire.T_SNAP, seq=bad.node.applied + 5, k=k, total=3, dlen=100)
        victim.receive(bytes(bad.codec.encode(s, 1 << 3)), t.now)
    t.run(lambda: False, 6000)
    assert [r for r in restored if r[0] != 2 and r[0] != 1] == []  # the forged state never
    # became the victim's (the sequencer's, altered; nor the seat's unasked frames)
    assert not restored or victim.node.applied != t.hands[2].node.applied or \
        victim.node.chain == t.hands[2].node.chain
    lead.app.snapshot = real_snap
    assert t.run(lambda: victim.node.applied >= lead.node.applied > 0 and restored, 120_000)
    assert t.run(lambda: finished(t, range(4)), 1_800_000)
    honest_agree(t, range(4))


# ---- 8: stalling forever; withholding a reveal or a contribution -------------------------------

def _withhold(h, what):
    real = h.app._fair_request if what == wire.T_CONTRIB else h.app._reveal_request

    def never(f, s, rand):
        if what == wire.T_CONTRIB and h.app.phase == tablegame.P_CONTRIB:
            return False
        return real(f, s, rand) if what == wire.T_CONTRIB else False
    if what == wire.T_CONTRIB:
        h.app._fair_request = never
    else:
        h.app._reveal_request = never


def test_a_seat_that_never_reveals_forfeits_and_the_game_ends():
    t = Table(seats=3, seed=108, rules=__import__("dicecup.rules.snyd").rules.snyd.Rules(dice=2))
    _withhold(t.hands[2], wire.T_REVEAL)  # it heartbeats, bids, calls: it only never reveals
    assert t.run_game(3_600_000) or finished(t, range(3))
    rec, out = honest_agree(t, range(3))
    forfeits = [r for r in out["rounds"] if r["call"] == "forfeit"]
    assert forfeits and all(r["forfeits"] == [2] for r in forfeits)
    assert out["rounds"][-1]["dice_left"][2] == 0  # it lost every die that way, nothing more


def test_a_seat_that_never_contributes_forfeits():
    t = Table(seats=3, seed=109, rules=__import__("dicecup.rules.snyd").rules.snyd.Rules(dice=2))
    _withhold(t.hands[1], wire.T_CONTRIB)
    assert t.run_game(3_600_000)
    rec, out = honest_agree(t, range(3))
    first = out["rounds"][0]
    assert first["call"] == "forfeit" and first["forfeits"] == [1]
    assert all(d is not None for s, d in enumerate(rec["rounds"][0]["dice"]) if s != 1)


def test_a_yatzy_roller_that_never_reveals_forfeits_its_turns():
    t = Table(game="yatzy", seats=2, seed=110)
    _withhold(t.hands[1], wire.T_REVEAL)
    assert t.run_game(3_600_000)
    rec, out = honest_agree(t, range(2))
    mine = [tr for tr in rec["turns"] if tr["p"] == 1]
    assert mine and all(tr.get("forfeit") for tr in mine)
    assert out["players"][1]["total"] == 0


def test_a_forfeit_before_the_deadline_is_refused_by_every_follower():
    """A hostile sequencer names an honest seat late at once: followers check the deadline on
    their own clock and stop following it."""
    t = Table(seats=3, seed=111)
    assert t.start_game() == 0
    assert t.run(lambda: t.hands[1].app.phase == snydtable.P_CONTRIB, 60_000)
    lead = t.hands[0]
    owed = lead.app.owed()
    f = wire.Frame()
    f.etype, f.round, f.who, f.kind = wire.T_FORFEIT, lead.app.round, owed & 0b110, wire.F_LATE
    assert f.who  # a follower still owes its contribution: the seat to name late
    lead.app.now = lead.app.phase_at + tablegame.DEADLINE_MS  # it lies to itself about the time
    lead.node.codec.sign_request(f, 0, lead.node.applied, lead.node._everyone())
    lead.node._store(lead.node.applied + 1, lead.node.term, f, t.now, 1)
    lead.node._apply_ready(t.now)
    lead.node._send_entry(log.BROADCAST, lead.node.applied)
    t.run(lambda: False, 100)
    assert drops(t, log.D_INVALID, (1, 2)) == 2
    assert all(t.hands[i].app.forfeited == 0 for i in (1, 2))


# ---- 9: a dead sequencer's heartbeats replayed ---------------------------------------------------

def test_replayed_heartbeats_keep_no_dead_sequencer_alive():
    t = Table(seats=3, seed=112)
    assert t.start_game() == 0
    t.run(lambda: False, 3000)
    old = [d for (_, src, _, d) in t.bus.log if src == 0 and d[2] == wire.T_ACK]
    t.kill(0)
    for k in range(30):  # a radio replays them, every 200 ms
        t.run(lambda: False, 200)
        for x in (1, 2):
            t.hands[x].receive(old[k % len(old)], t.now)
    assert t.hands[1].node.leader == 1 or t.hands[2].node.leader == 1
    assert drops(t, wire.R_REPLAY, (1, 2)) >= 60


# ---- the radio: floods and replays of a whole game -------------------------------------------------

def test_a_flood_of_replays_and_garbage_changes_nothing():
    """A radio replays (and sometimes alters) every frame it heard, three a step, to anyone."""
    t = Table(seats=3, seed=113)
    assert t.start_game() == 0
    rng = random.Random(1)
    while not finished(t, range(3)) and t.now < 1_800_000:
        t.step()
        for _ in range(3):
            d = bytearray(rng.choice(t.bus.log)[3])
            if rng.random() < 0.3:
                d[rng.randrange(len(d))] ^= 1 << rng.randrange(8)
            t.hands[rng.randrange(3)].receive(bytes(d), t.now)
    honest_agree(t, range(3))
    assert drops(t, wire.R_REPLAY) > 100 and drops(t, log.D_ERROR) == 0


# ---- 5: Yatzy foresight --------------------------------------------------------------------------

def test_a_yatzy_roller_cannot_foresee_its_rerolls():
    """Before, roll k came from the roller's secret, the seed, its hold and k: it knew every re-roll
    before it held. Now each re-roll mixes in the other handheld's next shake, logged after the
    hold: the roll the roller could compute alone is not the roll it gets."""
    from dicecup.rules import fairdice
    t = Table(game="yatzy", seats=2, seed=114)
    seen = []
    for h in t.hands:
        real = h.app._roll

        def spy(held, k, mix, app=h.app, real=real):
            w = app.roller()
            o = w * 16
            alone = fairdice.yatzy_roll(app.rolls[-1], held, bytes(app._s[o:o + 16]), app.seed,
                                        app.tid, app.round, w, k)
            real(held, k, mix)
            fresh = [i for i in range(len(alone)) if not held >> i & 1]
            if len(fresh) >= 2 and app is t.hands[0].app:
                seen.append([alone[i] for i in fresh] == [app.rolls[-1][i] for i in fresh])
        h.app._roll = spy
    assert t.run_game()
    honest_agree(t, range(2))
    assert len(seen) > 10 and sum(seen) <= len(seen) // 10, seen


def test_a_shaker_cannot_choose_or_withhold_a_shake():
    """The shaker sends a shake that its chain does not open (it chose one): refused. It then
    withholds: past the deadline the re-roll goes unshaken and the shaker's own next turn is a
    forfeit turn, so withholding never pays."""
    t = Table(game="yatzy", seats=2, seed=115)
    bad = t.hands[1]
    real = bad.app._play_request
    state = {"n": 0}

    def hostile(f, s, ph, node, decide, rand):
        if bad.app.shaking >= 0 and s == bad.app.shaker():
            state["n"] += 1
            if state["n"] > 1:
                return False  # then withholds it
            ok = real(f, s, ph, node, decide, rand)
            f.h1[0] ^= 1  # a shake of its choosing
            return ok
        return real(f, s, ph, node, decide, rand)
    bad.app._play_request = hostile
    assert t.run_game(7_200_000)
    rec, out = honest_agree(t, range(2))
    assert t.hands[0].app.penalty == 0 and state["n"] > 1
    forfeits = [tr for tr in rec["turns"] if tr.get("forfeit")]
    assert forfeits and all(tr["p"] == 1 for tr in forfeits)


# ---- 10: the lobby, with no key at all -----------------------------------------------------------

def _lobby(tmp_path, monkeypatch):
    from dicecup.rules import snyd
    from dicecup.table import table
    from table_pair import Air, FakeRadio
    monkeypatch.chdir(tmp_path)
    air = Air()
    host = table.Table(FakeRadio(air, 0), "Anna")
    host.create("Stue", snyd.Rules(), False)
    bo = table.Table(FakeRadio(air, 1), "Bo")
    bo.browsing = True
    return air, host, bo, FakeRadio(air, 9)


def _run(air, tables, ms, now):
    end = now + ms
    while now < end:
        now += 20
        for tb in tables:
            tb.tick(now)
        air.deliver()
    return now


def _join_frame(tid, nonce, name, pub):
    from dicecup.table import table
    c = wire.Codec()
    f = wire.Frame()
    f.type, f.table, f.seat, f.nonce = wire.T_JOIN, tid, wire.NO_SEAT, nonce
    table.pack_name(name, f.name)
    f.pub[:] = pub
    return bytes(c.encode(f))


def test_fake_joins_seat_nobody_and_the_creator_sees_the_code(tmp_path, monkeypatch):
    air, host, bo, radio = _lobby(tmp_path, monkeypatch)
    now = _run(air, [host, bo], 1500, 0)
    bo.join(bo.tables()[0])
    for k in range(7):  # a radio fills the lobby with JOINs
        radio.send(None, _join_frame(host.tid, 1000 + k, "X%d" % k, bytes([k + 1]) * 32))
    now = _run(air, [host, bo], 1500, now)
    assert host.order == [0] and bo.mode != 3  # nobody sits before the creator says yes
    asks = host.pending()
    assert len(asks) <= tbl.ASKS_MAX and [a for a in asks if a[1] == "Bo"]
    mine = [a for a in asks if a[1] == "Bo"][0]
    assert host.join_code(mine[2]) == bo.join_code()  # both screens show the same code
    assert host.admit(mine[0])
    now = _run(air, [host, bo], 1000, now)
    assert host.order == [0, 1] and bo.who == 1 and bo.mode == 3


def test_a_forged_welcome_seats_nobody(tmp_path, monkeypatch):
    air, host, bo, radio = _lobby(tmp_path, monkeypatch)
    now = _run(air, [host, bo], 1500, 0)
    bo.join(bo.tables()[0])
    now = _run(air, [host, bo], 400, now)
    w = wire.Frame()  # a radio answers first, with the nonce it heard and a proof it made up
    w.type, w.table, w.seat, w.nonce, w.who = wire.T_WELCOME, host.tid, 0, bo.nonce, 5
    w.proof[:] = bytes(8)
    radio.send(None, bytes(wire.Codec().encode(w)))
    now = _run(air, [host, bo], 400, now)
    assert bo.mode != 3 and bo.who < 0
    host.admit(host.pending()[0][0])
    now = _run(air, [host, bo], 1000, now)
    assert bo.mode == 3 and bo.who == 1  # at the real table


def test_only_a_seat_itself_can_stand_up(tmp_path, monkeypatch):
    air, host, bo, radio = _lobby(tmp_path, monkeypatch)
    now = _run(air, [host, bo], 1500, 0)
    bo.join(bo.tables()[0])
    now = _run(air, [host, bo], 400, now)
    host.admit(host.pending()[0][0])
    now = _run(air, [host, bo], 1000, now)
    assert host.order == [0, 1]
    radio.send(None, _join_frame(host.tid, 0, "", bytes(32)))  # the old keyless "stand up"
    f = wire.Frame()  # and a LEAVE in Bo's name, tagged with keys the radio does not have
    f.type, f.table, f.seat = wire.T_LEAVE, host.tid, 1
    c = wire.Codec()
    c.seat_at(host.tid, 1)
    c.set_key(0, bytes(16))
    radio.send(None, bytes(c.encode(f)))
    now = _run(air, [host, bo], 500, now)
    assert host.order == [0, 1]
    bo.leave()  # Bo itself
    _run(air, [host], 500, now)
    assert host.order == [0]


def test_a_copycat_table_is_listed_apart(tmp_path, monkeypatch):
    air, host, bo, radio = _lobby(tmp_path, monkeypatch)
    now = _run(air, [host, bo], 1500, 0)
    f = wire.Frame()  # a radio announces the same table id and name with its own key
    f.type, f.table, f.seat, f.game, f.size = wire.T_ANNOUNCE, host.tid, 0, 1, 1
    f.rules[:] = bytes((5, 7, 0, 0, 0, 0))
    from dicecup.table import table
    table.pack_name("Stue", f.name)
    f.pub[:] = bytes([7]) * 32
    radio.send(None, bytes(wire.Codec().encode(f)))
    now = _run(air, [host, bo], 100, now)
    listed = bo.tables()
    assert len(listed) == 2 and {e[9] for e in listed} == {host.pubs[0], bytes([7]) * 32}


def test_a_sequencer_that_ignores_a_seat_is_replaced():
    """The sequencer silently drops every request of seat 2 (its moves, its reveal). The other
    handhelds heard those requests too: they hand them on, and when the sequencer still leaves a
    valid one unlogged, they stop following it and the next seat takes over."""
    t = Table(seats=4, seed=116)
    bad = t.hands[0]
    real = bad.node._on_request

    def censor(f, now):
        if f.rby != 2:
            real(f, now)
    bad.node._on_request = censor
    assert t.start_game() == 0
    honest = (1, 2, 3)
    assert t.run(lambda: all(t.hands[i].node.leader == 1 for i in honest), 120_000)
    assert all(t.hands[i].node._bad & 1 for i in honest)
    t.kill(0)
    assert t.run(lambda: finished(t, honest), 3_600_000)
    honest_agree(t, honest)


def test_a_sequencer_cannot_forfeit_a_seat_it_ignored():
    """The sequencer drops seat 2's reveal, then names seat 2 late past the deadline: the
    followers heard that reveal, so the forfeit is the sequencer's lie, and they leave it."""
    t = Table(seats=3, seed=117)
    bad = t.hands[0]
    real = bad.node._on_request

    def censor(f, now):
        if not (f.rby == 2 and f.etype == wire.T_REVEAL):
            real(f, now)
    bad.node._on_request = censor
    bad.node.censor_ms = 10 ** 9
    for h in t.hands:
        h.node.censor_ms = 10 ** 9  # no one acts on the ignored request before the deadline
    assert t.start_game() == 0
    assert t.run(lambda: bad.app.forfeits, 600_000)  # it named seat 2 late
    t.run(lambda: False, 200)
    assert all(t.hands[i].app.forfeits == 0 and t.hands[i].node._bad & 1 for i in (1, 2))


def test_a_seat_that_never_moves_pauses_the_table_and_goes_to_a_bot():
    """A seat stays in touch (heartbeats, commits, reveals) but never bids: after MOVE_MS the
    sequencer pauses the table naming its handheld, and the creator gives the seat to a bot."""
    t = Table(seats=3, seed=118)
    t.hands[2].decide = lambda game, seat: None  # its player never moves
    assert t.start_game() == 0
    assert t.run(lambda: t.hands[0].node.missing == 1 << 2 and t.hands[1].node.missing == 1 << 2,
                 1_200_000)
    assert all(t.hands[i].node.alive(2, t.now) for i in (0, 1))  # in touch all along
    assert t.give_to_bot(2, host=0) == 0
    assert t.run(lambda: finished(t, range(3)), 3_600_000)
    honest_agree(t, range(3))
