"""records.snyd: replay to the spec's Output, rule errors, malformed records, the Recorder round trip."""
import io
import json

from dicecup.records import snyd as snyd_record
from mpcheck import Rng, eq, raises
from dicecup.core.shape import Malformed
from dicecup.rules.snyd import Game, Illegal, Rules
from dicecup.records.snyd import replay
from dicecup.records.snyd_writer import Recorder

EXAMPLE_DICE = [[2, 2, 2, 3, 4], [1, 5, 6, 6, 6], [3, 3, 4, 4, 6], [1, 1, 2, 5, 6]]


def example():
    return {"game": "snyd",
            "rules": {"dice": 5, "jokers": True, "palifico": True, "calza": True,
                      "open_on_ones": False, "calza_by": "others", "count_scope": "table",
                      "open_die": False},
            "seats": 4, "first": 0,
            "rounds": [{"dice": [list(d) for d in EXAMPLE_DICE],
                        "actions": [[0, "bid", 3, 2], [1, "bid", 4, 2], [2, "snyd"]]}]}


def rec(rounds, seats=2, **top):
    r = {"game": "snyd", "seats": seats, "rounds": rounds}
    for k in top:
        r[k] = top[k]
    return r


def test_spec_example():
    out = replay(example())
    # the spec's sample output says count 6, but its own dice hold three 2s and four jokers (7);
    # every other field is the spec's
    eq(out, {"rounds": [{"opener": 0, "palifico": False, "call": "snyd", "caller": 2, "bidder": 1,
                         "bid": [4, 2], "count": 7, "loser": 2, "gainer": None,
                         "dice_left": [5, 5, 4, 5], "eliminated": []}],
             "next_opener": 2, "winner": None, "error": None})


def test_unfinished_round():
    r = example()
    r["rounds"][0]["actions"] = r["rounds"][0]["actions"][:2]
    out = replay(r)
    eq(out["rounds"], [{"opener": 0, "palifico": False, "call": None, "on_turn": 2, "caller": None,
                        "bidder": 1, "bid": [4, 2], "count": None, "loser": None, "gainer": None,
                        "dice_left": [5, 5, 5, 5], "eliminated": None}])
    eq((out["next_opener"], out["winner"], out["error"]), (None, None, None))
    r["rounds"][0]["actions"] = []
    out = replay(r)
    eq((out["rounds"][0]["on_turn"], out["rounds"][0]["bid"], out["rounds"][0]["bidder"]),
       (0, None, None))


def test_empty_game_and_first():
    out = replay(rec([], seats=3, first=2))
    eq(out, {"rounds": [], "next_opener": 2, "winner": None, "error": None})


def test_rule_error_reports_earlier_rounds():
    r = example()
    r["rounds"].append({"dice": [[1] * 5, [1] * 5, [1] * 4, [1] * 5],
                        "actions": [[2, "bid", 3, 3], [3, "bid", 2, 3]]})
    out = replay(r)
    eq(len(out["rounds"]), 1)
    eq(out["error"]["round"], 1)
    eq(out["error"]["action"], 1)
    eq(out["error"]["reason"], "the bid must be higher")
    eq(out["next_opener"], 2)  # still the opener of the round that broke a rule


def test_wrong_dice_is_a_round_error():
    r = example()
    r["rounds"].append({"dice": [[1] * 5, [1] * 5, [1] * 5, [1] * 5], "actions": []})
    out = replay(r)
    eq(out["error"], {"round": 1, "action": None, "reason": "seat 2 has 4 dice left, but the record lists 5"})
    eq(len(out["rounds"]), 1)


