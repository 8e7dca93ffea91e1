"""The sequencer's own entries, policed (issue 23, part 2), in-process (host_tools.tablebus).

The sequencer orders moves and nothing more: each test gives the sequencer's handheld modified
firmware that logs what honest firmware never would (a reseat of the same seating, of a seat that is
alive, a forfeit before the deadline, no forfeit for its own withheld contribution or reveal, a term
marched to the top, a term claimed out of turn) and shows that every honest follower checks it from
its own log and its own clock: it refuses what it cannot see for itself, stops following that
sequencer, and the game goes on with the cheat paying, by name, in the record.
"""
from dicecup.rules import snyd
from dicecup.table import snyd as snydtable
from dicecup.table import game as tablegame
from dicecup.table import log
from dicecup.table import wire
from dicecup.table import yatzy
from host_tools.tablebus import Table
from test_table_attacks import _withhold, drops, finished, frame, honest_agree, to_all


def force(lead, f, now):
    """Modified firmware on the sequencer: log f as the next entry without asking its own rules."""
    node = lead.node
    node.codec.sign_request(f, lead.seat, node.applied, node._everyone())
    node._store(node.applied + 1, node.term, f, now, 1)
    node._apply_ready(now)
    node._send_entry(log.BROADCAST, node.applied)


def never_forfeits_itself(h):
    """Modified firmware: the sequencer logs every overdue forfeit but its own seats'."""
    real = h.app.overdue

    def overdue(f):
        g = real(f)
        if g is None or not g.who & ~h.app.hosted:
            return None
        g.who &= ~h.app.hosted
        return g
    h.app.overdue = overdue


def seats_frame(t, hosts):
    f = wire.Frame()
    f.etype, f.flags, f.n, f.first = wire.T_SEATS, wire.SEATS_RESEAT, t.seats, 0
    f.rules[:] = snydtable.pack_rules(t.rules)
    for s in range(t.seats):
        f.kinds[s] = 1
        f.hosts[s] = hosts[s]
    return f


def bidding(t, who):
    return all(t.hands[i].app.phase == snydtable.P_BID and t.hands[i].app.game.in_round
               for i in who)


# ---- reseats and voids -----------------------------------------------------------------------------

def test_a_reseat_of_the_same_seating_voids_no_round():
    """Before, a SEATS entry with the reseat flag and the very same seating voided the round in
    progress (a sequencer about to lose a round threw it away, naming nobody; it could deal again
    until it liked its dice). Its own honest check refuses it, and every follower refuses it too:
    no handheld of the table is missing, so there is nothing to reseat."""
    t = Table(seats=3, seed=301)
    assert t.start_game() == 0
    assert t.run(lambda: bidding(t, range(3)), 60_000)
    lead = t.hands[0]
    assert lead.node.log_local(seats_frame(t, [0, 1, 2]), t.now) != 0  # honest firmware: never
    force(lead, seats_frame(t, [0, 1, 2]), t.now)
    t.run(lambda: False, 200)
    assert all(t.hands[i].app.voided == 0 for i in (1, 2))
    assert drops(t, log.D_INVALID, (1, 2)) == 2
    assert all(t.hands[i].node._bad & 1 for i in (1, 2))  # that sequencer is not followed any more
    t.kill(0)
    assert t.run(lambda: finished(t, (1, 2)), 3_600_000)
    honest_agree(t, (1, 2))


def test_a_seat_that_is_alive_is_not_reseated():
    """The sequencer gives seat 2, whose handheld is alive and playing, to a bot of its own (it
    would then know seat 2's moves and throw its round away). The followers hear handheld 2 all
    along: they refuse the reseat, and handheld 2 keeps its seat."""
    t = Table(seats=3, seed=302)
    assert t.start_game() == 0
    assert t.run(lambda: bidding(t, range(3)), 60_000)
    lead = t.hands[0]
    assert lead.node.log_local(seats_frame(t, [0, 1, 0]), t.now) != 0
    force(lead, seats_frame(t, [0, 1, 0]), t.now)
    t.run(lambda: False, 200)
    assert all(t.hands[i].app.hosts[2] == 2 for i in (1, 2))  # held: seat 2 might fall silent
    t.run(lambda: False, 3600)  # it does not: after the missing time the reseat is refused
    assert all(t.hands[i].app.hosts[2] == 2 and t.hands[i].app.voided == 0 for i in (1, 2))
    assert all(t.hands[i].node._bad & 1 for i in (1, 2))


