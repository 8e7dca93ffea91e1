"""Property test of x25519 under CPython: any two random secrets agree on one shared secret."""
from hypothesis import given, strategies as st

from dicecup.table import x25519 as X

keys = st.binary(min_size=32, max_size=32)


@given(keys, keys)
def test_random_key_pairs_agree(a, b):
    s = X.shared(a, X.public(b))
    assert len(s) == 32
    assert s == X.shared(b, X.public(a))
