#!/usr/bin/env python3
"""Lists every public name of Nivelir's sources, one line per declaration.

Run it through `scripts/nivelir-names`:

    scripts/nivelir-names --source /path/to/Nivelir > docs/nivelir-public-names.txt
    scripts/nivelir-names --source /path/to/Nivelir.git --ref 1.9.15

--source is a checkout (a folder with Sources/) or a git directory (bare or not; its files
are read with `git show <ref>:<path>`, --ref defaulting to HEAD). Every `Sources/**/*.swift`
file is read; each public declaration is printed as

    <kind> <qualified name> <path of its file, from the root of the checkout>

kind: type (struct, class, enum, protocol, actor, typealias, associatedtype), case (an enum
case), func, init, var (let or var), subscript. Members are qualified by their type
(`Outer.Inner.name`); a member of an extension by the extended type (`ScreenThenable.push`
for `extension ScreenThenable where Current: UINavigationController`). Functions,
initializers and subscripts are named in Swift's selector form: `push(_:animation:)`,
`init(title:message:)`, `subscript(_:)`, `==(_:_:)`. Lines are sorted and unique, after a
three-line header (lines starting with `#`; --no-header leaves it out).

Public means: `public` or `open`, and every enclosing type public too; a member of a
`public extension` or of a public protocol is public without the keyword; an enum case is
public when its enum is; a member of an extension of a type that Nivelir declares, but not
publicly, is not. Declarations marked `@available(*, unavailable)` are left out (no code can
use them). `#if`/`#elseif`/`#else`/`#endif` lines are read through: every branch counts.

This is a reader of declarations, not a Swift parser: it tokenizes (comments, strings with
interpolations, raw strings), then reads declarations by their keywords, skipping bodies by
their braces. A declaration ends where a line at the same nesting level starts another one
(an attribute, a modifier or a declaration keyword), at `;`, or at the `}` of its scope.
Anything it cannot read is reported on standard error as `warning: <path>:<line>: ...`.

Python 3.6+ standard library only. Exit status: 0 on success (warnings included), 1 when
no Swift file was found, 2 for a usage error or a source that cannot be read.
"""

import argparse
import os
import re
import subprocess
import sys

ACCESS = {"public", "open", "package", "internal", "fileprivate", "private"}
MODIFIERS = ACCESS | {
    "static", "class", "final", "override", "required", "convenience", "mutating",
    "nonmutating", "lazy", "weak", "unowned", "dynamic", "optional", "indirect",
    "nonisolated", "prefix", "postfix", "infix", "distributed", "isolated",
    "consuming", "borrowing", "__consuming", "async",
}
TYPE_KEYWORDS = {"struct", "class", "enum", "protocol", "actor"}
DECL_KEYWORDS = TYPE_KEYWORDS | {
    "extension", "typealias", "associatedtype", "func", "init", "subscript", "var", "let",
    "case", "deinit", "import", "operator", "precedencegroup", "macro",
}
OPENERS = {"(": ")", "[": "]", "{": "}"}
CLOSERS = {")", "]", "}"}
OPERATOR_CHARS = set("/=-+!*%&|^~?")
DIRECTIVE = re.compile(r"#(if|elseif|else|endif)\b")
IDENT = re.compile(r"[A-Za-z_$][A-Za-z0-9_$]*")
NUMBER = re.compile(r"[0-9][0-9A-Za-z_]*(?:\.[0-9][0-9A-Za-z_]*)?(?:[eEpP][-+]?[0-9_]+)?")


class Token(object):
    __slots__ = ("kind", "value", "line", "nl", "space")

    def __init__(self, kind, value, line, nl, space):
        self.kind = kind      # "id", "num", "str", "op", "punct"
        self.value = value    # an identifier's name has no backticks
        self.line = line
        self.nl = nl          # first token of its line
        self.space = space    # whitespace (or a comment) before it

    def __repr__(self):
        return "Token(%s %r @%d)" % (self.kind, self.value, self.line)


class SwiftSyntaxError(Exception):
    pass


# ---------------------------------------------------------------------------------------------
# Tokenizer


