"""The firmware's import graph: imports go one way (no circle), and only the hardware seam imports
the hardware's modules.

The graph is read with ast from every firmware/**.py (modules by their full dotted names), every import counted wherever it stands (most of the
firmware imports inside functions, to load code only when it is needed): `import x`, `from x import
y`, `__import__("x")`, and the modules the firmware loads or forgets by name, where the name is a
literal: `app.launch("dicecup.ui.table", ...)`, `app.forget(...)`, `app.drop(...)`, `"x" in sys.modules`,
and tuples of module names (the groups that are loaded and forgotten together). A module that
names another by a string depends on it as much as one that imports it: renaming or splitting the
other breaks it.

A third test checks the packages' layers: a module imports only its own package or a lower layer
(LAYERS), so the layers themselves can never form a circle.

Run as a script (`python tests/test_imports.py`) it prints the graph's circles and each module's
edges.
"""
import ast
import os
import re
import sys

FIRMWARE = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "firmware")

# the hardware seam: the only firmware modules that may import the hardware's modules
SEAM = {"hw", "radio", "pinmap", "battery", "buttons", "power", "sound"}
HARDWARE = {"machine", "esp32", "network", "espnow", "ssd1306"}

# calls whose literal string arguments (or tuples of them) name modules the firmware loads or drops
# (app.App.launch/forget/drop, core.compat.load/forget)
_BY_NAME = {"launch", "forget", "drop", "load", "__import__"}


def modules():
    """Every firmware module by its full dotted name ("dicecup.rules.snyd"; main is "main")."""
    out = []
    for d, _, files in os.walk(FIRMWARE):
        for f in files:
            if f.endswith(".py"):
                rel = os.path.relpath(os.path.join(d, f), FIRMWARE)
                out.append(rel[:-3].replace(os.sep, "."))
    return sorted(out)


def leaf(name):
    return name.rsplit(".", 1)[-1]


def _tree(name):
    path = os.path.join(FIRMWARE, *name.split(".")) + ".py"
    with open(path, encoding="utf-8") as f:
        return ast.parse(f.read(), path)


def _strings(node):
    """The string literals of node: a string, a tuple/list of them, or sums of those."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [(node.value, node.lineno)]
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        out = []
        for e in node.elts:
            out += _strings(e)
        return out
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        return _strings(node.left) + _strings(node.right)
    return []


def _call_name(call):
    f = call.func
    if isinstance(f, ast.Name):
        return f.id
    if isinstance(f, ast.Attribute):
        return f.attr
    return None


def _is_sys_modules(node):
    return (isinstance(node, ast.Attribute) and node.attr == "modules"
            and isinstance(node.value, ast.Name) and node.value.id == "sys")


def imports_of(name, known):
    """[(module, line, how)] for every module `name` imports or names; `known` is the set of
    module names that count (the firmware's, or the hardware's)."""
    out = []
    for node in ast.walk(_tree(name)):
        if isinstance(node, ast.Import):
            for a in node.names:
                out.append((a.name if a.name in known else a.name.split(".")[0], node.lineno, "import"))
        elif isinstance(node, ast.ImportFrom):
            if node.level == 0 and node.module:
                for a in node.names:  # from a package, a name is its submodule if there is one
                    sub = node.module + "." + a.name
                    out.append((sub if sub in known else node.module, node.lineno, "from"))
        elif isinstance(node, ast.Call) and _call_name(node) in _BY_NAME:
            for a in node.args:
                for s, line in _strings(a):
                    out.append((s, line, _call_name(node)))
        elif isinstance(node, ast.Compare) and any(_is_sys_modules(c) for c in node.comparators):
            for s, line in _strings(node.left):
                out.append((s, line, "sys.modules"))
        elif isinstance(node, (ast.Tuple, ast.List)):
            # a group of module names (every element one), loaded or forgotten together
            names = _strings(node)
            if len(names) == len(node.elts) >= 2 and all(s in known for s, _ in names):
                for s, line in names:
                    out.append((s, line, "group"))
    return [e for e in out if e[0] in known and e[0] != name]


def graph():
    mods = set(modules())
    return {m: sorted({e[0] for e in imports_of(m, mods)}) for m in sorted(mods)}


def cycles(g):
    """The strongly connected components of more than one module (Tarjan), each as a list, and
    one circle through each, as a path [a, b, ..., a]."""
    index, low, stack, on, comps = {}, {}, [], set(), []
    counter = [0]

    def visit(v):
        # iterative: the graph is small, but recursion limits differ between Pythons
        work = [(v, iter(g[v]))]
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        while work:
            u, it = work[-1]
            for w in it:
                if w not in index:
                    index[w] = low[w] = counter[0]
                    counter[0] += 1
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(g[w])))
                    break
                if w in on:
                    low[u] = min(low[u], index[w])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[u])
                if low[u] == index[u]:
                    comp = []
                    while True:
                        w = stack.pop()
                        on.discard(w)
                        comp.append(w)
                        if w == u:
                            break
                    if len(comp) > 1:
                        comps.append(sorted(comp))

    for v in g:
        if v not in index:
            visit(v)
    return [(c, _circle(g, c)) for c in comps]


def _circle(g, comp):
    """A shortest circle through comp's first module, inside comp (breadth first)."""
    inside = set(comp)
    start = comp[0]
    prev = {start: None}
    todo = [start]
    while todo:
        nxt = []
        for u in todo:
            for w in g[u]:
                if w == start:
                    path = [u]
                    while prev[path[-1]] is not None:
                        path.append(prev[path[-1]])
                    return list(reversed(path)) + [start]
                if w in inside and w not in prev:
                    prev[w] = u
                    nxt.append(w)
        todo = nxt
    return comp