def test_action_errors():
    def err(actions, rules=None):
        d = [[2, 3], [4, 5], [6, 6]]
        rules = rules or {"dice": 2}
        return replay(rec([{"dice": d, "actions": actions}], seats=3, rules=rules))["error"]
    eq(err([[1, "bid", 1, 2]])["reason"], "not that seat's turn")
    eq(err([[0, "bid", 1, 1]])["reason"], "the opening bid may not be on ones")
    eq(err([[0, "snyd"]])["reason"], "there is no bid to call")
    eq(err([[0, "bid", 0, 2]])["reason"], "count must be at least 1")
    eq(err([[0, "bid", 7, 2]])["reason"], "count is more than the dice in play")
    eq(err([[0, "bid", 2, 6], [1, "calza"]])["reason"], "calza is for the seats not on turn")
    e = err([[0, "bid", 2, 6], [1, "snyd"], [2, "snyd"]])
    eq((e["round"], e["action"]), (0, 2))
    eq(err([[0, "bid", 2, 6], [2, "calza"]], {"dice": 2, "calza": False}),
       {"round": 0, "action": 1, "reason": "calza is not played"})
    eq(err([[0, "bid", 2, 6], [2, "calza"]]), None)  # two 6s exactly: a legal (cap) calza


def test_unfinished_round_then_another():
    r = example()
    r["rounds"][0]["actions"].pop()
    r["rounds"].append({"dice": [list(d) for d in EXAMPLE_DICE], "actions": []})
    out = replay(r)
    eq(len(out["rounds"]), 1)
    eq(out["rounds"][0]["call"], None)
    eq((out["error"]["round"], out["error"]["action"]), (1, None))
    eq(out["next_opener"], None)


def test_round_after_game_over():
    rounds = [{"dice": [[3], [4]], "actions": [[0, "bid", 2, 3], [1, "snyd"]]},
              {"dice": [[], [4]], "actions": []}]
    out = replay(rec(rounds, rules={"dice": 1}))
    eq(out["winner"], 1)
    eq(out["next_opener"], None)
    eq(out["rounds"][0]["eliminated"], [0])
    eq(out["error"], {"round": 1, "action": None, "reason": "the game is over"})
    out = replay(rec(rounds[:1], rules={"dice": 1}))
    eq((out["winner"], out["error"], out["next_opener"]), (1, None, None))


def test_calza_output():
    rounds = [{"dice": [[2], [2], [3]], "actions": [[0, "bid", 2, 2], [2, "calza"]]},
              {"dice": [[2], [2], [3]], "actions": [[2, "bid", 1, 3], [0, "bid", 2, 3],
                                                    [2, "calza"]]}]
    out = replay(rec(rounds, seats=3, rules={"dice": 1, "calza_by": "any"}))
    eq(out["error"], None)
    r0, r1 = out["rounds"]
    eq((r0["call"], r0["caller"], r0["count"], r0["loser"], r0["gainer"], r0["dice_left"]),
       ("calza", 2, 2, None, None, [1, 1, 1]))
    eq((r1["opener"], r1["count"], r1["loser"], r1["eliminated"], r1["dice_left"]),
       (2, 1, 2, [2], [1, 1, 0]))
    eq(out["next_opener"], 0)


def test_open_die_shown():
    d = [[1, 2], [3, 4]]
    ok = {"dice": d, "shown": [0, 1], "actions": [[0, "bid", 1, 2]]}
    eq(replay(rec([ok], rules={"dice": 2, "open_die": True}))["error"], None)
    missing = {"dice": d, "actions": []}
    e = replay(rec([missing], rules={"dice": 2, "open_die": True}))["error"]
    eq((e["round"], e["action"]), (0, None))
    bad = {"dice": d, "shown": [0, 2], "actions": []}
    eq(replay(rec([bad], rules={"dice": 2, "open_die": True}))["error"]["action"], None)
    raises(Malformed, replay, rec([ok], rules={"dice": 2}))  # shown without open_die
    raises(Malformed, replay, rec([{"dice": d, "shown": [0], "actions": []}],
                                  rules={"dice": 2, "open_die": True}))
    raises(Malformed, replay, rec([{"dice": d, "shown": [0, "1"], "actions": []}],
                                  rules={"dice": 2, "open_die": True}))


def setv(lst, i, v):
    lst[i] = v