class Tokenizer(object):
    def __init__(self, text):
        self.text = text
        self.n = len(text)
        self.line = 1
        self.tokens = []

    def error(self, message):
        raise SwiftSyntaxError("line %d: %s" % (self.line, message))

    def count_lines(self, start, end):
        self.line += self.text.count("\n", start, end)

    def skip_block_comment(self, i):
        """i is at '/*'; returns the index after the matching '*/' (comments nest)."""
        text, depth, start = self.text, 0, i
        while i < self.n:
            if text.startswith("/*", i):
                depth += 1
                i += 2
            elif text.startswith("*/", i):
                depth -= 1
                i += 2
                if depth == 0:
                    self.count_lines(start, i)
                    return i
            else:
                i += 1
        self.error("unterminated block comment")

    def skip_string(self, i):
        """i is at the opening '#'s or quote of a string literal; returns the index after it."""
        text = self.text
        start = i
        hashes = 0
        while i < self.n and text[i] == "#":
            hashes += 1
            i += 1
        if text.startswith('"""', i):
            quote = '"""'
        elif i < self.n and text[i] == '"':
            quote = '"'
        else:
            self.error("not a string literal")
        i += len(quote)
        close = quote + "#" * hashes
        escape = "\\" + "#" * hashes
        while i < self.n:
            if text.startswith(close, i):
                i += len(close)
                self.count_lines(start, i)
                return i
            if text.startswith(escape, i):
                i += len(escape)
                if i < self.n and text[i] == "(":
                    i = self.skip_interpolation(i)
                else:
                    i += 1
                continue
            if quote == '"' and text[i] == "\n":
                self.error("unterminated string literal")
            i += 1
        self.error("unterminated string literal")

    def skip_interpolation(self, i):
        """i is at the '(' of an interpolation; returns the index after its ')'."""
        text, depth = self.text, 0
        line = self.line
        while i < self.n:
            c = text[i]
            if c == "(":
                depth += 1
                i += 1
            elif c == ")":
                depth -= 1
                i += 1
                if depth == 0:
                    self.line = line
                    return i
            elif c == '"' or (c == "#" and re.match(r'#+"', text[i:i + 40])):
                saved = self.line
                i = self.skip_string(i)
                self.line = saved
            elif text.startswith("/*", i):
                saved = self.line
                i = self.skip_block_comment(i)
                self.line = saved
            else:
                i += 1
        self.error("unterminated string interpolation")

    def add(self, kind, value, nl, space):
        self.tokens.append(Token(kind, value, self.line, nl, space))

    def run(self):
        text, n = self.text, self.n
        i = 0
        nl = True      # at the start of a line (only whitespace since the newline)
        space = True
        while i < n:
            c = text[i]
            if c == "\n":
                self.line += 1
                nl = space = True
                i += 1
                continue
            if c in " \t\r\f\v":
                space = True
                i += 1
                continue
            if text.startswith("//", i):
                j = text.find("\n", i)
                i = n if j < 0 else j
                space = True
                continue
            if text.startswith("/*", i):
                i = self.skip_block_comment(i)
                space = True
                continue
            if nl and c == "#" and DIRECTIVE.match(text, i):
                # A conditional-compilation line: read through every branch.
                j = text.find("\n", i)
                i = n if j < 0 else j
                continue
            if c == '"' or (c == "#" and re.match(r'#+"', text[i:i + 40])):
                start = i
                i = self.skip_string(i)
                self.add("str", text[start:i], nl, space)
            elif c == "`":
                j = text.find("`", i + 1)
                if j < 0 or "\n" in text[i:j]:
                    self.error("unterminated backtick")
                self.add("id", text[i + 1:j], nl, space)
                i = j + 1
            elif IDENT.match(text, i):
                m = IDENT.match(text, i)
                self.add("id", m.group(), nl, space)
                i = m.end()
            elif c.isdigit():
                m = NUMBER.match(text, i)
                self.add("num", m.group(), nl, space)
                i = m.end()
            elif c == "-" and text.startswith("->", i):
                self.add("op", "->", nl, space)
                i += 2
            elif c in "<>":
                self.add("op", c, nl, space)
                i += 1
            elif c == ".":
                j = i
                while j < n and text[j] == ".":
                    j += 1
                self.add("op" if j - i > 1 else "punct", text[i:j], nl, space)
                i = j
            elif c in OPERATOR_CHARS:
                j = i
                while j < n and text[j] in OPERATOR_CHARS and not text.startswith("//", j) \
                        and not text.startswith("/*", j) and not text.startswith("->", j):
                    j += 1
                value = text[i:j]
                self.add("punct" if value == "=" else "op", value, nl, space)
                i = j
            elif c in "{}()[],:;@#\\":
                self.add("punct", c, nl, space)
                i += 1
            else:
                # Unicode identifiers and operators: rare; keep them as identifiers.
                self.add("id", c, nl, space)
                i += 1
            nl = space = False
        return self.tokens


