#!/usr/bin/env python3
"""Writes docs/nivelir-parity.md: one row for every public name of Nivelir 1.9.15
(docs/nivelir-public-names.txt), with its ScreenKit counterpart, its Lua name, and the test
that pins it, or the reason it is left out.

Run it through `scripts/nivelir-parity`:

    scripts/nivelir-parity            rewrites docs/nivelir-parity.md
    scripts/nivelir-parity --check    fails when a name has no row in the committed table, a
                                      row has neither a test nor a reason, or a row's test
                                      does not exist

How a row is made, in order:
1. A rule of docs/nivelir-parity-rules.txt whose pattern matches the name (or its file)
   gives a reason, or a counterpart and a Lua name, or both; see that file's header.
2. Otherwise the counterpart is found by name: a ScreenKit type of the same name (or the
   type a rule maps the Nivelir type to), and for a member, a member of that type with the
   same base name (`push` for `push(_:animation:)`).
3. The Lua name is the binding of the same base name the nav module defines, by kind:
   `route:push`, `screen:withStackContainer`, `app:answer`, `container.system`, `nav.app`.
4. The test is the first test file (Tests/**/*.swift, lua/tests/**/*.lua) that uses the
   counterpart's name together with its type's (Swift), or the Lua name (Lua).

A row with a counterpart but no test, or with neither counterpart nor reason, is a failure
of --check. Python 3.6+ standard library only.
"""

import argparse
import os
import re
import sys

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
NAMES = os.path.join(ROOT, "docs", "nivelir-public-names.txt")
RULES = os.path.join(ROOT, "docs", "nivelir-parity-rules.txt")
TABLE = os.path.join(ROOT, "docs", "nivelir-parity.md")

DECLARATION = re.compile(r"^(\s*)(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|internal|private|fileprivate|package|open|final|static|"
                         r"indirect|mutating|nonmutating|override|convenience|required|lazy|weak|unowned|dynamic|"
                         r"private\(set\)|internal\(set\)|public\(set\)|nonisolated)\s+)*"
                         r"(struct|class|enum|protocol|typealias|actor|extension|func|var|let|case|init|subscript)\b\s*([A-Za-z_`][\w`]*)?")


def read(path):
    with open(path, encoding="utf-8") as handle:
        return handle.read()


def swift_files(folder):
    for base, _, files in os.walk(folder):
        for name in sorted(files):
            if name.endswith(".swift"):
                yield os.path.join(base, name)


def screenkit_index():
    """ScreenKit's types, and the member base names of each (extensions included)."""
    members = {}
    for path in swift_files(os.path.join(ROOT, "Sources", "ScreenKit")):
        stack = []   # (indent, type name)
        for line in read(path).splitlines():
            match = DECLARATION.match(line)
            if not match:
                continue
            indent, keyword, name = len(match.group(1)), match.group(2), (match.group(3) or "").strip("`")
            while stack and stack[-1][0] >= indent:
                stack.pop()
            if keyword in ("struct", "class", "enum", "protocol", "actor", "extension"):
                if keyword == "class" and name in ("func", "var"):
                    continue
                qualified = ".".join([s[1] for s in stack] + [name]) if keyword != "extension" else name
                members.setdefault(qualified, set())
                if keyword != "extension" and stack:
                    members[stack[-1][1]].add(name)
                stack.append((indent, qualified))
            elif keyword == "typealias":
                members.setdefault(name, set())
                if stack:
                    members[stack[-1][1]].add(name)
            elif stack:
                base = "init" if keyword == "init" else ("subscript" if keyword == "subscript" else name)
                if base:
                    members[stack[-1][1]].add(base)
                if keyword == "case":
                    # case a, b, c
                    for extra in re.findall(r",\s*([A-Za-z_]\w*)", line.split("//")[0]):
                        members[stack[-1][1]].add(extra)
    return members


BINDING_PATTERNS = [
    (re.compile(r'routeMethod\("(\w+)"'), "route:{}"),
    (re.compile(r'(?:presenting|relation|stackEdit|container|search)\("(\w+)"'), "route:{}"),
    (re.compile(r'decorator\("(\w+)"'), "screen:{}"),
    (re.compile(r'erasure\("(\w+)"'), "screen:{}"),
    (re.compile(r'\.method\(\.screen, "(\w+)"'), "screen:{}"),
    (re.compile(r'appMethod\("(\w+)"'), "app:{}"),
    (re.compile(r'appProperty\("(\w+)"'), "app.{}"),
    (re.compile(r'^\s*\.function\("(\w+)"', re.M), "nav.{}"),
    (re.compile(r'barButton\("(\w+)"'), "screen:{}"),
    (re.compile(r'managerMethod\("(\w+)"'), "deeplinks:{}"),
    (re.compile(r'\.method\(\.navigator, "(\w+)"'), "navigator:{}"),
    (re.compile(r'\.method\(\.container, "(\w+)"'), "container:{}"),
    (re.compile(r'\.method\(\.observerToken, "(\w+)"'), "token:{}"),
    (re.compile(r'(?:^|\s)property\("(\w+)"'), "container.{}"),
    (re.compile(r'\.property\(\.(\w+), "(\w+)"'), None),
]


