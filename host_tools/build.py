"""Compile firmware/ to .mpy with mpy-cross into build/firmware (what gets deployed and benchmarked).

`main.py` and `boot.py` stay source: MicroPython only runs those two names as scripts.
Usage: python -m host_tools.build [--check]   (--check compiles to a temp dir and only reports errors)
"""
import os
import shutil
import subprocess
import sys
import tempfile

from host_tools.paths import BUILD, FIRMWARE, MPY_CROSS

SCRIPTS = ("main.py", "boot.py")


def firmware_sources():
    """Every .py under firmware/, as paths relative to it, sorted."""
    out = []
    for d, _, files in os.walk(FIRMWARE):
        for f in files:
            if f.endswith(".py"):
                out.append(os.path.relpath(os.path.join(d, f), FIRMWARE))
    return sorted(out)


def command(rel, dest_root):
    """(mpy-cross argv, file it deploys as) for one firmware file. Scripts are deployed as source,
    so their command only proves they compile."""
    src = os.path.join(FIRMWARE, rel)
    if rel in SCRIPTS:
        dst_check = os.path.join(tempfile.gettempdir(), "dicecup_check.mpy")
        return [MPY_CROSS, "-o", dst_check, src], os.path.join(dest_root, rel)
    dst = os.path.join(dest_root, rel[:-3] + ".mpy")
    # the source name tracebacks show is the module's own name ("snyd", not "snyd.py"): the
    # handheld has that name interned already, where "snyd.py" would cost a qstr per module
    return [MPY_CROSS, "-o", dst, "-s", os.path.basename(rel)[:-3], src], dst


def compile_one(rel, dest_root):
    """Compile one firmware file; returns (ok, message)."""
    cmd, dst = command(rel, dest_root)
    os.makedirs(os.path.dirname(dst), exist_ok=True)
    if rel in SCRIPTS:
        shutil.copyfile(os.path.join(FIRMWARE, rel), dst)
    r = subprocess.run(cmd, capture_output=True, text=True)
    return r.returncode == 0, (r.stderr or r.stdout).strip()


def build(dest_root=BUILD):
    """Build every firmware file into dest_root; returns a list of (file, error) for failures."""
    if os.path.isdir(dest_root):
        shutil.rmtree(dest_root)
    os.makedirs(dest_root)
    errors = []
    for rel in firmware_sources():
        ok, msg = compile_one(rel, dest_root)
        if not ok:
            errors.append((rel, msg))
    return errors


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    dest = tempfile.mkdtemp() if "--check" in argv else BUILD
    errors = build(dest)
    for rel, msg in errors:
        print("mpy-cross failed on firmware/%s: %s" % (rel, msg), file=sys.stderr)
    if not errors and "--check" not in argv:
        total = sum(os.path.getsize(os.path.join(d, f)) for d, _, fs in os.walk(dest) for f in fs)
        print("built %d files into %s (%d bytes)" % (len(firmware_sources()), os.path.relpath(dest), total))
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