def tokenize(text):
    return Tokenizer(text).run()


# ---------------------------------------------------------------------------------------------
# Declarations


class Scope(object):
    def __init__(self, qual, kind, public, default_public, extended=None):
        self.qual = qual                      # qualified name of the type ("" at file scope)
        self.kind = kind                      # "file", "type", "enum", "protocol", "extension"
        self.public = public                  # the scope itself is effectively public
        self.default_public = default_public  # members are public without a keyword
        self.extended = extended              # for an extension (and inside it): extended type


class Reader(object):
    def __init__(self, path, text, warn):
        self.path = path
        self.tokens = tokenize(text)
        self.n = len(self.tokens)
        self.warn = warn
        self.names = []        # (kind, qualified name, extended type or None)
        self.types = {}        # qualified type name -> effectively public
        self.unavailable = 0

    # -- helpers ------------------------------------------------------------------------------

    def tok(self, i):
        return self.tokens[i] if i < self.n else None

    def is_value(self, i, value):
        t = self.tok(i)
        return t is not None and t.value == value and t.kind != "str"

    def warning(self, i, message):
        t = self.tok(min(i, self.n - 1)) if self.n else None
        self.warn("%s:%d: %s" % (self.path, t.line if t else 0, message))

    def skip_balanced(self, i):
        """i is at an opener; returns the index after its closer."""
        stack = []
        while i < self.n:
            t = self.tokens[i]
            if t.kind == "punct":
                if t.value in OPENERS:
                    stack.append(OPENERS[t.value])
                elif t.value in CLOSERS:
                    if not stack or stack.pop() != t.value:
                        raise SwiftSyntaxError("line %d: unbalanced '%s'" % (t.line, t.value))
                    if not stack:
                        return i + 1
            i += 1
        raise SwiftSyntaxError("unbalanced brackets at the end of the file")

    def skip_angles(self, i):
        """i is at '<' of a generic parameter or argument clause; returns the index after '>'."""
        depth = 0
        while i < self.n:
            t = self.tokens[i]
            if t.kind == "punct" and t.value in OPENERS:
                i = self.skip_balanced(i)
                continue
            if t.kind == "op" and t.value == "<":
                depth += 1
            elif t.kind == "op" and t.value == ">":
                depth -= 1
                if depth == 0:
                    return i + 1
            elif t.kind == "punct" and t.value in ("{", "}", ";"):
                break
            i += 1
        raise SwiftSyntaxError("line %d: unbalanced '<'" % self.tokens[i - 1].line)

    def starts_declaration(self, i):
        """Whether token i (first of its line) starts a declaration."""
        t = self.tokens[i]
        if t.kind == "punct" and t.value == "@":
            return True
        if t.kind != "id":
            return False
        if t.value in DECL_KEYWORDS and t.value not in MODIFIERS:
            return True
        if t.value in MODIFIERS:
            nxt = self.tok(i + 1)
            if nxt is None:
                return False
            if nxt.kind == "punct" and nxt.value == "(" and not nxt.space:
                return True           # private(set), unowned(safe), nonisolated(unsafe)
            if t.value == "class" and nxt.kind == "id":
                return True           # class Name, class func
            return nxt.kind == "id" and (nxt.value in MODIFIERS or nxt.value in DECL_KEYWORDS)
        return False

    def declaration_end(self, i):
        """The index where the declaration whose tokens continue at i ends."""
        while i < self.n:
            t = self.tokens[i]
            if t.kind == "punct":
                if t.value in OPENERS:
                    i = self.skip_balanced(i)
                    continue
                if t.value == "}" or t.value == ";":
                    return i
            if t.nl and self.starts_declaration(i):
                return i
            i += 1
        return i

    # -- scopes -------------------------------------------------------------------------------

    def read(self):
        scope = Scope("", "file", True, False)
        i = self.read_scope(0, scope)
        if i < self.n:
            self.warning(i, "unexpected '%s' at file scope" % self.tokens[i].value)
        return self

    def read_scope(self, i, scope):
        """Reads declarations from i up to the '}' that closes the scope (or the end of the
        file at file scope); returns the index of that '}' (or self.n)."""
        while i < self.n:
            t = self.tokens[i]
            if t.kind == "punct" and t.value == "}":
                if scope.kind == "file":
                    self.warning(i, "unbalanced '}'")
                    i += 1
                    continue
                return i
            if t.kind == "punct" and t.value == ";":
                i += 1
                continue
            i = self.read_declaration(i, scope)
        if scope.kind != "file":
            raise SwiftSyntaxError("the body of %s is not closed" % scope.qual)
        return i

    def read_declaration(self, i, scope):
        start = i
        access = None
        unavailable = False
        modifiers = set()
        # Attributes and modifiers.
        while i < self.n:
            t = self.tokens[i]
            if t.kind == "punct" and t.value == "@":
                name = self.tok(i + 1)
                i += 2
                while self.is_value(i, ".") and self.tok(i + 1) and self.tok(i + 1).kind == "id":
                    i += 2
                if self.is_value(i, "(") and not self.tokens[i].space:
                    end = self.skip_balanced(i)
                    args = [x.value for x in self.tokens[i + 1:end - 1]]
                    if name is not None and name.value == "available" and args[:3] == ["*", ",", "unavailable"]:
                        unavailable = True
                    i = end
                continue
            if t.kind == "id" and t.value in MODIFIERS:
                nxt = self.tok(i + 1)
                if t.value == "class" and nxt is not None and nxt.kind == "id" \
                        and nxt.value not in MODIFIERS and nxt.value not in DECL_KEYWORDS:
                    break             # class Name
                if t.value == "class" and nxt is not None and nxt.kind == "id" \
                        and nxt.value in TYPE_KEYWORDS | {"extension"}:
                    break
                if nxt is not None and nxt.kind == "punct" and nxt.value == "(" and not nxt.space:
                    end = self.skip_balanced(i + 1)
                    arg = [x.value for x in self.tokens[i + 2:end - 1]]
                    if t.value in ACCESS and arg != ["set"]:
                        access = t.value
                    i = end
                    continue
                if t.value in ACCESS:
                    access = t.value
                else:
                    modifiers.add(t.value)
                i += 1
                continue
            break
        t = self.tok(i)
        if t is None:
            self.warning(start, "attributes or modifiers without a declaration")
            return i
        keyword = t.value if t.kind == "id" else None

        if access is None:
            access = "public" if scope.default_public else "internal"
        public = scope.public and access in ("public", "open") and not unavailable
        if unavailable and scope.public and access in ("public", "open"):
            self.unavailable += 1

        if keyword in TYPE_KEYWORDS or keyword == "extension":
            return self.read_type(i, scope, keyword, access, public)
        end = self.declaration_end(i + 1)
        if keyword in ("func", "init", "subscript"):
            self.read_function(i, end, scope, keyword, public)
        elif keyword in ("var", "let"):
            self.read_variable(i, end, scope, public)
        elif keyword in ("typealias", "associatedtype"):
            name = self.tok(i + 1)
            if name is None or name.kind != "id":
                self.warning(i, "%s without a name" % keyword)
            elif public:
                self.emit("type", name.value, scope)
        elif keyword == "case":
            self.read_case(i, end, scope)
        elif keyword in ("deinit", "import", "operator", "precedencegroup", "macro"):
            pass
        else:
            self.warning(i, "cannot read a declaration starting with '%s'" % t.value)
        return end

    def emit(self, kind, name, scope):
        qual = scope.qual + "." + name if scope.qual else name
        self.names.append((kind, qual, scope.extended))

    def read_type(self, i, scope, keyword, access, public):
        i += 1
        name_tok = self.tok(i)
        if name_tok is None or name_tok.kind != "id":
            self.warning(i, "%s without a name" % keyword)
            return self.declaration_end(i)
        if keyword == "extension":
            parts = [name_tok.value]
            i += 1
            while self.is_value(i, ".") and self.tok(i + 1) is not None and self.tok(i + 1).kind == "id":
                parts.append(self.tokens[i + 1].value)
                i += 2
            name = ".".join(parts)
            qual = name            # extensions are declared at file scope
            if scope.kind != "file":
                self.warning(i, "extension inside a type")
            explicit = access
            inner = Scope(qual, "extension",
                          explicit not in ("private", "fileprivate"),
                          explicit in ("public", "open"),
                          extended=name)
        else:
            name = name_tok.value
            qual = scope.qual + "." + name if scope.qual else name
            i += 1
            self.types[qual] = public
            if public:
                self.emit("type", name, scope)
            kind = {"enum": "enum", "protocol": "protocol"}.get(keyword, "type")
            inner = Scope(qual, kind, public, keyword == "protocol" and public,
                          extended=scope.extended)
        # The header (generic parameters, inheritance, where clause) up to the body.
        while i < self.n:
            t = self.tokens[i]
            if t.kind == "punct" and t.value == "{":
                break
            if t.kind == "punct" and t.value in ("(", "["):
                i = self.skip_balanced(i)
                continue
            if t.kind == "punct" and t.value in ("}", ";") or (t.nl and self.starts_declaration(i)):
                self.warning(i, "%s %s has no body" % (keyword, qual))
                return i
            i += 1
        if i >= self.n:
            raise SwiftSyntaxError("%s %s has no body" % (keyword, qual))
        close = self.read_scope(i + 1, inner)
        return close + 1

    def read_parameters(self, i, end):
        """i is at '(' of a parameter clause; returns (index after ')', [(first, second)])
        where first and second are the names before the ':' of each parameter."""
        close = self.skip_balanced(i)
        params = []
        names = []
        mode = "names"        # names, type, default
        depth = 0
        angles = 0
        j = i + 1
        while j < close - 1:
            t = self.tokens[j]
            if t.kind == "punct" and t.value in OPENERS:
                depth += 1
            elif t.kind == "punct" and t.value in CLOSERS:
                depth -= 1
            elif depth == 0:
                if mode == "type" and t.kind == "op" and t.value == "<":
                    angles += 1
                elif mode == "type" and t.kind == "op" and t.value == ">":
                    angles -= 1
                elif t.kind == "punct" and t.value == "," and angles <= 0:
                    params.append(names)
                    names, mode, angles = [], "names", 0
                elif mode == "names" and t.kind == "punct" and t.value == ":":
                    mode = "type"
                elif mode == "type" and t.kind == "punct" and t.value == "=" and angles <= 0:
                    mode = "default"
                elif mode == "names" and t.kind == "id":
                    names.append(t.value)
            j += 1
        if names or mode != "names":
            params.append(names)
        return close, params

    def read_function(self, i, end, scope, keyword, public):
        j = i + 1
        if keyword == "func":
            t = self.tok(j)
            if t is None:
                self.warning(i, "func without a name")
                return
            operator = False
            if t.kind == "id":
                name = t.value
                j += 1
            else:
                parts = []
                while j < end and not self.is_value(j, "(") and \
                        (self.tokens[j].kind == "op" or self.is_value(j, "=") or self.is_value(j, ".")):
                    if parts and self.tokens[j].space:
                        break
                    parts.append(self.tokens[j].value)
                    j += 1
                name = "".join(parts)
                operator = True
                if not name:
                    self.warning(i, "func without a name")
                    return
        else:
            name = keyword
            operator = False
            if keyword == "init" and j < end and self.tokens[j].kind == "op" \
                    and self.tokens[j].value in ("?", "!") and not self.tokens[j].space:
                j += 1
        if j < end and self.tokens[j].kind == "op" and self.tokens[j].value == "<":
            j = self.skip_angles(j)
        if not self.is_value(j, "(") or j >= end:
            self.warning(i, "%s %s has no parameter clause" % (keyword, name))
            return
        _, params = self.read_parameters(j, end)
        labels = []
        for names in params:
            if not names:
                self.warning(j, "a parameter of %s %s has no name" % (keyword, name))
                labels.append("_")
            elif operator:
                labels.append("_")
            elif keyword == "subscript":
                labels.append(names[0] if len(names) > 1 else "_")
            else:
                labels.append(names[0])
        if public:
            self.emit(keyword, "%s(%s)" % (name, "".join(label + ":" for label in labels)), scope)

    def read_variable(self, i, end, scope, public):
        names = []
        j = i + 1
        expect_name = True
        angles = 0
        mode = "pattern"      # pattern, type, value
        while j < end:
            t = self.tokens[j]
            if expect_name:
                if t.kind == "id":
                    names.append(t.value)
                    j += 1
                elif t.kind == "punct" and t.value == "(":
                    close = self.skip_balanced(j)
                    names.extend(x.value for x in self.tokens[j + 1:close - 1]
                                 if x.kind == "id" and x.value != "_")
                    j = close
                else:
                    self.warning(j, "cannot read the name of a variable")
                    break
                expect_name = False
                mode = "pattern"
                angles = 0
                continue
            if t.kind == "punct" and t.value in OPENERS:
                j = self.skip_balanced(j)
                continue
            if mode == "type" and t.kind == "op" and t.value == "<":
                angles += 1
            elif mode == "type" and t.kind == "op" and t.value == ">":
                angles -= 1
            elif t.kind == "punct" and t.value == ":" and mode == "pattern":
                mode = "type"
            elif t.kind == "punct" and t.value == "=" and angles <= 0:
                mode = "value"
            elif t.kind == "punct" and t.value == "," and angles <= 0:
                expect_name = True
            j += 1
        if public:
            for name in names:
                self.emit("var", name, scope)

    def read_case(self, i, end, scope):
        if scope.kind != "enum":
            self.warning(i, "'case' outside an enum")
            return
        j = i + 1
        expect_name = True
        while j < end:
            t = self.tokens[j]
            if expect_name:
                if t.kind != "id":
                    self.warning(j, "cannot read the name of an enum case")
                    return
                if scope.public:
                    self.emit("case", t.value, scope)
                expect_name = False
                j += 1
                continue
            if t.kind == "punct" and t.value in OPENERS:
                j = self.skip_balanced(j)
                continue
            if t.kind == "punct" and t.value == ",":
                expect_name = True
            j += 1