def test_a_reseat_the_moment_a_handheld_falls_silent_is_held_not_disputed():
    """Seat 2's frames stop reaching the sequencer alone; it pauses and the creator gives seat 2
    to a bot at once, while handheld 1 heard handheld 2 a moment ago; then handheld 2 dies. Before,
    handheld 1 refused the reseat and stopped following the honest sequencer; the sequencer later
    judged its honest successor (whose clocks differed after the catch-up) and the two honest
    handhelds each led a term of its own for ever (CI's state machine example, seed 1473). Now
    handheld 1 holds the reseat until seat 2 is silent by its own clock too, and applies it."""
    t = Table(seats=3, seed=304)
    assert t.start_game() == 0
    assert t.run(lambda: bidding(t, range(3)), 60_000)
    a0, a2 = t.hands[0].addr, t.hands[2].addr
    send = t.bus.send

    def lossy(src, dest, data, now):  # handheld 2 -> handheld 0 is lost; everything else arrives
        if src != a2:
            return send(src, dest, data, now)
        for d in ([dest] if dest is not None else [d for d in t.bus.nodes if d != src]):
            if d != a0:
                send(src, d, data, now)
    t.bus.send = lossy
    assert t.run(lambda: t.hands[0].node.missing & 1 << 2, 20_000)
    assert t.give_to_bot(2, host=0) == 0
    t.kill(2)
    assert t.run(lambda: finished(t, (0, 1)), 3_600_000)
    assert t.hands[0].node._bad == 0 and t.hands[1].node._bad == 0
    assert all(t.hands[i].app.hosts[2] == 0 for i in (0, 1))
    honest_agree(t, (0, 1))


def test_a_reseat_of_a_gone_handheld_names_it_and_it_pays():
    """A handheld really gone mid-round: the reseat is taken, but the round is not thrown away
    naming nobody any more. The gone seat forfeits it (it loses a die, named on every screen), the
    others keep their dice and reveal."""
    t = Table(seats=3, seed=303, rules=snyd.Rules(dice=2))
    assert t.start_game() == 0
    assert t.run(lambda: bidding(t, range(3)), 60_000)
    rnd = t.hands[0].app.round
    t.kill(2)
    assert t.run(lambda: t.hands[0].node.missing == 1 << 2 and t.hands[1].node.paused(), 20_000)
    assert t.give_to_bot(2, host=0) == 0
    assert t.run(lambda: all(t.hands[i].app.round > rnd for i in (0, 1)), 60_000)
    assert all(t.hands[i].app.voided == 0 and t.hands[i].app.forfeits == 1 for i in (0, 1))
    assert t.run(lambda: finished(t, (0, 1)), 3_600_000)
    rec, out = honest_agree(t, (0, 1))
    assert out["rounds"][0]["call"] == "forfeit" and out["rounds"][0]["forfeits"] == [2]
    assert rec["rounds"][0]["dice"][2] is None  # its secret went with it
    assert all(d for s, d in enumerate(rec["rounds"][0]["dice"]) if s != 2)


# ---- forfeits: the sequencer's own, and early ones -------------------------------------------------

def test_a_sequencer_that_withholds_its_contribution_forfeits():
    """The sequencer never contributes its own r (it would wait for a better moment, or hold the
    table). Before, only the sequencer logs forfeits, so it never forfeited itself: the table
    waited for ever. Every follower runs the same deadline on its own clock: the sequencer that
    leaves its own overdue forfeit unlogged is not followed any more, and the next one logs it."""
    t = Table(seats=3, seed=304, rules=snyd.Rules(dice=2))
    _withhold(t.hands[0], wire.T_CONTRIB)
    never_forfeits_itself(t.hands[0])
    assert t.run_game(60_000 + 3 * tablegame.DEADLINE_MS) or True
    assert all(t.hands[i].node.leader == 1 for i in (1, 2))
    assert all(t.hands[i].app.forfeits >= 1 for i in (1, 2))
    assert t.run(lambda: finished(t, range(3)), 3_600_000)
    rec, out = honest_agree(t, range(3))
    first = out["rounds"][0]
    assert first["call"] == "forfeit" and first["forfeits"] == [0]


