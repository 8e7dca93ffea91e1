"""The table protocol end to end, in-process: whole Snyd games over a lossy, duplicating, reordering
radio (host_tools.tablebus), with the firmware's wire, fairdice, tablelog and snydtable modules.

Every case checks what the issue asks of a table: all handhelds end with identical game records
that the referee replays cleanly, and no frame before a reveal carries a secret or dice.
"""
import random

import pytest
from hypothesis import example, given, settings, strategies as st

from dicecup.rules import fairdice
from dicecup.rules import snyd
from dicecup.table import snyd as snydtable
from dicecup.text import strings
from dicecup.table import keys
from dicecup.table import log as tablelog
from dicecup.table import why
from dicecup.table import wire
from host_tools.replay import referee
from host_tools.tablebus import Eavesdropper, Table


def decoded(t):
    """Every frame on the air, read by a radio that hears everything: (index, frame copy, bytes)."""
    c = Eavesdropper(t.table_id)
    out = []
    f = wire.Frame()
    for i, (_, _, _, data) in enumerate(t.bus.log):
        if c.decode(data, f) == wire.OK:
            out.append((i, f, data))
            f = wire.Frame()
    return out


def first_reveals(t):
    """(table round, seat) -> (index of the first frame carrying its reveal, secret)."""
    seen = {}
    for i, f, _ in decoded(t):
        if f.body_type() == wire.T_REVEAL and (f.round, f.who) not in seen:
            seen[(f.round, f.who)] = (i, bytes(f.h1))
    return seen


def assert_private(t, check_dice=False):
    """No frame before a seat's reveal contains its secret (nor, optionally, its dice)."""
    reveals = first_reveals(t)
    log = t.bus.log
    assert reveals
    for (rnd, seat), (idx, s) in reveals.items():
        for j in range(idx):
            assert s not in log[j][3], "round %d seat %d: secret on the air before its reveal" % (
                rnd, seat)
    if check_dice:
        rec = t.records()[0]
        for r, rd in enumerate(rec["rounds"]):
            idx = min(i for (rnd, _), (i, _) in reveals.items() if rnd == r + 1)
            for d in rd["dice"]:
                if len(d) == 5:
                    for j in range(idx):
                        assert bytes(d) not in log[j][3], "dice on the air before the reveal"


def assert_agree(t):
    recs = t.records()
    assert len(recs) == len(t.live())
    for r in recs[1:]:
        assert r == recs[0]
    out, code = referee(recs[0])
    assert code == 0, out["error"]
    assert out["winner"] is not None
    for h in t.live():
        assert h.node.dropped[tablelog.D_CONFLICT] == 0
    return recs[0], out


@pytest.mark.parametrize("seats", [2, 4, 8])
@pytest.mark.parametrize("loss", [0.0, 0.1, 0.3])
def test_whole_games_agree(seats, loss):
    noisy = loss > 0
    t = Table(seats=seats, loss=loss, dup=0.05 if noisy else 0, reorder=0.1 if noisy else 0,
              seed=seats * 10 + int(loss * 10))
    assert t.run_game()
    rec, out = assert_agree(t)
    assert len(rec["rounds"]) >= (seats - 1) * 5
    assert_private(t, check_dice=(seats == 4))
    if noisy:  # the faults really happened and were survived
        assert sum(h.node.dropped[tablelog.D_DUP] for h in t.hands) > 0


def _name(seat):
    return "Seat%d" % (seat + 1)


def test_race_loser_is_told_why():
    t = Table(seats=5, seed=3)
    refusals = []
    for h in t.hands:
        h.decide = __import__("host_tools.tablebus").tablebus.random_decide(h.rng, calza_rate=0.5)
        h.app.rejected = (lambda hh: lambda who, reason, lo: refusals.append(
            (hh, who, reason, lo, why.explain(hh.node, reason, lo, _name))))(h)
    assert t.run_game()
    assert_agree(t)
    late = [r for r in refusals if r[2] == tablelog.RJ_LATE]
    assert late, refusals
    for hh, who, reason, lo, text in late:
        assert text.startswith(strings.t("t_late") + " Seat"), text
        assert _name(who) + " " not in text  # the winner is someone else


