"""Snyd game records (docs/records.md, format versions 1 and 2): read and replay one.

  replay(record) -> the spec's Output dict; raises core.shape.Malformed for anything not a record.
      Every legality decision is the rules core's (snyd.Game); this module only checks the shape and
      translates. The whole record's shape is checked before any round is replayed, so a malformed
      record is always exit 2, never a partial result. Values of the right type that the game does not
      allow (a die of 7, a bid on face 0, seat 9 of 4) break a rule: the core says which (exit 1), as
      in records.yatzy. Forfeits (version 2): consecutive
      [seat, "forfeit"] actions end a round through Game.forfeit; a call right before them is
      checked (snyd_error / calza_error) but not counted; a seat's dice may be null only if it
      forfeits in that round (else a round error, action null).
  read(record) -> (rules, seats, first, rounds) after the shape checks; round_entry(game) -> the
      Output entry of the round just played (finished or not), for anyone showing a game log.
Records are Python objects here; turn them into JSON text with json.dumps / json.loads. Writing a
record as a game goes is snyd_writer's job (the handheld loads only that).
"""
from dicecup.core.shape import Malformed, check_keys, get_int, get_list, get_str, is_int
from dicecup.rules.snyd import CALL_FORFEIT, MAX_DICE, Game, Illegal, Rules
from dicecup.records.snyd_writer import KINDS
from dicecup.rules.snyd_text import CALL_NAMES

_TOP_KEYS = ("game", "version", "rules", "preset", "seats", "first", "rounds", "names", "meta")
_ROUND_KEYS = ("dice", "actions", "shown")


def _opt(v):
    return None if v < 0 else v


def _check_round(rd, r, seats, open_die):
    where = "rounds[%d]" % r
    check_keys(rd, _ROUND_KEYS, ("dice", "actions"), where)
    get_list(rd["dice"], where + ".dice", seats, seats)
    for s, d in enumerate(rd["dice"]):
        if d is None:  # never revealed (a forfeit); the rules decide whether that is allowed
            continue
        w = "%s.dice[%d]" % (where, s)
        get_list(d, w, 0, MAX_DICE)
        for i, v in enumerate(d):  # a value outside 1..6 breaks a rule (the core says so), as in Yatzy
            if not is_int(v):
                raise Malformed("%s[%d] must be an integer" % (w, i))
    if "shown" in rd:
        if not open_die:
            raise Malformed("%s.shown needs the open_die rule" % where)
        get_list(rd["shown"], where + ".shown", seats, seats)
        for s, i in enumerate(rd["shown"]):
            if i is not None:
                get_int(i, 0, MAX_DICE - 1, "%s.shown[%d]" % (where, s))
    for a, act in enumerate(get_list(rd["actions"], where + ".actions")):
        w = "%s.actions[%d]" % (where, a)
        get_list(act, w, 2, 4)
        if not is_int(act[0]):
            raise Malformed(w + " seat must be an integer")
        kind = get_str(act[1], KINDS, w + " kind")
        if kind == "bid":
            if len(act) != 4:
                raise Malformed("%s: a bid is [seat, \"bid\", count, face]" % w)
            if not is_int(act[2]):
                raise Malformed("%s count must be an integer" % w)
            if not is_int(act[3]):
                raise Malformed("%s face must be an integer" % w)
        elif len(act) != 2:
            raise Malformed("%s: a call is [seat, \"%s\"]" % (w, kind))


def read(record):
    """Check a record's shape; returns (rules, seats, first, rounds). Raises Malformed."""
    check_keys(record, _TOP_KEYS, ("game", "seats", "rounds"), "record")
    get_str(record["game"], ("snyd",), "game")
    if "version" in record:
        get_int(record["version"], 1, 2, "version")
    if "names" in record:
        for i, nm in enumerate(get_list(record["names"], "names")):
            get_str(nm, None, "names[%d]" % i)
    if "meta" in record and not isinstance(record["meta"], dict):
        raise Malformed("meta must be an object")
    rules = Rules.from_dict(record.get("rules", {}), record.get("preset"))
    seats = get_int(record["seats"], 2, 8, "seats")
    first = get_int(record.get("first", 0), 0, seats - 1, "first")
    rounds = get_list(record["rounds"], "rounds")
    for r, rd in enumerate(rounds):
        _check_round(rd, r, seats, rules.open_die)
    return rules, seats, first, rounds


