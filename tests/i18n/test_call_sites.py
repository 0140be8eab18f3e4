"""Every place that asks for a text gives the values its message needs, by a key that exists.

The page's ``t("key", {...})``/``tNodes("key", {...})`` and Python's ``.t("key", name=...)``
(and the rules' ``phrase("describe.key", ...)``) are read from the source: the names a call
gives must cover the placeholders of the English message (a counted message needs ``count``
too), or the player reads "{name}". A key built from a template or an f-string is checked as a
pattern: some key matches it, and every key it matches needs no value the call does not give.
A call whose values cannot be read (a spread of unknown values) is counted, and kept few.

Around the calls: every key the code names anywhere exists, a key said with no values (the
page's ``data-i18n``, a help text, a key binding) needs none, and no English key is left that
nothing reads. (The refusals' ``error.*`` keys are checked where they are made: test_refusals.)
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest

from fivedice.i18n import PLACEHOLDER, SOURCE, box_key, catalog, preset_key
from fivedice.rules.presets import PRESETS

PACKAGE = Path(__file__).resolve().parents[2] / "src" / "fivedice"
SCRIPTS = PACKAGE / "web" / "js"
KEY = re.compile(r"[a-z0-9_]+(?:\.[a-z0-9_-]+)+")
"""A literal that is a catalog key: dotted lower-case words."""
WORD = "[a-z0-9_-]+"
"""One word of a built key, in a pattern."""
FILE_KINDS = {"tcss", "css", "js", "json", "py", "html", "png", "svg", "txt"}
"""The last words of literals that name a file (``"daily.tcss"``), not a key."""
MOST_UNKNOWABLE = 15
"""How many calls of one side may escape the check (their key or values are not in sight)."""


@dataclass(frozen=True)
class Call:
    """One request for a text: where it is, the keys it may ask for (literal keys, or patterns
    of a built key), and the names of the values it gives (None: not knowable)."""

    where: str
    keys: tuple[str, ...]
    patterns: tuple[str, ...]
    names: frozenset[str] | None


def needs(key: str) -> set[str]:
    """The values the English message of `key` needs: its placeholders (of every plural form),
    and ``count`` for a counted message."""
    message = catalog(SOURCE)[key]
    texts = message.values() if isinstance(message, dict) else [message]
    names = {name for text in texts for name in PLACEHOLDER.findall(text)}
    return names | {"count"} if isinstance(message, dict) else names


def matching(pattern: str) -> list[str]:
    """The English keys a built key's pattern (a regular expression) can be."""
    return [key for key in catalog(SOURCE) if re.fullmatch(pattern, key)]


# The page -------------------------------------------------------------------------------------


def blank(source: str) -> str:
    """The script with the insides of its strings, regular expressions and comments blanked
    (same length), so brackets and commas left are code; a template's ``${...}`` stays code."""
    out = list(source)
    i, n = 0, len(source)
    depth: list[int] = []  # brace depth where each open template's ${ began
    braces = 0
    last = ""  # the last code character, to tell a division from a regular expression

    def wipe(a: int, b: int) -> None:
        for j in range(a, b):
            if out[j] != "\n":
                out[j] = " "

    def template(j: int) -> int:
        """Blanks a template's text from `j` (after ` or }) up to its end or a ${."""
        while j < n:
            if source[j] == "\\":
                wipe(j, j + 2)
                j += 2
            elif source[j] == "`":
                return j + 1
            elif source.startswith("${", j):
                depth.append(braces)
                return j + 2
            else:
                wipe(j, j + 1)
                j += 1
        return j

    while i < n:
        c = source[i]
        if source.startswith("//", i):
            end = source.find("\n", i)
            end = n if end < 0 else end
            wipe(i, end)
            i = end
        elif source.startswith("/*", i):
            end = source.find("*/", i) + 2
            wipe(i, end)
            i = end
        elif c in "\"'":
            j = i + 1
            while source[j] != c:
                j += 2 if source[j] == "\\" else 1
            wipe(i + 1, j)
            i, last = j + 1, c
        elif c == "`":
            i, last = template(i + 1), "`"
        elif c == "/" and (
            last in "(,=:[!&|?{};+-*%<>~^" or re.search(r"\breturn\s*$", source[:i])
        ):
            j = i + 1
            klass = False
            while source[j] != "/" or klass:
                if source[j] == "\\":
                    j += 1
                elif source[j] == "[":
                    klass = True
                elif source[j] == "]":
                    klass = False
                j += 1
            wipe(i + 1, j)
            i, last = j + 1, "/"
        elif c == "}" and depth and depth[-1] == braces:
            depth.pop()
            i, last = template(i + 1), "`"
        else:
            braces += {"{": 1, "}": -1}.get(c, 0)
            if not c.isspace():
                last = c
            i += 1
    return "".join(out)