def test_a_sequencer_that_lies_about_its_open_die_forfeits():
    """The sequencer lays open a die it does not hold, and once the call comes it keeps its secret
    (its reveal would show the lie). Before, it neither revealed nor forfeited: the round hung.
    Now its overdue reveal is a forfeit logged by its successor, and the record names it."""
    rules = snyd.Rules(dice=3, open_die=True)
    t = Table(seats=3, seed=305, rules=rules)
    bad = t.hands[0]
    honest_decide = bad.decide

    def liar(game, seat):
        if bad.app.showing & (1 << seat):
            d = bad.app.mine[seat]
            return (wire.A_SHOW, 0, d[0] % 6 + 1)  # a value its die 0 does not show
        return honest_decide(game, seat)
    bad.decide = liar
    _withhold(bad, wire.T_REVEAL)
    never_forfeits_itself(bad)
    assert t.start_game() == 0
    assert t.run(lambda: all(t.hands[i].app.forfeits for i in (1, 2)), 180_000)
    for i in (1, 2):
        assert t.hands[i].node.leader == 1
        assert [0, "forfeit"] in t.hands[i].app.rec.record()["rounds"][-1]["actions"]
    assert all(t.hands[i].app.voided == 0 for i in range(3))


def test_a_sequencer_caught_in_an_open_die_lie_cannot_void_the_round():
    """The sequencer lays open a die it does not hold; the call comes, and before the reveal would
    show its lie it reseats the same seating, which used to void the round ("Round void", naming
    nobody, its die kept). The followers refuse the reseat and leave it; the round goes on under
    the next sequencer, and the liar, which never reveals, forfeits it by name."""
    t = Table(seats=3, seed=310, rules=snyd.Rules(dice=3, open_die=True))
    bad = t.hands[0]
    honest_decide = bad.decide

    def liar(game, seat):
        if bad.app.showing & (1 << seat):
            return (wire.A_SHOW, 0, bad.app.mine[seat][0] % 6 + 1)
        return honest_decide(game, seat)
    bad.decide = liar
    _withhold(bad, wire.T_REVEAL)
    assert t.start_game() == 0
    assert t.run(lambda: bad.app.phase == snydtable.P_REVEAL, 120_000)
    rnd = bad.app.round
    force(bad, seats_frame(t, [0, 1, 2]), t.now)
    t.kill(0)
    assert t.run(lambda: all(t.hands[i].app.round > rnd for i in (1, 2)), 120_000)
    assert all(t.hands[i].app.voided == 0 and t.hands[i].node._bad & 1 for i in (1, 2))
    assert t.run(lambda: finished(t, (1, 2)), 3_600_000)
    rec, out = honest_agree(t, (1, 2))
    assert out["rounds"][0]["call"] == "forfeit" and out["rounds"][0]["forfeits"] == [0]
    assert [0, "forfeit"] in rec["rounds"][0]["actions"]


def test_a_sequencer_that_never_moves_loses_the_role_and_its_seat_goes_to_a_bot():
    """The sequencer's own seat is to bid and never does (its firmware holds the table: it would
    lose the round). Before, only the sequencer pauses the table and gives a stalled seat to a bot,
    never its own: the game waited for ever. Now every follower runs the same wait on its own clock
    for the sequencer's seat; past it, the next seat takes over, pauses the table naming handheld
    0, and gives its seat to a bot (the stalled handheld itself agrees: its person never moved)."""
    t = Table(seats=3, seed=311)
    honest = t.hands[0].decide
    t.hands[0].decide = lambda game, seat: None if game.on_turn == seat else honest(game, seat)
    assert t.start_game() == 0
    assert t.run(lambda: all(t.hands[i].node.leader == 1 and t.hands[i].node.missing == 1
                             for i in (1, 2)), 2 * tablegame.MOVE_MS)
    assert t.run(lambda: t.give_to_bot(0, host=1) == 0, 30_000)
    assert t.run(lambda: finished(t, range(3)), 3_600_000)
    honest_agree(t, range(3))
    assert all(h.app.hosts[0] == 1 for h in t.hands)


