"""--autoplay: a player's finger on each handheld, pressing its buttons and reading its screen.

It knows nothing of the firmware's insides: it reads the screen's text with host_tools/readback
(the same reader the handheld's tests use), finds the highlighted menu row (the inverted one),
walks the menus to the chosen game by their labels (firmware/dicecup/text/strings.py, either language) and
starts it; in a game it presses select, which takes what the screen offers (the bid picker's
smallest legal raise, the call it proposes, "next"), and now and then steps the picker once with
down first. Finished games are counted from the records the handheld saved on its flash
(records/*.json); each new one is kept, so more than the handheld's own last five are collected.
"""
import os
import random

from host_tools import paths  # noqa: F401  (puts firmware/ on sys.path)
from host_tools import readback
from dicecup.text import strings  # firmware/dicecup/text/strings.py: the menu labels

PATHS = {  # menu labels from the title down to the start, per --game
    "snyd": ("snyd", "start"),
    "kids": ("snyd_kids", "start"),
    "yatzy": ("yatzy", "v_standard", "start"),
    "maxi": ("yatzy", "v_maxi", "start"),
    "yahtzee": ("yatzy", "v_yahtzee", "start"),
    "triple": ("yatzy", "v_triple", "start"),
    "team": ("yatzy", "v_team", "start"),
    "team3": ("yatzy", "v_team", "start"),   # alone a handheld's team play has two teams
    "team4": ("yatzy", "v_team", "start"),
}
# --autoplay on two or more handhelds plays over the table: handheld 0 creates it (picking the
# game on the create screen by this label), the others join the first table they see, and
# handheld 0 starts once all of them are seated
TABLE_GAMES = {"snyd": "snyd", "kids": "snyd_kids", "yatzy": "v_standard", "maxi": "v_maxi",
               "yahtzee": "v_yahtzee", "triple": "v_triple", "team": "v_team", "team3": "v_team3",
               "team4": "v_team4"}
PRESS_MS = 60      # finger down
GAP_MS = 140       # finger up before the next decision
STUCK_MS = 20000   # same picture this long after pressing: try back
GIVE_UP_MS = 120000
LOOP_WINDOW = 30   # decisions looked back on ...
LOOP_DISTINCT = 6  # ... showing no more pictures than this: going round in circles


def labels(key):
    """The text of one string key in every language the firmware speaks."""
    keep = strings.lang()
    out = set()
    for lang in (0, 1):
        strings.set_lang(lang)
        out.add(strings.t(key))
    strings.set_lang(keep)
    return out


def handhelds(row):
    """The handhelds seated, from a lobby's game row ("Snyd  ∪3": a cup each), or None."""
    head, cup, n = row.strip().rpartition("∪")
    return int(n) if cup and head and n.isdigit() else None


def selected_row(frame, width=128):
    """Index of the 8-pixel row drawn inverted (the menu's cursor), or None."""
    best, row = width * 4, None
    for r in range(8):
        lit = sum(bin(b).count("1") for b in frame[r * width:(r + 1) * width])
        if lit > best:
            best, row = lit, r
    return row


