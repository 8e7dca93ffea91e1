"""flash: what a reboot needs, and the steps that write it - table.json (table id, keys, our
number, the roster, the seats' kinds, which game's record is saved), tsecN.json (seat N's
secrets), the kept log state (keep.Keeper: tlog.bin) and a game's record - and coming back from
them (resume), seating this handheld's Node (_seat), forgetting the table (_forget).

State (Flash._init_flash): `epoch` (boot epoch: frame counters of this boot start above the
last's), `keep` (keep.Keeper), `_keep_at`, `_keep_loop` (its steps), `_wrote` (the last file
written), `_seated` (table.json due), `_saved` (the last game whose record is saved),
`saved_games`, `_end` (a game's record while its steps are due).

Persisted (store, atomic): table.json and tsecN.json, written before a commitment leaves, and
tlog.bin (keep.py: the log's state after every entry applied): a handheld that reboots comes back
to its seat (App boots into the table when table.json exists) where it was, catches up from the
others and still reveals its dice; when every handheld restarted at once, they elect a sequencer
by the boot rule (log.Node._boot_elect) and go on from the furthest state any of them kept. Each
file is written in an idle loop, one step a loop (docs/memory.md, Device time).
"""
import os

try:
    from time import ticks_diff, ticks_ms
except ImportError:  # CPython (the tests' tables): a loop's work takes no time there
    ticks_ms = None

from dicecup.table import keep
from dicecup.table import log
from dicecup.table import wire
from dicecup.table.lobby import BOT, G_SNYD, HOSTING, IDLE, SEATED, game_class, game_module
from dicecup.core.compat import const
from dicecup.table.game import P_IDLE

_TEXT_MS = const(12)  # a game's record: its text made in pieces (a round is two) while a step has
#                       taken less than this (one piece at least; _TEXT_PIECES on CPython)
_TEXT_PIECES = const(8)
_QUIET_MS = const(4)  # an idle loop's file step only in a loop whose table step began less than
#                       this ago: a file and its making are most of a loop on the board
#                       (docs/memory.md, Device time, part 10)
FILE = "table.json"


def _save_secret(s, b):
    from dicecup.storage import store
    store.save("tsec%d.json" % s, _hex(b))


def _load_secret(s):
    from dicecup.storage import store
    h = store.load("tsec%d.json" % s)
    if not h:
        return None
    try:
        return bytes(int(h[i:i + 2], 16) for i in range(0, len(h), 2))
    except ValueError:
        return None


def _hex(b):
    if hasattr(b"", "hex"):  # one string, in C: per byte a string and a join made writing
        return bytes(b).hex()  # table.json's keys a long loop on the board (docs/memory.md)
    return "".join("%02x" % x for x in b)


def _unhex(h):
    return bytes(int(h[i:i + 2], 16) for i in range(0, len(h), 2))


def _kept_out(k):
    """keyround's record of the last key round whose nonce went out, for table.json."""
    if k is None:
        return None
    return [k[0], _hex(k[1]), k[2], [_hex(c) if c else "" for c in k[3]]]


def _kept_in(d):
    if d is None:
        return None
    rnd, view, count, commits = d
    if len(commits) != 8:
        raise ValueError("kept")
    return [int(rnd), _unhex(view), int(count), [_unhex(c) if c else None for c in commits]]