def lua_index():
    """Base name → Lua name, from the nav module's bindings."""
    names = {}
    for path in swift_files(os.path.join(ROOT, "Sources", "NavScript")):
        text = read(path)
        for pattern, form in BINDING_PATTERNS:
            for match in pattern.finditer(text):
                if form is None:
                    target, name = match.group(1), match.group(2)
                    names.setdefault(name, "{}.{}".format({"deeplinkManager": "deeplinks"}.get(target, target), name))
                else:
                    names.setdefault(match.group(1), form.format(match.group(1)))
    # The route relations are generated from ScreenRelation's cases.
    for relation in ["presented", "presenting", "stackRoot", "stackTop", "stackVisible", "selectedTab", "stack", "tabs", "window", "first", "last", "top"]:
        names.setdefault(relation, "route:" + relation)
    return names


class Evidence:
    """The test files, read once."""

    def __init__(self):
        self.files = []
        for folder, suffix in (("Tests", ".swift"), (os.path.join("lua", "tests"), ".lua")):
            for base, _, files in os.walk(os.path.join(ROOT, folder)):
                for name in sorted(files):
                    if name.endswith(suffix) and "Fixtures" not in base:
                        path = os.path.join(base, name)
                        self.files.append((os.path.relpath(path, ROOT), read(path)))
        self.files.sort()

    def swift(self, type_name, member):
        words = [re.compile(r"\b" + re.escape(w) + r"\b") for w in ([type_name] + ([member] if member else []))]
        for path, text in self.files:
            if path.endswith(".swift") and all(w.search(text) for w in words):
                return path
        return None

    def lua(self, lua_name):
        if not lua_name:
            return None
        name = re.split(r"[:.]", lua_name)[-1]
        use = re.compile(r"[:.]" + re.escape(name) + r"\b" if not lua_name.startswith("nav.") else r"\bnav\." + re.escape(name) + r"\b")
        for path, text in self.files:
            if path.endswith(".lua") and use.search(text):
                return path
        return None


