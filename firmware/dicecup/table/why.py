"""why: the words for a refused table request, in the handheld's language ("Too late! Cy came
first: Calza!", "Not your turn").

Loaded only when a refusal is shown (table_watch.refused), so these texts cost no heap during
play: they live here, in both languages, and not in text.words, whose chosen language stays in
the heap the whole time (the solo games' heap has no room to spare for them). Words of the pure
protocol's reasons: it imports no screen."""
from dicecup.table import wire
from dicecup.text.strings import bid_text, lang, t
from dicecup.table.game import RJ_AGAIN, RJ_CHEAT, RJ_ILLEGAL, RJ_PHASE, RJ_ROUND, RJ_RULES, RJ_SEAT
from dicecup.table.log import RJ_FORGED, RJ_LATE, RJ_NOT_YOURS

# reason: (Danish, English)
TEXTS = {RJ_PHASE: ("Ikke nu", "Not now"),
         RJ_ROUND: ("Det var en anden runde", "That was another round"),
         RJ_SEAT: ("Det er ikke din tur", "Not your turn"),
         RJ_AGAIN: ("Det har du allerede gjort", "Already done"),
         RJ_ILLEGAL: ("Det træk er ikke tilladt", "Not a legal move"),
         RJ_CHEAT: ("Passer ikke med det lovede", "Does not match its commitment"),
         RJ_RULES: ("Reglerne kan ikke spilles over radio",
                    "These rules cannot be played over the radio"),
         RJ_LATE: ("For sent: et andet træk kom først", "Too late: another move came first"),
         RJ_NOT_YOURS: ("Ikke din plads", "Not your seat"),
         RJ_FORGED: ("Sekvenseren kunne ikke bekræfte trækket", "The sequencer could not check it")}
REFUSED = ("Afvist", "Refused")
MOVED = ("flyttede", "moved")


def explain(node, reason, lo, name):
    """What a player whose request was refused is told, e.g. "Too late! Cy came first: Calza!";
    name(seat): what the screens call that seat (Table.seat_name)."""
    if reason == RJ_LATE:
        f = node.tmp  # the Node's scratch frame: free while the screens run
        if node.entry(lo, f) and f.etype in (wire.T_ACTION, wire.T_YATZY):
            return "%s %s %s %s" % (t("t_late"), name(f.who), t("t_first"), _move(f))
    return TEXTS.get(reason, REFUSED)[lang()]


def _move(f):
    if f.etype == wire.T_YATZY:
        return MOVED[lang()]
    if f.kind == wire.A_BID:
        return t("bid") + " " + bid_text(f.count, f.face)
    if f.kind == wire.A_SHOW:
        return t("mv_show")
    return t("mv_snyd" if f.kind == wire.A_SNYD else "mv_calza")