def test_garbage_and_replays_change_nothing():
    t = Table(seats=4, seed=8)
    assert t.start_game() == 0
    rng = random.Random(5)
    other = wire.Codec()  # a handheld of another table, keys and all
    other.seat_at(t.table_id ^ 0x5A5A, 1)
    keys.dealt(other, 1, 0xFF, t.key)
    stranger = wire.Codec()  # this table's id, keys it guessed
    stranger.seat_at(t.table_id, 1)
    keys.dealt(stranger, 1, 0xFF, b"k" * 16)
    checks = 0
    while not t.done() and t.now < 600_000:
        t.step()
        if len({h.node.applied for h in t.hands}) != 1 or rng.random() > 0.3:
            continue
        # every handheld in step: inject and compare state before and after
        before = [(h.node.applied, bytes(_snap(h))) for h in t.hands]
        log = t.bus.log
        for _ in range(20):
            h = rng.choice(t.hands)
            kind = rng.randrange(5)
            if kind == 0:
                data = bytes(rng.getrandbits(8) for _ in range(rng.randrange(80)))
            elif kind == 1:
                data = bytearray(rng.choice(log)[3])
                data[rng.randrange(len(data))] ^= 1 << rng.randrange(8)
            elif kind == 2:
                old = [x for x in log if x[0] < t.now - 1000]  # delivered (or lost) long ago
                if not old:
                    continue
                data = rng.choice(old)[3]  # a replay of a real frame
                if data[2] in (wire.T_NACK, wire.T_SNAP):
                    continue  # a replayed resend request only makes a resend: not a change
            else:
                f = wire.Frame()
                f.type = wire.T_ACTION
                f.seat, f.who, f.round, f.kind = h.seat ^ 1, h.seat ^ 1, h.app.round, wire.A_SNYD
                data = bytes((other if kind == 3 else stranger).encode(f))
            h.receive(data, t.now)
        after = [(h.node.applied, bytes(_snap(h))) for h in t.hands]
        assert after == before
        checks += 1
    assert t.done() and checks > 10
    assert_agree(t)
    dropped = [sum(h.node.dropped[c] for h in t.hands) for c in (wire.R_TAG, wire.R_FOREIGN)]
    assert all(dropped), dropped


def _snap(h):
    buf = bytearray(tablelog.SNAP_MAX)
    return buf[:h.app.snapshot(buf, 0)]


@pytest.mark.parametrize("when", [30, 120])
def test_sequencer_lost_and_replaced(when):
    """The sequencer's battery dies mid-game: the next seat takes over with term + 1 and the table
    pauses naming the missing seat; the handheld comes back from flash and the game finishes."""
    t = Table(seats=4, loss=0.1, dup=0.05, reorder=0.1, seed=when)
    assert t.start_game() == 0
    assert t.run(lambda: t.hands[0].node.applied >= when, 600_000)
    t.kill(0)
    assert t.run(lambda: t.hands[1].node.is_leader() and t.hands[2].node.paused(), 20_000)
    assert t.hands[1].node.term >> 3 == 1  # one takeover; the low bits name seat 1
    assert t.hands[2].node.missing == 1  # every screen can name seat 0 as the missing one
    t.run(lambda: False, 3000)
    t.reboot(0)
    assert t.run(t.done, 1_800_000)
    assert_agree(t)
    assert_private(t)
    leaders = {(h.node.leader, h.node.term) for h in t.hands}
    assert len(leaders) == 1 and leaders.pop()[1] >= 1
    assert not any(h.node.paused() for h in t.hands)


def test_follower_rebooted_mid_round():
    t = Table(seats=4, loss=0.1, dup=0.05, reorder=0.1, seed=77)
    assert t.start_game() == 0
    assert t.run(lambda: t.hands[2].app.phase == snydtable.P_BID and
                 t.hands[2].app.round >= 3, 600_000)
    had = t.hands[2].app.dice_of(2)
    t.kill(2)
    t.run(lambda: False, 1500)
    t.reboot(2)
    assert t.run(lambda: t.hands[2].node.applied >= t.hands[0].node.applied > 0, 60_000)
    # it still knows its own dice (secrets kept on flash), and the round can be counted
    if t.hands[2].app.round == t.hands[0].app.round and t.hands[2].app.phase == snydtable.P_BID:
        assert t.hands[2].app.dice_of(2) == had
    assert t.run(t.done, 1_800_000)
    assert_agree(t)
    assert t.hands[2].app.voided == 0


