"""screens: the title menu, game choice and set-up, settings, statistics and the name editor.

The game screens live in snyd_ui and yatzy_ui; this module starts them with the seats chosen here
(a Person for each player on this handheld, a Bot for each bot).
"""
import settings
from buttons import BACK, DOWN, LONG, PRESS, RELEASE, REPEAT, SELECT, UP
from seats import Bot, Person
from strings import t
from ui import Menu, Screen, fit, onoff

YATZY_VARIANTS = ("standard", "maxi", "yahtzee", "triple", "team")


class Title(Menu):
    title = "title"
    ITEMS = ("snyd", "snyd_kids", "yatzy", "settings", "stats")

    def count(self):
        return len(self.ITEMS)

    def item(self, i):
        return (t(self.ITEMS[i]), None)

    def draw(self, g):
        g.row(0, t("title"))
        for i in range(len(self.ITEMS)):
            g.row(i + 2, fit(" " + t(self.ITEMS[i]), None), 0, i == self.sel)

    def choose(self, i):
        app = self.app
        k = self.ITEMS[i]
        if k == "snyd":
            app.go(SnydSetup(app, False))
        elif k == "snyd_kids":
            app.go(SnydSetup(app, True))
        elif k == "yatzy":
            app.go(YatzyChoice(app))
        elif k == "settings":
            app.go(Settings(app))
        else:
            app.go(Stats(app))


class SnydSetup(Menu):
    def __init__(self, app, kids):
        Menu.__init__(self, app, 2)
        self.kids = kids
        s = app.settings
        self.bots = 2 if kids else s["bots"]
        self.level = 0 if kids else s["bot_level"]

    def heading(self):
        return t("snyd_kids" if self.kids else "snyd")

    def count(self):
        return 3

    def item(self, i):
        if i == 0:
            return (t("bots"), self.bots)
        if i == 1:
            return (t("level"), t(settings.LEVELS[self.level]))
        return (t("start"), None)

    def choose(self, i):
        if i == 0:
            self.bots = self.bots % 7 + 1
        elif i == 1:
            self.level = (self.level + 1) % 4
        else:
            self.start()

    def back(self):
        self.app.go(Title(self.app, 1 if self.kids else 0))

    def rules(self):
        import snyd
        s = self.app.settings
        if self.kids:
            return snyd.Rules(dice=3, jokers=False, palifico=False, calza=False)
        return snyd.Rules(dice=s["dice"] + 1, jokers=s["jokers"], palifico=s["palifico"],
                          calza=s["calza"], open_on_ones=s["open_on_ones"],
                          calza_by=s["calza_by"], count_scope=s["count_scope"])

    def start(self):
        app = self.app
        if not self.kids:
            app.settings["bots"] = self.bots
            app.settings["bot_level"] = self.level
            app.save_settings()
        level = settings.LEVELS[self.level]
        seats = [Person(app.name())]
        for i in range(self.bots):
            seats.append(Bot(t("bot") + str(i + 1), level, app.rng_seed()))
        import snyd_match
        import snyd_ui
        m = snyd_match.SnydMatch(self.rules(), seats, 0, app.rng_seed(), app.rng_seed() % len(seats))
        app.go(snyd_ui.Round(app, m, self.kids))


class YatzyChoice(Menu):
    title = "yatzy"

    def count(self):
        return len(YATZY_VARIANTS)

    def item(self, i):
        return (t("v_" + YATZY_VARIANTS[i]), None)

    def choose(self, i):
        self.app.go(YatzySetup(self.app, YATZY_VARIANTS[i]))

    def back(self):
        self.app.go(Title(self.app, 2))


