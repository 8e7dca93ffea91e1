"""A handheld whose heap cannot hold the table (a stock ESP32-WROOM-32 gives MicroPython about
110 KB; the table's code alone needs more) says so and goes back to the title, in the simulator
with the real firmware: choosing the table from the title, and booting back into a seat kept on
flash. Before, both crashed the handheld, the second at every boot (it always tried the seat again).

The small heap is -X heapsize=96K: the title and the solo games fit in it (bench/py_handheld.py),
the table does not (bench/py_table_sim.py).
"""
import os

import pytest

from host_tools.sim.tabledrive import TableHarness, en

SMALL = "96K"


@pytest.fixture
def harness():
    made = []

    def make(n, **kw):
        t = TableHarness(n, ("Anna", "Bo")[:n], **kw)
        made.append(t)
        return t
    yield make
    for t in made:
        t.close()


def back_on_title(t, i):
    """Handheld i shows the no-room message, not the crash screen; a press brings the title."""
    t.take(i)
    t.until(lambda: t.shows(i, *en("no_room_t").split()[:5]), 20000, "the no-room message")
    assert t.shows(i, "WROVER"), t.screens()  # what the board would need
    assert not t.shows(i, en("crashed")) and t.sim.handhelds[i].alive
    t.press(i, "select")
    t.until(lambda: t.shows(i, en("table"), en("settings")), 5000, "the title")


@pytest.mark.timeout(180)  # a crash stalls the virtual clock: fail, do not hang
def test_choosing_the_table_without_room_says_so(harness):
    t = harness(1, heap=SMALL)
    t.take(0)
    t.until(lambda: t.shows(0, en("table")), 10000, "the title")
    t.choose(0, en("table"))
    back_on_title(t, 0)
    # the title still works: the solo game the heap does hold opens after it
    t.choose(0, en("snyd"))
    t.until(lambda: not t.shows(0, en("settings")), 5000, "the Snyd set-up")
    assert t.sim.handhelds[0].alive and not t.shows(0, en("crashed"))


@pytest.mark.timeout(180)
def test_a_seat_without_room_after_a_reboot_is_given_up(harness):
    t = harness(2)
    t.seat_all()
    seat = os.path.join(t.sim.handhelds[1].flash, "table.json")
    assert os.path.exists(seat)
    t.sim.heap = SMALL       # the next boot of handheld 1 has the small heap
    t.sim.reboot(1)
    back_on_title(t, 1)
    assert not os.path.exists(seat)
    t.sim.reboot(1)          # and the boot after that is an ordinary one
    t.take(1)
    t.until(lambda: t.shows(1, en("table"), en("settings")), 20000, "the title after a reboot")
    assert not t.shows(1, "WROVER")