def test_malformed_records():
    good = rec([{"dice": [[1, 2, 3, 4, 5], [2, 3, 4, 5, 6]], "actions": [[0, "bid", 1, 2]]}])
    replay(good)

    def bad(mutate):
        r = rec([{"dice": [[1, 2, 3, 4, 5], [2, 3, 4, 5, 6]], "actions": [[0, "bid", 1, 2]]}])
        mutate(r)
        return raises(Malformed, replay, r)
    bad(lambda r: r.update(extra=1))
    bad(lambda r: r.update(game="yatzy"))
    bad(lambda r: r.update(seats=9))
    bad(lambda r: r.update(seats=True))
    bad(lambda r: r.update(seats="2"))
    bad(lambda r: r.update(first=2))
    bad(lambda r: r.update(version=3))
    bad(lambda r: r.update(preset="pro"))
    bad(lambda r: r.update(rules={"dice": "5"}))
    bad(lambda r: r.update(rules=None))
    bad(lambda r: r.update(names="ab"))
    bad(lambda r: r.update(meta=[]))
    bad(lambda r: r.pop("rounds"))
    bad(lambda r: r.pop("seats"))
    bad(lambda r: r["rounds"][0].update(note=1))
    bad(lambda r: r["rounds"][0].pop("actions"))
    bad(lambda r: r["rounds"][0]["dice"].pop())
    bad(lambda r: r["rounds"][0]["dice"][0].append(7))
    bad(lambda r: r["rounds"][0]["dice"][0].append(1))  # six dice
    bad(lambda r: setv(r["rounds"][0]["dice"][0], 0, True))
    bad(lambda r: r["rounds"][0]["actions"].append([1, "raise", 2, 2]))
    bad(lambda r: r["rounds"][0]["actions"].append([True, "snyd"]))
    bad(lambda r: r["rounds"][0]["actions"].append([1, "snyd", 2]))
    bad(lambda r: r["rounds"][0]["actions"].append([1, "bid", 2]))
    bad(lambda r: r["rounds"][0]["actions"].append([1, "bid", 2.0, 3]))
    bad(lambda r: r["rounds"][0]["actions"].append({"seat": 1}))
    raises(Malformed, replay, [])
    # values of the right type that the game does not allow break a rule (as in Yatzy): the core's
    # reason, the round's error, not a malformed record
    for mutate, where, reason in (
            (lambda r: setv(r["rounds"][0]["dice"][0], 0, 0), None, "die values are 1..6"),
            (lambda r: r["rounds"][0]["actions"].append([2, "snyd"]), 1, "no such seat"),
            (lambda r: r["rounds"][0]["actions"].append([1, "bid", 2, 7]), 1, "face must be 1..6")):
        r = rec([{"dice": [[1, 2, 3, 4, 5], [2, 3, 4, 5, 6]], "actions": [[0, "bid", 1, 2]]}])
        mutate(r)
        eq(replay(r)["error"], {"round": 0, "action": where, "reason": reason})
    # optional keys are accepted and ignored
    ok = rec([], version=1, names=["ann", "bo"], meta={"table": "kitchen"}, preset="kids")
    eq(replay(ok)["error"], None)


def test_a_malformed_later_round_beats_an_earlier_rule_error():
    r = rec([{"dice": [[1, 2, 3, 4, 5], [2, 3, 4, 5, 6]], "actions": [[1, "bid", 1, 2]]},
             {"dice": [[9]], "actions": []}])
    raises(Malformed, replay, r)