def split_top(code: str, text: str, sep: str = ",") -> list[tuple[int, int]]:
    """Spans of `text` split at top-level `sep` (brackets balanced in the blanked `code`)."""
    spans, level, start = [], 0, 0
    for j, c in enumerate(code):
        if c in "([{":
            level += 1
        elif c in ")]}":
            level -= 1
        elif c == sep and level == 0:
            spans.append((start, j))
            start = j + 1
    if text[start:].strip():
        spans.append((start, len(text)))
    return spans


def literals(text: str) -> list[str]:
    """The plain string literals of an expression."""
    return [a or b for a, b in re.findall(r'"([^"\\]*)"|\'([^\'\\]*)\'', text)]


class Script:
    """A page script, read for its calls of t() and tNodes()."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.text = path.read_text("utf-8")
        self.code = blank(self.text)

    def line(self, at: int) -> int:
        return self.text.count("\n", 0, at) + 1

    def closing(self, start: int) -> int:
        """The position of the bracket closing the one just before `start`."""
        level = 1
        for j in range(start, len(self.code)):
            level += {"(": 1, "[": 1, "{": 1, ")": -1, "]": -1, "}": -1}.get(self.code[j], 0)
            if level == 0:
                return j
        raise ValueError(f"{self.path.name}: unbalanced from line {self.line(start)}")

    def definition(self, name: str, before: int) -> tuple[int, int] | None:
        """The span of the value last given to `const`/`let name` before `before`."""
        found = None
        for match in re.finditer(
            rf"\b(?:const|let)\s+{re.escape(name)}\s*=\s*", self.code[:before]
        ):
            found = match.end()
        if found is None:
            return None
        level = 0
        for j in range(found, len(self.code)):
            c = self.code[j]
            if c in "([{":
                level += 1
            elif c in ")]}":
                level -= 1
            if level < 0 or (level == 0 and c in ";\n"):
                return found, j
        return found, len(self.code)

    def keys(self, a: int, b: int, seen: int = 0) -> tuple[list[str], list[str]] | None:
        """The literal keys and built-key patterns an expression can be (None: unknowable)."""
        text, code = self.text[a:b].strip(), self.code[a:b].strip()
        if re.fullmatch(r"[A-Za-z_$][\w$]*", text):
            span = self.definition(text, a)
            return self.keys(*span, seen + 1) if span and seen < 3 else None
        keys = [s for s in literals(text) if KEY.fullmatch(s)]
        patterns = [self.pattern(m.group(1)) for m in re.finditer(r"`((?:[^`\\]|\\.)*)`", text)]
        if not keys and not patterns and code:
            return None
        return keys, [p for p in patterns if p is not None]

    @staticmethod
    def pattern(template: str) -> str | None:
        """A built key's template as a regular expression: a ``${a ? "_x" : ""}`` is one of its
        strings, any other ``${...}`` one word of a key."""
        if not re.match(r"[a-z_]+\.", template):
            return None
        out, last = "", 0
        for sub in re.finditer(r"\$\{([^}]*)\}", template):
            out += re.escape(template[last : sub.start()])
            inner = sub.group(1)
            options = literals(inner)
            choice = "?" in inner and ":" in inner and len(options) >= 2
            out += "(?:" + "|".join(map(re.escape, options)) + ")" if choice else WORD
            last = sub.end()
        return out + re.escape(template[last:])

    def names(self, a: int, b: int, seen: int = 0) -> frozenset[str] | None:
        """The names of the values an object expression gives (None: unknowable)."""
        text, code = self.text[a:b], self.code[a:b]
        lead = len(text) - len(text.lstrip())
        text, code = text.strip(), code.strip()
        a += lead
        if re.fullmatch(r"[A-Za-z_$][\w$]*", text):
            span = self.definition(text, a)
            return self.names(*span, seen + 1) if span and seen < 3 else None
        if not (code.startswith("{") and code.endswith("}")):
            return None
        found: set[str] = set()
        for x, y in split_top(code[1:-1], text[1:-1]):
            entry = text[1:-1][x:y].strip()
            if entry.startswith("..."):
                inner = entry[3:].strip()
                if not re.fullmatch(r"[A-Za-z_$][\w$]*", inner):
                    return None
                span = self.definition(inner, a)
                spread = self.names(*span, seen + 1) if span and seen < 3 else None
                if spread is None:
                    return None
                found |= spread
            else:
                name = re.match(r"""["']?([A-Za-z_$][\w$]*)["']?\s*(?::|$)""", entry)
                if name is None:
                    return None
                found.add(name.group(1))
        return frozenset(found)

    def calls(self) -> Iterator[Call | str]:
        """Every call of t() and tNodes(): a :class:`Call`, or where one is unknowable."""
        for match in re.finditer(r"(?<![\w$.])(?<!function )(?:t|tNodes)\(", self.code):
            start = match.end()
            end = self.closing(start)
            where = f"{self.path.name}:{self.line(match.start())}"
            args = [
                (start + x, start + y)
                for x, y in split_top(self.code[start:end], self.text[start:end])
            ]
            if not args:
                continue
            keys = self.keys(*args[0])
            names = frozenset() if len(args) == 1 else self.names(*args[1])
            if keys is None:
                yield where
            else:
                yield Call(where, tuple(keys[0]), tuple(keys[1]), names)


@cache
def script_calls() -> tuple[list[Call], list[str]]:
    calls: list[Call] = []
    unknown: list[str] = []
    for path in sorted(SCRIPTS.glob("*.js")):
        for call in Script(path).calls():
            if isinstance(call, Call):
                calls.append(call)
            else:
                unknown.append(call)
    return calls, unknown


# Python ---------------------------------------------------------------------------------------


def fstring_pattern(node: ast.JoinedStr) -> str | None:
    """An f-string key as a regular expression (each ``{...}`` one word of a key)."""
    out = ""
    for part in node.values:
        if isinstance(part, ast.Constant) and isinstance(part.value, str):
            out += re.escape(part.value)
        else:
            out += WORD
    return out if re.match(r"[a-z_]+\\?\.", out) else None


class Module:
    """A Python module, read for its calls of ``.t()`` and ``phrase()``."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.tree = ast.parse(path.read_text("utf-8"))
        self.scopes: list[list[ast.AST]] = [
            list(ast.walk(n))
            for n in ast.walk(self.tree)
            if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef | ast.Module)
        ]

    def scope(self, node: ast.AST) -> list[ast.AST]:
        """The nodes of the innermost function (or the module) holding `node`."""
        holding = [nodes for nodes in self.scopes if node in nodes]
        return min(holding, key=len)

    def key_options(self, node: ast.expr, seen: int = 0) -> tuple[list[str], list[str]] | None:
        """The literal keys and patterns an expression can be (None: unknowable)."""
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            return ([node.value], []) if KEY.fullmatch(node.value) else None
        if isinstance(node, ast.JoinedStr):
            pattern = fstring_pattern(node)
            return ([], [pattern]) if pattern else None
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
            left = node.left
            if isinstance(left, ast.Constant) and isinstance(left.value, str) and "." in left.value:
                return [], [re.escape(left.value) + "[a-z0-9_.-]+"]
            return None
        if isinstance(node, ast.IfExp):
            body, orelse = self.key_options(node.body), self.key_options(node.orelse)
            if body is None or orelse is None:
                return None
            return body[0] + orelse[0], body[1] + orelse[1]
        if isinstance(node, ast.Name) and seen < 3:
            return self.named(node, seen)
        return None

    def named(self, name: ast.Name, seen: int) -> tuple[list[str], list[str]] | None:
        """What a name holding a key can be: its last assignment before the call, with any
        ``+= "_suffix"`` after it as an optional part."""
        nodes = self.scope(name)
        given = [
            n
            for n in nodes
            if isinstance(n, ast.Assign)
            and len(n.targets) == 1
            and isinstance(n.targets[0], ast.Name)
            and n.targets[0].id == name.id
            and n.lineno < name.lineno
        ]
        if not given:
            return None
        last = max(given, key=lambda n: n.lineno)
        found = self.key_options(last.value, seen + 1)
        suffixes = [
            n.value.value
            for n in nodes
            if isinstance(n, ast.AugAssign)
            and isinstance(n.target, ast.Name)
            and n.target.id == name.id
            and last.lineno < n.lineno < name.lineno
            and isinstance(n.value, ast.Constant)
            and isinstance(n.value.value, str)
        ]
        if found is None or not suffixes:
            return found
        tail = "".join(f"(?:{re.escape(s)})?" for s in suffixes)
        keys, patterns = found
        return [], [re.escape(k) + tail for k in keys] + [p + tail for p in patterns]

    def calls(self) -> Iterator[Call | str]:
        """Every ``.t(key, ...)`` and ``phrase(key, ...)``: a :class:`Call`, or where one is
        unknowable (a key from elsewhere)."""
        for node in ast.walk(self.tree):
            if not isinstance(node, ast.Call) or not node.args:
                continue
            func = node.func
            if not (
                (isinstance(func, ast.Attribute) and func.attr == "t")
                or (isinstance(func, ast.Name) and func.id == "phrase")
            ):
                continue
            where = f"{self.path.relative_to(PACKAGE)}:{node.lineno}"
            keys = self.key_options(node.args[0])
            if keys is None:
                yield where
            else:
                yield Call(where, tuple(keys[0]), tuple(keys[1]), self.names(node))

    def names(self, call: ast.Call) -> frozenset[str] | None:
        """The names of the values a call gives; a ``**spread`` of a dict written in the same
        function (or of a comprehension over one) is read too, any other is unknowable."""
        found: set[str] = set()
        for keyword in call.keywords:
            if keyword.arg is not None:
                found.add(keyword.arg)
                continue
            spread = keyword.value
            if isinstance(spread, ast.DictComp) and isinstance(spread.generators[0].iter, ast.Call):
                items = spread.generators[0].iter.func
                spread = items.value if isinstance(items, ast.Attribute) else spread
            keys = self.dict_keys(spread)
            if keys is None:
                return None
            found |= keys
        return frozenset(found)

    def dict_keys(self, node: ast.expr) -> set[str] | None:
        """The keys of a dict display, or of the one a name was last given in its function."""
        if isinstance(node, ast.Name):
            given = [
                n
                for n in self.scope(node)
                if isinstance(n, ast.Assign)
                and len(n.targets) == 1
                and isinstance(n.targets[0], ast.Name)
                and n.targets[0].id == node.id
                and n.lineno < node.lineno
            ]
            if not given:
                return None
            node = max(given, key=lambda n: n.lineno).value
        if not isinstance(node, ast.Dict):
            return None
        keys = {
            k.value for k in node.keys if isinstance(k, ast.Constant) and isinstance(k.value, str)
        }
        return keys if len(keys) == len(node.keys) else None


def module_calls(path: Path) -> Iterator[Call | str]:
    return Module(path).calls()


@cache
def python_calls() -> tuple[list[Call], list[str]]:
    calls: list[Call] = []
    unknown: list[str] = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for call in module_calls(path):
            if isinstance(call, Call):
                calls.append(call)
            else:
                unknown.append(call)
    return calls, unknown


# The checks -----------------------------------------------------------------------------------

SIDES = {"page": script_calls, "python": python_calls}


def problems(calls: list[Call]) -> list[str]:
    """What is wrong with the calls: a key English lacks, a pattern no key matches, a value a
    message needs that its call does not give. A key some call names literally is checked
    there, not where a key of its shape is built (that call is the fallback for the others)."""
    english = catalog(SOURCE)
    named = {key for call in calls for key in call.keys}
    found = []
    for call in calls:
        given = call.names
        checked = [key for key in call.keys if key in english]
        found += [f"{call.where}: no key {key}" for key in call.keys if key not in english]
        for pattern in call.patterns:
            keys = matching(pattern)
            if not keys:
                found.append(f"{call.where}: no key is {pattern}")
            checked += [key for key in keys if key not in named]
        for key in checked:
            if given is None:
                break  # values unknowable (counted by the next test)
            missing = needs(key) - given
            if missing:
                found.append(f"{call.where}: {key} needs {sorted(missing)}")
    return found


@pytest.mark.parametrize("side", list(SIDES))
def test_every_call_names_a_key_and_gives_its_values(side: str) -> None:
    calls, _ = SIDES[side]()
    assert len(calls) > 100, "the calls are read"
    found = problems(calls)
    assert not found, "\n".join(found)


@pytest.mark.parametrize("side", list(SIDES))
def test_few_calls_cannot_be_checked(side: str) -> None:
    """A call whose key or values are not in its source (the translating helpers themselves,
    keys read from a table) escapes the check: these stay few."""
    calls, unknown = SIDES[side]()
    unknowable = unknown + [c.where for c in calls if c.names is None]
    assert len(unknowable) <= MOST_UNKNOWABLE, unknowable


def named_keys() -> Iterator[tuple[str, str]]:
    """Every literal of the code that reads as a catalog key (a word of the catalogs, a dot,
    more words), wherever it stands: a key handed to a helper, kept in a table, set on a
    binding. Docstrings and comments aside."""
    prefixes = {key.split(".")[0] for key in catalog(SOURCE)}
    found: list[tuple[str, str]] = []
    for path in sorted(SCRIPTS.glob("*.js")):
        script = Script(path)
        for m in re.finditer(r"([\"'`])([a-z0-9_]+(?:\.[a-z0-9_-]+)+)\1", script.text):
            if script.code[m.start()] == m.group(1) and script.code[m.start() + 1] == " ":
                found.append((f"{path.name}:{script.line(m.start())}", m.group(2)))
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text("utf-8"))
        docs = {
            id(n.value)
            for n in ast.walk(tree)
            if isinstance(n, ast.Expr) and isinstance(n.value, ast.Constant)
        }
        for n in ast.walk(tree):
            if not isinstance(n, ast.Constant) or not isinstance(n.value, str):
                continue
            if id(n) not in docs and KEY.fullmatch(n.value):
                found.append((f"{path.relative_to(PACKAGE)}:{n.lineno}", n.value))
    for where, key in found:
        if key.split(".")[0] in prefixes:
            yield where, key


def test_every_key_the_code_names_exists() -> None:
    """A key named anywhere in the code is in the English catalog (or begins keys that the
    code completes, as ``"describe.joker.free"`` + ``"_upper_filled"``)."""
    english = catalog(SOURCE)
    keys = list(named_keys())
    assert len(keys) > 500, "the keys are read"
    missing = [
        (where, key)
        for where, key in keys
        if key not in english
        and not any(k.startswith(key) for k in english)
        and key.rsplit(".", 1)[1] not in FILE_KINDS
    ]
    assert missing == []


def test_the_reader_finds_what_is_wrong() -> None:
    """The reader of scripts sees a missing value, a shorthand, a spread and a built key."""
    source = (
        "const base = { a: 1 };\n"
        'const k = on ? "x.one" : "x.two";\n'
        't("x.one", { ...base, name });\n'
        't(k, { "b": `${"{"}`, c: f(1, 2) });\n'
        'tNodes(`x.${n ? "_y" : ""}z`, o); // t("x.nope")\n'
        'const r = /t\\("x\\.re"/; t("x.none")\n'
    )
    path = Path("case.js")
    script = Script.__new__(Script)
    script.path, script.text, script.code = path, source, blank(source)
    calls = list(script.calls())
    assert [(c.keys, c.names) for c in calls if isinstance(c, Call)] == [
        (("x.one",), frozenset({"a", "name"})),
        (("x.one", "x.two"), frozenset({"b", "c"})),
        ((), None),
        (("x.none",), frozenset()),
    ]
    built = [c for c in calls if isinstance(c, Call) and c.patterns]
    assert built[0].patterns == (r"x\.(?:_y|)z",)


def test_the_reader_of_python_finds_what_is_wrong(tmp_path: Path) -> None:
    module = tmp_path / "case.py"
    module.write_text(
        'w.t("a.b", name=1)\nw.t(f"a.{x}", count=2)\nw.t("a.c" if y else "a.d")\n'
        'w.t("a.e", **v)\nphrase("describe.x", n=1)\nw.t(key)\n'
    )
    global PACKAGE
    saved, PACKAGE = PACKAGE, tmp_path
    try:
        calls = list(module_calls(module))
    finally:
        PACKAGE = saved
    assert calls == [
        Call("case.py:1", ("a.b",), (), frozenset({"name"})),
        Call("case.py:2", (), (r"a\." + WORD,), frozenset({"count"})),
        Call("case.py:3", ("a.c", "a.d"), (), frozenset()),
        Call("case.py:4", ("a.e",), (), None),
        Call("case.py:5", ("describe.x",), (), frozenset({"n"})),
        "case.py:6",
    ]


def test_no_key_is_left_unused() -> None:
    """Every English key is read somewhere: named by the code or the page, or of the shape of
    a key the code builds; a box's by a rule set's box, a rule set's by a preset. (The refusals'
    keys are checked against the places that refuse, in test_refusals.)"""
    english = catalog(SOURCE)
    named = {key for _, key in named_keys()}
    page = (PACKAGE / "web" / "index.html").read_text("utf-8")
    named |= set(re.findall(r'data-i18n(?:-[a-z]+)?="([^"]+)"', page))
    patterns = {p for side in SIDES.values() for call in side()[0] for p in call.patterns}
    patterns -= {r"box\." + WORD, r"preset\." + WORD}
    named |= {box_key(box.label) for rules in PRESETS.values() for box in rules.categories}
    named |= {preset_key(name) for name in PRESETS}
    unused = [
        key
        for key in english
        if not key.startswith("error.")
        and key not in named
        and not any(re.fullmatch(p, key) for p in patterns)
    ]
    assert unused == []


def said_without_values() -> Iterator[tuple[str, str]]:
    """Keys that are said with no values at all: the page's ``data-i18n`` keys (translateTree),
    a command's or option's ``help=`` key (help_text), a key binding's description."""
    page = (PACKAGE / "web" / "index.html").read_text("utf-8")
    for key in re.findall(r'data-i18n(?:-[a-z]+)?="([^"]+)"', page):
        yield "index.html", key
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "id", getattr(node.func, "attr", ""))
            said = [k.value for k in node.keywords if k.arg in ("help", "description")]
            if name == "help_text" or (name == "Binding" and len(node.args) > 2):
                said.append(node.args[0] if name == "help_text" else node.args[2])
            for value in said:
                text = value.value if isinstance(value, ast.Constant) else None
                if isinstance(text, str) and KEY.fullmatch(text):
                    yield f"{path.relative_to(PACKAGE)}:{node.lineno}", text


def test_a_key_said_without_values_needs_none() -> None:
    english = catalog(SOURCE)
    said = list(said_without_values())
    assert len(said) > 50, "the keys are read"
    assert [(w, k) for w, k in said if k not in english or needs(k)] == []