def test_a_forfeit_past_half_the_deadline_is_still_early():
    """The sequencer names a seat late 20 s into the 30 s it has to lay its die open (its person is
    still choosing). Before, a follower took any forfeit past half the deadline on its own clock.
    Now it applies one only when its own clock says the deadline (less a margin for loss) is past,
    and the seat's open die, heard in time, makes the forfeit the sequencer's lie."""
    rules = snyd.Rules(dice=3, open_die=True)
    t = Table(seats=3, seed=306, rules=rules)
    slow = t.hands[2]
    quick = slow.decide
    started = {}

    def thinking(game, seat):  # seat 2's person takes 22 s to choose its open die
        if slow.app.showing & (1 << seat):
            at = started.setdefault(slow.app.round, t.now)
            if t.now - at < 22_000:
                return None
        return quick(game, seat)
    slow.decide = thinking
    assert t.start_game() == 0
    assert t.run(lambda: t.hands[1].app.showing == 1 << 2 and t.hands[0].app.showing == 1 << 2,
                 60_000)
    lead = t.hands[0]
    t.run(lambda: False, 20_000 - (t.now - lead.app.phase_at))
    f = wire.Frame()
    f.etype, f.round, f.who, f.kind = wire.T_FORFEIT, lead.app.round, 1 << 2, wire.F_LATE
    force(lead, f, t.now)
    assert lead.app.forfeited == 1 << 2  # the sequencer's own copy took it
    t.run(lambda: slow.app.want(2), 15_000)  # its person looks again every step
    assert all(t.hands[i].app.forfeits == 0 and t.hands[i].app.forfeited == 0 for i in (1, 2))
    assert all(t.hands[i].node._bad & 1 for i in (1, 2))


# ---- terms -------------------------------------------------------------------------------------

def test_a_sequencer_cannot_march_its_term_to_the_top():
    """Before, a sequencer could raise its own term up to 8 takeovers a frame ("I rebooted") until
    nobody could take over past the top, then go silent: the table was wedged for good. Now its
    own new term is followed one step at a time, and not more often than a reboot could need."""
    t = Table(seats=3, seed=307)
    assert t.start_game() == 0
    t.run(lambda: False, 2000)
    bad = t.hands[0]
    term = bad.node.term
    for k in range(1100):
        term = min(term + (8 << 3), 0xFFF8)
        hb = frame(bad, t, type=wire.T_ACK, ack=bad.node.applied, term=term)
        bad.node.term = term
        to_all(t, bad, bad.codec.encode(hb))
        t.now += 5
    assert all(t.hands[i].node.term < 0x100 for i in (1, 2))
    t.kill(0)
    assert t.run(lambda: t.hands[1].node.is_leader() and t.hands[1].node.ready, 30_000)
    assert t.hands[2].node.leader == 1


def test_a_term_claimed_out_of_turn_is_refused():
    """The sequencer dies. The seat entitled to take over is the next one clockwise that is alive
    (handheld 1); handheld 3 claims the new term first, and two takeovers ahead. Before, handheld 2
    followed whoever claimed first. Now it follows only the seat whose turn it is, one term up."""
    t = Table(seats=4, seed=308)
    assert t.start_game() == 0
    t.run(lambda: False, 2000)
    t.hands[1].node.missing_ms = 10 ** 9  # slow to notice: the usurper gets in first
    t.kill(0)
    t.run(lambda: not t.hands[2].node.alive(0, t.now), 10_000)
    bad = t.hands[3]
    for term in ((1 << 3) | 3, (3 << 3) | 3):
        hb = frame(bad, t, type=wire.T_ACK, ack=bad.node.applied, term=term)
        t.hands[2].receive(bytes(bad.codec.encode(hb)), t.now)
        assert t.hands[2].node.leader == 0
    assert drops(t, log.D_SEIZE, (2,)) >= 2
    t.hands[1].node.missing_ms = log.Node.missing_ms
    assert t.run(lambda: t.hands[2].node.leader == 1 and t.hands[1].node.ready, 30_000)
    assert t.hands[2].node.term == (1 << 3) | 1


def test_a_yatzy_reseat_voids_no_turn_and_the_gone_seat_pays():
    """Yatzy: a handheld goes while the others roll. Before, its reseat voided the turn in
    progress (a new round, every chain anew) and the bot rolled its turn. Now the turn in progress
    goes on, and the gone seat's turn of this round, its secret lost, is a forfeit turn at once."""
    t = Table(game="yatzy", seats=3, seed=309)
    assert t.start_game() == 0
    assert t.run(lambda: all(h.app.phase == 4 and h.app.roller() == 0 and h.app.round > 1
                             for h in t.hands), 600_000)
    before = len([tr for tr in t.hands[0].app.rec.record()["turns"] if tr["p"] == 2])
    t.kill(2)
    assert t.run(lambda: t.hands[0].node.missing == 1 << 2 and t.hands[1].node.paused(), 20_000)
    assert t.give_to_bot(2, host=0) == 0
    gone_at = t.now
    assert t.run(lambda: len([tr for tr in t.hands[1].app.rec.record()["turns"]
                              if tr["p"] == 2]) > before, 60_000)
    assert t.now - gone_at < tablegame.DEADLINE_MS  # not a deadline's forfeit: the reseat's
    turns = [tr for tr in t.hands[1].app.rec.record()["turns"] if tr["p"] == 2]
    assert turns[before].get("forfeit")
    assert t.run(lambda: finished(t, (0, 1)), 3_600_000)
    honest_agree(t, (0, 1))