class Flash:
    """What a reboot needs (a concern of table.Table: see the module's docstring)."""

    def _init_flash(self):
        self.epoch = 0            # boot epoch: frame counters of this boot start above the last's
        self._saved = -1
        self.saved_games = 0
        self.keep = None          # keep.Keeper: the log's state on flash (made when seated)
        self._keep_at = -1        # ... when it changed unkept (-1: kept)
        self._keep_loop = -1      # ... the loop that took a step of keeping it (one a loop)
        self._wrote = -1          # when a seat's secret was last written
        self._seated = False      # the seats' kinds changed: table.json is written when idle
        self._text = None         # table.json's text made in an idle loop, for the next to write
        self._end = None          # the game's record while its steps are due: [its last step's
        #                           time, the next step, the Record, the result then the
        #                           record's number, the records' folder, the game, the
        #                           Record's text (a generator), the pieces made]

    def resume(self):
        """After a reboot: back to the seat in table.json; False if there is none."""
        from dicecup.storage import store
        d = store.load(FILE)
        if not isinstance(d, dict):
            return False
        try:
            self.tid = d["tid"]
            self.secret = _unhex(d["secret"])
            self.shake = _unhex(d["shake"])
            self.keys = [_unhex(k) if k else None for k in d["keys"]]
            self.pubs = [_unhex(p) if p else None for p in d["pubs"]]
            self.kround = d.get("kround", 0)
            self._kept = _kept_in(d.get("kept"))
            self._kr_dirty = True
            # a new boot epoch, saved before any frame: a counter never repeats a frame's
            self.epoch = d.get("epoch", 0) + 1
            self.who = d["who"]
            self.tname = d["tname"]
            self.kids = d["kids"]
            # a file saved before its ROSTER lines were checked (_rostered) may name a handheld
            # that cannot be: such a row is left out, never shown
            self.order = [w for w in d["order"] if w == -1 or 0 <= w & ~BOT < 8][:8]
            self.names = d["names"]
            self.macs = [_unhex(m) if m else None for m in d["macs"]]
            self.nonces = d.get("nonces") or [0] * 8
            self.gid = d.get("game", G_SNYD)
            self.mod = game_module(self.gid)
            self.rules = self.mod.unpack_rules(_unhex(d["rules"])) if d["rules"] else None
        except (KeyError, ValueError, TypeError, IndexError, AttributeError):
            return False
        self.mode = HOSTING if self.who == 0 else SEATED
        self.mypub = self.pubs[self.who]
        self._seat(leader=-1, members=-1)
        self._persist()
        k = d.get("kinds") or []
        for s in range(min(8, len(k))):
            self.game.kinds[s] = k[s]
        # the game where it was (the whole table may have restarted: nobody to catch up from)
        self._saved = d.get("saved", -1)
        if self.keep.load(self.node, self.tid) and self.game.hosted and self.game.phase > P_IDLE:
            self._in_game = self.game.games  # it played this game: its record is still due
        return True

    def _seat(self, leader, members):
        self.codec.seat_at(self.tid, self.who)
        for h in range(8):
            self.codec.set_key(h, self.keys[h])
        self.codec.ctr = self.epoch << wire.EPOCH_SHIFT
        if members < 0:  # after a reboot: every handheld it shares a key with, until it hears more
            members = self.codec.keyed() | 1 << self.who
        self.game = game_class(self.gid)(self.tid, 0xFF if leader < 0 else 0, self._save_secret,
                                         _load_secret, self.who)
        self.game.on_seats = self._seats_changed
        self.game.shake_key = self.shake
        self.node = log.Node(self.who, self.codec, self.game, self._send, members, leader,
                                  self.now)
        self.node.on_frame = self._on_frame
        if ticks_ms is not None:  # (CPython's tables: no loop, no time)
            self.node.busy = self._busy
            self.game.defer = True
        if self.keep is None:
            self.keep = keep.Keeper()
        self.keep.applied = -1  # a new Node: keep its state from the first change on
        self.keep.n = 0

    def _seats_changed(self):
        """A SEATS entry (or a restored state) changed the seats' kinds: table.json keeps them, in
        an idle loop (written in the loop that applied the SEATS entry, beside the first secret's
        file and the new game's work, it made that loop the game's longest on the board: docs/
        memory.md, Device time). A restart before then finds them in tlog.bin's state."""
        self._seated = True
        self._text = None

    def _persist(self, text=None):
        """Write table.json: the state now, or the text an idle loop made of it (_keep_step)."""
        from dicecup.storage import store
        self._text = None
        self._seated = False
        self._wrote = self.now
        store.save(FILE, text if text is not None else self._state())

    def _state(self):
        """What table.json keeps (a dict for json)."""
        return {"tid": self.tid, "secret": _hex(self.secret), "who": self.who,
                "shake": _hex(self.shake),
                "keys": [_hex(k) if k else "" for k in self.keys],
                "pubs": [_hex(p) if p else "" for p in self.pubs],
                "epoch": self.epoch, "kround": self.kround, "kept": _kept_out(self._kept),
                "tname": self.tname, "kids": self.kids,
                "order": self.order, "names": self.names,
                "macs": [_hex(m) if m else "" for m in self.macs],
                "kinds": list(self.game.kinds) if self.game else [],
                "nonces": self.nonces, "saved": self._saved,
                "game": self.gid,
                "rules": _hex(self.mod.pack_rules(self.rules)) if self.rules else ""}

    def _forget(self):
        from dicecup.storage import store
        self._end_all()
        for name in [FILE] + ["tsec%d.json" % s for s in range(8)]:
            store.remove(name)
        keep.forget()
        if self.keep is not None:
            self.keep.n = 0  # (a state packed and not written is the forgotten table's)
        self.mode = IDLE
        self.node = None
        self.game = None
        self.who = -1
        self.asks = []
        self.secret = None
        self.pubs = [None] * 8
        self.keys = [None] * 8
        self._kr = None
        self._kept = None
        self._kr_dirty = True
        self._hk = None
        self.codec.seat_at(0)

    def idle(self):
        """The App: this loop drew nothing and no press came. The kept log state is packed now
        if it changed in an earlier loop (not this one: this loop's entry was drawn in the next),
        and written in the next idle loop (packing and writing in one loop made a long one on
        the board: docs/memory.md, Device time). Else a seat's next secret (Seats.ahead); but
        first the secret a COMMIT waits for (before any file: the game waits on it). True if it
        took this loop."""
        if self._changed == self.now or self._wrote == self.now:
            return False
        g = self.game
        if g is not None and self.node is not None and g.ahead(os.urandom, True):
            self._wrote = self.now
            return True
        if ticks_ms is not None and ticks_diff(ticks_ms(), self._step_t) >= _QUIET_MS:
            return False  # (not the secret a COMMIT waits on: put off, the request's own loop
            #               drew and wrote it after its wait, a busier one)
        if self._seated or self._keep_at >= 0 or self._end is not None:
            self._keep_step()
            return True
        if self.game is not None and self.node is not None and self.game.ahead(os.urandom):
            self._wrote = self.now  # (the next round's secret for a seat: tsecN.json)
            return True
        return False

    def _keep_step(self):
        """table.json when the seats changed (_seats_changed), else a step of the game's record
        while it is due (_end_step), else pack the kept state, or write what was packed: one of
        these a loop."""
        k = self.keep
        if self.node is None or self._keep_loop == self.now:
            return
        self._keep_loop = self.now
        if self._seated:
            # table.json before tlog.bin (the state a boot restores is read beside the seats
            # table.json names): its text made in one loop and written in the next (both in one
            # were a long loop on the board, docs/memory.md, Device time)
            if self._text is None:
                import json
                self._text = _Text((json.dumps(self._state()),))
            else:
                self._persist(self._text)
        elif self._end is not None:
            self._end_step()
        elif self._keep_at < 0:
            return
        elif k.n:
            k.write()
            if not k.changed(self.node):
                self._keep_at = -1
        elif not k.pack(self.node, self.tid):
            self._keep_at = -1  # (nothing changed since the last pack: nothing to keep)

    def _save_secret(self, s, b):
        self._wrote = self.now  # a file in this loop: the kept state waits for another (idle)
        _save_secret(s, b)

    def _end_begin(self):
        """The game is over: its record is due. Taken now (the next game may replace the game's
        recorder, not change it), saved in steps, one an idle loop (_end_step): all of it in one
        loop was the longest loop of a game on the board (docs/memory.md, Device time)."""
        g = self.game
        self._end = [self.now, 0, Record(g.rec, {"table": "%08x" % self.tid, "game": g.round},
                                         self._record_names()), g.result(self.my_seat(), self.kids_mode()),
                     self.mod.FOLDER, g.round, None, []]

    def _end_step(self):
        """The next step of saving the record: the statistics read, then counted and written
        (stats.json; both in one loop made it a long one on the board), the record's text
        (pieces for _TEXT_MS a step), its file, old records dropped, then table.json (which game's record is saved:
        after a restart, never twice)."""
        e = self._end
        e[0] = self.now
        step = e[1]
        if step == 0:
            from dicecup.storage import settings
            e[6] = settings.stats()
        elif step == 1:
            from dicecup.storage import settings
            kind, won, score = e[3]
            e[3] = settings.count_game(e[6], kind, won, score)  # the record's number
            self._wrote = self.now
            e[6] = e[2].text()
        elif step == 2:
            parts = e[7]
            t = ticks_ms() if ticks_ms is not None else 0
            try:
                while True:
                    parts.append(next(e[6]))
                    if ticks_diff(ticks_ms(), t) >= _TEXT_MS if ticks_ms is not None else \
                            len(parts) % _TEXT_PIECES == 0:
                        return
            except StopIteration:
                # the file's code now, so that the next step is the file alone (most of a
                # loop of flash on the board: docs/memory.md, Device time)
                from dicecup.storage import store  # noqa: F401
        elif step == 3:
            from dicecup.storage import store
            store.save_record(e[4], e[3], _Text(e[7]), False)
            self._wrote = self.now
            self.saved_games += 1
        elif step == 4:
            from dicecup.storage import store
            store.drop(e[4], e[3])
        else:
            self._end = None
            self._saved = e[5]
            self._persist()
        e[1] = step + 1

    def _end_all(self):
        """Every step of the record still due, at once (the table is forgotten)."""
        while self._end is not None:
            self._end_step()

    def _record_names(self):
        """The record's names as the screens say them: one per seat (Snyd) or scorecard (Yatzy),
        or for Yatzy team play each team's members (the record's "teams")."""
        g = self.game
        names = [self.seat_name(s) for s in range(g.n)]
        card_of = getattr(g, "card_of", None)
        if card_of is None:
            return {"names": names}
        cards = [[] for _ in range(g.cards)]
        for s in range(g.n):
            if card_of(s) >= 0:
                cards[card_of(s)].append(names[s])
        if g.teams:
            return {"teams": cards}
        return {"names": [c[0] if c else "" for c in cards]}


class _Text:
    """A record's JSON text in pieces, made in some loops, for store.save to write in another."""

    def __init__(self, parts):
        self.parts = parts

    def write(self, f):
        for s in self.parts:
            f.write(s)


class Record:
    """A game recorder's record with the players' names (Table._record_names) and a meta object
    (which table, which game) added."""

    def __init__(self, rec, meta, names=None):
        self.rec = rec
        self.meta = meta
        self.names = names or {}

    def text(self):
        """The record's JSON text in pieces: the recorder's own (its text(), a round's each: Snyd;
        else all at once), its closing brace replaced by the names and the meta."""
        import json
        t = getattr(self.rec, "text", None)
        if t is None:
            import io
            f = io.StringIO()
            self.rec.write(f)
            t = (f.getvalue(),)
        else:
            t = t()
        held = ""
        for s in t:
            if s:
                yield held
                yield s[:-1]
                held = s[-1:]
        for k in self.names:
            yield ', "%s": ' % k
            yield json.dumps(self.names[k])
        yield ', "meta": '
        yield json.dumps(self.meta)
        yield "}"

    def write(self, f):
        for s in self.text():
            f.write(s)