def read_rules():
    """Rules: `<pattern> | <counterpart> | <lua> | <reason>` (a `|` with spaces around it
    separates fields; one inside the pattern's alternations has none); the pattern is a regular
    expression matched against the qualified name, or against the file when it starts with
    `file:`. Empty fields are left to the automatic rules; `-` clears one."""
    rules, aliases = [], {}
    for number, line in enumerate(read(RULES).splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        if line.startswith("alias "):
            nivelir, screenkit = line[6:].split("=")
            aliases[nivelir.strip()] = screenkit.strip()
            continue
        parts = [part.strip() for part in re.split(r"\s\|(?=\s|$)", line)]
        if len(parts) != 4:
            sys.exit("error: {}:{}: a rule has four fields separated by '|'".format(os.path.relpath(RULES, ROOT), number))
        pattern = parts[0]
        on_file = pattern.startswith("file:")
        rules.append((re.compile(re.escape(pattern[5:]) if on_file else "(?:" + pattern + r")\Z"), on_file, parts[1], parts[2], parts[3], number))
    return rules, aliases


def rows():
    members = screenkit_index()
    lua = lua_index()
    evidence = Evidence()
    rules, aliases = read_rules()
    used = set()
    result = []
    for line in read(NAMES).splitlines():
        if line.startswith("#") or not line.strip():
            continue
        kind, name, path = line.split(" ", 2)
        rule, match = None, None
        for candidate in rules:
            match = candidate[0].match(path) if candidate[1] else candidate[0].match(name)
            if match:
                rule = candidate
                break
        counterpart = lua_name = reason = ""
        if rule:
            used.add(rule[5])
            # Fields may name the pattern's groups: \1.
            counterpart, lua_name, reason = (match.expand(field) if "\\" in field else field for field in rule[2:5])
        test = ""
        if reason.startswith("test:"):
            test, reason = reason[5:].strip(), ""
            if not os.path.exists(os.path.join(ROOT, test)):
                sys.exit("error: {}:{}: no test file {}".format(os.path.relpath(RULES, ROOT), rule[5], test))
        owner, _, member = name.rpartition(".") if kind != "type" else (name, "", "")
        base = member.split("(")[0] if member else ""
        if kind == "init":
            base = "init"
        if not counterpart and not reason:
            if kind == "type":
                target = aliases.get(name, name)
                short = target.split(".")[-1]
                if target in members or short in members:
                    counterpart = target
            else:
                target = aliases.get(owner, owner)
                if target in members and base in members[target]:
                    counterpart = "{}.{}".format(target, base)
        if counterpart == "-":
            counterpart = ""
        if not lua_name and base and base in lua and counterpart:
            lua_name = lua[base]
        if lua_name == "-":
            lua_name = ""
        if counterpart and not test:
            # The counterpart's type and member (a rule may name a type for a member).
            type_name, _, member_name = counterpart.rpartition(".")
            if not type_name or member_name[:1].isupper():
                type_name, member_name = counterpart, ""
            type_name = type_name.split(".")[-1]
            if member_name == "init":
                member_name = ""
            test = evidence.swift(type_name, member_name) or evidence.lua(lua_name) or ""
        result.append([path, kind, name, counterpart, lua_name, test, reason])
    # An action, a modifier or an error is pinned by the tests of the route method its file
    # defines, which perform it: a row with a counterpart and no test of its own takes the
    # test of another row of its file.
    by_file = {}
    for row in result:
        if row[5]:
            by_file.setdefault(row[0], row[5])
    for row in result:
        if row[3] and not row[5] and row[0] in by_file:
            row[5] = by_file[row[0]]
    unused = [r[5] for r in rules if r[5] not in used]
    return result, unused


def render(result):
    lines = [
        "# Nivelir parity",
        "",
        "Every public name of Nivelir 1.9.15 (`docs/nivelir-public-names.txt`, read from its sources by",
        "`scripts/nivelir-names`), with its ScreenKit counterpart, its Lua name, and the test that pins",
        "it, or the reason it is left out. Generated by `scripts/nivelir-parity` from the names, the",
        "rules in `docs/nivelir-parity-rules.txt`, ScreenKit's declarations, the nav module's bindings",
        "and the tests; `scripts/nivelir-parity --check` (run by the test suite) fails when a row has",
        "neither a test nor a reason, or names a test that does not exist.",
        "",
    ]
    covered = sum(1 for r in result if r[5])
    reasoned = sum(1 for r in result if not r[5] and r[6])
    lines.append("{} names: {} with a counterpart pinned by a test, {} left out with a reason.".format(len(result), covered, reasoned))
    folder = None
    for path, kind, name, counterpart, lua_name, test, reason in sorted(result, key=lambda r: (os.path.dirname(r[0]), r[2], r[1])):
        if os.path.dirname(path) != folder:
            folder = os.path.dirname(path)
            lines += ["", "## " + folder, "", "| Nivelir | ScreenKit | Lua | Test, or why not |", "|---|---|---|---|"]
        cell = "`{}`".format(test) if test else reason
        lines.append("| {} `{}` | {} | {} | {} |".format(kind, name, "`{}`".format(counterpart) if counterpart else "", "`{}`".format(lua_name) if lua_name else "", cell.replace("|", "\\|")))
    return "\n".join(lines) + "\n"


def main():
    parser = argparse.ArgumentParser(description="Writes or checks docs/nivelir-parity.md.")
    parser.add_argument("--check", action="store_true", help="fail when a name has no row, a row has neither test nor reason, or names a missing test")
    arguments = parser.parse_args()
    result, unused = rows()
    missing = [r for r in result if not ((r[5] and r[3]) or r[6])]
    text = render(result)
    problems = []
    for path, kind, name, counterpart, _, _, _ in missing:
        what = "counterpart {} has no test".format(counterpart) if counterpart else "no counterpart and no reason"
        problems.append("{} {} ({}): {}".format(kind, name, path, what))
    for number in unused:
        problems.append("{}:{}: the rule matches no name".format(os.path.relpath(RULES, ROOT), number))
    if arguments.check:
        # The committed table must have a row for every name, and each row a test that
        # exists or a reason. Which test a row names may differ from a fresh run (a new test
        # file can pin a name first) without the table being wrong.
        committed = read(TABLE) if os.path.exists(TABLE) else ""
        committed_rows = {}
        for line in committed.splitlines():
            found = re.match(r"\| (\w+) `([^`]+)` \| [^|]* \| [^|]* \| (.*) \|$", line)
            if found:
                committed_rows[(found.group(1), found.group(2))] = found.group(3).strip()
        for path, kind, name, _, _, _, _ in result:
            cell = committed_rows.get((kind, name))
            if cell is None:
                problems.append("docs/nivelir-parity.md has no row for {} {}: run scripts/nivelir-parity".format(kind, name))
            elif not cell:
                problems.append("docs/nivelir-parity.md: {} {} has neither a test nor a reason".format(kind, name))
            elif cell.startswith("`") and not os.path.exists(os.path.join(ROOT, cell.strip("`"))):
                problems.append("docs/nivelir-parity.md: the test of {} {}, {}, does not exist: run scripts/nivelir-parity".format(kind, name, cell))
    else:
        with open(TABLE, "w", encoding="utf-8") as handle:
            handle.write(text)
    for problem in problems:
        print("error: " + problem, file=sys.stderr)
    print("{} names, {} pinned by a test, {} left out with a reason, {} problems".format(
        len(result), sum(1 for r in result if r[5]), sum(1 for r in result if not r[5] and r[6]), len(problems)), file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
