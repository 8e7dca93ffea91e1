"""The lobby's code (table_lobby) stays out of a running game: table.Table handles the lobby frames
a game still needs itself, drops a newcomer's JOIN without loading the lobby (the joiner keeps
asking), re-welcomes a seated joiner that asks again, and the host loads the lobby again at game
over to announce the table. CPython, on test_table_lobby's in-process radio."""
import os
import sys

from dicecup.core import loader
from dicecup.rules import snyd
from dicecup.table import table
from dicecup.table import wire
from table_pair import Pair, snyd_mover

LOBBY = "dicecup.table.table_lobby"


def join_frame(tid, nonce, name="Cy", pub=bytes(32)):
    """A JOIN as a joiner's handheld sends it (table_lobby.send_join), built here without it."""
    c = wire.Codec()
    c.seat_at(tid)
    f = wire.Frame()
    f.type = wire.T_JOIN
    f.table = tid
    f.seat = wire.NO_SEAT
    f.term = f.seq = f.ack = 0
    f.nonce = nonce
    table.pack_name(name, f.name)
    f.pub[:] = pub
    return bytearray(c.encode(f))


def test_a_game_runs_without_the_lobby_code(tmp_path, monkeypatch):
    lobby_in_game = []

    def watch(k, tb):
        if LOBBY in sys.modules and all(t.playing() for t in p.tables):  # one process: one
            lobby_in_game.append((k, p.now))  # handheld's game over loads it for all

    p = Pair(tmp_path, monkeypatch, snyd.Rules(dice=2), snyd_mover, watch=watch)
    host, j, air, dirs = p.host, p.j, p.air, p.dirs
    p.join()
    assert p.start() == 0
    loader.forget((LOBBY,))  # what table_ui.play does before the game's screen
    p.tick(50)
    assert host.playing() and LOBBY not in sys.modules
    # a newcomer asking mid-game: dropped without the lobby (it keeps asking until game over)
    order = list(host.order)
    os.chdir(dirs[0])
    host._heard_frame(bytes((2, 0, 0, 0, 0, 9)), join_frame(host.tid, 0x1234567))
    assert host.order == order and LOBBY not in sys.modules and not air.log
    # the seated joiner asking again (its WELCOME lost): welcomed again, the lobby loaded for it
    host._heard_frame(j.radio.mac, join_frame(host.tid, j.nonce, "Bo", host.pubs[1]))
    assert LOBBY in sys.modules and host.order == order
    sent = [wire.Frame() for _ in air.log]
    assert any(not j.codec.decode(bytearray(d), f) and f.type == wire.T_WELCOME and f.who == 1
               for (_, _, d), f in zip(air.log, sent))
    del air.log[:]
    loader.forget((LOBBY,))
    del lobby_in_game[:]
    while p.now < 600_000 and host.playing():
        p.tick()
    assert not host.playing() and lobby_in_game == []
    p.tick(100)  # game over: the host announces the table again, with the lobby's code
    assert LOBBY in sys.modules