# ---------------------------------------------------------------------------------------------
# Sources


def git(source, *args):
    result = subprocess.run(["git", "-C", source] + list(args), stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)
    if result.returncode != 0:
        raise OSError("git %s: %s" % (" ".join(args), result.stderr.decode("utf-8", "replace").strip()))
    return result.stdout


def is_git_dir(path):
    """A bare repository or the .git folder of a checkout (not a work tree)."""
    return os.path.isfile(os.path.join(path, "HEAD")) and os.path.isdir(os.path.join(path, "objects"))


def swift_sources(source, ref):
    """Yields (relative path, text) of every Sources/**/*.swift file."""
    if ref is not None:
        listing = git(source, "ls-tree", "-r", "--name-only", "-z", ref, "--", "Sources")
        paths = [p for p in listing.decode("utf-8").split("\0")
                 if p.startswith("Sources/") and p.endswith(".swift")]
        for path in sorted(paths):
            yield path, git(source, "show", "%s:%s" % (ref, path)).decode("utf-8")
        return
    root = os.path.join(source, "Sources")
    found = []
    for folder, dirs, files in os.walk(root):
        dirs.sort()
        for name in files:
            if name.endswith(".swift"):
                full = os.path.join(folder, name)
                found.append(os.path.relpath(full, source).replace(os.sep, "/"))
    for path in sorted(found):
        with open(os.path.join(source, path), encoding="utf-8") as f:
            yield path, f.read()


