"""firstboot: a new handheld's first question, its language (both words on the screen, English
first), before ui.settings.NameEditor asks its owner's name. A module of its own, loaded by name
only at a first boot: a played game's heap never holds its names.
"""
from dicecup.storage import store
from dicecup.ui.screen import Menu


def start(app):
    """The first screen of a new handheld: the language, unless its settings already name one
    (the simulator's --lang, the page's ?lang=), then the name."""
    s = store.load("settings.json", {})   # settings' file as written, not cleaned
    if isinstance(s, dict) and "lang" in s:
        name(app)
    else:
        app.go(Language(app, 1 - app.settings["lang"]))


def name(app):
    from dicecup.ui import settings as settings_ui
    app.go(settings_ui.NameEditor(app, None))


class Language(Menu):
    def heading(self):
        return "Language/Sprog"

    def count(self):
        return 2

    def item(self, i):
        return (("English", "Dansk")[i], None)

    def choose(self, i):
        app = self.app
        app.settings["lang"] = 1 - i      # settings: 0 Danish, 1 English
        app.save_settings()
        name(app)