def test_two_tables_in_one_room_never_mix():
    a = Table(seats=4, loss=0.1, seed=21)
    b = Table(seats=3, seed=22, bus=a.bus, offset=8)
    assert a.start_game() == 0 and b.start_game() == 0
    while not (a.done() and b.done()) and a.now < 1_800_000:
        a.step()
        b.step()
    assert a.done() and b.done()
    assert_agree(a)
    assert_agree(b)
    assert a.records()[0] != b.records()[0]
    assert sum(h.node.dropped[wire.R_FOREIGN] for h in a.hands + b.hands) > 100


def test_a_wrong_secret_is_a_forfeit_not_a_void():
    """Attack: a seat reveals last, counts the call itself and, when it would lose, sends a
    wrong secret (before, the round was voided: nobody lost a die). Now that is a forfeit: the
    seat loses its die all the same, the call is not counted, and the record says so."""
    t = Table(seats=4, seed=31)
    assert t.start_game() == 0
    cheat = t.hands[3]
    assert t.run(lambda: cheat.app.phase == snydtable.P_BID, 60_000)
    rnd = cheat.app.game.round_no
    d = cheat.app.draw(3)
    # a tampered handheld that would like other dice: it reveals another secret
    pool = cheat.app._pool[3]
    pool[pool.index(d)] = fairdice.Draw(d.table, d.round, 3, s=bytes(16), r=d.r)
    assert t.run(t.done, 1_800_000)
    rec, out = assert_agree(t)
    for h in t.hands:
        assert h.app.cheats == 1 << 3 and h.app.voided == 0
    rd = rec["rounds"][rnd]
    assert rd["actions"][-1] == [3, "forfeit"] and rd["dice"][3] is None
    res = out["rounds"][rnd]
    assert res["call"] == "forfeit" and res["loser"] == 3 and res["forfeits"] == [3]
    assert res["dice_left"][3] == 4


def test_no_contribution_before_every_commitment():
    """Grinding is impossible by construction: the sequencer refuses a contribution (and so the
    seed cannot exist) until every seat's commitment is logged."""
    t = Table(seats=3, seed=41)
    app = t.hands[0].app
    assert t.start_game() == 0
    assert app.phase == snydtable.P_COMMIT
    f = wire.Frame()
    f.etype, f.round, f.who = wire.T_CONTRIB, app.round, 0
    assert app.check(f) == snydtable.RJ_PHASE
    for et in (wire.T_ACTION, wire.T_REVEAL):
        f.etype = et
        assert app.check(f) == snydtable.RJ_PHASE
    assert t.run(lambda: app.phase == snydtable.P_CONTRIB, 10_000)
    assert app.committed == app.part == 0b111
    f.etype = wire.T_CONTRIB
    f.who = [s for s in range(3) if not app.contributed & (1 << s)][0]
    f.h1[:] = bytes(16)  # not the committed contribution
    assert app.check(f) == snydtable.RJ_CHEAT


@pytest.mark.parametrize("kw", [
    dict(seats=2),
    dict(seats=4, loss=0.3, dup=0.05, reorder=0.1),
    dict(seats=3, variant="maxi", options={"bonus": "75/50", "saved_rolls": True}, loss=0.1),
    dict(seats=3, variant="triple", loss=0.1),
    dict(seats=4, teams=[0, 1, 0, 1], loss=0.1),
    dict(seats=8, variant="yahtzee", loss=0.1, dup=0.05, reorder=0.1),
])
def test_yatzy_over_the_table(kw):
    """Each handheld rolls its own dice from the shared seed; every handheld keeps every
    scorecard; team play shares one scorecard per team, its members rolling in turn."""
    t = Table(game="yatzy", seed=len(kw) * 7 + kw["seats"], **kw)
    assert t.run_game()
    recs = t.records()
    assert all(r == recs[0] for r in recs)
    out, code = referee(recs[0])
    assert code == 0, out["error"]
    assert out["finished"] and out["winners"]
    cards = len(set(kw.get("teams", range(kw["seats"]))))
    assert recs[0]["players"] == cards
    assert_private(t)
    if "teams" in kw:  # both members of a team rolled for it
        rollers = {}
        for _, f, _ in decoded(t):
            if f.body_type() == wire.T_REVEAL:
                rollers.setdefault(kw["teams"][f.who], set()).add(f.who)
        assert all(len(v) == 2 for v in rollers.values()), rollers


