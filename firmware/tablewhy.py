"""tablewhy: the words for a refused table request, in the handheld's language ("Too late! Cy came
first: Calza!", "Not your turn").

Loaded only when a refusal is shown (tablegame.explain), so the texts cost no heap during play;
the texts themselves are strings_table's (tw_* keys), like every other text on the screen."""
import wire
from strings import t
from tablegame import RJ_AGAIN, RJ_CHEAT, RJ_ILLEGAL, RJ_PHASE, RJ_ROUND, RJ_RULES, RJ_SEAT
from tablelog import RJ_LATE, RJ_NOT_YOURS

KEYS = {RJ_PHASE: "tw_phase", RJ_ROUND: "tw_round", RJ_SEAT: "tw_seat", RJ_AGAIN: "tw_again",
        RJ_ILLEGAL: "tw_illegal", RJ_CHEAT: "tw_cheat", RJ_RULES: "tw_rules", RJ_LATE: "tw_late",
        RJ_NOT_YOURS: "tw_not_yours"}


def explain(node, reason, lo, name):
    """name(seat): what the screens call that seat (Table.seat_name)."""
    if reason == RJ_LATE:
        f = node.tmp  # the Node's scratch frame: free while the screens run
        if node.entry(lo, f) and f.etype in (wire.T_ACTION, wire.T_YATZY):
            return "%s %s %s %s" % (t("t_late"), name(f.who), t("t_first"), _move(f))
    return t(KEYS.get(reason, "tw_refused"))


def _move(f):
    if f.etype == wire.T_YATZY:
        return t("tw_moved")
    if f.kind == wire.A_BID:
        import snyd_ui  # a Snyd table's screens have it loaded: its dice glyphs
        return t("bid") + " " + snyd_ui.bid_text(f.count, f.face)
    return t("mv_snyd" if f.kind == wire.A_SNYD else "mv_calza")
