"""Every handheld of a table restarts at once (a room's power strip, a reload of the web page): the
game comes back from what each handheld kept on flash (tablekeep) and the boot election
(log.Node._boot_elect), with nobody alive to catch up from.

In the simulator with the real firmware (`--reboot-all 2` at 30 % loss, Snyd and Yatzy: the records
agree and the referee, `python -m host_tools.replay`, accepts them), and in the in-process harness
(host_tools.tablebus) for the election's cases: the old sequencer back with the others, or gone for
good (the next seat clockwise that is alive takes over; its seat then goes to a bot)."""
import heapq
import json
import os
import subprocess
import sys

import pytest

from host_tools.paths import ROOT
from host_tools.replay import referee
from host_tools.tablebus import Table
from dicecup.rules import snyd
from dicecup.table import keep as tablekeep
from dicecup.table import snyd as snydtable
from dicecup.table import log
from dicecup.table import wire


def cli(tmp_path, game, seed, *args):
    out = str(tmp_path / "rec")
    r = subprocess.run([sys.executable, "-m", "host_tools.sim", "--headless", "--autoplay", "--quiet",
                        "--handhelds", "2", "--game", game, "--games", "1", "--loss", "0.3",
                        "--seed", str(seed), "--records", out, "--seconds", "600"] + list(args),
                       capture_output=True, text=True, cwd=ROOT, timeout=600)
    return r, out


@pytest.mark.parametrize("game,seed", [("snyd", 1), ("yatzy", 1)])
def test_reboot_all_in_the_simulator(tmp_path, game, seed):
    """Both handhelds of a 2-seat table restart together twice in the game, at 30 % loss: the game
    finishes, both hold the same record, and the referee accepts it."""
    r, out = cli(tmp_path, game, seed, "--reboot-all", "2")
    assert r.returncode == 0, r.stdout + r.stderr[-3000:]
    said = [ln for ln in r.stdout.splitlines() if ln.startswith("every handheld restarted at once")]
    assert said and len(said[0].split("t=")[1].split(",")) == 2, r.stdout
    bodies = set()
    for i in (1, 2):
        d = os.path.join(out, "handheld%d" % i)
        names = sorted(os.listdir(d))
        assert len(names) == 1, names
        path = os.path.join(d, names[0])
        with open(path) as f:
            doc = json.load(f)
        bodies.add(json.dumps({k: v for k, v in doc.items() if k != "meta"}, sort_keys=True))
        rr = subprocess.run([sys.executable, "-m", "host_tools.replay", path], capture_output=True,
                            text=True, cwd=ROOT, timeout=120)
        assert rr.returncode == 0, rr.stdout + rr.stderr
    assert len(bodies) == 1


def test_reboot_all_is_reproducible(tmp_path):
    """The same --seed: the restarts at the same moments, the same record."""
    got = []
    for k in range(2):
        r, out = cli(tmp_path / str(k), "snyd", 3, "--reboot-all", "1")
        assert r.returncode == 0, r.stdout + r.stderr[-3000:]
        d = os.path.join(out, "handheld1")
        with open(os.path.join(d, sorted(os.listdir(d))[0])) as f:
            got.append((f.read(), [ln for ln in r.stdout.splitlines() if "restarted" in ln]))
    assert got[0] == got[1]


class Kept:
    """Each handheld's tlog.bin, saved after every step as table.Table.tick does."""

    def __init__(self, t, tmp_path):
        self.t = t
        self.keep = [tablekeep.Keeper(str(tmp_path / ("tlog%d.bin" % s))) for s in range(t.seats)]

    def save(self):
        for h in self.t.live():
            self.keep[h.seat].save(h.node, self.t.table_id)

    def step(self):
        self.t.step()
        self.save()

    def run(self, until, limit_ms):
        end = self.t.now + limit_ms
        while self.t.now < end:
            if until():
                return True
            self.step()
        return until()

    def reboot_all(self, stay_off=()):
        """Every handheld off at the same moment; each comes back with its flash (its secrets and
        its tlog.bin), but those in stay_off."""
        t = self.t
        for h in t.hands:
            t.kill(h.seat)
        t.bus.q = []  # frames in flight reach nobody
        for s in range(t.seats):
            if s in stay_off:
                continue
            t.reboot(s)
            self.keep[s].applied = -1
            assert self.keep[s].load(t.hands[s].node, t.table_id)