def test_yatzy_handheld_rebooted_mid_turn():
    t = Table(game="yatzy", seats=3, loss=0.1, seed=5)
    assert t.start_game() == 0
    assert t.run(lambda: t.hands[1].app.roller() == 1 and t.hands[1].app.phase == 4 and
                 t.hands[1].app.round >= 4, 600_000)
    t.kill(1)
    t.run(lambda: False, 1500)
    t.reboot(1)
    assert t.run(t.done, 1_800_000)
    recs = t.records()
    assert all(r == recs[0] for r in recs)
    assert referee(recs[0])[1] == 0


def test_a_snyd_and_a_yatzy_table_in_one_room():
    a = Table(seats=3, loss=0.1, seed=51)
    b = Table(game="yatzy", seats=2, seed=52, bus=a.bus, offset=8)
    assert a.start_game() == 0 and b.start_game() == 0
    while not (a.done() and b.done()) and a.now < 1_800_000:
        a.step()
        b.step()
    assert a.done() and b.done()
    assert_agree(a)
    recs = b.records()
    assert recs[0] == recs[1] and referee(recs[0])[1] == 0


@settings(max_examples=20)
@given(seed=st.integers(0, 2 ** 32 - 1), seats=st.integers(2, 5), loss=st.sampled_from([0, 0.1, 0.3]),
       game=st.sampled_from(["snyd", "yatzy"]),
       faults=st.lists(st.tuples(st.integers(3, 120), st.integers(0, 7), st.integers(300, 6000)),
                       max_size=2))
@example(seed=0, seats=2, loss=0, game="yatzy", faults=[(43, 3, 4025), (3, 0, 4025)])
# the sequencer back 300 ms after its power cut, a follower holding its last entry past a gap
@example(seed=71426, seats=4, loss=0.3, game="yatzy", faults=[(20, 0, 300)])
@example(seed=71426, seats=4, loss=0.3, game="snyd", faults=[(21, 0, 300)])
def test_any_radio_any_reboots_same_records(seed, seats, loss, game, faults):
    """Whatever the radio does and whichever handheld loses power when (and comes back with its
    flash), every handheld ends with the same record and the referee accepts it."""
    t = Table(game=game, seats=seats, loss=loss, dup=0.05, reorder=0.1, seed=seed,
              rules=snyd.Rules(dice=2), variant="standard")
    assert t.start_game() == 0
    # The log lives only in the handhelds' RAM (flash keeps a seat's two newest secrets, not the
    # log: design/table-protocol.md trap 5), and a handheld back from a reboot refills it from the
    # others. Power cut on the last handheld that still holds it while every other one is still
    # refilling (2 seats: the second fault 25 ms after the first reboot) and the log is gone
    # everywhere: the survivors go on from the few entries they got, an old round whose secret no
    # flash keeps any more, and the table stalls. No protocol can recover a log nobody has, so a
    # fault waits until a handheld other than its victim holds what the table had logged when the
    # last handheld came back. Every other case (the sequencer's unsent tail, a reboot in the middle
    # of a refill while another handheld holds the log) still happens.
    refilled = {}  # a rebooted seat -> the most any live handheld had applied when it came back

    def someone_else_has_the_log(victim):
        return any(h.seat != victim and h.node.applied >= refilled.get(h.seat, 0)
                   for h in t.live())

    for at, who, off_ms in faults:
        victim = who % seats
        t.run(lambda: t.done() or (min(h.node.applied for h in t.live()) >= at and
                                   someone_else_has_the_log(victim)), 600_000)
        if t.done():
            break
        t.kill(victim)
        t.run(lambda: False, off_ms)
        refilled[victim] = max(h.node.applied for h in t.live())
        t.reboot(victim)
    assert t.run(t.done, 3_000_000)
    recs = t.records()
    assert all(r == recs[0] for r in recs)
    assert referee(recs[0])[1] == 0


