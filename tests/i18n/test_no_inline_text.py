"""No text a person reads is left inline in the code: the page's scripts and page, the terminal
game and the command line take their words from the catalogs, and every key they name exists.

"Text a person reads" is found by its shape: a literal of two or more words, or one capitalised
word, that is not a CSS class, a selector, an event, a storage key or the like (known by where
it stands). A line that holds such a literal for another reason says so with ``i18n: not text``.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from fivedice.i18n import SOURCE, catalog

PACKAGE = Path(__file__).resolve().parents[2] / "src" / "fivedice"
SCRIPTS = PACKAGE / "web" / "js"
EXEMPT = "i18n: not text"


PROSE = re.compile(r"[A-Za-z][a-z']+[ ,.:;!?()–-]+[A-Za-z][a-z']*|^[A-Z][a-z]{2,}[.!?]?$")
JS_LITERAL = re.compile(r'"((?:[^"\\\n]|\\.)*)"|\'((?:[^\'\\\n]|\\.)*)\'|`((?:[^`\\]|\\.)*)`')
# What stands before a literal that is not text: an attribute or option that names a thing,
# or a call that takes a name, selector, event or key.
JS_NOT_TEXT_BEFORE = re.compile(
    r"(?:\b(?:class|className|id|type|role|name|autocomplete|rel|inputmode|for|href|src|viewBox|"
    r"d|points|fill|stroke|method|mode|kind|accept|pattern|enterkeyhint|lang|dir|loading|"
    r"decoding|target|sizes|media)\s*:\s*"
    r"|\b(?:querySelector|querySelectorAll|closest|matches|add|remove|toggle|contains|"
    r"addEventListener|removeEventListener|getElementById|getAttribute|removeAttribute|"
    r"hasAttribute|createElement|createElementNS|startsWith|endsWith|getItem|setItem|removeItem|"
    r"dispatchEvent|CustomEvent|Event|postMessage|fetch|get|has|delete|import|log|warn|error|"
    r"debug|t|has|matchMedia)\(\s*"
    r"|setAttribute\(\s*[\"'][a-z-]+[\"'],\s*(?=[\"']?(?:true|false|[a-z-]*[\"']))"
    r"|\bsetAttribute\(\s*"
    r"|\bfrom\s+|\bimport\s+|===?\s*|!==?\s*|\bcase\s+)$"
)


def js_texts(path: Path) -> Iterator[tuple[int, str]]:
    """The literals of a script that read as text, with their line numbers."""
    source = path.read_text("utf-8")
    for match in JS_LITERAL.finditer(source):
        body = next(g for g in match.groups() if g is not None)
        text = re.sub(r"\$\{[^}]*\}", " ", body).strip()
        line_no = source.count("\n", 0, match.start()) + 1
        line = source.splitlines()[line_no - 1]
        if EXEMPT in line or line.lstrip().startswith(("//", "*", "/*")):
            continue
        before = source[max(0, match.start() - 80) : match.start()].split("\n")[-1]
        if JS_NOT_TEXT_BEFORE.search(before):
            continue
        if "{" in body and body.count("{") == body.count("}") and match.group(3) is None:
            continue  # a CSS rule or an SVG path written as a string
        if not_text(text):
            continue
        if is_text(text):
            yield line_no, text


def is_text(text: str) -> bool:
    """Two words or more, or one capitalised word: what a person reads."""
    prose = PROSE.search(text) is not None and not re.fullmatch(r"[\w.-]+", text)
    return prose or re.fullmatch(r"[A-Z][a-z]{2,}[.!?:]?", text) is not None


def not_text(text: str) -> bool:
    """Literals whose shape says they are no text: markup, addresses, selectors, class lists."""
    if text.startswith(("<", "/", ".", "#", "data:", "http", "[", "img/")) or "://" in text:
        return True
    tokens = text.split()
    return (
        len(tokens) > 1
        and all(re.fullmatch(r"[a-z0-9:-]+", t) for t in tokens)
        and any("-" in t or ":" in t for t in tokens)
    )


def js_keys(path: Path) -> Iterator[tuple[int, str]]:
    """The keys a script names in plain ``t("key")`` and ``tNodes("key")`` calls (every call,
    Python's too, with the values each gives: test_call_sites)."""
    source = path.read_text("utf-8")
    for match in re.finditer(r"\b(?:t|tNodes)\(\s*\"([a-z0-9_.-]+)\"", source):
        yield source.count("\n", 0, match.start()) + 1, match.group(1)


def scripts() -> list[Path]:
    return sorted(p for p in SCRIPTS.glob("*.js") if p.name != "i18n.js")


@pytest.mark.parametrize("path", scripts(), ids=lambda p: p.name)
def test_a_script_has_no_inline_text(path: Path) -> None:
    assert list(js_texts(path)) == [], f"{path.name}: text outside the catalogs"


@pytest.mark.parametrize("path", scripts(), ids=lambda p: p.name)
def test_every_key_a_script_names_exists(path: Path) -> None:
    english = catalog(SOURCE)
    assert [(n, k) for n, k in js_keys(path) if k not in english] == []


def test_the_page_has_no_inline_text() -> None:
    """The page's fixed text carries ``data-i18n`` keys (its English stays for the first paint)."""
    page = (PACKAGE / "web" / "index.html").read_text("utf-8")
    english = catalog(SOURCE)
    keys = re.findall(r'data-i18n(?:-[a-z]+)?="([^"]+)"', page)
    assert keys and [k for k in keys if k not in english] == []
    # Without JavaScript no catalog can be read: the <noscript> line stays in English.
    body = re.sub(r"<noscript>.*?</noscript>", "", page.split("<body>", 1)[1], flags=re.S)
    for element in re.finditer(
        r"<(a|span|button|label|p|h\d|option)\b([^>]*)>([^<]*[A-Za-z][^<]*)<", body
    ):
        attrs, text = element.group(2), element.group(3).strip()
        assert "data-i18n=" in attrs or text in ("fivedice", "?"), f"inline: {text!r}"


# The terminal game and the command line -------------------------------------------------------

FACES = [PACKAGE / "cli", PACKAGE / "tui"]
LOG_CALLS = {"debug", "info", "warning", "error", "exception", "critical", "getLogger", "t", "has"}


def py_texts(path: Path) -> Iterator[tuple[int, str]]:
    """The string literals of a module that read as text (docstrings, log lines, catalog keys
    and option names aside), with their line numbers."""
    source = path.read_text("utf-8")
    tree = ast.parse(source)
    lines = source.splitlines()
    skip: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
            skip.add(id(node.value))  # a docstring, of a module, class, function or name
        if isinstance(node, ast.Call):
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            if name in LOG_CALLS:
                skip.update(id(n) for n in ast.walk(node))
    for node in ast.walk(tree):
        if (
            not isinstance(node, ast.Constant)
            or not isinstance(node.value, str)
            or id(node) in skip
        ):
            continue
        text = re.sub(r"\[/?[a-z ]*\]", " ", node.value).strip()  # Rich markup is no text
        if EXEMPT in lines[node.lineno - 1] or not_text(text) or text.startswith("-"):
            continue
        if is_text(text):
            yield node.lineno, text


def faces() -> list[Path]:
    return sorted(p for folder in FACES for p in folder.rglob("*.py"))


@pytest.mark.parametrize("path", faces(), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_a_face_module_has_no_inline_text(path: Path) -> None:
    name = str(path.relative_to(PACKAGE))
    assert list(py_texts(path)) == [], f"{name}: text outside the catalogs"