@pytest.mark.parametrize("game,seats,gone", [
    ("snyd", 3, ()),       # the old sequencer back with the others: it leads again
    ("yatzy", 3, ()),
    ("snyd", 4, (0,)),     # the old sequencer gone for good: the next seat alive takes over
    ("yatzy", 3, (0,)),
])
def test_boot_election(tmp_path, game, seats, gone):
    t = Table(game=game, seats=seats, loss=0.3, dup=0.05, reorder=0.1, seed=23,
              rules=snyd.Rules(dice=3))
    k = Kept(t, tmp_path)
    assert t.start_game() == 0
    for at in (15, 35):  # twice, at different points of the game
        assert k.run(lambda: min(h.node.applied for h in t.live()) >= at, 600_000)
        k.reboot_all(stay_off=gone if at == 35 else ())
    want = min(s for s in range(seats) if s not in gone)
    assert k.run(lambda: all(h.node.leader == want for h in t.live()) and
                 t.hands[want].node.ready, 30_000), [
        (h.seat, h.node.leader, h.node.term, h.node.applied) for h in t.live()]
    if gone:
        assert k.run(lambda: t.hands[want].node.missing == 1, 20_000)
        assert t.give_to_bot(0, host=want) == 0
    assert k.run(t.done, 1_800_000)
    assert t.hands[want].app.round > 1  # the game went on after the restarts
    recs = t.records()
    assert len(recs) == seats - len(gone) and all(r == recs[0] for r in recs)
    assert referee(recs[0])[1] == 0
    # (a follower's copy of the pause clears with the sequencer's next heartbeat: loss delays it)
    assert k.run(lambda: not any(h.node.paused() for h in t.live()), 10_000)


