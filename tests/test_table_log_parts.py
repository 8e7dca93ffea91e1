"""log.Node is assembled from one class per concern (docs/architecture.md, the log's parts): no part
shadows another's method, and receive's table sends each frame kind to the handler the old if-chain
ran (every part's size: tests/test_imports.py)."""
from dicecup.table import log, wire


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
