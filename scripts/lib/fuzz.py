#!/usr/bin/env python3
"""NavScript's fuzzer: random Lua programs of `nav` calls, run in batches through `navscript run`.

Run it through `scripts/fuzz` (which builds the binary unless NAVSCRIPT names one):

    scripts/fuzz --programs 5000 --seed 1
    scripts/fuzz --minutes 10 --seed 7 --crash-dir /tmp/crashes

Each program is a list of Lua statements in one scenario, every statement wrapped in
`pcall(function() ... end)` so that a Lua error ends only that statement: the target is the
HOST (a signal, a trap, a runtime failure, an unprotected Lua error, a hang that the
scenario's time limit does not stop), never a Lua error. Programs are generated from
`random.Random("navscript-fuzz:<seed>:<n>")`, so program n of a seed is the same on any
machine and in any batch. A batch is one `*_spec.lua` file with one scenario per program;
a batch that crashes or hangs is bisected to its culprit, which is minimized (statements by
delta debugging, then the arguments the generator kept a structured form of) and saved as a
standalone scenario file `<crash-dir>/<kind>-<seed>-<n>.lua`.

A crash: a signal, an exit status other than 0, 1 or 2, a marker on standard error, or a
scenario whose failure message in the JSON report carries a marker (a crashed or killed
worker; those name their scenario, so no bisection). A hang: a run that outlives its
wall-clock limit (killed), or a scenario that the report shows ran far past its time limit.
Bugs are told apart by where they crashed (Swift's backtrace) and by the statements of the
reproducers kept, this run's and those already in the crash folder: a bug found again is
counted and named, not minimized again. Hangs in plain Lua code (a pattern that backtracks
for ages: C code of Lua's libraries, which the limits cannot stop) count as one bug.

Python 3.6+ standard library only. Exit status: 0 when nothing crashed or hung, 1 when
something did, 2 for a usage error.
"""

import argparse
import json
import os
import random
import re
import signal
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import FIRST_COMPLETED, ThreadPoolExecutor, wait

# What counts as a crash -------------------------------------------------------------------

# Exit statuses of a run that went normally: passed, failed, usage or load error.
NORMAL_EXIT_STATUSES = (0, 1, 2)
# Text on standard error that means the host crashed, whatever the exit status.
STDERR_MARKERS = ["Fatal error", "unprotected Lua error", "Segmentation", "munmap_chunk",
                  "double free", "AddressSanitizer",
                  "unprotected error in call to Lua API"]  # Lua's own panic message
# Text in a scenario's failure message (JSON report) that means its worker process crashed:
# the runner reports that as a failure of the scenario. A worker killed at its time limit (a
# script stuck in a C function, such as a pattern search) or stopped at its memory limit is
# the runner doing its job, not a crash.
REPORT_MARKERS = ["worker crashed"]
# Signals that the same memory error may raise from one run to the next (heap corruption
# aborts in malloc or faults later): the minimizer counts them as the same failure.
MEMORY_SIGNALS = (signal.SIGSEGV, signal.SIGBUS, signal.SIGABRT)
# Swift traps (runtime failures, fatalError, preconditions).
TRAP_SIGNALS = (signal.SIGILL, signal.SIGTRAP)

PACKAGE = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DEFAULT_CRASH_DIR = os.path.join(".build-fuzz", "crashes")


# Generated code with knobs ----------------------------------------------------------------
#
# Code is a tree: a list of parts, each a str or a knob. A knob is a place the minimizer may
# simplify: K holds its current parts and simpler alternatives (tried in order), N a size
# rendered as a number (tried smaller). The generator records them where it makes a choice
# that a reproducer would rather not keep: a removable method call, a huge size, a hostile
# value in place of a plain one.

class K(object):
    __slots__ = ("parts", "alts")

    def __init__(self, parts, alts=()):
        self.parts = parts if isinstance(parts, list) else [parts]
        self.alts = [a if isinstance(a, list) else [a] for a in alts]

    def options(self):
        return self.alts

    def get(self):
        return self.parts

    def set(self, state):
        self.parts = state

    def accepted(self):
        self.alts = []

    def children(self):
        return self.parts


