"""`python -m host_tools.web [build|serve] [--port P]`: the static site of dicecup in the browser.

build writes build/web/: the firmware's .mpy build (found by walking build/firmware, whatever its
layout), the host fakes and host_tools/web/py compiled with the same mpy-cross, the WebAssembly
MicroPython that host_tools/mp32 pins (npm ci there), the board's pin map, the page, and
manifest.json listing every Python file with the folder it goes to in a handheld's filesystem.
serve builds, then serves that folder on 127.0.0.1 (a plain static server: no code of ours runs on
it) and prints the address. See docs/web.md.
"""
import argparse
import functools
import http.server
import json
import os
import shutil
import subprocess
import sys

from host_tools import devtime
from host_tools import build as fwbuild
from host_tools.paths import BUILD, HARDWARE, MPY_CROSS, ROOT

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(ROOT, "build", "web")
WEB_HEAP = 1048576  # the WebAssembly port's heap the page gives a handheld (hub.mjs's default)
FAKES = os.path.join(ROOT, "host_tools", "fakes")
MP = os.path.join(ROOT, "host_tools", "mp32", "node_modules", "@micropython",
                  "micropython-webassembly-pyscript")
# the handheld's filesystem in its worker: the first of these folders on sys.path wins
PATH = ("/web", "/fakes/vclock", "/fakes", "/fw")


def _walk(root, keep):
    for d, _, files in os.walk(root):
        for f in sorted(files):
            if keep(f):
                yield os.path.relpath(os.path.join(d, f), root)


def _compile(src, dst):
    os.makedirs(os.path.dirname(dst), exist_ok=True)
    name = os.path.basename(src)[:-3]
    subprocess.run([MPY_CROSS, "-o", dst, "-s", name, src], check=True, capture_output=True)


def build(out=OUT, firmware=True):
    """Write the site into out; returns the manifest. firmware=False takes build/firmware as it is
    (the tests: `make build` made it, and other tests read it meanwhile)."""
    if not os.path.isdir(MP):
        sys.exit("no WebAssembly MicroPython: run `make mp32` (npm ci in host_tools/mp32)")
    errors = fwbuild.build() if firmware else None
    if errors:
        sys.exit("firmware build failed: %s" % errors)
    if not os.path.exists(os.path.join(BUILD, "app.mpy")) and not any(_walk(BUILD, lambda f: f == "app.mpy")):
        sys.exit("no firmware build in %s: run `make build`" % BUILD)
    if os.path.isdir(out):
        shutil.rmtree(out)
    os.makedirs(out)
    files = []
    # the firmware as built: every .mpy under build/firmware at its own place (main.py, boot.py are
    # the unix/device scripts and stay out: entry.py is the web's boot)
    for rel in _walk(BUILD, lambda f: f.endswith(".mpy")):
        dst = os.path.join(out, "fw", rel)
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        shutil.copyfile(os.path.join(BUILD, rel), dst)
        files.append("fw/" + rel)
    # the fakes of the hardware modules, as the simulator runs them (not the power-cut script, not
    # the unix port's seeded os: py/os.py is the web's)
    for rel in _walk(FAKES, lambda f: f.endswith(".py")):
        if rel.startswith("seeded") or rel.startswith("_"):
            continue
        _compile(os.path.join(FAKES, rel), os.path.join(out, "fakes", rel[:-3] + ".mpy"))
        files.append("fakes/" + rel[:-3] + ".mpy")
    for rel in _walk(os.path.join(HERE, "py"), lambda f: f.endswith(".py")):
        _compile(os.path.join(HERE, "py", rel), os.path.join(out, "web", rel[:-3] + ".mpy"))
        files.append("web/" + rel[:-3] + ".mpy")
    for f in os.listdir(os.path.join(HERE, "static")):
        shutil.copyfile(os.path.join(HERE, "static", f), os.path.join(out, f))
    os.makedirs(os.path.join(out, "mp"))
    for f in ("micropython.mjs", "micropython.wasm"):
        shutil.copyfile(os.path.join(MP, f), os.path.join(out, "mp", f))
    with open(os.path.join(HARDWARE, "pinmap.json")) as f:
        pinmap = json.load(f)
    from host_tools.sim.hub import default_name
    # the owners' names a new handheld gets before its first boot, the simulator's (ANNA, BO, ...)
    manifest = {"files": files, "path": list(PATH), "pinmap": pinmap,
                "names": [default_name(i) for i in range(16)],
                # device time (host_tools/devtime.py): each board's model for a 32-bit port's heap
                "devtime": {k: devtime.get(k).env(WEB_HEAP, word=4) for k in devtime.MODELS},
                "mp_version": json.load(open(os.path.join(MP, "package.json")))["version"]}
    with open(os.path.join(out, "manifest.json"), "w") as f:
        json.dump(manifest, f, indent=1)
    return manifest


class _Quiet(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".mjs": "text/javascript", ".wasm": "application/wasm", ".mpy": "application/octet-stream"}

    def log_message(self, *a):
        pass


def listen(port, out=OUT):
    """The page's server bound to 127.0.0.1:port, before the site is built: a busy port is said at
    once, naming WEB_PORT (make web) and --port."""
    handler = functools.partial(_Quiet, directory=out)
    try:
        return http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
    except (OSError, OverflowError) as e:
        sys.exit("port %d on 127.0.0.1 is not free (%s): another program, or another `make web`, uses it; "
                 "take another: make web WEB_PORT=%d (python -m host_tools.web --port %d)"
                 % (port, getattr(e, "strerror", None) or e, port + 1, port + 1))


def serve(port=8017, out=OUT, httpd=None):
    httpd = httpd or listen(port, out)
    print("dicecup in the browser: http://127.0.0.1:%d/  (?n=4 handhelds; Ctrl-C stops)"
          % httpd.server_address[1], flush=True)
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        pass


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m host_tools.web")
    ap.add_argument("what", nargs="?", default="serve", choices=("build", "serve"))
    ap.add_argument("--port", type=int, default=8017)
    a = ap.parse_args(argv)
    httpd = listen(a.port) if a.what == "serve" else None
    m = build()
    print("build/web: %d Python files, MicroPython %s" % (len(m["files"]), m["mp_version"]))
    if httpd:
        serve(a.port, httpd=httpd)


if __name__ == "__main__":
    main()
