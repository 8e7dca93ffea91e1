"""Shake to roll and the piezo (issue 16): the pin map's tilt switch read through hw.tilt and
buttons.Shake, the piezo's PWM on the machine fake (machine._sound), tick-driven tunes, the mute
setting."""
import machine

from dicecup.device import buttons
import rig
from dicecup.play import seats
from hh_yatzy import NEVER_SLEEP, start

seats.Bot.think_ms = 60


def shake(r, edges=6, gap_ms=40):
    tilt = r.pm["optional"]["tilt"]
    for k in range(edges):
        machine.sim_set(tilt, k & 1)
        r.wait(gap_ms)
    machine.sim_set(tilt, 1)


_since = [0]


def sounds(clear=False):
    """[(GPIO, Hz), ...]: the machine fake's last changes of a PWM's sound since the last clear,
    oldest first."""
    s = machine._sound
    n = s[0]
    out = [(s[1 + i % 32] >> 16, s[1 + i % 32] & 0xFFFF) for i in range(max(_since[0], n - 32), n)]
    if clear:
        _since[0] = n
    return out


def buzzer_tones(r):
    pin = r.pm["optional"]["buzzer"]
    return [hz for p, hz in sounds() if p == pin]


def test_a_shake_is_a_burst_of_edges_once():
    level = [1]
    s = buttons.Shake(lambda: level[0])
    fired = []
    t = 0
    for k in range(12):             # 12 edges 40 ms apart: one shake, not three
        level[0] ^= 1
        t += 40
        fired.append(s.update(t))
    assert fired.count(True) == 1 and fired[3], fired
    t += 500                        # still for quiet_ms: the next burst is the next shake
    assert not s.update(t)
    for k in range(4):
        level[0] ^= 1
        t += 40
        if s.update(t):
            break
    else:
        raise AssertionError("the second shake was not seen")
    slow = buttons.Shake(lambda: level[0])
    for k in range(8):              # an edge every 700 ms: the cup put down, not shaken
        level[0] ^= 1
        t += 700
        assert not slow.update(t)


def test_shaking_the_cup_rolls_in_yatzy_and_rattles():
    rig.fresh(NEVER_SLEEP)
    r = rig.Rig(seed=3)
    start(r, "Yatzy", 1, 0)
    g = r.app.screen.m.game
    assert r.lines()[4] == "OK: slå", r.text()
    sounds(True)
    shake(r)
    r.step(30)
    assert g.roll_no == 1, r.text()
    assert r.lines()[1].startswith("Slag 1 af"), r.text()
    tones = buzzer_tones(r)
    assert len([hz for hz in tones if hz]) >= 4 and tones[-1] == 0, tones   # a rattle, then quiet
    shake(r)
    r.step(30)
    assert g.roll_no == 2, r.text()
    shake(r)
    r.step(30)
    shake(r)                        # no rolls left: a shake does nothing
    r.step(30)
    assert g.roll_no == 3 and g.rolls_left == 0, r.text()
    rig.leave()


def test_sound_never_blocks_and_mute_silences():
    rig.fresh(NEVER_SLEEP)
    r = rig.Rig(seed=3)
    sounds(True)
    r.app.sound.play(r.app.sound.RATTLE)
    assert buzzer_tones(r) == []            # nothing sounds until the loop's next tick
    r.step()
    assert buzzer_tones(r)[-1:] == [1800], buzzer_tones(r)   # the rattle's first note
    r.step()
    assert len(buzzer_tones(r)) == 1        # its note lasts 30 ms: still sounding, no wait
    r.step(30)
    assert buzzer_tones(r)[-1] == 0
    r.choose("Indstillinger")
    r.choose("Lyd")                         # sound off
    assert r.app.settings["sound"] is False, (r.app.settings["sound"], r.text())
    sounds(True)
    r.app.sound.play(r.app.sound.REVEAL)
    r.step(20)
    assert buzzer_tones(r) == [], buzzer_tones(r)
    rig.leave()