@pytest.mark.parametrize("game", ["snyd", "yatzy"])
def test_a_gone_handhelds_seat_goes_to_a_bot(game):
    """A handheld dies for good mid-round: the table pauses naming it, the creator gives its seat
    to a bot on the creator's handheld; the gone seat forfeits what it still owed this round (its
    secrets are gone; test_table_sequencer.py) and the game finishes with identical records on
    the handhelds left."""
    t = Table(game=game, seats=4, loss=0.1, dup=0.05, reorder=0.1, seed=61)
    assert t.start_game() == 0
    assert t.run(lambda: min(h.node.applied for h in t.hands) >= 40, 600_000)
    t.kill(2)
    assert t.run(lambda: t.hands[0].node.missing == 1 << 2 and t.hands[1].node.paused(), 20_000)
    assert t.give_to_bot(2, host=0) == 0
    assert t.run(t.done, 1_800_000)
    recs = t.records()
    assert len(recs) == 3 and all(r == recs[0] for r in recs)
    assert referee(recs[0])[1] == 0
    # no pause stays (at 10 % loss a live handheld's heartbeats may be missed for a moment)
    assert t.run(lambda: not any(h.node.paused() for h in t.live()), 5_000)
    assert t.hands[0].app.hosted == 0b101


def test_every_refusal_has_words_in_both_languages():
    from dicecup.table import why
    keep = strings.lang()
    try:
        said = {}
        for lang in (0, 1):
            strings.set_lang(lang)
            for reason in why.TEXTS:
                # no race entry to name (lo=-1 is never logged): the reason's own words
                said[lang, reason] = why.explain(_NoLog(), reason, -1, _name)
        for reason in why.TEXTS:
            assert said[0, reason] and said[1, reason]
            assert said[0, reason] != said[1, reason], reason  # Danish is not the English
            assert _rows(said[0, reason]) <= 5 and _rows(said[1, reason]) <= 5  # one Message
    finally:
        strings.set_lang(keep)
    assert why.explain(_NoLog(), 99, -1, _name) in why.REFUSED  # an unknown reason


def _rows(text):
    from dicecup.ui import screen as ui
    return len(ui.wrap(text))


class _NoLog:
    tmp = None

    def entry(self, seq, f):
        return False


def _followers_behind(seed, k):
    """Four Nodes (test_tablelog's counting game), the sequencer k entries ahead of its three
    followers, whose heartbeats have said what they lack: (radio, apps, nodes, tick)."""
    from mpcheck import Rng
    from test_tablelog import Counter, Radio, _ask, _nodes
    radio = Radio(Rng(seed), jitter=5)
    apps = [Counter() for _ in range(4)]
    nodes = _nodes(radio, apps)
    leader = nodes[0]

    def tick(now):
        for n in nodes:
            n.tick(now)
    assert radio.run(4000, tick, lambda: all(n.leader == 0 for n in nodes) and leader.ready)
    radio.off.update((1, 2, 3))            # the followers hear nothing for a while
    for v in range(1, k + 1):
        assert radio.run(400, tick, lambda: not leader.pending(0))
        _ask(leader, 0, v, radio.now)
    assert radio.run(2000, tick, lambda: leader.applied >= nodes[1].applied + k)
    radio.run(400, tick)                   # their heartbeats say what they lack
    return radio, apps, nodes, tick


def test_a_sequencer_resends_to_one_handheld_a_loop():
    """Three followers that lacked the same entries were all served in one loop of the sequencer:
    each is the entries tagged anew, and together a long loop on the board (docs/memory.md,
    Device time, part 8). The sequencer serves one a loop; each still gets them, and the logs
    agree."""
    radio, apps, nodes, tick = _followers_behind(3, 3)
    leader = nodes[0]
    served = []
    real = leader._serve

    def serve(s, lo, hi, now):
        served.append(s)
        return real(s, lo, hi, now)
    leader._serve = serve
    for s in (1, 2, 3):                    # all three due at once
        leader._resend_at[s] = 0
    radio.off.clear()
    leader._resend(radio.now)
    assert len(served) == 1, served
    assert radio.run(6000, tick, lambda: all(a.vals == [1, 2, 3] for a in apps))
    assert {1, 2, 3} <= set(served)


