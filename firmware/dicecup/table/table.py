"""table: this handheld's place at a table - the lobby, the log Node and the game, pumped every tick.

Owns what joins the radio (radio.Radio) to the pure protocol (wire, log, and the table game:
snyd.SnydTable or yatzy.YatzyTable, loaded for the table's game only, never both). `Table` is assembled
from one class per concern, each in its own module with the state it owns (its `_init_*`):
    lobby      the creator's lobby: create, ANNOUNCE, the joins asking, admit, WELCOME
    joiner     the joiner's: the join list, JOIN, JHOST, the WELCOME that seats it
    roster     the seat order, ROSTER, the key round's table code (TCODE), LEAVE, the start
    agreement  this handheld's key pair and the X25519 agreements made in the background
    pump       tick: the radio, the Node and the game, the host's role, the seats' moves, addresses
    flash      table.json, the seats' secrets, tlog.bin and the game's record; resume and forget
This module keeps what the screens ask of the table in a game (its seats, whom it waits for) and
the names other modules import from it. The screens (ui.table*) ask it and its table game by name,
never its Node, and change it only through its methods (docs/architecture.md, What the screens ask
of the table); app.App calls tick() on every loop while a table exists, then news() (what the game did
since: the screen showing is told, ui.screen.Screen.news).

Then every frame is the Node's (tagged with the table key). The creator starts a game by logging a
SEATS entry (seat order, kinds person/bot, which handheld plays each seat); a player may leave and
others join between games: the Node, its log and the table id live on.
"""
from dicecup.table import wire
from dicecup.table.agreement import Agreement
from dicecup.table.flash import Flash
from dicecup.table.game import P_IDLE, P_OVER
from dicecup.table.joiner import Joiner
from dicecup.table.lobby import G_SNYD, IDLE, SEATED, Lobby
from dicecup.table.pump import Pump
from dicecup.table.roster import Roster
# what the screens, the tests and the attacks import from here (the table's names before the split)
from dicecup.table.agreement import AGREE_BITS, AHEAD_MS  # noqa: F401,E402
from dicecup.table.flash import Record  # noqa: F401,E402
from dicecup.table.lobby import (ASKS_MAX, BOT, G_YATZY, HEARD_MS, HOSTING, JOINING,  # noqa: F401,E402
                                 NO_CODE, game_module, pack_name, unpack_name)
from dicecup.table.pump import PRE_MS  # noqa: F401,E402

