"""Compatibility shim: lets the pure cores run unchanged on MicroPython and CPython.

`const` is MicroPython's compile-time constant marker; mpy-cross recognises `X = const(n)` by name,
so importing it from here keeps the optimisation on the device while CPython gets the identity.
"""
try:
    from micropython import const  # noqa: F401
except ImportError:  # CPython

    def const(x):
        return x
