"""The table protocol in the in-process harness (host_tools.tablebus): radio frames and bytes per
Snyd round for 2, 4 and 8 handhelds next to the minimum the protocol needs, and the latency from a
move being made to every handheld having applied it, at 0 and 30 percent loss (1 ms steps, a
1 Mbit/s shared channel with per-frame overhead: tablebus.AIRTIME_*), and how long a reveal waits
for every handheld to show the log that asked for it (log.Node.agreed: Snyd after the call,
Yatzy at the turn)."""
import statistics

import benchlib
from dicecup.table import wire
from host_tools.tablebus import Table

GAMES = 3


def sizes(n):
    """(entry bytes, request bytes) of a frame of type t at a table of n handhelds, as the trust
    model makes them: an entry is broadcast, tagged for the n - 1 others, and carries the
    requester's n tags; a request goes to the sequencer alone (one tag) with the same n tags."""
    def entry(t):
        return wire.frame_len(wire.T_ENTRY, t, 0, n - 1, n)

    def request(t):
        return wire.frame_len(t, 0, 0, 1, n)
    return entry, request


def minimum(rec, sequencer=0):
    """Frames and bytes the protocol cannot do without, over a game: per round each taking-part
    seat sends its contribution and its reveal (which carries the next round's commitments), and
    every bid and call is one request; whatever the sequencer's own seat did not send also needs
    its log entry broadcast. The first round adds a commitment per seat, the game its SEATS entry.
    Heartbeats, repeats, resends and NACKs are the overhead on top."""
    entry, request = sizes(rec["seats"])
    frames = 1
    nbytes = entry(wire.T_SEATS)

    def event(t, seat):
        nonlocal frames, nbytes
        frames += 1
        nbytes += entry(t)
        if seat != sequencer:
            frames += 1
            nbytes += request(t)

    for r, rd in enumerate(rec["rounds"]):
        for s, d in enumerate(rd["dice"]):
            if d:
                if r == 0:
                    event(wire.T_COMMIT, s)
                event(wire.T_CONTRIB, s)
                event(wire.T_REVEAL, s)
        for a in rd["actions"]:
            event(wire.T_ACTION, a[0])
    return frames, nbytes


def play(seats, loss, seed, step_ms):
    t = Table(seats=seats, loss=loss, dup=0.05 if loss else 0, reorder=0.1 if loss else 0,
              seed=seed, step_ms=step_ms)
    made = {}      # (round, who, kind, count, face) -> time the move was handed to the Node
    applied = {}   # same key -> [time applied on each handheld]
    for h in t.hands:
        node, app = h.node, h.app
        submit, apply = node.submit, app.apply

        def sub(f, now, submit=submit):
            if f.etype == wire.T_ACTION:
                made.setdefault((f.round, f.who, f.kind, f.count, f.face), now)
            return submit(f, now)

        def app_apply(f, seq, apply=apply, h=h):
            if f.etype == wire.T_ACTION:
                applied.setdefault((f.round, f.who, f.kind, f.count, f.face), []).append(t.now)
            return apply(f, seq)

        node.submit, app.apply = sub, app_apply
    assert t.run_game(), "game did not finish"
    rec = t.records()[0]
    lat = [max(ts) - made[k] for k, ts in applied.items() if k in made and len(ts) == seats]
    rounds = len(rec["rounds"])
    frames = len(t.bus.log)
    nbytes = sum(len(x[3]) for x in t.bus.log)
    mf, mb = minimum(rec)
    return rounds, frames, nbytes, mf, mb, lat


def gate_wait(seats, loss, seed, game="snyd"):
    """Per reveal: the time from its handheld applying the entry that asked for it (the app's
    gate_seq) to the reveal request leaving, in ms (the gate's whole cost: without it, 0)."""
    t = Table(seats=seats, loss=loss, dup=0.05 if loss else 0, reorder=0.1 if loss else 0,
              seed=seed, game=game)
    due = {}
    waits = []
    for h in t.hands:
        node, app = h.node, h.app
        submit, apply = node.submit, app.apply

        def sub(f, now, submit=submit, h=h):
            if f.etype == wire.T_REVEAL and h.seat in due:
                waits.append(now - due.pop(h.seat))
            return submit(f, now)

        def app_apply(f, seq, apply=apply, h=h):
            r = apply(f, seq)
            if h.app.gate_seq == seq:
                due[h.seat] = t.now
            return r

        node.submit, app.apply = sub, app_apply
    assert t.run_game(), "game did not finish"
    return waits


