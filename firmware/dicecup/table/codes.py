"""codes: the numbers the log's parts share (log.Node is assembled from window, delivery, sequencer,
police, gate, snapshot and failover; each keeps its own numbers, these are the ones two or more use).
Every one is public: a `_NAME = const()` is private to its module in MicroPython. Importers outside
the log take them from `log` (log.BROADCAST, log.RJ_LATE ...), which holds them all."""
from dicecup.table import wire
from dicecup.core.compat import const

BROADCAST = const(0xFF)
LOG_CAP = const(32)          # entries kept for resends (an 8-seat round logs about 26);
                             # older ones are only in the app's state: a snapshot
AHEAD = const(8)             # out-of-order entries a follower keeps while it waits for a gap
BODY = const(52)             # wire.ENTRY_MAX: a packed entry
SLOT = const(90)             # ... and its requester's part (wire.REQ_MAX)
PEND = const(8)              # one outstanding request per seat

# REJECT reasons (the app's own codes start at RJ_APP)
RJ_LATE = const(1)           # another entry was logged first: the request lost a race
RJ_NOT_YOURS = const(2)      # the sender does not host that seat
RJ_WAIT = const(3)           # not yet by this handheld's own clock (an early FORFEIT): a
                             # follower holds the entry and asks the app again (_apply_ready)
RJ_FORGED = const(4)         # (broadcast by the sequencer) the requester's tag for it fails
RJ_APP = const(8)

# drop counters beyond wire's reject codes (index into Node.dropped)
D_STRANGER = const(11)       # sender not seated at this table
D_STALE = const(12)          # from an older term
D_DUP = const(13)            # an entry already applied
D_AHEAD = const(14)          # an entry too far ahead to buffer
D_CONFLICT = const(15)       # an entry that contradicts the log (a deposed sequencer's)
D_NOTLEADER = const(16)      # a request sent to a handheld that is not the sequencer
D_FORGED = const(17)         # an entry or request whose requester's tag does not verify
D_INVALID = const(18)        # an entry the rules refuse: its sequencer is not followed any more
D_SEIZE = const(19)          # a new term claimed while the sequencer is alive, or out of turn
D_ERROR = const(20)          # a frame whose handling raised (caught: never out of receive)
DROP_NAMES = wire.REASONS + ("stranger", "stale", "dup", "ahead", "conflict", "not-leader",
                             "forged", "invalid", "seize", "error")
TERM_TOP = const(0xFFF8)     # no takeover past this: terms never wrap
TERM_SEAT = const(7)         # a term's low 3 bits name its sequencer: terms never collide

F_LEADER_MASK = const(0x0F)  # ACK flags: low bits = the seat the sender follows (for display)
F_PAUSED = const(0x10)
F_HELD = const(0x20)         # ... our gate is held (a fork, an entry hidden from others, a disputed
                             # FORFEIT) or a fork made us leave our sequencer: no forfeit of us
F_SNAP = const(0x40)         # ... and the missing byte names whom we are held on (a snapshot's
                             # sender and witness, or whom the gate waits for)
NO_LEADER = const(0x0F)
