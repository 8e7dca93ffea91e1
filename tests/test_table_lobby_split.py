"""The lobby's code (table_lobby) stays out of a running game: table.Table handles the lobby frames
a game still needs itself, drops a newcomer's JOIN without loading the lobby (the joiner keeps
asking), re-welcomes a seated joiner that asks again, and the host loads the lobby again at game
over to announce the table. CPython, on test_table_lobby's in-process radio."""
import os
import sys

import snyd
import snydtable
import table
import wire
from test_table_lobby import Air, FakeRadio

LOBBY = "table_lobby"


def join_frame(tid, nonce, name="Cy"):
    """A JOIN as a joiner's handheld sends it (table_lobby.send_join), built here without it."""
    c = wire.Codec()
    c.seat_at(tid, None)
    f = wire.Frame()
    f.type = wire.T_JOIN
    f.table = tid
    f.seat = wire.NO_SEAT
    f.term = f.seq = f.ack = 0
    f.nonce = nonce
    table.pack_name(name, f.name)
    return bytearray(c.encode(f))


def test_a_game_runs_without_the_lobby_code(tmp_path, monkeypatch):
    air = Air()
    dirs = [tmp_path / "h0", tmp_path / "h1"]
    for d in dirs:
        d.mkdir()
    monkeypatch.chdir(dirs[0])
    host = table.Table(FakeRadio(air, 0), "Anna")
    host.create("Stue", snyd.Rules(dice=2), False)
    host.add_bot()
    j = table.Table(FakeRadio(air, 1), "Bo")
    j.browsing = True
    tables = [host, j]
    lobby_in_game = []

    def tick(now):
        for k, tb in enumerate(tables):
            os.chdir(dirs[k])
            tb.tick(now)
            if LOBBY in sys.modules and all(t.playing() for t in tables):  # one process: one
                lobby_in_game.append((k, now))  # handheld's game over loads it for all
            g = tb.game
            if g is not None and g.phase == snydtable.P_BID and tb.move is None:
                s = tb.my_seat()
                game = g.game
                if s >= 0 and game.on_turn == s:
                    nxt = game.first_bid() if not game.bid_face else \
                        game.step_bid(game.bid_count, game.bid_face, 1)
                    tb.submit_move(["snyd"] if game.bid_face and (nxt is None or game.bid_count > 2)
                                   else ["bid", nxt[0], nxt[1]])
        air.deliver()

    now = 0
    for _ in range(100):
        now += 20
        tick(now)
    os.chdir(dirs[1])
    j.join(j.tables()[0])
    for _ in range(100):
        now += 20
        tick(now)
    assert j.mode == table.SEATED and host.order == [0, table.BOT, 1]
    os.chdir(dirs[0])
    assert host.start(now) == 0
    monkeypatch.delitem(sys.modules, LOBBY)  # what table_ui.play does before the game's screen
    for _ in range(50):
        now += 20
        tick(now)
    assert host.playing() and LOBBY not in sys.modules
    # a newcomer asking mid-game: dropped without the lobby (it keeps asking until game over)
    order = list(host.order)
    os.chdir(dirs[0])
    host._heard_frame(bytes((2, 0, 0, 0, 0, 9)), join_frame(host.tid, 0x1234567))
    assert host.order == order and LOBBY not in sys.modules and not air.log
    # the seated joiner asking again (its WELCOME lost): welcomed again, the lobby loaded for it
    host._heard_frame(j.radio.mac, join_frame(host.tid, j.nonce, "Bo"))
    assert LOBBY in sys.modules and host.order == order
    sent = [wire.Frame() for _ in air.log]
    assert any(not j.codec.decode(bytearray(d), f) and f.type == wire.T_WELCOME and f.who == 1
               for (_, _, d), f in zip(air.log, sent))
    del air.log[:]
    del sys.modules[LOBBY]
    del lobby_in_game[:]
    while now < 600_000 and host.playing():
        now += 20
        tick(now)
    assert not host.playing() and lobby_in_game == []
    for _ in range(100):  # game over: the host announces the table again, with the lobby's code
        now += 20
        tick(now)
    assert LOBBY in sys.modules