def idle_rate(seats, seconds=20):
    """Frames per second while everyone thinks (nobody moves): heartbeats only."""
    t = Table(seats=seats, seed=7)
    for h in t.hands:
        h.decide = lambda game, seat: None
    assert t.start_game() == 0
    assert t.run(lambda: all(h.app.phase == 3 for h in t.hands), 60_000)
    n0 = len(t.bus.log)
    t.run(lambda: False, seconds * 1000)
    return (len(t.bus.log) - n0) / seconds


def yatzy_turns(seats, loss, seed):
    """Frames and bytes per Yatzy turn, next to the minimum: per round each seat's commitment (then
    carried by its reveal) and contribution; per turn the reveal, each hold and the box, and per
    re-roll two shakes (another seat's, then the roller's own); each request not made by the
    sequencer's seat also needs its entry broadcast."""
    t = Table(game="yatzy", seats=seats, loss=loss, dup=0.05 if loss else 0,
              reorder=0.1 if loss else 0, seed=seed, step_ms=1)
    assert t.run_game(), "game did not finish"
    rec = t.records()[0]
    turns = len(rec["turns"])
    entry, request = sizes(seats)
    events = [(wire.T_SEATS, 0)]
    for s in range(seats):
        events.append((wire.T_COMMIT, s))
    for r in range(turns // seats):
        for s in range(seats):
            events.append((wire.T_CONTRIB, s))
    for tr in rec["turns"]:
        s = tr["p"]
        events.append((wire.T_REVEAL, s))
        for _ in range(len(tr.get("rolls", []))):  # the re-rolls and the box
            events.append((wire.T_YATZY, s))
        for _ in range(len(tr.get("rolls", [])) - 1):  # each re-roll's shake, by another seat
            events.append((wire.T_SHAKE, (s + 1) % seats))  # (the seat does not change the
            events.append((wire.T_SHAKE, s))  # count) and then the roller's own chain value
    mf = sum(1 if s == 0 else 2 for _, s in events)
    mb = sum(entry(e) + (request(e) if s and e != wire.T_SEATS else 0) for e, s in events)
    return turns, len(t.bus.log), sum(len(x[3]) for x in t.bus.log), mf, mb


def main():
    for seats in (2, 4, 8):
        for loss in (0.0, 0.3):
            tot = [0, 0, 0, 0, 0]
            for g in range(2):
                for i, v in enumerate(yatzy_turns(seats, loss, 2000 + 10 * seats + g)):
                    tot[i] += v
            area = "yatzy %d seats %d%% loss" % (seats, int(loss * 100))
            benchlib.row(area, "frames per turn (measured / minimum)",
                         "%.1f / %.1f" % (tot[1] / tot[0], tot[3] / tot[0]), "frames")
            benchlib.row(area, "bytes per turn (measured / minimum)",
                         "%d / %d" % (tot[2] / tot[0], tot[4] / tot[0]), "B")
    for game in ("snyd", "yatzy"):
        for loss in (0.0, 0.3):
            waits = []
            for g in range(GAMES):
                waits += gate_wait(4, loss, 3000 + g, game)
            waits.sort()
            area = "%s 4 seats %d%% loss" % (game, int(loss * 100))
            benchlib.row(area, "a reveal's wait for every handheld's log, median",
                         statistics.median(waits), "ms")
            benchlib.row(area, "a reveal's wait for every handheld's log, p95",
                         waits[int(0.95 * (len(waits) - 1))], "ms")
    for seats in (2, 4, 8):
        benchlib.row("table %d seats idle" % seats, "heartbeat frames per second", idle_rate(seats),
                     "frames/s")
    for seats in (2, 4, 8):
        for loss in (0.0, 0.3):
            tot = [0, 0, 0, 0, 0]
            lats = []
            for g in range(GAMES):
                r, f, b, mf, mb, lat = play(seats, loss, 1000 + 10 * seats + g, 1)
                for i, v in enumerate((r, f, b, mf, mb)):
                    tot[i] += v
                lats += lat
            r = tot[0]
            area = "table %d seats %d%% loss" % (seats, int(loss * 100))
            benchlib.row(area, "frames per Snyd round (measured)", round(tot[1] / r, 1), "frames")
            benchlib.row(area, "frames per round, protocol minimum", round(tot[3] / r, 1), "frames")
            benchlib.row(area, "bytes per round (measured)", round(tot[2] / r), "B")
            benchlib.row(area, "bytes per round, protocol minimum", round(tot[4] / r), "B")
            lats.sort()
            benchlib.row(area, "move -> applied on every handheld, median", statistics.median(lats),
                         "ms", "<= 100" if loss == 0 else "")
            benchlib.row(area, "move -> applied on every handheld, p95",
                         lats[int(0.95 * (len(lats) - 1))], "ms")


if __name__ == "__main__":
    main()