def play_random(rng, rules, seats, first, recorder):
    """Play a random legal game, recording it; returns the per-round results seen by the Game."""
    g = Game(rules, seats, first)
    seen = []
    while not g.over and len(seen) < 60:
        dice = [[rng.die() for _ in range(g.dice_left[s])] for s in range(seats)]
        shown = None
        if rules.open_die:
            shown = [rng.below(g.dice_left[s]) if g.dice_left[s] >= 2 else None
                     for s in range(seats)]
        g.start_round(dice, shown)
        recorder.round(dice, shown)
        while g.in_round:
            callers = [s for s in range(seats) if g.may_calza(s)]
            b = g.first_bid()
            if callers and rng.below(6) == 0:
                s = callers[rng.below(len(callers))]
                g.calza(s)
                recorder.action(s, "calza")
            elif b is None or (g.bid_face and rng.below(3) == 0):
                s = g.on_turn
                g.snyd(s)
                recorder.action(s, "snyd")
            else:
                for _ in range(rng.below(3)):
                    nb = g.step_bid(b[0], b[1], 1)
                    if nb is None:
                        break
                    b = nb
                s = g.on_turn
                g.bid(s, b[0], b[1])
                recorder.action(s, "bid", b[0], b[1])
        r = g.result
        seen.append((r.opener, r.caller, r.count, r.loser, r.gainer, list(g.dice_left)))
    return g, seen


def _streamed(rc):
    f = io.StringIO()
    rc.write(f)
    return json.loads(f.getvalue())


def test_recorder_round_trip():
    rng = Rng(11)
    for i in range(12):
        rules = Rules(dice=1 + rng.below(5), jokers=rng.below(3) > 0, palifico=rng.below(2) > 0,
                      calza=rng.below(4) > 0, open_on_ones=rng.below(2) > 0,
                      calza_by=rng.below(3), count_scope=rng.below(2), open_die=rng.below(2) > 0)
        seats = 2 + rng.below(7)
        first = rng.below(seats)
        rc = Recorder(rules, seats, first, names=["p%d" % s for s in range(seats)])
        g, seen = play_random(rng, rules, seats, first, rc)
        rec_ = rc.record()
        eq(_streamed(rc), rec_, "game %d streamed" % i)
        out = replay(rec_)
        eq(out["error"], None, "game %d" % i)
        got = [(r["opener"], r["caller"], r["count"], -1 if r["loser"] is None else r["loser"],
                -1 if r["gainer"] is None else r["gainer"], r["dice_left"]) for r in out["rounds"]]
        eq(got, seen, "game %d" % i)
        w = g.winner()
        eq(out["winner"], None if w < 0 else w)


def test_recorder_record_shape():
    rc = Recorder(Rules(dice=2), 2)
    rc.round([[1, 2], [3, 4]])
    rc.action(0, "bid", 1, 2)
    rc.action(1, "snyd")
    rec_ = rc.record()
    eq(rec_["rounds"], [{"dice": [[1, 2], [3, 4]], "actions": [[0, "bid", 1, 2], [1, "snyd"]]}])
    eq(_streamed(rc), rec_)
    eq(rec_["rules"], Rules(dice=2).to_dict())
    eq((rec_["game"], rec_["version"], rec_["seats"], rec_["first"]), ("snyd", 2, 2, 0))
    assert "names" not in rec_
    eq(snyd_record.replay(rec_)["rounds"][0]["loser"], 1)  # a 1 and a 2: two 2s, the caller loses
    raises(Illegal, Game(Rules(), 2).snyd, 0)  # the core rejects what the recorder would not


def test_recorder_grows_past_its_reserved_log():
    rules = Rules(dice=1)
    rc = Recorder(rules, 2)
    reserved = sum(len(c) for c in rc._log)  # the bytes taken at the start
    rc.round([[3], [5]])
    bids = []
    count = 1
    while 3 * len(bids) < 2 * reserved + 100:  # a bidding war well past the reserve
        bids.append([len(bids) % 2, "bid", count, 2 + len(bids) % 5])
        if len(bids) % 5 == 0:
            count += 1
    for b in bids:
        rc.action(b[0], "bid", b[2], b[3])
    rc.action(len(bids) % 2, "snyd")
    rec_ = rc.record()
    eq(rec_["rounds"], [{"dice": [[3], [5]], "actions": bids + [[len(bids) % 2, "snyd"]]}])
    eq(_streamed(rc), rec_)