class YatzySetup(Menu):
    def __init__(self, app, variant):
        Menu.__init__(self, app, 3)
        self.variant = variant
        s = app.settings
        self.people = s["y_people"] + 1
        self.bots = s["y_bots"]
        self.level = s["bot_level"]

    def heading(self):
        return t("v_" + self.variant)

    def count(self):
        return 4

    def item(self, i):
        if i == 0:
            return (t("people"), self.people)
        if i == 1:
            return (t("bots"), self.bots)
        if i == 2:
            return (t("level"), t(settings.LEVELS[self.level]))
        return (t("start"), None)

    def choose(self, i):
        if i == 0:
            self.people = self.people % 4 + 1
        elif i == 1:
            self.bots = (self.bots + 1) % 4
        elif i == 2:
            self.level = (self.level + 1) % 4
        else:
            self.start()

    def back(self):
        self.app.go(YatzyChoice(self.app, YATZY_VARIANTS.index(self.variant)))

    def start(self):
        app = self.app
        team = self.variant == "team"
        if self.people + self.bots < (2 if team else 1):
            self.app.go(Message(app, t("need_two"), self))
            return
        s = app.settings
        s["y_people"] = self.people - 1
        s["y_bots"] = self.bots
        s["bot_level"] = self.level
        app.save_settings()
        level = settings.LEVELS[self.level]
        players = [Person(app.name())]
        for i in range(1, self.people):
            players.append(Person(t("player") + str(i + 1)))
        for i in range(self.bots):
            players.append(Bot(t("bot") + str(i + 1), level, app.rng_seed()))
        options = None
        variant = self.variant
        if variant == "maxi":
            options = {"bonus": ("84/100", "75/50")[s["maxi_bonus"]], "saved_rolls": s["saved_rolls"]}
        import yatzy_match
        import yatzy_ui
        m = yatzy_match.YatzyMatch("standard" if team else variant, players, options,
                                   app.rng_seed(), 2 if team else 0)
        app.go(yatzy_ui.Turn(app, m))


class Message(Screen):
    """A short message; any button returns to the screen it came from."""

    def __init__(self, app, text, back_to):
        Screen.__init__(self, app)
        self.text = text
        self.back_to = back_to

    def key(self, b, ev):
        if ev == PRESS:
            self.app.go(self.back_to)

    def draw(self, g):
        words = self.text.split(" ")
        line = ""
        r = 2
        for w in words:
            if len(line) + len(w) + (1 if line else 0) > 16:
                g.row(r, line, 1)
                r += 1
                line = w
            else:
                line = line + " " + w if line else w
        g.row(r, line, 1)
        g.row(7, t("ok_back"), 1)


class Settings(Menu):
    title = "settings"
    ITEMS = ("lang", "name", "contrast", "sleep", "cup", "level", "snyd_rules", "maxi_rules")

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
        elif k == "snyd_rules":
            app.go(SnydRules(app))
            return
        else:
            app.go(MaxiRules(app))
            return
        app.save_settings()

    def back(self):
        self.app.go(Title(self.app, 3))


class SnydRules(Menu):
    title = "snyd_rules"
    ITEMS = ("dice", "jokers", "palifico", "calza", "open_on_ones", "calza_by", "count_scope")

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
        self.app.go(Settings(self.app, 6))


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
        self.app.go(Settings(self.app, 7))


class Stats(Screen):
    def key(self, b, ev):
        if ev == PRESS and (b == BACK or b == SELECT):
            self.app.go(Title(self.app, 4))

    def draw(self, g):
        st = settings.stats()
        g.row(0, t("stats"))
        g.row(1, fit("", t("played_won")))
        r = 2
        for k in ("snyd", "snyd_kids", "yatzy"):
            row = st.get(k) or [0, 0, 0]
            g.row(r, fit(t(k), "%d/%d" % (row[0], row[1])))
            r += 1
        best = (st.get("yatzy") or [0, 0, 0])[2]
        g.row(r + 1, fit(t("best"), best))


CHARS = " ABCDEFGHIJKLMNOPQRSTUVWXYZÆØÅ0123456789-"


class NameEditor(Screen):
    """Up/down pick a letter, select (a short press) moves on, back deletes; a long select saves."""

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
            self.app.go(self.back_to)
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
            else:
                self.app.go(self.back_to)
                return
        else:
            return
        self.changed()

    def draw(self, g):
        g.row(0, t("name"))
        s = "".join(self.chars)
        x = (128 - len(s) * 8) // 2
        g.text(s, x, 24)
        g.fb.hline(x + self.pos * 8, 33, 8, 1)
        g.row(6, t("name_help1"), 1)
        g.row(7, t("name_help2"), 1)