def describe(source, ref):
    """(version, commit) of the sources, as far as they can be told."""
    version = commit = None
    git_ref = ref or "HEAD"
    try:
        if ref is None and not os.path.exists(os.path.join(source, ".git")):
            raise OSError("not a git checkout")
        commit = git(source, "rev-parse", "--verify", "--quiet", git_ref + "^{commit}").decode().strip()
        try:
            version = git(source, "describe", "--tags", "--exact-match", commit).decode().strip()
        except OSError:
            version = git(source, "describe", "--tags", "--always", commit).decode().strip()
        podspec = git(source, "show", "%s:Nivelir.podspec" % commit).decode("utf-8", "replace")
    except OSError:
        podspec = None
        path = os.path.join(source, "Nivelir.podspec")
        if os.path.isfile(path):
            with open(path, encoding="utf-8") as f:
                podspec = f.read()
    if podspec:
        m = re.search(r'\.version\s*=\s*"([^"]+)"', podspec)
        if m and version != m.group(1):
            version = m.group(1) if version is None else "%s (podspec %s)" % (version, m.group(1))
    return version or "unknown", commit or "unknown (not a git checkout)"


def collect(source, ref, warn):
    names = set()
    types = {}
    unavailable = 0
    files = 0
    for path, text in swift_sources(source, ref):
        files += 1
        try:
            reader = Reader(path, text, warn).read()
        except SwiftSyntaxError as e:
            warn("%s: cannot read the file: %s" % (path, e))
            continue
        for name, public in reader.types.items():
            types[name] = types.get(name, False) or public
        unavailable += reader.unavailable
        for kind, qual, extended in reader.names:
            names.add((kind, qual, path, extended))
    # A member of an extension of a type that Nivelir declares without making it public is
    # not public (nor anything nested in such an extension).
    result = set()
    for kind, qual, path, extended in names:
        if extended is not None:
            parts = extended.split(".")
            if any(types.get(".".join(parts[:k])) is False for k in range(1, len(parts) + 1)):
                continue
        result.add((kind, qual, path))
    return files, sorted(result), unavailable