def _where(a, b):
    mods = set(modules())
    e = [x for x in imports_of(a, mods) if x[0] == b]
    return "%s:%d (%s)" % (a, e[0][1], e[0][2]) if e else "?"


def describe(comp, circle):
    steps = ["%s -> %s at %s" % (a, b, _where(a, b)) for a, b in zip(circle, circle[1:])]
    return "%d modules in one circle: %s\n  e.g. %s" % (len(comp), " ".join(comp),
                                                        "\n       ".join(steps))


def test_the_walker_sees_every_kind_of_import():
    mods = set(modules())
    assert "dicecup.app" in mods and "dicecup.ui.title" in mods
    hows = {}
    for m in mods:
        for target, _, how in imports_of(m, mods):
            hows.setdefault(how, set()).add((m, target))
    # app loads a game's module by the name a screen launches
    assert any(a != "dicecup.app" for a, _ in hows["launch"])
    for how in ("from", "forget", "group", "launch"):
        assert hows.get(how), how


def test_no_import_circles():
    found = cycles(graph())
    assert not found, "imports go round in a circle:\n" + "\n".join(describe(c, p) for c, p in found)


def _reach(g, start):
    seen, todo = set(), list(start)
    while todo:
        m = todo.pop()
        for w in g[m]:
            if w not in seen:
                seen.add(w)
                todo.append(w)
    return seen


def test_screens_go_through_the_app_never_the_app_module_or_the_title():
    # the App a screen holds is the navigator (go, home, launch, to_table, forget, drop)
    g = graph()
    assert sorted(m for m in g if "dicecup.app" in g[m]) == ["main"]
    assert sorted(m for m in g if "dicecup.ui.title" in g[m]) == ["dicecup.app"]


# The packages of firmware/dicecup, lowest first: a module imports (or names) only modules of its own
# package or of a lower layer. Layers on one line know nothing of each other.
LAYERS = [("core",), ("text", "device", "rules"), ("records", "bots", "storage"), ("play",), ("table",),
          ("ui",), ("app",)]
_RANK = {p: i for i, ps in enumerate(LAYERS) for p in ps}


def package(name):
    """The package a firmware module belongs to ("rules" for dicecup.rules.snyd, "app", "main")."""
    parts = name.split(".")
    return parts[1] if len(parts) > 2 else parts[-1]


def test_every_module_is_in_a_layered_package():
    bad = [m for m in modules() if m != "main" and package(m) not in _RANK]
    assert not bad, "not in a package of LAYERS: %s" % bad
    assert {package(m) for m in modules()} - {"main"} == set(_RANK)


def test_imports_go_down_the_layers():
    bad = []
    for m, targets in graph().items():
        if m == "main":
            continue
        for t in targets:
            a, b = package(m), package(t)
            if a != b and _RANK[b] >= _RANK[a]:
                bad.append("%s (%s) -> %s (%s) at %s" % (m, a, t, b, _where(m, t)))
    assert not bad, "imports that go up or sideways:\n" + "\n".join(bad)


# the rules cores reach only their own rare halves and words, and the core
RULES = {"snyd": {"compat", "shape", "snyd_bids", "snyd_forfeit", "snyd_reasons", "snyd_text"},
         "yatzy": {"compat", "yatzy_forfeit", "yatzy_reasons"}}