def _act(g, act):
    kind = act[1]
    if kind == "bid":
        g.bid(act[0], act[2], act[3])
    elif kind == "snyd":
        g.snyd(act[0])
    else:
        g.calza(act[0])


def _seats_of(mask, seats):
    return [s for s in range(seats) if mask >> s & 1]


def round_entry(g):
    """The Output entry of the round just played (finished or, if g.in_round, unfinished)."""
    if g.in_round:
        return {"opener": g.opener, "palifico": g.palifico, "call": None, "on_turn": g.on_turn,
                "caller": None, "bidder": _opt(g.bidder),
                "bid": [g.bid_count, g.bid_face] if g.bid_face else None, "count": None,
                "loser": None, "gainer": None, "dice_left": list(g.dice_left), "eliminated": None}
    r = g.result
    if r.call == CALL_FORFEIT:
        return {"opener": r.opener, "palifico": r.palifico, "call": CALL_NAMES[r.call],
                "caller": None, "bidder": _opt(r.bidder),
                "bid": [r.bid_count, r.bid_face] if r.bid_face else None, "count": None,
                "loser": r.loser, "gainer": None, "dice_left": list(g.dice_left),
                "eliminated": _seats_of(r.out, g.seats),
                "forfeits": [r.forfeits[i] for i in range(r.n_forfeits)]}
    # other rounds leave "forfeits" out (the spec allows it; the version 1 output is unchanged)
    return {"opener": r.opener, "palifico": r.palifico, "call": CALL_NAMES[r.call],
            "caller": r.caller, "bidder": r.bidder, "bid": [r.bid_count, r.bid_face],
            "count": r.count, "loser": _opt(r.loser), "gainer": _opt(r.gainer),
            "dice_left": list(g.dice_left), "eliminated": _seats_of(r.out, g.seats)}


def _forfeit_mask(actions):
    m = 0
    for act in actions:
        if act[1] == "forfeit" and 0 <= act[0] < 8:  # another seat: the core says "no such seat"
            m |= 1 << act[0]
    return m


def _play_round(g, actions):
    """Play one round's actions; returns None or (action index, reason) of the first violation."""
    order = []  # the forfeits so far, in action order
    last = len(actions) - 1
    for a, act in enumerate(actions):
        kind = act[1]
        try:
            if not g.in_round:
                raise Illegal("the round is over: no action after %s"
                              % ("a forfeit" if g.result.call == CALL_FORFEIT else "a call"))
            then_forfeit = a < last and actions[a + 1][1] == "forfeit"
            if kind == "forfeit":
                done = 0
                for s in order:
                    done |= 1 << s
                e = g.forfeit_error(act[0], done)
                if e:
                    raise Illegal(e)
                order.append(act[0])
                if not then_forfeit:
                    g.forfeit(order)
            elif kind != "bid" and then_forfeit:
                # a call the forfeits overtake: it must be legal, but it is not counted
                e = g.snyd_error(act[0]) if kind == "snyd" else g.calza_error(act[0])
                if e:
                    raise Illegal(e)
            else:
                _act(g, act)
        except Illegal as e:
            return a, str(e)
    return None


def replay(record):
    rules, seats, first, rounds = read(record)
    g = Game(rules, seats, first)
    out = []
    error = None
    for r, rd in enumerate(rounds):
        try:
            g.start_round(rd["dice"], rd.get("shown"))
            e = g.hidden_error(_forfeit_mask(rd["actions"]))  # null dice need a forfeit
            if e:
                raise Illegal(e)
        except Illegal as e:
            error = {"round": r, "action": None, "reason": str(e)}
            break
        bad = _play_round(g, rd["actions"])
        if bad:
            error = {"round": r, "action": bad[0], "reason": bad[1]}
            break
        out.append(round_entry(g))
    w = g.winner()
    # the seat to open the round after the reported ones: a round cut short by an error never
    # finished, so the opener is still the one it had
    unfinished = bool(out) and out[-1]["call"] is None
    return {"rounds": out, "next_opener": None if g.over or unfinished else g.opener,
            "winner": None if w < 0 else w, "error": error}

