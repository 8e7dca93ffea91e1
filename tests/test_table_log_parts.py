"""log.Node is assembled from one class per concern (docs/architecture.md, the log's parts): each part
stays small, no part shadows another's method, and receive's table sends each frame kind to the
handler the old if-chain ran."""
import ast
import os

from dicecup.table import log, wire
from host_tools.paths import FIRMWARE

PARTS = ("log", "window", "delivery", "sequencer", "police", "gate", "snapshot", "failover", "codes")
TABLE = os.path.join(FIRMWARE, "dicecup", "table")


def test_each_part_is_at_most_500_lines_and_each_class_400():
    for name in PARTS:
        src = open(os.path.join(TABLE, name + ".py")).read()
        assert src.count("\n") <= 500, name
        for n in ast.walk(ast.parse(src)):
            if isinstance(n, ast.ClassDef):
                assert n.end_lineno - n.lineno + 1 <= 400, (name, n.name)


def test_no_part_shadows_another():
    seen = {}
    for cls in log.Node.__mro__[:-1]:
        for k, v in vars(cls).items():
            if callable(v) or k.endswith("_ms"):
                assert k not in seen, (k, cls.__name__, seen.get(k))
                seen[k] = cls.__name__


class _Codec:
    table = 1
    gaps = 0

    def keyed(self):
        return 0


def test_receive_sends_each_frame_kind_to_its_handler():
    node = log.Node(0, _Codec(), object(), None, 1)
    want = {wire.T_ROSTER: "_rx_other", wire.T_LEAVE: "_rx_other", wire.T_TCODE: "_rx_other",
            wire.T_VOUCH: "_rx_vouch", wire.T_HINT: "_rx_hint", wire.T_ENTRY: "_rx_entry",
            wire.T_ACK: "_rx_ack", wire.T_NACK: "_rx_nack", wire.T_SNAP: "_rx_snap",
            wire.T_REJECT: "_rx_reject"}
    for t in range(1, wire.T_LAST + 1):
        name = "_rx_lobby" if wire.is_lobby(t) else want.get(t, "_rx_request")
        assert node._by_type[t].__func__ is getattr(log.Node, name), (t, name)
    for t in wire.LOGGABLE:
        assert node._by_type[t].__name__ == "_rx_request"
