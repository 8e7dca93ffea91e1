"""store: small JSON files on the handheld's flash, written so that a power cut never corrupts them.

save() writes NAME.tmp, then renames it over NAME (one atomic step on LittleFS, the ESP32's default
filesystem). If a filesystem refuses to rename onto an existing file, the old file is removed first;
load() then finds the complete NAME.tmp and uses it. A half-written NAME.tmp (the cut came during
the write) is never read while NAME is intact, so readers always see the last complete version.
Paths are relative to the current directory: "/" on the handheld, a temporary folder in tests.
"""
import json
import os
from dicecup.core.compat import const

RECORDS = "records"
_KEEP_RECORDS = const(5)


def exists(path):
    """Whether a file or folder is on flash."""
    try:
        os.stat(path)
        return True
    except OSError:
        return False


def remove(path):
    """Remove a file saved with save(), and its .tmp if a power cut left one."""
    for p in (path, path + ".tmp"):
        try:
            os.remove(p)
        except OSError:
            pass


def _read(path):
    try:
        with open(path) as f:
            return json.load(f)
    except (OSError, ValueError):
        return None


def load(path, default=None):
    """The object saved at path, or default when there is none (or only garbage)."""
    v = _read(path)
    if v is None:
        v = _read(path + ".tmp")
    return default if v is None else v


def save(path, obj):
    """obj: what json can dump, or anything with write(f) that writes its own JSON text (a game
    recorder streams a long record that way, never holding all of it in memory)."""
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        if hasattr(obj, "write"):
            obj.write(f)
        else:
            json.dump(obj, f)
    try:
        os.rename(tmp, path)
    except OSError:
        # FAT: rename will not replace; the complete .tmp covers the moment between the two steps
        os.remove(path)
        os.rename(tmp, path)


def save_record(kind, number, record, old=True):
    """Save a game record (a dict, or a recorder as for save) as records/KIND-NUMBER.json and
    (old) drop the ones older than _KEEP_RECORDS (drop)."""
    if not exists(RECORDS):
        os.mkdir(RECORDS)
    save("%s/%s-%04d.json" % (RECORDS, kind, number), record)
    if old:
        drop(kind, number)
    return number


def drop(kind, number):
    """Remove the records of kind older than the _KEEP_RECORDS before number."""
    old = number - _KEEP_RECORDS
    for name in os.listdir(RECORDS):
        if name.startswith(kind + "-") and name.endswith(".json"):
            try:
                n = int(name[len(kind) + 1:-5])
            except ValueError:
                continue
            if n <= old:
                os.remove(RECORDS + "/" + name)
