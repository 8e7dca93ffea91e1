"""tablekeys: who is who at a table - this handheld's key pair, the pairwise keys, the codes people
compare. Pure: no I/O (os.urandom comes in as `rand`).

Every handheld at a table has an X25519 key pair (x25519.py, RFC 7748), made when it creates or
joins the table; public keys travel in the lobby (ANNOUNCE, JOIN, the host's ROSTER). Two handhelds
a and b share pair_key(a's secret, b's public, table): a frame tagged under it (wire)
can only come from one of the two. A handheld tags its own requests under self_key (its copy of a
request must verify like everyone else's). People see two short codes:
    join_code(host_pub, joiner_pub)   on the host's "let X sit?" question and on the joiner's screen:
                                      the same code means the joiner talks to this host, unchanged
    table_code(pubs)                  on every lobby screen: everyone at the same table sees the same
"""
import hashlib

from dicecup.table import x25519

SECRET_LEN = 32


def _h(*parts):
    h = hashlib.sha256(b"dicecup keys v1")
    for p in parts:
        h.update(p)
    return h.digest()


def _u32(v):
    return bytes((v & 0xFF, (v >> 8) & 0xFF, (v >> 16) & 0xFF, (v >> 24) & 0xFF))


def new_secret(rand):
    return bytes(rand(SECRET_LEN))


def public(secret):
    return x25519.public(secret)


def pair_key(secret, their_pub, table):
    """The 16-byte key two handhelds share at this table (ValueError: a public key that gives no
    secret, RFC 7748 section 6.1)."""
    return pair_from(shared(secret, their_pub), table)


def shared(secret, their_pub):
    """The X25519 shared secret with the holder of their_pub (the slow part of pair_key)."""
    return x25519.shared(secret, bytes(their_pub))


def pair_from(shared_secret, table):
    """pair_key from a shared secret agreed earlier."""
    return _h(b"pair", shared_secret, _u32(table))[:16]


def self_key(secret, table):
    return _h(b"self", secret, _u32(table))[:16]


def _code(d):
    return "%04d" % ((d[0] << 8 | d[1]) % 10000)


def join_code(host_pub, joiner_pub):
    return _code(_h(b"join", bytes(host_pub), bytes(joiner_pub)))


def table_code(pubs):
    """pubs: every seated handheld's public key in handheld order (None for a free number)."""
    h = hashlib.sha256(b"dicecup table")
    for p in pubs:
        if p:
            h.update(p)
    return _code(h.digest())


def welcome_proof(key, table, nonce, who):
    """The host's proof in a WELCOME: only the handheld sharing `key` with the joiner makes it."""
    return _h(b"welcome", key, _u32(table), _u32(nonce), bytes((who,)))[:8]


def dealt(codec, me, members, seed):
    """For the in-process harnesses (tests, benches) only: every pair key of `members` taken from
    one shared seed instead of X25519, so that tables of many handhelds start at once."""
    for h in range(8):
        if members & (1 << h):
            lo, hi = (me, h) if me < h else (h, me)
            codec.set_key(h, _h(b"dealt", seed, bytes((lo, hi)))[:16])