class N(K):
    __slots__ = ("n", "low")

    def __init__(self, n, low=0):
        K.__init__(self, [])
        self.n = n
        self.low = low

    def options(self):
        n, low = self.n, self.low
        out = []
        for c in (low, low + 1, 2, 8, 60, 256, 1000, n // 4, n // 2, (3 * n) // 4, n - 1):
            if low <= c < n and c not in out:
                out.append(c)
        return sorted(out)

    def get(self):
        return self.n

    def set(self, state):
        self.n = state

    def accepted(self):
        pass

    def children(self):
        return []


def render(x, out=None):
    top = out is None
    if top:
        out = []
    if isinstance(x, str):
        out.append(x)
    elif isinstance(x, N):
        out.append(str(x.n))
    elif isinstance(x, K):
        for p in x.parts:
            render(p, out)
    else:
        for p in x:
            render(p, out)
    return "".join(out) if top else None


def knobs(tree, out=None):
    """The knobs of a tree, outer ones first."""
    if out is None:
        out = []
    if isinstance(tree, K):
        out.append(tree)
        for p in tree.children():
            knobs(p, out)
    elif isinstance(tree, list):
        for p in tree:
            knobs(p, out)
    return out


def removable(*parts):
    return K(list(parts), [[""]])


def lua_str(text):
    """A Lua string literal of text (a str, encoded as UTF-8, or bytes)."""
    data = text.encode("utf-8") if isinstance(text, str) else text
    out = ['"']
    for b in data:
        if b == 0x22:
            out.append('\\"')
        elif b == 0x5C:
            out.append("\\\\")
        elif 0x20 <= b < 0x7F:
            out.append(chr(b))
        else:
            out.append("\\%03d" % b)
    out.append('"')
    return "".join(out)


# The Lua helpers a program may use (a reproducer includes only those it names) -------------

HELPERS = [
    ("seq", "function(n) local t = {} for i = 1, n do t[i] = i end return t end"),
    ("mix", "function(n) local k = {0/0, math.huge, -math.huge, \"s\", \"a\\0b\", true, false, {}, "
            "math.maxinteger, math.mininteger, 1.5, print, nav, -1} local t = {} "
            "for i = 1, n do t[i] = k[i % #k + 1] end return t end"),
    ("deep", "function(n) local t = {} local c = t for i = 1, n do local d = {} c[1] = d c.name = \"d\" c = d end return t end"),
    ("cyc", "function() local t = {name = \"Cyc\", title = \"Cyc\"} t[1] = t t.self = t t.key = t t.route = t "
            "t.detents = t t.to = t return t end"),
    ("dag", "function(n) local x = {1, \"x\", {2, {3}}} local t = {} for i = 1, n do t[i] = x end t.k = x return t end"),
    ("nest", "function(n, leaf, kind) local node = leaf for i = 1, n do node = (kind or nav.stack) { node } end return node end"),
    ("screens", "function(T, n) local t = {} for i = 1, n do t[i] = T { i = i } end return t end"),
    ("mt", "function(k) local m = ({\n"
           "  index_err = {__index = function(_, key) error(\"index \" .. tostring(key)) end},\n"
           "  index_yield = {__index = function() return coroutine.yield() end},\n"
           "  index_route = {__index = function(_, key) if key == \"title\" or key == \"name\" then return \"x\" end return nav.route() end},\n"
           "  len_huge = {__len = function() return math.maxinteger end},\n"
           "  len_neg = {__len = function() return -5 end},\n"
           "  len_nan = {__len = function() return 0/0 end},\n"
           "  len_err = {__len = function() error(\"len\") end},\n"
           "  tostring_err = {__tostring = function() error(\"tostring\") end},\n"
           "  tostring_bad = {__tostring = function() return {} end},\n"
           "  name = {__name = \"Route\"},\n"
           "  eq_err = {__eq = function() error(\"eq\") end},\n"
           "  call_err = {__call = function() error(\"call\") end},\n"
           "  pairs_err = {__pairs = function() error(\"pairs\") end},\n"
           "  newindex_err = {__newindex = function() error(\"newindex\") end},\n"
           "  close_err = {__close = function() error(\"close\") end},\n"
           "})[k] or {} return setmetatable({}, m) end"),
    ("corec", "function(n, f) if n <= 0 then return f() end return coroutine.wrap(function() return F.corec(n - 1, f) end)() end"),
    ("rec", "function(n) if n <= 0 then return 0 end return 1 + F.rec(n - 1) end"),
]
HELPER_NAMES = [h[0] for h in HELPERS]


def helpers_for(text):
    used = [name for name, _ in HELPERS if ("F." + name + "(") in text]
    if not used:
        return ""
    lines = ["local F = {}"]
    for name, body in HELPERS:
        if name in used:
            lines.append("F.%s = %s" % (name, body))
    return "\n".join(lines) + "\n"


# The generator ----------------------------------------------------------------------------

NAMES = ["A", "B", "Chat", "Feed", "Home", "Tabs"]
KINDS = ["modal", "stack", "tabs", "window", "container"]
ACTION_NAMES = ["many", "act", "go"]
DECORATOR_NAMES = ["deco", "mark"]
STYLES = ["automatic", "fullScreen", "pageSheet", "formSheet", "currentContext", "custom",
          "overFullScreen", "overCurrentContext", "popover", "none"]
TRANSITION_STYLES = ["coverVertical", "flipHorizontal", "crossDissolve", "partialCurl"]
MT_KINDS = ["index_err", "index_yield", "index_route", "len_huge", "len_neg", "len_nan", "len_err",
            "tostring_err", "tostring_bad", "name", "eq_err", "call_err", "pairs_err",
            "newindex_err", "close_err"]
# Patterns that backtrack badly on long subjects (Lua's matcher is a C function: the
# instruction hook never sees it).
PLAIN_PATTERNS = ["%a+", "(%w+)=(%w+)", "x", "^a", "b$", "[%z\1-\31]", "%f[%w]%w+", "%b()", "(a)(b)?"]
SLOW_PATTERNS = [".-.-.-.-b", ".-.-.-b", "(.-)(.-)(.-)x", "a*a*a*a*b", "(.*)(.*)(.*)b",
                 "%w+%w+%w+z", "(a-)*b", ".-%f[b]", "x"]
URLS = ["app://chat/7", "app://chat/7?a=1&tag[]=x&tag[]=y&filter[city]=Oslo&flag",
        "app://chat/%ZZ", "app://chat/", "app://", "app:///", "://", "", "chat/7",
        "app://chat/7?a[b][c][d][e]=1&a[]=2&a=3", "app://chat/7?%00=%00&+=+",
        "app://feed/1/2/3/4/5/6/7/8", "app://chat/\0/x", "APP://CHAT/1", "app://chat/7#frag?x=1"]
PATTERNS = ["app://chat/:chatId", "app://feed/:a/:b", "app://:host", "app://chat/:id/:id",
            "app://", "", ":x://:y", "app://chat/:", "app://*", "app://chat/:\0"]


class Gen(object):
    def __init__(self, rng):
        self.r = rng
        # The slots that statements so far assign, the actions and decorators they define:
        # later statements mostly use these, so that fewer of them end in a plain Lua error.
        self.filled = {"T": [], "S": [], "R": [], "A": [], "C": []}
        self.actions = []
        self.decorators = []
        self.lhs = None
        # Whether the program does something likely to be slow (long pattern matches, huge
        # sizes, busy loops, hostile metatables): bisection tries those programs first.
        self.risky = False

    # Random choices, all from rng.random(): the same on any Python 3 and any machine.
    def p(self, prob):
        return self.r.random() < prob

    def i(self, n):
        return int(self.r.random() * n)

    def c(self, seq):
        return seq[self.i(len(seq))]

    def w(self, table):
        total = sum(weight for weight, _ in table)
        x = self.r.random() * total
        for weight, item in table:
            x -= weight
            if x < 0:
                return item
        return table[-1][1]

    def size(self, top, low=0):
        """A size up to top, mostly small: log-uniform."""
        return N(max(low, min(top, int(2 ** (self.r.random() * (top.bit_length()))))), low)

    def pick(self, choices):
        """One of choices, which the minimizer may turn into the first (the plainest)."""
        choice = self.c(choices)
        return K(choice, [choices[0]]) if choice != choices[0] else choice

    def slot(self, table, n=3):
        filled = self.filled.get(table)
        if filled and self.p(0.9):
            return "%s[%d]" % (table, self.c(filled))
        return "%s[%d]" % (table, 1 + self.i(n))

    def assign(self, table, n=3, index=None):
        index = index or 1 + self.i(n)
        if index not in self.filled[table]:
            self.filled[table].append(index)
        return "%s[%d]" % (table, index)

    def action_name(self):
        return self.c(self.actions) if self.actions and self.p(0.9) else self.c(ACTION_NAMES)

    # Values ---------------------------------------------------------------------------
    def risk(self, value):
        self.risky = True
        return value

    def hostile(self):
        r = self.i(46)
        if r < 14:
            v = ["nil", "0/0", "math.huge", "-math.huge", "math.maxinteger", "math.mininteger", "2^53",
                 "-(2^53)", "-1", "0", "1.5", "-0.0", "2^63", "1e308*10"][r]
        elif r < 18:
            v = ['""', lua_str(b"a\0b"), lua_str(b"\xff\xfe\xc0"), lua_str(self.c(NAMES))][r - 14]
        elif r == 18:
            v = ["string.rep(", lua_str(self.c(["a", "\0", "é", "/"])), ", ", self.size(1 << 20), ")"]
        elif r == 19:
            v = ["F.deep(", self.size(100000), ")"]
        elif r == 20:
            v = "F.cyc()"
        elif r == 21:
            v = ["F.dag(", self.size(5000), ")"]
        elif r == 22:
            v = ["F.seq(", self.size(5000), ")"]
        elif r == 23:
            v = ["F.mix(", self.size(2000), ")"]
        elif r < 28:
            v = ["{}", "{1, 2, 3}", "{[1] = 1, [3] = 3, [-1] = 0, [0] = 0}", "{n = 1, [1.5] = 2, [true] = 3}"][r - 24]
        elif r < 31:
            v = ["function() end", "function() error(\"boom\") end", "function() coroutine.yield() end"][r - 28]
        elif r < 33:
            v = ["true", "false"][r - 31]
        elif r < 35:
            v = ["coroutine.create(function() end)", "coroutine.running()"][r - 33]
        elif r < 42:
            v = self.c(["nav", "nav.route", "nav.stack", "nav.container", "print", "string.rep",
                        self.slot("T"), self.slot("S"), self.slot("R"), self.slot("A", 2), self.slot("C"),
                        "(A[1] and A[1].navigator)", "V.done", "V.co", "V.p", "V.m", "V.nv", "V.link"])
        else:
            kind = self.c(MT_KINDS)
            if kind == "len_huge":
                self.risky = True
            v = ["F.mt(", lua_str(kind), ")"]
        return K(v, ["nil"]) if v != "nil" else "nil"

    def number(self):
        return self.c(["0", "1", "2", "3", "-1", "0.5", "7", "100"]) if self.p(0.6) else self.hostile()

    def string(self):
        if self.p(0.75):
            return lua_str(self.c(NAMES + ["x", "title", "", "default", "left", "right"]))
        return self.hostile()

    def anything(self):
        return self.w([(3, lambda: self.hostile()), (1, lambda: self.screen(2)), (1, lambda: self.route(2)),
                       (1, lambda: self.slot("C")), (1, lambda: self.number()), (1, lambda: self.string())])()

    def kind(self):
        if self.p(0.85):
            return lua_str(self.c(KINDS))
        return self.hostile()

    def screen_type(self):
        return self.w([(8, lambda: self.slot("T")), (1, lambda: ["nav.screen(", self.string(), ")"]),
                       (1, lambda: ["(", self.hostile(), ")"])])()

    def traits(self, depth):
        fields = []
        for _ in range(self.i(4)):
            key = self.w([(6, lambda: self.c(["id", "chatId", "name", "room", "x"])),
                          (1, lambda: "[%s]" % lua_str(b"a\0b")), (1, lambda: "[1]"), (1, lambda: "[true]"),
                          (1, lambda: ["[string.rep(\"k\", ", self.size(1 << 16), ")]"]), (1, lambda: "[\"\"]")])()
            value = self.w([(5, lambda: self.c(["1", "7", "-1", "true", "false", "\"b\"", "7.0", "1.5"])),
                            (3, lambda: self.hostile()), (1, lambda: self.screen(depth + 1))])()
            fields.append(removable(key, " = ", value, ", "))
        if self.p(0.05):
            return self.hostile()
        return ["{"] + fields + ["}"]

    def screen(self, depth=0):
        if depth > 3:
            return self.c([self.slot("S"), self.slot("T") + "()"])
        base = self.w([(5, lambda: [self.slot("T"), "()"]), (5, lambda: [self.slot("T"), "(", self.traits(depth), ")"]),
                       (3, lambda: self.slot("S")), (1, lambda: [self.screen_type(), "(", self.traits(depth), ")"]),
                       (1, lambda: ["(", self.hostile(), ")"])])()
        parts = [base]
        for _ in range(self.w([(5, 0), (3, 1), (2, 2), (1, 4)])):
            parts.append(removable(self.decorator(depth)))
        return parts

    def screens_list(self, depth):
        """Arguments: a few Screens, or thousands through table.unpack."""
        if self.p(0.15):
            return ["table.unpack(F.screens(", self.slot("T"), ", ", self.size(2000), "))"]
        out = []
        for _ in range(self.i(4)):
            out.append(removable(self.screen(depth + 1), ", "))
        out.append(self.screen(depth + 1) if self.p(0.7) else "nil")
        return out

    def bar_button(self, depth):
        fields = [removable("title = ", self.string(), ", ")]
        if self.p(0.6):
            fields.append(removable("route = ", self.route(depth + 1), ", "))
        if self.p(0.1):
            fields.append(removable("bogus = 1, "))
        return ["{"] + fields + ["}"] if self.p(0.92) else self.hostile()

    def sheet(self):
        fields = []
        if self.p(0.6):
            fields.append(removable("detents = ", self.w([(4, lambda: "{\"medium\", \"large\"}"), (1, lambda: "{}"),
                                                         (1, lambda: "{1, 2}"), (2, lambda: self.hostile())])(), ", "))
        if self.p(0.5):
            fields.append(removable("selectedDetent = ", self.string(), ", "))
        if self.p(0.5):
            fields.append(removable("prefersGrabber = ", self.c(["true", "false", "1", "\"yes\""]), ", "))
        return ["{"] + fields + ["}"] if self.p(0.9) else self.hostile()

    def decorator(self, depth):
        d = self.i(15)
        if d == 0:
            return ":withStackContainer()"
        if d == 1:
            return [":withModalPresentationStyle(", lua_str(self.c(STYLES)) if self.p(0.85) else self.hostile(), ")"]
        if d == 2:
            return [":withModalTransitionStyle(", lua_str(self.c(TRANSITION_STYLES)) if self.p(0.85) else self.hostile(), ")"]
        if d == 3:
            return [":withModalTransitioningDelegate(", self.string(), ")"]
        if d in (4, 5):
            return [self.c([":withLeftBarButton(", ":withRightBarButton("]), self.bar_button(depth), ")"]
        if d == 6:
            fields = [removable(k, " = ", self.w([(3, lambda: self.string()), (1, lambda: self.number())])(), ", ")
                      for k in ("title", "image", "badge") if self.p(0.6)]
            return [":withTabBarItem(", ["{"] + fields + ["}"] if self.p(0.9) else self.hostile(), ")"]
        if d in (7, 8):
            return [self.c([":withStack(", ":withTabs("]), self.screens_list(depth), ")"]
        if d == 9:
            return [":withPopoverPresentation(", self.w([(3, lambda: ["{anchor = ", self.string(), "}"]),
                                                        (1, lambda: "{anchor = {x = 1, y = 2}}"),
                                                        (1, lambda: ["{anchor = ", self.hostile(), "}"]),
                                                        (1, lambda: self.hostile())])(), ")"]
        if d == 10:
            return [":withBottomSheet(", self.sheet(), ")"]
        if d == 11:
            return [":withBottomSheetStack(", self.sheet(), ")"]
        if d in (12, 13):
            name = self.c(self.decorators) if self.decorators and self.p(0.9) else self.c(DECORATOR_NAMES)
            return [":decorated(", lua_str(name) if self.p(0.85) else self.string(), ", ",
                    self.w([(3, lambda: "{level = 1}"), (1, lambda: "nil"), (3, lambda: self.hostile())])(), ")"]
        return [":withModalPresentationStyle(\"popover\"):withPopoverPresentation({anchor = ", self.string(), "})"]

    # Callbacks ------------------------------------------------------------------------
    def effect(self, arg):
        """A statement for a callback's body: hostile things to do while the host waits."""
        return self.w([
            (3, lambda: "error(\"cb\")"),
            (1, lambda: "error({code = 1})"),
            (1, lambda: "error(F.mt(\"tostring_err\"))"),
            (1, lambda: "error()"),
            (3, lambda: "coroutine.yield(1)"),
            (4, lambda: ["A[1]:navigate(", self.route(2), ")"]),
            (1, lambda: "A[1]:open(\"app://chat/1\")"),
            (1, lambda: "A[1]:resumeDeeplinks()"),
            (2, lambda: self.c(["A[1]:settle()", "A[1]:advance(1)", "A[1]:advance(1e9)"])),
            (2, lambda: ["A[1].navigator:navigate(", self.route(2), ", function(ok, err) ", self.c(["", "error(err)", "A[1]:settle()"]), " end)"]),
            (2, lambda: "C[1] = %s V.last = %s" % (arg, arg)),
            (1, lambda: "C[2] = A[1] and A[1]:top()"),
            (1, lambda: "if C[1] then C[1]:setChildren({T[1]()}) end"),
            (1, lambda: "%s:setAttribute(\"x\", %s)" % (arg, self.c(["1", "F.cyc()", "nil", "nav.route()"]))),
            (1, lambda: "nav.action(\"act\", {perform = function(c, n, d) d() end})"),
            (1, lambda: "T[1] = nav.screen(\"A\", {build = function() error(\"b\") end})"),
            (1, lambda: "nav.deeplink(\"app://chat/:id\", function() return nil end)"),
            (1, lambda: ["for i = 1, ", self.size(1000000), " do end"]),
            (1, lambda: ["local s = string.rep(\"x\", ", self.size(1 << 22), ")"]),
            (1, lambda: ["F.rec(", self.size(1000000), ")"]),
            (1, lambda: "collectgarbage()"),
            (1, lambda: ["A[1] = nil collectgarbage()"]),
            (1, lambda: ["local t = {} for i = 1, ", self.size(200000), " do t[i] = {} end"]),
            (1, lambda: "tostring(%s) tostring(%s.parent) tostring(%s.children)" % (arg, arg, arg)),
        ])()

    def body(self, arg, results):
        """A callback body: some effects, then a return of one of results (or of anything)."""
        parts = []
        for _ in range(self.w([(5, 0), (3, 1), (1, 2)])):
            parts.append(removable(self.effect(arg), " "))
        if self.p(0.85):
            ret = self.w([(6, lambda: self.c(results)), (1, lambda: ["return ", self.hostile()])])()
            parts.append(K(ret, [""]) if ret else "")
        return parts

    def fn(self, params, arg, results):
        return ["function(", params, ") ", self.body(arg, results), " end"]

    def predicate(self, depth=0):
        """A predicate argument and the kind the search gives."""
        t = self.i(14)
        if t < 3:
            kind = ["modal", "stack", "tabs"][t]
            return ["nav.container", "nav.stack", "nav.tabs"][t], kind
        if t < 6:
            base, kind = self.c([("nav.container", "modal"), ("nav.stack", "stack"), ("nav.tabs", "tabs")])
            field = self.w([(3, lambda: ["name = ", self.string()]), (3, lambda: ["key = ", self.screen(depth + 1)]),
                            (1, lambda: ["presented = ", self.screen(depth + 1)]), (1, lambda: ["selected = ", self.number()])])()
            arg = ["{", field, "}"] if self.p(0.9) else self.hostile()
            return [base, "(", arg, ")"], kind
        if t < 8:
            return self.screen(depth + 1), "modal"
        if t < 9:
            return self.slot("T"), "modal"
        if t < 11:
            kind = self.c(["modal", "stack", "tabs", "container"])
            return ["nav.predicate(", self.string(), ", ",
                    self.fn("c", "c", ["return true", "return false", "return nil", "return c.kind == \"stack\"",
                                       "return c.name == \"Chat\"", "return \"yes\"", "return #c.children > 0"]),
                    ", ", lua_str(kind) if self.p(0.8) else self.hostile(), ")"], kind
        if t < 12:
            return "V.p", "modal"
        if t < 13:
            return self.node(depth + 1), "modal"
        return self.hostile(), "modal"

    # Routes ---------------------------------------------------------------------------
    def nested(self, kind, depth):
        if depth >= 3 or self.p(0.55):
            return None
        return self.w([
            (4, lambda: ["function(x) return x", self.chain(kind, depth + 1, self.i(3)), " end"]),
            (3, lambda: [self.base_for(kind), self.chain(kind, depth + 1, self.i(3))]),
            (1, lambda: self.slot("R")),
            (2, lambda: self.fn("x", "x", ["return x", "return nav.route()", "return nil", "return 1",
                                           "return R[1]", "return x:top(nav.stack)"])),
            (1, lambda: self.hostile()),
        ])()

    def base_for(self, kind):
        if kind == "window" and self.p(0.5):
            return "nav.route()"
        return "nav.route(%s)" % lua_str(kind if kind in KINDS else "modal")

    def with_nested(self, head, kind, depth, first=False):
        """head (which has arguments unless first) and an optional nested route, then ")"."""
        nested = self.nested(kind, depth)
        if nested is None:
            return head + [")"]
        return head + [removable("" if first else ", ", nested), ")"]

    def animation(self):
        return self.w([(4, lambda: self.c(["\"default\"", "\"crossDissolve\"", "\"fade\"", "false"])),
                       (2, lambda: ["{name = ", self.string(), ", duration = ", self.number(), "}"]),
                       (2, lambda: self.hostile())])()

    def options(self, keys):
        if self.p(0.3):
            return None
        if self.p(0.08):
            return self.hostile()
        fields = []
        for key in keys:
            if self.p(0.5):
                if key in ("animation", "stackAnimation", "tabsAnimation"):
                    value = self.animation()
                elif key in ("animated", "separated", "dismissAnimated"):
                    value = self.c(["true", "false"]) if self.p(0.8) else self.hostile()
                elif key == "kind":
                    value = self.kind()
                elif key == "to":
                    value = self.w([(3, lambda: self.screen(2)), (2, lambda: self.slot("T")), (2, lambda: self.string()),
                                    (2, lambda: self.slot("C")), (2, lambda: "\"root\""), (2, lambda: self.hostile())])()
                elif key == "from":
                    value = self.slot("C") if self.p(0.8) else self.hostile()
                else:
                    value = self.hostile()
                fields.append(removable(key, " = ", value, ", "))
        if self.p(0.05):
            fields.append(removable("bogus = 1, "))
        return ["{"] + fields + ["}"]

    def verb(self, name, screen, keys, kind, depth):
        """`:name(screen, options, nested)` with the options and nested parts optional."""
        head = [":" + name + "("]
        if screen:
            head.append(self.screen(depth + 1))
        opts = self.options(keys)
        if opts is not None:
            head.append(removable(", " if screen else "", opts))
        elif screen and self.p(0.5):
            return self.with_nested(head, kind, depth)
        return self.with_nested(head, kind, depth)

    def custom_args(self):
        return self.w([
            (2, lambda: ""),
            (3, lambda: [removable(self.anything(), ", "), removable(self.anything(), ", "), self.number()]),
            (4, lambda: ["table.unpack(F.seq(", self.size(2000, 1), "))"]),
            (2, lambda: ["table.unpack(F.mix(", self.size(2000, 1), "))"]),
            (1, lambda: ["table.unpack(F.dag(", self.size(2000, 1), "))"]),
        ])()

    def method(self, kind, depth):
        """One route method call for a route whose current kind is (probably) kind."""
        valid = {
            "window": ["root", "setRoot", "makeKey", "makeKeyAndVisible"],
            "modal": ["present", "dismiss", "presented", "presenting", "stack", "tabs", "window", "makeVisible"],
            "stack": ["push", "pop", "popToRoot", "replace", "clear", "setStack", "stackRoot", "stackTop", "stackVisible",
                      "present", "dismiss", "presented", "makeVisible"],
            "tabs": ["selectTab", "selectedTab", "setupTab", "present", "dismiss", "presented", "makeVisible"],
        }
        anyk = ["first", "last", "top", "top", "from", "andThen", "fallback", "ensure", "cauterize", "resolve",
                "get", "refresh", "fail", "wait", "custom"]
        everything = sorted(set(anyk + sum(valid.values(), [])))
        if self.p(0.85):
            name = self.c(valid.get(kind, valid["modal"]) + anyk)
        else:
            name = self.c(everything)
        d = depth
        if name in ("first", "last", "top"):
            pred, newkind = self.predicate(d)
            return self.with_nested([":" + name + "(", pred], newkind, d), newkind
        if name == "from":
            return self.with_nested([":from(", self.slot("C") if self.p(0.85) else self.hostile()], "modal", d), "modal"
        if name == "andThen":
            return [":andThen(", self.route(d + 1) if self.p(0.9) else self.hostile(), ")"], kind
        if name == "ensure":
            return [":ensure(", self.route(d + 1) if self.p(0.9) else self.hostile(), ")"], kind
        if name == "fallback":
            itself = ["return " + self.lhs] * 2 if self.lhs else []
            arg = self.w([(3, lambda: self.route(d + 1)),
                          (3, lambda: self.fn("err", "err", ["return nav.route()", "return nil", "return 1", "return R[1]",
                                                             "return nav.route():fail(err)", "return nav.route(\"stack\")"]
                                              + itself)),
                          (1, lambda: self.hostile())])()
            return [":fallback(", arg, ")"], kind
        if name in ("cauterize", "resolve", "refresh", "makeKey", "makeKeyAndVisible"):
            return ":" + name + "()", kind
        if name == "get":
            arg = self.fn("c", "c", ["return true", "return false, \"no\"", "return nil", "return false",
                                     "return false, F.cyc()", "return c"]) if self.p(0.9) else self.hostile()
            return [":get(", arg, ")"], kind
        if name == "fail":
            return [":fail(", self.string() if self.p(0.8) else "", ")"], kind
        if name == "wait":
            return [":wait(", self.number(), ")"], kind
        if name == "custom":
            return [":", self.action_name(), "(", self.custom_args(), ")"], kind
        if name == "root":
            k = self.c(["stack", "tabs", "modal"])
            if self.p(0.3):
                return self.with_nested([":root("], k, d, first=True), "modal"
            return self.with_nested([":root(", lua_str(k) if self.p(0.9) else self.hostile()], k, d), k
        if name == "setRoot":
            return self.verb("setRoot", True, ["animation"], "modal", d), "window"
        if name == "present":
            return self.verb("present", True, ["animated"], "modal", d), kind
        if name == "dismiss":
            opts = self.options(["animated"])
            return [":dismiss(", opts or "", ")"], kind
        if name in ("presented", "presenting", "stackRoot", "stackTop", "stackVisible", "selectedTab"):
            k = self.c(["stack", "tabs", "modal", "container"])
            if self.p(0.3):
                return self.with_nested([":" + name + "("], "modal", d, first=True), "modal"
            return self.with_nested([":" + name + "(", lua_str(k) if self.p(0.9) else self.hostile()], k, d), k
        if name in ("stack", "tabs", "window"):
            return self.with_nested([":" + name + "("], name, d, first=True), name
        if name == "makeVisible":
            opts = self.options(["stackAnimation", "tabsAnimation", "dismissAnimated"])
            return [":makeVisible(", opts or "", ")"], kind
        if name in ("push", "replace"):
            return self.verb(name, True, ["animation", "separated"], "modal", d), "stack"
        if name in ("pop", "popToRoot", "clear"):
            opts = self.options(["to", "animation", "separated"] if name == "pop" else ["animation", "separated"])
            return [":" + name + "(", opts or "", ")"], "stack"
        if name == "setStack":
            mods = []
            for _ in range(self.i(4)):
                mods.append(removable(self.modifier(d), ", "))
            arg = ["{"] + mods + ["}"] if self.p(0.9) else self.hostile()
            opts = self.options(["animation", "separated"])
            return [":setStack(", arg, [", ", opts] if opts is not None else "", ")"], "stack"
        if name == "selectTab":
            tab = self.w([(4, lambda: self.c(["1", "2", "3"])),
                          (4, lambda: self.c(["math.maxinteger", "math.mininteger", "0", "-1", "2^53", "0/0", "1.5",
                                              "math.huge", "-math.huge", "2^63", "-(2^63)", "1e300"])),
                          (2, lambda: self.screen(d + 1)), (1, lambda: self.slot("T")), (1, lambda: self.string()),
                          (1, lambda: self.slot("C")), (1, lambda: self.hostile())])()
            opts = self.options(["animation", "kind"])
            k = self.c(["stack", "modal", "tabs"])
            head = [":selectTab(", tab]
            if opts is not None:
                head.append(removable(", ", opts))
            return self.with_nested(head, k, d), "tabs"
        if name == "setupTab":
            return self.with_nested([":setupTab(", self.screen(d + 1)], "modal", d), "tabs"
        return ":" + name + "()", kind

    def modifier(self, depth):
        body = self.fn("st", "st[1]", ["return st", "return {}", "return {st[1]}", "return {T[1]()}",
                                       "return {st[1], st[1], T[1]{id = 1}}", "return {table.unpack(st)}",
                                       "return F.screens(T[1], 300)", "return {1, \"x\", st}", "return nil",
                                       "return {A[1] and A[1]:top()}", "return st[#st] and {st[#st]} or {}"])
        return self.w([(3, lambda: body), (2, lambda: ["nav.modifier(", self.string(), ", ", body, ")"]),
                       (2, lambda: "V.m"), (1, lambda: self.hostile())])()

    def chain(self, kind, depth, count):
        parts = []
        for _ in range(count):
            m, kind = self.method(kind, depth)
            parts.append(removable(m))
        return parts

    def route(self, depth=0):
        if depth > 3:
            return self.c(["nav.route()", self.slot("R"), "nav.route(\"stack\")"])
        base, kind = self.w([
            (6, lambda: ("nav.route()", "window")),
            (3, lambda: (self.slot("R"), self.c(["stack", "modal", "window"]))),
            (2, lambda: ("nav.route(\"stack\")", "stack")),
            (1, lambda: ("nav.route(\"tabs\")", "tabs")),
            (1, lambda: ("nav.route(\"modal\")", "modal")),
            (1, lambda: (["nav.route(", self.hostile(), ")"], "window")),
        ])()
        if self.p(0.6) and kind == "window":
            pred, kind = self.c([("nav.stack", "stack"), ("nav.tabs", "tabs"), ("nav.container", "modal")])
            base = [base, removable(":top(", pred, ")")]
        return [base, self.chain(kind, depth, 1 + self.w([(3, 0), (3, 1), (2, 2), (1, 4)]))]

    # Hierarchies ----------------------------------------------------------------------
    def node(self, depth=0):
        if depth > 3:
            return self.c([self.slot("T"), self.slot("T") + "()", self.slot("S")])
        node = self.w([
            (5, lambda: self.c([self.slot("T"), self.slot("T") + "()", self.slot("S")])),
            (3, lambda: self.screen(depth + 1)),
            (5, lambda: self.container_node("nav.stack", depth)),
            (3, lambda: self.container_node("nav.tabs", depth)),
            (1, lambda: ["F.nest(", self.size(260, 1), ", ", self.slot("T"), "(), ", self.c(["nav.stack", "nav.tabs"]), ")"]),
            (1, lambda: ["nav.stack({table.unpack(F.screens(", self.slot("T"), ", ", self.size(3000, 1), "))})"]),
            (1, lambda: self.hostile()),
        ])()
        return K(node, ["T[1]"]) if isinstance(node, list) else node

    def container_node(self, base, depth):
        parts = []
        for _ in range(self.w([(1, 0), (4, 1), (3, 2), (1, 4)])):
            parts.append(removable(self.node(depth + 1), ", "))
        if self.p(0.25):
            parts.append(removable("presented = ", self.node(depth + 1), ", "))
        if base == "nav.tabs" and self.p(0.4):
            parts.append(removable("selected = ", self.c(["1", "2", "3", "0"]) if self.p(0.7) else self.hostile(), ", "))
        if self.p(0.15):
            parts.append(removable("key = ", self.screen(depth + 1), ", "))
        return [base, "({"] + parts + ["})"]

    # Statements -----------------------------------------------------------------------
    def def_screen(self, index=None):
        slot = self.assign("T", index=index)
        name = lua_str(self.c(NAMES)) if self.p(0.9) else self.string()
        fields = []
        if self.p(0.5):
            fields.append(removable("container = ", lua_str(self.c(["modal", "stack", "tabs"])) if self.p(0.9) else self.kind(), ", "))
        if self.p(0.35):
            body = self.fn("ct, nv", "ct", ["", "return 1"])
            children = self.w([(4, lambda: ["{", self.screens_list(2), "}"]), (1, lambda: self.hostile()),
                               (1, lambda: ["F.screens(", self.slot("T"), ", ", self.size(3000), ")"])])()
            build = self.w([(4, lambda: ["function(ct, nv) ct:setChildren(", children, ") end"]),
                            (2, lambda: ["function(ct, nv) nv:navigate(", self.route(2), ", {from = ct}) end"]),
                            (3, lambda: body), (1, lambda: self.hostile())])()
            fields.append(removable("build = ", build, ", "))
        if self.p(0.25):
            fields.append(removable("refresh = ", self.fn("ct", "ct", ["", "return 1"]), ", "))
        opts = ["{"] + fields + ["}"] if self.p(0.92) else self.hostile()
        return [slot, " = nav.screen(", name, ", ", opts, ")"]

    def make_screen(self):
        return [self.assign("S"), " = ", self.screen()]

    def make_route(self):
        if self.p(0.1):
            r = self.slot("R")
            return [self.assign("R"), " = ", r, "[\"then\"](", r, ", ", self.route(1), ")"]
        slot = self.assign("R")
        self.lhs = slot  # callbacks in the route may return the route itself (a cycle)
        route = self.route()
        self.lhs = None
        return [slot, " = ", route]

    def make_app(self, index=None):
        slot = self.assign("A", 2, index)
        spec = self.w([
            (6, lambda: ["{root = ", self.node(), [removable(", presented = ", self.node(1))] if self.p(0.2) else "", "}"]),
            (2, lambda: ""),
            (2, lambda: self.node()),
            (1, lambda: ["{root = ", self.node(), ", bogus = 1}"]),
            (1, lambda: self.hostile()),
        ])()
        return [slot, " = nav.app(", spec, ")"]

    def navigate(self):
        app = self.slot("A", 2) if self.p(0.9) else ["(", self.hostile(), ")"]
        route = self.route() if self.p(0.6) else self.slot("R")
        return ["local ok, err = ", app, ":navigate(", route, ") V.err = err"]

    def short_navigate(self):
        """A short route that mostly builds and runs, so that the step it ends with is performed
        with its (often hostile) arguments: long random chains seldom get that far."""
        pred, kind = self.c([("nav.stack", "stack"), ("nav.tabs", "tabs"), ("nav.container", "modal")])
        step, _ = self.method(kind, 2)
        return ["local ok, err = ", self.slot("A", 2), ":navigate(nav.route():", self.c(["top", "first", "last"]),
                "(", pred, ")", step, ") V.err = err", self.c(["", "", " A[1]:settle()"])]

    def navigator_navigate(self):
        opts = self.w([(2, lambda: ""), (2, lambda: ", {from = %s}" % self.slot("C")), (1, lambda: [", ", self.hostile()])])()
        completion = self.w([(3, lambda: [", ", self.fn("ok, err", "ok", ["", "return 1"])]), (1, lambda: ""),
                             (1, lambda: [", ", self.hostile()])])()
        after = self.c(["", " A[1]:settle()", " A[1]:advance(0.1)", " A[1]:advance(0/0)", " A[1]:advance(-1)"])
        return ["A[1].navigator:navigate(", self.route() if self.p(0.6) else self.slot("R"), opts, completion, ")", after]

    def app_op(self):
        a = self.slot("A", 2)
        return self.w([
            (3, lambda: [a, ":open(", self.url(), ")"]),
            (2, lambda: [a, ":resumeDeeplinks()"]),
            (2, lambda: [a, ":advance(", self.number(), ")"]),
            (2, lambda: [a, ":settle()"]),
            (2, lambda: [a, ":tap(", self.slot("C") if self.p(0.8) else self.hostile(), ", ",
                         self.c(["\"left\"", "\"right\"", "nil", "\"up\""]) if self.p(0.85) else self.hostile(), ")"]),
            (4, lambda: [self.assign("C"), " = ", a, self.c([":top()", ":topStack()", ":topTabs()", ".window"])]),
            (2, lambda: ["V.tree = ", a, ":tree()"]),
            (2, lambda: ["V.snap = ", a, ":snapshot()"]),
            (3, lambda: ["for i, t in ipairs(", a, ".transitions) do V.t = {t.kind, t.animated, t.animation, t.container, "
                         "t.before, t.after, t.time, t.duration} end"]),
            (2, lambda: ["V.log = ", a, ".log V.clock = ", a, ".clock V.pd = ", a, ".pendingDeeplink"]),
            (2, lambda: ["V.nv = ", a, ".navigator V.w = V.nv.window V.tc = V.nv.topContainer V.ts = V.nv.topStackContainer "
                         "V.tt = V.nv.topTabsContainer"]),
            (1, lambda: [a, ".clock = 1"]),
            (1, lambda: [a, ":navigate(", self.route(), ", ", self.anything(), ")"]),
            (1, lambda: [a, ":bogus()"]),
        ])()

    def addon_arg(self):
        """A table argument for the addons: plausible, or hostile."""
        return self.w([
            (3, lambda: ["{ title = ", self.string(), ", actions = { { title = ", self.string(), ", style = ",
                         self.c(['"cancel"', '"destructive"', '"default"', '"loud"']), ", route = ", self.slot("R"),
                         ", handler = function(t) V.h = t end } } }"]),
            (2, lambda: ["{ url = ", self.c(['"https://x.com"', '"myapp://x"', '""']), ", didFinish = function() V.f = 1 end }"]),
            (2, lambda: ["{ items = { ", self.string(), " }, activities = { { type = \"t\", screen = ", self.slot("S"),
                         " } }, didFinish = function(a, c) V.s = a end }"]),
            (2, lambda: ["{ source = ", self.c(['"camera"', '"photoLibrary"', '"moon"']), ", types = { \"image\" } }"]),
            (2, lambda: ["{ indicator = ", self.c(['"success"', '{ percentage = 0/0 }', '{ image = 1 }', '"x"']), ", message = ",
                         self.string(), " }"]),
            (2, lambda: ["{ detents = { \"medium\" }, selectedDetent = ", self.string(), " }"]),
            (3, lambda: self.anything()),
            (2, lambda: self.hostile()),
        ])()

    def addons(self):
        """Nivelir's addons, observation, the deeplink manager, restore and explore's library."""
        a, r = self.slot("A", 2), self.slot("R")
        methods = ["showAlert", "showActionSheet", "showSafari", "share", "showMediaPicker", "showDocumentPreview",
                   "showStoreProduct", "openURL", "call", "mail", "openAppSettings", "openStoreApp", "showHUD", "hideHUD",
                   "impactOccurred", "notificationOccurred", "selectionChanged", "changeBottomSheet", "requestStoreReview", "try"]
        return self.w([
            (8, lambda: [self.assign("R"), " = ", r, ":", self.c(methods), "(", self.addon_arg(), ", ",
                         self.addon_arg() if self.p(0.5) else "nil", ")"]),
            (4, lambda: [a, ":answer(", self.c([self.string(), "nil", "false", "{ image = 1 }", '"done"']), ", ",
                         self.addon_arg() if self.p(0.3) else "nil", ")"]),
            (2, lambda: [a, ":answer(", self.slot("C"), ", ", self.string(), ")"]),
            (3, lambda: [a, ":setSystem(", self.w([(3, lambda: ["{ idiom = ", self.c(['"pad"', '"phone"', '"tv"']),
                                                               ", canOpenURL = ", self.c(["true", "false", "function(u) return #u > 3 end",
                                                                                          "function() error('x') end"]), " }"]),
                                                  (2, lambda: ["{ authorization = { camera = ", self.c(['"denied"', '"notDetermined"', '"bogus"']),
                                                               " }, applicationState = ", self.c(['"background"', '"active"']), " }"]),
                                                  (1, lambda: self.hostile())])(), ")"]),
            (2, lambda: ["V.o = ", a, ".opened V.hp = ", a, ".haptics V.hu = ", a, ".hud V.ar = ", a, ".authorizationRequests"]),
            (3, lambda: ["V.tok = ", a, ".navigator:observe(", self.string(), ", { m = function(self, ...) V.m = select('#', ...) end }, ",
                         self.c(["nil", "{}", "{ presentedOn = " + "V.c" + " }", "{ satisfiedAny = { {}, { visible = 1 } } }",
                                 "{ bogus = 1 }"]), ")"]),
            (2, lambda: [self.slot("C"), ":notify(", self.string(), ", ", self.anything(), ")"]),
            (1, lambda: ["V.tok:cancel()"]),
            (3, lambda: ["V.dm = nav.deeplinkManager { navigator = ", a, ".navigator, types = { nav.deeplinkType(", self.string(),
                         ", { query = ", self.c(['{ id = "integer" }', '{ id = "int" }', '{ a = "string[]?" }', "1"]),
                         ", url = function(u) return u.query end, navigate = function(d) return ", r, " end }) } }"]),
            (3, lambda: ["V.dm:", self.c(["handleURL", "handleURLIfPossible", "canHandleURL"]), "(", self.url(), ")"]),
            (1, lambda: ["V.dm:handleNotification { userInfo = ", self.anything(), " }"]),
            (1, lambda: ["V.dm:activate(", self.anything(), ")"]),
            (2, lambda: ["V.snap = ", a, ":snapshot() ", self.assign("A"), " = nav.app { restore = V.snap }"]),
            (1, lambda: [self.assign("A"), " = nav.app { restore = ", self.anything(), " }"]),
            (2, lambda: ["V.sh = ", a, ":shape(", self.c(["true", "false", "nil"]), ", ", self.c(["true", "nil"]), ") V.cs = ", a, ":census()"]),
            (1, lambda: ["V.g = explore.int(", self.number(), ", ", self.number(), ")"]),
            (1, lambda: ["V.g = explore.oneOf(", self.anything(), ")"]),
        ])()

    def url(self):
        return self.w([(6, lambda: lua_str(self.c(URLS))),
                       (1, lambda: ["\"app://chat/\" .. string.rep(\"a/\", ", self.size(200000), ")"]),
                       (1, lambda: ["\"app://chat/7?\" .. string.rep(\"a[b]\", ", self.size(100000), ") .. \"=1\""]),
                       (1, lambda: ["\"app://chat/7?\" .. string.rep(\"x=1&\", ", self.size(100000) if self.p(0.1) else self.size(500), ")"]),
                       (1, lambda: self.hostile())])()

    def container_op(self):
        c = self.slot("C")
        return self.w([
            (4, lambda: ["V.x = {%s.kind, %s.key, %s.name, %s.traits, %s.parent, %s.children, %s.presented, %s.presenting, "
                         "%s.selectedIndex, %s.isVisible, %s.isKey, %s.attributes, %s.presentationPhase, %s.refreshCount}"
                         % ((c,) * 14)]),
            (3, lambda: [c, ":setAttribute(", self.string(), ", ", self.anything(), ")"]),
            (3, lambda: [c, ":setChildren(", self.w([(3, lambda: ["{", self.screens_list(1), "}"]), (1, lambda: self.hostile())])(),
                         ", ", self.c(["A[1].navigator", "nil", "V.nv"]) if self.p(0.8) else self.hostile(), ")"]),
            (2, lambda: ["V.tree = ", c, ":tree()"]),
            (2, lambda: ["V.s = tostring(", c, ") .. tostring(", c, " == ", self.slot("C"), ")"]),
            (2, lambda: [self.assign("C"), " = ", c, self.c([".parent", ".children[1]", ".presented", ".presenting",
                                                           ".parent.parent", ".children[#%s.children]" % c])]),
            (1, lambda: [c, ".kind = \"stack\""]),
            (1, lambda: ["local t = ", c, ".attributes t.x = 1 V.attr = t"]),
            (1, lambda: ["for k, v in pairs(", c, ".traits) do V[k] = v end"]),
        ])()

    def def_action(self):
        plain = self.c(ACTION_NAMES)
        if plain not in self.actions:
            self.actions.append(plain)
        name = lua_str(plain) if self.p(0.9) else self.c(["\"push\"", "\"then\"", "\"\"", lua_str(b"a\0b"), "nil"])
        perform = self.w([
            (12, lambda: ["function(ct, nv, done, ...) ",
                          [removable(self.effect("ct"), " ")] if self.p(0.25) else "",
                          self.pick(["done()", "done(true)", "done(false)", "done(false, \"x\")", "", "done() done()",
                                  "done(ct)", "done(C[1])", "done(nv)", "done(...)", "done(select(\"#\", ...) > 0)",
                                  "V.done = done", "V.done = done V.nv = nv V.ct = ct done()", "error(\"perform\")",
                                  "coroutine.yield() done()", "done(false, string.rep(\"x\", 100000))",
                                  "nv:navigate(nav.route(), function(ok, err) done(ok) end)",
                                  "nv:navigate(nav.route(), {from = ct}, done)",
                                  "A[1]:navigate(R[1] or nav.route()) done()",
                                  "done(false, F.cyc())", "done(F.mt(\"tostring_err\"))", "done(true, 1, 2, 3)"]),
                          " end"]),
            (1, lambda: self.hostile()),
        ])()
        fields = [removable("on = ", self.kind(), ", ")] if self.p(0.6) else []
        if self.p(0.3):
            fields.append(removable("produces = ", self.kind(), ", "))
        fields.append(removable("perform = ", perform, ", "))
        return ["nav.action(", name, ", ", ["{"] + fields + ["}"] if self.p(0.93) else self.hostile(), ")"]

    def call_action(self):
        base = self.c(["nav.route()", "nav.route():top(nav.stack)", "nav.route(\"stack\")", self.slot("R")])
        call = [base, ":", self.action_name(), "(", self.custom_args(), ")"]
        return self.w([
            (3, lambda: [self.assign("R"), " = ", call]),
            (3, lambda: ["local ok, err = A[1]:navigate(", call, ")"]),
            (2, lambda: [self.assign("R"), " = coroutine.wrap(function() return ", call, " end)() collectgarbage()"]),
        ])()

    def def_decorator(self):
        name = self.c(DECORATOR_NAMES)
        if name not in self.decorators:
            self.decorators.append(name)
        return ["nav.decorator(", lua_str(name) if self.p(0.9) else self.string(), ", ",
                self.fn("ct, opts", "ct", ["", "return 1"]) if self.p(0.9) else self.hostile(), ")"]

    def deeplinks(self):
        return self.w([
            (3, lambda: ["nav.deeplink(", lua_str(self.c(PATTERNS)) if self.p(0.85) else self.hostile(), ", ",
                         self.fn("params, query", "params", ["return nav.route():top(nav.stack):push(T[1]({id = params.chatId}))",
                                                             "return nil", "return R[1]", "return 1",
                                                             "return nav.route():top(nav.stack):push(T[1](query))",
                                                             "return nav.route():first(nav.container({name = params.host or \"x\"}))"])
                         if self.p(0.9) else self.hostile(), ")"]),
            (2, lambda: ["nav.interceptor(", self.fn("link, app", "link",
                                                      ["return true", "return false", "return false, \"no\"",
                                                       "return R[1] or nav.route()", "return app:open(link.url)",
                                                       "V.link = link V.app = app return true", "return app:resumeDeeplinks()",
                                                       "return nil", "return false, F.cyc()"])
                         if self.p(0.9) else self.hostile(), ")"]),
            (4, lambda: ["local ok, err = ", self.slot("A", 2), ":open(", self.url(), ")"]),
            (2, lambda: [self.slot("A", 2), ":resumeDeeplinks()"]),
        ])()

    def expect(self):
        value = self.w([(6, lambda: self.slot("A", 2)), (6, lambda: self.slot("C")), (4, lambda: self.anything()),
                        (1, lambda: ["F.deep(", self.size(200000), ")"]), (1, lambda: "F.cyc()"),
                        (1, lambda: "function() error(\"e\") end")])()
        neg = ".never" if self.p(0.2) else ""
        matcher = self.w([
            (2, lambda: [":toBe(", self.anything(), ")"]),
            (3, lambda: [":toEqual(", self.w([(6, lambda: self.anything()), (1, lambda: "F.cyc()"),
                                             (1, lambda: ["F.deep(", self.size(200000), ")"])])(), ")"]),
            (2, lambda: [":toShow(", self.screen(1), ")"]),
            (1, lambda: [":toContain(", self.anything(), ")"]),
            (1, lambda: [":toHaveLength(", self.number(), ")"]),
            (2, lambda: [":toMatch(", self.pattern() if self.p(0.8) else self.hostile(), ")"]),
            (1, lambda: [":toFail(", self.string(), ")"]),
            (1, lambda: [":toMatchSnapshot(", self.string() if self.p(0.7) else "", ")"]),
            (1, lambda: [":bogus()"]),
        ])()
        return ["expect(", value, [", ", self.anything()] if self.p(0.05) else "", ")", neg, matcher]

    def predicate_modifier(self):
        return self.w([
            (3, lambda: ["V.p = ", self.predicate()[0]]),
            (2, lambda: ["V.m = nav.modifier(", self.string(), ", ", self.modifier(1), ")"]),
            (1, lambda: ["V.s = tostring(", self.predicate()[0], ")"]),
            (1, lambda: ["V.p = nav.predicate(", self.string(), ", ", self.hostile(), ", ", self.kind(), ")"]),
        ])()

    def coroutines(self):
        return self.w([
            (3, lambda: ["V.co = coroutine.create(function() ", self.statement_body(), " coroutine.yield() ",
                         self.statement_body(), " end) coroutine.resume(V.co)"]),
            (3, lambda: "if V.co then coroutine.resume(V.co) end"),
            (1, lambda: "if V.co then coroutine.close(V.co) end"),
            (1, lambda: ["F.corec(", self.risk(self.size(250)), ", function() ", self.statement_body(), " end)"]),
        ])()

    def gc(self):
        return self.c(["collectgarbage()", "collectgarbage(\"step\")", "collectgarbage(\"collect\") collectgarbage()",
                       "A[1] = nil collectgarbage()", "R[1] = nil S[1] = nil collectgarbage()",
                       "collectgarbage(\"incremental\", 1, 1)", "collectgarbage(\"generational\")"])

    def pattern(self):
        """A Lua pattern; rarely one that backtracks for ages (Lua's matcher is C code that the
        instruction and time limits cannot stop: a known hang, so kept rare)."""
        if self.p(0.15):
            return self.risk(lua_str(self.c(SLOW_PATTERNS)))
        return lua_str(self.c(PLAIN_PATTERNS + ["Chat", "%", "[", "(", "%d+"]))

    def match(self):
        """A pattern match on a long subject (the longest ones with the slowest patterns)."""
        risky = self.risky
        pattern = self.pattern()
        slow, self.risky = self.risky and not risky, risky or self.risky
        subject = ["string.rep(", lua_str(self.c(["a", "ab", "x"])), ", ",
                   self.size(60000) if self.p(0.15 if slow else 0.05) else self.size(100), ")"]
        call = self.c([["V.x = h:find(", pattern, ")"], ["V.x = h:match(", pattern, ", 1)"],
                       ["V.x = h:gsub(", pattern, ", \"%0\")"], ["for m in h:gmatch(", pattern, ") do V.x = m end"]])
        return ["local h = ", subject, " ", call]

    def stdlib(self):
        return self.w([
            (3, lambda: self.match()),
            (1, lambda: ["V.x = string.format(", lua_str(self.c(["%99999d", "%s%s%s", "%q", "%.99f", "%a"])), ", ", self.anything(), ")"]),
            (1, lambda: ["V.x = table.concat(F.seq(", self.size(200000), "), ", self.string(), ")"]),
            (1, lambda: ["V.x = load(", self.w([(2, lambda: lua_str(self.c(["return 1", "while true do end", "return nav.route()",
                                                                              "\27Lua", "return ...", "x ="]))),
                                                 (1, lambda: ["string.rep(\"(\", ", self.size(1000), ") .. \"1\" .. string.rep(\")\", ", self.size(1000), ")"]),
                                                 (1, lambda: ["\"return \" .. string.rep(\"{\", ", self.size(1000), ")"])])(), ")"]),
            (1, lambda: ["local t = F.mix(", self.size(500), ") table.sort(t", self.c(["", ", function(a, b) return true end",
                                                                                     ", function() error(\"s\") end"]), ")"]),
            (1, lambda: ["V.x = utf8.char(", self.number(), ") .. tostring(utf8.len(", self.string(), "))"]),
            (1, lambda: ["V.x = select(\"#\", table.unpack(F.seq(", self.size(100000), ")))"]),
            (1, lambda: ["V.x = (", self.string(), "):rep(", self.c(["1e6", "-1", "1e6", "1e9", "2^31", "1e5", "2^53"] if self.p(0.1) else ["1e6", "-1", "1e5"]), ")"]),
            (1, lambda: ["print(", self.anything(), ", ", self.anything(), ")"]),
            (1, lambda: ["V.x = string.pack(", lua_str(self.c(["i16", "s1", "z", "j", "!17"])), ", ", self.anything(), ")"]),
            (1, lambda: "setmetatable({}, {__gc = function() end})"),
            (1, lambda: "local x <close> = F.mt(\"close_err\")"),
        ])()

    def introspect(self):
        x = self.c(["T", "S", "R", "A", "C"])
        slot = self.slot(x, 2 if x == "A" else 3)
        return self.w([
            (3, lambda: ["V.s = tostring(", slot, ")"]),
            (2, lambda: ["V.x = {", slot, ".key, ", slot, ".name, ", slot, ".kind, ", slot, ".traits, ", slot, ".bogus}"]),
            (1, lambda: ["V.x = ", slot, " == ", self.anything()]),
            (1, lambda: ["V.x = #", slot]),
            (1, lambda: [slot, ".key = ", self.anything()]),
            (1, lambda: ["V.x = getmetatable(", slot, ")"]),
            (1, lambda: ["local mt = getmetatable(", slot, ") if type(mt) == \"table\" then mt.__index = nil end"]),
            (1, lambda: ["nav.", self.c(["route", "version", "bogus", "stack"]), " = ", self.anything()]),
            (1, lambda: ["V.x = nav.version .. tostring(nav.container) .. tostring(nav.stack) .. tostring(nav.tabs)"]),
            (1, lambda: ["for k, v in pairs(nav) do V[k] = v end"]),
            (1, lambda: ["V.x = ", slot, "(", self.anything(), ")"]),
            (1, lambda: ["V.x = ", slot, " < ", self.anything()]),
        ])()

    def scenario_api(self):
        """The scenario runtime's own functions, called from inside a running scenario."""
        return self.c(["scenario(\"inner\", function() error(\"inner\") end)", "describe(\"d\", function() end)",
                       "it(\"i\", {tags = {\"t\"}}, function() end)", "pending(\"p\")",
                       "before_each(function() error(\"b\") end)", "after_each(function() A[1]:settle() end)",
                       "describe(\"d\", function() scenario(\"s\", function() end) end)",
                       "expect(1, 2, 3).never.never:toBe(1)", "V.e = expect(A[1]) V.e:toShow(T[1]())"])

    def saved(self):
        return self.c(["if V.done then V.done() end", "if V.done then V.done(C[1]) end", "if V.done then V.done(false, \"late\") end",
                       "if V.done then V.done(V.done) end",
                       "if V.nv then V.nv:navigate(nav.route(), function() end) end",
                       "if V.ct then V.ct:setChildren({T[1]()}, V.nv) end",
                       "if V.link then V.x = V.link.url .. tostring(V.link.params) end",
                       "if V.app then V.app:open(\"app://chat/2\") V.app:settle() end",
                       "if V.last then V.x = V.last:tree() end"])

    def statement_body(self):
        return self.w([
            (3, lambda: self.def_screen()),
            (5, lambda: self.make_screen()),
            (10, lambda: self.make_route()),
            (13, lambda: self.navigate()),
            (10, lambda: self.short_navigate()),
            (5, lambda: self.navigator_navigate()),
            (7, lambda: self.app_op()),
            (6, lambda: self.container_op()),
            (4, lambda: self.def_action()),
            (4, lambda: self.call_action()),
            (2, lambda: self.def_decorator()),
            (4, lambda: self.deeplinks()),
            (4, lambda: self.expect()),
            (3, lambda: self.predicate_modifier()),
            (3, lambda: self.make_app()),
            (2, lambda: self.gc()),
            (2, lambda: self.coroutines()),
            (1, lambda: self.stdlib()),
            (3, lambda: self.introspect()),
            (3, lambda: self.saved()),
            (1, lambda: self.scenario_api()),
            (6, lambda: self.addons()),
        ])()

    def statement(self, body=None):
        body = K(body if body is not None else self.statement_body())
        plain = ["pcall(function() ", body, " end)"]
        r = self.r.random()
        if r < 0.06:
            return K(["pcall(coroutine.wrap(function() ", body, " end))"], [plain])
        if r < 0.08:
            return K(["coroutine.wrap(function() pcall(function() ", body, " end) end)()"], [plain])
        if r < 0.09:
            return K(["V.co = coroutine.create(function() ", body, " end) coroutine.resume(V.co)"], [plain])
        return K(plain)


class Program(object):
    def __init__(self, seed, number, statements, risky=False, repeat=1):
        self.seed = seed
        self.number = number
        self.statements = statements
        self.risky = risky
        # How many times the program runs, as that many scenarios of one file: a crash that
        # needs memory that an earlier run left behind shows only with repeat > 1.
        self.repeat = repeat

    @property
    def name(self):
        return "p%d-%d" % (self.seed, self.number)

    def copy_with(self, statements):
        return Program(self.seed, self.number, statements, self.risky, self.repeat)

    def repeated(self, repeat):
        return Program(self.seed, self.number, self.statements, self.risky, repeat)

    def scenario(self, name=None):
        name = name or self.name
        lines = []
        for run in range(self.repeat):
            lines += ["scenario(%s, function()" % lua_str(name if run == 0 else "%s#%d" % (name, run + 1)),
                      "  local T, S, R, A, C, V = {}, {}, {}, {}, {}, {}"]
            for s in self.statements:
                lines.append("  " + render(s))
            lines.append("end)")
        return "\n".join(lines) + "\n"


def generate(seed, number):
    rng = random.Random("navscript-fuzz:%d:%d" % (seed, number))
    g = Gen(rng)
    statements = []
    # A setup that later statements build on: screen types, a screen, an app, its top
    # container, a route, sometimes an action and a decorator (each statement removable).
    for index in (1, 2, 3):
        statements.append(g.statement(g.def_screen(index)))
    if g.p(0.8):
        statements.append(g.statement([g.assign("S", index=1), " = ", g.screen()]))
    if g.p(0.35):
        statements.append(g.statement([g.assign("A", index=1), " = nav.app({root = ", g.container_node("nav.tabs", 1), "})"]))
    elif g.p(0.85):
        statements.append(g.statement(g.make_app(1)))
        if g.p(0.8):
            statements.append(g.statement([g.assign("C", index=1), " = A[1]:top()"]))
    if g.p(0.5):
        statements.append(g.statement(g.def_action()))
    if g.p(0.2):
        statements.append(g.statement(g.def_decorator()))
    if g.p(0.6):
        statements.append(g.statement([g.assign("R", index=1), " = ", g.route()]))
    for _ in range(3 + int(rng.random() ** 1.5 * 36)):
        statements.append(g.statement())
    return Program(seed, number, statements, g.risky)


def render_file(programs, names=None):
    scenarios = [p.scenario(names[i] if names else None) for i, p in enumerate(programs)]
    text = "\n".join(scenarios)
    return helpers_for(text) + "\n" + text


# Running ----------------------------------------------------------------------------------

class Outcome(object):
    """What one run of navscript gave."""

    def __init__(self, kind, status=None, sig=None, markers=(), detail="", culprits=(), frames=(),
                 seconds=0.0, stderr="", scenarios=0, complete=False):
        self.kind = kind            # "ok", "crash" or "hang"
        self.status = status        # exit status, or None for a signal or a hang
        self.sig = sig              # signal number
        self.markers = list(markers)
        self.detail = detail
        self.culprits = list(culprits)  # scenario names a report marker named
        self.frames = list(frames)      # the project's frames of the crashed thread (backtrace runs)
        self.seconds = seconds
        self.stderr = stderr
        self.scenarios = scenarios
        self.complete = complete        # every scenario ran and is in the report

    def family(self):
        keys = set("marker:" + m for m in self.markers)
        if self.sig is not None:
            if self.sig in MEMORY_SIGNALS:
                keys.add("signal:memory")
            elif self.sig in TRAP_SIGNALS:
                keys.add("signal:trap")
            else:
                keys.add("signal:%d" % self.sig)
        if not keys:
            keys.add("status:%s" % self.status)
        return keys

    def same_as(self, other):
        if self.kind != other.kind:
            return False
        if self.kind == "hang":
            return True
        return bool(self.family() & other.family())

    def describe(self):
        if self.kind == "hang":
            if self.detail:
                return "hang: " + self.detail
            return "hang: still running after %.1f s (the scenario's time limit did not stop it)" % self.seconds
        bits = []
        if self.sig is not None:
            bits.append("killed by signal %d (%s)" % (self.sig, signal_name(self.sig)))
        elif self.status is not None and self.status not in NORMAL_EXIT_STATUSES:
            bits.append("exit status %d" % self.status)
        if self.detail:
            bits.append(self.detail)
        elif self.markers:
            bits.append("stderr says " + ", ".join(repr(m) for m in self.markers))
        return "crash: " + "; ".join(bits)

    def signature(self):
        """What tells this crash from others (where it crashed); None for a hang (no backtrace)."""
        if self.kind == "hang":
            return None
        where = " <- ".join(self.frames[:3]) if self.frames else re.sub(r"0x[0-9a-f]+|\d+", "#", self.detail)
        return "%s | %s" % (",".join(sorted(self.family())), where)


def signal_name(number):
    try:
        return signal.Signals(number).name
    except (ValueError, AttributeError):
        return "SIG%d" % number


DETAIL_RE = re.compile(r"(Fatal error.*|\*\*\* Swift runtime failure: .*? \*\*\*|munmap_chunk.*|double free.*|free\(\): .*|"
                       r"malloc\(\): .*|corrupted .*|AddressSanitizer.*|unprotected Lua error.*|PANIC: .*|"
                       r"\*\*\* Program crashed: .*? \*\*\*)")
FRAME_RE = re.compile(r"^\s*\d+\s+(?:\[[a-z]+\]\s+)*(?:\[[a-z]+\]\s+)*0x[0-9a-f]+\s+(.*?) \+ \d+ in \S+ at (\S+?):(\d+)")


def parse_frames(stderr):
    """The project's frames of the crashed thread in a Swift backtrace: 'symbol (file:line)'."""
    lines = stderr.splitlines()
    try:
        start = next(i for i, l in enumerate(lines) if l.startswith("Thread ") and " crashed:" in l)
    except StopIteration:
        return []
    frames = []
    for line in lines[start + 1:]:
        if line.startswith("Thread ") or line.startswith("Registers"):
            break
        m = FRAME_RE.match(line)
        if not m or "compiler-generated" in m.group(2) or "thunk" in line:
            continue
        symbol = re.sub(r"^(closure #\d+ in )+", "", m.group(1))
        frames.append("%s (%s:%s)" % (symbol, os.path.basename(m.group(2)), m.group(3)))
    return frames


class Stopped(Exception):
    """The run is being interrupted: no more navscript processes."""


class Runner(object):
    def __init__(self, binary, timeout, workroot):
        self.binary = binary
        self.timeout = timeout
        self.workroot = workroot
        self.active = set()      # navscript processes running now
        self.active_lock = threading.Lock()
        self.stopping = False
        # Seconds a program may take on average before a batch counts as hung: far above what
        # programs take (some milliseconds); doubled whenever a batch runs past its wall-clock
        # limit but no program of it hangs alone (a slow machine or binary). Scenarios that
        # run past their time limit and end anyway are caught apart, from the report.
        self.per_program = 0.05

    def wall(self, count):
        """Seconds a run of count programs may take before it counts as hung: one program may run
        to its time limit, the others take per_program each on average."""
        return self.timeout + 3 + count * self.per_program

    @property
    def single_wall(self):
        return 2 * self.timeout + 2

    @property
    def overrun(self):
        """A scenario that took longer than this ran past its time limit: a hang, even if it ended."""
        return 2 * self.timeout + 1

    def command(self, path, report):
        return [self.binary, "run", path, "--reporter", "json=" + report, "--color", "never",
                "--timeout", "%g" % self.timeout, "--memory-limit", "64", "--jobs", "1"]

    def run(self, programs, names=None, backtrace=False, wall=None):
        workdir = tempfile.mkdtemp(prefix="run-", dir=self.workroot)
        path = os.path.join(workdir, "fuzz_spec.lua")
        report = os.path.join(workdir, "report.json")
        with open(path, "w", encoding="utf-8") as f:
            f.write(render_file(programs, names))
        env = dict(os.environ)
        env["SWIFT_BACKTRACE"] = "enable=yes,interactive=no,color=no,limit=64,top=16" if backtrace else "enable=no"
        env.pop("CI", None)
        wall = wall or self.wall(len(programs))
        started = time.time()
        with self.active_lock:
            if self.stopping:
                raise Stopped()
            # In a session of its own: a hang is killed with everything it started.
            proc = subprocess.Popen(self.command("fuzz_spec.lua", report), cwd=workdir, stdin=subprocess.DEVNULL,
                                    stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True)
            self.active.add(proc)
        try:
            _, err = proc.communicate(timeout=wall)
            hung = False
        except subprocess.TimeoutExpired:
            try:
                os.killpg(proc.pid, signal.SIGKILL)
            except OSError:
                pass
            _, err = proc.communicate()
            hung = True
        finally:
            with self.active_lock:
                self.active.discard(proc)
        if self.stopping:
            remove_tree(workdir)
            raise Stopped()
        seconds = time.time() - started
        stderr = err.decode("utf-8", "replace")
        try:
            outcome = self.classify(proc.returncode, stderr, report, hung, seconds)
        finally:
            remove_tree(workdir)
        return outcome

    def stop(self):
        """Kills the navscript processes that run now; starts no more."""
        with self.active_lock:
            self.stopping = True
            for proc in self.active:
                try:
                    os.killpg(proc.pid, signal.SIGKILL)
                except OSError:
                    pass

    def classify(self, status, stderr, report, hung, seconds):
        if hung:
            return Outcome("hang", seconds=seconds, stderr=stderr)
        sig = -status if status < 0 else None
        markers = [m for m in STDERR_MARKERS if m in stderr]
        m = DETAIL_RE.search(stderr)
        detail = m.group(1).strip() if m else ""
        frames = parse_frames(stderr)
        culprits, scenarios, report_detail = [], 0, ""
        overruns, overrun_detail = [], ""
        document = None
        try:
            with open(report, "r", encoding="utf-8") as f:
                document = json.load(f)
        except (OSError, ValueError):
            document = None
        if document is not None:
            for file in document.get("files", []):
                for scenario in file.get("scenarios", []):
                    scenarios += 1
                    message = scenario.get("message") or ""
                    hit = [mk for mk in REPORT_MARKERS if mk in message]
                    duration = scenario.get("duration") or 0
                    if duration > self.overrun:
                        overruns.append(scenario.get("name"))
                        overrun_detail = overrun_detail or "scenario %s took %.1f s, past its time limit of %g s%s" % (
                            scenario.get("name"), duration, self.timeout,
                            " (%s)" % re.sub(r"^\S+\.lua:\d+: ", "", message.strip().splitlines()[0])[:200]
                            if message.strip() else "")
                    if scenario.get("status") == "failed" and hit:
                        culprits.append(scenario.get("name"))
                        for mk in hit:
                            if mk not in markers:
                                markers.append(mk)
                        report_detail = report_detail or message.strip().splitlines()[0][:300]
            for error in document.get("loadErrors", []):
                sys.stderr.write("fuzz: warning: the generated file did not load (a fuzzer bug): %s\n"
                                 % error.get("message", "")[:500])
        crashed = sig is not None or status not in NORMAL_EXIT_STATUSES or bool(markers)
        if not crashed and document is None and status in (0, 1):
            crashed, detail = True, "no JSON report written"
        if not crashed and overruns:
            return Outcome("hang", status=status, detail=overrun_detail, culprits=overruns, seconds=seconds,
                           scenarios=scenarios, complete=True)
        if not crashed:
            return Outcome("ok", status=status, seconds=seconds, scenarios=scenarios)
        if status > 128 and sig is None and status - 128 < 65:
            sig = status - 128  # a shell or wrapper reported the signal
        return Outcome("crash", status=status if sig is None else None, sig=sig, markers=markers,
                       detail=detail or report_detail, culprits=culprits, frames=frames, seconds=seconds,
                       stderr=stderr, scenarios=scenarios,
                       complete=document is not None and sig is None and status in NORMAL_EXIT_STATUSES)


# Code that reaches the nav API (or the values it made): a hang without any is plain Lua.
NAV_CODE = re.compile(r"\bnav\b|\b[TSRAC]\[|\bexpect\(|\bV\.(done|nv|ct|link|app|last|p|m|co)\b")


PLAIN_LUA_HANG = "hang | plain Lua code (no nav call), in C functions of Lua's libraries"


def normalized(statement):
    """A statement's text with numbers and spaces left out: the same code with other sizes."""
    return normalized_text(render(statement))


def normalized_text(text):
    return re.sub(r"\s+", "", re.sub(r"\d+(\.\d+)?", "#", text))


def remove_tree(path):
    for root, dirs, files in os.walk(path, topdown=False):
        for name in files:
            try:
                os.unlink(os.path.join(root, name))
            except OSError:
                pass
        for name in dirs:
            try:
                os.rmdir(os.path.join(root, name))
            except OSError:
                pass
    try:
        os.rmdir(path)
    except OSError:
        pass


# Triage: bisect, minimize, save -------------------------------------------------------------

class Minimizer(object):
    def __init__(self, runner, target, program, max_runs, max_seconds):
        self.runner = runner
        self.target = target
        self.program = program
        self.runs = 0
        self.max_runs = max_runs
        self.deadline = time.time() + max_seconds
        self.single_wall = runner.single_wall
        # A program that never returned (rather than one that returned late) must go on not
        # returning for longer while it shrinks: a reproducer that hangs just past the limit on
        # this machine might not hang on a faster one.
        self.strict = target.kind == "hang" and not target.culprits
        if self.strict:
            self.single_wall = runner.single_wall + 2 * runner.timeout

    def exhausted(self):
        return self.runs >= self.max_runs or time.time() > self.deadline

    def fails(self, statements, final=False):
        if self.exhausted() and not final:
            return False
        self.runs += 1
        outcome = self.runner.run([self.program.copy_with(statements)], wall=self.single_wall)
        if self.strict and outcome.culprits:
            return False
        return outcome.same_as(self.target)

    def ddmin(self, items):
        """Delta debugging over a list of statements: remove chunks, then single ones."""
        n = 2
        while len(items) >= 2 and not self.exhausted():
            chunk = max(1, len(items) // n)
            removed_any = False
            start = 0
            while start < len(items) and not self.exhausted():
                candidate = items[:start] + items[start + chunk:]
                if candidate and self.fails(candidate):
                    items = candidate
                    removed_any = True
                else:
                    start += chunk
            if removed_any:
                n = max(n - 1, 2)
            elif chunk == 1:
                break
            else:
                n = min(len(items), n * 2)
        return items

    def simplify(self, items):
        tried = set()
        while not self.exhausted():
            progress = False
            for knob in knobs(items):
                for option in knob.options():
                    key = (id(knob), render(option) if isinstance(option, list) else option)
                    if key in tried:
                        continue
                    tried.add(key)
                    old = knob.get()
                    knob.set(option)
                    if self.fails(items):
                        knob.accepted()
                        progress = True
                        break
                    knob.set(old)
                    if self.exhausted():
                        break
                if progress or self.exhausted():
                    break
            if not progress:
                break
        return items

    def scan(self, items):
        """For a hang: the first statement that hangs alone, if one does. Runs that do not hang
        are quick, so this costs about one hang, where delta debugging costs one per step."""
        for statement in items:
            if self.exhausted():
                break
            if self.fails([statement]):
                return [statement]
        return items

    def minimize(self, items=None):
        items = list(self.program.statements) if items is None else items
        items = self.ddmin(items)
        sizes = dict((id(k), (k, k.n)) for k in knobs(items) if isinstance(k, N))
        items = self.simplify(items)
        items = self.ddmin(items)
        if self.strict:
            # Sizes shrunk until the run barely outlasts the wall-clock limit: double them (up to
            # what they were), so that the reproducer hangs with a margin.
            grown = [(k, k.n) for k, n in sizes.values() if k.n < n]
            for k, n in grown:
                k.n = min(sizes[id(k)][1], 2 * max(k.n, 1))
            if grown and not self.fails(items, final=True):
                for k, n in grown:
                    k.n = n
        return self.program.copy_with(items)


class Fuzzer(object):
    def __init__(self, args, runner):
        self.args = args
        self.runner = runner
        self.lock = threading.Lock()
        self.ran = 0
        self.crashes = 0
        self.hangs = 0
        self.files = []
        self.signatures = {}   # signature -> reproducer file
        self.busy = set()      # signatures being minimized
        self.known = []        # (kind, normalized statements, file) of each reproducer saved
        self.duplicates = 0
        self.matched = set()   # reproducers (of this run or earlier ones) that a program repeated
        self.load_known()
        self.triage_seconds = 0.0
        # One hang is triaged at a time: hangs are slow to bisect and minimize, and most are
        # the same bug, which the next one then recognizes cheaply.
        self.hang_lock = threading.RLock()

    def load_known(self):
        """The reproducers of earlier runs in the crash folder: a bug they hold is recognized
        again without minimizing it again."""
        folder = self.args.crash_dir
        try:
            names = sorted(os.listdir(folder))
        except OSError:
            return
        for name in names:
            m = re.match(r"(crash|hang)-.*\.lua$", name)
            if not m:
                continue
            path = os.path.join(folder, name)
            try:
                with open(path, "r", encoding="utf-8") as f:
                    text = f.read()
            except (OSError, ValueError):
                continue
            for key in re.findall(r"^-- fuzz-signature: (.*)$", text, re.M):
                self.signatures.setdefault(key.strip(), path)
            if "not minimized" in text:
                continue
            body = re.search(r"^scenario\(.*?\n  local T, S, R, A, C, V = .*?\n(.*?)^end\)", text, re.M | re.S)
            if body:
                statements = frozenset(normalized_text(line) for line in body.group(1).splitlines() if line.strip())
                self.known.append((m.group(1), statements, path))

    def log(self, text):
        sys.stderr.write("fuzz: %s\n" % text)
        sys.stderr.flush()

    def run_batch(self, programs):
        """Runs programs; triages whatever crashed or hung; returns how many ran."""
        try:
            return self.run_and_triage(programs, top=True)
        except Stopped:
            return 0
        except Exception:
            import traceback
            self.log("internal error (a fuzzer bug) on programs %s to %s:\n%s"
                     % (programs[0].name, programs[-1].name, traceback.format_exc()))
            return len(programs)

    def run_and_triage(self, programs, top=False):
        outcome = self.runner.run(programs)
        if outcome.kind == "ok":
            if outcome.scenarios and outcome.scenarios != len(programs):
                self.log("warning: %d programs but %d scenarios in the report" % (len(programs), outcome.scenarios))
            return len(programs)
        started = time.time()
        if outcome.kind == "hang":
            with self.hang_lock:
                self.triage(programs, outcome)
        else:
            self.triage(programs, outcome)
        if top:
            with self.lock:
                self.triage_seconds += time.time() - started
        return len(programs)

    def triage(self, programs, outcome):
        """Finds what in programs crashed or hung, keeps it, and runs the programs that did not run."""
        by_name = dict((p.name, p) for p in programs)
        named = [by_name[n] for n in outcome.culprits if n in by_name]
        if named:
            # The runner named the scenarios whose worker crashed or was killed, or that ran far
            # past their time limit (confirmed alone: a loaded machine slows every scenario).
            for p in named:
                if outcome.kind == "hang":
                    alone = self.alone(p, outcome)
                    if alone.kind != "hang":
                        self.log("%s ran past its time limit in a batch (%s) but not alone; not kept"
                                 % (p.name, outcome.detail))
                        continue
                self.found(p, outcome)
            rest = [p for p in programs if p not in named]
            if rest and not (outcome.complete and outcome.scenarios == len(programs)):
                self.run_and_triage(rest)
            return
        fine = set()
        if outcome.kind == "hang":
            suspects = self.plain_lua_hang(programs)
            if suspects is not None and not suspects:
                return
            if suspects:
                programs = suspects
        culprit = self.known_culprit(programs, outcome, fine) or self.bisect(programs, outcome, fine)
        if culprit is None:
            if outcome.kind == "hang":
                # No program hangs alone: the batch was only slow (allow more time from now on).
                with self.lock:
                    self.runner.per_program = min(1.0, self.runner.per_program * 2)
                self.log("a batch of %d programs ran past %.0f s but no program hangs alone; allowing %.2f s a "
                         "program from now on" % (len(programs), outcome.seconds, self.runner.per_program))
                rest = [p for p in programs if p.name not in fine]
                if rest and len(rest) < len(programs):
                    self.run_and_triage(rest)
                return
            found = self.order_dependent(programs, outcome)
            if isinstance(found, tuple):
                self.found(found[0], found[1])
                found = found[2]
            else:
                self.unreproduced(found or programs, outcome, fine)
            if found:
                # The programs after the prefix that crashes have not run yet.
                rest = [p for p in programs[len(found):] if p.name not in fine]
                if rest:
                    self.run_and_triage(rest)
            return
        program, culprit_outcome = culprit
        self.found(program, culprit_outcome)
        rest = [p for p in programs if p is not program and p.name not in fine]
        if rest:
            self.run_and_triage(rest)

    def plain_lua_hang(self, programs):
        """Most hangs are plain Lua code that C functions of Lua's libraries run for ages (a
        pattern that backtracks, ("").rep(2^53)): the limits cannot stop them. Runs the batch
        without its statements of plain Lua (no nav call). If that does not hang, the hang is
        in them: returns [] when such a hang was kept already (this is a repeat), else the
        programs that have plain Lua statements (to bisect). None when it hangs still."""
        stripped = [p.copy_with([st for st in p.statements if NAV_CODE.search(render(st))]) for p in programs]
        holders = [p for p, q in zip(programs, stripped) if len(q.statements) < len(p.statements)]
        if not holders:
            return None
        result = self.runner.run(stripped)
        if result.kind != "ok":
            return None
        with self.lock:
            known = self.signatures.get(PLAIN_LUA_HANG) or (
                "a reproducer being minimized" if PLAIN_LUA_HANG in self.busy else None)
            if known is not None:
                self.hangs += 1
                self.duplicates += 1
                self.matched.add(known)
        if known is not None:
            self.log("hang in plain Lua code in one of %s to %s; the same as %s"
                     % (programs[0].name, programs[-1].name, known))
            return []
        return holders

    def order_dependent(self, programs, outcome):
        """A crash that no part of the batch repeats: it needs what earlier scenarios of the
        process left behind (memory they corrupted). Finds the shortest prefix of the batch that
        crashes; if its last program crashes when run a few times over, returns that program
        (repeated) and its outcome; else the prefix, or None when the batch does not crash again."""
        if self.runner.run(programs).kind != outcome.kind:
            return None
        low, high = 1, len(programs)
        while low < high:
            middle = (low + high) // 2
            if self.runner.run(programs[:middle]).kind == outcome.kind:
                high = middle
            else:
                low = middle + 1
        prefix = programs[:high]
        for repeat in (2, 4, 8):
            candidate = prefix[-1].repeated(repeat)
            result = self.runner.run([candidate])
            if result.kind == outcome.kind:
                return candidate, result, prefix
        return prefix

    def alone(self, program, outcome):
        """Runs one program; for a hang, with more time, to be sure that it is one."""
        return self.runner.run([program], wall=self.runner.single_wall)

    def known_culprit(self, programs, outcome, fine):
        """Programs that hold every statement of a reproducer already saved (numbers aside) are
        tried alone first: a known bug is found again without bisecting."""
        with self.lock:
            known = [(kind, statements) for kind, statements, _ in self.known]
        tried = 0
        for program in programs:
            if tried >= 3:
                break
            texts = set(normalized(s) for s in program.statements)
            if not any(kind == outcome.kind and statements <= texts for kind, statements in known):
                continue
            tried += 1
            result = self.alone(program, outcome)
            if result.kind == outcome.kind:
                return program, result
            if result.kind == "ok":
                fine.add(program.name)
        return None

    def bisect(self, programs, outcome, fine):
        """The program of programs that fails as outcome did, alone, with its outcome, or None.
        Scenarios run in file order, so the first half that fails holds a culprit. The first
        split puts the programs the generator marked risky (slow patterns, huge sizes, hostile
        metatables) apart: a hang is most often among them."""
        risky = [p for p in programs if p.risky]
        if 0 < len(risky) < len(programs) // 2:
            split = risky + [p for p in programs if not p.risky]
            first = len(risky)
        else:
            split, first = programs, len(programs) // 2
        programs = split
        while len(programs) > 1:
            next_programs = None
            for part in (programs[:first], programs[first:]):
                result = self.runner.run(part)
                if result.kind == outcome.kind:
                    next_programs, outcome = part, result
                    break
                if result.kind == "ok":
                    fine.update(p.name for p in part)
            if next_programs is None:
                return None
            programs = next_programs
            first = len(programs) // 2
            if outcome.culprits:
                named = [p for p in programs if p.name in outcome.culprits]
                if named:
                    return named[0], outcome
        result = self.alone(programs[0], outcome) if outcome.kind == "hang" else outcome
        if result.kind != outcome.kind:
            return None
        return programs[0], result

    def found(self, program, outcome):
        """Keeps a program that crashed or hung alone: minimized, unless it is a bug kept already."""
        with self.lock:
            if outcome.kind == "hang":
                self.hangs += 1
            else:
                self.crashes += 1
        if outcome.kind == "crash" and not outcome.frames:
            # Once more with Swift's backtracer, for where it crashed (runs are without it: faster).
            again = self.runner.run([program], backtrace=True)
            if again.kind == "crash" and again.same_as(outcome):
                outcome = again
        signature = outcome.signature()
        texts = set(normalized(s) for s in program.statements)
        with self.lock:
            known = self.signatures.get(signature) if signature else None
            if known is None:
                known = next((path for kind, statements, path in self.known
                              if kind == outcome.kind and statements <= texts), None)
            if known is None and signature in self.busy:
                known = "a reproducer being minimized"
            if known is not None:
                self.duplicates += 1
                self.matched.add(known)
                self.log("%s in %s: %s; the same as %s" % (outcome.kind, program.name, outcome.describe(), known))
                return
            if signature:
                self.busy.add(signature)
        self.log("%s in %s: %s; minimizing" % (outcome.kind, program.name, outcome.describe()))
        started = time.time()
        # A run that hangs costs seconds, one that crashes milliseconds: hangs get half the time.
        minimizer = Minimizer(self.runner, outcome, program, self.args.minimize_runs,
                              self.args.minimize_seconds / (2 if outcome.kind == "hang" else 1))
        items = list(program.statements)
        if outcome.kind == "hang":
            items = minimizer.scan(items)
            if len(items) == 1 and not NAV_CODE.search(render(items[0])):
                # One statement of plain Lua (a pattern that backtracks for ages, ...): C code of
                # Lua's libraries that the limits cannot stop. One reproducer is enough.
                signature = PLAIN_LUA_HANG
                with self.lock:
                    known = self.signatures.get(signature) or (
                        "a reproducer being minimized" if signature in self.busy else None)
                    if known is None:
                        self.busy.add(signature)
                    else:
                        self.duplicates += 1
                        self.matched.add(known)
                if known is not None:
                    self.log("hang in %s is plain Lua code again (%s); the same as %s"
                             % (program.name, render(items[0]).strip(), known))
                    return
        if signature == PLAIN_LUA_HANG:
            small = program.copy_with(items)  # one statement of plain Lua: reproducer enough
        else:
            small = minimizer.minimize(items)
        # Describe a crash's reproducer from one last run of it, with a backtrace.
        final = outcome
        if outcome.kind == "crash":
            again = self.runner.run([small], backtrace=True)
            if again.same_as(outcome):
                final = again
        small_texts = frozenset(normalized(s) for s in small.statements)
        with self.lock:
            twin = next((path for kind, statements, path in self.known
                         if kind == outcome.kind and statements == small_texts), None)
            if twin is not None:
                self.busy.discard(signature)
                if signature:
                    self.signatures.setdefault(signature, twin)
                self.duplicates += 1
                self.matched.add(twin)
        if twin is not None:
            self.log("%s in %s minimizes to the same program as %s" % (outcome.kind, program.name, twin))
            return
        path = self.save(program, small, final, len(program.statements), minimizer.runs, time.time() - started,
                         signatures=sorted(set(k for k in (signature, final.signature()) if k)))
        with self.lock:
            self.busy.discard(signature)
            for key in (signature, final.signature()):
                if key:
                    self.signatures.setdefault(key, path)
            self.known.append((outcome.kind, small_texts, path))
        self.log("saved %s (%d of %d statements, %d runs, %.1f s)" % (path, len(small.statements),
                                                                    len(program.statements), minimizer.runs,
                                                                    time.time() - started))

    def unreproduced(self, programs, outcome, fine):
        # Parts of the batch ran fine alone: the crash needs several scenarios in one process
        # (memory that one corrupts and another trips on), or it comes and goes.
        rest = [p for p in programs if p.name not in fine] or programs
        with self.lock:
            self.crashes += 1
        self.log("crash in a batch of %d programs that no single program repeats: %s; saving them unminimized"
                 % (len(rest), outcome.describe()))
        self.save(rest[0], None, outcome, len(rest), 0, 0, batch=rest)

    def save(self, original, small, outcome, count, runs, seconds, batch=None, signatures=()):
        crash_dir = self.args.crash_dir
        os.makedirs(crash_dir, exist_ok=True)
        base = "%s-%d-%d" % (outcome.kind, original.seed, original.number)
        path = os.path.join(crash_dir, base + ".lua")
        shown = os.path.relpath(path) if not os.path.relpath(path).startswith("..") else os.path.abspath(path)
        command = " ".join(["navscript", "run", shown, "--timeout", "%g" % self.runner.timeout,
                            "--memory-limit", "64", "--jobs", "1"])
        header = ["-- NavScript fuzz reproducer: " + outcome.describe().replace("\n", " ")]
        for frame in outcome.frames[:4]:
            header.append("--   at " + frame)
        if batch is None:
            header.append("-- Program %d of seed %d (scripts/fuzz --seed %d), minimized from %d to %d statements "
                          "in %d runs (%.0f s)." % (original.number, original.seed, original.seed, count,
                                                     len(small.statements), runs, seconds))
            if small.repeat > 1:
                header.append("-- It crashes when run %d times in one process (the scenarios are the same), "
                              "not once." % small.repeat)
        else:
            header.append("-- %d programs of seed %d that crash together but not apart (the crash needs what "
                          "earlier scenarios left behind); not minimized." % (count, original.seed))
        header.append("-- Reproduce: %s" % command)
        if outcome.kind == "hang":
            header.append("--   (a hang: it runs far past its time limit, or for ever; the limit does not stop it)")
        for key in signatures:
            if key:
                header.append("-- fuzz-signature: %s" % key)
        if batch is None:
            body = render_file([small], [base])
        else:
            body = render_file(batch)
        with open(path + ".tmp", "w", encoding="utf-8") as f:
            f.write("\n".join(header) + "\n" + body)
        os.rename(path + ".tmp", path)
        with self.lock:
            self.files.append(path)
        return path


def positive_int(text):
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError("%r is not a whole number" % text)
    if value <= 0:
        raise argparse.ArgumentTypeError("%r is not positive" % text)
    return value


def positive_float(text):
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError("%r is not a number" % text)
    if not value > 0 or value != value or value == float("inf"):
        raise argparse.ArgumentTypeError("%r is not a positive number" % text)
    return value


def seed_int(text):
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError("%r is not a whole number" % text)


def parse_arguments(argv):
    parser = argparse.ArgumentParser(
        prog="scripts/fuzz",
        description="Runs random Lua programs of nav calls through navscript in batches and keeps every crash "
                    "or hang as a minimal reproducer. Without --programs or --minutes it runs 10000 programs.")
    parser.add_argument("--programs", type=positive_int, help="stop after this many programs")
    parser.add_argument("--minutes", type=positive_float, help="stop starting batches after this many minutes")
    parser.add_argument("--seed", type=seed_int, default=1, help="the seed of the programs (default 1)")
    parser.add_argument("--batch", type=positive_int, default=100,
                        help="programs per navscript run (default 100: each scenario loads the whole file again, "
                             "so bigger batches are slower per program)")
    parser.add_argument("--binary", default=os.environ.get("NAVSCRIPT"),
                        help="the navscript binary (default: $NAVSCRIPT)")
    parser.add_argument("--crash-dir", default=None,
                        help="where reproducers go (default: .build-fuzz/crashes in the package)")
    parser.add_argument("--timeout", type=positive_float, default=2.0,
                        help="navscript's --timeout, seconds per call into a scenario (default 2); a run that "
                             "outlives it by far is a hang")
    parser.add_argument("--jobs", type=positive_int, default=None,
                        help="navscript processes at once (default: 2, or 1 on one core)")
    parser.add_argument("--minimize-runs", type=positive_int, default=400, help=argparse.SUPPRESS)
    parser.add_argument("--minimize-seconds", type=positive_float, default=60.0, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if os.environ.get("FUZZ_CHECK_USAGE") == "1":
        sys.exit(0)  # scripts/fuzz checks the options before it builds the binary
    if not args.binary:
        parser.error("no navscript binary: give --binary or set NAVSCRIPT")
    if not (os.path.isfile(args.binary) and os.access(args.binary, os.X_OK)):
        parser.error("not an executable file: %s" % args.binary)
    args.binary = os.path.abspath(args.binary)
    if args.crash_dir is None:
        args.crash_dir = os.path.join(PACKAGE, DEFAULT_CRASH_DIR)
    if args.programs is None and args.minutes is None:
        args.programs = 10000
    if args.jobs is None:
        args.jobs = 2 if (os.cpu_count() or 1) > 1 else 1
    return args


def main(argv):
    args = parse_arguments(argv)
    workroot = tempfile.mkdtemp(prefix="navscript-fuzz-")
    runner = Runner(args.binary, args.timeout, workroot)
    fuzzer = Fuzzer(args, runner)
    started = time.time()
    deadline = started + args.minutes * 60 if args.minutes else None
    limit = args.programs
    next_number = 1
    last_progress = started
    pool = ThreadPoolExecutor(max_workers=args.jobs)
    inflight = {}
    interrupted = False
    try:
        while True:
            while (len(inflight) < args.jobs and (limit is None or next_number <= limit)
                   and (deadline is None or time.time() < deadline)):
                end = next_number + args.batch if limit is None else min(limit + 1, next_number + args.batch)
                programs = [generate(args.seed, n) for n in range(next_number, end)]
                next_number = end
                inflight[pool.submit(fuzzer.run_batch, programs)] = len(programs)
            if not inflight:
                break
            done, _ = wait(list(inflight), timeout=1.0, return_when=FIRST_COMPLETED)
            for future in done:
                inflight.pop(future)
                count = future.result()
                with fuzzer.lock:
                    fuzzer.ran += count
            now = time.time()
            if now - last_progress >= 3.0:
                last_progress = now
                with fuzzer.lock:
                    sys.stderr.write("fuzz: %d programs (%.0f/s), %d crashes, %d hangs\n"
                                     % (fuzzer.ran, fuzzer.ran / (now - started), fuzzer.crashes, fuzzer.hangs))
                    sys.stderr.flush()
    except KeyboardInterrupt:
        interrupted = True
        sys.stderr.write("fuzz: interrupted\n")
        runner.stop()
    finally:
        pool.shutdown(wait=not interrupted)
        if not interrupted:
            remove_tree(workroot)
    elapsed = time.time() - started
    sys.stdout.write("fuzz: %d programs, seed %d, %d crashes, %d hangs in %.1f s (%.0f programs/s%s)\n"
                     % (fuzzer.ran, args.seed, fuzzer.crashes, fuzzer.hangs, elapsed, fuzzer.ran / max(elapsed, 1e-9),
                        "; %.0f s of %d processes' time went to bisecting and minimizing, %d repeats of a bug "
                        "already kept" % (fuzzer.triage_seconds, args.jobs, fuzzer.duplicates)
                        if fuzzer.triage_seconds else ""))
    for path in fuzzer.files:
        sys.stdout.write("  %s\n" % path)
    for path in sorted(fuzzer.matched - set(fuzzer.files)):
        sys.stdout.write("  %s (found again)\n" % path)
    sys.stdout.flush()
    if interrupted:
        # Triage threads may be between runs: leave without waiting for them.
        time.sleep(0.2)
        remove_tree(workroot)
        sys.stderr.flush()
        os._exit(130)
    return 1 if fuzzer.crashes or fuzzer.hangs else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
