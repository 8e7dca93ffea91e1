"""What a redraw allocates (micropython.mem_total on the unix port): under device time every byte
costs the board 0.074 us x 28 (the s3 model) and fills its heap toward a collection, and a game's
screen change is a whole frame's redraw on top of the loop that took the frames which made it
(docs/memory.md, Device time, part 7).

The drawing itself allocates nothing for text, rows, the cup and the battery: their locals and stack
fit in the 11 words MicroPython keeps off the heap (a frame on the heap was 160-376 bytes a call).
A table game's screens (1 person and 3 bots; the bots' names are strings made at each read) redrew
in at most 8.4 KB (the round), 10.9 KB (the reveal) and 7.2 KB (the summary) before; each bound
leaves 20-35 % above what they take now."""
import framebuf
from micropython import mem_total

import rig
from dicecup.ui.gfx import Gfx
from hh_render import cycle, mash


def _alloc(f):
    f()
    t = mem_total()
    f()
    return mem_total() - t


def test_text_rows_the_cup_and_the_battery_allocate_nothing():
    g = Gfx(framebuf.FrameBuffer(bytearray(1024), 128, 64, framebuf.MONO_VLSB))
    for what, f in (("text", lambda: g.text("Your turn", 0, 8)),
                    ("row", lambda: g.row(3, "Dealing...", 1)),
                    ("a selected row", lambda: g.row(2, "Bid", 0, True)),
                    ("a right row", lambda: g.row(7, "OK", 2)),
                    ("cup", lambda: g.cup(64, 18, 28)),
                    ("battery", lambda: g.battery(115, 0, 80))):
        n = _alloc(f)
        assert n == 0, (what, n)
    # our own glyphs (the mini dice) a die at a time: at most one frame for the row
    assert _alloc(lambda: g.mini_dice(b"\x01\x02\x03\x04\x05", 56, 16)) <= 200


BOUNDS = {"TableRound": 4600, "TableReveal": 4400, "TableSummary": 2200, "TableMoves": 2400,
          "TablePicker": 3000}


def test_a_table_games_screens_redraw_in_little_heap():
    rig.fresh({"sleep": 4, "lang": 1})
    r = rig.Rig(seed=4)
    cycle(r, 5, 1)                      # the table
    r.wait(300)
    cycle(r, 0, 1)                      # create (Snyd)
    cycle(r, 2, 1)                      # open
    r.wait(300)
    cycle(r, r.app.screen.asks + 1, 3)  # three bots
    cycle(r, r.app.screen.asks, 1)      # start
    app = r.app
    redraw = app.redraw
    most = {}

    def measured(*args):
        t = mem_total()
        redraw(*args)
        n = mem_total() - t
        k = type(app.screen).__name__
        if n > most.get(k, -1):
            most[k] = n

    app.redraw = measured
    mash(r, 4, 250)
    rig.leave()
    print(sorted(most.items()))
    for k, bound in BOUNDS.items():
        assert k in most and most[k] <= bound, (k, most.get(k), bound)


def test_a_new_game_opens_on_the_screens_the_lobby_loaded_ahead():
    """The lobby loads the game's screens in its idle loops (App.ahead); the launch that opens the
    game keeps them (it forgot them, and loaded them again in that loop: 40 KB allocated in the
    simulator's 4-handheld game, a loop of 149 ms on the s3 model with the first secret's file)."""
    import sys
    rig.fresh({"sleep": 4, "lang": 1})
    r = rig.Rig(seed=4)
    cycle(r, 5, 1)                      # the table
    r.wait(300)
    cycle(r, 0, 1)                      # create (Snyd)
    cycle(r, 2, 1)                      # open
    r.wait(3000)                        # the lobby's idle loops
    names = ("dicecup.ui.snyd_table", "dicecup.ui.snyd", "dicecup.ui.snyd_person",
             "dicecup.ui.table_watch")
    ahead = [sys.modules.get(n) for n in names]
    assert None not in ahead, ahead
    cycle(r, r.app.screen.asks + 1, 3)  # three bots
    cycle(r, r.app.screen.asks, 1)      # start
    r.wait(200)
    assert type(r.app.screen).__name__ == "TableRound", type(r.app.screen).__name__
    for n, m in zip(names, ahead):
        assert sys.modules.get(n) is m, n
    rig.leave()


def test_a_radio_poll_with_nothing_heard_allocates_nothing():
    """The table polls the radio every loop: its frame (and the fake's, whose allocations device
    time charges as the board's: the real irecv allocates nothing) were on the heap, 350 bytes a
    loop."""
    from dicecup.device import radio
    r = radio.Radio()
    heard = []
    handler = heard.append
    assert _alloc(lambda: r.poll(handler)) == 0
    assert not heard


def test_the_round_screens_tick_with_nothing_new_allocates_nothing():
    """The round screen's tick runs every loop; its frame and the refusal check's were on the heap
    (about 400 bytes a loop)."""
    rig.fresh({"sleep": 4, "lang": 1})
    r = rig.Rig(seed=4)
    cycle(r, 5, 1)                      # the table
    r.wait(300)
    cycle(r, 0, 1)                      # create (Snyd)
    cycle(r, 2, 1)                      # open
    r.wait(300)
    cycle(r, r.app.screen.asks + 1, 3)  # three bots
    cycle(r, r.app.screen.asks, 1)      # start
    got = []
    for _ in range(400):
        scr = r.app.screen
        if type(scr).__name__ == "TableRound" and scr.applied == r.app.table.node.applied:
            got.append(_alloc(lambda: scr.tick(r.now)))
        r.step()
    rig.leave()
    assert len(got) > 20 and max(got) == 0, (len(got), max(got) if got else None)