def test_a_busy_loop_serves_one_entry_and_leaves_the_rest_to_the_next_loops():
    """A loop that has worked long already (Node.busy, the table's loop clock on the board) serves
    a NACK's first entry only: served beside a round's frames, a burst of entries (each tagged
    anew) made loops of 50-52 ms on the board (docs/memory.md, Device time, part 12). The rest go
    in the next loops, at least one a loop (dropped, a follower at 50 % loss with every loop busy
    lagged until it left an honest sequencer: attacks/busy_under_loss.py), and no resend starts
    before they are out; the logs agree."""
    radio, apps, nodes, tick = _followers_behind(5, 4)
    leader = nodes[0]
    radio.off.clear()
    leader.busy = lambda: True
    out = leader.frames_out
    lo = nodes[1].applied + 1
    leader._serve(1, lo, leader.applied, radio.now)
    assert leader.frames_out == out + 1    # a NACK's first entry; the rest wait
    for s in (1, 2, 3):
        leader._resend_at[s] = 0
    leader._resend(radio.now)
    assert leader.frames_out == out + 1    # no resend before they are out
    leader._tick_resend(radio.now)
    assert leader.frames_out == out + 1    # nothing more in the loop that served the first
    leader._clock += 20
    leader._tick_resend(radio.now)
    assert leader.frames_out == out + 2    # the next loop: one more, however busy
    leader.busy = lambda: False
    leader._tick_resend(radio.now)
    assert leader.frames_out == out + 4    # a loop with room: the rest (4 entries lacked)
    leader._tick_resend(radio.now)
    assert leader.frames_out == out + 4
    calls = [0]

    def busy():                            # every other entry finds the loop busy
        calls[0] += 1
        return calls[0] % 2 == 0
    leader.busy = busy
    assert radio.run(8000, tick, lambda: all(a.vals == [1, 2, 3, 4] for a in apps))


def test_a_seats_nacks_are_served_once_each_serve_ms_and_never_below_its_heartbeat():
    """A seated cheat that NACKed the last 8 entries every 5 ms had an honest sequencer tag entries
    for it until honest frames came too late: at 30 % loss the game never ended, an honest seat
    forfeited, the sequencer was deposed (attacks/busy_flood.py nack busy=off). A handheld's NACKs
    are served at most once each serve_ms (an honest one asks at most every nack_ms), and never
    for what its last heartbeat said it has; the logs still agree."""
    from dicecup.table import wire
    radio, apps, nodes, tick = _followers_behind(5, 4)
    leader = nodes[0]
    radio.off.clear()
    f = wire.Frame()
    f.type, f.seat, f.lo, f.hi = wire.T_NACK, 1, nodes[1].applied + 1, leader.applied
    assert leader._acked[1] == nodes[1].applied and leader.applied - nodes[1].applied == 4
    out, now = leader.frames_out, radio.now + 1000
    for k in range(10):                    # the cheat's: every 5 ms
        leader._rx_nack(f, now + 5 * k)
    assert leader.frames_out - out == 2 * 4    # at now and now + 25: 4 entries each
    out = leader.frames_out
    for k in range(4):                     # an honest follower's: every nack_ms
        leader._rx_nack(f, now + 100 + leader.nack_ms * k)
    assert leader.frames_out - out == 4 * 4
    leader._acked[1] = leader.applied      # its heartbeat says it has them all
    out = leader.frames_out
    leader._rx_nack(f, now + 1000)
    assert leader.frames_out == out
    leader._acked[1] = leader.applied - 1  # ... all but the last
    leader._rx_nack(f, now + 2000)
    assert leader.frames_out == out + 1
    assert radio.run(8000, tick, lambda: all(a.vals == [1, 2, 3, 4] for a in apps))
