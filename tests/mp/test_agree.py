"""agree: a heartbeat's chain confirms this log where it matches, is a fork where it differs, is
kept when it is ahead (and checked once the log gets there), and confirms nothing when it is too far
ahead to check."""
from dicecup.table import agree
from mpcheck import eq


def _chain(seq, fork=0):
    return bytes(((seq * 7 + fork + k) & 0xFF) for k in range(8))


def _log(a, upto, term=0):
    forks = 0
    for seq in range(1, upto + 1):
        forks |= a.mine(seq, term, _chain(seq))
    return forks


def test_a_matching_chain_confirms_and_a_differing_one_is_a_fork():
    a = agree.Agree()
    _log(a, 10, term=8)
    eq(a.heard(2, 7, _chain(7), 10), 0)
    eq(a.confirmed(2, 7), True)
    eq(a.confirmed(2, 8), False)
    eq(a.term_of(2), 8)
    eq(a.heard(3, 9, _chain(9, fork=1), 10), agree.FORK)
    eq(a.confirmed(3, 1), False)
    eq(a.heard(2, 5, _chain(5), 10), 0)  # an older heartbeat (reordered) takes nothing back
    eq(a.confirmed(2, 7), True)


def test_a_claim_ahead_is_checked_when_the_log_gets_there():
    a = agree.Agree()
    _log(a, 4)
    eq(a.heard(1, 6, _chain(6), 4), 0)
    eq(a.heard(2, 6, _chain(6, fork=3), 4), 0)  # not known yet: no verdict
    eq(a.pending(1)[0], 6)
    eq(a.mine(5, 0, _chain(5)), 0)
    eq(a.mine(6, 0, _chain(6)), 1 << 2)   # handheld 2's claim there differs
    eq(a.confirmed(1, 6), True)
    eq(a.confirmed(2, 6), False)


def test_a_claim_too_far_ahead_confirms_nothing_and_old_ones_say_nothing():
    a = agree.Agree()
    _log(a, 40)
    eq(a.heard(3, 10 ** 9, _chain(1), 40), 0)
    eq(a.far, 1 << 3)
    eq(a.confirmed(3, 1), False)
    eq(a.heard(3, 40, _chain(40), 40), 0)
    eq(a.far, 0)
    eq(a.heard(1, 3, _chain(3, fork=9), 40), 0)  # older than the 32 kept: unknown, no fork


def test_forget_starts_afresh():
    a = agree.Agree()
    _log(a, 5)
    a.heard(1, 5, _chain(5), 5)
    a.heard(2, 7, _chain(7), 5)
    a.forget()
    eq(a.confirmed(1, 1), False)
    eq(a.pending(2)[0], 0)
    eq(a.heard(1, 5, _chain(5), 5), 0)  # nothing kept: no verdict
    eq(a.confirmed(1, 5), False)
