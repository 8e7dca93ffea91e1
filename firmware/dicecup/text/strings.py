"""strings: every text the handheld shows, in the language chosen (English by default, or Danish).

t(key) gives the text in the current language; set_lang(0 Danish / 1 English). The texts are one
table, text.words (a line per text, key|Danish|English). set_lang keeps only the chosen
language's lines (key|text, one string of UTF-8 text built in place) and drops the table module
again, so the heap holds one language, not both (docs/memory.md).
"""
from dicecup.core.compat import forget

_lang = 0
_tab = ""   # "\nkey|text" per line of the current language, then "\n"


def set_lang(lang):
    global _lang, _tab
    lang = 1 if lang == 1 else 0
    if _tab and lang == _lang:
        return
    _lang = lang
    _tab = ""
    from dicecup.text import words
    b = words.TABLE.encode()
    forget(("dicecup.text.words",), False)  # read once per language change, not kept
    mv = memoryview(b)
    out = None
    for _ in range(2):  # measure the language's lines, then copy them into one buffer
        n = 0
        i = b.find(b"\n") + 1
        while 0 < i < len(b):
            k = b.find(b"|", i) + 1      # key| is b[i:k]
            d = b.find(b"|", k)          # Danish is b[k:d]
            e = b.find(b"\n", d)         # English is b[d + 1:e]
            a, z = (d + 1, e) if _lang else (k, d)
            if out is not None:
                out[n] = 10
                out[n + 1:n + 1 + k - i] = mv[i:k]
                out[n + 1 + k - i:n + 1 + k - i + z - a] = mv[a:z]
            n += 1 + k - i + z - a
            i = e + 1
        if out is not None:
            break
        out = bytearray(n + 1)
    out[n] = 10
    _tab = str(out, "utf-8")


def lang():
    return _lang


def bid_text(count, face):
    """A bid as the screens write it, "3x" and the face's mini die (the font's characters 1-6,
    gfx.MINI_DIE): here, so that the Snyd screens and the table's refusals (why) share it."""
    return str(count) + "x" + chr(face)


def t(key):
    s = _tab
    i = s.find("\n" + key + "|")
    if i < 0:
        return key
    i += len(key) + 2
    return s[i:s.find("\n", i)]


set_lang(1)
