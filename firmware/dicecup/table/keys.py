"""keys: who is who at a table - this handheld's key pair, the pairwise keys, the codes people
compare. Pure: no I/O (os.urandom comes in as `rand`).

Every handheld at a table has an X25519 key pair (x25519.py, RFC 7748), made when it creates or
joins the table; public keys travel in the lobby (ANNOUNCE, JOIN, the host's ROSTER). Two handhelds
a and b share pair_key(a's secret, b's public, table): a frame tagged under it (wire)
can only come from one of the two. A handheld tags its own requests under self_key (its copy of a
request must verify like everyone else's). People see two short codes, each made from every key it
covers and a fresh nonce from each side, where every side committed to its key and nonce before it saw
a nonce it did not make (commit, then reveal, as Bluetooth's numeric comparison does): whoever is in
the middle must fix its keys before it learns what the code will be, so a false key matches with the
chance of 4 digits, 1 in 10,000, per try, and no better however much it computes.
    join_code(host_pub, joiner_pub, host_nonce, joiner_nonce)
        on the host's "let X sit?" question and on the joiner's screen. The host commits first
        (join_commit, in JHOST), the joiner answers with its nonce (JOIN), the host reveals its nonce
        (JHOST): the same code means the joiner talks to this host, unchanged.
    table_code(table, round, [(handheld, public key, nonce)])
        on every lobby screen, for the host's key round: every handheld commits to its own key and
        nonce (code_commit, in TCODE), reveals the nonce only once it holds the commitment of every
        handheld of the round, and shows the code over every key it itself uses. A host that gave
        two handhelds false keys for each other makes their codes differ.
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
    # 32 bits mod 10,000: every code within 1 in 400,000 of the 1 in 10,000 the digits give (16 bits
    # made the commonest code 1 in 9,362: found by the independent attacker)
    return "%04d" % ((d[0] << 24 | d[1] << 16 | d[2] << 8 | d[3]) % 10000)


NONCE_LEN = 16


def join_commit(table, host_pub, joiner_pub, host_nonce):
    """The host's commitment to its nonce for one join (sent before the joiner's nonce)."""
    return _h(b"join commit", _u32(table), bytes(host_pub), bytes(joiner_pub),
              bytes(host_nonce))[:16]


def join_code(host_pub, joiner_pub, host_nonce, joiner_nonce):
    return _code(_h(b"join", bytes(host_pub), bytes(joiner_pub), bytes(host_nonce),
                    bytes(joiner_nonce)))


def round_view(table, rnd, view):
    """A key round's number and keys (view: handheld number and public key of each) in 16 bytes:
    what flash keeps to know the round again (keyround)."""
    return _h(b"round view", _u32(table), _u32(rnd), view)[:16]


def round_nonce(secret, table, rnd, view, count):
    """This handheld's nonce in key round rnd with the keys of view, the count-th round it makes
    (keyround): secret to the others until it reveals it, never the same for two counts, and the
    same after a reboot (it is made from the table secret kept on flash)."""
    return _h(b"round nonce", secret, _u32(table), _u32(rnd), _u32(count), view)[:16]


def code_commit(table, rnd, who, pub, nonce):
    """Handheld who's commitment in key round rnd to its public key and its round nonce."""
    return _h(b"code commit", _u32(table), _u32(rnd), bytes((who,)), bytes(pub), bytes(nonce))[:16]


def table_code(table, rnd, parts):
    """parts: (handheld, public key, nonce) for every handheld of the round, in handheld order."""
    h = hashlib.sha256(b"dicecup table code")
    h.update(_u32(table))
    h.update(_u32(rnd))
    for w, pub, nonce in parts:
        h.update(bytes((w,)))
        h.update(pub)
        h.update(nonce)
    return _code(h.digest())


def welcome_proof(key, table, nonce, who, host, game):
    """The host's proof in a WELCOME: only the handheld sharing `key` with the joiner makes it; it
    covers the host's handheld number (the header's sender) as well as the joiner's, and the
    table's game (a radio's copy of the ANNOUNCE with another game seated a joiner at a Snyd
    table as Yatzy: attacks/forged_announce_game.py)."""
    return _h(b"welcome", key, _u32(table), _u32(nonce), bytes((who, host, game)))[:8]


def dealt(codec, me, members, seed):
    """For the in-process harnesses (tests, benches) only: every pair key of `members` taken from
    one shared seed instead of X25519, so that tables of many handhelds start at once."""
    for h in range(8):
        if members & (1 << h):
            lo, hi = (me, h) if me < h else (h, me)
            codec.set_key(h, _h(b"dealt", seed, bytes((lo, hi)))[:16])