class Player:
    def __init__(self, sim, i, game, games, seed=0, level=None, keep_dir=None, table=None):
        if game not in PATHS:
            raise ValueError("no autoplay for game %r (one of %s)" % (game, ", ".join(PATHS)))
        self.sim, self.i, self.game, self.games = sim, i, game, games
        self.h = sim.handhelds[i]
        self.rng = random.Random(seed)
        self.table = table if table is not None else (game in TABLE_GAMES and sim.n >= 2)
        self.creator = i == 0        # the table's creator; the others join
        self.want_players = sim.n    # the creator starts once this many handhelds sit
        self.table_index = 0         # a joiner takes this table of the join list (by table id)
        self.tables_listed = 1       # ... once at least this many tables are listed
        if self.table:
            path = ("table", "t_create", "t_open") if self.creator else ("table", "t_join")
        else:
            path = PATHS[game]
        self.path = [labels(k) for k in path]
        # the create screen shows the game cut to 9 characters
        self.game_want = {x[:9].strip() for x in labels(TABLE_GAMES[game])} if self.table else set()
        self.t_admit = labels("t_admit")
        self.t_join = labels("t_join")
        self.t_game = labels("t_game")
        self.t_create = labels("t_create")
        self.start_label = labels("start")
        self.t_paused = labels("t_paused") | labels("t_forked")  # (logs differ: a pause too)
        self.t_to_bot = labels("t_to_bot")
        self.paused_since = None
        self.table_waits = labels("t_wait_start") | labels("t_joining") | labels("t_looking") | \
            labels("t_dealing") | labels("t_watching") | labels("thinking")
        self.level = level if level in ("kids", "easy", "normal", "hard") else None
        self.level_label = labels("level")
        self.level_want = labels(level) if self.level else set()
        self.calza_offer = labels("hint_calza")
        self.skip = labels("ok_skip")      # out of a solo game: OK would end it; wait instead
        self.quit_row = labels("mv_quit")  # a player plays to the end: never "leave the game"
        self.quit_q = labels("quit_q")
        self.ok_menu = labels("ok_menu")
        self.card_marks = labels("total") | labels("upper")
        from dicecup.rules import yatzy  # a scorecard's rows begin with box names (the box menu's too, under its heading)
        self.box_marks = set()
        for names in yatzy.BOXES:
            for b in names:
                # Triple's card cuts them to 4 characters (three columns of values beside them)
                self.box_marks |= {x[:4] for x in labels("b_" + b)}
        self.choose_box = labels("choose_box")
        self.keep_dir = keep_dir
        self.release_at = None
        self.next_at = 0.0
        self.button = None
        self.last_frame = None
        self.changed_at = 0.0
        self.check_at = 0.0
        self.records = {}  # name -> text, every record seen on its flash
        self.start_names = set(self._names())
        self.games_done = 0
        self.failed = None
        self.presses = 0
        self.recent = []

    @property
    def finished(self):
        return self.games_done >= self.games

    def _names(self):
        d = os.path.join(self.h.flash, "records")
        try:
            return [n for n in os.listdir(d) if n.endswith(".json")]
        except OSError:
            return []

    def _collect(self):
        d = os.path.join(self.h.flash, "records")
        for n in self._names():
            if n in self.records or n in self.start_names:
                continue
            try:
                with open(os.path.join(d, n)) as f:
                    self.records[n] = f.read()
            except OSError:
                continue
        self.games_done = len(self.records)

    PAUSE_PATIENCE_MS = 8000

    def _table(self, rows, sel):
        """The lobby's buttons, or False when the screen is not the lobby's."""
        if rows and rows[0].strip() in self.t_paused:
            # someone is gone: wait a while (a reboot comes back), then give the seat to a bot
            now = self.sim.now()
            if self.paused_since is None:
                self.paused_since = now
            if now - self.paused_since < self.PAUSE_PATIENCE_MS:
                return None
            for r in range(1, len(rows)):
                if rows[r].strip() in self.t_to_bot:
                    return self._to(sel, r)
            return None
        self.paused_since = None
        if any(r.strip() in self.table_waits for r in rows):
            return None  # waiting for the table
        for r in range(1, len(rows)):
            head = rows[r].strip()
            for lab in self.t_game:  # the create screen: pick the game first
                if rows[0].strip() in self.t_create and head.startswith(lab) and \
                        head[len(lab):].strip() not in self.game_want:
                    return self._to(sel, r)
            for lab in self.t_admit:  # the creator's lobby: let a joiner in (its code matches)
                if head.startswith(lab + " "):
                    return self._to(sel, r)
        if not self.creator and len(rows) > 1 and handhelds(rows[1]) is not None and \
                any(r.strip() in self.start_label for r in rows):
            return None  # a lobby with Start!, not the creator's (it took over): its person starts
        n = handhelds(rows[1]) if len(rows) > 1 and self.creator and sel is not None else None
        if n is not None:
            # the creator's lobby (its game and a cup per handheld seated, above the menu): start
            # once everyone sits
            if n < self.want_players or rows[0].rstrip().endswith("----"):
                return None  # (a table code not made yet: the firmware would say to wait)
            for k in range(len(rows)):
                if rows[k].strip() in self.start_label:
                    return self._to(sel, k)
            return "up"  # the start row is above the seats scrolled to
        if rows and rows[0].strip() in self.t_join and not self.creator:
            listed = [r for r in range(1, len(rows)) if rows[r].strip()]
            if len(listed) >= max(self.tables_listed, self.table_index + 1) and sel is not None:
                return self._to(sel, listed[self.table_index])
            return None
        return False

    @staticmethod
    def _to(sel, target):
        if sel is None:
            return None
        return "down" if sel < target else "up" if sel > target else "select"

    def decide(self, frame):
        """The button to press for this picture."""
        rows = readback.lines(frame)
        if self.table:
            b = self._table(rows, selected_row(frame))
            if b is not False:
                return b
        target = None
        for depth in range(len(self.path) - 1, -1, -1):  # the deepest menu level on screen
            for r in range(1, len(rows)):
                if rows[r].strip() in self.path[depth]:
                    target = r
                    break
            if target is not None:
                break
        if self.level:
            for r in range(1, len(rows)):  # the set-up's level row: select cycles its value
                head = rows[r].strip()
                for lab in self.level_label:
                    if head.startswith(lab) and head[len(lab):].strip() not in self.level_want \
                            and any(rows[k].strip() in self.path[-1] for k in range(len(rows))):
                        target = r
        sel = selected_row(frame)
        if any(r.strip() in self.skip for r in rows):
            return None  # out: the bots play the game to its end by themselves
        if rows and rows[0].strip() in self.quit_q:
            return "back"  # "quit the game?": no
        if sel is not None and sel < len(rows) and rows[sel].strip() in self.quit_row:
            return "up"
        if target is not None and sel is not None:
            if sel < target:
                return "down"
            if sel > target:
                return "up"
            return "select"
        if any(r.strip() in self.ok_menu for r in rows):
            return "select"
        if any(r.startswith(m) for r in rows for m in self.card_marks) or (
                rows and rows[0].strip() not in self.choose_box
                and any(r.startswith(m) and r.rstrip()[-1:] in "-0123456789"
                        for r in rows[1:] for m in self.box_marks)):
            return "back"  # a scorecard (Yatzy): select would only page through the players
        if any(r.strip() in self.calza_offer for r in rows):
            # another seat's turn, and calza is on offer: a player mostly lets it pass
            return "select" if self.rng.random() < 0.02 else None
        if self.rng.random() < 0.15:
            return "down"  # step the bid picker (or a menu) once before taking it
        return "select"

    def act(self):
        """Called every simulator step: release, wait, or press the next button."""
        sim, now = self.sim, self.sim.now()
        if self.h.frame is not self.last_frame:
            self.last_frame = self.h.frame
            self.changed_at = now
        if self.release_at is not None:
            if now >= self.release_at:
                sim.press(self.i, self.button, False)
                self.release_at = None
                self.next_at = now + GAP_MS
            return
        if now >= self.check_at:
            self.check_at = now + 500
            self._collect()
        if self.finished or self.failed or now < self.next_at or self.h.frame is None:
            return
        if not self.h.alive:
            if self.h.exit_code is not None and self.h.exit_code != -9:  # -9: a fault we made
                self.failed = "the handheld stopped (exit %s); its console: %s" % (
                    self.h.exit_code, self.h.log_path)
            return
        idle = now - self.changed_at
        if idle > GIVE_UP_MS:
            self.failed = "the screen did not change for %d s of presses:\n%s" % (
                idle // 1000, readback.text(self.h.frame))
            return
        stuck = idle > STUCK_MS and self.rng.random() < 0.5
        b = "back" if stuck else self.decide(self.h.frame)
        if b is None:
            self.next_at = now + GAP_MS
            self.changed_at = now  # waiting on purpose is not being stuck
            return
        self.recent.append(hash(self.h.frame))
        del self.recent[:-LOOP_WINDOW]
        if len(self.recent) == LOOP_WINDOW and len(set(self.recent)) <= LOOP_DISTINCT:
            self.recent.clear()
            b = "back"  # pressing round in circles (a scorecard view toggled by select)
        self.button = b
        self.presses += 1
        sim.press(self.i, b, True)
        self.release_at = now + PRESS_MS
