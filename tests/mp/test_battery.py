"""battery: the LiPo curve maps cell millivolts to a percentage the screen can trust."""
from dicecup.device import battery
from mpcheck import eq


def test_full_and_empty_ends():
    eq(battery.percent(4200), 100)
    eq(battery.percent(4150), 100)
    eq(battery.percent(3300), 0)
    eq(battery.percent(3000), 0)
    eq(battery.percent(0), 0)


def test_curve_points_are_hit_exactly():
    eq(battery.percent(3790), 50)
    eq(battery.percent(3610), 10)
    eq(battery.percent(4050), 90)


def test_monotonic_and_in_range_over_every_millivolt():
    last = -1
    for mv in range(2800, 4400):
        pc = battery.percent(mv)
        assert 0 <= pc <= 100, (mv, pc)
        assert pc >= last, "percent fell from %d to %d at %d mV" % (last, pc, mv)
        last = pc


def test_interpolates_between_points():
    # halfway between 3790 mV (50 %) and 3840 mV (60 %)
    eq(battery.percent(3815), 55)


def test_pin_reading_to_cell_voltage():
    # 1.9 V on the pin behind a 2:1 divider is a 3.8 V cell
    eq(battery.pin_to_cell_mv(1900000, 2.0), 3800)
    eq(battery.pin_to_cell_mv(0, 2.0), 0)


def test_warning_levels():
    # none above 20 %, low at 20 % (from 3.67 V down), critical at 10 % (from about 3.61 V down:
    # above the 3.57 V where a frame sent may dip the rail too far, hardware/power.md)
    eq(battery.warning(battery.percent(3800)), 0)
    eq(battery.warning(battery.percent(3675)), 0)
    eq(battery.warning(battery.percent(3670)), 1)
    eq(battery.warning(battery.percent(3615)), 1)
    eq(battery.warning(battery.percent(3610)), 2)
    eq(battery.warning(battery.percent(3570)), 2)
    eq(battery.warning(battery.percent(3500)), 2)
    eq(battery.warning(0), 2)