def test_the_rules_cores_reach_only_the_core():
    g = graph()
    for m, ok in RULES.items():
        reach = {leaf(x) for x in _reach(g, ["dicecup.rules." + m])}
        assert reach <= ok, "%s reaches %s" % (m, sorted(reach - ok))


def test_only_the_hardware_seam_imports_the_hardware():
    bad = []
    for m in modules():
        for target, line, how in imports_of(m, HARDWARE):
            if leaf(m) not in SEAM:
                bad.append("%s.py:%d imports %s (%s)" % (m, line, target, how))
    assert not bad, "outside the hardware seam (%s):\n" % ", ".join(sorted(SEAM)) + "\n".join(bad)


def test_the_seam_is_the_device_package():
    assert {leaf(m) for m in modules() if package(m) == "device"} == SEAM


# A module's rare half (loaded by the module only when needed) must not import the module back, so
# it keeps its own copy of the few constants it shares with it: (half, module, {half's: module's}).
# Private names (const() with a leading underscore) cost a MicroPython module no heap.
MIRRORS = [
    ("dicecup.rules.snyd_forfeit", "dicecup.rules.snyd",
     {"_CALL_FORFEIT": "CALL_FORFEIT", "_E_OVER": "_E_OVER", "_E_NO_ROUND": "_E_NO_ROUND",
      "_E_SEAT": "_E_SEAT", "_E_OUT": "_E_OUT", "_E_FORFEITED": "_E_FORFEITED",
      "_E_NO_FORFEIT": "_E_NO_FORFEIT", "_E_HIDDEN": "_E_HIDDEN"}),
    ("dicecup.rules.yatzy_forfeit", "dicecup.rules.yatzy", {"_FREE": "_FREE"}),
    ("dicecup.records.snyd_json", "dicecup.records.snyd_writer",
     {"_KINDS": "KINDS", "_ROUND": "ROUND", "_ROUND_SHOWN": "ROUND_SHOWN", "_NO_DIE": "NO_DIE",
      "_NO_DICE": "NO_DICE"}),
]


def test_a_rare_half_mirrors_its_module_s_constants():
    import importlib
    for half, module, names in MIRRORS:
        h, m = importlib.import_module(half), importlib.import_module(module)
        for mine, theirs in names.items():
            assert getattr(h, mine) == getattr(m, theirs), "%s.%s != %s.%s" % (half, mine, module, theirs)
        assert module not in {e[0] for e in imports_of(half, set(modules()))}, half




# What is forgotten when is the app's to decide (app.App: home, launch, turn, busy, over): a screen
# names no module to forget or drop, nor a group of them. The one exception: the Yatzy set-up forgets
# the solver's helpers it loaded itself to build the solver's arrays.
SCREEN_FORGETS = {("dicecup.ui.yatzy", "dicecup.bots.yatzy_dice"), ("dicecup.ui.yatzy", "dicecup.bots.yatzy_turn")}


def test_screens_name_no_module_to_forget():
    mods = set(modules())
    bad = ["%s.py:%d names %s (%s)" % (m, line, t, how) for m in sorted(mods) if package(m) == "ui"
           for t, line, how in imports_of(m, mods)
           if how in ("forget", "drop", "group", "sys.modules") and (m, t) not in SCREEN_FORGETS]
    assert not bad, "the app decides what is forgotten when (docs/architecture.md):\n" + "\n".join(bad)

# Every module name written out anywhere (a string in the firmware, the host tools, the tests, the
# benches, the attacks; the docs and the Makefile) must name a module that exists: the graph above
# counts a name only when it exists, so without this a stale name in a group or a launch passes
# unseen and the module it meant is never forgotten (or loaded). A name may go on to an attribute of
# the module ("dicecup.app.App"). A name meant to be missing is listed here.
MEANT_MISSING = {"dicecup.rules.not_a_module"}   # tests/mp/test_compat_loader.py: forgetting it is a no-op
_REPO = os.path.dirname(FIRMWARE)
_DOTTED = re.compile(r"(?<![\w./-])dicecup(?:\.\w+)+")


def _top_names(module):
    out = set()
    for node in _tree(module).body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            out.add(node.name)
        elif isinstance(node, ast.Assign):
            out.update(t.id for t in node.targets if isinstance(t, ast.Name))
    return out


def stale_names(texts):
    """[(where, name)] for each dotted dicecup name in texts ((where, text) pairs) that is neither a
    package, nor a module, nor a module's top-level name."""
    mods = set(modules())
    pkgs = {"dicecup"} | {m.rsplit(".", 1)[0] for m in mods if m.count(".") == 2}
    bad = []
    for where, text in texts:
        for m in _DOTTED.finditer(text):
            name = m.group(0)
            if name in mods or name in pkgs or name in MEANT_MISSING or name.split(".")[1] in ("png", "scad"):
                continue
            parts = name.split(".")
            for i in range(len(parts) - 1, 1, -1):
                mod = ".".join(parts[:i])
                if mod in mods:
                    if parts[i] in _top_names(mod):
                        break
            else:
                bad.append((where, name))
    return bad