def main(argv=None):
    parser = argparse.ArgumentParser(
        prog="scripts/nivelir-names",
        description="List every public name of Nivelir's sources: '<kind> <name> <file>' lines.")
    parser.add_argument("--source", required=True,
                        help="a Nivelir checkout (a folder with Sources/) or a git directory")
    parser.add_argument("--ref", help="the commit, tag or branch to read (git only; HEAD by default)")
    parser.add_argument("--no-header", action="store_true", help="print the names only")
    parser.add_argument("--summary", action="store_true",
                        help="print how many names of each kind on standard error")
    args = parser.parse_args(argv)

    source = args.source
    if not os.path.isdir(source):
        parser.error("--source %s is not a folder" % source)
    ref = args.ref
    if ref is None and is_git_dir(source) and not os.path.isdir(os.path.join(source, "Sources")):
        ref = "HEAD"

    warnings = []

    def warn(message):
        warnings.append(message)
        sys.stderr.write("warning: %s\n" % message)

    try:
        files, names, unavailable = collect(source, ref, warn)
    except (OSError, UnicodeDecodeError) as e:
        sys.stderr.write("error: %s\n" % e)
        return 2
    if files == 0:
        sys.stderr.write("error: no Sources/**/*.swift file in %s\n" % source)
        return 1

    out = sys.stdout
    if not args.no_header:
        version, commit = describe(source, ref)
        out.write("# Public names of Nivelir's sources (%d Sources/**/*.swift files): "
                  "'<kind> <qualified name> <file>', kind: type, case, func, init, var, subscript.\n"
                  % files)
        out.write("# Nivelir %s, commit %s.\n" % (version, commit))
        out.write("# Regenerate: scripts/nivelir-names --source <path to a Nivelir checkout> "
                  "> docs/nivelir-public-names.txt\n")
    for kind, qual, path in names:
        out.write("%s %s %s\n" % (kind, qual, path))

    if args.summary:
        counts = {}
        for kind, _, _ in names:
            counts[kind] = counts.get(kind, 0) + 1
        order = ["type", "case", "func", "init", "var", "subscript"]
        sys.stderr.write("%d names from %d files: %s; %d unavailable declarations left out; "
                         "%d warnings\n" % (
                             len(names), files,
                             ", ".join("%s %d" % (k, counts.get(k, 0)) for k in order),
                             unavailable, len(warnings)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
