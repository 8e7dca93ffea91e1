"""screens: the title menu, the game choice and the game set-up, and a message box.

The game screens live in ui.snyd and ui.yatzy, the settings in ui.settings; each is imported when
first needed, and the app forgets them again on the way back to the title (app.home), so a game
never pays heap for the other game. The set-up starts a game with a Person for each
player on this handheld and a Bot for each bot, with the rules its settings make (settings). Only
app imports this module: every other screen goes back to the title with app.home().
"""
from dicecup.storage import settings
from dicecup.play.seats import Bot, Person
from dicecup.text.strings import t
from dicecup.ui.screen import Menu, Message, Screen, fit  # noqa: F401  (Message: title.Message for callers)
from dicecup.core.compat import const

_YATZY_VARIANTS = const(("standard", "maxi", "yahtzee", "triple", "team"))


def resume(app, b):
    """The boot's first screen: the title, or (b) the solo game whose set-up app.launch kept over
    the soft reset into it, started at once with no menu shown (b: the game, 0 Snyd, 1 kids'
    Snyd, 2 on the Yatzy variants; its bots, their level, its people)."""
    k = b[0] if b and len(b) == 4 and b[2] < 4 else 99
    if not (1 <= b[1] <= 7 if k < 2 else k < 2 + len(_YATZY_VARIANTS) and b[1] < 4 and
            1 <= b[3] <= 4):
        app.go(Title(app))  # none, or a set-up the menus never make (the RTC memory is anyone's)
        return
    s = SnydSetup(app, k == 1) if k < 2 else YatzySetup(app, _YATZY_VARIANTS[k - 2])
    s.bots = b[1]
    s.level = b[2]
    s.people = b[3]
    s.start()


class Title(Menu):
    title = "title"
    ITEMS = ("snyd", "snyd_kids", "yatzy", "settings", "stats", "table")

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
        elif k == "table":
            app.launch("dicecup.ui.table", ())  # the menus go before the table loads
        elif k == "settings":
            from dicecup.ui import settings as settings_ui
            app.go(settings_ui.Settings(app))
        else:
            from dicecup.ui import settings as settings_ui
            app.go(settings_ui.Stats(app))


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
        app.launch("dicecup.ui.snyd", (settings.rules(app.settings, self.kids), seats, 0, app.rng_seed(),
                               app.rng_seed() % len(seats), self.kids), False,
                   bytes((1 if self.kids else 0, self.bots, self.level, 0)))


class YatzyChoice(Menu):
    title = "yatzy"

    def count(self):
        return len(_YATZY_VARIANTS)

    def item(self, i):
        return (t("v_" + _YATZY_VARIANTS[i]), None)

    def choose(self, i):
        self.app.go(YatzySetup(self.app, _YATZY_VARIANTS[i]))

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
        self.app.go(YatzyChoice(self.app, _YATZY_VARIANTS.index(self.variant)))

    def draw(self, g):
        Menu.draw(self, g)
        if self.level == 3 and self.bots:
            # the hard bot without its value table judges boxes by the normal bot's heuristic: the
            # table's file as bots.yatzy._table opens it, from its default folder (make deploy
            # copies them there); triple and team play read the standard table, Maxi has none
            from dicecup.storage import store
            v = self.variant
            v = "yahtzee" if v == "yahtzee" else None if v == "maxi" else "standard"
            if v is None or not store.exists("tables/yatzy_%s.yvt" % v):
                g.row(6, t("hard_no_table"), 1)
                g.row(7, t("plays_normal"), 1)

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
            options = settings.maxi_options(s)
        app.launch("dicecup.ui.yatzy", ("standard" if team else variant, players, options, app.rng_seed(),
                                2 if team else 0), False,
                   bytes((2 + _YATZY_VARIANTS.index(variant), self.bots, self.level, self.people)))