class Table(Pump, Lobby, Joiner, Roster, Agreement, Flash):
    def __init__(self, radio, name, now=0):
        self.radio = radio
        self.name = name
        self.codec = wire.Codec()
        self.f = wire.Frame()
        self.rx = wire.Frame()
        self.mode = IDLE
        self.node = None
        self.game = None
        self.macs = [None] * 8
        self.names = [""] * 8
        self.tid = 0
        self.tname = ""
        self.kids = False
        self.rules = None
        self.gid = G_SNYD         # the table's game, and its module (game_module)
        self.mod = None
        self.who = -1
        self.now = now
        self.dropped = 0          # lobby frames that did not decode
        self._init_pump(now)
        self._init_lobby()
        self._init_joiner()
        self._init_roster()
        self._init_agreement()
        self._init_flash()

    # ---- what the screens ask of the table in a game (the UI's surface: docs/architecture.md) -
    def news(self):
        """What happened in the game since the last call (game.NEWS_* bits, 0: nothing), cleared:
        the App tells the screen showing (one int: no allocation in the loop)."""
        g = self.game
        if g is None:
            return 0
        n = g.news
        g.news = 0
        return n

    def applied(self):
        """The log entries this handheld applied (0 before a Node): what a round screen showed
        last, and what a move it sends answers (submit_move's seen)."""
        n = self.node
        return n.applied if n is not None else 0

    def caught_up(self):
        """True when this handheld applied all the sequencer last said it had (False before it
        knows): one back from a reboot replays history until then."""
        n = self.node
        return n is not None and n.caught_up()

    def held(self):
        """True while a fork between logs holds the table (a live handheld says F_HELD, this one
        too): it pauses (ui.table_watch)."""
        n = self.node
        return n is not None and n.held(self.now) != 0

    def is_sequencer(self):
        """True when this handheld is the table's sequencer: its person may wait for a gone
        handheld, give its seats to bots, or remove it."""
        n = self.node
        return n is not None and n.is_leader()

    def alive(self, hh, now):
        """True when handheld hh was heard lately (this one always)."""
        n = self.node
        return n is not None and n.alive(hh, now)

    def refusal(self, s):
        """The words for seat s's refused request ("Too late! Cy came first: Calza!"), taken: the
        table game's refused[s] is cleared (told once). The words' module loads only now."""
        g = self.game
        reason, lo = g.refused[s]
        g.refused[s] = None
        from dicecup.table import why
        return why.explain(self.node, reason, lo, self.seat_name)

    def suggest(self, kind, value):
        """This handheld's person suggests a hold (wire.Y_HOLD, a position mask) or a box
        (wire.Y_BOX, its index) to the teammate rolling for their team's scorecard: one keyed
        HINT to every handheld, never logged (advice changes no game). False if it is not the
        time (the game says: may_hint)."""
        g = self.game
        s = self.my_seat()
        if self.node is None or s < 0 or not g.may_hint(s):
            return False
        f = self.f
        g.hint_frame(f, s, kind, value)
        self.node.tell(f)
        g.hint(f)  # this handheld's own copy (its screen shows what it suggested)
        return True

    def seats_of(self, hh):
        """How many seats of the game under way handheld hh plays (0 between games)."""
        g = self.game
        if g is None or not self.playing():
            return 0
        return sum(1 for s in range(g.n) if g.hosts[s] == hh and g.kinds[s] and not g.is_bot(s))

    def reseat_to_bot(self, hh, now):
        """The sequencer gives every seat of gone handheld hh to a bot it runs itself."""
        g = self.game
        f = self.f
        f.etype = wire.T_SEATS
        f.flags = wire.SEATS_RESEAT
        f.n = g.n
        f.first = g.first
        f.rules[:] = g.packed_rules()
        for s in range(8):
            f.kinds[s] = g.kinds[s] if s < g.n else 0
            f.hosts[s] = g.hosts[s] if s < g.n else 0
            if s < g.n and g.hosts[s] == hh:
                f.kinds[s] = g.bot_kind(s)
                f.hosts[s] = self.node.seat
        return self.node.log_local(f, now)

    def left_out(self):
        """True when the host's roster, all heard, leaves this seated handheld out: the host
        removed it (it was gone) and it will not play the next game."""
        o = self.order
        return self.mode == SEATED and len(o) > 0 and -1 not in o and self.who not in o

    def seat_name(self, s):
        g = self.game
        if g.is_bot(s):
            return "Bot%d" % (s + 1)
        h = g.hosts[s]
        return self.names[h] or "P%d" % (h + 1)

    def host_gone(self):
        """A joiner before the table's first game whose creator has gone quiet (the missing time):
        nobody else can host yet (see _host), so its lobby says so and its person can leave."""
        n = self.node
        return self.mode == SEATED and n is not None and self.game.n == 0 and \
            not n.alive(0, self.now)

    def my_seat(self):
        """The game seat of this handheld's person (-1: none this game)."""
        g = self.game
        for s in range(g.n):
            if g.hosts[s] == self.who and g.kinds[s] and not g.is_bot(s):
                return s
        return -1

    def my_move(self):
        """True when the game waits on this handheld's person for a move (their turn)."""
        s = self.my_seat()
        return s >= 0 and self.game.waits_on() == s

    def playing(self):
        g = self.game
        return g is not None and P_IDLE < g.phase < P_OVER

    def in_game(self):
        """A game under way, or over less than a second ago (its last screens), not a lobby."""
        g = self.game
        return g is not None and (P_IDLE < g.phase < P_OVER or
                                  g.phase >= P_OVER and self.now - self._changed < 1000)

    def kids_mode(self):
        """Kids' Snyd: the creator's choice; a joiner's is what its table played (three dice),
        once it played: before, what the ANNOUNCE said, which anyone can copy with other rules
        (attacks/announce_kids.py)."""
        g = self.game
        if self.who == 0 or self.gid != G_SNYD or g is None or g.rules is None:
            return self.kids
        return g.rules.dice == 3

    def waiting_mask(self):
        """Whom the table waits for (a mask): those the sequencer says are missing, and the
        sequencer itself once this handheld stopped following it and no other took over (else
        that wait showed on no screen here: attacks/withhold_flag_to_one.py)."""
        n = self.node
        return n.missing | n.deposed() if n else 0

    def missing_names(self):
        return self.names_of(self.waiting_mask())

    def held_mask(self):
        """Whom the table stops at because logs differ (codes.F_HELD): the held handhelds,
        and where this one is held, those it is held on (Node.held_on); and whom a held
        handheld says a snapshot holds it on (Node.snap_named: a witness that differs from the
        sender, or a sequencer that sends none), this one too; 0 when none."""
        n = self.node
        if n is None:
            return 0
        m = n.held(self.now)
        if m & (1 << self.who):
            m |= n.held_on()
        return m & ~(1 << self.who) | n.snap_named(self.now)

    def held_names(self):
        return self.names_of(self.held_mask())

    def names_of(self, m):
        return [self.names[h] or "P%d" % (h + 1) for h in range(8) if m & (1 << h)]