def test_a_kept_state_half_written_or_of_another_table_is_not_taken(tmp_path):
    """tlog.bin is taken only whole (its digest), for its own table; a power cut during a write
    leaves the previous copy, or the complete .tmp, which is taken instead."""
    t = Table(seats=2, seed=4, rules=snyd.Rules(dice=2))
    path = str(tmp_path / "tlog.bin")
    keep = tablekeep.Keeper(path)
    assert t.start_game() == 0
    assert t.run(lambda: t.hands[0].node.applied >= 12, 600_000)
    n0 = t.hands[0].node
    assert keep.save(n0, t.table_id)
    assert not keep.save(n0, t.table_id)  # nothing changed: no write
    had = (n0.applied, n0.term, bytes(n0.chain), n0.members, bytes(n0.hosts), t.hands[0].app.round,
           t.hands[0].app.phase)
    whole = open(path, "rb").read()

    def loads(data, tid=t.table_id, name=path):
        for p in (path, path + ".tmp"):
            if os.path.exists(p):
                os.remove(p)
        with open(name, "wb") as f:
            f.write(data)
        t.reboot(0)
        return tablekeep.Keeper(path).load(t.hands[0].node, tid)

    assert loads(whole)
    n = t.hands[0].node
    assert (n.applied, n.term, bytes(n.chain), n.members, bytes(n.hosts), t.hands[0].app.round,
            t.hands[0].app.phase) == had
    assert loads(whole, name=path + ".tmp")          # the rename never happened: the .tmp is whole
    assert not loads(whole[:len(whole) // 2])        # cut halfway through the write
    assert not loads(whole[:-1] + bytes((whole[-1] ^ 1,)))
    flipped = bytearray(whole)
    flipped[40] ^= 0x10
    assert not loads(bytes(flipped))
    assert not loads(whole, tid=t.table_id ^ 2)      # another table's
    assert t.hands[0].node.applied == 0


def test_a_reseat_of_a_seat_that_contributed_lets_the_round_begin(tmp_path):
    """A seat whose handheld is gone after it contributed, given to a bot while another seat still
    owes its contribution: the moved seat forfeits the round, and once the last seat contributes the
    round is seeded (the old code compared the contributions with the part exactly, and the gone
    seat's contribution, no longer in the part, kept the round in the contribution phase for good:
    what a restart of every handheld with the old sequencer gone for good ran into)."""
    from dicecup.table import game as tablegame
    t = Table(seats=4, seed=7, rules=snyd.Rules(dice=2))
    held = t.hands[1].app
    poll = held.poll
    slow = [True]
    held.poll = lambda *a: None if slow[0] and held.phase == tablegame.P_CONTRIB else poll(*a)
    assert t.start_game() == 0
    a0 = t.hands[0].app
    assert t.run(lambda: a0.phase == tablegame.P_CONTRIB and a0.contributed & 8 and
                 all(h.app.contributed & 8 for h in t.hands), 60_000)
    t.kill(3)
    assert t.run(lambda: t.hands[0].node.missing & 8, 20_000)
    assert t.give_to_bot(3, host=0) == 0
    assert t.run(lambda: all(h.app.forfeited & 8 for h in t.live()), 20_000)
    assert not held.contributed & 2  # seat 1 still owes its contribution
    slow[0] = False  # seat 1 contributes at last
    assert t.run(lambda: all(h.app.phase > tablegame.P_CONTRIB for h in t.live()), 60_000), [
        (h.seat, h.app.phase, h.app.part, h.app.contributed) for h in t.live()]
    assert t.run(t.done, 1_800_000)
    recs = t.records()
    assert all(r == recs[0] for r in recs) and referee(recs[0])[1] == 0


@pytest.mark.parametrize("up", [5, 1])
def test_a_cheat_claiming_a_higher_kept_term_gains_nothing(tmp_path, up):
    """The whole table restarts; seat 2's firmware says in its heartbeats that it kept a term `up`
    takeovers above everyone's, in which it was the sequencer, to be the seat the boot rule
    entitles. Five takeovers up it is not believed (no honest kept term is more than one takeover
    from another's): seat 0, entitled after the honest kept term, leads one step up, and no honest
    handheld ever follows seat 2. One takeover up it is believed and leads, one step above its
    claim: the role orders moves and nothing more, and the term has moved two steps, not further.
    Either way the game finishes with the same record everywhere and the referee accepts it."""
    t = Table(game="snyd", seats=3, seed=5, rules=snyd.Rules(dice=2))
    k = Kept(t, tmp_path)
    assert t.start_game() == 0
    assert k.run(lambda: min(h.node.applied for h in t.live()) >= 12, 600_000)
    kept = max(h.node.term for h in t.live())
    k.reboot_all()
    cheat = t.hands[2].node
    cheat.term = cheat._btop = (((kept >> 3) + up) << 3) | 2
    followed = set()
    terms = set()

    def elected():
        for h in t.live()[:2]:
            followed.add(h.node.leader)
            terms.add(h.node.term)
        return all(h.node.leader >= 0 and h.node.ready for h in t.live() if h.node.is_leader()) \
            and len({h.node.leader for h in t.live()}) == 1 and t.live()[0].node.leader >= 0
    assert k.run(elected, 30_000), [(h.seat, h.node.leader, h.node.term) for h in t.live()]
    if up > 1:
        assert 2 not in followed
        assert t.hands[0].node.term == (((kept >> 3) + 1) << 3) | 0
        assert t.hands[0].node.dropped[log.D_SEIZE]  # the cheat's claim, refused
    else:
        assert t.hands[0].node.leader == 2
        assert max(terms) == (((kept >> 3) + 2) << 3) | 2
    assert k.run(t.done, 1_800_000)
    recs = t.records()
    assert len(recs) == 3 and all(r == recs[0] for r in recs) and referee(recs[0])[1] == 0


def test_an_altered_secret_refuses_the_kept_state_and_is_named_the_cheat(tmp_path):
    """Bo edits the secret of the round being bid in its flash and restarts (alone): its kept
    state holds the commitment of the true secret, so it refuses it (a restored state must keep a
    handheld's own secrets as its flash holds them), catches up from the table's entries from the
    first, and its reveal names it the cheat on every handheld (the old restore, refusing, left
    the refused state's round counter: replaying from the first entry it counted rounds from
    there, refused the table's entries and stopped following its sequencer)."""
    from dicecup.rules import fairdice
    t = Table(game="snyd", seats=3, seed=11, rules=snyd.Rules(dice=2))
    k = Kept(t, tmp_path)
    assert t.start_game() == 0
    assert k.run(lambda: all(h.app.phase == snydtable.P_BID for h in t.live()), 60_000)
    b = t.flash[1][1]
    half = len(b) // 2
    draws = [fairdice.Draw.from_bytes(p) for p in (b[:half], b[half:])]
    rnd = max(d.round for d in draws)
    for d in draws:
        if d.round == rnd:
            d.s = bytes((d.s[0] ^ 1,)) + d.s[1:]
    t.flash[1][1] = b"".join(d.to_bytes() for d in draws)
    t.kill(1)
    t.reboot(1)
    assert not k.keep[1].load(t.hands[1].node, t.table_id)
    assert k.run(lambda: all(h.app.cheats & 2 for h in t.live()), 60_000), [
        (h.seat, h.node.leader, h.node.applied, h.app.round) for h in t.live()]
    assert all(h.node.leader == 0 for h in t.live())
    assert k.run(t.done, 1_800_000)
    recs = t.records()
    assert all(r == recs[0] for r in recs) and referee(recs[0])[1] == 0


@pytest.mark.parametrize("game", ["snyd", "yatzy"])
def test_the_sequencer_further_along_than_everyone_serves_its_kept_entries(tmp_path, game):
    """The whole table restarts while the sequencer has applied entries no other handheld has
    (it applies each as it logs it). It leads again, and the others need those entries: a snapshot
    of a state only it reached would find no second handheld to vouch for it, so it serves them
    as entries from the tail of the log it kept (the old kept state held no entries: the others
    never caught up, and the game stopped)."""
    t = Table(game=game, seats=3, loss=0.3, seed=4, rules=snyd.Rules(dice=2))
    k = Kept(t, tmp_path)
    assert t.start_game() == 0
    lead = t.hands[0].node
    assert k.run(lambda: lead.applied >= 20 and
                 all(h.node.applied < lead.applied for h in t.hands[1:]), 600_000)
    k.reboot_all()
    assert k.run(lambda: min(h.node.applied for h in t.live()) > 25, 60_000), [
        (h.seat, h.node.leader, h.node.applied) for h in t.live()]
    assert k.run(t.done, 1_800_000)
    recs = t.records()
    assert all(r == recs[0] for r in recs) and referee(recs[0])[1] == 0


def cut(t, drop):
    """The radio loses every frame for which drop(sender, receiver, frame type) is true."""
    bus = t.bus

    def deliver(now):
        while bus.q and bus.q[0][0] <= now:
            _, _, d, data = heapq.heappop(bus.q)
            h = bus.nodes.get(d)
            if h is not None and not h.dead and not drop(data[7], d - t.offset, data[2]):
                h.receive(data, now)
    bus.deliver = deliver


def test_a_handheld_whose_own_entry_the_table_left_takes_the_new_sequencers_state(tmp_path):
    """The table of two restarts while Anna (the sequencer) kept her log one bid short of Bo's
    (her flash was written less lately). She comes back alone, leads term 8 and logs her own bid
    at the place where Bo holds her old one (term 0); Bo, alone too, leads term 17 and sends her
    the next entry, logged in term 0 on top of the other bid. She once dropped it as stale (terms
    never go down along a log) and asked for it again, for ever: she never learnt that her own
    entry was the fork (tests/test_table_reboot.py's seed 3 in the simulator, at one commit).
    Now an entry of its sequencer's newer term that cannot follow her log makes her ask for its
    state, as any fork with it does; the game finishes, the same record on both."""
    t = Table(seats=2, seed=3, rules=snyd.Rules(dice=2))
    k = Kept(t, tmp_path)
    assert t.start_game() == 0
    a, b = t.hands
    poll = a.app.poll  # Anna's bid waits until both hold the entry before it
    a.app.poll = lambda *x: None if a.node.applied >= 12 and a.app.waits_on() == 0 else poll(*x)
    assert k.run(lambda: a.node.applied >= 12 and a.app.waits_on() == 0 and
                 b.node.applied == a.node.applied, 600_000)
    at = a.node.applied
    k.save()
    k.save = lambda: k.keep[1].save(t.hands[1].node, t.table_id)  # Anna's flash stays at `at`
    a.app.poll = poll
    assert k.run(lambda: b.node.applied >= at + 2, 60_000)  # her bid, then Bo's, both term 0
    k.reboot_all()
    k.save = lambda: None
    a, b = t.hands
    assert (a.node.applied, b.node.applied) == (at, at + 2)
    heard = {"ab": False, "ba": False, "entries": False}  # Anna -> Bo, Bo -> Anna, her entries

    def lost(src, dst, typ):
        if src == 0:
            return not heard["ab"] or not heard["entries"] and typ in (wire.T_ENTRY, wire.T_SNAP)
        return not heard["ba"]
    cut(t, lost)
    # alone, Anna leads term 8 and logs her own bid again, another entry at + 1
    assert k.run(lambda: a.node.is_leader() and a.node.applied == at + 1, 30_000)
    assert a.node.term == 8 and a.node._last_term == 8
    # Bo hears her heartbeats (not her entries) and follows her term; then nothing of her: he
    # takes over, one term up, with the log he kept
    heard["ab"] = True
    assert k.run(lambda: b.node.leader == 0 and b.node.term == 8, 10_000)
    heard["ab"] = False
    assert k.run(lambda: b.node.is_leader(), 10_000)
    assert b.node.term == 17 and b.node.applied >= at + 2
    f = wire.Frame()
    assert b.node.entry(at + 2, f) and f.eterm == 0  # Bo's next entry for her: of term 0
    heard.update(ab=True, ba=True, entries=True)
    assert k.run(lambda: a.node.leader == 1, 10_000)
    assert a.node.applied == at + 1 and a.node._last_term == 8
    # she takes Bo's state (a table of two: on his word, which she asked for) and plays on
    assert k.run(lambda: a.node.applied >= at + 2, 15_000), (
        a.node.applied, b.node.applied, a.node.dropped[log.D_STALE], a.node.dropped[log.D_CONFLICT])
    assert a.node.dropped[log.D_CONFLICT] >= 1
    assert k.run(t.done, 1_800_000)
    recs = t.records()
    assert all(r == recs[0] for r in recs) and referee(recs[0])[1] == 0
