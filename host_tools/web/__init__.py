"""dicecup in the browser (issue 17): the unchanged firmware on MicroPython's WebAssembly port, one
Web Worker per handheld, the page as the simulator (docs/web.md). `python -m host_tools.web` builds
build/web/ and serves it."""
