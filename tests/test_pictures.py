"""host_tools.pictures: the docs' GIF and window picture come from a 4-handheld table game in the
simulator, with handheld 2 holding BACK to peek at its dice."""
from PIL import Image

from host_tools import pictures
from host_tools.sim import window


def test_pictures_show_a_table_game_with_one_handheld_peeking(tmp_path):
    gif, png, n = pictures.make(str(tmp_path), seconds=4)
    assert n > 5
    with Image.open(gif) as im:
        assert im.n_frames == n and im.size[0] > 4 * 128
    img = Image.open(png).convert("RGB")
    # the BACK button of handheld 2 (the first of its four, as the cup has them) is drawn held
    scale, pad = 2, 16
    col = 128 * scale + 2 * pad
    y = pad + 64 * scale + 6 + 20 + 20
    held = img.getpixel((col + pad + 4, y))
    free = img.getpixel((pad + 4, y))  # handheld 1's BACK
    assert held == window.BTN_DOWN and free == window.BTN, (held, free)
