"""Pictures of handheld screens: PNG screenshots and animated GIFs of a session, with Pillow.

A frame is what the firmware's SSD1306 sent to the glass: MONO_VLSB, one byte per 8-pixel column
of a page (bit 0 on top), pages of `width` bytes from the top. Drawn white on black like the OLED,
dimmed by the panel's contrast, black when the panel is off. No hand-written encoders: Pillow writes
the PNG and GIF files.
"""
from PIL import Image, ImageDraw

W, H = 128, 64
BEZEL = (28, 28, 32)
LABEL = (170, 170, 180)


def pixels(frame, width=W, height=H):
    """The frame as rows of 0/1 (row 0 on top)."""
    return [[(frame[(y >> 3) * width + x] >> (y & 7)) & 1 for x in range(width)]
            for y in range(height)]


def screen(frame, scale=1, contrast=255, on=True, width=W, height=H):
    """One screen as an RGB image of (width*scale) x (height*scale)."""
    img = Image.new("L", (width, height), 0)
    if frame is not None and on:
        lit = 90 + (165 * contrast) // 255  # an OLED at contrast 0 is dim, never dark
        img.putdata([lit if v else 0 for row in pixels(frame, width, height) for v in row])
    img = img.convert("RGB")
    if scale != 1:
        img = img.resize((width * scale, height * scale), Image.NEAREST)
    return img


def frame_of(img, scale=1, width=W, height=H):
    """Back from a screenshot to the MONO_VLSB frame (samples each scaled pixel's centre)."""
    g = img.convert("L")
    out = bytearray(width * height // 8)
    c = scale // 2
    for y in range(height):
        for x in range(width):
            if g.getpixel((x * scale + c, y * scale + c)) > 0:
                out[(y >> 3) * width + x] |= 1 << (y & 7)
    return bytes(out)


def save_png(frame, path, scale=4, contrast=255, on=True):
    screen(frame, scale, contrast, on).save(path, "PNG")
    return path


def table(frames, scale=2, labels=None, pad=8):
    """Several screens side by side on a bezel, each with its label underneath.

    frames: one entry per handheld, either a frame (bytes) or (frame, contrast, on)."""
    n = max(1, len(frames))
    sw, sh = W * scale, H * scale
    lab = 14
    img = Image.new("RGB", (pad + n * (sw + pad), pad + sh + lab + pad), BEZEL)
    d = ImageDraw.Draw(img)
    for i, f in enumerate(frames):
        fr, contrast, on = f if isinstance(f, tuple) else (f, 255, True)
        x = pad + i * (sw + pad)
        img.paste(screen(fr, scale, contrast, on), (x, pad))
        text = labels[i] if labels else "handheld %d" % (i + 1)
        d.text((x, pad + sh + 2), text, fill=LABEL)
    return img


class Recorder:
    """Collects the table's look over time: a snapshot whenever any screen changes.

    At most max_snaps snapshots (None or 0: no limit); once that many are taken, later changes are
    left out and counted in `left_out`, `full_at` is the time (ms) of the first one left out, and
    on_full(recorder) is called once then, so the caller can say so."""

    def __init__(self, n, scale=2, labels=None, max_snaps=600, on_full=None):
        self.n, self.scale, self.labels, self.max_snaps = n, scale, labels, max_snaps or None
        self.on_full = on_full
        self.snaps = []  # (t_ms, [frame per handheld])
        self.current = [None] * n
        self.left_out = 0
        self.full_at = None

    def update(self, t_ms, i, frame):
        self.current[i] = frame
        if self.full_at is not None:
            self.left_out += 1
        elif self.snaps and t_ms - self.snaps[-1][0] < 1:
            self.snaps[-1] = (self.snaps[-1][0], list(self.current))
        elif self.max_snaps is None or len(self.snaps) < self.max_snaps:
            self.snaps.append((t_ms, list(self.current)))
        else:
            self.full_at, self.left_out = t_ms, 1
            if self.on_full:
                self.on_full(self)

    def save_gif(self, path, speed=1.0, max_ms=2500, min_ms=60):
        """Write the session as an animated GIF (each snapshot shown as long as it lasted,
        clamped to min_ms..max_ms and divided by speed). Returns the number of GIF frames."""
        if not self.snaps:
            raise ValueError("nothing was shown: no frames to put in a GIF")
        imgs, durs = [], []
        for k, (t, frames) in enumerate(self.snaps):
            nxt = self.snaps[k + 1][0] if k + 1 < len(self.snaps) else t + max_ms
            dur = int(min(max_ms, max(min_ms, (nxt - t) / speed)))
            if imgs and frames == self.snaps[k - 1][1]:
                durs[-1] += dur
                continue
            imgs.append(table(frames, self.scale, self.labels).convert("P", palette=Image.ADAPTIVE,
                                                                          colors=16))
            durs.append(dur)
        imgs[0].save(path, save_all=True, append_images=imgs[1:], duration=durs, loop=0,
                     optimize=True)
        return len(imgs)