def _repo_texts():
    for top in ("firmware", "host_tools", "tests", "bench", "attacks"):
        for d, _, files in os.walk(os.path.join(_REPO, top)):
            for f in files:
                if f.endswith(".py"):
                    path = os.path.join(d, f)
                    with open(path, encoding="utf-8") as fh:
                        tree = ast.parse(fh.read(), path)
                    for node in ast.walk(tree):
                        if isinstance(node, ast.Constant) and isinstance(node.value, str):
                            yield "%s:%d" % (os.path.relpath(path, _REPO), node.lineno), node.value
    for d, _, files in os.walk(os.path.join(_REPO, "docs")):
        for f in files:
            if f.endswith(".md"):
                with open(os.path.join(d, f), encoding="utf-8") as fh:
                    yield os.path.join("docs", f), fh.read()
    for f in ("README.md", "Makefile"):
        with open(os.path.join(_REPO, f), encoding="utf-8") as fh:
            yield f, fh.read()


def test_every_module_name_written_out_exists():
    bad = stale_names(_repo_texts())
    assert not bad, "names of modules that do not exist:\n" + "\n".join("%s: %s" % b for b in bad)


def test_a_stale_name_is_found():
    # (the stale names are built here, so that this file holds none)
    old, nope = "dicecup.ui." + "snyd_ui", "dicecup.app." + "Nope"
    assert stale_names([("x", 'forget(("dicecup.ui.snyd", "%s"))' % old)]) == [("x", old)]
    assert stale_names([("x", "dicecup.app.App and dicecup.ui and " + nope)]) == [("x", nope)]



def _package(name):
    """A module's package ("dicecup.table.table" -> "table"; "dicecup.app" -> "app")."""
    parts = name.split(".")
    return parts[1] if len(parts) > 2 else parts[-1]


def private_reaches(trees):
    """(where, what) for each private name one package reaches in another: an attribute `x._y`
    (x not self or cls) where no module of the reaching package defines `_y` (a def, a class, or
    an assignment), or a `from` import of a private name from another package. trees: {module: ast}."""
    owners = {}
    for name, tree in trees.items():
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
                d = node.name
            elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
                d = node.attr
            elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                d = node.id
            else:
                continue
            if d.startswith("_"):
                owners.setdefault(d, set()).add(_package(name))
    out = []
    for name, tree in trees.items():
        pkg = _package(name)
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and node.attr.startswith("_") and \
                    not node.attr.startswith("__"):
                v = node.value
                if isinstance(v, ast.Name) and v.id in ("self", "cls"):
                    continue
                if pkg not in owners.get(node.attr, ()):
                    out.append(("%s:%d" % (name, node.lineno), ast.unparse(node)))
            elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("dicecup."):
                if _package(node.module + ".x") != pkg:
                    for a in node.names:
                        if a.name.startswith("_"):
                            out.append(("%s:%d" % (name, node.lineno), node.module + "." + a.name))
    return out


def test_no_package_reaches_another_s_private_names():
    trees = {m: _tree(m) for m in modules() if m.startswith("dicecup")}
    bad = private_reaches(trees)
    assert not bad, "private names reached from another package (give them a public name):\n" + \
        "\n".join("%s %s" % b for b in bad)


def test_a_private_reach_is_found():
    d = "dicecup" + "."  # (built here, so that this file names no module that does not exist)
    src = {d + "table.table": "class Table:\n    def _forget(self):\n        self._n = 0\n",
           d + "ui.lobby": "def key(app):\n    app.table._forget()\n",
           d + "table.game": "def f(t):\n    t._forget()\n",
           d + "ui.x": "from %stable.table import _hex\n" % d}
    got = private_reaches({k: ast.parse(v) for k, v in src.items()})
    assert got == [(d + "ui.lobby:2", "app.table._forget"),
                   (d + "ui.x:1", d + "table.table._hex")], got


# The UI's surface of the table (docs/architecture.md, "What the screens ask of the table"): a
# screen asks Table (`tb`, `app.table`, a match's `t`) and its table game (`tb.game`) by name, and
# reads the rules core as a match's `game` (`m.game`: TableMatch.game, the table game's `core`).
_TABLE = ("tb", "table", "t")           # what a screen calls the table
_GAME_OF = _TABLE + ("m", "match")      # whose `game` a screen reads: the table's, or a match's