def test_a_yatzy_shaker_gone_mid_hold_is_replaced_by_the_next_shaker():
    """The handheld that owes a shake for a hold in progress goes. Its seat's chain went with
    it: the next seat played from another handheld shakes instead (its deadline from then), the
    turn goes on, and the gone seat's own turn of the round is a forfeit turn."""
    t = Table(game="yatzy", seats=3, seed=401)
    assert t.start_game() == 0
    assert t.run(lambda: all(h.app.shaking >= 0 and h.app.shaker() == 2 for h in t.hands), 600_000)
    t.kill(2)
    assert t.run(lambda: t.hands[0].node.missing == 1 << 2, 20_000)
    assert t.give_to_bot(2, host=0) == 0
    a = t.hands[0].app  # the hold in progress, if any, is shaken from a handheld still here
    assert a.shaking < 0 or a.shaker() in (0, 1)
    assert t.run(lambda: finished(t, (0, 1)), 3_600_000)
    rec, out = honest_agree(t, (0, 1))
    assert [tr["p"] for tr in rec["turns"] if tr.get("forfeit")] == [2]


def test_a_yatzy_roller_reseated_while_it_owes_its_value_forfeits_the_turn():
    """The roller's handheld goes after the shake, while the roller owes its own chain value. The
    reseat drops the seat's chain (it went with the handheld), yet the hold still waited for the
    roller's value: the bot on its new handheld offered one nobody could check, refused every tick,
    and the table waited on it for ever (found by the byzantine-seat state machine, seed 613).
    Now the turn is a forfeit turn at the reseat, as for a roller that withheld its value: its
    handheld knew the re-roll, and leaving must not buy another one."""
    t = Table(game="yatzy", seats=3, seed=613)
    gone = t.hands[2]
    real = gone.app._play_request

    def thinks(f, s, ph, node, decide, rand, app=gone.app):
        if app.shaking >= 0 and app.stage > 0 and s == 2:
            return False  # the roller thinks a while before it sends its value
        return real(f, s, ph, node, decide, rand)
    gone.app._play_request = thinks
    assert t.start_game() == 0
    a = t.hands[0].app
    assert t.run(lambda: a.roller() == 2 and a.shaking >= 0 and a.stage > 0, 120_000)
    t.kill(2)
    assert t.run(lambda: t.hands[0].node.missing == 1 << 2, 20_000)
    assert t.give_to_bot(2, host=0) == 0
    turns = a.rec.record()["turns"]
    assert turns[-1]["p"] == 2 and turns[-1].get("forfeit")  # the turn in progress, at once
    assert t.run(lambda: finished(t, (0, 1)), 3_600_000)
    rec, out = honest_agree(t, (0, 1))
    assert {tr["p"] for tr in rec["turns"] if tr.get("forfeit")} == {2}  # (and its next turn:
    # its secret for it went with its handheld, as for any reseat)


def test_a_sequencer_whose_own_request_is_refused_keeps_its_heartbeat():
    """A request of the sequencer's own seats goes on no air, yet it put the sequencer's heartbeat
    off as a follower's request to everyone does: a bot of its own whose request the rules refused
    every tick (the seed-613 roller above) kept an honest sequencer silent, a follower took over,
    and the table split in two terms for good."""
    t = Table(seats=3, seed=5)
    assert t.start_game() == 0
    lead = t.hands[0]
    assert t.run(lambda: bidding(t, range(3)), 30_000)
    real = lead.app.poll

    def poll(node, now, decide, rand):
        f = wire.Frame()
        f.etype, f.who, f.round = wire.T_REVEAL, 0, 0xFF  # refused by the rules, every tick
        node.submit(f, now)
        return real(node, now, decide, rand)
    lead.app.poll = poll
    t.run(lambda: False, 15_000)
    assert all(h.node.leader == 0 and h.node.term == 0 for h in t.hands)
