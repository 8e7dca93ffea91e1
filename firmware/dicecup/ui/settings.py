"""ui.settings: the settings screens (language, name, contrast, sleep, cup, bot level, bid hints, Snyd and Maxi
rules), the statistics screen and the name editor. Every change is saved at once (settings.save).
"""
from dicecup.storage import settings
from dicecup.device.buttons import BACK, DOWN, LONG, PRESS, RELEASE, REPEAT, SELECT, UP
from dicecup.text.strings import t
from dicecup.ui.screen import Menu, Screen, fit, onoff


class Settings(Menu):
    title = "settings"
    ITEMS = ("lang", "name", "contrast", "sleep", "cup", "level", "hints", "snyd_rules", "maxi_rules",
             "sound", "coach")
    HINTS = ("kids", "on", "off")   # settings "hints": in kids' mode only (default), always, never

    def count(self):
        return len(self.ITEMS)

    def item(self, i):
        s = self.app.settings
        k = self.ITEMS[i]
        if k == "lang":
            v = t("lang_name")
        elif k == "name":
            v = self.app.name()
        elif k == "contrast":
            v = "%d/5" % (s["contrast"] + 1)
        elif k == "sleep":
            sec = settings.SLEEP_S[s["sleep"]]
            v = t("never") if not sec else ("%ds" % sec if sec < 60 else "%dm" % (sec // 60))
        elif k == "cup":
            v = t("shown") if s["cup_open"] else t("hidden")
        elif k == "level":
            v = t(settings.LEVELS[s["bot_level"]])
        elif k == "hints":
            v = t(self.HINTS[s["hints"]])
        elif k == "sound":
            v = onoff(s[k])
        elif k == "coach":
            v = t(("off", "coach_box", "coach_all")[s[k]])
        else:
            v = ">"
        return (t(k), v)

    def choose(self, i):
        app = self.app
        s = app.settings
        k = self.ITEMS[i]
        if k == "lang":
            s["lang"] ^= 1
        elif k == "name":
            app.go(NameEditor(app, self))
            return
        elif k == "contrast":
            s["contrast"] = (s["contrast"] + 1) % len(settings.CONTRAST)
        elif k == "sleep":
            s["sleep"] = (s["sleep"] + 1) % len(settings.SLEEP_S)
        elif k == "cup":
            s["cup_open"] = not s["cup_open"]
        elif k == "level":
            s["bot_level"] = (s["bot_level"] + 1) % 4
        elif k == "hints":
            s["hints"] = (s["hints"] + 1) % 3
        elif k == "sound":
            s[k] = not s[k]
        elif k == "coach":
            s[k] = (s[k] + 1) % 3
        elif k == "snyd_rules":
            app.go(SnydRules(app))
            return
        else:
            app.go(MaxiRules(app))
            return
        app.save_settings()

    def back(self):
        self.app.home(3)


class SnydRules(Menu):
    title = "snyd_rules"
    ITEMS = ("dice", "jokers", "palifico", "calza", "open_on_ones", "calza_by", "count_scope", "open_die")

    def count(self):
        return len(self.ITEMS)

    def item(self, i):
        s = self.app.settings
        k = self.ITEMS[i]
        v = s[k]
        if k == "dice":
            v = v + 1
        elif k == "calza_by":
            v = t(("by_others", "by_any", "by_turn")[v])
        elif k == "count_scope":
            v = t(("scope_table", "scope_nb")[v])
        else:
            v = onoff(v)
        return (t(k), v)

    def choose(self, i):
        s = self.app.settings
        k = self.ITEMS[i]
        n = settings.SCHEMA[k][1]
        s[k] = (not s[k]) if n is None else (s[k] + 1) % n
        self.app.save_settings()

    def back(self):
        self.app.go(Settings(self.app, 7))


class MaxiRules(Menu):
    title = "maxi_rules"

    def count(self):
        return 2

    def item(self, i):
        s = self.app.settings
        if i == 0:
            return (t("bonus"), ("84/100", "75/50")[s["maxi_bonus"]])
        return (t("saved_rolls"), onoff(s["saved_rolls"]))

    def choose(self, i):
        s = self.app.settings
        if i == 0:
            s["maxi_bonus"] ^= 1
        else:
            s["saved_rolls"] = not s["saved_rolls"]
        self.app.save_settings()

    def back(self):
        self.app.go(Settings(self.app, 8))


class Stats(Screen):
    def key(self, b, ev):
        if ev == PRESS and (b == BACK or b == SELECT):
            self.app.home(4)

    def draw(self, g):
        st = settings.stats()
        g.row(0, t("stats"))
        g.row(1, fit("", t("played_won")))
        r = 2
        for k in ("snyd", "snyd_kids", "yatzy"):
            row = st.get(k) or [0, 0, 0]
            g.row(r, fit(t("st_kids" if k == "snyd_kids" else k), "%d/%d" % (row[0], row[1])))
            r += 1
        best = (st.get("yatzy") or [0, 0, 0])[2]
        g.row(r + 1, fit(t("best"), best))


CHARS = " ABCDEFGHIJKLMNOPQRSTUVWXYZÆØÅ0123456789-"


class NameEditor(Screen):
    """Up/down pick a letter, select (a short press) moves on, back deletes; a long select saves.
    back_to None: the first boot's question (app.__init__): saving goes on to the title, and back
    never leaves it without a name."""

    def __init__(self, app, back_to):
        Screen.__init__(self, app)
        self.back_to = back_to
        n = (app.owner or "").upper()
        self.chars = [c for c in n if c in CHARS] or ["A"]
        self.pos = len(self.chars) - 1

    def key(self, b, ev):
        c = self.chars
        if (b == UP or b == DOWN) and (ev == PRESS or ev == REPEAT):
            i = CHARS.find(c[self.pos])
            c[self.pos] = CHARS[(i + (1 if b == UP else -1)) % len(CHARS)]
        elif b == SELECT and ev == LONG:
            name = "".join(c).strip()
            if name:
                settings.set_name(name)
                self.app.owner = name
            elif self.back_to is None:
                return
            self._leave()
            return
        elif b == SELECT and ev == RELEASE and not self.app.buttons[SELECT].was_long:
            if self.pos + 1 < settings.NAME_MAX:
                self.pos += 1
                if self.pos == len(c):
                    c.append(c[self.pos - 1] if c[self.pos - 1] != " " else "A")
        elif b == BACK and ev == PRESS:
            if len(c) > 1:
                c.pop(self.pos)
                self.pos = min(self.pos, len(c)) - (1 if self.pos >= len(c) else 0)
            elif self.back_to is not None:
                self.app.go(self.back_to)
                return
        else:
            return
        self.changed()

    def _leave(self):
        if self.back_to is None:
            self.app.home()
        else:
            self.app.go(self.back_to)

    def draw(self, g):
        g.row(0, t("name") if self.back_to else t("first_name"))
        s = "".join(self.chars)
        x = (128 - len(s) * 8) // 2
        g.text(s, x, 24)
        g.fb.hline(x + self.pos * 8, 33, 8, 1)
        g.row(6, t("name_help1"), 1)
        g.row(7, t("name_help2"), 1)