def _last(node):
    """The last name of an expression (`self.m.t` -> "t"; `tb` -> "tb"), or None."""
    if isinstance(node, ast.Name):
        return node.id
    return node.attr if isinstance(node, ast.Attribute) else None


def table_reaches(trees):
    """(where, what) for each reach of a ui module past the table's surface: the log's Node (any
    `.node`: the table's inside), a `.game` read of anything but the table or a match (the table
    game's own `game`, its rules core: `tb.game.game`, or `g.game` of a table game held in a
    local), and an attribute of the table or its table game set by a screen (`tb.browsing = ...`,
    `tb.game.refused[s] = ...`: the table changes only through its methods)."""
    out = []
    for name, tree in trees.items():
        if _package(name) != "ui":
            continue
        for node in ast.walk(tree):
            bad = False
            if isinstance(node, ast.Attribute):
                if node.attr == "node":
                    bad = True
                elif node.attr == "game" and _last(node.value) not in _GAME_OF:
                    bad = True
                elif isinstance(node.ctx, ast.Store) and (
                        _last(node.value) in _TABLE or _last(node.value) == "game"):
                    bad = True
            elif isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Store) and \
                    isinstance(node.value, ast.Attribute) and \
                    _last(node.value.value) in _TABLE + ("game",):
                bad = True
            if bad:
                out.append(("%s:%d" % (name, node.lineno), ast.unparse(node)))
    return out


def test_the_screens_ask_the_table_only_through_its_surface():
    trees = {m: _tree(m) for m in modules() if m.startswith("dicecup.ui.")}
    bad = table_reaches(trees)
    assert not bad, "a screen reaches past the table's surface (ask Table or its table game by " \
        "name: docs/architecture.md):\n" + "\n".join("%s %s" % b for b in bad)


def test_a_reach_past_the_table_s_surface_is_found():
    d = "dicecup" + "."
    src = {d + "ui.a": "def f(tb):\n    return tb.node.applied\n",
           d + "ui.b": "def f(self):\n    return self.t.game.game\n",
           d + "ui.c": "def f(tb):\n    g = tb.game\n    return g.game.on_turn\n",
           d + "ui.d": "def f(self):\n    self.tb.browsing = True\n",
           d + "ui.e": "def f(tb, s):\n    tb.game.refused[s] = None\n",
           d + "ui.ok": "def f(self, tb):\n    self.t = tb\n    return self.m.game, tb.game.phase, "
                        "tb.caught_up(), self.app.table.game.games\n",
           d + "table.x": "def f(tb):\n    return tb.node.applied, tb.game.game\n"}
    got = table_reaches({k: ast.parse(v) for k, v in src.items()})
    assert got == [(d + "ui.a:2", "tb.node"), (d + "ui.b:2", "self.t.game.game"),
                   (d + "ui.c:3", "g.game"), (d + "ui.d:2", "self.tb.browsing"),
                   (d + "ui.e:2", "tb.game.refused[s]")], got


if __name__ == "__main__":
    g = graph()
    for c, p in cycles(g):
        print(describe(c, p))
    if "-v" in sys.argv:
        for m, es in g.items():
            print(m, "->", " ".join(es))


def _too_long(root):
    """(path, what, lines) for every module over 500 lines and class over 400 under root."""
    out = []
    for dirpath, _, files in os.walk(root):
        for name in sorted(files):
            if not name.endswith(".py"):
                continue
            path = os.path.join(dirpath, name)
            src = open(path).read()
            n = len(src.splitlines())
            if n > 500:
                out.append((os.path.relpath(path, root), "module", n))
            for node in ast.walk(ast.parse(src)):
                if isinstance(node, ast.ClassDef) and node.end_lineno - node.lineno + 1 > 400:
                    out.append((os.path.relpath(path, root), node.name,
                                node.end_lineno - node.lineno + 1))
    return out


def test_no_module_above_500_lines_and_no_class_above_400():
    """A module is one concern a newcomer reads whole (docs/architecture.md: the house rules)."""
    assert _too_long(FIRMWARE) == []


def test_a_long_module_or_class_is_found(tmp_path):
    body = "\n".join("    x%d = %d" % (i, i) for i in range(401))
    (tmp_path / "big.py").write_text("class Big:\n" + body + "\n" + "\n" * 100)
    found = _too_long(str(tmp_path))
    assert ("big.py", "module", 502) in found and ("big.py", "Big", 402) in found
