"""jslink: the host link's transport in the browser, in place of the TCP socket of the unix port.

hostlink.py uses this module as its socket and its poll object (write, readinto, ipoll) when the
port has no sockets. The bytes go through `webhost`, a JavaScript module the handheld's worker
registers (host_tools/web/static/handheld.mjs): Python hands it the address and length of a buffer
in the WebAssembly memory (uctypes.addressof) and JavaScript copies the bytes itself, so no message
allocates a Python object. The messages are hostlink's own: the page answers them as the
simulator's hub does. JavaScript only ever queues whole messages, so a read never comes in pieces.
"""
from uctypes import addressof

import webhost


def write(buf, off=0, n=-1):
    if n < 0:
        n = len(buf) - off
    webhost.write(addressof(buf) + off, n)


def readinto(buf, n=-1):
    if n < 0:
        n = len(buf)
    return webhost.read(addressof(buf), n)


def ipoll(ms=0):
    # the page delivers between two ticks, never during one: waiting would only stall the tick
    return (1,) if webhost.waiting() else ()
