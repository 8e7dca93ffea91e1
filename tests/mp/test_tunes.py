"""device.sound.Sound: a tune's notes sound in order, each for its time, a note per tick and never
a wait; the piezo is silent at the end; muted, nothing sounds."""
from dicecup.device.sound import Sound
from mpcheck import eq


class Hw:
    def __init__(self):
        self.tones = []

    def tone(self, hz):
        self.tones.append(hz)


def _play(s, tune, until, step=10):
    """tune's tones as (ms, hz) over the app's clock from 1000 ms, a tick every step ms."""
    hw = Hw()
    s.play(tune)
    out = []
    for now in range(1000, until, step):
        n = len(hw.tones)
        s.tick(now, hw)
        out += [(now - 1000, hz) for hz in hw.tones[n:]]
    return out


def test_a_tunes_notes_in_order_each_for_its_time():
    # (hz // 10, ms // 10) per note: 880 Hz 80 ms, a rest 40 ms, 1100 Hz 120 ms
    eq(_play(Sound(), b"\x58\x08\x00\x04\x6e\x0c", 2000),
       [(0, 880), (80, 0), (120, 1100), (240, 0)])


def test_the_tunes_are_notes_and_times():
    for t in (Sound.RATTLE, Sound.REVEAL, Sound.TURN):
        assert t and len(t) % 2 == 0, t
        got = _play(Sound(), t, 4000)
        eq([hz for _, hz in got], [t[i] * 10 for i in range(0, len(t), 2)] + [0])


def test_a_new_tune_replaces_the_one_playing():
    s = Sound()
    hw = Hw()
    s.play(b"\x58\x08\x6e\x08")
    s.tick(1000, hw)
    s.play(b"\x4a\x02")
    s.tick(1010, hw)            # at once, not at the old note's end
    s.tick(1030, hw)
    eq(hw.tones, [880, 740, 0])


def test_muted_nothing_sounds():
    s = Sound()
    s.on = False
    eq(_play(s, Sound.RATTLE, 3000), [])


def test_silent_between_tunes():
    s = Sound()
    hw = Hw()
    for now in range(0, 500, 20):
        s.tick(now, hw)
    eq(hw.tones, [])
