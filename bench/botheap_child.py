"""Child of bench/py_bots_heap.py, run under MicroPython with a given heap size:
`GAME LEVEL VIEWS.jsonl` loads the modules, then reads the views one line at a time and (unless
LEVEL is "none") lets the bot decide each. Prints OK at the end; a MemoryError ends it otherwise."""
import json
import sys

from dicecup.bots import rng as botrng
from dicecup.core import shape  # noqa: F401  (the rules cores load these on first use: count them as loaded)
from dicecup.rules import snyd_text  # noqa: F401
from dicecup.rules import snyd  # noqa: F401  (the rules cores: the game has them loaded already)
from dicecup.rules import snyd_odds  # noqa: F401
from dicecup.rules import yatzy  # noqa: F401
from dicecup.bots import view as botview  # noqa: F401
from dicecup.bots import yatzy_view  # noqa: F401
from dicecup.bots import snyd as snyd_bot  # noqa: F401
from dicecup.bots import snyd_hard  # noqa: F401  (the hard level's judgement, loaded at its first decision)
from dicecup.bots import yatzy as yatzy_bot
from dicecup.bots import snyd_view  # the bots' view side: decide(view, level, rng)
from dicecup.bots import yatzy_coach
from dicecup.bots import yatzy_turn  # noqa: F401
from dicecup.bots import yatzy_values  # noqa: F401

game, level, path = sys.argv[1], sys.argv[2], sys.argv[3]
rng = botrng.Rng(1)
yatzy_bot.use_tables("build/tables")
snyd_hard.use_tables("build/tables")
bot = snyd_view if game == "snyd" else yatzy_coach
with open(path) as f:
    for line in f:
        v = json.loads(line)
        if level != "none":
            bot.decide(v, level, rng)
        v = None
print("OK")
