"""tablewhy: the words for a refused table request ("too late: seat 3 called calza first").

Loaded only when a refusal is shown (tablegame.explain), so the texts cost no heap during play."""
import wire
from tablegame import RJ_AGAIN, RJ_CHEAT, RJ_ILLEGAL, RJ_PHASE, RJ_ROUND, RJ_RULES, RJ_SEAT
from tablelog import RJ_LATE, RJ_NOT_YOURS

REASONS = {RJ_PHASE: "not now", RJ_ROUND: "another round", RJ_SEAT: "not your turn",
           RJ_AGAIN: "already done", RJ_ILLEGAL: "not a legal move", RJ_CHEAT: "does not match "
           "its commitment", RJ_RULES: "rules not playable over the radio",
           RJ_LATE: "too late: another move came first", RJ_NOT_YOURS: "not your seat"}


def explain(node, reason, lo):
    text = REASONS.get(reason, "refused")
    if reason == RJ_LATE:
        f = node.tmp  # the Node's scratch frame: free while the screens run
        if node.entry(lo, f) and f.etype in (wire.T_ACTION, wire.T_YATZY):
            if f.etype == wire.T_ACTION:
                what = ("bid %d x %d" % (f.count, f.face), "called snyd", "called calza")[f.kind - 1]
            else:
                what = "moved"
            return "too late: seat %d %s first" % (f.who, what)
    return text
